"""What the replay says of each table so that any position of a log can be drawn without a
rule (docs/gamelog.md): ``next.discard_pile`` and ``next.hand_sizes``, each round entry's ``final``,
``next.tables_over`` for partnership, and the log echoed canonical with ``echo_log``.

Every reply here goes through the contract-checking client (openapi.yaml).  The expected piles,
hand sizes and hands are worked out from the log by the test's own small table simulation
(R-4.1 to R-4.9, R-5), which reads card codes with the tests' own reader (tests/rewrite.py).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from testkit.generator import random_game

from . import rewrite

REPLAY = "/v1/games/replay"
STOCK_SIZE = 31
WALL = 2
LIMIT_3 = {"preset": "standard", "upcard_draw_limit": 3}
PRESETS = ["standard", LIMIT_3, "openspiel", "oklahoma", "hollywood", "box", "cutthroat",
           "partnership", {"preset": "openspiel", "upcard_draw_limit": 2}]


# The test's own table ------------------------------------------------------------------------


def simulate(table: dict, options: dict) -> dict[str, Any]:
    """The table after its actions, by the log alone: the pile bottom first, the stock count,
    each hand (canonical codes), and whether the round is over."""
    hands = {p: [rewrite.code(c) for c in cards] for p, cards in table["hands"].items()}
    pile = [rewrite.code(table["upcard"])]
    stock = [rewrite.code(c) for c in table.get("stock", [])]
    limit = options.get("upcard_draw_limit")
    drawn = pile_draws = 0
    first_draw, at_wall, over = True, False, False
    for action in table["actions"]:
        who, kind = action["player"], action["action"]
        if kind == "draw" and action["source"] == "stock":
            hands[who].append(stock[drawn] if stock else rewrite.code(action["card"]))
            drawn += 1
        elif kind == "draw":
            # The first-turn take and the take at the wall are not counted.
            if not first_draw and not at_wall:
                pile_draws += 1
                if limit is not None and pile_draws >= limit:
                    over = True  # the card stays on the pile: the round is a draw
                    break
            hands[who].append(pile.pop())
        elif kind == "discard" or (kind == "knock" and action["discard"] is not None):
            card = rewrite.code(action.get("card") or action["discard"])
            hands[who].remove(card)
            pile.append(card)
        if kind == "draw":
            first_draw = False
        if kind == "discard":
            at_wall = options.get("wall") == "last_discard" and STOCK_SIZE - drawn <= WALL
    return {"pile": pile, "stock": STOCK_SIZE - drawn, "over": over,
            "sizes": {p: len(cards) for p, cards in hands.items()},
            "hands": {p: sorted(cards, key=rewrite.ORDER.index) for p, cards in hands.items()}}


def tables_of(entry: dict) -> list[dict]:
    return entry["tables"] if "tables" in entry else [entry]


def positions(reply: dict) -> dict[tuple[int, int], list[dict]]:
    """Every table position a reply gives, by (round, table): round entries' ``final``, the
    tables in ``next`` and ``next.tables_over``."""
    found: dict[tuple[int, int], list[dict]] = {}
    for index, entry in enumerate(reply["rounds"]):
        for at, table in enumerate(tables_of(entry)):
            found.setdefault((index, at), []).append(table["final"])
    nxt = reply.get("next")
    if nxt is not None:
        for move in nxt["tables"] if "tables" in nxt else [nxt]:
            if move["phase"] != "deal":
                found.setdefault((move["round"], move.get("table", 0)), []).append(move)
            else:
                assert "discard_pile" not in move and "hand_sizes" not in move
        for over in nxt.get("tables_over", []):
            found.setdefault((nxt["round"], over["table"]), []).append(over["final"])
    return found


def options_of(client, rules) -> dict:
    preset = rules if isinstance(rules, str) else rules["preset"]
    options = dict(client.get(f"/v1/rules/{preset}").get_json())
    return {**options, **({} if isinstance(rules, str) else rules)}


def cut_last_round(log: dict, rng: random.Random) -> None:
    for table in tables_of(log["rounds"][-1]):
        table["actions"] = table["actions"][: rng.randrange(len(table["actions"]) + 1)]


# Any position, by the engine's pile and counts ------------------------------------------------


def test_r4_1_every_position_of_random_games_is_the_tables_own(client):
    rng = random.Random(41)
    compared = 0
    for seed in range(len(PRESETS) * 6):
        rules = PRESETS[seed % len(PRESETS)]
        log = random_game(seed, rules, max_rounds=rng.randint(1, 3))
        cut_last_round(log, rng)
        options = options_of(client, rules)
        reply = client.post(REPLAY, json=log).get_json()
        assert reply["valid"], (seed, reply["violations"])
        found = positions(reply)
        for index, entry in enumerate(log["rounds"]):
            for at, table in enumerate(tables_of(entry)):
                expected = simulate(table, options)
                for position in found[(index, at)]:
                    assert position["discard_pile"] == expected["pile"], (seed, index, at)
                    assert position["hand_sizes"] == expected["sizes"], (seed, index, at)
                    assert position["stock_remaining"] == expected["stock"], (seed, index, at)
                    assert position["hands"] == expected["hands"], (seed, index, at)
                    if "discard_top" in position:
                        assert position["discard_top"] == (expected["pile"] or [None])[-1]
                    compared += 1
    assert compared >= 100


def test_r4_8_a_round_that_ends_on_the_limit_draw_keeps_that_card_on_the_pile(client):
    log, taken = limit_ending_log()
    reply = client.post(REPLAY, json=log).get_json()
    assert reply["valid"] and reply["rounds"][0]["result"]["outcome"] == "draw"
    final = reply["rounds"][0]["final"]
    table = log["rounds"][0]
    assert final["discard_pile"] == [table["upcard"], taken]
    assert final["hand_sizes"] == {"ann": 10, "bob": 10}
    assert taken not in final["hands"]["bob"]
    assert final["stock_remaining"] == STOCK_SIZE - 1
    assert final == {**final, "discard_pile": simulate(table, LIMIT_3)["pile"]}


def test_r4_9_a_round_that_ends_on_the_second_return_keeps_the_returned_card_on_top(client):
    deck = shuffled(49)
    table = {"dealer": "bob", "hands": {"ann": deck[:10], "bob": deck[10:20]},
             "upcard": deck[20], "stock": deck[21:], "actions": [
                 {"player": "ann", "action": "draw", "source": "discard", "card": deck[20]},
                 {"player": "ann", "action": "discard", "card": deck[20]},
                 {"player": "bob", "action": "draw", "source": "discard", "card": deck[20]},
                 {"player": "bob", "action": "discard", "card": deck[20]}]}
    log = {"rules": "openspiel", "players": ["ann", "bob"], "rounds": [table]}
    reply = client.post(REPLAY, json=log).get_json()
    assert reply["valid"] and reply["rounds"][0]["result"]["outcome"] == "draw"
    final = reply["rounds"][0]["final"]
    assert final["discard_pile"] == [deck[20]]
    assert final["hand_sizes"] == {"ann": 10, "bob": 10}
    assert reply["next"]["phase"] == "deal" and "discard_pile" not in reply["next"]


def test_r5_3_a_knocks_discard_tops_the_pile_while_the_defender_lays_down_and_after(client):
    from ginrules.package_data import example_logs

    waiting = example_logs()["game-awaiting-lay-down"]
    reply = client.post(REPLAY, json=waiting).get_json()
    knock = waiting["rounds"][-1]["actions"][-1]
    assert knock["action"] == "knock" and reply["next"]["phase"] == "lay_down"
    assert reply["next"]["discard_pile"][-1] == rewrite.code(knock["discard"])
    knocker = knock["player"]
    assert reply["next"]["hand_sizes"][knocker] == 10
    assert reply["rounds"][-1]["provisional"]
    assert reply["rounds"][-1]["final"] == {
        key: reply["next"][key] for key in ("discard_pile", "stock_remaining", "hand_sizes",
                                            "hands")}
    settled = copy.deepcopy(waiting)
    settled["rounds"][-1]["actions"].append(
        {"player": next(p for p in waiting["players"] if p != knocker), "action": "lay_down"})
    final = client.post(REPLAY, json=settled).get_json()["rounds"][-1]["final"]
    assert final["discard_pile"][-1] == rewrite.code(knock["discard"])
    assert rewrite.code(knock["discard"]) not in final["hands"][knocker]


def test_r4_1_hand_sizes_count_the_eleventh_card_of_the_player_to_discard(client):
    log, _ = limit_ending_log()
    table = log["rounds"][0]
    table["actions"] = table["actions"][:3]  # ann has drawn from the stock
    nxt = client.post(REPLAY, json=log).get_json()["next"]
    assert nxt["player"] == "ann" and nxt["phase"] == "discard"
    assert nxt["hand_sizes"] == {"ann": 11, "bob": 10}
    viewed = client.post(REPLAY, json={**log, "view": "bob"}).get_json()["next"]
    assert viewed["hand_sizes"] == {"ann": 11, "bob": 10} and list(viewed["hands"]) == ["bob"]


def test_r9_4_a_partnership_table_over_is_shown_while_the_other_is_played(client):
    rng = random.Random(94)
    shown = 0
    for seed in range(12):
        log = random_game(seed, "partnership", max_rounds=rng.randint(1, 2))
        first, second = log["rounds"][-1]["tables"]
        second["actions"] = second["actions"][: rng.randrange(len(second["actions"]))]
        reply = client.post(REPLAY, json=log).get_json()
        over = reply["next"].get("tables_over", [])
        if len(reply["rounds"]) == len(log["rounds"]):
            continue  # the cut table was over anyway: the round has its entry
        if simulate(second, {})["over"] or not over:
            continue
        assert [entry["table"] for entry in over] == [0]
        expected = simulate(first, {})
        assert over[0]["final"]["discard_pile"] == expected["pile"]
        assert over[0]["final"]["hands"] == expected["hands"]
        # A player of the other table sees the pile and the counts, and no hand.
        player = next(p for p in log["players"] if p not in first["hands"])
        viewed = client.post(REPLAY, json={**log, "view": player}).get_json()
        (seen,) = viewed["next"]["tables_over"]
        assert seen["final"] == {**over[0]["final"], "hands": {}}
        shown += 1
    assert shown >= 3


# What a player may see of the new fields (docs/gamelog.md view) -----------------------------


def test_a_view_shows_the_public_pile_and_counts_and_only_its_own_hand(client):
    rng = random.Random(7)
    compared = 0
    for seed in range(len(PRESETS) * 4):
        rules = PRESETS[seed % len(PRESETS)]
        log = random_game(seed, rules, max_rounds=rng.randint(1, 3))
        cut_last_round(log, rng)
        full = positions(client.post(REPLAY, json=log).get_json())
        for player in log["players"]:
            viewed = positions(client.post(REPLAY, json={**log, "view": player}).get_json())
            assert set(viewed) == set(full), (seed, player)
            for key, shown in viewed.items():
                whole = full[key][0]
                for position in shown:
                    assert position["discard_pile"] == whole["discard_pile"]
                    assert position["hand_sizes"] == whole["hand_sizes"]
                    assert position["stock_remaining"] == whole["stock_remaining"]
                    mine = {p: c for p, c in whole["hands"].items() if p == player}
                    # (``next`` leaves out the hands of a table the viewer is not at.)
                    assert position.get("hands", {}) == mine, (seed, player, key)
                    compared += 1
    assert compared >= 200


def test_a_views_positions_do_not_change_when_cards_it_cannot_see_change(client):
    # The limit ending of leaves the drawn card on the pile: a view's pile holds it, and
    # nothing else of the other hand shows, whatever the other hand holds.
    from .test_views import in_play, nobody_has_seen, seen_by, swap

    rng = random.Random(48)
    compared = 0
    for seed in range(40):
        log = random_game(seed, LIMIT_3 if seed % 2 else "openspiel", max_rounds=2)
        cut_last_round(log, rng)
        table = log["rounds"][-1]
        for player in log["players"]:
            settled = any(a["action"] == "lay_down" for a in table["actions"]) or \
                not any(a["action"] == "knock" for a in table["actions"])
            hidden = in_play(table) - seen_by(player, table, settled)
            hidden -= {rewrite.code(c) for c in table["hands"][player]}
            unseen = sorted(nobody_has_seen(table))
            if not hidden or len(unseen) < 2:
                continue
            changed = copy.deepcopy(log)
            x = rng.choice(sorted(hidden))
            swap(changed["rounds"][-1], x, rng.choice([c for c in unseen if c != x]))
            before = client.post(REPLAY, json={**log, "view": player}).get_json()
            after = client.post(REPLAY, json={**changed, "view": player}).get_json()
            assert after["valid"], seed
            assert positions(before) == positions(after), (seed, player, x)
            compared += 1
    assert compared >= 40


# The log as read (echo_log) -------------------------------------------------------------------


def spelled(document: dict, rng: random.Random) -> dict:
    """The same log with every card spelled another way (R-1.4), everything in its place."""
    twin = copy.deepcopy(document)
    for entry in twin["rounds"]:
        for table in tables_of(entry):
            table["hands"] = {p: [rewrite.spell(c, rng) for c in cards]
                              for p, cards in table["hands"].items()}
            table["upcard"] = rewrite.spell(table["upcard"], rng)
            if "stock" in table:
                table["stock"] = [rewrite.spell(c, rng) for c in table["stock"]]
            for action in table["actions"]:
                for key in ("card", "discard"):
                    if action.get(key):
                        action[key] = rewrite.spell(action[key], rng)
                for index, meld in enumerate(action.get("melds", [])):
                    cards = meld["cards"] if isinstance(meld, dict) else meld
                    cards = [rewrite.spell(c, rng) for c in cards]
                    action["melds"][index] = ({**meld, "cards": cards} if isinstance(meld, dict)
                                              else cards)
                for layoff in action.get("layoffs", []):
                    layoff["card"] = rewrite.spell(layoff["card"], rng)
    return twin


def canonical(document: dict) -> dict:
    """The same log with every card in its canonical code, by the tests' own reader."""
    twin = copy.deepcopy(document)
    for entry in twin["rounds"]:
        for table in tables_of(entry):
            table["hands"] = {p: [rewrite.code(c) for c in cards]
                              for p, cards in table["hands"].items()}
            table["upcard"] = rewrite.code(table["upcard"])
            if "stock" in table:
                table["stock"] = [rewrite.code(c) for c in table["stock"]]
            for action in table["actions"]:
                for key in ("card", "discard"):
                    if action.get(key):
                        action[key] = rewrite.code(action[key])
                for index, meld in enumerate(action.get("melds", [])):
                    cards = [rewrite.code(c) for c in (meld["cards"] if isinstance(meld, dict)
                                                       else meld)]
                    action["melds"][index] = ({**meld, "cards": cards} if isinstance(meld, dict)
                                              else cards)
                for layoff in action.get("layoffs", []):
                    layoff["card"] = rewrite.code(layoff["card"])
    return twin


