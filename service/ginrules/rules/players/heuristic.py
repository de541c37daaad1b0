"""The advice's heuristic core: a fast ranking of the options of one decision (R-2.5, R-5.1,
R-7.2, R-8.1).

A hand of ten cards is valued by its *expected deadwood after one more draw*: the mean, over
every card the player could still draw, of the least deadwood once that card is in and the best
discard is out (R-2.5), less a bonus for the chance that the draw lets it knock.  The few best
discards, and the stock draw, are then valued *over two draws*: the mean, over the first draw,
of a knock where it allows one and otherwise the best of that value after the second.  A discard is
also charged for the help it may give the opponent: over sampled opponent hands, how much
deadwood the card would save them.  Knocking is weighed against the chance of an undercut
(R-7.2) over the same sampled hands, and against the score of the game (R-8.1).

The options ranked are the view's legal moves, which the engine gives; this module only orders
them and says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, cast

from ..base.cards import (CARD_BITS, CARD_NAMES, CARD_RANKS, CARD_SUITS, CARDS, FULL_DECK, Card,
                          cards_mask, mask_cards)
from ..base.melds import Arrangement, Meld, meld_outs, meld_pairs
from ..base.options import Rules
from ..hands.knock import (count_may_knock, hand_may_knock, knock_arrangement,
                           knock_arrangements, spread_may_knock, taken_card_fault)
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
TWO_DRAW_DISCARDS = 4
"""Discards (the best by the one-draw value) valued over two draws: against the simple bot
(``ginrules selfplay --games 2000 --seed 1 --budget-ms 0``) the advisor won 62.3% of games
with the two-draw value and 60.8% with the one-draw value alone."""
TWO_DRAW_KEEP = 3
"""After a first draw that does not let the hand knock, the discards tried for the second: at
most this many, each within TWO_DRAW_MARGIN of the least deadwood."""
TWO_DRAW_MARGIN = 2
"""See TWO_DRAW_KEEP: a discard leaving more deadwood than this over the least is not tried."""


def _reach_of(card: Card) -> int:
    """The cards of the card's rank, and of its suit within two ranks of it (itself too)."""
    reach = 0
    for other in CARDS:
        if CARD_RANKS[other] == CARD_RANKS[card] or (
                CARD_SUITS[other] == CARD_SUITS[card]
                and abs(CARD_RANKS[other] - CARD_RANKS[card]) <= 2):
            reach |= CARD_BITS[other]
    return reach


_REACH: Final[tuple[int, ...]] = tuple(_reach_of(card) for card in CARDS)


