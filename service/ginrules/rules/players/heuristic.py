"""The advice's heuristic core: a fast ranking of the options of one decision (R-2.5, R-5.1,
R-7.2, R-8.1).

A hand of ten cards is valued by its *expected deadwood after one more draw*: the mean, over
every card the player could still draw, of the least deadwood once that card is in and the best
discard is out (R-2.5), less a bonus for the chance that the draw lets it knock.  A discard is
also charged for the help it may give the opponent: over sampled opponent hands, how much
deadwood the card would save them.  Knocking is weighed against the chance of an undercut
(R-7.2) over the same sampled hands, and against the score of the game (R-8.1).

The options ranked are the view's legal moves, which the engine gives; this module only orders
them and says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from ..base.cards import CARD_BITS, CARD_NAMES, CARD_RANKS, CARD_SUITS, Card, mask_cards
from ..base.melds import Arrangement, Meld, meld_pairs
from ..base.options import Rules
from ..hands.arrangements import legal_arrangements
from ..hands.knock import knock_allowed, taken_card_fault
from ..hands.scoring import settle
from ..hands.solver import Solver, solver_for
from ..match.standings import Standing
from ..table.moves import DealView, Discard, Draw, Knock, Move, Pass, Phase
from .knowledge import Knowledge

HEURISTIC_SAMPLES = 32
"""Opponent hands sampled for the heuristic core (discard safety, undercut risk)."""
UNDERCUT_RISK = 0.4
"""The chance of an undercut (over sampled defender hands) above which the heuristic plays on
rather than knock (R-7.2); higher when a win ends the game, lower when the opponent is close
to the target (R-8.1)."""
LAST_DRAWS = 4
"""Stock cards left below which a knock is taken at a higher undercut risk: the wall is near."""
PRUNE_MARGIN = 6
"""Discards leaving this much more deadwood than the best one are ranked by deadwood alone."""
KNOCK_ARRANGEMENTS = 4
"""Arrangements a knock is judged with (R-7.6): the least deadwood first."""
KNOCK_CHANCE_WEIGHT = 6.0
"""What a hand's chance of being able to knock after the next draw (R-5.1) is worth, in points
of expected deadwood: the race to knock first decides most deals."""

DANGER_WEIGHT = 0.3
"""How much a point of deadwood saved by the opponent counts against a discard, on the scale of
the player's own expected deadwood (in self-play against the simple bot 0.3 played better than
both 0.05 and 0.6: feeding the opponent a meld costs, but so does keeping a high card)."""
SECOND_DRAW = 0.8
"""The value of a later draw relative to the next one, when a pile card is weighed against
the stock."""


class Evaluator:
    """The heuristic core's arithmetic for one decision, with its own memo of solved hands
    (dropped with the decision: no state outlives a hint)."""

    def __init__(self, rules: Rules, drawable: Sequence[Card], limit: int) -> None:
        self.rules = rules
        self.limit = limit
        self.solver = solver_for(rules)
        self.drawable = tuple(drawable)
        self.pairs = meld_pairs(round_the_corner=rules.round_the_corner)
        self.values = rules.card_values
        self._least: dict[int, int] = {}
        self._outlook: dict[int, tuple[float, float]] = {}

    def least(self, hand: int) -> int:
        """The least deadwood of a hand after its best discard (R-2.5)."""
        value = self._least.get(hand)
        if value is None:
            value = self._least[hand] = min(self.solver.discard_counts(hand))
        return value

    def related(self, card: Card, hand: int) -> bool:
        """Whether a card could meld with cards of the hand: a pair of them makes a meld with
        it (a set of three, a run of three, or the end of a longer run or a fourth card)."""
        return any(hand & pair == pair for pair in self.pairs[card])

    def near(self, card: Card, hand: int) -> bool:
        """Whether a card shares a rank with a card of the hand, or is within two ranks of one
        of its suit: only such a card can ever meld with the hand's cards."""
        rank, base = card % 13, card - card % 13
        for suit in range(4):
            if hand >> (suit * 13 + rank) & 1:
                return True
        suit_cards = hand >> base & 0x1FFF
        window = 0b11111 << rank >> 2 if rank >= 2 else 0b11111 >> (2 - rank)
        if self.solver.round_the_corner:
            return True
        return bool(suit_cards & window & ~(1 << rank))

    def outlook(self, hand: int) -> tuple[float, float]:
        """A ten-card hand's expected deadwood after one more stock draw and the best
        discard, and the chance that the draw lets it knock (R-5.1)."""
        cached = self._outlook.get(hand)
        if cached is not None:
            return cached
        drawable = self.drawable
        now = self.solver.min_deadwood(hand)
        if not drawable:
            result = float(now), float(knock_allowed(now, self.limit))
        else:
            nine = min(self.solver.discard_counts(hand))
            values = self.values
            limit = self.limit
            total = knockable = 0
            for card in drawable:
                if self.near(card, hand):
                    value = self.least(hand | CARD_BITS[card])
                else:
                    # A card that melds with nothing: keep it in place of the worst card, or not.
                    value = min(now, nine + values[card])
                total += value
                knockable += knock_allowed(value, limit)
            result = total / len(drawable), knockable / len(drawable)
        self._outlook[hand] = result
        return result

    def expected(self, hand: int) -> float:
        """A ten-card hand's expected deadwood after one more stock draw and the best
        discard."""
        return self.outlook(hand)[0]

    def worth(self, hand: int) -> float:
        """The heuristic's cost of keeping a ten-card hand: its expected deadwood after the
        next draw, less a bonus for the chance that the draw lets it knock."""
        expected, knock_chance = self.outlook(hand)
        return expected - KNOCK_CHANCE_WEIGHT * knock_chance

    def help_to_opponent(self, card: Card, opponents: Sequence[int]) -> float:
        """The mean deadwood a card would save the sampled opponent hands if they took it."""
        if not opponents:
            return 0.0
        saved = 0
        bit = CARD_BITS[card]
        solver = self.solver
        for hand in opponents:
            if not self.related(card, hand):
                continue
            now = solver.min_deadwood(hand)
            with_card = hand | bit
            # Nobody takes a card to throw it straight back: it stays among the ten.
            best = min(v for c, v in zip(mask_cards(with_card), solver.discard_counts(with_card))
                       if c != card)
            if best < now:
                saved += now - best
        return saved / len(opponents)


