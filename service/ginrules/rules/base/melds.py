"""Melds and arrangements (R-2): sets, runs, and a hand split into melds plus deadwood."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

from .cards import (
    CARD_NAMES,
    CARDS,
    CARD_RANKS,
    CARD_SUITS,
    Card,
    bad_card_detail,
    canonical,
    card_values,
    card_or_none,
    describe_token,
    hand_names,
)
from ..errors import MAX_PROBLEMS, InvalidHandError, InvalidMeldError, Problem
from .sizes import MELDS_HAND_SIZES as MELDS_HAND_SIZES  # re-exported: its home is sizes.py

MeldKind = Literal["set", "run"]


@dataclass(frozen=True, slots=True)
class Meld:
    """A set (R-2.1) or a run (R-2.2, R-2.7); ``cards`` are in meld order (:func:`meld_order`):
    canonical card order, except that a run wrapping past the king (round the corner, R-2.7)
    lists its cards in run order from its first card after the gap (Q K A, K A 2).

    Melds are ordered by their cards in meld order, so sorting melds is sorting their
    ``cards`` tuples.
    """

    kind: MeldKind
    cards: tuple[Card, ...]

    @property
    def mask(self) -> int:
        """The 52-bit mask of the meld's cards."""
        mask = 0
        for card in self.cards:
            mask |= 1 << card
        return mask

    def names(self) -> list[str]:
        """The meld's canonical card codes."""
        return hand_names(self.cards)

    @property
    def wraps(self) -> bool:
        """Whether the meld is a run past the king, round the corner (R-2.7)."""
        return self.kind == "run" and list(self.cards) != sorted(self.cards)

    def __repr__(self) -> str:
        """The call that makes the meld, to paste back: a run past the king names the option
        it needs (R-2.7)."""
        wrap = ", round_the_corner=True" if self.wraps else ""
        return f"Meld.of({' '.join(CARD_NAMES[c] for c in self.cards)!r}{wrap})"

    @classmethod
    def of(cls, cards: Iterable[Card] | str, *, round_the_corner: bool = False) -> "Meld":
        """The meld formed by some cards (or a space-separated string of codes).

        Raises :class:`InvalidMeldError` naming the cards when they are neither a set nor a run
        (a run may wrap past the king only under ``round_the_corner``, R-2.7).
        """
        if isinstance(cards, str):
            from .cards import parse_hand

            cards = parse_hand(cards.split())
        ordered = canonical(map(Card, cards))
        kind = meld_kind(ordered, round_the_corner=round_the_corner)
        if kind is None:
            problem = _not_a_meld((), ordered, round_the_corner)
            raise InvalidMeldError(problem.detail, [problem])
        return cls(kind, meld_order(kind, ordered))


def _wrap_gap(cards: tuple[Card, ...]) -> int | None:
    """For cards of one suit in canonical order that are consecutive only on the circle
    (R-2.7): the index where their run starts (the first card after the gap); else ``None``."""
    ranks = [CARD_RANKS[c] for c in cards]
    breaks = [i for i in range(1, len(ranks)) if ranks[i] - ranks[i - 1] != 1]
    if len(breaks) == 1 and ranks[0] == 1 and ranks[-1] == 13:
        return breaks[0]
    return None


def meld_kind(cards: tuple[Card, ...], *, round_the_corner: bool = False) -> MeldKind | None:
    """``'set'`` or ``'run'`` for distinct cards in canonical order; ``None`` if no meld.

    Under ``round_the_corner`` (R-2.7) a run may wrap past the king to the ace and on
    (Q K A, K A 2); it holds at most the thirteen cards of its suit.
    """
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return None
    ranks = [CARD_RANKS[c] for c in cards]
    if len(cards) <= 4 and len(set(ranks)) == 1:
        return "set"
    suits = {CARD_SUITS[c] for c in cards}
    if len(suits) != 1:
        return None
    if all(b - a == 1 for a, b in zip(ranks, ranks[1:])):
        return "run"
    if round_the_corner and _wrap_gap(cards) is not None:
        return "run"
    return None


