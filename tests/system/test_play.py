"""The /play page: self-contained, and in a real browser (headless Chromium) it plays whole games
against the service's bots by clicking (and by keyboard), builds a hand by clicking, shows the
API's analysis, and steps through example games to their end.

Screenshots go to ``$GINRULES_ARTIFACTS`` (or a folder of pytest's temporary directory); the
test prints where.
"""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path

import pytest
import requests

from ginrules.api.play import MODULES
from ginrules.package_data import example_logs
from ginrules.rules import PRESETS
from testkit.generator import random_game

from tests.conftest import ROOT
from .test_cors_browser import launched_chromium

HAND = ["5S", "6S", "7S", "8S", "7H", "7D", "7C", "2H", "3C", "KD"]
SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def words(text: str) -> str:
    """A service text as the page says it: each canonical card code in words (``TH`` is
    ``10\u2665``), read here with the test's own table."""
    return re.sub(r"\b([A2-9TJQK])([SHDC])\b",
                  lambda m: ("10" if m[1] == "T" else m[1]) + SIGNS[m[2]], text)


def test_the_page_and_its_modules_load_nothing_from_another_origin(client):
    reply = client.get("/play")
    assert reply.status_code == 200 and reply.mimetype == "text/html"
    page = reply.get_data(as_text=True)
    # What the page loads comes from the service itself, under /play/: its modules and its icon.
    loaded = re.findall(r"<(?:script|link|img|iframe)[^>]+(?:src|href)=\"([^\"]*)\"", page)
    assert sorted(loaded) == ["/play/favicon.svg", "/play/main.js"]
    assert '<script type="module" src="/play/main.js">' in page
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", page)
    assert "/*STYLE*/" not in page and "/*SUITS*/" not in page and "/*DECK*/" not in page
    assert '<meta name="viewport"' in page
    # Each module imports only its siblings, by relative path: no build step, no other origin.
    imported = set()
    for name in MODULES:
        module = client.get(f"/play/{name}")
        assert module.status_code == 200 and module.mimetype == "text/javascript", name
        text = module.get_data(as_text=True)
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text), name
        imports = re.findall(r"^import [^;]* from \"([^\"]+)\";", text, re.M)
        assert all(path.startswith("./") for path in imports), (name, imports)
        imported |= {path[2:] for path in imports}
    assert imported | {"main.js"} == set(MODULES)
    assert client.get("/play/other.js").status_code == 404


def test_the_page_embeds_every_example_log(client):
    page = client.get("/play").get_data(as_text=True)
    embedded = re.search(r'<script id="examples" type="application/json">(.*?)</script>', page,
                         re.S).group(1)
    files = {path.stem: json.loads(path.read_text()) for path in (ROOT / "examples").glob("*.json")}
    assert json.loads(embedded) == files == example_logs()
    assert {"game", "game-in-progress", "game-awaiting-lay-down", "game-refused"} <= set(files)