def test_r1_4_the_echoed_log_is_the_log_with_every_card_canonical(client):
    from ginrules.package_data import example_logs

    rng = random.Random(14)
    logs = [example_logs()["game"], example_logs()["game-awaiting-lay-down"],
            *(random_game(seed, PRESETS[seed % len(PRESETS)], max_rounds=2) for seed in range(9))]
    for log in logs:
        twin = spelled(log, rng)
        reply = client.post(REPLAY, json={**twin, "echo_log": True}).get_json()
        echoed = reply.pop("log")
        expected = canonical(twin)
        for entry in expected["rounds"]:
            for table in tables_of(entry):
                for action in table["actions"]:
                    if action["action"] == "lay_down" and ("melds" in action
                                                           or "layoffs" in action):
                        action.setdefault("melds", [])  # a stated spread gives both fields
                        action.setdefault("layoffs", [])
        assert echoed == expected
        assert reply == client.post(REPLAY, json=log).get_json()  # the same replay otherwise


def test_r1_4_the_echo_of_other_notations_has_none_of_them(client):
    log = {"rules": "standard", "players": ["ann", "bob"], "echo_log": True, "rounds": [{
        "dealer": "bob",
        "hands": {"ann": ["7s", "8\u2660", "9S", "js", "QS", "KS", "6\u2665\ufe0f", "9d", "7C",
                          "9c"],
                  "bob": ["3S", "5s", "2h", "5\u2665", "9H", "10h", "5D", "3\u2663", "8C", "kc"]},
        "upcard": "10\u2663", "actions": [
            {"player": "ann", "action": "draw", "source": "discard", "card": "10c"},
            {"player": "ann", "action": "discard", "card": "6\u2665"}]}]}
    reply = client.post(REPLAY, json=log).get_json()
    table = reply["log"]["rounds"][0]
    assert table["upcard"] == "TC" and "TH" in table["hands"]["bob"]
    assert table["hands"]["ann"][6] == "6H"
    assert table["actions"] == [
        {"player": "ann", "action": "draw", "source": "discard", "card": "TC"},
        {"player": "ann", "action": "discard", "card": "6H"}]
    assert "echo_log" not in reply["log"] and reply["next"]["discard_pile"] == ["6H"]