def meld_order(kind: MeldKind, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """A meld's cards (given in canonical order) in meld order: canonical, except a run that
    wraps past the king (R-2.7), which starts at its first card after the gap: Q K A, K A 2,
    J Q K A 2."""
    if kind == "run":
        start = _wrap_gap(cards)
        if start is not None:
            return cards[start:] + cards[:start]
    return cards


def every_meld(*, round_the_corner: bool = False) -> tuple[Meld, ...]:
    """Every meld there is, each once, its cards in meld order: every set of three or four
    cards of a rank (R-2.1), every run of three or more cards of a suit (R-2.2), and with
    ``round_the_corner`` the runs that wrap past the king too (R-2.7).  For tables built at
    import, keyed by a meld's cards or its mask."""
    candidates = [tuple(CARDS[suit * 13 + rank] for suit in range(4) if suits >> suit & 1)
                  for rank in range(13) for suits in range(16) if suits.bit_count() >= 3]
    candidates += [tuple(CARDS[suit * 13 + (start + i) % 13] for i in range(length))
                   for suit in range(4) for length in range(3, 14) for start in range(13)]
    melds: dict[tuple[Card, ...], Meld] = {}
    for cards in candidates:
        ordered = canonical(map(Card, cards))
        kind = meld_kind(ordered, round_the_corner=round_the_corner)
        if kind is not None and ordered not in melds:
            melds[ordered] = Meld(kind, meld_order(kind, ordered))
    return tuple(melds.values())


@lru_cache(maxsize=None)
def melds_by_mask(*, round_the_corner: bool = False) -> dict[int, Meld]:
    """The catalogue of :func:`every_meld` by the 52-bit mask of each meld's cards (read only):
    the one meld object for those cards, whoever looks it up."""
    return {meld.mask: meld for meld in every_meld(round_the_corner=round_the_corner)}


@lru_cache(maxsize=None)
def meld_pairs(*, round_the_corner: bool = False) -> tuple[tuple[int, ...], ...]:
    """Per card: the masks of the pairs of cards that make a meld of three with it (a set of
    three, R-2.1, or a run of three, R-2.2, wrapping past the king under round the corner,
    R-2.7); read off the catalogue."""
    pairs: list[set[int]] = [set() for _ in range(52)]
    for meld in every_meld(round_the_corner=round_the_corner):
        if len(meld.cards) == 3:
            for card in meld.cards:
                pairs[card].add(meld.mask & ~(1 << card))
    return tuple(tuple(sorted(p)) for p in pairs)


@lru_cache(maxsize=None)
def meld_outs(*, round_the_corner: bool = False) -> dict[int, int]:
    """Per pair of cards that some third card makes a meld of three with (the pair's mask):
    the mask of every such card, for a set of three (R-2.1) or a run of three (R-2.2, wrapping
    past the king under round the corner, R-2.7); read off the catalogue (read only)."""
    outs: dict[int, int] = {}
    for card, pairs in enumerate(meld_pairs(round_the_corner=round_the_corner)):
        for pair in pairs:
            outs[pair] = outs.get(pair, 0) | 1 << card
    return outs


@lru_cache(maxsize=None)
def _ordered_catalogue(round_the_corner: bool) -> tuple[tuple[int, Meld], ...]:
    """The catalogue (:func:`melds_by_mask`) as (mask, meld) pairs in the order of R-2.5."""
    catalogue = melds_by_mask(round_the_corner=round_the_corner)
    return tuple(sorted(catalogue.items(), key=lambda pair: pair[1].cards))


def melds_within(mask: int, *, round_the_corner: bool = False,
                 with_card: int | None = None) -> tuple[Meld, ...]:
    """Every meld whose cards are all in ``mask``: each set of three and of four (R-2.1), each
    run of every length from three up (R-2.2), wrapping past the king only under
    ``round_the_corner`` (R-2.7); melds may share cards, as this lists them all, not an
    arrangement (R-2.3).  In the order of R-2.5: by their cards in meld order, compared one by
    one, a meld before the longer melds it begins.  With ``with_card``, only the melds holding
    that card, which must be in ``mask`` (else :class:`InvalidHandError` at ``with``)."""
    if with_card is None:
        return tuple(meld for meld_mask, meld in _ordered_catalogue(round_the_corner)
                     if not meld_mask & ~mask)
    bit = 1 << with_card
    if not mask & bit:
        detail = (f"{CARD_NAMES[with_card]} is not in the hand: only melds of the hand's cards "
                  "are listed (R-2)")
        raise InvalidHandError(detail, [Problem(("with",), "card_not_in_hand", detail, "R-2")])
    return tuple(meld for meld_mask, meld in _ordered_catalogue(round_the_corner)
                 if meld_mask & bit and not meld_mask & ~mask)


def _not_a_meld(path: tuple[str | int, ...], ordered: tuple[Card, ...],
                round_the_corner: bool) -> Problem:
    """Why cards (canonical order) form no meld, with the rule that says so."""
    names = " ".join(CARD_NAMES[c] for c in ordered) or "no cards"
    suits = {CARD_SUITS[c] for c in ordered}
    if (not round_the_corner and len(ordered) >= 3 and len(suits) == 1
            and len(set(ordered)) == len(ordered) and _wrap_gap(ordered) is not None):
        detail = (f"{names} is not a meld under these rules: a run wraps past the king only "
                  "with round_the_corner (R-2.7); here the ace is low (R-2.2)")
        return Problem(path, "invalid_meld", detail, "R-2.7")
    run_text = ("3 or more cards of one suit in consecutive ranks, which may wrap past the king "
                "(round the corner, R-2.7)" if round_the_corner
                else "3 or more cards of one suit in consecutive ranks, ace low (R-2.2)")
    detail = (f"{names} is not a meld: a set is 3 or 4 cards of one rank (R-2.1), a run is "
              f"{run_text}")
    return Problem(path, "invalid_meld", detail, "R-2.2")


class Arrangement(NamedTuple):
    """A hand split into disjoint melds and deadwood (R-2.3, R-2.4).

    ``melds`` are sorted (see :class:`Meld`) when the service chose them, and in the client's
    order when a client declared them (:meth:`declared`), so that meld indexes keep meaning
    what the client meant; ``deadwood`` is in canonical card order and ``deadwood_count`` is
    the sum of the deadwood cards' values.

    An immutable record, a named tuple as :class:`~ginrules.rules.solver.Solution` is: the
    solver builds one for every hand it solves, and a tuple is built in one step where a
    frozen dataclass sets each field through ``object.__setattr__``.
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_count: int

    @property
    def sort_key(self) -> tuple[tuple[Card, ...], ...]:
        """Arrangements are ordered by their melds, compared in order."""
        return tuple(m.cards for m in self.melds)

    @classmethod
    def of(cls, melds: Iterable[Meld], deadwood: Iterable[Card], *,
           ace_value: int = 1) -> "Arrangement":
        """An arrangement with its melds and deadwood put in canonical order; an ace in
        deadwood counts ``ace_value`` (R-1.3, R-2.7)."""
        dead = canonical(deadwood)
        return cls(
            tuple(sorted(melds, key=lambda m: m.cards)),
            dead,
            deadwood_count(dead, ace_value),
        )

    @classmethod
    def declared(cls, melds: Iterable[Meld], deadwood: Iterable[Card], *,
                 ace_value: int = 1) -> "Arrangement":
        """An arrangement a client declared: its melds in the order given, deadwood canonical;
        an ace in deadwood counts ``ace_value`` (R-1.3, R-2.7)."""
        dead = canonical(deadwood)
        return cls(tuple(melds), dead, deadwood_count(dead, ace_value))

    def __repr__(self) -> str:
        melds = ", ".join(" ".join(m.names()) for m in self.melds)
        dead = " ".join(CARD_NAMES[c] for c in self.deadwood)
        return f"<Arrangement [{melds}] deadwood [{dead}] = {self.deadwood_count}>"


def deadwood_count(cards: Iterable[int], ace_value: int = 1) -> int:
    """The sum of the cards' values (R-1.3, R-2.4), an ace counting ``ace_value`` (R-2.7)."""
    values = card_values(ace_value)
    return sum(values[c] for c in cards)


def parse_melds(values: object, *, round_the_corner: bool = False) -> tuple[Meld, ...]:
    """Melds as a client sends them: each a list of card tokens or ``{"kind", "cards"}``.

    Every fault is reported at once, each with its path into ``values``: a bad card token,
    cards that form no meld (R-2.1, R-2.2; a run wraps past the king only under
    ``round_the_corner``, R-2.7), a ``kind`` that is not what the cards form, and a card in
    two melds (R-2.3).
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, (list, tuple)):
        detail = "melds are a list; each meld a list of card codes or {\"kind\", \"cards\"}"
        raise InvalidMeldError(detail, [Problem((), "invalid_melds", detail, "R-2")])
    problems: list[Problem] = []
    melds: list[Meld] = []
    owner: dict[Card, int] = {}
    for index, value in enumerate(values):
        if len(problems) >= MAX_PROBLEMS:
            break
        declared_kind = None
        prefix: tuple[str | int, ...] = (index,)
        if isinstance(value, dict):
            declared_kind, tokens, prefix = value.get("kind"), value.get("cards"), (index, "cards")
            unknown = set(value) - {"kind", "cards"}
            if unknown or declared_kind not in ("set", "run") or not isinstance(tokens, list):
                detail = ('a meld object is {"kind": "set" | "run", "cards": [card codes]}, got '
                          + describe_token(value))
                problems.append(Problem((index,), "invalid_meld", detail, "R-2"))
                continue
        elif isinstance(value, (list, tuple)):
            tokens = value
        else:
            detail = f"a meld is a list of card codes or an object, got {describe_token(value)}"
            problems.append(Problem((index,), "invalid_meld", detail, "R-2"))
            continue
        cards: list[Card] = []
        for position, token in enumerate(tokens):
            if len(problems) >= MAX_PROBLEMS:
                break
            card = card_or_none(token)
            if card is None:
                problems.append(Problem(prefix + (position,), "invalid_card",
                                        bad_card_detail(token), "R-1.4"))
            elif card in cards:
                problems.append(Problem(prefix + (position,), "duplicate_card",
                                        f"{CARD_NAMES[card]} is twice in this meld", "R-2.3"))
            elif card in owner:
                problems.append(Problem(
                    prefix + (position,), "overlapping_melds",
                    f"{CARD_NAMES[card]} is already in meld {owner[card]}: a card belongs to "
                    "at most one meld", "R-2.3"))
            else:
                cards.append(card)
        if len(cards) != len(tokens):
            continue
        ordered = canonical(map(Card, cards))
        kind = meld_kind(ordered, round_the_corner=round_the_corner)
        names = " ".join(CARD_NAMES[c] for c in ordered) or "no cards"
        if kind is None:
            problems.append(_not_a_meld((index,), ordered, round_the_corner))
            continue
        if declared_kind is not None and declared_kind != kind:
            problems.append(Problem((index, "kind"), "meld_kind_mismatch",
                                    f"{names} is a {kind}, not a {declared_kind}", "R-2"))
            continue
        for card in ordered:
            owner[card] = index
        melds.append(Meld(kind, meld_order(kind, ordered)))
    if problems:
        raise InvalidMeldError("; ".join(p.detail for p in problems), problems)
    return tuple(melds)