def test_the_refused_example_breaks_a_rule_the_viewer_shows(client):
    reply = client.post("/v1/games/replay", json=example_logs()["game-refused"]).get_json()
    assert reply["valid"] is False
    assert reply["violations"][0]["rule_url"] == "/rules#R-4.3"


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory) -> Path:
    folder = (Path(os.environ["GINRULES_ARTIFACTS"]) if os.environ.get("GINRULES_ARTIFACTS")
              else tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots of /play: {folder}")
    return folder


@pytest.fixture(scope="module")
def browser():
    with launched_chromium() as chromium:
        yield chromium


def _page(browser, width=1000, height=900):
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


@pytest.mark.server
def test_a_hand_built_by_clicking_shows_the_apis_deadwood_in_a_real_browser(
        server, browser, artifacts):
    page, errors = _page(browser)
    page.goto(server + "/play")
    for card in HAND:
        page.click(f'#deck button[data-card="{card}"]')
    page.wait_for_function("document.querySelectorAll('#deck [aria-pressed=true]').length === 10")
    analysis = requests.get(f"{server}/v1/hands/{','.join(HAND)}/analysis", timeout=10).json()
    page.wait_for_selector("#deadwood")
    page.wait_for_function(f"document.querySelector('#deadwood').textContent === "
                           f"'{analysis['deadwood_count']}'")
    picture = page.locator("#hand-picture svg")
    assert picture.get_attribute("role") == "img"
    assert f"deadwood {analysis['deadwood_count']}" in picture.get_attribute("aria-label")
    assert "hand=" in page.evaluate("location.search")
    # The eleventh card: every discard valued, the best marked.
    page.click('#deck button[data-card="9D"]')
    page.wait_for_selector("#discards:not([hidden]) tbody tr:nth-child(11)")
    eleven = requests.get(f"{server}/v1/hands/{','.join(HAND)},9D/analysis", timeout=10).json()
    best = page.locator("#discards tr.best td:first-child").all_text_contents()
    assert best == [card.replace("D", "\u2666") for card in eleven["best_discards"]]
    page.wait_for_function(f"document.querySelector('#deadwood').textContent === "
                           f"'{eleven['deadwood_count']}'")
    page.screenshot(path=str(artifacts / "play-hand.png"), full_page=True)
    # Clicking a held card takes it out again.
    page.click('#deck button[data-card="9D"]')
    page.wait_for_function("document.querySelector('#discards').hidden")
    assert errors == []


def _marked(page) -> list[str]:
    return page.eval_on_selector_all("#deck button.in-meld", "buttons => buttons.map("
                                     "button => button.dataset.card)")


@pytest.mark.server
def test_a_clicked_card_marks_every_meld_it_belongs_to_in_a_real_browser(server, browser):
    page, errors = _page(browser)
    page.goto(server + "/play")
    for card in ["5S", "6S", "7S", "7H", "7D"]:
        page.click(f'#deck button[data-card="{card}"]')
    # 7C joins the four sets of sevens it makes.
    page.click('#deck button[data-card="7C"]')
    page.wait_for_selector("#hand-melds:text('7\u2663 is in 4 melds')")
    assert sorted(_marked(page)) == sorted(["7S", "7H", "7D", "7C"])
    assert page.get_attribute('#deck button.clicked', "data-card") == "7C"
    # 8S makes two runs: the page shows what the API answers for it.
    page.click('#deck button[data-card="8S"]')
    page.wait_for_selector("#hand-melds:text('8\u2660 is in 2 melds')")
    melds = requests.post(server + "/v1/hands/melds", timeout=10, json={
        "hand": ["5S", "6S", "7S", "7H", "7D", "7C", "8S"], "with": "8S"}).json()
    assert sorted(_marked(page)) == sorted({c for meld in melds["melds"] for c in meld["cards"]})
    assert "5\u2660 6\u2660 7\u2660 8\u2660 (run)" in page.text_content("#clicked-melds")
    # By keyboard: a deck card is a button, Enter adds it and marks its melds.
    page.focus('#deck button[data-card="9S"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#hand-melds:text('9\u2660 is in 3 melds')")
    assert sorted(_marked(page)) == sorted(["5S", "6S", "7S", "8S", "9S"])
    # A card in no meld says so; taking a card out clears the marks.
    page.click('#deck button[data-card="KD"]')
    page.wait_for_selector("#hand-melds:text('K\u2666 is in no meld')")
    assert _marked(page) == []
    page.click('#deck button[data-card="KD"]')
    page.wait_for_function("document.querySelector('#hand-melds').textContent === ''")
    assert errors == []


@pytest.mark.server
def test_a_clicked_card_wraps_past_the_king_under_round_the_corner(server, browser):
    page, errors = _page(browser)
    page.goto(server + "/play?round_the_corner=true")
    for card in ["QH", "KH", "2H", "AH"]:
        page.click(f'#deck button[data-card="{card}"]')
    page.wait_for_selector("#hand-melds:text('A\u2665 is in 3 melds')")
    assert sorted(_marked(page)) == sorted(["QH", "KH", "AH", "2H"])
    assert errors == []


@pytest.mark.server
def test_a_shared_address_opens_the_hand_under_its_rules(server, browser):
    page, errors = _page(browser)
    page.goto(server + "/play?hand=" + ",".join(HAND) + "&knock_limit=0")
    page.wait_for_selector("#deadwood")
    assert "cannot knock (limit 0)" in page.text_content("#hand-summary")
    page.goto(server + "/play?hand=AS,AS")
    page.wait_for_selector("#hand-problem:not([hidden]) a[href='/rules#R-1.5']")
    assert errors == []


@pytest.mark.server
def test_the_example_game_steps_to_its_end_with_each_round_scored(server, browser, artifacts):
    log = example_logs()["game"]
    final = requests.post(server + "/v1/games/replay", json=log, timeout=30).json()
    moves = sum(len(table["actions"]) + 1 for table in log["rounds"]) - 1
    page, errors = _page(browser)
    page.goto(server + "/play?example=game")
    page.wait_for_selector("#step-caption:text('the deal')")
    assert page.locator("#table .seat").count() == 2
    assert page.locator("#stock").text_content() == "Stock: 31 cards"
    shot = False
    for step in range(1, moves + 1):
        page.click("#step-next")
        page.wait_for_selector(f"#step-caption:text('Move {step} of {moves}')")
        if not shot and page.locator("#spread .spread").count():
            page.screenshot(path=str(artifacts / "play-game-knock.png"), full_page=True)
            shot = True
    assert page.is_disabled("#step-next") and shot
    page.wait_for_selector("#game-result")
    assert f"Game over: {final['winner']} wins" in page.text_content("#game-result")
    last_row = page.locator("#totals tbody tr").last.locator("td").all_text_contents()
    assert last_row[2:] == [str(final["totals"][player]) for player in log["players"]]
    assert page.locator("#scores svg polyline").count() == len(log["players"])
    assert "step=" in page.evaluate("location.search")
    page.screenshot(path=str(artifacts / "play-game-end.png"), full_page=True)
    assert errors == []


@pytest.mark.server
def test_an_openspiel_example_is_imported_then_stepped_to_its_end(server, browser):
    body = example_logs()["openspiel-game"]
    log = requests.post(server + "/v1/games/import", json=body, timeout=30).json()
    moves = sum(len(table["actions"]) + 1 for table in log["rounds"]) - 1
    page, errors = _page(browser)
    page.goto(server + "/play?example=openspiel-game")
    page.wait_for_selector(f"#step-caption:text('Move 0 of {moves}')")
    page.click("#step-last")
    page.wait_for_selector(f"#step-caption:text('Move {moves} of {moves}')")
    page.wait_for_selector("#spread .spread")
    assert errors == []


@pytest.mark.server
def test_one_players_view_hides_the_other_hand(server, browser):
    page, errors = _page(browser)
    page.goto(server + "/play?example=game&step=3&view=ann")
    page.wait_for_selector("#step-caption:text('Move 3 of')")
    assert page.locator('.seat[data-player="ann"] .card:not(.back)').count() == 11
    assert page.locator('.seat[data-player="bob"] .card.back').count() == 10
    assert page.locator('.seat[data-player="bob"] .card:not(.back)').count() == 0
    assert errors == []


@pytest.mark.server
def test_a_refused_action_is_shown_in_place_with_its_reason_and_rule(server, browser, artifacts):
    log = example_logs()["game-refused"]
    violation = requests.post(server + "/v1/games/replay", json=log,
                              timeout=30).json()["violations"][0]
    page, errors = _page(browser, 390, 844)  # a phone-sized screen
    page.goto(server + "/play?example=game-refused")
    page.wait_for_selector("#refusal:not([hidden])")
    page.click("#step-last")
    page.wait_for_selector("#refusal.here")
    refusal = page.text_content("#refusal")
    assert words(violation["detail"]) in refusal and "bob discards 8\u2660" in refusal
    # One notation (no "8S" beside "8\u2660"), no JSON pointer, the rule linked once.
    assert not re.search(r"\b[A2-9TJQK][SHDC]\b", refusal) and violation["pointer"] not in refusal
    assert page.get_attribute("#refusal a", "href") == violation["rule_url"]
    assert refusal.count(violation["rule"]) == 1
    assert "the next move is refused" in page.text_content("#step-caption")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "play-refused-phone.png"), full_page=True)
    assert errors == []


