"""Closure: what ``next`` offers is exactly what the replay accepts, under many rule sets.

Positions are seeded game logs of every kind of play, cut at a random action.  At each one,
every move anyone could try (every player of the game, every kind of action, every card) is
appended to the log of each unfinished table and replayed; the replay must accept exactly the
moves ``next`` offers there, and no accepted move may leave a position where the player to
move has no legal move (R-4 to R-6; the wall, R-4.7, and the pile-draw limit, R-4.8).
"""

from __future__ import annotations

import copy
import random

import pytest

from ginrules.rules.base.cards import CARD_NAMES
from ginrules.rules.base.options import resolve_rules
from ginrules.rules.table.moves import Discard, Draw, Knock, LayDownOption, Pass
from ginrules.rules.usecases.replay import replay

from testkit.generator import random_game

RULE_SETS = [
    "standard",
    {"preset": "standard", "wall": "last_discard"},
    {"preset": "standard", "wall": "last_discard", "taken_card_discard": "allow"},
    {"preset": "standard", "upcard_draw_limit": 3},
    {"preset": "openspiel", "upcard_draw_limit": 2},
    {"preset": "standard", "round_the_corner": True, "ace_deadwood_value": 15},
    {"preset": "standard", "big_gin_bonus": 31, "knock_limit": 4},
    "oklahoma",
    "straight",
    "openspiel",
    "box",
    "cutthroat",
    "partnership",
    "hollywood",
]

POSITIONS_PER_RULE_SET = 12


def positions(rules, count: int):
    """Logs in progress under ``rules``: seeded games cut at a random action of their last
    round (of one of its tables, for partnership), none of them over."""
    rng = random.Random(str(rules))
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        log = random_game(rng.getrandbits(32), rules, max_rounds=rng.randint(1, 2),
                          with_stock=rng.random() < 0.8)
        last = log["rounds"][-1]
        tables = last["tables"] if "tables" in last else [last]
        table = rng.choice(tables)
        table["actions"] = table["actions"][:rng.randrange(len(table["actions"]) + 1)]
        result = replay(log)
        if result.valid and result.next is not None:
            found.append(log)
    return found


def as_action(move) -> dict:
    """A core move as a log action (docs/gamelog.md ``actions``)."""
    if type(move) is Pass:
        return {"player": move.player, "action": "pass"}
    if type(move) is Draw:
        body = {"player": move.player, "action": "draw", "source": move.source}
        if move.card is not None:
            body["card"] = CARD_NAMES[move.card]
        return body
    if type(move) is Discard:
        return {"player": move.player, "action": "discard", "card": CARD_NAMES[move.card]}
    if type(move) is Knock:
        return {"player": move.player, "action": "knock",
                "discard": None if move.discard is None else CARD_NAMES[move.discard]}
    raise TypeError(move)


def candidates(players, top, known_stock: bool) -> list:
    """Every move anyone could try: each kind, each card.  A stock draw names its card where
    the log has no stock (the card is the draw's chance outcome, R-4.5)."""
    moves = []
    for player in players:
        moves += [Pass(player), Knock(player, None)]
        if known_stock:
            moves.append(Draw(player, "stock"))
        if top is not None:
            moves += [Draw(player, "discard", top), Draw(player, "discard")]
        for card in range(52):
            moves += [Discard(player, card), Knock(player, card)]
            if not known_stock:
                moves.append(Draw(player, "stock", card))
    return moves


def appended(log: dict, table_index: int | None, move) -> dict:
    trial = copy.deepcopy(log)
    last = trial["rounds"][-1]
    table = last["tables"][table_index] if table_index is not None else last
    table["actions"].append(as_action(move))
    return trial


def offered_as(move, top):
    """An accepted move as ``next`` lists it: a pile draw names its card, a stock draw never
    does (the stock's next card, or the card the log names, is its outcome)."""
    if type(move) is Draw:
        return Draw(move.player, move.source, top if move.source == "discard" else None)
    return move


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_r4_r5_r6_replay_accepts_exactly_what_next_offers(rules):
    checked = 0
    for log in positions(rules, POSITIONS_PER_RULE_SET):
        result = replay(log)
        nexts = result.next if isinstance(result.next, tuple) else (result.next,)
        for next_move in nexts:
            if next_move.phase in ("deal", "lay_down"):
                continue  # a new round, or a lay-down: not a move of the table's play
            last = log["rounds"][-1]
            index = next_move.table if "tables" in last else None
            table = last["tables"][index] if index is not None else last
            known_stock = "stock" in table
            offered = set(next_move.moves)
            assert not any(isinstance(m, LayDownOption) for m in offered)
            accepted = set()
            for move in candidates(log["players"], next_move.discard_top, known_stock):
                trial = replay(appended(log, index, move))
                if trial.valid:
                    accepted.add(offered_as(move, next_move.discard_top))
                    follow = trial.next if isinstance(trial.next, tuple) else (trial.next,)
                    # No dead end: whoever is to move has a legal move, or the table is over.
                    for after in follow:
                        if after is not None and after.phase not in ("deal", "over"):
                            assert after.moves, (rules, move, after)
                else:
                    problem = trial.violations[0]
                    assert problem.path[-1] == len(table["actions"]), (rules, move, problem)
            assert accepted == offered, (rules, next_move.phase, accepted ^ offered)
            checked += 1
    assert checked >= POSITIONS_PER_RULE_SET // 2


def test_every_rule_set_of_the_closure_is_one_the_service_accepts():
    assert len({str(rules) for rules in RULE_SETS}) >= 10
    for rules in RULE_SETS:
        resolve_rules(rules)
