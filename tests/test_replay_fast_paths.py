"""The replay's quick paths give exactly what the paths they stand in for give.

A log is mostly plain draws and discards, which the engine plays in one loop
(``Deal.play_plain``); every other move, and any move the loop does not plainly accept, goes
through ``Deal.play`` with its checks.  Declared melds are looked up in a catalogue of every
set and run (``documents.declared_melds``), and anything else is read by ``parse_melds``.
Each quick path must leave the same state, and the same faults, as the full path.
"""

from __future__ import annotations

import random

import pytest

from service.rules.cards import CARD_SPELLINGS
from service.rules.documents import declared_melds
from service.rules.engine import Deal, Discard, Draw, IllegalMove, Knock, Pass
from service.rules.errors import InvalidMeldError
from service.rules.melds import parse_melds

from .test_engine import PRESETS, every_try, new_deal

STATE = [name for name in Deal.__slots__ if name != "rules"]


def state(deal: Deal) -> dict:
    return {name: getattr(deal, name) for name in STATE}


def tried_moves(rng: random.Random, rules, known_stock: bool) -> tuple[Deal, list]:
    """A fresh deal and the moves tried on it: mostly legal ones, some anyone could try, and
    without a known stock stock draws naming a card, seen or not (R-4.1 to R-4.8)."""
    deal = new_deal(rng, rules)
    if not known_stock:
        deal._stock = None
    fresh = Deal.__new__(Deal)
    for name in Deal.__slots__:
        setattr(fresh, name, getattr(deal, name))
    fresh.hands, fresh.pile, fresh.history = dict(deal.hands), list(deal.pile), []
    moves = []
    while not deal.over and len(moves) < 120:
        roll = rng.random()
        if roll < 0.8 and deal.legal_moves():
            move = rng.choice(deal.legal_moves())
            if type(move) is Draw and move.source == "stock" and not known_stock:
                move = Draw(move.player, "stock", rng.choice(
                    [card for card in range(52) if not deal.seen >> card & 1]))
        elif roll < 0.9 or known_stock:
            move = rng.choice(every_try(deal))
        else:
            move = Draw(rng.choice(deal.players), "stock", rng.randrange(52))
        if type(move) is Knock and rng.random() < 0.7:
            continue  # most tries go on with the deal
        moves.append(move)
        try:
            deal.play(move)
        except IllegalMove:
            pass
    return fresh, moves


def one_by_one(deal: Deal, moves: list) -> list:
    faults = []
    for position, move in enumerate(moves):
        try:
            deal.play(move)
        except IllegalMove as error:
            faults.append((position, error.code, error.rule, error.detail))
    return faults


def in_plain_runs(deal: Deal, moves: list) -> list:
    faults = []
    position = deal.play_plain(moves)
    while position < len(moves):
        try:
            deal.play(moves[position])
        except IllegalMove as error:
            faults.append((position, error.code, error.rule, error.detail))
        position = deal.play_plain(moves, position + 1)
    return faults


@pytest.mark.parametrize("known_stock", [True, False], ids=["stock", "no-stock"])
@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_plain_runs_play_as_moves_one_by_one_R4(rules, known_stock):
    rng = random.Random(f"{rules}{known_stock}")
    for _ in range(40):
        deal, moves = tried_moves(rng, rules, known_stock)
        twin = deal.copy()
        assert in_plain_runs(twin, moves) == one_by_one(deal, moves)
        assert state(twin) == state(deal)


def test_a_plain_run_stops_at_the_first_move_it_does_not_plainly_accept_R4_4():
    rng = random.Random(7)
    deal = new_deal(rng, "standard")
    other = Discard("bob", 0)
    moves = [Pass("ann"), Pass("bob"), Draw("ann", "stock"), other]
    assert deal.play_plain(moves) == 0  # a pass is left to play
    deal.play(moves[0])
    deal.play(moves[1])
    assert deal.play_plain(moves, 2) == 3  # bob's discard out of turn is left to play
    with pytest.raises(IllegalMove) as fault:
        deal.play(other)
    assert fault.value.code == "not_your_turn"


def random_melds(rng: random.Random) -> list:
    """Declared melds as a client might write them: mostly real sets and runs, some not."""
    melds = []
    for _ in range(rng.randint(0, 4)):
        if rng.random() < 0.5:
            rank = rng.randrange(13)
            cards = rng.sample([suit * 13 + rank for suit in range(4)], rng.randint(2, 4))
        else:
            suit, length = rng.randrange(4), rng.randint(2, 6)
            low = rng.randrange(13)
            cards = [suit * 13 + (low + i) % 13 for i in range(length)]
        if rng.random() < 0.1:
            cards.append(rng.randrange(52))
        tokens = [rng.choice(CARD_SPELLINGS[card]) for card in cards]
        rng.shuffle(tokens)
        if rng.random() < 0.05:
            tokens.append(rng.choice(["XX", 5, None, ["AS"]]))
        if rng.random() < 0.4:
            kind = rng.choice(["set", "run"]) if rng.random() < 0.2 else (
                "set" if len({c % 13 for c in cards}) == 1 else "run")
            melds.append({"kind": kind, "cards": tokens})
        else:
            melds.append(tokens)
    return melds


def read(reader, melds, corner: bool):
    try:
        return "melds", reader(melds, round_the_corner=corner)
    except InvalidMeldError as error:
        return "faults", error.problems


@pytest.mark.parametrize("corner", [False, True], ids=["ace-low", "round-the-corner"])
def test_declared_melds_read_as_parse_melds_reads_them_R2(corner):
    rng = random.Random(f"melds{corner}")
    accepted = 0
    for _ in range(3000):
        melds = random_melds(rng)
        quick = read(declared_melds, melds, corner)
        assert quick == read(parse_melds, melds, corner), melds
        accepted += quick[0] == "melds"
    assert 300 < accepted < 2700  # both kinds of answer were compared