@pytest.mark.server
def test_a_pasted_game_of_every_preset_opens_and_shows_its_end(server, browser):
    page, errors = _page(browser)
    page.goto(server + "/play")
    page.click("summary")
    for seed, preset in enumerate(PRESETS):
        # Random notations, tables of partnership, Hollywood's totals per game, the wall...
        log = random_game(seed, preset, max_rounds=2)
        final = requests.post(server + "/v1/games/replay", json=log, timeout=30).json()
        page.fill("#game-text", json.dumps(log))
        page.click("#game-paste")
        page.wait_for_selector("#step-caption:text('Move 0 of')")
        last = int(page.get_attribute("#step-range", "max"))
        page.click("#step-last")
        page.wait_for_selector(f"#step-caption:text('Move {last} of {last}')")
        page.wait_for_function("rows => document.querySelectorAll('#totals tbody tr').length"
                               " === rows", arg=len(final["rounds"]))
    assert errors == []


# Playing a game against a bot ----------------------------------------------------------------

PLAY_STATE = "document.querySelector('#play-view').dataset.state"


def _state(page, timeout=60_000) -> str:
    """What the table waits for once the page is not busy: a phase of yours, deal or over."""
    page.wait_for_function(f"{PLAY_STATE} && {PLAY_STATE} !== 'wait'", timeout=timeout)
    return page.evaluate(PLAY_STATE)


def _saved_game(browser, server, log):
    """/play with a game against the simple bot kept in the page, as a reload finds it."""
    page, errors = _page(browser)
    page.goto(server + "/play")
    page.evaluate("log => localStorage.setItem('ginrules-play/1', JSON.stringify("
                  "{log, seed: 1, bot: 'simple'}))", log)
    page.reload()
    return page, errors


def _start(page, server, preset="standard", bot="random", target="50", first="random"):
    page.goto(server + "/play")
    page.evaluate("localStorage.clear()")
    page.goto(server + "/play#play")
    page.select_option("#play-preset", preset)
    page.select_option("#play-bot", bot)
    page.fill("#play-target", target)
    page.select_option("#play-first", first)
    page.click("#play-new")
    return _state(page)


def _hand(page) -> list[str]:
    return page.eval_on_selector_all("#play-hand button", "cards => cards.map(c => c.dataset.card)")


