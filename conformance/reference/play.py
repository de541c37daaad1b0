"""A referee of two-player game logs (R-3, R-4, R-8) and the legal actions of a position.

A log is written as docs/gamelog.md says (ginrules-log/1): players, rounds, each with its
dealer, its deal (the hands, the upcard, the stock if known; or nothing, when the game's
``seed`` deals it by the documented shuffle) and its actions.  ``referee`` plays every action
on a ``Deal`` and stops at the first that breaks a rule, naming it; ``legal_actions`` lists
what the player to act may do; ``perft`` counts the sequences of legal actions from a deal.

Every action is judged here, from the rule book; nothing is taken from the service.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import shuffle
from .cards import CODES, INDEX, codes
from .melds import least_deadwood
from .showdown import Fault, judge_knock, knock_limit, meld_faults, score_deal, fits, Score


class Illegal(Exception):
    """An action, a deal or a round that breaks a rule: the rule, a code and where."""

    def __init__(self, rule: str, code: str, at: str = "") -> None:
        super().__init__(f"{code} ({rule}) at {at}")
        self.fault = Fault(rule, code, at)


def _card(value: Any, at: str) -> int:
    if value not in INDEX:
        raise Illegal("R-1.4", "invalid_card", at)
    return INDEX[value]


def _melds(value: Any, at: str) -> list[list[int]]:
    """Melds as lists of cards: each a list of codes or ``{"kind", "cards"}``."""
    melds = []
    for index, meld in enumerate(value or []):
        cards = meld["cards"] if isinstance(meld, dict) else meld
        melds.append([_card(c, f"{at}/{index}") for c in cards])
    return melds


ENDINGS = {"knock": "R-5.3", "wall": "R-4.6", "wall_pass": "R-4.7",
           "upcard_draw_limit": "R-4.8", "repeated_return": "R-4.9"}
"""How a deal ends, and the rule an action after that end breaks."""

FIRST, SECOND, FORCED, DRAW, DISCARD, WALL, WALL_TAKE, LAY_DOWN, OVER = (
    "first", "second", "forced", "draw", "discard", "wall", "wall_take", "lay_down", "over")
"""The phases of a deal: the upcard offered to the non-dealer (R-4.2), then to the dealer,
both passed (the non-dealer must draw the stock), a normal draw (R-4.1), a discard or a knock,
the last discard offered at the wall (R-4.7), the last discard taken (only a knock may
follow), the defender's reply to a knock (R-6), the deal over."""


