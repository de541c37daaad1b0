"""View indistinguishability (docs/gamelog.md ``view``): a player's view of a game is a function of
what that player may know, their own cards and everything public.

For random games in progress of every variant, and for each player, one card that player cannot
have seen is swapped with one that nobody has seen, consistently through the table (hands,
stock, actions).  The game stays legal, and the viewed reply must stay the same byte for byte.
What a player has seen is worked out here from the log alone: their own hand and draws, the
upcard, every discard and pile draw, a knocker's spread, and both hands once a knock is settled.
"""

from __future__ import annotations

import copy
import os
import random

from testkit.generator import random_game

from . import rewrite

LONG = os.environ.get("GINRULES_HYPOTHESIS") == "long"
GAMES = 2000 if LONG else 70
PRESETS = ["standard", "oklahoma", "hollywood", "box", "cutthroat", "partnership", "modern",
           "openspiel", {"preset": "standard", "upcard_draw_limit": 3}]


def _tables(entry: dict) -> list[dict]:
    return entry["tables"] if "tables" in entry else [entry]


def seen_by(player: str, table: dict, settled: bool) -> set[str]:
    """The cards of one deal that ``player`` has seen, by the log alone."""
    hands = {p: {rewrite.code(c) for c in cards} for p, cards in table["hands"].items()}
    seen = {rewrite.code(table["upcard"])} | hands.get(player, set())
    stock = [rewrite.code(c) for c in table.get("stock", [])]
    drawn = 0
    knocker = None
    for action in table["actions"]:
        who, kind = action["player"], action["action"]
        if kind == "draw" and action["source"] == "stock":
            card = stock[drawn] if stock else rewrite.code(action["card"])
            drawn += 1
            hands[who].add(card)
            if who == player:
                seen.add(card)
        elif kind == "draw":  # the top of the pile, face up
            card = next(c for c in _pile(table, action))
            hands[who].add(card)
        elif kind in ("discard", "knock"):
            card = action.get("card") or action.get("discard")
            if card is not None:
                seen.add(rewrite.code(card))
                hands[who].discard(rewrite.code(card))
            if kind == "knock":
                knocker = who
                seen |= hands[who]  # the knocker spreads every card
        elif kind == "lay_down":
            settled = True
    if knocker is not None and settled:
        for cards in hands.values():
            seen |= cards
    return seen


def _pile(table: dict, upto: dict):
    """The top of the discard pile just before the action ``upto``."""
    pile = [rewrite.code(table["upcard"])]
    for action in table["actions"]:
        if action is upto:
            yield pile[-1]
            return
        if action["action"] == "draw" and action["source"] == "discard":
            pile.pop()
        elif action["action"] in ("discard", "knock") and (
                action.get("card") or action.get("discard")):
            pile.append(rewrite.code(action.get("card") or action.get("discard")))


def in_play(table: dict) -> set[str]:
    """Every card the deal's log names or deals."""
    cards = {rewrite.code(table["upcard"])}
    for hand in table["hands"].values():
        cards |= {rewrite.code(c) for c in hand}
    cards |= {rewrite.code(c) for c in table.get("stock", [])}
    for action in table["actions"]:
        if action.get("card"):
            cards.add(rewrite.code(action["card"]))
    return cards


def nobody_has_seen(table: dict) -> set[str]:
    """Cards still face down in the stock, never drawn (or, without a stock, never named)."""
    if "stock" not in table:
        return set(rewrite.ORDER) - in_play(table)
    draws = sum(1 for a in table["actions"] if a["action"] == "draw" and a["source"] == "stock")
    return {rewrite.code(c) for c in table["stock"][draws:]}


def swap(table: dict, x: str, y: str) -> None:
    """Swap two cards everywhere in one deal."""
    def one(token):
        card = rewrite.code(token)
        return y if card == x else x if card == y else card

    def meld(value):
        if isinstance(value, dict):
            return {**value, "cards": [one(c) for c in value["cards"]]}
        return [one(c) for c in value]

    table["hands"] = {p: [one(c) for c in cards] for p, cards in table["hands"].items()}
    table["upcard"] = one(table["upcard"])
    if "stock" in table:
        table["stock"] = [one(c) for c in table["stock"]]
    for action in table["actions"]:
        for key in ("card", "discard"):
            if action.get(key):
                action[key] = one(action[key])
        if "melds" in action:
            action["melds"] = [meld(m) for m in action["melds"]]
        for layoff in action.get("layoffs", []):
            layoff["card"] = one(layoff["card"])


def awaiting_lay_down(reply: dict) -> set[int]:
    """The tables of the last round (by position) whose knock awaits the lay_down."""
    if "next" not in reply:
        return set()
    moves = reply["next"]["tables"] if "tables" in reply["next"] else [reply["next"]]
    return {move.get("table", 0) for move in moves if move["phase"] == "lay_down"}


def test_a_view_does_not_change_when_cards_the_player_cannot_see_change(client):
    rng = random.Random(77)
    compared = 0
    for seed in range(GAMES):
        preset = PRESETS[seed % len(PRESETS)]
        log = random_game(seed, preset, max_rounds=rng.randint(1, 4))
        for table in _tables(log["rounds"][-1]):
            table["actions"] = table["actions"][: rng.randrange(len(table["actions"]) + 1)]
        full = client.post("/v1/games/replay", json=log).get_json()
        assert full["valid"], (seed, full["violations"])
        for player in log["players"]:
            changed = copy.deepcopy(log)
            tables = _tables(changed["rounds"][-1])
            position = rng.randrange(len(tables))
            table = tables[position]
            # A knock is settled (both hands shown) unless it awaits the defender's lay_down.
            settled = position not in awaiting_lay_down(full)
            hidden = in_play(table) - seen_by(player, table, settled)
            unseen = nobody_has_seen(table)
            mine = {rewrite.code(c) for c in table["hands"].get(player, [])}
            candidates = sorted((hidden - mine) & (in_play(table) | unseen))
            if not candidates or not unseen:
                continue
            # Mostly a card dealt to another player, where a leak would show first.
            theirs = [c for c in candidates
                      if any(c in {rewrite.code(t) for t in cards}
                             for p, cards in table["hands"].items() if p != player)]
            x = rng.choice(theirs if theirs and rng.random() < 0.8 else candidates)
            ys = sorted(unseen - {x})
            if not ys:
                continue
            swap(table, x, rng.choice(ys))
            assert client.post("/v1/games/replay", json=changed).get_json()["valid"], seed
            before = client.post("/v1/games/replay", json={**log, "view": player})
            after = client.post("/v1/games/replay", json={**changed, "view": player})
            assert before.data == after.data, (seed, preset, player, x)
            compared += 1
    assert compared >= GAMES