def _click_turn(server, page, state: str) -> None:
    """One move by clicking, as a plain player would: draw from the stock, knock when a card is
    marked for it, otherwise discard the card the hand analysis would throw first among those
    the page lets you discard (the card just taken may not be, R-4.3)."""
    if state == "deal":
        page.click("#play-next-round")
    elif state in ("first_turn", "last_discard"):
        page.click("#play-pass")
    elif state == "draw":
        page.click("#play-stock")
    elif state == "lay_down":
        page.click("#play-lay-down")
    elif state == "discard":
        knockable = page.locator("#play-hand button.can-knock")
        if knockable.count():
            knockable.first.click()
            page.click("#play-knock")
        else:
            cards = _hand(page)
            analysis = requests.get(f"{server}/v1/hands/{','.join(cards)}/analysis",
                                    timeout=10).json()
            ranked = sorted(analysis["discards"], key=lambda option: option["deadwood_count"])
            for option in ranked:
                page.click(f'#play-hand button[data-card="{option["card"]}"]')
                if page.is_enabled("#play-discard-card"):
                    page.click("#play-discard-card")
                    break
            else:
                raise AssertionError(f"no discard offered of {cards}")
    else:
        raise AssertionError(f"unexpected state {state}")


def _shoot_spread(page, path) -> bool:
    """A screenshot of the round's result once its spread is drawn (a drawn round has none)."""
    page.wait_for_selector("#play-round-title")
    if "a draw" in page.text_content("#play-round-title"):
        return False
    page.wait_for_selector("#play-round .spread")
    page.locator("#play-round").scroll_into_view_if_needed()
    page.screenshot(path=str(path), full_page=True)
    return True


# What the discard pile says each time it is drawn while the table waits (the opponent moves).
WATCH_THE_PILE = """window.pileWhileWaiting = [];
new MutationObserver(() => {
  if (document.querySelector('#play-view').dataset.state !== 'wait') return;
  if (document.querySelector('#play-table').hidden) return;
  const pile = document.querySelector('#play-discard');
  window.pileWhileWaiting.push(pile.textContent + ' | ' + pile.getAttribute('aria-label'));
}).observe(document.querySelector('#play-discard'), {childList: true, subtree: true});"""
BUTTONS = {"play-stock": ("draw", "stock"), "play-discard": ("draw", "discard"),
           "play-pass": ("pass", None)}


def _check_the_table(server, page, state: str) -> None:
    """On your turn: the buttons are enabled exactly for the moves the service offers, the
    opponent's last moves are shown as the log has them, and no card code is shown."""
    log = page.evaluate("JSON.parse(localStorage.getItem('ginrules-play/1')).log")
    reply = requests.post(server + "/v1/games/replay", json={**log, "view": "you"},
                          timeout=30).json()
    offered = reply["next"]["legal_actions"]
    for button, (kind, source) in BUTTONS.items():
        expected = any(a["action"] == kind and a.get("source") == source for a in offered)
        assert page.is_enabled(f"#{button}") == expected, (state, button, offered)
    if state == "discard":
        knocks = {a["discard"] for a in offered if a["action"] == "knock" and a["discard"]}
        marked = page.eval_on_selector_all("#play-hand .can-knock",
                                           "cs => cs.map(c => c.dataset.card)")
        assert set(marked) == knocks
        assert page.is_disabled("#play-knock") == (not any(
            a["action"] == "knock" and a["discard"] is None for a in offered))
    actions = log["rounds"][-1]["actions"]
    theirs = [a for a in actions if a["player"] != "you"]
    if theirs and state == "draw":
        discard = theirs[-1].get("card") if theirs[-1]["action"] == "discard" else None
        if discard:
            assert page.get_attribute("#play-their-moves .discard .card", "data-card") == discard
        taken = [a["card"] for a in theirs if a["action"] == "draw" and a["source"] == "discard"]
        shown = page.eval_on_selector_all("#play-their-takes .card",
                                          "cs => cs.map(c => c.dataset.card)")
        assert shown == taken
    shown_text = page.eval_on_selector("#play", "node => node.innerText")
    assert not re.search(r"\b[A2-9TJQK][SHDC]\b", shown_text)


