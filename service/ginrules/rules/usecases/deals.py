"""A round the service shuffles and deals (``POST /v1/deals``, ``ginrules deal``; R-3.1,
ginrules-deal/1).

The request names the rules, the players and who deals (the variant's header fields too:
``roles`` for box, ``teams`` and the ``tables`` for partnership); the variant seats the round
(:meth:`~..match.variants.Variant.seat_deal`), the shuffle (table/shuffle.py) makes each
table's deck from the seed, the round and the table, and the engine deals it
(:func:`~..table.dealing.deal_deck`, checked by :class:`~..table.engine.Deal`).  The result is
the next round of a ginrules-log/1 log, its actions still to be played.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base.cards import Card
from ..base.options import Rules
from ..documents.gamelog import read_header, unknown_fields
from ..errors import MAX_PROBLEMS, InvalidDealRequestError, Problem
from ..match.variants import variant_for
from ..table.dealing import deal_deck
from ..table.engine import Deal
from ..table.shuffle import MAX_ROUND, MAX_SEED, SHUFFLE, seeded_deck


@dataclass(frozen=True)
class DealtDeal:
    """One deal as dealt (R-3.1): its dealer (cutthroat: the third player, who sits out),
    each player's ten cards in the order dealt (first the player offered the upcard first),
    the upcard and the stock, next card first."""

    dealer: str
    hands: Mapping[str, tuple[Card, ...]]
    upcard: Card
    stock: tuple[Card, ...]


@dataclass(frozen=True)
class DealtRound:
    """A round shuffled from ``seed`` (R-3.1, ginrules-deal/1): its tables, and whether the log
    writes it as
    ``{"tables": [...]}`` (partnership) rather than as its one table."""

    shuffle: str
    seed: int
    round: int
    tables: tuple[DealtDeal, ...]
    in_tables: bool


def new_seed() -> int:
    """A seed from the operating system's generator, from 0 to MAX_SEED (R-3.1, ginrules-deal/1)."""
    return secrets.randbelow(MAX_SEED + 1)


def deal_round(rules: Rules, players: Sequence[str], seed: int, round: int = 0, *,
               dealer: str | None = None, roles: dict[str, str] | None = None,
               teams: list[list[str]] | None = None,
               tables: Sequence[Sequence[str]] | None = None) -> DealtRound:
    """Shuffle and deal round ``round`` of a game from ``seed`` (R-3.1, ginrules-deal/1), seated by
    the variant:
    ``dealer`` for every variant but partnership (for box it may be left out: the player in
    the box deals), ``tables`` (each dealer first) for partnership; ``roles`` and ``teams`` as
    the log's header gives them.  :class:`InvalidDealRequestError` names the fault."""
    match = variant_for(rules, players, roles=roles, teams=teams)
    seatings = match.seat_deal(dealer, tables)
    if isinstance(seatings, Problem):
        raise InvalidDealRequestError(seatings.detail, [seatings])
    dealt = []
    for position, seating in enumerate(seatings):
        first = seating.first
        (second,) = (p for p in seating.players if p != first)
        hands, upcard, stock = deal_deck(seeded_deck(seed, round, position), first, second)
        Deal(rules, hands, upcard, first, stock)  # the one deal check
        dealt.append(DealtDeal(seating.dealer, hands, upcard, stock))
    return DealtRound(SHUFFLE, seed, round, tuple(dealt), match.tables_per_round > 1)


DEAL_FIELDS = ("rules", "players", "dealer", "roles", "teams", "tables", "seed", "round")
"""The fields of a deal request (``POST /v1/deals``)."""


def deal_document(document: Any) -> DealtRound:
    """Read a deal request (``rules``, ``players``, ``dealer``, ``roles``, ``teams``,
    ``tables``, ``seed``, ``round``) and deal it; without a seed, one is drawn
    (:func:`new_seed`).  :class:`InvalidDealRequestError` lists every fault it can find."""
    if not isinstance(document, Mapping):
        detail = "a deal request is a JSON object"
        raise InvalidDealRequestError(detail, [Problem((), "wrong_type", detail)])
    problems = unknown_fields(document, DEAL_FIELDS)
    rules, players = read_header(document, problems)
    seed = document.get("seed")
    if seed is None:
        seed = new_seed()
    elif not _integer(seed, MAX_SEED):
        problems.append(Problem(("seed",), "invalid_value",
                                f"a seed is an integer from 0 to {MAX_SEED}", "R-3.1"))
    round = document.get("round", 0)
    if not _integer(round, MAX_ROUND):
        problems.append(Problem(("round",), "invalid_value",
                                f"round is an integer from 0 to {MAX_ROUND}", "R-3.1"))
    dealer = document.get("dealer")
    if dealer is not None and not isinstance(dealer, str):
        problems.append(Problem(("dealer",), "wrong_type", "dealer is a player's name"))
    tables = document.get("tables")
    if tables is not None:
        problems += _table_lists(tables)
    if problems:
        raise InvalidDealRequestError("; ".join(p.detail for p in problems[:20]), problems)
    assert rules is not None and players is not None  # else read_header recorded a problem
    return deal_round(rules, players, seed, round, dealer=dealer, roles=document.get("roles"),
                      teams=document.get("teams"), tables=tables)


def _integer(value: Any, largest: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= largest


def _table_lists(tables: Any) -> list[Problem]:
    """The faults of form of a deal request's ``tables``: a list of tables, each a list of
    player names, each fault at its place."""
    detail = "tables is a list of tables, each a list of player names"
    if not isinstance(tables, list):
        return [Problem(("tables",), "wrong_type", detail)]
    problems = []
    for index, table in enumerate(tables):
        if not isinstance(table, list):
            problems.append(Problem(("tables", index), "wrong_type", detail))
            continue
        problems += [Problem(("tables", index, at), "wrong_type", "a player's name is a string")
                     for at, name in enumerate(table) if not isinstance(name, str)]
    return problems[:MAX_PROBLEMS]