@dataclass
class Scored:
    """An option being ranked: the move, the heuristic's cost (lower is better), its notes."""

    move: Move
    cost: float
    notes: list[str] = field(default_factory=list)
    points: float | None = None
    win: float | None = None
    samples: int = 0
    melds: tuple[Meld, ...] | None = None
    deadwood: int | None = None
    raw: tuple[float, float] | None = None
    """The playouts' share of wins and mean points before calibration (hints.CALIBRATION)."""


def _knock_plan(solver: Solver, rules: Rules, spread: int, limit: int,
                opponents: Sequence[int], upcard: Card) -> tuple[Arrangement, float, float]:
    """The arrangement to knock with (R-5.3, R-7.6) judged over sampled defender hands, with
    its expected points and the chance of an undercut (R-7.2)."""
    least = solver.min_deadwood(spread)
    # The optimal arrangements, and a few that keep a card out of a meld to deny a layoff.
    candidates = sorted((a for a in legal_arrangements(spread, min(limit, least + 4), rules)),
                        key=lambda a: a.deadwood_count)[:KNOCK_ARRANGEMENTS]
    candidates = candidates or [solver.best_arrangement(spread)]
    best = None
    for arrangement in candidates:
        total = 0
        undercuts = 0
        for defender in opponents:
            result = settle(arrangement, defender, rules, upcard)[2]
            if result.winner == "knocker":
                total += result.points
            elif result.winner == "defender":
                total -= result.points
                undercuts += 1
        n = max(1, len(opponents))
        key = (total / n, -arrangement.deadwood_count)
        if best is None or key > best[0]:
            best = (key, arrangement, total / n, undercuts / n)
    assert best is not None, "there is always a candidate"
    return best[1], best[2], best[3]


