"""A refused move in a player's view (docs/gamelog.md ``view``): the viewer's own refused move
carries its full reason (their cards, melds and layoffs are theirs), another player's names no
card and no count, and neither tells anything about the cards the viewer cannot see.

The information-set test of test_views.py, with a refused move at the end of the log: one card
the viewer cannot have seen is swapped with one nobody has seen (the next stock card where a
refused stock draw could name it), the same refused move is appended to both logs, and the
viewed replies must be the same byte for byte.
"""

from __future__ import annotations

import copy
import random

from ginrules.rules.errors import UNSEEN_BY_THE_MOVER, private_detail
from testkit.generator import random_game

from . import rewrite
from .test_views import (GAMES, PRESETS, _tables, awaiting_lay_down, in_play, nobody_has_seen,
                         seen_by, swap)


def _next_of(reply: dict, position: int) -> dict | None:
    """The ``next`` of one table of the last round (by position), if it is still played."""
    moves = reply.get("next")
    if not moves:
        return None
    for move in moves["tables"] if "tables" in moves else [moves]:
        if move.get("table", 0) == position and move["phase"] != "deal":
            return move
    return None


def own_refusal(rng: random.Random, hand: list[str], hidden: str, drawing: bool) -> dict:
    """A move the viewer might try and the rules refuse whatever the hidden cards are: it names
    the viewer's own cards, public ones or a card the viewer cannot see (``hidden``); mostly a
    stock draw where the viewer is to draw."""
    mine = sorted(hand, key=rewrite.ORDER.index)
    kind = 2 if drawing and rng.random() < 0.5 else rng.randrange(6)
    if kind == 0:  # a knock with a declared "meld" of three of the viewer's own cards
        chosen = rng.sample(mine, 3) if len(mine) >= 3 else [*mine, hidden][:3]
        return {"action": "knock", "discard": mine[0] if mine else hidden, "melds": [chosen]}
    if kind == 1:  # a discard of a card the viewer does not hold: the hidden one itself
        return {"action": "discard", "card": hidden}
    if kind == 2:  # a stock draw naming a card of the viewer's hand: never the next one
        return {"action": "draw", "source": "stock", "card": mine[0] if mine else hidden}
    if kind == 3:  # a knock discarding the hidden card
        return {"action": "knock", "discard": hidden}
    if kind == 4:  # a lay-down laying off the hidden card
        return {"action": "lay_down", "melds": [], "layoffs": [{"card": hidden, "meld": 0}]}
    return {"action": "pass"}


def their_refusal(rng: random.Random, hidden: str, seen: list[str], mine: list[str]) -> dict:
    """A move of another player that the rules judge without their hand: declared cards that
    are no meld (R-2), a draw from the pile naming a card the viewer holds (R-4.1), a pass (out
    of its moment, or a legal one, which shows nothing hidden either)."""
    cards = [hidden, *rng.sample(seen, 2)]
    kind = rng.randrange(3)
    if kind == 0 and cards[1][0] != cards[2][0] and len({c[1] for c in cards}) > 1:
        return {"action": "knock", "discard": None, "melds": [cards]}
    if kind == 1 and mine:
        return {"action": "draw", "source": "discard", "card": rng.choice(mine)}
    return {"action": "pass"}


def _violation(reply: dict) -> dict | None:
    return None if reply["valid"] else reply["violations"][0]