@dataclass
class Deal:
    """One deal between two players, from the deal to its result."""

    options: dict
    dealer: str
    other: str
    hands: dict[str, set[int]]
    upcard: int
    stock: list[int] | None
    seen: set[int] = field(default_factory=set)
    pile: list[int] = field(default_factory=list)
    stock_left: int = 31
    phase: str = FIRST
    turn: str = ""
    taken: int | None = None
    last_was_return: bool = False
    pile_draws: int = 0
    knocker: str | None = None
    knock_discard: int | None = None
    knock_melds: list[list[int]] | None = None
    big_gin: bool = False
    result: Score | None = None
    ended: str | None = None

    def __post_init__(self) -> None:
        self.pile = [self.upcard]
        self.turn = self.other
        self.seen = set().union(*self.hands.values()) | {self.upcard}

    @property
    def limit(self) -> int:
        return knock_limit(self.options, self.upcard) or 0

    def opponent(self, player: str) -> str:
        return self.dealer if player == self.other else self.other

    def forbid(self) -> bool:
        return self.options["taken_card_discard"] == "forbid"

    # What may be done --------------------------------------------------------------------------

    def knock_discards(self, player: str) -> list[int | None]:
        """Every discard a knock may have now (None: big gin), R-4.3, R-5.1, R-5.5."""
        hand = frozenset(self.hands[player])
        found: list[int | None] = []
        corner, ace = self.options["round_the_corner"], self.options["ace_deadwood_value"]
        for card in sorted(hand):
            if card == self.taken and self.forbid():
                continue
            if least_deadwood(hand - {card}, corner, ace) <= self.limit:
                found.append(card)
        if self.options["big_gin_bonus"] is not None and least_deadwood(hand, corner, ace) == 0:
            found.append(None)
        return found

    def wall_take_allowed(self, player: str) -> bool:
        """Whether taking the last discard at the wall could be followed by a knock (R-4.7)."""
        top = self.pile[-1]
        hand = frozenset(self.hands[player]) | {top}
        corner, ace = self.options["round_the_corner"], self.options["ace_deadwood_value"]
        for card in hand:
            if card == top and self.forbid():
                continue
            if least_deadwood(hand - {card}, corner, ace) <= self.limit:
                return True
        return self.options["big_gin_bonus"] is not None and least_deadwood(hand, corner, ace) == 0

    def legal_actions(self) -> list[dict]:
        """What the player to act may do, as log actions without the player."""
        top = CODES[self.pile[-1]] if self.pile else None
        take = {"action": "draw", "source": "discard", "card": top}
        if self.phase in (FIRST, SECOND):
            return [{"action": "pass"}, take]
        if self.phase == FORCED:
            return [{"action": "draw", "source": "stock"}]
        if self.phase == DRAW:
            return [{"action": "draw", "source": "stock"}] * (self.stock_left > 0) + [take]
        if self.phase == WALL:
            return [{"action": "pass"}] + [take] * self.wall_take_allowed(self.turn)
        knocks = [{"action": "knock", "discard": None if c is None else CODES[c]}
                  for c in self.knock_discards(self.turn)]
        if self.phase == WALL_TAKE:
            return knocks
        if self.phase == DISCARD:
            discards = [{"action": "discard", "card": CODES[c]}
                        for c in sorted(self.hands[self.turn])
                        if not (c == self.taken and self.forbid())]
            return discards + knocks
        if self.phase == LAY_DOWN:
            return [{"action": "lay_down"}]
        return []

    # Playing -----------------------------------------------------------------------------------

    def play(self, action: dict) -> None:
        """Judge an action and apply it; ``Illegal`` (at "") if it breaks a rule."""
        if self.phase == OVER:
            # Nothing follows the end of a deal: the rule that ended it is the one broken.
            raise Illegal(ENDINGS[self.ended or "knock"], "round_over")
        player = action.get("player")
        if player not in self.hands:
            raise Illegal("R-4.4", "not_at_table")
        if player != self.turn:
            raise Illegal("R-4.4", "not_your_turn")
        kind = action.get("action")
        handler = {"pass": self._pass, "draw": self._draw, "discard": self._discard,
                   "knock": self._knock, "lay_down": self._lay_down}.get(kind)
        if handler is None:
            raise Illegal("R-4.1", "unknown_action")
        handler(player, action)

    def _end(self, how: str) -> None:
        self.phase, self.ended = OVER, how

    def _pass(self, player: str, action: dict) -> None:
        if self.phase == FIRST:
            self.phase, self.turn = SECOND, self.dealer
        elif self.phase == SECOND:
            self.phase, self.turn = FORCED, self.other
        elif self.phase == WALL:
            self._end("wall_pass")
        elif self.phase in (DRAW, FORCED):
            raise Illegal("R-4.1", "must_draw")
        elif self.phase == LAY_DOWN:
            raise Illegal("R-6.1", "must_lay_down")
        else:
            raise Illegal("R-4.1", "must_discard")

    def _draw(self, player: str, action: dict) -> None:
        source = action.get("source")
        if source not in ("stock", "discard"):
            raise Illegal("R-4.1", "unknown_source")
        if self.phase in (FIRST, SECOND):
            if source == "stock":
                raise Illegal("R-4.2", "must_pass_or_take_upcard")
            self._take(player, action, counted=False)
            return
        if self.phase == FORCED and source == "discard":
            raise Illegal("R-4.2", "must_draw_from_stock")
        if self.phase == WALL:
            if source == "stock":
                raise Illegal("R-4.7", "must_pass_or_take_last_discard")
            if not self.wall_take_allowed(player):
                raise Illegal("R-4.7", "take_without_knock")
            self._take(player, action, counted=False)
            self.phase = WALL_TAKE
            return
        if self.phase not in (DRAW, FORCED):
            raise Illegal("R-4.1", "must_discard")
        if source == "discard":
            limit = self.options["upcard_draw_limit"]
            if limit is not None and self.pile_draws + 1 >= limit:
                # The draw that would reach the limit ends the deal at once.
                self._check_top(action)
                self.pile_draws += 1
                self._end("upcard_draw_limit")
                return
            self._take(player, action, counted=True)
            return
        if self.stock_left == 0:
            raise Illegal("R-4.4", "empty_stock")
        named = action.get("card")
        if self.stock is not None:
            card = self.stock[31 - self.stock_left]
            if named is not None and named != CODES[card]:
                raise Illegal("R-4.5", "wrong_stock_card")
        else:
            if named is None:
                raise Illegal("R-4.5", "missing_card")
            card = _card(named, "")
            if card in self.seen:
                raise Illegal("R-4.5", "card_already_seen")
        self.seen.add(card)
        self.stock_left -= 1
        self.hands[player].add(card)
        self.taken = None
        self.phase = DISCARD

    def _check_top(self, action: dict) -> None:
        if not self.pile:
            raise Illegal("R-4.4", "empty_discard_pile")
        named = action.get("card")
        if named is not None and named != CODES[self.pile[-1]]:
            raise Illegal("R-4.1", "wrong_discard_card")

    def _take(self, player: str, action: dict, counted: bool) -> None:
        self._check_top(action)
        card = self.pile.pop()
        self.hands[player].add(card)
        self.taken = card
        self.pile_draws += counted
        if self.phase != WALL:
            self.phase = DISCARD

    def _discard(self, player: str, action: dict) -> None:
        if self.phase == WALL_TAKE:
            raise Illegal("R-4.7", "must_knock")
        if self.phase in (FIRST, SECOND):
            raise Illegal("R-4.2", "must_pass_or_take_upcard")
        if self.phase != DISCARD:
            raise Illegal("R-4.1", "must_draw")
        card = _card(action.get("card"), "")
        if card not in self.hands[player]:
            raise Illegal("R-4.4", "card_not_in_hand")
        if card == self.taken and self.forbid():
            raise Illegal("R-4.3", "taken_card_discarded")
        returned = card == self.taken
        self.hands[player].discard(card)
        self.pile.append(card)
        self.taken = None
        if returned and self.last_was_return and self.options["repeated_return_draw"]:
            self._end("repeated_return")  # before the wall is looked at
            return
        self.last_was_return = returned
        self.turn = self.opponent(player)
        if self.stock_left <= 2:
            if self.options["wall"] == "draw":
                self._end("wall")
            else:
                self.phase = WALL
            return
        self.phase = DRAW

    def _knock(self, player: str, action: dict) -> None:
        if self.phase not in (DISCARD, WALL_TAKE):
            if self.phase in (FIRST, SECOND):
                raise Illegal("R-4.2", "must_pass_or_take_upcard")
            raise Illegal("R-5.1", "must_draw")
        discard = action.get("discard")
        discard = None if discard is None else _card(discard, "")
        melds = _melds(action["melds"], "") if action.get("melds") is not None else None
        judged = judge_knock(sorted(self.hands[player]), discard, melds, self.options,
                             taken=self.taken, upcard=self.upcard)
        if not judged.legal:
            fault = judged.faults[0]
            raise Illegal(fault.rule, fault.code)
        if discard is not None:
            self.hands[player].discard(discard)
            self.pile.append(discard)
        self.knocker, self.knock_discard, self.knock_melds = player, discard, melds
        self.big_gin = discard is None
        self.turn = self.opponent(player)
        self.phase = LAY_DOWN
        self.result = self._score(None, None)

    def _lay_down(self, player: str, action: dict) -> None:
        if self.phase != LAY_DOWN:
            raise Illegal("R-6.1", "no_knock")
        gin = self.result is not None and self.result.outcome in ("gin", "big_gin")
        stated = "melds" in action or "layoffs" in action
        own = _melds(action.get("melds"), "") if stated else None
        layoffs = [(_card(x["card"], ""), x["meld"]) for x in action.get("layoffs") or []]
        hand = self.hands[player]
        if own is not None:
            faults = meld_faults(own, self.options["round_the_corner"], "")
            if faults:
                raise Illegal(faults[0].rule, faults[0].code)
            for meld in own:
                if not set(meld) <= hand:
                    raise Illegal("R-6.4", "meld_card_not_in_hand")
        if layoffs:
            if gin:
                raise Illegal("R-6.3", "layoff_against_gin")
            if self.knock_melds is None:
                raise Illegal("R-6.1", "layoffs_need_knocker_melds")
            melds = [frozenset(m) for m in self.knock_melds]
            used = set().union(*own) if own else set()
            for card, index in layoffs:
                if card not in hand or card in used:
                    raise Illegal("R-6.1", "layoff_card_not_in_hand")
                used.add(card)
                if not isinstance(index, int) or not 0 <= index < len(melds):
                    raise Illegal("R-6.1", "no_such_meld")
                if not fits(melds[index], card, self.options["round_the_corner"]):
                    raise Illegal("R-6.2", "layoff_does_not_fit")
                melds[index] = melds[index] | {card}
        if stated:
            self.result = self._score(own or [], layoffs)
        self._end("knock")

    def _score(self, own, layoffs) -> Score:
        spread = sorted(self.hands[self.knocker])
        defender = sorted(self.hands[self.opponent(self.knocker)])
        return score_deal(spread, defender, self.options, knocker_melds=self.knock_melds,
                          defender_melds=own, layoffs=layoffs, big_gin=self.big_gin,
                          upcard=self.upcard)

    def copy(self) -> "Deal":
        twin = Deal.__new__(Deal)
        twin.__dict__.update(self.__dict__)
        twin.hands = {p: set(h) for p, h in self.hands.items()}
        twin.pile, twin.seen = list(self.pile), set(self.seen)
        return twin