@pytest.mark.server
def test_a_whole_game_is_played_by_clicking_against_the_random_bot(server, browser, artifacts):
    page, errors = _page(browser, 1280, 900)
    state = _start(page, server, target="100")  # usually two rounds or more against random
    page.wait_for_selector("#play-hand button")
    page.evaluate(WATCH_THE_PILE)
    assert page.locator("#play-opponent .card.back").count() in (10, 11)
    page.screenshot(path=str(artifacts / "play-table.png"), full_page=True)
    spread_shot = False
    checked = games = 0
    # The page deals from a seed of its own: a game against random may end in one round (a gin
    # against a full hand of deadwood), so games are played to the end until ten positions were
    # checked.
    while checked < 10 and games < 5:
        if games:
            state = _start(page, server, target="100")
            page.wait_for_selector("#play-hand button")
            page.evaluate(WATCH_THE_PILE)
        for turn in range(3000):
            if state == "over":
                break
            if state == "deal" and not spread_shot:
                spread_shot = _shoot_spread(page, artifacts / "play-spread.png")
            if state in ("first_turn", "draw", "discard") and turn % 3 == 0:
                _check_the_table(server, page, state)
                checked += 1
            _click_turn(server, page, state)
            state = _state(page)
        assert state == "over"
        games += 1
    assert checked >= 10
    # While the opponent thought, the pile never read "empty" (nor flashed a half-made move).
    seen = page.evaluate("window.pileWhileWaiting")
    assert seen and not [text for text in seen if "empty" in text or "no card" in text]
    if not spread_shot:
        _shoot_spread(page, artifacts / "play-spread.png")
    assert page.locator("#play-refusal").is_hidden()
    page.wait_for_selector("#play-game-result")
    page.wait_for_selector("#play-scores svg polyline")
    shown = page.locator("#play-totals tbody tr").last.locator("td").all_text_contents()[2:]
    page.screenshot(path=str(artifacts / "play-score-sheet.png"), full_page=True)
    # The log, downloaded, replays as valid and complete with the totals the page showed.
    with page.expect_download() as download:
        page.click("#play-download")
    log = json.loads(Path(download.value.path()).read_text())
    assert log["format"] == "ginrules-log/1" and "view" not in log
    final = requests.post(server + "/v1/games/replay", json=log, timeout=30).json()
    assert final["valid"] and final["complete"]
    assert shown == [str(final["totals"][player]) for player in log["players"]]
    rows = page.locator("#play-totals tbody tr").count()
    assert rows == len(final["rounds"]) == len(log["rounds"])
    assert log["rules"] == {"preset": "standard", "game_target": 100}
    winner = "you win" if final["winner"] == "you" else f"{final['winner']} wins"
    assert f"Game over: {winner}" in page.text_content("#play-game-result")
    # The game survives a reload, on a phone-sized screen as well.
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    page.wait_for_selector("#play-game-result")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#play-scores").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "play-game-over-phone.png"), full_page=True)
    # ... and opens in the game viewer, stepped to its end.
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("#play-view-log")
    page.wait_for_selector("#step-caption:text('Move 0 of')")
    page.click("#step-last")
    page.wait_for_selector("#game-result")
    assert errors == []


def _table_says_what_the_hint_says(page, hint) -> tuple[int, int]:
    """The hint table shows each option's numbers with their standard errors, marks an option in
    the previous option's tier "about equal", and shows nothing for an option without numbers;
    the options with numbers and without."""
    rows = page.locator("#play-hint-table tbody tr")
    assert rows.count() == len(hint["options"])
    previous = None
    for index, option in enumerate(hint["options"]):
        cells = rows.nth(index).locator("td").all_text_contents()
        equal = previous is not None and option["tier"] is not None \
            and option["tier"] == previous["tier"]
        assert ("about equal" in cells[0]) == equal, (cells, option)
        if option["expected_points"] is None:
            assert cells[3:] == ["", ""] and option["numbers_withheld"]
        else:
            # The reply's numbers to one decimal (JavaScript rounds a half up, Python to even).
            value, error = re.fullmatch(r"(\u2212?\d+\.\d) \u00b1 (\d+\.\d)", cells[3]).groups()
            assert float(value.replace("\u2212", "-")) == pytest.approx(
                option["expected_points"], abs=0.051)
            assert float(error) == pytest.approx(option["expected_points_std_error"], abs=0.051)
            shown = re.fullmatch(r"(\d+|>99|<1)% \u00b1 (\d+|<1)%", cells[4])
            assert shown, cells[4]
            percent = option["win_chance"] * 100  # never "100%" nor "0%": no certainty
            if percent >= 99.5 or percent < 0.5:
                assert shown.group(1) == (">99" if percent >= 99.5 else "<1"), cells[4]
            else:
                assert abs(int(shown.group(1)) - percent) <= 0.5 + 1e-9, (cells[4], option)
        previous = option
    shown = sum(option["expected_points"] is not None for option in hint["options"])
    return shown, len(hint["options"]) - shown