def rank_discards(view: DealView, knowledge: Knowledge, ev: Evaluator, moves: Sequence[Move],
                  opponents: Sequence[int], standing: Standing) -> list[Scored]:
    """Discards by expected deadwood plus the help they give; knocks weighed against play-on."""
    solver = ev.solver
    hand = knowledge.hand
    drawable = knowledge.drawable
    values = dict(zip(mask_cards(hand), solver.discard_counts(hand)))
    scored: list[Scored] = []
    best_discard_cost = None
    least = min(values.values())
    for move in moves:
        if not isinstance(move, Discard):
            continue
        card = cast(Card, move.card)  # the player's own legal moves: no card is HIDDEN
        kept = hand & ~CARD_BITS[card]
        if values[card] > least + PRUNE_MARGIN:
            # Breaking up a meld for nothing: not worth a look-ahead of its own.
            scored.append(Scored(move, float(values[card]) + PRUNE_MARGIN,
                                  [f"{values[card]} deadwood now: {CARD_NAMES[card]} is in a "
                                   "meld or close to one"]))
            continue
        future = ev.expected(kept)
        danger = ev.help_to_opponent(card, opponents)
        cost = ev.worth(kept) + DANGER_WEIGHT * danger
        notes = [f"{values[card]} deadwood now, {future:.1f} expected after the next draw"]
        pair = _pair_notes(solver, kept, drawable)
        if pair:
            notes.append(pair)
        notes.append(_safety_note(card, knowledge, danger))
        scored.append(Scored(move, cost, notes))
        if best_discard_cost is None or cost < best_discard_cost:
            best_discard_cost = cost
    knocks = [m for m in moves if isinstance(m, Knock)]
    for move in knocks:
        discard = cast("Card | None", move.discard)  # the player's own: never HIDDEN
        spread = hand if discard is None else hand & ~CARD_BITS[discard]
        if discard is None:
            arrangement = solver.best_arrangement(spread)
            points = float((view.rules.big_gin_bonus or 0) + 0)
            undercut = 0.0
            notes = ["big gin: all eleven cards meld (R-5.5)"]
        else:
            arrangement, points, undercut = _knock_plan(
                solver, view.rules, spread, knowledge.limit, opponents, knowledge.upcard)
            if arrangement.deadwood_count == 0:
                notes = [f"gin: discard {CARD_NAMES[discard]}, no layoffs against it "
                         f"(R-7.3), {view.rules.gin_bonus} bonus"]
            else:
                notes = [f"knock with {arrangement.deadwood_count} deadwood, discarding "
                         f"{CARD_NAMES[discard]}: the opponent undercuts in "
                         f"{undercut:.0%} of sampled hands (R-7.2)"]
        cost = _knock_cost(arrangement.deadwood_count, points, undercut, knowledge,
                           standing, best_discard_cost)
        scored.append(Scored(Knock(move.player, move.discard, arrangement.melds), cost, notes,
                              melds=arrangement.melds, deadwood=arrangement.deadwood_count))
    return scored


def _knock_cost(deadwood: int, points: float, undercut: float, knowledge: Knowledge,
                standing: Standing, play_on: float | None) -> float:
    """A knock's cost on the scale of the discards' (expected deadwood): gin always first;
    otherwise knocking beats playing on unless the undercut risk is too high, less so when a
    win would end the game and more so when the opponent is close to the target (R-8.1)."""
    if deadwood == 0:
        return -1000.0
    risk_limit = UNDERCUT_RISK
    if knowledge.stock_count <= LAST_DRAWS:
        risk_limit = max(risk_limit, 0.5)  # near the wall, playing on wins little
    if standing.mine + max(points, 0) >= standing.target:
        risk_limit += 0.25
    if standing.theirs >= standing.target - 30:
        risk_limit /= 2
    if undercut > risk_limit or points <= 0:
        return (play_on if play_on is not None else 0.0) + 5.0 + 10 * undercut
    return -500.0 - points