def test_a_refusal_in_a_view_tells_nothing_of_the_cards_the_viewer_cannot_see(client):
    rng = random.Random(39)
    compared = {"own": 0, "full reason": 0, "theirs": 0, "stock": 0}
    for seed in range(GAMES):
        preset = PRESETS[seed % len(PRESETS)]
        log = random_game(seed, preset, max_rounds=rng.randint(1, 3))
        for table in _tables(log["rounds"][-1]):
            table["actions"] = table["actions"][: rng.randrange(len(table["actions"]) + 1)]
        full = client.post("/v1/games/replay", json=log).get_json()
        assert full["valid"], (seed, full["violations"])
        tables = _tables(log["rounds"][-1])
        position = rng.randrange(len(tables))
        table = tables[position]
        settled = position not in awaiting_lay_down(full)
        move = _next_of(full, position)
        for viewer in table["hands"]:
            hidden = sorted(in_play(table) - seen_by(viewer, table, settled))
            unseen = nobody_has_seen(table)
            if not hidden or len(unseen) < 2:
                continue
            theirs = [c for c in hidden
                      if any(c in {rewrite.code(t) for t in cards}
                             for p, cards in table["hands"].items() if p != viewer)]
            x = rng.choice(theirs or hidden)
            draws = sum(1 for a in table["actions"]
                        if a["action"] == "draw" and a["source"] == "stock")
            stock = [rewrite.code(c) for c in table.get("stock", [])]
            # The next stock card, where a refused stock draw's full reason would name it.
            following = stock[draws] if draws < len(stock) else None
            y = following if following in unseen and following != x else rng.choice(
                sorted(unseen - {x}))
            changed = copy.deepcopy(log)
            swap(_tables(changed["rounds"][-1])[position], x, y)
            hand = sorted((move or {}).get("hands", {}).get(viewer, []))
            seen = sorted(seen_by(viewer, table, settled) - {x, y})
            mover = move["player"] if move and move.get("player") else viewer
            others = [p for p in table["hands"] if p != viewer]
            drawing = bool(move) and mover == viewer and move["phase"] == "draw"
            attempts = [("own", viewer, own_refusal(rng, hand, x, drawing))]
            if others and len(seen) >= 2:
                who = mover if mover != viewer else rng.choice(others)
                attempts.append(("theirs", who, their_refusal(rng, x, seen, hand)))
            for whose, player, action in attempts:
                replies = []
                for game in (log, changed):
                    tried = copy.deepcopy(game)
                    _tables(tried["rounds"][-1])[position]["actions"].append(
                        {"player": player, **action})
                    replies.append((
                        client.post("/v1/games/replay", json=tried).get_json(),
                        client.post("/v1/games/replay", json={**tried, "view": viewer})))
                (plain, before), (_, after) = replies
                assert before.data == after.data, (seed, preset, viewer, whose, action, x, y)
                refused, shown = _violation(plain), _violation(before.get_json())
                if refused is None:
                    continue
                assert shown is not None and shown["pointer"] == refused["pointer"]
                assert shown["code"] == refused["code"] and shown.get("rule") == refused.get("rule")
                if whose == "own" and refused["code"] not in UNSEEN_BY_THE_MOVER:
                    assert shown["detail"] == refused["detail"]  # the full reason: theirs
                    compared["full reason"] += refused["detail"] != private_detail(
                        refused["code"], refused.get("rule"))
                else:
                    assert shown["detail"] == private_detail(refused["code"], refused.get("rule"))
                compared["stock"] += refused["code"] == "wrong_stock_card"
                compared[whose] += 1
    assert compared["own"] >= GAMES and compared["theirs"] >= GAMES // 2, compared
    assert compared["full reason"] >= GAMES // 2 and compared["stock"] >= 3, compared


def test_your_own_wrong_meld_is_explained_in_your_view_and_not_in_the_others(client):
    from ginrules.package_data import example_logs
    log = copy.deepcopy(example_logs()["game-awaiting-lay-down"])
    knock = log["rounds"][-1]["actions"][-1]
    assert knock["action"] == "knock" and knock["player"] == "bob"
    knock["melds"] = [["8S", "8H", "6C"], *knock["melds"][1:]]
    plain = client.post("/v1/games/replay", json=log).get_json()["violations"][0]
    assert plain["detail"].startswith("8S 8H 6C is not a meld")
    mine = client.post("/v1/games/replay", json={**log, "view": "bob"}).get_json()
    assert mine["violations"] == [plain]
    theirs = client.post("/v1/games/replay", json={**log, "view": "ann"}).get_json()
    assert theirs["violations"][0]["detail"] == private_detail("invalid_meld", "R-2.2")
    assert "8S" not in theirs["violations"][0]["detail"]