@pytest.mark.server
def test_one_round_against_the_advisor_follows_the_hints_first_choice(server, browser, artifacts):
    page, errors = _page(browser, 390, 844)
    # Every third hint (draws and discards alike, since they alternate) is asked at 20 ms,
    # where a race's first round gives a discard's options fewer playouts than numbers need
    # (playouts.RACE): the table must show those without numbers too.  The page's request is
    # otherwise sent as it is.
    asked = [0]

    def every_third_at_20_ms(route):
        asked[0] += 1
        body = json.loads(route.request.post_data)
        if asked[0] % 3 == 0:
            body["budget_ms"] = 20
        route.continue_(post_data=json.dumps(body))

    page.route("**/v1/hints", every_third_at_20_ms)

    def seeded(route):  # one deal, so one round: a round of one or two decisions shows little
        body = json.loads(route.request.post_data)
        body.setdefault("seed", 11)
        route.continue_(post_data=json.dumps(body))

    page.route("**/v1/deals", seeded)
    state = _start(page, server, bot="advisor", target="100")
    # The opponent named after its bot is said once: "advisor bot", not "advisor (advisor bot)".
    assert page.text_content("#play-opponent h3").startswith("advisor bot")
    assert "(advisor" not in page.text_content("#play-opponent")
    page.screenshot(path=str(artifacts / "play-table-phone.png"), full_page=True)
    hinted = 0
    numbers = [0, 0]  # options shown with numbers, and without
    while state not in ("deal", "over"):
        if state == "lay_down":  # the advisor knocked: its melds and your layoffs are shown
            assert page.locator("#play-knocked").is_visible()
            assert "knocks with" in page.text_content("#play-knocked")
        with page.expect_response(lambda r: r.url.endswith("/v1/hints")) as answer:
            page.click("#play-hint")
        page.wait_for_selector("#play-hint-table tbody tr.best .hint-play")
        reasons = page.locator("#play-hint-table tbody tr td:nth-child(3)").all_text_contents()
        assert all(reasons)
        shown, withheld = _table_says_what_the_hint_says(page, answer.value.json())
        numbers = [numbers[0] + shown, numbers[1] + withheld]
        # The numbers assume the opponent you chose (the hint's opponent_model).
        assert "assume the advisor bot" in page.text_content("#play-hint-table caption")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        if hinted == 0:
            page.locator("#play-hints").scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / "play-hints-phone.png"), full_page=True)
        page.click("#play-hint-table tbody tr:first-child .hint-play")
        hinted += 1
        state = _state(page)
        assert page.locator("#play-refusal").is_hidden()
        assert hinted < 400
    assert hinted >= 1 and numbers[0] >= 1 and numbers[1] >= 1, numbers
    page.wait_for_selector("#play-round-title")
    page.wait_for_selector("#play-totals")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _shoot_spread(page, artifacts / "play-spread-phone.png")
    assert errors == []


@pytest.mark.server
def test_a_chance_near_certain_is_shown_as_such_and_never_as_0_or_100_percent(server, browser):
    """A hint's win_chance is never 0 or 1 (hints.CHANCE_LEAST); the table does not round one
    there either: 0.999 reads ">99%" and 0.001 "<1%", 0.994 "99%".  The reply of the service
    is given back to the page with those chances in it."""
    page, errors = _page(browser)
    chances = [0.999, 0.001, 0.994]

    def near_certain(route):
        reply = route.fetch().json()
        for option, chance in zip([o for o in reply["options"]
                                   if o["win_chance"] is not None], chances):
            option["win_chance"] = chance
        route.fulfill(json=reply)

    page.route("**/v1/hints", near_certain)
    state = _start(page, server)
    for _ in range(20):  # to a discard: it has an option for each card, so all three are shown
        if state == "discard":
            break
        _click_turn(server, page, state)
        state = _state(page)
    assert state == "discard"
    with page.expect_response(lambda r: r.url.endswith("/v1/hints")) as answer:
        page.click("#play-hint")
    page.wait_for_selector("#play-hint-table tbody tr.best .hint-play")
    hint = answer.value.json()
    _table_says_what_the_hint_says(page, hint)
    cells = page.locator("#play-hint-table tbody tr td.hint-chance").all_text_contents()
    assert [cell.split(" ")[0] for cell in cells[:3]] == [">99%", "<1%", "99%"], cells
    assert errors == []


@pytest.mark.server
def test_the_advisors_levels_are_offered_with_their_measured_strengths_and_played(
        server, browser):
    page, errors = _page(browser)
    asked: list[dict] = []
    page.on("request", lambda r: asked.append(r.post_data_json)
            if r.url.endswith("/v1/bots/advisor/move") else None)
    page.goto(server + "/play")
    levels = requests.get(server + "/v1/bots", timeout=10).json()["bots"][2]["levels"]
    # Each level is offered, named with its win share against simple as GET /v1/bots gives it.
    page.wait_for_function("document.querySelector('#play-bot option[value=\"advisor:2\"]')"
                           ".textContent.includes('against simple')")
    for level in levels:
        value = "advisor" if level["level"] == 5 else f"advisor:{level['level']}"
        text = page.text_content(f"#play-bot option[value='{value}']")
        share = math.floor(level["against_simple"]["win_share"] * 100 + 0.5)  # JS Math.round
        assert f"level {level['level']}" in text and f"wins {share}% against simple" in text
    # A game against level 2: the opponent is the advisor, asked for its moves at level 2.
    state = _start(page, server, bot="advisor:2", first="you")
    assert page.text_content("#play-opponent h3").startswith("advisor (advisor level 2 bot)")
    assert asked and all(body["level"] == 2 for body in asked)
    assert state in ("first_turn", "draw", "discard", "lay_down", "deal", "over")
    assert errors == []


