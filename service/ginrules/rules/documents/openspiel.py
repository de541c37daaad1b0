"""Importing a game of OpenSpiel's ``gin_rummy`` as a ginrules-log/1 document (GAMELOG.md).

OpenSpiel records a hand as one list of action numbers, its chance outcomes (the cards dealt
and drawn) included.  :func:`import_openspiel` reads such a list with the game's parameters,
follows OpenSpiel's own rules step by step (its phases: deal, first upcard, draw, discard,
knock, layoff, wall), and writes the same hand as a one-round log under the ``openspiel``
preset, ready to replay.  A number OpenSpiel would not accept where it stands is an
:class:`InvalidImportError` naming its index (``/actions/17``) with a stable code.

OpenSpiel's numbering (a card is ``suit * 13 + rank``, suits in the order spades, clubs,
diamonds, hearts, ranks ace to king):

- 0-51: a card (dealt or drawn by chance, discarded, or laid off);
- 52 draw the upcard, 53 draw from the stock, 54 pass, 55 knock;
- 56-240: lay a meld, ``56 + meld id`` (:func:`meld_id`: 65 sets, then runs of 3, 4 and 5).

How a hand maps onto the log (the full account is in GAMELOG.md, "Importing OpenSpiel
games"):

- Players ``p0`` and ``p1`` are OpenSpiel's players 0 and 1.  Player 0 always acts first, so
  ``p1`` is the dealer.  The first ten chance outcomes are ``p0``'s hand, the next ten
  ``p1``'s, the next the upcard; every later chance outcome is the card of a stock draw.
- The log has no ``stock``: only the cards drawn are known (an unfinished game cannot know the
  rest), so every stock draw names its card.
- Draw upcard is a draw from ``discard`` (on the first turn too), draw stock a stock draw,
  pass on the first turn a ``pass``, a card in the discard phase a ``discard``.  Knock, the
  knock's discard and the melds then laid one at a time are one ``knock`` with that discard
  and those melds in that order.  The defender's layoffs and melds are one ``lay_down``: each
  layoff names the declared meld it extends (as extended by the earlier layoffs; where a card
  fits two melds, the first that keeps every later layoff legal).
- At the wall (two stock cards left), OpenSpiel's knock takes the last discard and knocks:
  a ``draw`` from ``discard`` then the ``knock`` (R-4.7); its pass is the ``pass`` that ends
  the round as a draw.
- OpenSpiel's two other endings are the ``openspiel`` preset's rules: its 50th draw of the
  upcard after the first turn is the round's last action, a ``draw`` from ``discard`` that
  ends it as a draw with the card left on the pile (R-4.8), and its repeated move, the second
  turn in a row that discards the card taken from the pile, is the ``discard`` that ends it
  as a draw (R-4.9).
- A sequence that stops mid-hand is imported as far as the log can say it: a knock or a
  stock draw whose card is not yet known is left out until it is complete, a knock without
  the defender's final pass ends the log at the knock (the replay's ``next`` says what may
  follow).

OpenSpiel's knock check on eleven cards is reproduced as OpenSpiel computes it (one best meld
group, then its highest-ranked deadwood card dropped), so a knock OpenSpiel refuses is refused
here, even where a different discard would have made it legal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..errors import InvalidImportError, Problem

FORMAT = "openspiel"
PLAYERS = ("p0", "p1")
DEALER = "p1"
"""Player 0 always acts first, so player 1 deals."""
MAX_ACTIONS = 2000
"""Action numbers in one import; an OpenSpiel hand has at most about 300."""

RANKS = "A23456789TJQK"
SUITS = "SCDH"  # OpenSpiel's suit order: spades, clubs, diamonds, hearts
NUM_CARDS = 52
HAND_SIZE = 10
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
NUM_MELDS = 185
MAX_ACTION = MELD_BASE + NUM_MELDS - 1
WALL_STOCK_SIZE = 2
MAX_DRAW_UPCARD = 50
"""OpenSpiel's hand ends, a draw, at this draw of the upcard after the first turn (the
``openspiel`` preset's ``upcard_draw_limit``, R-4.8)."""