# Dealing a round -------------------------------------------------------------------------------

def deal_round(round_: dict, players: list[str], seed: int | None, index: int, options: dict,
               dealer_expected: str | None) -> Deal:
    """A round's deal checked (R-1.5, R-3.1, R-3.2, R-3.3): as written, or by the documented
    shuffle."""
    at = f"/rounds/{index}"
    dealer = round_.get("dealer")
    if dealer not in players:
        raise Illegal("R-3.1", "not_a_player", f"{at}/dealer")
    if dealer_expected is not None and dealer != dealer_expected:
        rule = "R-3.3" if options["dealer_rotation"] == "alternate" else "R-3.2"
        raise Illegal(rule, "wrong_dealer", f"{at}/dealer")
    other = next(p for p in players if p != dealer)
    if "hands" not in round_:
        first, second, upcard, stock = shuffle.deal(seed, index)
        return Deal(options, dealer, other, {other: set(first), dealer: set(second)}, upcard,
                    list(stock))
    hands = round_["hands"]
    if set(hands) != set(players):
        raise Illegal("R-3.1", "wrong_players", f"{at}/hands")
    seen: set[int] = set()
    dealt: dict[str, set[int]] = {}
    for name, cards in hands.items():
        dealt[name] = set()
        for position, code in enumerate(cards):
            card = _card(code, f"{at}/hands/{name}/{position}")
            if card in seen:
                raise Illegal("R-1.5", "duplicate_card", f"{at}/hands/{name}/{position}")
            seen.add(card)
            dealt[name].add(card)
        if len(cards) != 10:
            raise Illegal("R-3.1", "wrong_hand_size", f"{at}/hands/{name}")
    upcard = _card(round_.get("upcard"), f"{at}/upcard")
    if upcard in seen:
        raise Illegal("R-1.5", "duplicate_card", f"{at}/upcard")
    seen.add(upcard)
    stock = None
    if round_.get("stock") is not None:
        stock = []
        for position, code in enumerate(round_["stock"]):
            card = _card(code, f"{at}/stock/{position}")
            if card in seen:
                raise Illegal("R-1.5", "duplicate_card", f"{at}/stock/{position}")
            seen.add(card)
            stock.append(card)
        if len(stock) != 31:
            raise Illegal("R-3.1", "wrong_stock_size", f"{at}/stock")
    return Deal(options, dealer, other, dealt, upcard, stock)


