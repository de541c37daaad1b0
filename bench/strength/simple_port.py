"""SimpleGinRummyPlayer, ported again apart from the service: the yardstick from outside.

The service's ``simple`` bot plays the published baseline of the EAAI-2021 challenge
(docs/strength.md, "Does our `simple` play as SimpleGinRummyPlayer?"), but it is the service's
own code judging the service's advisor.  This port shares none of it: it reads its view as card
names, finds melds, deadwood and arrangements with its own few functions, and decides as the
published Java player and its referee do, from their description:

- the upcard and the pile card: taken when it would be part of some meld with cards of the
  hand, else the stock (on the first turn: pass);
- the discard: at random among the cards leaving the least deadwood, never the pile card just
  taken, never one that would repeat a {drawn, discarded} pair of this deal's earlier turns
  (when every card is barred so, the pairs are forgotten, where the Java player would fail);
- it knocks right after that discard when the deadwood left is at most the rules' limit, with an
  optimal arrangement chosen at random, declared;
- after the opponent's knock: an optimal arrangement of its own chosen at random, and the
  referee's layoffs: the first loose card that extends one of the knocker's melds goes onto the
  first such meld, again until none does; none against gin.  Against a knock that declared no
  melds a layoff can name none, and the service lays down the best reply.

From the service it takes only what speaks to the engine: the view it is given, the move types
it answers with, and the card names (``CARD_NAMES``, ``parse_melds`` to hand the declared melds
over, which the engine then checks as it checks any client's).  No run round the corner (the
challenge has none).  ``register()`` adds it to the service's bots as ``simple-port`` for the
arena (bench/strength/arena_port.py).
"""

from __future__ import annotations

import random
from itertools import combinations

RANKS = "A23456789TJQK"


def rank(card: str) -> int:
    """1 for an ace to 13 for a king."""
    return RANKS.index(card[0]) + 1


def value(card: str) -> int:
    """Deadwood points: ace 1, number cards their number, faces and tens 10."""
    return min(rank(card), 10)


def melds_of(cards: list[str]) -> list[frozenset[str]]:
    """Every meld within ``cards``: three or four of a rank, three or more in a row of a suit."""
    found: list[frozenset[str]] = []
    by_rank: dict[int, list[str]] = {}
    by_suit: dict[str, dict[int, str]] = {}
    for card in cards:
        by_rank.setdefault(rank(card), []).append(card)
        by_suit.setdefault(card[1], {})[rank(card)] = card
    for same in by_rank.values():
        for size in (3, 4):
            found += [frozenset(group) for group in combinations(same, size)]
    for suit in by_suit.values():
        for low in range(1, 12):
            length = 0
            while low + length in suit:
                length += 1
                if length >= 3:
                    found.append(frozenset(suit[r] for r in range(low, low + length)))
    return found


def best_arrangements(cards: list[str]) -> tuple[int, list[list[frozenset[str]]]]:
    """The least deadwood of ``cards`` and every maximal set of disjoint melds leaving it."""
    melds = melds_of(cards)
    total = sum(value(c) for c in cards)
    best: list[int] = [total + 1]
    found: list[list[frozenset[str]]] = []

    def search(start: int, used: frozenset[str], chosen: list[frozenset[str]]) -> None:
        for index in range(start, len(melds)):
            if not melds[index] & used:
                search(index + 1, used | melds[index], chosen + [melds[index]])
        if any(not meld & used for meld in melds):  # not maximal: some meld still fits
            return
        deadwood = total - sum(value(c) for c in used)
        if deadwood < best[0]:
            best[0] = deadwood
            found.clear()
        if deadwood == best[0]:
            found.append(chosen)

    search(0, frozenset(), [])
    return best[0], found


def least_deadwood(cards: list[str]) -> int:
    return best_arrangements(cards)[0]


def joins_meld(card: str, hand: list[str]) -> bool:
    """Whether ``card`` is part of some meld with cards of ``hand``."""
    return any(card in meld for meld in melds_of(hand + [card]))


def extends(meld: set[str], card: str) -> bool:
    """Whether ``meld`` with ``card`` is a meld."""
    return any(len(m) == len(meld) + 1 for m in melds_of(sorted(meld | {card})))