PARAMS: dict[str, Any] = {"oklahoma": False, "knock_card": 10, "gin_bonus": 25,
                          "undercut_bonus": 25, "num_ranks": 13, "num_suits": 4,
                          "hand_size": 10}
"""OpenSpiel's ``gin_rummy`` parameters and their defaults."""

PRESET = "openspiel"


# --- OpenSpiel's cards and melds ----------------------------------------------------------

def card_name(card: int) -> str:
    """This service's code (R-1.4) of an OpenSpiel card number."""
    return RANKS[card % 13] + SUITS[card // 13]


def _rank(card: int) -> int:
    return card % 13


def _suit(card: int) -> int:
    return card // 13


def _value(card: int) -> int:
    return min(10, card % 13 + 1)


def _total(cards: Iterable[int]) -> int:
    return sum(_value(c) for c in cards)


def _is_set(cards: Sequence[int]) -> bool:
    return len(cards) in (3, 4) and len({_rank(c) for c in cards}) == 1


def _is_run(cards: Sequence[int]) -> bool:
    if len(cards) < 3 or len({_suit(c) for c in cards}) != 1:
        return False
    ranks = sorted(_rank(c) for c in cards)
    return all(b == a + 1 for a, b in zip(ranks, ranks[1:]))


def meld_id(cards: Sequence[int]) -> int:
    """OpenSpiel's number of a meld: sets by rank (the four sets of three ordered by the suit
    left out, then the set of four), then runs by length (3, 4, 5), suit, lowest rank."""
    if _is_set(cards):
        rank = _rank(cards[0])
        if len(cards) == 4:
            return rank * 5 + 4
        missing = ({0, 1, 2, 3} - {_suit(c) for c in cards}).pop()
        return rank * 5 + missing
    low = min(cards, key=_rank)
    suit, rank = _suit(low), _rank(low)
    if len(cards) == 3:
        return 65 + suit * 11 + rank
    if len(cards) == 4:
        return 109 + suit * 10 + rank
    return 149 + suit * 9 + rank


@lru_cache(maxsize=1)
def meld_table() -> tuple[tuple[int, ...], ...]:
    """Every meld by OpenSpiel's number: 185 tuples of card numbers, ascending."""
    melds: dict[int, tuple[int, ...]] = {}
    for meld in _all_melds(list(range(NUM_CARDS))):
        melds[meld_id(meld)] = tuple(sorted(meld))
    return tuple(melds[i] for i in range(NUM_MELDS))


def _all_melds(cards: list[int]) -> list[tuple[int, ...]]:
    """The melds of up to five cards among ``cards``, in OpenSpiel's order of enumeration
    (sets, sets of four first, then runs of five, four, three); the order decides which of
    several best arrangements OpenSpiel settles on, hence its eleven-card counts."""
    melds: list[tuple[int, ...]] = []
    if len(cards) < 3:
        return melds
    by_rank = sorted(cards, key=lambda c: (_rank(c), c))
    for i in range(len(by_rank) - 3):
        if _rank(by_rank[i]) == _rank(by_rank[i + 3]):
            a, b, c, d = by_rank[i:i + 4]
            melds += [(a, b, c, d), (a, b, d), (a, c, d)]
    for i in range(len(by_rank) - 2):
        if _rank(by_rank[i]) == _rank(by_rank[i + 2]):
            melds.append(tuple(by_rank[i:i + 3]))
    by_suit = sorted(cards)
    for size in (5, 4, 3):
        for i in range(len(by_suit) - size + 1):
            first, last = by_suit[i], by_suit[i + size - 1]
            if last - first == size - 1 and _suit(first) == _suit(last):
                melds.append(tuple(by_suit[i:i + size]))
    return melds


def _meld_groups(cards: Sequence[int]) -> list[list[tuple[int, ...]]]:
    """Every maximal arrangement of disjoint melds, in OpenSpiel's order (a depth-first walk
    that tries each meld first, so each group comes once per order of its melds)."""
    groups: list[list[tuple[int, ...]]] = []

    def walk(meld: tuple[int, ...], candidates: list[tuple[int, ...]],
             path: list[tuple[int, ...]]) -> None:
        path.append(meld)
        taken = set(meld)
        children = [m for m in candidates if taken.isdisjoint(m)]
        if not children:
            groups.append(list(path))
        else:
            for child in children:
                walk(child, children, path)
        path.pop()

    melds = _all_melds(list(cards))
    for meld in melds:
        walk(meld, melds, [])
    return groups


def min_deadwood(hand: Sequence[int]) -> int:
    """OpenSpiel's deadwood count of a hand: the first arrangement that melds the most value;
    with eleven cards, the highest-ranked card left over is then dropped (the discard)."""
    best_value, best_group = 0, []
    for group in _meld_groups(hand):
        value = sum(_total(m) for m in group)
        if value > best_value:
            best_value, best_group = value, group
    melded = {c for m in best_group for c in m}
    deadwood = [c for c in hand if c not in melded]
    if len(hand) == HAND_SIZE + 1 and deadwood:
        deadwood.remove(max(deadwood, key=lambda c: (_rank(c), c)))
    return _total(deadwood)


def legal_melds(hand: Sequence[int], limit: int) -> set[int]:
    """The meld numbers OpenSpiel lets a player lay from ``hand``: each meld of an arrangement
    that leaves at most ``limit`` of deadwood."""
    total = _total(hand)
    legal: set[int] = set()
    for group in _meld_groups(hand):
        if total - sum(_total(m) for m in group) <= limit:
            legal.update(meld_id(m) for m in group)
    return legal


def legal_knock_discards(hand: Sequence[int], limit: int) -> list[int]:
    """The discards after a knock that leave ten cards of at most ``limit`` deadwood."""
    return [c for c in hand if min_deadwood([x for x in hand if x != c]) <= limit]


def possible_layoffs(knocker_melds: Sequence[int], layoffs: Sequence[int]) -> set[int]:
    """The cards OpenSpiel lets the defender lay off: the fourth card of a set of three, and a
    card at either end of a run, the run counted with the earlier layoffs that touched its
    original ends (OpenSpiel looks no further: a third card down a run's end is not offered)."""
    cards: set[int] = set()
    for number in knocker_melds:
        meld = list(meld_table()[number])
        if _is_set(meld):
            if len(meld) == 3:
                missing = ({0, 1, 2, 3} - {_suit(c) for c in meld}).pop()
                cards.add(missing * 13 + _rank(meld[0]))
            continue
        ends = _run_ends(meld)
        meld += [c for c in layoffs if c in ends]
        cards.update(_run_ends(meld))
    return cards


def _run_ends(run: Sequence[int]) -> list[int]:
    low, high = min(run), max(run)
    ends = []
    if _rank(low) > 0:
        ends.append(low - 1)
    if _rank(high) < 12:
        ends.append(high + 1)
    return ends


# --- the parameters -----------------------------------------------------------------------

def read_params(params: Any) -> tuple[dict[str, Any], list[Problem]]:
    """OpenSpiel's parameters with their defaults, and every one this service cannot play."""
    problems: list[Problem] = []
    values = dict(PARAMS)
    if params is None:
        return values, problems
    if not isinstance(params, Mapping):
        return values, [Problem(("params",), "wrong_type",
                                "params is an object of OpenSpiel's gin_rummy parameters")]
    for name, value in params.items():
        path = ("params", name)
        if name not in PARAMS:
            problems.append(Problem(path, "unknown_parameter",
                                    f"gin_rummy has no parameter {str(name)[:40]!r}; it has "
                                    + ", ".join(PARAMS)))
            continue
        if name == "oklahoma":
            if not isinstance(value, bool):
                problems.append(Problem(path, "wrong_type", "oklahoma is true or false"))
                continue
        elif not isinstance(value, int) or isinstance(value, bool):
            problems.append(Problem(path, "wrong_type", f"{name} is an integer"))
            continue
        values[name] = value
    for name, needed, why in (("num_ranks", 13, "a deck of 13 ranks"),
                              ("num_suits", 4, "a deck of four suits"),
                              ("hand_size", 10, "hands of ten cards")):
        if values[name] != needed and not any(p.path == ("params", name) for p in problems):
            problems.append(Problem(("params", name), "unsupported_parameter",
                                    f"{name} must be {needed}: this service plays {why} "
                                    f"(R-1.1, R-3.1), got {values[name]}", "R-3.1"))
    checks = (("knock_card", 0, 100, "R-5.1"), ("gin_bonus", 0, None, "R-7.3"),
              ("undercut_bonus", 0, None, "R-7.2"))
    for name, low, high, rule in checks:
        value = values[name]
        if any(p.path == ("params", name) for p in problems):
            continue
        if name == "knock_card" and values["oklahoma"] is True:
            continue  # OpenSpiel's Oklahoma takes the upcard's value instead
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"of at least {low}"
            problems.append(Problem(("params", name), "unsupported_parameter",
                                    f"{name} must be an integer {span} to be expressed here "
                                    f"(R-10), got {value}", rule))
    return values, problems


def rules_for(params: Mapping[str, Any]) -> dict[str, Any]:
    """The log's ``rules``: the ``openspiel`` preset (its wall, R-4.7, its upcard draw limit,
    R-4.8, and its repeated-move rule, R-4.9, are OpenSpiel's), with overrides where the
    game's parameters differ: ``knock_card`` is ``knock_limit``; under Oklahoma OpenSpiel
    replaces it by the upcard's value (an ace: gin only), which is R-5.6 with the preset's
    limit of 10 and an ace meaning gin, so it is then left out; OpenSpiel doubles nothing for
    spades."""
    rules: dict[str, Any] = {"preset": PRESET}
    if params["oklahoma"]:
        rules.update(oklahoma=True, oklahoma_spade_double=False)
    elif params["knock_card"] != 10:
        rules["knock_limit"] = params["knock_card"]
    if params["gin_bonus"] != 25:
        rules["gin_bonus"] = params["gin_bonus"]
    if params["undercut_bonus"] != 25:
        rules["undercut_bonus"] = params["undercut_bonus"]
    return rules


# --- the hand, step by step ---------------------------------------------------------------

_PHASE_NAMES = {
    "deal": "the deal (a chance outcome: a card not yet dealt)",
    "first_upcard": "the first upcard (52 draw upcard, 54 pass; 53 once both passed)",
    "draw": "the draw (52 draw upcard, 53 draw stock)",
    "stock_card": "the stock draw (a chance outcome: a card not yet dealt)",
    "discard": "the discard (a card of the hand, or 55 knock)",
    "knock_discard": "the knock's discard (a card of the hand)",
    "knock_melds": "the knocker's melds (56 + meld number, or 54 once within the limit)",
    "layoff": "the layoffs (a card that extends a knocker's meld, or 54)",
    "defender_melds": "the defender's melds (56 + meld number, or 54)",
    "wall": "the wall (54 pass, or 55 take the last discard and knock)",
}


class _OpenSpielDeal:
    """One deal as OpenSpiel plays it (OpenSpiel calls it a hand), and the log it becomes."""

    def __init__(self, params: Mapping[str, Any]) -> None:
        self.params = params
        self.knock_card = params["knock_card"]
        self.phase = "deal"
        self.player = 0
        self.hands: list[list[int]] = [[], []]
        self.dealt: list[list[int]] = [[], []]
        self.deck = set(range(NUM_CARDS))
        self.stock_size = NUM_CARDS
        self.upcard: int | None = None
        self.first_upcard: int | None = None
        self.first_passes = 0
        self.prev_upcard: int | None = None
        self.repeated = False
        self.upcard_draws = 0
        self.knocker: int | None = None
        self.knock_discard: int | None = None
        self.knocker_melds: list[int] = []
        self.layoffs: list[int] = []
        self.defender_melds: list[int] = []
        self.actions: list[dict[str, Any]] = []
        self.over = False

    # One action ----------------------------------------------------------------------------

    def apply(self, index: int, action: Any) -> None:
        path = ("actions", index)
        if isinstance(action, bool) or not isinstance(action, int):
            raise _refuse(path, "invalid_action",
                          f"an action is an OpenSpiel action number, got {_show(action)}")
        if self.over:
            raise _refuse(path, "game_over", "the hand is over: no action may follow")
        if self.phase in ("deal", "stock_card"):
            if not 0 <= action < NUM_CARDS or action not in self.deck:
                what = "not a card" if not 0 <= action < NUM_CARDS else \
                    f"{card_name(action)}, which was already dealt"
                raise _refuse(path, "invalid_chance_outcome",
                              f"a chance outcome here is a card not yet dealt, got {action} "
                              f"({what})")
            self._chance(action)
            return
        if not 0 <= action <= MAX_ACTION:
            raise _refuse(path, "invalid_action",
                          f"OpenSpiel's gin_rummy actions are 0 to {MAX_ACTION}, got {action}")
        if not self.allows(action):
            legal = self.legal_actions()
            raise _refuse(path, "illegal_action",
                          f"OpenSpiel does not allow {_describe(action)} by player "
                          f"{self.player} in {_PHASE_NAMES[self.phase]}; legal: "
                          + ", ".join(str(a) for a in sorted(legal)))
        getattr(self, f"_{self.phase}")(index, action)

    def allows(self, action: int) -> bool:
        """Whether ``action`` is among :meth:`legal_actions`, without computing them all
        where that is costly (a knock's count is computed only for a knock)."""
        hand = self.hands[self.player]
        if self.phase == "discard":
            return action in hand or (action == KNOCK
                                      and min_deadwood(hand) <= self.knock_card)
        if self.phase == "wall":
            assert self.upcard is not None  # the last discard
            return action == PASS or (action == KNOCK and min_deadwood(
                hand + [self.upcard]) <= self.knock_card)
        if self.phase == "knock_discard":
            return action in hand and min_deadwood(
                [c for c in hand if c != action]) <= self.knock_card
        return action in self.legal_actions()

    def legal_actions(self) -> set[int]:
        hand = self.hands[self.player]
        if self.phase == "first_upcard":
            return {DRAW_STOCK} if self.first_passes == 2 else {DRAW_UPCARD, PASS}
        if self.phase == "draw":
            return {DRAW_UPCARD, DRAW_STOCK}
        if self.phase == "discard":
            legal = set(hand)
            if min_deadwood(hand) <= self.knock_card:
                legal.add(KNOCK)
            return legal
        if self.phase == "knock_discard":
            return set(legal_knock_discards(hand, self.knock_card))
        if self.phase == "knock_melds":
            legal = {MELD_BASE + m for m in legal_melds(hand, self.knock_card)}
            if _total(hand) <= self.knock_card:
                legal.add(PASS)
            return legal
        if self.phase == "layoff":
            offered = possible_layoffs(self.knocker_melds, self.layoffs)
            return {PASS} | {c for c in hand if c in offered}
        if self.phase == "defender_melds":
            return {PASS} | {MELD_BASE + meld_id(m) for m in _all_melds(hand)}
        if self.phase == "wall":
            assert self.upcard is not None  # the last discard
            legal = {PASS}
            if min_deadwood(hand + [self.upcard]) <= self.knock_card:
                legal.add(KNOCK)
            return legal
        return set()

    # Chance ---------------------------------------------------------------------------------

    def _chance(self, card: int) -> None:
        self.deck.discard(card)
        self.stock_size -= 1
        if self.phase == "stock_card":
            self.hands[self.player].append(card)
            self.actions.append(self._act("draw", source="stock", card=card_name(card)))
            self.phase = "discard"
            return
        if len(self.hands[0]) < HAND_SIZE:
            self.hands[0].append(card)
        elif len(self.hands[1]) < HAND_SIZE:
            self.hands[1].append(card)
        else:
            self.upcard = self.first_upcard = card
            if self.params["oklahoma"]:
                self.knock_card = _value(card) if _value(card) > 1 else 0
            self.dealt = [list(h) for h in self.hands]
            self.phase, self.player = "first_upcard", 0

    # The players' phases --------------------------------------------------------------------

    def _first_upcard(self, index: int, action: int) -> None:
        if action == DRAW_UPCARD:
            self._take_upcard()
        elif action == PASS:
            self.actions.append(self._act("pass"))
            self.first_passes += 1
            self.player = 1 - self.player
        else:  # both passed: the first player draws from the stock
            self._draw_stock()

    def _draw(self, index: int, action: int) -> None:
        if action == DRAW_UPCARD:
            self.upcard_draws += 1
            if self.upcard_draws == MAX_DRAW_UPCARD:
                # The draw that reaches the limit ends the hand, its card left on the pile.
                assert self.upcard is not None  # a draw of the upcard needs one
                self.actions.append(self._act("draw", source="discard",
                                              card=card_name(self.upcard)))
                self.over = True
                return
            self._take_upcard()
        else:
            self._draw_stock()

    def _take_upcard(self) -> None:
        card = self.upcard
        assert card is not None  # taken only where there is an upcard
        self.prev_upcard = card
        self.hands[self.player].append(card)
        self.upcard = None
        self.actions.append(self._act("draw", source="discard", card=card_name(card)))
        self.phase = "discard"

    def _draw_stock(self) -> None:
        self.prev_upcard = self.upcard
        self.upcard = None
        self.phase = "stock_card"  # the log's draw is written once its card is known

    def _discard(self, index: int, action: int) -> None:
        if action == KNOCK:
            self.knocker, self.phase = self.player, "knock_discard"
            return
        self.hands[self.player].remove(action)
        self.actions.append(self._act("discard", card=card_name(action)))
        self.upcard = action
        if action == self.prev_upcard:
            if self.repeated:  # the second return in a row ends the hand
                self.over = True
                return
            self.repeated = True
        else:
            self.repeated = False
        self.player = 1 - self.player
        self.phase = "wall" if self.stock_size == WALL_STOCK_SIZE else "draw"

    def _wall(self, index: int, action: int) -> None:
        if action == PASS:
            self.actions.append(self._act("pass"))
            self.over = True
            return
        self._take_upcard()  # OpenSpiel's knock at the wall takes the last discard
        self.knocker, self.phase = self.player, "knock_discard"

    def _knock_discard(self, index: int, action: int) -> None:
        self.hands[self.player].remove(action)
        self.knock_discard = action
        self.phase = "knock_melds"

    def _knock_melds(self, index: int, action: int) -> None:
        if action != PASS:
            self._lay(action, self.knocker_melds)
            return
        assert self.knocker is not None and self.knock_discard is not None  # set by the knock
        self.actions.append(self._act(
            "knock", discard=card_name(self.knock_discard),
            melds=[_shown(meld_table()[m]) for m in self.knocker_melds]))
        self.player = 1 - self.player
        # The defender may not lay off on gin.
        self.phase = "defender_melds" if _total(self.hands[self.knocker]) == 0 else "layoff"

    def _layoff(self, index: int, action: int) -> None:
        if action == PASS:
            self.phase = "defender_melds"
            return
        self.hands[self.player].remove(action)
        self.layoffs.append(action)

    def _defender_melds(self, index: int, action: int) -> None:
        if action != PASS:
            self._lay(action, self.defender_melds)
            return
        self.actions.append(self._act(
            "lay_down", melds=[_shown(meld_table()[m]) for m in self.defender_melds],
            layoffs=[{"card": card_name(card), "meld": meld}
                     for card, meld in zip(self.layoffs, self._layoff_melds(index))]))
        self.over = True

    def _lay(self, action: int, melds: list[int]) -> None:
        number = action - MELD_BASE
        for card in meld_table()[number]:
            self.hands[self.player].remove(card)
        melds.append(number)

    def _layoff_melds(self, index: int) -> list[int]:
        """Which declared meld each layoff extends, the first fit that keeps every later
        layoff legal (the melds as extended by the earlier layoffs, R-6.2)."""
        melds = [list(meld_table()[m]) for m in self.knocker_melds]

        def assign(i: int) -> list[int] | None:
            if i == len(self.layoffs):
                return []
            card = self.layoffs[i]
            for position, meld in enumerate(melds):
                if _extends(meld, card):
                    meld.append(card)
                    rest = assign(i + 1)
                    meld.pop()
                    if rest is not None:
                        return [position] + rest
            return None

        chosen = assign(0)
        if chosen is None:  # cannot happen for layoffs OpenSpiel allowed
            raise _refuse(("actions", index), "illegal_action",
                          "these layoffs extend no arrangement of the knocker's melds")
        return chosen

    def _act(self, action: str, **fields: Any) -> dict[str, Any]:
        return {"player": PLAYERS[self.player], "action": action, **fields}

    # The log --------------------------------------------------------------------------------

    def log(self) -> dict[str, Any]:
        rounds = []
        if self.first_upcard is not None:
            rounds.append({
                "dealer": DEALER,
                "hands": {PLAYERS[0]: [card_name(c) for c in self.dealt[0]],
                          PLAYERS[1]: [card_name(c) for c in self.dealt[1]]},
                "upcard": card_name(self.first_upcard),
                "actions": self.actions,
            })
        return {"format": "ginrules-log/1",
                "rules": rules_for(self.params),
                "players": list(PLAYERS), "rounds": rounds}


def _extends(meld: list[int], card: int) -> bool:
    if _is_set(meld):
        return len(meld) == 3 and _rank(card) == _rank(meld[0])
    return _is_run(meld + [card])


def _shown(cards: Sequence[int]) -> dict[str, Any]:
    kind = "set" if _is_set(cards) else "run"
    ordered = sorted(cards, key=lambda c: (_rank(c), c))
    return {"kind": kind, "cards": [card_name(c) for c in ordered]}


def _describe(action: int) -> str:
    if action < NUM_CARDS:
        return f"{action} ({card_name(action)})"
    names = {DRAW_UPCARD: "draw upcard", DRAW_STOCK: "draw stock", PASS: "pass",
             KNOCK: "knock"}
    if action in names:
        return f"{action} ({names[action]})"
    meld = " ".join(card_name(c) for c in meld_table()[action - MELD_BASE])
    return f"{action} (meld {meld})"


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f"the string {value[:20]!r}"
    return text[:40]


def _refuse(path: tuple[str | int, ...], code: str, detail: str, rule: str | None = None
            ) -> InvalidImportError:
    return InvalidImportError(detail, [Problem(path, code, detail, rule)])


def import_openspiel(actions: Any, params: Any = None) -> dict[str, Any]:
    """The ginrules-log/1 document of an OpenSpiel ``gin_rummy`` action sequence.

    ``actions``: OpenSpiel's action numbers, chance outcomes included, from the start of the
    hand; ``params``: its game parameters (OpenSpiel's names; defaults as OpenSpiel's).
    Raises :class:`InvalidImportError` naming the first fault (``("actions", i)`` or
    ``("params", name)``).
    """
    values, problems = read_params(params)
    if problems:
        raise InvalidImportError("; ".join(p.detail for p in problems), problems)
    if not isinstance(actions, list):
        raise _refuse(("actions",), "wrong_type", "actions is a list of action numbers")
    if len(actions) > MAX_ACTIONS:
        raise _refuse(("actions",), "too_many_actions",
                      f"at most {MAX_ACTIONS} actions, got {len(actions)}")
    hand = _OpenSpielDeal(values)
    for index, action in enumerate(actions):
        hand.apply(index, action)
    return hand.log()
