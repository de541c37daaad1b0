"""Hints: the current decision of one player, every option ranked with its value and a reason.

The hint engine sees only the player's view (:class:`~.engine.DealView`), so it cannot cheat.
It works in two steps:

1. **A fast heuristic core** ranks the options.  A hand of ten cards is valued by its
   *expected deadwood after one more draw*: the mean, over every card the player could still
   draw, of the least deadwood once that card is in and the best discard is out (R-2.5).  A
   discard is also charged for the help it may give the opponent: over sampled opponent hands,
   how much deadwood the card would save them.  Knocking is weighed against the chance of an
   undercut (R-7.2) over the same sampled hands, and against the score of the game (R-8.1).
2. **Sampling and look-ahead** estimate each option's value: the expected points of the round
   for the player (negative when the opponent scores) and the chance of winning it.  Hidden
   cards are sampled consistently with what the player has seen: the opponent's pile picks are
   known cards, and a card the opponent declined or discarded makes hands that would meld it
   less likely (a player keeps what melds).  Each sampled deal is then played out to its end by
   a fast policy (draw the pile card when it melds, discard to the least deadwood, knock when
   allowed), with the same samples for every option, so options are compared on equal deals.
   Among the few best options the look-ahead may overturn the heuristic's order when it finds
   a clear difference.

Determinism: the reply depends only on the view, the seed and the budget.  The budget in
milliseconds becomes a fixed number of playouts (:data:`PLAYOUTS_PER_SECOND`, calibrated once on
one core), never a clock, so the same request gets the same reply on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..base.cards import CARD_BITS, CARD_NAMES, CARD_RANKS, CARD_SUITS, CARD_VALUES, Card, mask_cards
from ..table.engine import DealView, Discard, Draw, Knock, LayDown, Move, Pass, Phase
from ..hands.layoffs import best_defense
from ..base.melds import Arrangement, Meld
from ..hands.scoring import price, RoundFacts
from ..hands.solver import Solver, solver_for
from ..base.options import Rules

FULL_DECK = (1 << 52) - 1
WALL = 2
"""Cards left in the stock when a deal ends at the wall (R-4.6)."""

DEFAULT_BUDGET_MS = 100
PLAYOUTS_PER_SECOND = 2500
"""Playouts a second of budget buys (2.5 a millisecond): calibrated once on one core with
bench/hints.py, so that a hint at the default budget answers within twice its budget at the
99th percentile.  A fixed rate, not a clock."""
MAX_BUDGET_MS = 2000
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
CONTENDERS = 3
"""Options (the heuristic's best) the look-ahead compares closely; it may reorder them."""
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


# What the player knows -------------------------------------------------------------------------

@dataclass(frozen=True)
class Knowledge:
    """What one player knows of a deal, in masks: the facts the hint engine reasons from."""

    rules: Rules
    player: str
    opponent: str
    hand: int
    hidden: int
    """Cards the player has not seen where they are: in the opponent's hand or the stock."""
    opponent_known: int
    """Cards the opponent took from the pile and still holds."""
    opponent_unknown: int
    """How many of the opponent's cards the player cannot see."""
    stock_count: int
    pile: tuple[Card, ...]
    declined: tuple[Card, ...]
    """Pile cards the opponent could have taken and did not (a pass, or a stock draw)."""
    discarded: tuple[Card, ...]
    """The opponent's discards."""
    upcard: Card
    limit: int
    first: bool
    opponent_draws: int = 0
    """The opponent's stock draws so far: how many times they could improve their hand."""
    """Whether the player is the non-dealer (offered the first upcard first)."""

    @property
    def drawable(self) -> tuple[Card, ...]:
        """The cards the next stock draw could bring, as far as the player knows."""
        return mask_cards(self.hidden)


def knowledge_of(view: DealView) -> Knowledge:
    """The facts of a view, with the opponent's picks, passes and discards read from its
    public history (GAMELOG.md ``view``)."""
    hand = 0
    for card in view.hand:
        hand |= CARD_BITS[card]
    known = 0
    for card in view.opponent_known:
        known |= CARD_BITS[card]
    pile_mask = 0
    for card in view.pile:
        pile_mask |= CARD_BITS[card]
    hidden = FULL_DECK & ~hand & ~known & ~pile_mask
    declined: list[Card] = []
    discarded: list[Card] = []
    opponent_draws = 0
    pile: list[Card] = [view.upcard]
    for record in view.history:
        move = record.move
        mine = move.player == view.player
        if isinstance(move, Pass):
            if not mine and pile:
                declined.append(pile[-1])
        elif isinstance(move, Draw):
            if move.source == "discard":
                if pile:
                    pile.pop()
            elif not mine:
                opponent_draws += 1
                if pile:
                    declined.append(pile[-1])
        elif isinstance(move, Discard):
            pile.append(move.card)
            if not mine:
                discarded.append(move.card)
        elif isinstance(move, Knock) and move.discard is not None:
            pile.append(move.discard)
            if not mine:
                discarded.append(move.discard)
    unknown = max(0, view.opponent_hand_size - len(view.opponent_known))
    return Knowledge(
        rules=view.rules, player=view.player, opponent=view.opponent, hand=hand, hidden=hidden,
        opponent_known=known, opponent_unknown=unknown, stock_count=view.stock_count,
        pile=tuple(view.pile), declined=tuple(declined), discarded=tuple(discarded),
        upcard=view.upcard, limit=view.limit, first=view.dealer != view.player,
        opponent_draws=opponent_draws)


def _meld_pairs(round_the_corner: bool) -> tuple[tuple[int, ...], ...]:
    """For each card: the masks of the pairs of cards that make a meld of three with it
    (R-2.1, R-2.2; runs wrap past the king under round the corner, R-2.7)."""
    table = []
    for card in range(52):
        rank, suit = card % 13, card // 13
        pairs = set()
        others = [s * 13 + rank for s in range(4) if s != suit]
        for i, a in enumerate(others):
            for b in others[i + 1:]:
                pairs.add(CARD_BITS[a] | CARD_BITS[b])
        for start in (rank - 2, rank - 1, rank):
            ranks = [start, start + 1, start + 2]
            if not round_the_corner and (start < 0 or start + 2 > 12):
                continue
            cards = [suit * 13 + r % 13 for r in ranks if r % 13 != rank]
            if len(cards) == 2:
                pairs.add(CARD_BITS[cards[0]] | CARD_BITS[cards[1]])
        table.append(tuple(sorted(pairs)))
    return tuple(table)


MELD_PAIRS = {False: _meld_pairs(False), True: _meld_pairs(True)}
"""Per way of forming runs (R-2.7), per card: the pairs of cards it makes a meld with."""


def _melds_with(card: Card, hand: int, pairs: tuple[tuple[int, ...], ...]) -> int:
    """How many ways ``card`` would form a meld with two cards of ``hand`` (R-2.1, R-2.2)."""
    return sum(1 for pair in pairs[card] if hand & pair == pair)


DECLINE_KEEP = 0.3
"""The chance that a sampled opponent hand melding a card they declined or discarded is kept:
players keep what melds, so such hands are much less likely (but not impossible)."""


IMPROVEMENTS = 12
"""At most this many draws of the opponent are replayed when a hand is sampled."""


def sample_opponent_hands(knowledge: Knowledge, rng: random.Random, count: int) -> list[int]:
    """Opponent hands consistent with the view: the known cards plus unseen cards.

    A player's hand gets better with each draw, so a sampled hand is not a random one: it
    starts as random unseen cards and then, for each stock draw the opponent has made, takes
    one more unseen card and lets go of the card that leaves it the least deadwood (the known
    cards always stay).  Hands that would meld a card the opponent passed or discarded are
    made less likely, since players keep what melds."""
    hidden = list(mask_cards(knowledge.hidden))
    need = min(knowledge.opponent_unknown, len(hidden))
    spare = len(hidden) - need
    steps = min(knowledge.opponent_draws, IMPROVEMENTS, spare)
    signals = knowledge.declined + knowledge.discarded
    pairs = MELD_PAIRS[knowledge.rules.round_the_corner]
    solver = solver_for(knowledge.rules)
    known = knowledge.opponent_known
    hands = []
    for _ in range(count):
        for _attempt in range(8):
            drawn = rng.sample(hidden, need + steps)
            extra = 0
            for card in drawn[:need]:
                extra |= CARD_BITS[card]
            for card in drawn[need:]:
                extra |= CARD_BITS[card]
                hand = extra | known
                cards = mask_cards(hand)
                worst, worst_key = None, None
                for held, value in zip(cards, solver.discard_counts(hand)):
                    if known >> held & 1:
                        continue
                    key = (value, -CARD_VALUES[held])
                    if worst_key is None or key < worst_key:
                        worst, worst_key = held, key
                extra &= ~CARD_BITS[worst]
            hand = extra | known
            ways = sum(_melds_with(card, hand, pairs) for card in signals
                       if not hand >> card & 1)
            if not ways or rng.random() < DECLINE_KEEP ** ways:
                break
        hands.append(hand)
    return hands


# The heuristic core ------------------------------------------------------------------------

class Evaluator:
    """The heuristic core's arithmetic for one decision, with its own memo of solved hands
    (dropped with the decision: no state outlives a hint)."""

    def __init__(self, rules: Rules, drawable: Sequence[Card], limit: int) -> None:
        self.rules = rules
        self.limit = limit
        self.solver = solver_for(rules)
        self.drawable = tuple(drawable)
        self.pairs = MELD_PAIRS[rules.round_the_corner]
        self.values = [rules.ace_deadwood_value if c % 13 == 0 else CARD_VALUES[c]
                       for c in range(52)]
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
            result = float(now), float(now <= self.limit)
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
                knockable += value <= limit
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
            # The taken card may not be discarded again in that turn.
            best = min(v for c, v in zip(mask_cards(with_card), solver.discard_counts(with_card))
                       if c != card)
            if best < now:
                saved += now - best
        return saved / len(opponents)


@dataclass
class _Scored:
    """An option being ranked: the move, the heuristic's cost (lower is better), its notes."""

    move: Move
    cost: float
    notes: list[str] = field(default_factory=list)
    points: float | None = None
    win: float | None = None
    samples: int = 0
    melds: tuple[Meld, ...] | None = None
    deadwood: int | None = None


# Look-ahead: fast playouts on masks ------------------------------------------------------------

@dataclass
class World:
    """A whole deal as masks, for playouts: seat 0 is the player, seat 1 the opponent."""

    rules: Rules
    solver: Solver
    upcard: Card
    limit: int
    hands: list[int]
    stock: list[Card]
    pile: list[Card]
    turn: int
    phase: str
    first: int
    """The seat offered the upcard first (the non-dealer)."""
    passes: int = 0
    taken: Card | None = None
    pile_draws: int = 0

    def copy(self) -> "World":
        return World(self.rules, self.solver, self.upcard, self.limit, list(self.hands),
                     list(self.stock), list(self.pile), self.turn, self.phase, self.first,
                     self.passes, self.taken, self.pile_draws)


@dataclass(frozen=True)
class Outcome:
    """A deal's end from the player's side: signed points (R-7) and whether the player won."""

    points: int
    won: bool


DRAWN = Outcome(0, False)


def _forbidden(world: World) -> Card | None:
    return world.taken if world.rules.taken_card_discard == "forbid" else None


def _take(world: World) -> None:
    card = world.pile.pop()
    world.hands[world.turn] |= CARD_BITS[card]
    world.taken = card
    world.pile_draws += 1
    world.phase = "discard"


def _draw_stock(world: World) -> None:
    card = world.stock.pop(0)
    world.hands[world.turn] |= CARD_BITS[card]
    world.taken = None
    world.phase = "discard"


def _discard(world: World, card: Card) -> Outcome | None:
    """Discard and pass the turn; the deal's outcome if it ends (R-4.6, R-4.7, R-4.8)."""
    world.hands[world.turn] &= ~CARD_BITS[card]
    world.pile.append(card)
    world.taken = None
    limit = world.rules.upcard_draw_limit
    if limit is not None and world.pile_draws >= limit:
        return DRAWN
    world.turn ^= 1
    if len(world.stock) <= WALL:
        if world.rules.wall == "last_discard":
            world.phase = "last_discard"
            return None
        return DRAWN
    world.phase = "draw"
    return None


def _knock(world: World, discard: Card | None,
           melds: tuple[Meld, ...] | None = None) -> Outcome:
    """Knock and settle with the defender's best reply (R-6.4, R-7)."""
    seat = world.turn
    hand = world.hands[seat]
    spread = hand if discard is None else hand & ~CARD_BITS[discard]
    if melds is None:
        arrangement = world.solver.best_arrangement(spread)
    else:
        melded = 0
        for meld in melds:
            melded |= meld.mask
        arrangement = Arrangement.declared(melds, mask_cards(spread & ~melded),
                                           ace_value=world.rules.ace_deadwood_value)
    defender = world.hands[seat ^ 1]
    gin = arrangement.deadwood_count == 0
    defense = best_defense(arrangement.melds, defender, gin=gin, rules=world.rules)
    big_gin = discard is None
    facts = RoundFacts(arrangement.deadwood_count, defense.deadwood_count, gin and not big_gin,
                       big_gin)
    result = price(facts, world.rules, world.upcard)
    if result.winner is None:
        return DRAWN
    knocker_won = result.winner == "knocker"
    player_won = knocker_won == (seat == 0)
    return Outcome(result.points if player_won else -result.points, player_won)


def _fast_draw(world: World) -> bool:
    """The playout policy's draw: take the pile card when it joins a meld (lowers the
    deadwood after the best other discard)."""
    if not world.pile:
        return False
    hand = world.hands[world.turn]
    card = world.pile[-1]
    with_card = hand | CARD_BITS[card]
    values = world.solver.discard_counts(with_card)
    forbid = world.rules.taken_card_discard == "forbid"
    best = min(v for c, v in zip(mask_cards(with_card), values) if not (forbid and c == card))
    return best < world.solver.min_deadwood(hand) - CARD_VALUES[card] // 2


def _fast_discard(world: World) -> Outcome | None:
    """The playout policy's discard: big gin, else knock when allowed, else the discard to the
    least deadwood (the highest card among ties)."""
    hand = world.hands[world.turn]
    cards = mask_cards(hand)
    values = world.solver.discard_counts(hand)
    forbidden = _forbidden(world)
    best_card, best_value = None, 1 << 30
    for card, value in zip(cards, values):
        if card == forbidden:
            continue
        if value < best_value or (value == best_value
                                  and CARD_VALUES[card] > CARD_VALUES[best_card]):
            best_card, best_value = card, value
    if world.rules.big_gin_bonus is not None and world.solver.min_deadwood(hand) == 0:
        return _knock(world, None)
    if best_value <= world.limit:
        return _knock(world, best_card)
    return _discard(world, best_card)


def play_out(world: World, rng: random.Random) -> Outcome:
    """Play a deal to its end with the fast policy for both seats."""
    for _ in range(200):
        phase = world.phase
        if phase == "first_turn":
            if _fast_draw(world):
                _take(world)
            else:
                world.passes += 1
                world.turn ^= 1
                if world.passes == 2:
                    world.turn, world.phase = world.first, "stock_only"
        elif phase in ("draw", "stock_only"):
            if phase == "draw" and _fast_draw(world):
                _take(world)
            else:
                _draw_stock(world)
        elif phase == "discard":
            outcome = _fast_discard(world)
            if outcome is not None:
                return outcome
        elif phase == "last_discard":
            hand = world.hands[world.turn] | CARD_BITS[world.pile[-1]]
            card = world.pile[-1]
            forbid = world.rules.taken_card_discard == "forbid"
            values = [v for c, v in zip(mask_cards(hand), world.solver.discard_counts(hand))
                      if not (forbid and c == card)]
            if min(values) <= world.limit or (world.rules.big_gin_bonus is not None
                                               and world.solver.min_deadwood(hand) == 0):
                _take(world)
                return _fast_discard(world) or DRAWN
            return DRAWN
        else:
            return DRAWN
    return DRAWN


def world_of(knowledge: Knowledge, view: DealView, opponent: int,
             rng: random.Random) -> World:
    """A whole deal consistent with the view: the sampled opponent hand, the rest of the hidden
    cards shuffled into the stock."""
    stock = list(mask_cards(knowledge.hidden & ~opponent))
    rng.shuffle(stock)
    phase = view.phase.value
    turn = 0 if view.turn == view.player else 1
    world = World(knowledge.rules, solver_for(knowledge.rules), knowledge.upcard,
                  knowledge.limit, [knowledge.hand, opponent], stock[:knowledge.stock_count],
                  list(knowledge.pile), turn, phase, 0 if knowledge.first else 1,
                  taken=view.taken)
    world.passes = view.first_turn_passes
    if phase == "draw" and view.stock_only:
        world.phase = "stock_only"
    world.pile_draws = view.pile_draws
    return world


def apply_option(world: World, move: Move) -> Outcome | None:
    """Play the player's option in a sampled deal; the outcome if the deal ends at once."""
    if isinstance(move, Pass):
        if world.phase == "last_discard":
            return DRAWN
        world.passes += 1
        world.turn ^= 1
        if world.passes == 2:
            world.turn, world.phase = world.first, "stock_only"
        return None
    if isinstance(move, Draw):
        if move.source == "discard":
            _take(world)
        else:
            _draw_stock(world)
        return None
    if isinstance(move, Discard):
        return _discard(world, move.card)
    if isinstance(move, Knock):
        return _knock(world, move.discard, move.melds)
    return DRAWN


def continue_after(world: World, rng: random.Random) -> Outcome:
    """After a draw the player still discards: the fast policy does, and the deal plays on."""
    return play_out(world, rng)


# Ranking -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Standing:
    """The score of the game as the hint sees it (R-8.1): both totals and the target."""

    mine: int = 0
    theirs: int = 0
    target: int = 100


@dataclass(frozen=True)
class HintOption:
    """One option of a decision: the move, its rank (1 is best), its estimated value, why."""

    move: Move
    rank: int
    expected_points: float | None
    """The player's expected points of the round with this option (negative: the opponent's)."""
    win_chance: float | None
    """The estimated chance that the player wins the round."""
    reason: str
    samples: int
    """The sampled deals this option's value rests on."""
    melds: tuple[Meld, ...] | None = None
    """For a knock: the arrangement the hint would knock with."""
    deadwood: int | None = None
    """For a knock: the deadwood of that arrangement."""


@dataclass(frozen=True)
class Hint:
    """The current decision of one player and every option, best first."""

    player: str
    decision: str
    """``upcard`` (take the first upcard or pass), ``draw`` (which pile), ``discard`` (which
    card, or knock with which discard), ``last_discard`` (R-4.7) or ``lay_down`` (R-6)."""
    options: tuple[HintOption, ...]
    playouts: int
    budget_ms: int
    seed: int

    @property
    def best(self) -> HintOption:
        return self.options[0]


def playouts_for(budget_ms: int) -> int:
    """The playouts a budget buys: a fixed rate, so a reply does not depend on machine speed."""
    return max(0, int(budget_ms)) * PLAYOUTS_PER_SECOND // 1000


def advise(view: DealView, *, seed: int = 0, budget_ms: int = DEFAULT_BUDGET_MS,
           standing: Standing | None = None, playouts: int | None = None) -> Hint:
    """Rank every legal option of the player whose turn it is in ``view``.

    ``playouts`` overrides the number the budget buys (0: the heuristic core alone, with no
    values; for fast self-play)."""
    rng = random.Random(seed)
    standing = standing or Standing(target=view.rules.game_target)
    count = playouts_for(budget_ms) if playouts is None else playouts
    knowledge = knowledge_of(view)
    moves = tuple(view.legal_moves)
    phase = view.phase
    if phase is Phase.LAY_DOWN:
        return _lay_down_hint(view, seed, budget_ms)
    # The draw's heuristic needs no opponent hands; the discard's safety and the knock's
    # undercut risk do, and so does the look-ahead.
    needs_opponents = phase is Phase.DISCARD or count > 0
    opponents = (sample_opponent_hands(knowledge, rng, HEURISTIC_SAMPLES) if needs_opponents
                 else [])
    decision = {Phase.FIRST_TURN: "upcard", Phase.DRAW: "draw", Phase.DISCARD: "discard",
                Phase.LAST_DISCARD: "last_discard"}[phase]
    ev = Evaluator(view.rules, knowledge.drawable, knowledge.limit)
    if phase is Phase.DISCARD:
        scored = _rank_discards(view, knowledge, ev, moves, opponents, standing)
    else:
        scored = _rank_draws(view, knowledge, ev, moves, opponents, standing)
    scored.sort(key=lambda s: s.cost)
    if count > 0:
        _look_ahead(view, knowledge, scored, count, opponents, rng)
    options = tuple(
        HintOption(s.move, rank, s.points, s.win, "; ".join(s.notes), s.samples, s.melds,
                   s.deadwood)
        for rank, s in enumerate(scored, start=1))
    return Hint(view.player, decision, options, count, budget_ms, seed)


def _names(cards: Sequence[Card]) -> str:
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


def _knock_plan(solver: Solver, rules: Rules, spread: int, limit: int,
                opponents: Sequence[int], upcard: Card) -> tuple[Arrangement, float, float]:
    """The arrangement to knock with (R-5.3, R-7.6) judged over sampled defender hands, with
    its expected points and the chance of an undercut (R-7.2)."""
    least = solver.min_deadwood(spread)
    # The optimal arrangements, and a few that keep a card out of a meld to deny a layoff.
    candidates = sorted((a for a in solver.legal_arrangements(spread, min(limit, least + 4))),
                        key=lambda a: a.deadwood_count)[:KNOCK_ARRANGEMENTS]
    candidates = candidates or [solver.best_arrangement(spread)]
    best = None
    for arrangement in candidates:
        total = 0
        undercuts = 0
        gin = arrangement.deadwood_count == 0
        for defender in opponents:
            defense = best_defense(arrangement.melds, defender, gin=gin, rules=rules)
            facts = RoundFacts(arrangement.deadwood_count, defense.deadwood_count, gin, False)
            result = price(facts, rules, upcard)
            if result.winner == "knocker":
                total += result.points
            elif result.winner == "defender":
                total -= result.points
                undercuts += 1
        n = max(1, len(opponents))
        key = (total / n, -arrangement.deadwood_count)
        if best is None or key > best[0]:
            best = (key, arrangement, total / n, undercuts / n)
    return best[1], best[2], best[3]


def _rank_discards(view: DealView, knowledge: Knowledge, ev: Evaluator, moves, opponents,
                   standing: Standing) -> list[_Scored]:
    """Discards by expected deadwood plus the help they give; knocks weighed against play-on."""
    solver = ev.solver
    hand = knowledge.hand
    drawable = knowledge.drawable
    values = dict(zip(mask_cards(hand), solver.discard_counts(hand)))
    scored: list[_Scored] = []
    best_discard_cost = None
    least = min(values.values())
    for move in moves:
        if not isinstance(move, Discard):
            continue
        card = move.card
        kept = hand & ~CARD_BITS[card]
        if values[card] > least + PRUNE_MARGIN:
            # Breaking up a meld for nothing: not worth a look-ahead of its own.
            scored.append(_Scored(move, float(values[card]) + PRUNE_MARGIN,
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
        scored.append(_Scored(move, cost, notes))
        if best_discard_cost is None or cost < best_discard_cost:
            best_discard_cost = cost
    knocks = [m for m in moves if isinstance(m, Knock)]
    for move in knocks:
        spread = hand if move.discard is None else hand & ~CARD_BITS[move.discard]
        if move.discard is None:
            arrangement = solver.best_arrangement(spread)
            points = float((view.rules.big_gin_bonus or 0) + 0)
            undercut = 0.0
            notes = ["big gin: all eleven cards meld (R-5.5)"]
        else:
            arrangement, points, undercut = _knock_plan(
                solver, view.rules, spread, knowledge.limit, opponents, knowledge.upcard)
            if arrangement.deadwood_count == 0:
                notes = [f"gin: discard {CARD_NAMES[move.discard]}, no layoffs against it "
                         f"(R-7.3), {view.rules.gin_bonus} bonus"]
            else:
                notes = [f"knock with {arrangement.deadwood_count} deadwood, discarding "
                         f"{CARD_NAMES[move.discard]}: the opponent undercuts in "
                         f"{undercut:.0%} of sampled hands (R-7.2)"]
        cost = _knock_cost(arrangement.deadwood_count, points, undercut, knowledge,
                           standing, best_discard_cost)
        scored.append(_Scored(Knock(move.player, move.discard, arrangement.melds), cost, notes,
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


def _rank_draws(view: DealView, knowledge: Knowledge, ev: Evaluator, moves, opponents,
                standing: Standing) -> list[_Scored]:
    """Take the pile card or not: the best ten cards after taking it, against the stock's
    expectation (the next draw and, discounted, the one after)."""
    solver = ev.solver
    hand = knowledge.hand
    drawable = knowledge.drawable
    now = solver.min_deadwood(hand)
    after_stock = ev.expected(hand)
    stock_cost = ev.worth(hand) - SECOND_DRAW * max(0.0, now - after_stock)
    scored: list[_Scored] = []
    for move in moves:
        if isinstance(move, Draw) and move.source == "discard":
            card = knowledge.pile[-1]
            with_card = hand | CARD_BITS[card]
            forbid = view.rules.taken_card_discard == "forbid"
            best_cost, best_discard = None, None
            for discard, value in zip(mask_cards(with_card), solver.discard_counts(with_card)):
                if forbid and discard == card:
                    continue
                if value > now + CARD_VALUES[card]:
                    continue
                kept = with_card & ~CARD_BITS[discard]
                cost = ev.worth(kept)
                if best_cost is None or cost < best_cost:
                    best_cost, best_discard = cost, discard
            if best_cost is None:
                best_cost, best_discard = float(now + CARD_VALUES[card]), card
            kept = with_card & ~CARD_BITS[best_discard]
            arrangement = solver.best_arrangement(kept)
            melded = [m for m in arrangement.melds if card in m.cards]
            if view.phase is Phase.LAST_DISCARD:
                note = f"take {CARD_NAMES[card]} to knock at the wall (R-4.7)"
                cost = -100.0
            elif melded:
                note = f"{CARD_NAMES[card]} completes {_names(melded[0].cards)}"
                cost = best_cost
            else:
                note = f"{CARD_NAMES[card]} joins no meld of yours"
                if arrangement.deadwood_count < now:
                    note += (f", but in place of {CARD_NAMES[best_discard]} it lowers your "
                             f"deadwood from {now} to {arrangement.deadwood_count}")
                cost = best_cost + 0.5
            wall = view.phase is Phase.LAST_DISCARD
            if arrangement.deadwood_count <= knowledge.limit and not wall:
                note += f"; then you may knock with {arrangement.deadwood_count}"
                cost -= 50
            notes = [note, f"then discard {CARD_NAMES[best_discard]}: "
                           f"{arrangement.deadwood_count} deadwood, "
                           f"{ev.expected(kept):.1f} expected after the next draw"]
            scored.append(_Scored(move, cost, notes))
        elif isinstance(move, Draw):
            knockable = sum(1 for c in drawable
                            if ev.least(hand | CARD_BITS[c]) <= knowledge.limit)
            better = sum(1 for c in drawable if ev.least(hand | CARD_BITS[c]) < now)
            notes = [f"{better} of the {len(drawable)} unseen cards would lower your deadwood of "
                     f"{now}; {after_stock:.1f} expected after the draw"]
            if knockable:
                notes.append(f"{knockable} of them let you knock")
            scored.append(_Scored(move, stock_cost, notes))
        elif isinstance(move, Pass):
            if view.phase is Phase.LAST_DISCARD:
                notes = ["pass: the deal ends as a draw (R-4.7)"]
                scored.append(_Scored(move, 0.0, notes))
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
                scored.append(_Scored(move, stock_cost, notes))
    return scored


def _best_other_discard(solver: Solver, hand: int, taken: Card) -> Card:
    """The discard leaving the least deadwood, other than the card just taken (R-4.3)."""
    cards = mask_cards(hand)
    return min((c for c in cards if c != taken),
               key=lambda c: dict(zip(cards, solver.discard_counts(hand)))[c])


def _look_ahead(view: DealView, knowledge: Knowledge, scored: list[_Scored], count: int,
                opponents: Sequence[int], rng: random.Random) -> None:
    """Estimate every option's value by playouts on the same sampled deals, the heuristic's
    best few getting most of them; among those the look-ahead may reorder on a clear
    difference."""
    contenders = scored[:CONTENDERS]
    rest = scored[CONTENDERS:]
    share = count * 3 // 4 if rest else count
    per_contender = max(1, share // max(1, len(contenders)))
    per_rest = max(1, (count - per_contender * len(contenders)) // max(1, len(rest))) if rest else 0
    samples = max(per_contender, per_rest)
    # The heuristic's sampled opponent hands, each with stocks shuffled anew.
    seeds = [rng.getrandbits(32) for _ in range(samples)]
    worlds = [world_of(knowledge, view, opponents[i % len(opponents)], random.Random(s))
              for i, s in enumerate(seeds)]
    results: dict[int, list[Outcome]] = {}
    for index, item in enumerate(scored):
        n = per_contender if index < CONTENDERS else per_rest
        outcomes = []
        for world, s in zip(worlds[:n], seeds):
            trial = world.copy()
            outcome = apply_option(trial, item.move)
            if outcome is None:
                outcome = continue_after(trial, random.Random(s))
            outcomes.append(outcome)
        results[index] = outcomes
        item.samples = len(outcomes)
        item.points = round(sum(o.points for o in outcomes) / len(outcomes), 2)
        item.win = round(sum(o.won for o in outcomes) / len(outcomes), 3)
    # The heuristic's first choice keeps its place unless another contender beats it clearly on
    # the same deals (paired difference over two standard errors).
    if len(contenders) > 1:
        first = results[0]
        best_index, best_gain = 0, 0.0
        for index in range(1, len(contenders)):
            diffs = [b.points - a.points for a, b in zip(first, results[index])]
            n = len(diffs)
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
            if n >= 8 and mean > 2 * (var / n) ** 0.5 and mean > best_gain:
                best_index, best_gain = index, mean
        if best_index:
            winner = scored.pop(best_index)
            winner.notes.append("the look-ahead prefers it on the same sampled deals")
            scored.insert(0, winner)


def _lay_down_hint(view: DealView, seed: int, budget_ms: int) -> Hint:
    """The defender's reply to a knock (R-6.4): the spread with the least deadwood, exact."""
    move = best_lay_down(view)
    hand = 0
    for card in view.hand:
        hand |= CARD_BITS[card]
    melds = move.melds or ()
    laid = move.layoffs or ()
    if move.melds is None:
        arrangement = solver_for(view.rules).best_arrangement(hand)
        melds, count = arrangement.melds, arrangement.deadwood_count
        reason = (f"lay down your best melds ({len(melds)}) and let the service lay off what "
                  f"fits the knocker's melds (R-6.4): {count} deadwood before layoffs")
    else:
        used = 0
        for meld in melds:
            used |= meld.mask
        for layoff in laid:
            used |= CARD_BITS[layoff.card]
        count = sum(view.rules.ace_deadwood_value if CARD_RANKS[c] == 1 else CARD_VALUES[c]
                    for c in mask_cards(hand & ~used))
        reason = (f"your best spread (R-6.4): {len(melds)} meld{'s' * (len(melds) != 1)}, "
                  f"{len(laid)} layoff{'s' * (len(laid) != 1)}"
                  + (f" ({_names([x.card for x in laid])})" if laid else "")
                  + f", {count} deadwood")
    option = HintOption(move, 1, None, None, reason, 0)
    return Hint(view.player, "lay_down", (option,), 0, budget_ms, seed)


def best_lay_down(view: DealView) -> LayDown:
    """The defender's best spread against the knock (R-6.4), declared when the knock declared
    its melds (layoffs name them, GAMELOG.md); otherwise left to the service, which lays down
    the same best reply."""
    knock = view.knock
    if knock is None or knock.melds is None:
        return LayDown(view.player)
    hand = 0
    for card in view.hand:
        hand |= CARD_BITS[card]
    gin = False
    if view.score is not None:
        gin = view.score.outcome in ("gin", "big_gin")
    defense = best_defense(knock.melds, hand, gin=gin, rules=view.rules)
    return LayDown(view.player, defense.melds, defense.layoffs)
