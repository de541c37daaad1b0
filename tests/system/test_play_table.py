"""The card table of /play in a real browser (headless Chromium): cards drawn as the service draws
them, your hand grouped by the melds the analysis finds, the card just drawn marked, only the
moves the service offers enabled, your own refused move explained in full (one notation, the
rule linked once, no JSON pointer) and forgotten after a legal one, the spreads and the score
sheet readable on a phone, an icon.

Screenshots of a refusal, a knock and the score sheet, at a desktop's width and a phone's, go to
``$GINRULES_ARTIFACTS`` (the README's pictures in docs/screenshots/ are these).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
import requests

from ginrules.api.play import deck_faces
from ginrules.package_data import example_logs

from tests.api import rewrite
from .test_play import _hand, _page, _saved_game, _state, artifacts, browser, words  # noqa: F401

DESKTOP, PHONE = (1100, 900), (390, 844)
CODE = re.compile(r"\b[A2-9TJQK][SHDC]\b")
"""A card code as the service writes it: the page says every card in words instead."""


def _renamed(name: str, you: str, bot: str = "simple") -> dict:
    """An example log with one player called "you" and the other named after a bot, as /play
    keeps a game."""
    text = json.dumps(example_logs()[name])
    return json.loads(text.replace(f'"{you}"', '"you"').replace(
        f'"{"bob" if you == "ann" else "ann"}"', f'"{bot}"'))


def twenty_four_deadwood() -> dict:
    """A game where you drew K\u2666 from the stock to a hand of two runs and 9\u2663 8\u2666
    5\u2663 2\u2666: your best discard leaves 24 deadwood, over the knock limit (R-5.1)."""
    mine = ["AS", "2S", "3S", "4H", "5H", "6H", "9C", "8D", "5C", "2D"]
    rest = [card for card in rewrite.ORDER if card not in mine + ["JH", "KD"]]
    deal = {"dealer": "simple", "hands": {"you": mine, "simple": rest[:10]}, "upcard": "JH",
            "stock": ["KD", *rest[10:]],
            "actions": [{"player": "you", "action": "pass"}, {"player": "simple", "action": "pass"},
                        {"player": "you", "action": "draw", "source": "stock"}]}
    return {"format": "ginrules-log/1", "rules": {"preset": "standard"},
            "players": ["you", "simple"], "rounds": [deal]}


def _drawing(svg: str) -> list:
    """What an SVG draws: each element's tag, attributes and text, in document order."""
    return [(node.tag, sorted(node.attrib.items()), (node.text or "").strip())
            for node in ET.fromstring(svg).iter()]


def _visible_text(page, selector: str = "#play") -> str:
    return page.eval_on_selector(selector, "node => node.innerText")


def _shoot(page, artifacts, name: str, selector: str = "#play-view") -> None:  # noqa: F811
    page.locator(selector).screenshot(path=str(artifacts / name))


@pytest.mark.server
def test_a_hand_over_the_knock_limit_is_grouped_by_its_melds_and_offers_no_knock(server, browser):  # noqa: F811
    log = twenty_four_deadwood()
    page, errors = _saved_game(browser, server, log)
    assert _state(page) == "discard"
    reply = requests.post(server + "/v1/games/replay", json={**log, "view": "you"},
                          timeout=30).json()
    cards = reply["next"]["hands"]["you"]
    analysis = requests.get(f"{server}/v1/hands/{','.join(cards)}/analysis", timeout=10).json()
    assert analysis["deadwood_count"] == 24 and analysis["discard"] == "KD"
    assert not any(action["action"] == "knock" for action in reply["next"]["legal_actions"])
    # Cards drawn as cards: each a face the service draws (the deck's picture), none as text.
    pictures = {face["card"]: face["picture"] for face in deck_faces()}
    faces = page.eval_on_selector_all("#play-hand .card", "cards => cards.map(card => "
                                      "[card.dataset.card, card.querySelector('svg').outerHTML])")
    assert sorted(card for card, _ in faces) == sorted(cards)
    for card, svg in faces:
        assert _drawing(svg) == _drawing(pictures[card]), card
    # The hand grouped as the analysis melds it, the rest apart.
    groups = page.eval_on_selector_all("#play-hand .cards", "groups => groups.map(group => "
                                       "[group.dataset.kind, [...group.querySelectorAll('.card')]"
                                       ".map(card => card.dataset.card)])")
    assert groups[:-1] == [["meld", meld["cards"]] for meld in analysis["melds"]]
    assert groups[-1][0] == "deadwood"
    assert sorted(groups[-1][1]) == sorted([*analysis["deadwood"], analysis["discard"]])
    assert "deadwood 24" in page.text_content("#play-mine-title")
    # The card just drawn from the stock is marked (the log names no card: the page finds it).
    assert page.eval_on_selector_all("#play-hand [data-mark]", "cards => cards.map(c => "
                                     "[c.dataset.card, c.dataset.mark])") == [["KD", "drawn"]]
    # No knock is offered, so Knock stays disabled, whatever card is picked; Discard follows.
    assert page.is_disabled("#play-knock") and page.is_disabled("#play-discard-card")
    for card in ("KD", "9C", "AS"):
        page.click(f'#play-hand button[data-card="{card}"]')
        picked = page.get_attribute(f'#play-hand button[data-card="{card}"]', "aria-pressed")
        assert picked == "true"
        assert page.is_disabled("#play-knock") and page.is_enabled("#play-discard-card")
    assert page.locator("#play-hand .can-knock").count() == 0
    assert page.is_hidden("#play-melds-box") and page.is_hidden("#play-pass")
    assert errors == []


