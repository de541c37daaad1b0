"""RLCard's gin rummy as an engine of the conformance protocol (docs/conformance.md).

    pip install rlcard
    ginrules conformance --engine "python conformance/adapters/rlcard_engine.py"

Every answer is RLCard's: its ``melding`` utilities (the best meld clusters of ten cards and
their deadwood) and its ``judge`` (the cards a player may knock or go gin with, which its game
offers as actions).  RLCard numbers cards as the kit does (``suit * 13 + rank``, suits S H D
C), so this file translates little.

RLCard plays its own rules, through its ``Settings``: ``going_out_deadwood_count`` is the
kit's ``knock_limit`` and ``is_allowed_to_discard_picked_up_card`` its ``taken_card_discard``;
it melds only hands of ten cards, has no big gin, no Oklahoma, no round the corner, and aces
worth 1.  It plays no layoffs and scores no points (its payoffs are 1 for gin, 0.2 for a knock),
and its rounds deal eleven cards to the non-dealer: so it answers the topics ``deadwood``,
``discards`` and ``knock`` only, and any question under other rules ``not_implemented``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rlcard.games.gin_rummy import judge  # noqa: E402
from rlcard.games.gin_rummy.utils import melding, utils  # noqa: E402
from rlcard.games.gin_rummy.utils.settings import Settings  # noqa: E402

from jsonlines import NotImplemented_, needs, serve  # noqa: E402

RANKS, SUITS = "A23456789TJQK", "SHDC"
PLAYS = {"round_the_corner": {False}, "ace_deadwood_value": {1}, "big_gin_bonus": {None},
         "oklahoma": {False}}
"""The options RLCard plays and the one value of each (``knock_limit`` and
``taken_card_discard`` are its settings)."""
HANDS = ["round_the_corner", "ace_deadwood_value"]
KNOCKS = HANDS + ["big_gin_bonus", "oklahoma"]


def card_id(code: str) -> int:
    return SUITS.index(code[1]) * 13 + RANKS.index(code[0])


def code(card) -> str:
    number = utils.get_card_id(card)
    return RANKS[number % 13] + SUITS[number // 13]


def hand_of(codes: list[str], size: int) -> list:
    """RLCard's cards for a hand of ``size`` distinct canonical codes."""
    if len(codes) != size or len(set(codes)) != size or not all(
            len(c) == 2 and c[0] in RANKS and c[1] in SUITS for c in codes):
        raise NotImplemented_(f"RLCard melds hands of {size} distinct cards")
    return [utils.get_card(card_id(c)) for c in codes]


def least(cards: list) -> tuple[int, list]:
    """Its best meld cluster of ten cards and the deadwood it leaves."""
    clusters = melding.get_best_meld_clusters(hand=cards)
    best = clusters[0] if clusters else []
    return utils.get_deadwood_count(cards, best), best


def going_out(cards: list, options: dict) -> tuple[set[str], list[str]]:
    """Its judge's knock cards and gin cards of eleven cards, under the kit's knock limit."""
    knock, gin = judge.get_going_out_cards(cards, options["knock_limit"])
    return {code(c) for c in knock}, [code(c) for c in gin]


def deadwood(options: dict, question: dict) -> dict:
    needs(options, PLAYS, HANDS)
    count, best = least(hand_of(question["hand"], 10))
    return {"deadwood": count, "melds": [[code(c) for c in meld] for meld in best]}


def discards(options: dict, question: dict) -> dict:
    """Each discard's deadwood as RLCard's game acts on it: a card its judge lists as a gin
    discard leaves nothing, any other what its melding counts."""
    needs(options, PLAYS, KNOCKS)
    cards = hand_of(question["hand"], 11)
    knock, gin = going_out(cards, options)
    after = {}
    for card in cards:
        if code(card) in gin:
            after[code(card)] = 0
        else:
            after[code(card)] = least([c for c in cards if c is not card])[0]
    return {"after": after, "may_knock": bool(knock or gin),
            "knock_limit": options["knock_limit"]}


def knock(options: dict, question: dict) -> dict:
    needs(options, PLAYS, KNOCKS)
    if question["discard"] is None:
        raise NotImplemented_("big gin (R-5.5): RLCard has none")
    if question.get("melds") is not None:
        raise NotImplemented_("declared melds: RLCard melds the knocker's cards itself")
    cards = hand_of(question["hand"], 11)
    discard = question["discard"]
    if discard not in question["hand"]:
        return {"legal": False}
    settings = Settings()
    taken = question.get("taken_card")
    forbid = not settings.is_allowed_to_discard_picked_up_card
    if (options["taken_card_discard"] == "forbid") != forbid and taken is not None:
        raise NotImplemented_(f'taken_card_discard: "{options["taken_card_discard"]}"')
    knock_cards, gin = going_out(cards, options)
    count = 0 if discard in gin else least([c for c in cards if code(c) != discard])[0]
    legal = (discard in knock_cards or discard in gin) and not (forbid and taken == discard)
    return {"legal": legal, "deadwood": count, "gin": discard in gin,
            "knock_limit": options["knock_limit"]}


TOPICS = {"deadwood": deadwood, "discards": discards, "knock": knock}


def answer(topic: str, options: dict, question: dict) -> dict:
    return TOPICS[topic](options, question)


if __name__ == "__main__":
    sys.exit(serve("RLCard gin rummy", sorted(TOPICS), answer))