def rank_draws(view: DealView, knowledge: Knowledge, ev: Evaluator, moves: Sequence[Move],
               opponents: Sequence[int], standing: Standing) -> list[Scored]:
    """Take the pile card or not: the best ten cards after taking it, against the stock's
    expectation (the next draw and, discounted, the one after)."""
    solver = ev.solver
    hand = knowledge.hand
    drawable = knowledge.drawable
    now = solver.min_deadwood(hand)
    after_stock = ev.expected(hand)
    stock_cost = ev.worth(hand) - SECOND_DRAW * max(0.0, now - after_stock)
    scored: list[Scored] = []
    for move in moves:
        if isinstance(move, Draw) and move.source == "discard":
            card = knowledge.pile[-1]
            with_card = hand | CARD_BITS[card]
            best_cost, best_discard = None, None
            for discard, value in zip(mask_cards(with_card), solver.discard_counts(with_card)):
                if taken_card_fault(discard, card, view.rules) is not None:
                    continue  # not this turn
                if value > now + ev.values[card]:
                    continue
                kept = with_card & ~CARD_BITS[discard]
                cost = ev.worth(kept)
                if best_cost is None or cost < best_cost:
                    best_cost, best_discard = cost, discard
            if best_cost is None:
                best_cost, best_discard = float(now + ev.values[card]), card
            assert best_discard is not None, "set together with best_cost"
            kept = with_card & ~CARD_BITS[best_discard]
            arrangement = solver.best_arrangement(kept)
            melded = [m for m in arrangement.melds if card in m.cards]
            if view.phase is Phase.LAST_DISCARD:
                note = f"take {CARD_NAMES[card]} to knock at the wall (R-4.7)"
                cost = -100.0
            elif melded:
                note = f"{CARD_NAMES[card]} completes {names(melded[0].cards)}"
                cost = best_cost
            else:
                note = f"{CARD_NAMES[card]} joins no meld of yours"
                if arrangement.deadwood_count < now:
                    note += (f", but in place of {CARD_NAMES[best_discard]} it lowers your "
                             f"deadwood from {now} to {arrangement.deadwood_count}")
                cost = best_cost + 0.5
            wall = view.phase is Phase.LAST_DISCARD
            if knock_allowed(arrangement.deadwood_count, knowledge.limit) and not wall:
                note += f"; then you may knock with {arrangement.deadwood_count}"
                cost -= 50
            notes = [note, f"then discard {CARD_NAMES[best_discard]}: "
                           f"{arrangement.deadwood_count} deadwood, "
                           f"{ev.expected(kept):.1f} expected after the next draw"]
            scored.append(Scored(move, cost, notes))
        elif isinstance(move, Draw):
            knockable = sum(1 for c in drawable
                            if knock_allowed(ev.least(hand | CARD_BITS[c]), knowledge.limit))
            better = sum(1 for c in drawable if ev.least(hand | CARD_BITS[c]) < now)
            notes = [f"{better} of the {len(drawable)} unseen cards would lower your deadwood of "
                     f"{now}; {after_stock:.1f} expected after the draw"]
            if knockable:
                notes.append(f"{knockable} of them let you knock")
            scored.append(Scored(move, stock_cost, notes))
        elif isinstance(move, Pass):
            if view.phase is Phase.LAST_DISCARD:
                notes = ["pass: the deal ends as a draw (R-4.7)"]
                scored.append(Scored(move, 0.0, notes))
            else:
                card = knowledge.pile[-1]
                with_card = hand | CARD_BITS[card]
                joins = any(card in meld.cards for meld in
                            solver.best_arrangement(with_card & ~CARD_BITS[
                                _best_other_discard(solver, with_card, card)]).melds)
                notes = [f"pass {CARD_NAMES[card]}: " + ("it would join a meld, but the stock "
                                                          "promises more" if joins else
                                                          "it joins no meld of yours"),
                         f"{after_stock:.1f} deadwood expected after a stock draw"]
                scored.append(Scored(move, stock_cost, notes))
    return scored