def test_the_echo_is_the_whole_log_so_no_view_may_ask_for_it(client):
    log = {**example_logs_game(), "echo_log": True, "view": "ann"}
    reply = client.post(REPLAY, json=log)
    assert reply.status_code == 400
    assert reply.get_json()["errors"][0]["pointer"] == "/echo_log"
    assert reply.get_json()["errors"][0]["code"] == "not_with_view"
    wrong = client.post(REPLAY, json={**example_logs_game(), "echo_log": "yes"})
    assert wrong.status_code == 400 and wrong.get_json()["errors"][0]["pointer"] == "/echo_log"
    plain = client.post(REPLAY, json={**example_logs_game(), "echo_log": False}).get_json()
    assert "log" not in plain


# Logs made here ---------------------------------------------------------------------------------


def example_logs_game() -> dict:
    from ginrules.package_data import example_logs

    return example_logs()["game"]


def shuffled(seed: int) -> list[str]:
    deck = list(rewrite.ORDER)
    random.Random(seed).shuffle(deck)
    return deck


def limit_ending_log() -> tuple[dict, str]:
    """One round under an upcard draw limit of 3 that ends on the third draw from the discard
    pile (R-4.8), and the card that draw would have taken."""
    deck = shuffled(48)
    ann, bob, upcard, stock = deck[:10], deck[10:20], deck[20], deck[21:]
    actions = [
        {"player": "ann", "action": "pass"}, {"player": "bob", "action": "pass"},
        {"player": "ann", "action": "draw", "source": "stock", "card": stock[0]},
        {"player": "ann", "action": "discard", "card": ann[0]},
        {"player": "bob", "action": "draw", "source": "discard", "card": ann[0]},
        {"player": "bob", "action": "discard", "card": bob[0]},
        {"player": "ann", "action": "draw", "source": "discard", "card": bob[0]},
        {"player": "ann", "action": "discard", "card": ann[1]},
        {"player": "bob", "action": "draw", "source": "discard", "card": ann[1]},
    ]
    table = {"dealer": "bob", "hands": {"ann": ann, "bob": bob}, "upcard": upcard,
             "stock": stock, "actions": actions}
    return {"format": "ginrules-log/1", "rules": LIMIT_3, "players": ["ann", "bob"],
            "rounds": [table]}, ann[1]


@pytest.fixture(autouse=True)
def _contract_checked(client):
    """Every reply of this file goes through the contract-checking client."""
    from tests.conftest import ContractClient

    assert isinstance(client, ContractClient)
