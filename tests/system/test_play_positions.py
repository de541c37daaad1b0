"""The /play game viewer in a real browser (headless Chromium) draws each position from the
service's replies alone: the engine's discard pile, the hands and their sizes, and the cards of
a log in any notation (R-1.4) as their canonical codes.  The page itself knows no rule."""

from __future__ import annotations

import json
import random
import re

import pytest
import requests

from ginrules.api.play import MODULES, module_text
from ginrules.package_data import example_logs

from tests.api import rewrite
from tests.api.test_replay_positions import LIMIT_3, limit_ending_log, simulate, spelled

from .test_cors_browser import launched_chromium

SCRIPT = "\n".join(module_text(name) for name in MODULES)


@pytest.fixture(scope="module")
def browser():
    with launched_chromium() as chromium:
        yield chromium


def _page(browser):
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def _open(page, server, log) -> int:
    """Paste a log into the viewer; the number of its last step."""
    page.goto(server + "/play")
    page.click("summary")
    page.fill("#game-text", json.dumps(log))
    page.click("#game-paste")
    page.wait_for_selector("#step-caption:text('Move 0 of')")
    return int(page.get_attribute("#step-range", "max"))


def _step(page, step: int, last: int) -> None:
    page.eval_on_selector("#step-range", "(range, step) => { range.value = String(step); "
                          "range.dispatchEvent(new Event('input')); }", step)
    page.wait_for_selector(f"#step-caption:text('Move {step} of {last}')")


def _pile(page) -> list[str]:
    return page.eval_on_selector_all("#pile .card", "cards => cards.map(c => c.dataset.card)")


def _shown(page) -> list:
    """What the table shows: the caption, and each card drawn (code, words, marks)."""
    cards = page.eval_on_selector_all(
        "#table .card", "cards => cards.map(c => [c.closest('[data-player]') ? "
        "c.closest('[data-player]').dataset.player : 'pile', c.dataset.card || '', "
        "c.textContent, c.className])")
    return [page.text_content("#step-caption"), cards]


def test_the_script_reads_no_card_notation_and_knows_no_hand_size_or_pile_rule():
    # No hand size (ten, eleven), no rank or suit table, no reading of "10" or of suit signs,
    # no pile of its own.
    assert re.findall(r"\b1[01]\b", SCRIPT) == []
    assert not re.search(r"(card|token)\)?\.to(Upper|Lower)Case", SCRIPT)
    for rule in ("A23456789TJQK", "SHDC", '"T"', "pileAt", "canonical(",
                 "\\u2660", "\\u2665", "\u2660", "\u2665", "pile.pop", "pile.push"):
        assert rule not in SCRIPT, rule


@pytest.mark.server
def test_r4_8_the_last_step_of_a_round_ended_by_the_draw_limit_shows_the_engines_pile(
        server, browser):
    log, taken = limit_ending_log()
    final = requests.post(server + "/v1/games/replay", json=log, timeout=30).json()
    pile = final["rounds"][0]["final"]["discard_pile"]
    table = log["rounds"][0]
    # The card of the draw that reached the limit stays on the pile, by the log alone.
    assert pile == simulate(table, LIMIT_3)["pile"] == [table["upcard"], taken]
    page, errors = _page(browser)
    last = _open(page, server, log)
    _step(page, last, last)
    assert _pile(page) == pile
    assert page.get_attribute(f'#pile .card[data-card="{taken}"]', "class").endswith("moved")
    # Both hands as the round left them, bob's without the card he could not take.
    bob = page.eval_on_selector_all('.seat[data-player="bob"] .card',
                                    "cards => cards.map(c => c.dataset.card)")
    assert bob == final["rounds"][0]["final"]["hands"]["bob"] and taken not in bob
    # The step before: the card was on the pile then too, and ann's discard made it so.
    _step(page, last - 1, last)
    assert _pile(page) == pile
    assert errors == []


@pytest.mark.server
def test_r1_4_a_log_in_other_notations_shows_the_same_cards_as_its_canonical_twin(
        server, browser):
    canonical_log = example_logs()["game"]
    twin = spelled(canonical_log, random.Random(4))
    text = json.dumps(twin, ensure_ascii=False)
    assert "10" in text and "\u2665" in text and re.search(r'"[2-9tjqka]+[shdc]"', text)
    page, errors = _page(browser)
    shown = {}
    for name, log in (("canonical", canonical_log), ("twin", twin)):
        last = _open(page, server, log)
        steps = []
        for step in range(last + 1):
            _step(page, step, last)
            steps.append(_shown(page))
        page.wait_for_selector("#spread .spread")
        steps.append(page.eval_on_selector_all("#spread .spread .card",
                                               "cards => cards.map(c => c.dataset.card)"))
        shown[name] = steps
    assert shown["twin"] == shown["canonical"]
    assert any("10\u2663" in caption for caption, _ in shown["canonical"][:-1])
    assert errors == []


@pytest.mark.server
def test_a_hidden_hand_shows_as_many_backs_as_the_service_counts(server, browser):
    log = example_logs()["game"]
    page, errors = _page(browser)
    page.goto(server + "/play?example=game&view=ann")
    page.wait_for_selector("#step-caption:text('Move 0 of')")
    last = int(page.get_attribute("#step-range", "max"))
    counted = set()
    steps = [(r, count) for r, table in enumerate(log["rounds"])
             for count in range(len(table["actions"]) + 1)]
    for step, (r, count) in enumerate(steps):
        _step(page, step, last)
        table = {**log["rounds"][r], "actions": log["rounds"][r]["actions"][:count]}
        prefix = {**log, "view": "ann", "rounds": [*log["rounds"][:r], table]}
        reply = requests.post(server + "/v1/games/replay", json=prefix, timeout=30).json()
        nxt = reply.get("next") or {}
        sizes = (nxt["hand_sizes"] if nxt.get("round") == r and "hand_sizes" in nxt
                 else reply["rounds"][r]["final"]["hand_sizes"])
        assert sizes == simulate(table, {})["sizes"]
        backs = page.locator('.seat[data-player="bob"] .card.back').count()
        assert backs == sizes["bob"], (step, sizes)
        assert page.locator('.seat[data-player="bob"] .card:not(.back)').count() == 0
        counted.add(backs)
    assert counted == {10, 11}  # bob holding eleven to discard, and ten
    assert errors == []


@pytest.mark.server
def test_the_opponent_at_the_table_shows_the_services_count(server, browser):
    text = json.dumps(example_logs()["game-in-progress"])
    log = json.loads(text.replace('"bob"', '"you"').replace('"ann"', '"simple"'))
    page, errors = _page(browser)
    page.goto(server + "/play")
    page.evaluate("log => localStorage.setItem('ginrules-play/1', JSON.stringify("
                  "{log, seed: 1, bot: 'simple'}))", log)
    page.reload()
    page.wait_for_function("['first_turn', 'draw', 'discard'].includes("
                           "document.querySelector('#play-view').dataset.state)")
    stored = page.evaluate("JSON.parse(localStorage.getItem('ginrules-play/1')).log")
    reply = requests.post(server + "/v1/games/replay", json={**stored, "view": "you"},
                          timeout=30).json()
    backs = page.locator("#play-opponent .card.back").count()
    assert backs == reply["next"]["hand_sizes"]["simple"]
    table = stored["rounds"][-1]
    assert reply["next"]["hand_sizes"] == simulate(table, {})["sizes"]
    top = page.get_attribute("#play-discard .card.top", "data-card")
    assert top == reply["next"]["discard_pile"][-1] == rewrite.code(simulate(table, {})["pile"][-1])
    assert errors == []
