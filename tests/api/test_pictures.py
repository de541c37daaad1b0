"""Pictures: a hand (GET /v1/hands/{hand}/image.svg) and a settled round
(POST /v1/rounds/score/image.svg) drawn as SVG cards, with their text alternatives."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
ELEVEN = "5S,6S,7S,8S,7H,7D,7C,2H,3C,9D,KD"
LAYOFFS = {
    "knocker": {"hand": ["5S", "6S", "7S", "9H", "9D", "9C", "KH", "KD", "KC", "AS"],
                "discard": "QC", "melds": [["KH", "KD", "KC"], ["9H", "9D", "9C"],
                                           ["5S", "6S", "7S"]]},
    "defender": {"hand": ["4S", "3S", "8S", "9S", "QD", "JC", "2H", "TH", "2D", "4D"]},
}


def _svg(reply) -> ET.Element:
    assert reply.status_code == 200, reply.data[:300]
    assert reply.mimetype == "image/svg+xml"
    return ET.fromstring(reply.data)


def _groups(root: ET.Element) -> list[tuple[str, list[tuple[str, str]]]]:
    """Each group of cards drawn, in order: its caption and its (card, mark) pairs."""
    return [(group.get("data-caption"),
             [(card.get("data-card"), card.get("data-mark", "")) for card in
              group.iter(SVG + "g") if card.get("class") == "card"])
            for group in root.iter(SVG + "g") if group.get("class") == "group"]


def test_the_hand_picture_groups_the_optimal_melds_and_sets_the_deadwood_and_discard_apart(client):
    analysis = client.get(f"/v1/hands/{ELEVEN}/analysis").get_json()
    groups = _groups(_svg(client.get(f"/v1/hands/{ELEVEN}/image.svg")))
    assert [[card for card, _ in cards] for _, cards in groups] == [
        *(meld["cards"] for meld in analysis["melds"]), analysis["deadwood"], [analysis["discard"]]]
    assert [caption for caption, _ in groups] == ["run of 4", "set of 3", "deadwood 14",
                                                  "best discard"]
    assert groups[-1][1] == [("KD", "discard")]
    assert all(mark == "" for _, cards in groups[:-1] for _, mark in cards)


def test_the_hand_picture_has_its_text_alternative(client):
    root = _svg(client.get(f"/v1/hands/{ELEVEN}/image.svg"))
    title = root.find(SVG + "title").text
    assert root.get("role") == "img" and root.get("aria-label") == title
    assert title == ("Hand of 11 cards: deadwood 14, cannot knock (limit 10), "
                     "best discard K\u2666")
    desc = root.find(SVG + "desc")
    assert root.get("aria-describedby") == desc.get("id")
    assert desc.text == ("run 5\u2660 6\u2660 7\u2660 8\u2660; set 7\u2665 7\u2666 7\u2663; "
                         "deadwood 2\u2665 9\u2666 3\u2663 counting 14; best discard K\u2666.")


def test_a_gin_hand_is_drawn_with_no_deadwood_group(client):
    root = _svg(client.get("/v1/hands/AS,2S,3S,4H,5H,6H,7D,8D,9D,TD/image.svg"))
    assert "gin" in root.find(SVG + "title").text
    assert [caption for caption, _ in _groups(root)] == ["run of 3", "run of 3", "run of 4"]


def test_the_picture_scales_and_loads_no_font_or_asset(client):
    reply = client.get(f"/v1/hands/{ELEVEN}/image.svg")
    root = _svg(reply)
    assert re.fullmatch(r"0 0 \d+ \d+", root.get("viewBox"))
    text = reply.get_data(as_text=True)
    assert "<image" not in text and "@import" not in text and "@font-face" not in text
    assert re.findall(r'href="([^"]+)"', text) and all(
        href.startswith("#suit-") for href in re.findall(r'href="([^"]+)"', text))
    assert set(re.findall(r'font-family="([^"]+)"', text)) == {"system-ui, sans-serif"}


def test_the_hand_picture_is_cached_like_the_analysis_with_its_own_etag(client):
    first = client.get(f"/v1/hands/{ELEVEN}/image.svg")
    assert first.headers["Cache-Control"] == "public, max-age=86400"
    etag = first.headers["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag)
    assert etag != client.get(f"/v1/hands/{ELEVEN}/analysis").headers["ETag"]
    reordered = ",".join(reversed(ELEVEN.replace("TS", "10s").split(",")))
    assert client.get(f"/v1/hands/{reordered}/image.svg").headers["ETag"] == etag
    again = client.get(f"/v1/hands/{reordered}/image.svg", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag
    other = client.get(f"/v1/hands/{ELEVEN}/image.svg?knock_limit=5")
    assert other.headers["ETag"] != etag


def test_the_hand_picture_takes_the_rules_and_faults_of_the_analysis_query(client):
    root = _svg(client.get("/v1/hands/5S,6S,7S,7H,7D,7C,2H,3C,9D,KD/image.svg?knock_limit=0"))
    assert root.find(SVG + "title").text.endswith("cannot knock (limit 0)")
    unknown = client.get(f"/v1/hands/{ELEVEN}/image.svg?colour=red")
    assert unknown.status_code == 400 and unknown.get_json()["errors"][0]["pointer"] == "?colour"
    for query in ("?knock_limit=200", "?preset=nope"):
        picture = client.get(f"/v1/hands/AS,AS/image.svg{query}")
        analysis = client.get(f"/v1/hands/AS,AS/analysis{query}")
        assert picture.status_code == analysis.status_code == 422
        assert picture.get_json()["errors"] == analysis.get_json()["errors"]


def test_the_round_picture_attaches_each_layoff_to_the_meld_it_extends(client):
    score = client.post("/v1/rounds/score", json=LAYOFFS).get_json()
    assert score["defender"]["layoffs"] == [
        {"card": "4S", "meld": 2}, {"card": "3S", "meld": 2}, {"card": "8S", "meld": 2},
        {"card": "9S", "meld": 1}]
    groups = dict(_groups(_svg(client.post("/v1/rounds/score/image.svg", json=LAYOFFS))))
    # Declared melds keep the client's order; layoffs sit on the ends they extend.
    assert list(groups)[:3] == ["set of 3", "set of 3 + 1 laid off", "run of 3 + 3 laid off"]
    assert groups["run of 3 + 3 laid off"] == [
        ("3S", "layoff"), ("4S", "layoff"), ("5S", ""), ("6S", ""), ("7S", ""), ("8S", "layoff")]
    assert groups["set of 3 + 1 laid off"] == [("9H", ""), ("9D", ""), ("9C", ""),
                                               ("9S", "layoff")]
    assert groups["deadwood 1"] == [("AS", "")] and groups["discard"] == [("QC", "discard")]
    assert [card for card, _ in groups["deadwood 38"]] == score["defender"]["deadwood"]


def test_the_round_picture_names_the_outcome_and_the_score_with_its_rules(client):
    root = _svg(client.post("/v1/rounds/score/image.svg", json=LAYOFFS))
    assert root.find(SVG + "title").text == "Knock: knocker wins 37" == root.get("aria-label")
    words = [text.text for text in root.iter(SVG + "text")]
    assert "Score: deadwood difference 37 (R-7.1)" in words
    desc = root.find(SVG + "desc").text
    assert "layoffs: 4\u2660 on the knocker's meld 3; 3\u2660 on the knocker's meld 3" in desc


def test_an_undercut_picture_gives_each_term_of_the_score(client):
    body = {"knocker": {"hand": ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "TC"],
                        "discard": "KC"},
            "defender": {"hand": ["AH", "2H", "3H", "4D", "5D", "6D", "7C", "8C", "9C", "AC"]}}
    score = client.post("/v1/rounds/score", json=body).get_json()
    assert score["outcome"] == "undercut"
    root = _svg(client.post("/v1/rounds/score/image.svg", json=body))
    assert root.find(SVG + "title").text == f"Undercut: defender wins {score['points']}"
    terms = " + ".join(f"{t['term']} {t['points']} ({t['rule']})" for t in score["breakdown"])
    assert f"Score: {terms}" in [text.text for text in root.iter(SVG + "text")]


def test_the_round_picture_refuses_what_the_round_score_refuses(client):
    bad = {"knocker": {"hand": ["AS", "AS"]}, "defender": {"hand": ["2S"]}}
    picture = client.post("/v1/rounds/score/image.svg", json=bad)
    score = client.post("/v1/rounds/score", json=bad)
    assert picture.status_code == score.status_code == 422
    assert picture.get_json()["errors"] == score.get_json()["errors"]
    assert client.post("/v1/rounds/score/image.svg", json={"knocker": 1}).status_code == 400
    assert client.get("/v1/rounds/score/image.svg").status_code == 405


def test_one_card_alone_is_drawn_as_in_the_hand_picture(client):
    from ginrules.api.pictures import card_svg
    root = _svg(client.get(f"/v1/hands/{ELEVEN}/image.svg"))
    drawn = {card.get("data-card"): card for card in root.iter(SVG + "g")
             if card.get("class") == "card"}
    for code in ("7H", "9D", "5S"):
        alone = ET.fromstring(card_svg(code))
        inner = [ET.tostring(child) for child in alone]
        in_hand = [ET.tostring(child) for child in drawn[code] if child.tag != SVG + "title"]
        assert inner == in_hand, code
        assert alone.get("aria-hidden") == "true"
        # Standalone (the page's icon), it carries its own suits and its words.
        icon = ET.fromstring(card_svg(code, standalone=True))
        assert {symbol.get("id") for symbol in icon.iter(SVG + "symbol")} == {
            "suit-S", "suit-H", "suit-D", "suit-C"}
        assert icon.get("role") == "img"
        assert icon.get("aria-label") in ("7\u2665", "9\u2666", "5\u2660")