# A game ------------------------------------------------------------------------------------------

def _round_result(deal: Deal, provisional: bool = False) -> dict:
    """A finished deal's result as a game answer lists it."""
    if deal.result is None or (deal.ended != "knock" and not provisional):
        return {"outcome": "draw", "knocker": None, "winner": None, "points": 0}
    score = deal.result
    defender = deal.opponent(deal.knocker)
    winner = {"knocker": deal.knocker, "defender": defender, None: None}[score.winner]
    return {"outcome": score.outcome, "knocker": deal.knocker, "winner": winner,
            "points": score.points,
            "deadwood": {deal.knocker: score.knocker_deadwood, defender: score.defender_deadwood},
            "layoffs": [{"card": CODES[c], "meld": m} for c, m in score.layoffs]}


def final_totals(players: list[str], round_points: dict[str, int], wins: dict[str, int],
                 winner: str, options: dict) -> tuple[dict[str, int], list[dict]]:
    """The final totals and the end-of-game bonuses of a finished game (R-8.2, R-8.3)."""
    shutout = sum(round_points[p] for p in players if p != winner) == 0
    totals = dict(round_points)
    bonuses = []
    if shutout and options["shutout"] == "double":
        bonuses.append({"player": winner, "rule": "R-8.3", "points": totals[winner]})
        totals[winner] *= 2
    for name in players:
        points = wins[name] * options["box_bonus"]
        if points:
            totals[name] += points
            if options["box_bonus_timing"] == "end":  # immediate ones were added as won
                bonuses.append({"player": name, "rule": "R-8.2", "points": points})
    game_bonus = options["game_bonus"]
    if shutout and options["shutout"] == "game_bonus_200":
        game_bonus = 200
    if game_bonus:
        bonuses.append({"player": winner, "rule": "R-8.3", "points": game_bonus})
        totals[winner] += game_bonus
    if shutout and options["shutout"] == "double_total":
        bonuses.append({"player": winner, "rule": "R-8.3", "points": totals[winner]})
        totals[winner] *= 2
    return totals, bonuses