def _names(view) -> tuple[list[str], str | None, str | None]:
    from ginrules.rules.base.cards import CARD_NAMES

    hand = [CARD_NAMES[c] for c in view.hand]
    top = CARD_NAMES[view.pile[-1]] if view.pile else None
    taken = CARD_NAMES[view.taken] if view.taken is not None else None
    return hand, top, taken


def _turns(view) -> tuple[str | None, list[frozenset[str]]]:
    """The card this player drew this turn and the {drawn, discarded} pairs of its earlier
    turns, read from the view's history."""
    from ginrules.rules.base.cards import CARD_NAMES
    from ginrules.rules.table.moves import Discard, Draw

    drawn: str | None = None
    pairs: list[frozenset[str]] = []
    for move, card, _ in view.history:
        if move.player != view.player:
            continue
        if isinstance(move, Draw):
            got = card if card is not None else move.card
            drawn = CARD_NAMES[got] if got is not None else None
        elif isinstance(move, Discard):
            pairs.append(frozenset(c for c in (drawn, CARD_NAMES[move.card]) if c is not None))
    return drawn, pairs


def port_move(view, seed: int = 0, **_: object):
    """The port's move for ``view`` (a DealView of the service), its random choices from
    ``seed``."""
    from ginrules.rules.base.cards import CARD_NAMES
    from ginrules.rules.base.melds import parse_melds
    from ginrules.rules.hands.layoffs import Layoff
    from ginrules.rules.table.moves import Discard, Draw, Knock, LayDown, Phase

    rng = random.Random(seed)
    hand, top, taken = _names(view)
    moves = view.legal_moves
    if view.phase is Phase.LAY_DOWN:
        knock = view.knock
        if knock is None or knock.melds is None:
            return LayDown(view.player)
        _, arrangements = best_arrangements(hand)
        own = rng.choice(arrangements) if arrangements else []
        knocker = [{CARD_NAMES[c] for c in meld.cards} for meld in knock.melds]
        loose = [c for c in hand if not any(c in m for m in own)]
        melds = parse_melds([sorted(m, key=rank) for m in own])
        gin = sum(len(m) for m in knocker) >= 10  # every card of the knock melded
        layoffs = []
        while not gin:
            fit = next(((card, i) for card in loose for i, meld in enumerate(knocker)
                        if extends(meld, card)), None)
            if fit is None:
                break
            card, i = fit
            loose.remove(card)
            knocker[i].add(card)
            layoffs.append(Layoff(card, i))
        return LayDown(view.player, melds, tuple(layoffs))
    takes = [m for m in moves if isinstance(m, Draw) and m.source == "discard"]
    if view.phase in (Phase.FIRST_TURN, Phase.DRAW, Phase.LAST_DISCARD):
        if takes and top is not None and joins_meld(top, hand):
            return takes[0]
        return next(m for m in moves if m not in takes)
    discards = {CARD_NAMES[m.card]: m for m in moves if isinstance(m, Discard)}
    knocks = {CARD_NAMES[m.discard]: m for m in moves
              if isinstance(m, Knock) and m.discard is not None}
    drawn, pairs = _turns(view)
    left = {card: least_deadwood([c for c in hand if c != card]) for card in hand}
    held = [c for c in hand if c != taken] or hand
    fresh = [c for c in held if frozenset(x for x in (drawn, c) if x is not None)
             not in pairs] or held
    least = min(left[c] for c in fresh)
    card = rng.choice([c for c in fresh if left[c] == least])
    if card not in discards:  # only a knock may follow here: the least one
        least = min(left[c] for c in knocks)
        card = rng.choice([c for c in knocks if left[c] == least])
    rest = [c for c in hand if c != card]
    deadwood, arrangements = best_arrangements(rest)
    if card in knocks and deadwood <= view.limit:
        own = rng.choice(arrangements)
        return Knock(view.player, knocks[card].discard,
                     parse_melds([sorted(m, key=rank) for m in own]))
    return discards[card]


def register() -> None:
    """``simple-port`` among the service's bots, for the arena."""
    from ginrules.rules.players import bots

    bots.BOTS["simple-port"] = bots.Bot(
        "simple-port", "SimpleGinRummyPlayer, ported apart from the service "
        "(bench/strength/simple_port.py)", port_move)