class Evaluator:
    """The heuristic core's arithmetic for one decision, with its own memo of solved hands
    (dropped with the decision: no state outlives a hint)."""

    def __init__(self, rules: Rules, drawable: Sequence[Card], limit: int) -> None:
        self.rules = rules
        self.limit = limit
        self.solver = solver_for(rules)
        self.drawable = tuple(drawable)
        self.drawable_mask = cards_mask(self.drawable)
        self.pairs = meld_pairs(round_the_corner=rules.round_the_corner)
        self.values = rules.card_values
        self._outlook: dict[int, tuple[float, float]] = {}
        self._two_draws: dict[int, float] = {}

    def related(self, card: Card, hand: int) -> bool:
        """Whether a card could meld with cards of the hand: a pair of them makes a meld with
        it (a set of three, a run of three, or the end of a longer run or a fourth card)."""
        return any(hand & pair == pair for pair in self.pairs[card])

    def reach(self, hand: int) -> int:
        """The cards that share a rank with a card of the hand, or are within two ranks of one
        of its suit (the hand's own cards too): only such a card can ever meld with the hand's
        cards.  Round the corner (R-2.2), every card."""
        if self.solver.round_the_corner:
            return FULL_DECK
        reach = 0
        for card in mask_cards(hand):
            reach |= _REACH[card]
        return reach

    def outlook(self, hand: int) -> tuple[float, float]:
        """A ten-card hand's expected deadwood after one more stock draw and the best
        discard, and the chance that the draw lets it knock (R-5.1)."""
        cached = self._outlook.get(hand)
        if cached is not None:
            return cached
        # The cards the draw could bring: not one the hand holds (a card it would have drawn).
        live = self.drawable_mask & ~hand
        now = self.solver.min_deadwood(hand)
        rules, limit = self.rules, self.limit
        if not live:
            result = float(now), float(spread_may_knock(hand, rules, limit, count=now))
        else:
            reach = self.reach(hand)
            # A card that may meld: the least deadwood with it in and the best discard out.
            near = live & reach
            counts = self.solver.draw_counts(hand, near)
            total = sum(counts)
            # Whether the hand with the card drawn may knock: the knock rule, its own precheck
            # on the count first (count_may_knock), which settles most of them.
            knockable = sum(1 for card, value in zip(mask_cards(near), counts)
                            if count_may_knock(value, limit)
                            and hand_may_knock(hand | CARD_BITS[card], rules, limit, least=value))
            nine = min(self.solver.discard_counts(hand))
            values = self.values
            far = mask_cards(live & ~reach)
            for card in far:
                # A card that melds with nothing: keep it in place of the worst card, or not.
                value = min(now, nine + values[card])
                total += value
                knockable += count_may_knock(value, limit) and hand_may_knock(
                    hand | CARD_BITS[card], rules, limit, least=value)
            draws = len(counts) + len(far)
            result = total / draws, knockable / draws
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

    def worth_over_two_draws(self, hand: int) -> float:
        """The cost of keeping a ten-card hand over the next two draws: the mean, over every
        card the first draw could bring, of the knock it allows (R-5.1: its deadwood less
        KNOCK_CHANCE_WEIGHT, as :meth:`worth` counts a knock) or else of the lowest
        :meth:`worth` among the hands its best discards leave.  A drawn card that melds with
        nothing is either thrown back or kept for its lower value in place of the hand's
        worst card, as in :meth:`outlook`."""
        cached = self._two_draws.get(hand)
        if cached is not None:
            return cached
        drawable = mask_cards(self.drawable_mask & ~hand)
        stay = self.worth(hand)
        if not drawable:
            self._two_draws[hand] = stay
            return stay
        solver = self.solver
        rules, limit = self.rules, self.limit
        values = self.values
        now = solver.min_deadwood(hand)
        nine = min(solver.discard_counts(hand))
        reach = self.reach(hand)
        total = 0.0
        for card in drawable:
            if not reach >> card & 1:
                gain = now - nine - values[card]
                total += stay - gain if gain > 0 else stay
                continue
            eleven = hand | CARD_BITS[card]
            counts = solver.discard_counts(eleven)
            least = min(counts)
            if count_may_knock(least, limit) and hand_may_knock(eleven, rules, limit, counts,
                                                                 least=least):
                total += least - KNOCK_CHANCE_WEIGHT
                continue
            cards = mask_cards(eleven)
            best = None
            for index in sorted(range(len(cards)), key=counts.__getitem__)[:TWO_DRAW_KEEP]:
                if counts[index] > least + TWO_DRAW_MARGIN:
                    break
                value = self.worth(eleven & ~CARD_BITS[cards[index]])
                if best is None or value < best:
                    best = value
            assert best is not None, "the least deadwood's discard is always tried"
            total += best
        result = self._two_draws[hand] = total / len(drawable)
        return result

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
    danger: float = 0.0
    """For a discard: the deadwood it would save the opponent (Evaluator.help_to_opponent)."""