def next_dealer(options: dict, players: list, dealer: str | None, won: str) -> str | None:
    """Who deals after a round that ``won`` won: the winner (R-3.2) or, when the deal
    alternates (R-3.3), the other of the two players; not known without the round's dealer."""
    if options["dealer_rotation"] == "winner":
        return won
    return None if dealer is None else next(p for p in players if p != dealer)


def referee(question: dict, options: dict) -> dict:
    """A two-player game log judged: valid with its results, or the first fault."""
    players = list(question["players"])
    seed = question.get("seed")
    round_points = {p: 0 for p in players}
    wins = {p: 0 for p in players}
    results: list[dict] = []
    dealt_next: str | None = None
    winner: str | None = None
    deal: Deal | None = None
    immediate = options["box_bonus_timing"] == "immediate"

    def running(p: str) -> int:
        return round_points[p] + (wins[p] * options["box_bonus"] if immediate else 0)

    for index, round_ in enumerate(question["rounds"]):
        if winner is not None:
            return {"valid": False, "at": f"/rounds/{index}", "breaks": ["R-8.1"],
                    "code": "game_over"}
        try:
            deal = deal_round(round_, players, seed, index, options,
                              dealt_next if index else None)
            for position, action in enumerate(round_.get("actions", [])):
                try:
                    deal.play(action)
                except Illegal as illegal:
                    fault = illegal.fault
                    raise Illegal(fault.rule, fault.code,
                                  f"/rounds/{index}/actions/{position}") from None
        except Illegal as illegal:
            fault = illegal.fault
            return {"valid": False, "at": fault.at, "breaks": [fault.rule], "code": fault.code}
        if deal.phase == LAY_DOWN and deal.result is not None and deal.result.outcome in (
                "gin", "big_gin"):
            deal._end("knock")  # against gin the defender has nothing to do
        if deal.phase == LAY_DOWN:
            # A knock awaiting the defender: scored with the best reply, and the game stays
            # open (docs/gamelog.md, "A knock waiting for the defender").
            results.append({**_round_result(deal, provisional=True), "provisional": True})
            break
        if deal.phase != OVER:
            break
        result = _round_result(deal)
        results.append(result)
        if result["winner"] is not None:
            round_points[result["winner"]] += result["points"]
            wins[result["winner"]] += 1
            dealt_next = next_dealer(options, players, deal.dealer, result["winner"])
        else:
            dealt_next = deal.dealer
        leaders = [p for p in players if running(p) >= options["game_target"]]
        if leaders:
            winner = max(leaders, key=running)
    answer: dict[str, Any] = {"valid": True, "rounds": results, "complete": winner is not None,
                              "winner": winner}
    if winner is not None:
        answer["totals"], answer["bonuses"] = final_totals(players, round_points, wins, winner,
                                                           options)
    else:
        answer["totals"] = {p: running(p) for p in players}
        if results and results[-1].get("provisional"):
            last = results[-1]
            if last["winner"] is not None:
                answer["totals"][last["winner"]] += last["points"]
        if deal is not None and deal.phase != OVER:
            answer["next"] = {"player": deal.turn, "legal": deal.legal_actions()}
        else:
            answer["next_dealer"] = dealt_next
    return answer


# Perft -------------------------------------------------------------------------------------------

def _apply(deal: Deal, action: dict) -> Deal:
    child = deal.copy()
    child.play({**action, "player": deal.turn})
    return child


def perft(deal: Deal, depth: int) -> int:
    """How many sequences of exactly ``depth`` legal actions the deal allows; no action is
    counted after a knock (the defender's reply is not a move of play)."""
    if depth == 0:
        return 1
    if deal.phase in (OVER, LAY_DOWN):
        return 0
    total = 0
    for action in deal.legal_actions():
        if depth == 1:
            total += 1
        else:
            total += perft(_apply(deal, action), depth - 1)
    return total


def seeded_deal(seed: int, round_: int, dealer: str, other: str, options: dict) -> Deal:
    """A deal by the documented shuffle: the non-dealer gets the first ten cards (R-3.1)."""
    first, second, upcard, stock = shuffle.deal(seed, round_)
    return Deal(options, dealer, other, {other: set(first), dealer: set(second)}, upcard,
                list(stock))


def codes_of(cards) -> list[str]:
    return codes(sorted(cards))