def _refuse_then_knock(page, server, artifacts, width: str) -> None:  # noqa: F811
    """Your knock with a wrong arrangement (typed with suit signs, which the service reads too,
    R-1.4) is refused with its full reason; then the knock the service arranges is kept, and
    the box goes."""
    page.fill("#play-melds", "8\u2660 8\u2665 6\u2663")
    page.click('#play-hand button[data-card="KD"]')
    page.click("#play-knock")
    page.wait_for_selector("#play-refusal:not([hidden])")
    refusal = page.text_content("#play-refusal")
    # Your own move: the full reason (your cards are yours), in words, the rule linked once.
    assert "Refused: you knock, discarding K\u2666." in refusal
    assert "8\u2660 8\u2665 6\u2663 is not a meld" in refusal
    assert not CODE.search(refusal) and "/rounds/" not in refusal
    assert refusal.count("R-2.2") == 1 and refusal.count("R-2.1") == 1
    assert page.get_attribute("#play-refusal a[href$='R-2.2']", "href") == "/rules#R-2.2"
    assert not CODE.search(_visible_text(page))
    _shoot(page, artifacts, f"play-refusal-{width}.png")
    page.fill("#play-melds", "")
    page.click("#play-knock")
    assert _state(page) in ("deal", "over")
    assert page.locator("#play-refusal").is_hidden()
    page.wait_for_selector("#play-round .spread")
    spread = page.locator("#play-round .spread")
    # Your ten cards and the discard, and the card simple laid off on your meld, marked.
    assert spread.locator('[data-player="you"] .card:not([data-mark])').count() == 11
    assert spread.locator('[data-player="you"] .card[data-mark="layoff"]').count() == 1
    assert not CODE.search(_visible_text(page))
    _shoot(page, artifacts, f"play-knock-{width}.png")


def _readable_on_a_phone(page, selector: str) -> None:
    """Nothing in ``selector`` reaches past the screen, and every word outside the cards (SVG
    text included, as drawn after any scaling) stands at least 12 px high."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    boxes = page.eval_on_selector(selector, """node => {
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        const boxes = [];
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          if (!text.textContent.trim() || text.parentElement.closest('.card')) continue;
          const range = document.createRange();
          range.selectNodeContents(text);
          const box = range.getBoundingClientRect();
          if (box.width) boxes.push([text.textContent.trim().slice(0, 30), box.height, box.right]);
        }
        return boxes; }""")
    assert len(boxes) > 5
    unreadable = [box for box in boxes if box[1] < 12 or box[2] > PHONE[0]]
    assert not unreadable, unreadable


@pytest.mark.server
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_your_wrong_meld_is_refused_in_full_and_forgotten_once_you_knock(
        server, browser, artifacts, size):  # noqa: F811
    log = _renamed("game-awaiting-lay-down", you="bob")
    del log["rounds"][-1]["actions"][-1]  # you drew 5D and may knock, discarding KD
    page, errors = _page(browser, *size)
    page.goto(server + "/play")
    page.evaluate("log => localStorage.setItem('ginrules-play/1', JSON.stringify("
                  "{log, seed: 1, bot: 'simple'}))", log)
    page.reload()
    assert _state(page) == "discard"
    assert page.get_attribute('#play-hand [data-mark]', "data-card") == "5D"  # taken
    _refuse_then_knock(page, server, artifacts, "desktop" if size == DESKTOP else "phone")
    if size == PHONE:
        _readable_on_a_phone(page, "#play-round")
    assert errors == []


@pytest.mark.server
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_score_sheet_of_a_whole_game(server, browser, artifacts, size):  # noqa: F811
    log = _renamed("game", you="ann")
    final = requests.post(server + "/v1/games/replay", json=log, timeout=30).json()
    assert final["complete"]
    page, errors = _page(browser, *size)
    page.goto(server + "/play")
    page.evaluate("log => localStorage.setItem('ginrules-play/1', JSON.stringify("
                  "{log, seed: 1, bot: 'simple'}))", log)
    page.reload()
    assert _state(page) == "over"
    page.wait_for_selector("#play-round .spread")
    page.wait_for_selector("#play-scores svg polyline")
    winner = "you win" if final["winner"] == "you" else f"{final['winner']} wins"
    assert f"Game over: {winner}" in page.text_content("#play-game-result")
    rows = page.locator("#play-totals tbody tr")
    assert rows.count() == len(final["rounds"])
    assert rows.last.locator("td").all_text_contents()[2:] == [
        str(final["totals"][player]) for player in log["players"]]
    assert not CODE.search(_visible_text(page))
    if size == PHONE:
        _readable_on_a_phone(page, "#play-round")
        _readable_on_a_phone(page, "#play-scores")
    _shoot(page, artifacts, f"play-score-sheet-{'desktop' if size == DESKTOP else 'phone'}.png")
    assert errors == []


@pytest.mark.server
def test_the_page_has_an_icon_and_asks_for_nothing_it_lacks(server, browser):  # noqa: F811
    page, errors = _page(browser)
    answered: list[tuple[str, int]] = []
    page.on("response", lambda response: answered.append((response.url, response.status)))
    page.goto(server + "/play")
    page.wait_for_function("document.querySelectorAll('#deck button').length === 52")
    href = page.get_attribute("link[rel=icon]", "href")
    icon = requests.get(server + href, timeout=10)
    assert icon.status_code == 200 and icon.headers["Content-Type"].startswith("image/svg+xml")
    assert "<svg" in icon.text and 'aria-label="A\u2660"' in icon.text
    assert all(status < 400 for _, status in answered), answered
    loaded = {url[len(server):] for url, _ in answered}
    assert {"/play", "/play/main.js", "/play/common.js", "/play/player.js"} <= loaded
    assert errors == []