def _knock_plan(solver: Solver, rules: Rules, spread: int, limit: int,
                opponents: Sequence[int], upcard: Card) -> tuple[Arrangement, float, float]:
    """The arrangement to knock with (R-5.3, R-7.6) judged over sampled defender hands, with
    its expected points and the chance of an undercut (R-7.2)."""
    least = solver.min_deadwood(spread)
    # The optimal arrangements, and a few that keep a card out of a meld to deny a layoff,
    # among those the knock rule lets end the round.
    candidates = sorted(knock_arrangements(spread, rules, limit, max_deadwood=least + 4),
                        key=lambda a: a.deadwood_count)[:KNOCK_ARRANGEMENTS]
    if not candidates:
        judged = knock_arrangement(spread, rules, limit, optimal=solver.best_arrangement(spread))
        assert judged is not None, "a legal knock's spread has an arrangement that may knock"
        candidates = [judged]
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
    candidates: list[Scored] = []
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
        item = Scored(move, cost, notes)
        item.danger = danger
        scored.append(item)
        candidates.append(item)
    # The best few by the one-draw value are valued over two draws; the rest come after them.
    candidates.sort(key=lambda item: item.cost)
    closer, rest = candidates[:TWO_DRAW_DISCARDS], candidates[TWO_DRAW_DISCARDS:]
    for item in closer:
        kept = hand & ~CARD_BITS[cast(Card, cast(Discard, item.move).card)]
        item.cost = ev.worth_over_two_draws(kept) + DANGER_WEIGHT * item.danger
    if closer:
        best_discard_cost = min(item.cost for item in closer)
        behind = max(item.cost for item in closer) - rest[0].cost + 1 if rest else 0.0
        for item in rest:
            item.cost += max(0.0, behind)
    knocks = [m for m in moves if isinstance(m, Knock)]
    for move in knocks:
        discard = cast("Card | None", move.discard)  # the player's own: never HIDDEN
        spread = hand if discard is None else hand & ~CARD_BITS[discard]
        if discard is None:
            big_gin = knock_arrangement(spread, view.rules, knowledge.limit, big_gin=True)
            assert big_gin is not None, "a legal big gin's eleven cards may go big gin"
            arrangement = big_gin
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
    """Take the pile card or not: the best ten cards after taking it, valued over the next
    draw, against the stock's value over two draws (this one and the next)."""
    solver = ev.solver
    hand = knowledge.hand
    drawable = knowledge.drawable
    now = solver.min_deadwood(hand)
    after_stock = ev.expected(hand)
    # Both ways the hand gets this draw and the next: the pile card is known, the stock's not.
    stock_cost = ev.worth_over_two_draws(hand)
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
            judged = (knock_arrangement(kept, view.rules, knowledge.limit, optimal=arrangement)
                      if count_may_knock(arrangement.deadwood_count, knowledge.limit) else None)
            if judged is not None and not wall:
                note += f"; then you may knock with {judged.deadwood_count}"
                cost -= 50
            notes = [note, f"then discard {CARD_NAMES[best_discard]}: "
                           f"{arrangement.deadwood_count} deadwood, "
                           f"{ev.expected(kept):.1f} expected after the next draw"]
            scored.append(Scored(move, cost, notes))
        elif isinstance(move, Draw):
            after = solver.draw_counts(hand, ev.drawable_mask)
            knockable = sum(1 for card, value in zip(mask_cards(ev.drawable_mask), after)
                            if count_may_knock(value, knowledge.limit) and hand_may_knock(
                                hand | CARD_BITS[card], view.rules, knowledge.limit,
                                least=value))
            better = sum(1 for value in after if value < now)
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
    drawable_mask = cards_mask(drawable)
    # The cards that make a meld of three with a pair, as the rules' catalogue has them (R-2.7).
    outs_of = meld_outs(round_the_corner=solver.round_the_corner)
    for i, a in enumerate(dead):
        for b in dead[i + 1:]:
            outs = outs_of.get(CARD_BITS[a] | CARD_BITS[b], 0) & drawable_mask
            if outs and (best is None or outs.bit_count() > best[0]):
                best = (outs.bit_count(), (a, b))
    if best is None:
        return None
    n, (a, b) = best
    return (f"keeps {CARD_NAMES[a]} {CARD_NAMES[b]} open: {n} unseen card{'s' * (n != 1)} "
            f"complete{'s' * (n == 1)} it")


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


