"""The rules and the game-log format: shipped, served, anchored, and linked from every rule id."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from ginrules.conformance import load_cases

from testkit import ROOT
from tests.conformance.test_conformance import _rule_ids

RULE_LITERAL = re.compile(r"[\"'](R-\d+(?:\.\d+)?)[\"']")


class _Page(HTMLParser):
    """The ids, links and external references of an HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []
        self.external: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        for name in ("src", "href"):
            if tag != "a" and attrs.get(name):
                self.external.append(attrs[name])


def _page(client, path: str) -> _Page:
    response = client.get(path)
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = _Page()
    page.feed(response.get_data(as_text=True))
    return page


def _emitted_rule_ids() -> set[str]:
    """Every rule id written as a string literal in the service's code."""
    return {match for path in (ROOT / "service" / "ginrules").rglob("*.py")
            for match in RULE_LITERAL.findall(path.read_text(encoding="utf-8"))}


def test_every_rule_of_sections_1_to_10_has_an_anchor_on_the_rules_page(client):
    ids = set(_page(client, "/rules").ids)
    missing = (_rule_ids() | {f"R-{n}" for n in range(1, 11)}) - ids
    assert not missing, sorted(missing)


def test_every_rule_id_the_code_or_the_corpus_cites_has_an_anchor(client):
    cited = _emitted_rule_ids() | {rule for case in load_cases() for rule in case.rule}
    assert {"R-1.5", "R-4.3", "R-10"} <= cited
    missing = cited - set(_page(client, "/rules").ids)
    assert not missing, sorted(missing)


def test_anchors_are_unique_and_the_pages_need_no_external_assets(client):
    for path in ("/rules", "/gamelog"):
        page = _page(client, path)
        assert len(page.ids) == len(set(page.ids)), path
        assert page.external == [], path
        assert all(not link.startswith(("http:", "https:", "//")) for link in page.links), path


def test_rule_ids_in_the_text_link_to_their_anchor(client):
    rules = _page(client, "/rules")
    assert "#R-1.2" in rules.links and "#R-7.6" in rules.links  # cited by other rules
    assert all(link[1:] in rules.ids for link in rules.links if link.startswith("#"))
    gamelog = _page(client, "/gamelog")
    assert "/rules#R-4.2" in gamelog.links
    assert all(link.split("#")[1] in rules.ids for link in gamelog.links
               if link.startswith("/rules#"))


def test_r10_every_option_the_service_accepts_is_in_the_rules_text(client):
    from ginrules.rules import OPTION_NAMES

    text = client.get("/rules.md").get_data(as_text=True)
    table = text[text.index("### The options and their ranges"):]
    missing = [name for name in OPTION_NAMES if f"| `{name}` |" not in table]
    assert not missing, missing
    # A rule still to come says so in its heading.
    if "## Planned rules" in text:
        planned = text[text.index("## Planned rules"):]
        assert all(line.endswith("(planned)") for line in planned.splitlines()
                   if line.startswith("### "))


def test_r2_7_round_the_corner_is_a_rule_of_section_r2_with_its_options(client):
    text = client.get("/rules.md").get_data(as_text=True)
    section = text[text.index("## R-2 "):text.index("## R-3 ")]
    assert "### R-2.7 Round the corner\n" in section
    assert "## Planned rules" not in text  # every rule of the spec is played now
    options = text[text.index("### The options and their ranges"):]
    assert "| `round_the_corner` | true or false | false | R-2.7 |" in options
    assert "| `ace_deadwood_value` | integer 1 to 15 | 1 | R-2.7 |" in options


def test_the_markdown_sources_are_served_as_shipped(client):
    for path, source in (("/rules.md", "rules.md"), ("/gamelog.md", "gamelog.md")):
        response = client.get(path)
        assert response.status_code == 200 and response.mimetype == "text/markdown"
        assert response.get_data(as_text=True) == (ROOT / "docs" / source).read_text("utf-8")


def test_the_gamelog_text_states_that_indexes_follow_the_clients_lists(client):
    text = client.get("/gamelog.md").get_data(as_text=True)
    assert "as the client wrote it" in text
    assert "in the client's order" in text


def test_every_rule_url_of_a_problem_resolves_to_an_anchor(client):
    ids = set(_page(client, "/rules").ids)
    reply = client.post("/v1/hands/analyze",
                        json={"hand": ["AS", "1S", "as"], "rules": {"knock_limit": 200}})
    errors = reply.get_json()["errors"]
    with_rules = [e for e in errors if "rule" in e]
    assert {e["rule"] for e in with_rules} >= {"R-1.4", "R-1.5", "R-10"}
    for error in with_rules:
        assert error["rule_url"] == "/rules#" + error["rule"]
        assert error["rule_url"].split("#")[1] in ids


def test_every_rule_url_of_a_violation_resolves_to_an_anchor(client):
    ids = set(_page(client, "/rules").ids)
    knock = client.post("/v1/knock", json={
        "hand": ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "TC", "KC"],
        "discard": "KC", "taken_card": "KC"}).get_json()
    assert knock["legal"] is False and knock["violations"]
    for violation in knock["violations"]:
        assert violation["rule_url"] == "/rules#" + violation["rule"]
        assert violation["rule"] in ids
    from testkit.generator import random_game

    log = random_game(5, "standard")
    actions = log["rounds"][0]["actions"]
    actions.insert(1, dict(actions[0]))  # the same player acts twice: out of turn
    replay = client.post("/v1/games/replay", json=log).get_json()
    assert replay["valid"] is False
    violation = replay["violations"][0]
    assert violation["rule_url"] == "/rules#" + violation["rule"] and violation["rule"] in ids


def test_the_contract_and_the_docs_page_link_the_rules(client):
    contract = client.get("/openapi.yaml").get_data(as_text=True)
    assert "[/rules](/rules)" in contract and "[/gamelog](/gamelog)" in contract
    # The Swagger page renders the contract's description, which carries the links.
    assert client.get("/docs/").status_code == 200