def _best_other_discard(solver: Solver, hand: int, taken: Card) -> Card:
    """The discard leaving the least deadwood, other than the card just taken (R-4.3)."""
    cards = mask_cards(hand)
    return min((c for c in cards if c != taken),
               key=lambda c: dict(zip(cards, solver.discard_counts(hand)))[c])


def names(cards: Sequence[Card]) -> str:
    return " ".join(CARD_NAMES[c] for c in sorted(cards))


def _pair_notes(solver: Solver, hand: int, drawable: Sequence[Card]) -> str | None:
    """The most promising unfinished group of a ten-card hand and how many cards complete it."""
    arrangement = solver.best_arrangement(hand)
    dead = arrangement.deadwood
    best: tuple[int, tuple[Card, Card]] | None = None
    drawable_mask = 0
    for card in drawable:
        drawable_mask |= CARD_BITS[card]
    for i, a in enumerate(dead):
        for b in dead[i + 1:]:
            outs = _outs(a, b) & drawable_mask
            if outs and (best is None or outs.bit_count() > best[0]):
                best = (outs.bit_count(), (a, b))
    if best is None:
        return None
    n, (a, b) = best
    return f"keeps {CARD_NAMES[a]} {CARD_NAMES[b]} open: {n} unseen card{'s' * (n != 1)} " \
           "complete it"


def _outs(a: Card, b: Card) -> int:
    """The cards that would make a meld of three with ``a`` and ``b``."""
    outs = 0
    if CARD_RANKS[a] == CARD_RANKS[b]:
        rank = CARD_RANKS[a]
        for s in range(4):
            card = s * 13 + rank - 1
            if card not in (a, b):
                outs |= CARD_BITS[card]
        return outs
    if CARD_SUITS[a] != CARD_SUITS[b]:
        return 0
    low, high = sorted((CARD_RANKS[a], CARD_RANKS[b]))
    base = CARD_SUITS[a] * 13 - 1
    if high - low == 1:
        for r in (low - 1, high + 1):
            if 1 <= r <= 13:
                outs |= CARD_BITS[base + r]
    elif high - low == 2:
        outs |= CARD_BITS[base + low + 1]
    return outs


def _safety_note(card: Card, knowledge: Knowledge, danger: float) -> str:
    """Why a discard is safe or not, from what the opponent took, passed and discarded."""
    name = CARD_NAMES[card]
    rank, suit = CARD_RANKS[card], CARD_SUITS[card]
    for picked in mask_cards(knowledge.opponent_known):
        if CARD_RANKS[picked] == rank or (CARD_SUITS[picked] == suit
                                          and abs(CARD_RANKS[picked] - rank) <= 2):
            return f"{name} is risky: the opponent took {CARD_NAMES[picked]}"
    for signal in knowledge.declined + knowledge.discarded:
        if signal != card and (CARD_RANKS[signal] == rank or (
                CARD_SUITS[signal] == suit and abs(CARD_RANKS[signal] - rank) <= 1)):
            verb = "passed" if signal in knowledge.declined else "discarded"
            return f"{name} is safe: the opponent {verb} {CARD_NAMES[signal]}"
    if danger >= 1.0:
        return f"{name} may help the opponent (saves them {danger:.1f} deadwood on average)"
    return f"{name} is unlikely to help the opponent"