@pytest.mark.server
def test_r4_3_the_card_just_taken_is_not_offered_and_the_page_says_why(server, browser):
    page, errors = _page(browser)
    state = _start(page, server, first="bot")  # you do not deal: the upcard is offered to you
    assert state == "first_turn"
    upcard = page.get_attribute("#play-discard .card.top", "data-card")
    page.click("#play-discard")
    assert _state(page) == "discard"
    taken = page.locator(f'#play-hand button[data-card="{upcard}"]')
    assert taken.get_attribute("data-mark") == "taken"
    # The card just taken may not be thrown back: no Discard for it, and the service's
    # reason, asked when the card is picked, said as a note (not a refusal: nothing was tried).
    taken.click()
    assert page.is_disabled("#play-discard-card")
    page.wait_for_selector("#play-why:not([hidden])")
    assert page.get_attribute("#play-why a", "href") == "/rules#R-4.3"
    assert page.locator("#play-refusal").is_hidden()
    assert _state(page) == "discard" and upcard in _hand(page)
    # By keyboard: a card of the hand is a button, Enter picks it, Space on a button acts.
    other = next(card for card in _hand(page) if card != upcard)
    page.focus(f'#play-hand button[data-card="{other}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(f'#play-hand button[data-card="{other}"][aria-pressed="true"]')
    page.wait_for_selector("#play-why", state="hidden")
    page.focus("#play-discard-card")
    page.keyboard.press("Space")
    page.wait_for_function(f"!document.querySelector('#play-hand [data-card=\"{other}\"]')")
    stored = page.evaluate("JSON.parse(localStorage.getItem('ginrules-play/1')).log")
    discard = {"player": "you", "action": "discard", "card": other}
    assert stored["rounds"][0]["actions"][1] == discard
    assert errors == []


@pytest.mark.server
def test_nothing_scrolls_sideways_on_a_phone(server, browser):
    page, errors = _page(browser, 390, 844)
    _start(page, server)
    page.wait_for_selector("#play-hand button")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.goto(server + "/play?hand=" + ",".join(HAND) + ",9D#hand")
    page.wait_for_selector("#discards:not([hidden]) tbody tr:nth-child(11)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Every card of the deck shows its whole name in its column, 10s included.
    assert page.evaluate("[...document.querySelectorAll('#deck button')].filter("
                         "b => b.scrollWidth > b.clientWidth).length") == 0
    assert errors == []


@pytest.mark.server
@pytest.mark.parametrize("preset", ["modern", "classic", "oklahoma", "straight", "openspiel"])
def test_a_round_of_each_two_player_preset_is_played_by_clicking(server, browser, preset):
    page, errors = _page(browser)
    state = _start(page, server, preset=preset, bot="simple", target="")
    for _ in range(400):
        if state in ("deal", "over"):
            break
        _click_turn(server, page, state)
        state = _state(page)
    assert state in ("deal", "over")
    page.wait_for_selector("#play-round-title")
    assert page.locator("#play-refusal").is_hidden()
    log = page.evaluate("JSON.parse(localStorage.getItem('ginrules-play/1')).log")
    assert log["rules"] == {"preset": preset}
    reply = requests.post(server + "/v1/games/replay", json=log, timeout=30).json()
    assert reply["valid"] and len(reply["rounds"]) == 1
    assert errors == []


@pytest.mark.server
def test_a_knock_is_answered_with_the_cards_you_pick_to_lay_off(server, browser):
    # A game kept in the page (as a reload finds it): the opponent has knocked, you answer.
    text = json.dumps(example_logs()["game-awaiting-lay-down"])
    log = json.loads(text.replace('"ann"', '"you"').replace('"bob"', '"simple"'))
    page, errors = _saved_game(browser, server, log)
    assert _state(page) == "lay_down"
    knocked = page.text_content("#play-knocked")
    assert "simple knocks with" in knocked
    assert "lay off 6\u2665 on 6\u2660 6\u2666 6\u2663" in knocked
    assert page.is_disabled("#play-lay-off")
    page.click('#play-hand button[data-card="6H"]')
    page.click("#play-lay-off")
    assert _state(page) == "deal"
    page.wait_for_selector("#play-round-title")
    # The title comes at once; the spreads follow when the service has scored them (two calls).
    page.wait_for_function("document.querySelector('#play-round').textContent"
                           ".includes('laid off 6\\u2665')", timeout=15000)
    assert "laid off 6\u2665" in page.text_content("#play-round")
    stored = page.evaluate("JSON.parse(localStorage.getItem('ginrules-play/1')).log")
    answer = stored["rounds"][0]["actions"][-1]
    assert answer["action"] == "lay_down" and answer["layoffs"] == [{"card": "6H", "meld": 1}]
    assert sorted(map(sorted, answer["melds"])) == sorted(map(sorted, [["JS", "QS", "KS"],
                                                                       ["9H", "9D", "9C"]]))
    # The next round is dealt from the game's seed to the dealer the rules name.
    final = requests.post(server + "/v1/games/replay", json=stored, timeout=30).json()
    page.click("#play-next-round")
    assert _state(page) in ("first_turn", "draw", "discard", "lay_down", "deal", "over")
    stored = page.evaluate("JSON.parse(localStorage.getItem('ginrules-play/1')).log")
    assert stored["rounds"][1]["dealer"] == final["next_dealer"]
    dealt = requests.post(server + "/v1/deals", timeout=30, json={
        "rules": log["rules"], "players": log["players"], "dealer": final["next_dealer"],
        "seed": 1, "round": 1}).json()["deal"]
    assert stored["rounds"][1]["hands"] == dealt["hands"]
    assert requests.post(server + "/v1/games/replay", json=stored, timeout=30).json()["valid"]
    assert errors == []


def _focused(page) -> str:
    return page.evaluate("document.activeElement.id || document.activeElement.dataset.card || ''")


@pytest.mark.server
def test_a_game_is_started_and_played_by_keyboard_alone(server, browser):
    page, errors = _page(browser)
    page.goto(server + "/play")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.focus("#play-first")
    page.keyboard.press("Tab")
    assert _focused(page) == "play-new"
    page.keyboard.press("Enter")
    state = _state(page)
    for _ in range(3):  # three turns of yours: Enter and Space only, Tab to move
        if state in ("first_turn", "last_discard"):
            # The focus waits on the discard pile; Tab back to the stock... or on to Pass.
            while _focused(page) != "play-pass":
                page.keyboard.press("Tab")
            page.keyboard.press("Space")
        elif state == "draw":
            assert _focused(page) == "play-stock"  # the focus went where the move is made
            page.keyboard.press("Enter")
        elif state == "discard":
            card = _focused(page)
            assert card in _hand(page)
            page.keyboard.press("Space")
            page.wait_for_selector(f'#play-hand button[data-card="{card}"][aria-pressed="true"]')
            while _focused(page) != "play-discard-card":
                page.keyboard.press("Tab")
            page.keyboard.press("Enter")
        else:
            break
        state = _state(page)
    refusal = page.locator("#play-refusal")
    assert refusal.is_hidden() or "Refused" in page.text_content("#play-refusal")
    log = page.evaluate("JSON.parse(localStorage.getItem('ginrules-play/1')).log")
    assert any(action["player"] == "you" for action in log["rounds"][0]["actions"])
    assert errors == []


@pytest.mark.server
def test_a_knock_is_made_with_the_arrangement_you_type(server, browser):
    # A game kept in the page: you drew the pile's 5D and may knock, discarding KD.
    text = json.dumps(example_logs()["game-awaiting-lay-down"])
    log = json.loads(text.replace('"bob"', '"you"').replace('"ann"', '"simple"'))
    actions = log["rounds"][-1]["actions"]
    declared = actions[-1]["melds"]
    del actions[-1]
    page, errors = _saved_game(browser, server, log)
    assert _state(page) == "discard"
    assert page.is_visible("#play-melds")
    # An arrangement that is not one is refused with its reason, and nothing is kept.
    page.fill("#play-melds", "8S 8H 6C")
    page.click('#play-hand button[data-card="KD"]')
    page.click("#play-knock")
    page.wait_for_selector("#play-refusal:not([hidden])")
    assert "Refused" in page.text_content("#play-refusal")
    assert _state(page) == "discard"
    # Your own melds, typed in another order and in lower case, are the knock's (KD is still
    # the card picked).
    page.fill("#play-melds", "2c 3c 4c, 6S 6D 6C; 8H 8S 8C")
    page.click("#play-knock")
    assert _state(page) in ("deal", "over")  # the opponent lays down: the round is scored
    stored = page.evaluate("JSON.parse(localStorage.getItem('ginrules-play/1')).log")
    knock = next(a for a in stored["rounds"][-1]["actions"] if a["action"] == "knock")
    assert knock["player"] == "you" and knock["discard"] == "KD"
    # Kept as typed (the page reads no card notation); the service reads them.
    assert knock["melds"] == [["2c", "3c", "4c"], ["6S", "6D", "6C"], ["8H", "8S", "8C"]]
    assert page.input_value("#play-melds") == ""
    read = requests.post(server + "/v1/games/replay", json={**stored, "echo_log": True},
                         timeout=30).json()
    assert read["valid"]
    echoed = next(a for a in read["log"]["rounds"][-1]["actions"] if a["action"] == "knock")
    assert echoed["melds"] == [["2C", "3C", "4C"], ["6S", "6D", "6C"], ["8H", "8S", "8C"]]
    assert sorted(map(sorted, echoed["melds"])) == sorted(map(sorted, declared))
    assert errors == []
