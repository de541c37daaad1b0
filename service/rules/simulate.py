"""Seeded random games, for tests and benchmarks: legal play written as ginrules-log/1 logs.

The players are simple but varied: they take the upcard or pass, draw from either pile, knock
when they may (not always), go gin, sometimes declare their melds and the defender's spread,
and let rounds run into the wall, so every part of the rules gets exercised.  The replay, not
this module, is the judge of every log written here.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import CARD_NAMES, Card, mask_cards
from .layoffs import best_defense
from .scoring import score_round
from .solver import best_arrangement, solve
from .gamelog import PLAYERS_BY_VARIANT
from .matches import PartnershipMatch, new_match
from .variants import Rules, resolve_rules

WALL = 2


def _names(cards) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def random_game(
    seed: int,
    rules: str | dict = "standard",
    players: tuple[str, ...] | None = None,
    *,
    with_stock: bool | None = None,
    max_rounds: int = 200,
) -> dict[str, Any]:
    """A whole match (at most ``max_rounds`` deals) of legal random play, as a log.

    Every preset is played: seating, dealers and the end of the match follow the variant's
    bookkeeping (matches.py) (R-3.2, R-8, R-9).
    """
    rng = random.Random(seed)
    resolved = resolve_rules(rules)
    count = PLAYERS_BY_VARIANT[resolved.variant]
    players = tuple(players or DEFAULT_PLAYERS[:count])
    log: dict[str, Any] = {"format": "ginrules-log/1", "rules": rules, "players": list(players),
                           "rounds": []}
    roles = teams = None
    if resolved.variant == "box":
        order = rng.sample(players, 3)
        roles = {"box": order[0], "captain": order[1], "sitter": order[2]}
        log["roles"] = roles
    if resolved.variant == "partnership":
        teams = [[players[0], players[2]], [players[1], players[3]]]
        log["teams"] = teams
    match = new_match(resolved, list(players), roles=roles, teams=teams)
    pairings = None
    for _ in range(max_rounds):
        def stock_given() -> bool:
            return rng.random() < 0.7 if with_stock is None else with_stock

        if isinstance(match, PartnershipMatch):
            if pairings is None:
                first, second = teams
                pairings = [(first[0], second[0]), (first[1], second[1])]
                if rng.random() < 0.5:
                    pairings = [(first[0], second[1]), (first[1], second[0])]
            else:  # every player meets the other opponent
                (a, b), (c, d) = pairings
                pairings = [(a, d), (c, b)]
            tables, results = [], []
            for pair in pairings:
                dealer = rng.choice(pair)
                deal = _Deal(rng, resolved, pair, _other(pair, dealer), dealer, stock_given())
                results.append(deal.play())
                tables.append(deal.table)
            log["rounds"].append({"tables": tables})
            match.record_tables(results, [frozenset(p) for p in pairings])
        else:
            seat = match.seat()
            dealer = seat.dealer or rng.choice(players)
            pair = seat.players or tuple(p for p in players if p != dealer)
            first = seat.first or (_other(pair, dealer) if dealer in pair
                                   else players[(players.index(dealer) + 1) % len(players)])
            deal = _Deal(rng, resolved, pair, first, dealer, stock_given())
            winner, points = deal.play()
            log["rounds"].append(deal.table)
            match.record(dealer, pair, winner, points)
        if match.complete:
            break
    return log


DEFAULT_PLAYERS = ("ann", "bob", "cy", "dee")


def _other(pair, player):
    return pair[1] if pair[0] == player else pair[0]


class _Deal:
    """One deal played at random, recorded as a table of the log."""

    def __init__(self, rng: random.Random, rules: Rules, players: tuple[str, str], first: str,
                 dealer: str, with_stock: bool) -> None:
        """``first`` is offered the upcard first; ``dealer`` is the log's dealer (in cutthroat
        the third player, who sits out)."""
        self.rng, self.rules, self.with_stock = rng, rules, with_stock
        deck = list(range(52))
        rng.shuffle(deck)
        self.other = {players[0]: players[1], players[1]: players[0]}
        self.nondealer = first
        self.dealer = self.other[first]
        self.hands: dict[str, set[Card]] = {self.nondealer: set(deck[:10]),
                                           self.dealer: set(deck[10:20])}
        self.upcard = deck[20]
        self.stock = deck[21:]
        self.pile = [self.upcard]
        self.limit = rules.knock_limit_for(self.upcard)
        self.actions: list[dict[str, Any]] = []
        self.table: dict[str, Any] = {
            "dealer": dealer,
            "hands": {p: _names(sorted(self.hands[p])) for p in players},
            "upcard": CARD_NAMES[self.upcard],
        }
        if with_stock:
            self.table["stock"] = _names(self.stock)
        self.table["actions"] = self.actions

    def act(self, player: str, kind: str, **fields: Any) -> None:
        self.actions.append({"player": player, "action": kind, **fields})

    def take_from_pile(self, player: str) -> Card:
        card = self.pile.pop()
        self.act(player, "draw", source="discard", card=CARD_NAMES[card])
        self.hands[player].add(card)
        return card

    def play(self) -> tuple[str | None, int]:
        """Play to a knock or the wall; the round's winner and points as scored (R-7)."""
        rng = self.rng
        taken: Card | None = None
        turn = self.nondealer
        drew = True
        if rng.random() < 0.35:  # the first turn
            taken = self.take_from_pile(self.nondealer)
        else:
            self.act(self.nondealer, "pass")
            if rng.random() < 0.35:
                taken, turn = self.take_from_pile(self.dealer), self.dealer
            else:
                self.act(self.dealer, "pass")
                drew = False
        while True:
            if not drew:
                if self.pile and rng.random() < 0.3 and self.actions[-1]["action"] != "pass":
                    taken = self.take_from_pile(turn)
                else:
                    card = self.stock.pop(0)
                    shown = not self.with_stock or rng.random() < 0.5
                    self.act(turn, "draw", source="stock",
                             **({"card": CARD_NAMES[card]} if shown else {}))
                    self.hands[turn].add(card)
                    taken = None
            drew = False
            hand = sum(1 << c for c in self.hands[turn])
            solution = solve(hand)
            values = dict(zip(mask_cards(hand), solution.discard_counts))
            allowed = [c for c in mask_cards(hand)
                       if not (c == taken and self.rules.taken_card_discard == "forbid")]
            if self.rules.big_gin_bonus is not None and solution.all_melded():
                return self.knock(turn, None)
            knockable = [c for c in allowed if values[c] <= self.limit]
            if knockable:
                best = min(knockable, key=lambda c: (values[c], rng.random()))
                if values[best] == 0 or rng.random() < 0.6:
                    return self.knock(turn, best)
            if rng.random() < 0.8:
                discard = min(allowed, key=lambda c: (values[c], rng.random()))
            else:
                discard = rng.choice(allowed)
            self.act(turn, "discard", card=CARD_NAMES[discard])
            self.hands[turn].discard(discard)
            self.pile.append(discard)
            if len(self.stock) <= WALL:
                return None, 0  # the wall
            turn = self.other[turn]

    def knock(self, knocker: str, discard: Card | None) -> tuple[str | None, int]:
        """Knock (R-5), maybe declaring melds; maybe a lay_down by the defender (R-6)."""
        rng = self.rng
        hand = sum(1 << c for c in self.hands[knocker])
        spread = hand if discard is None else hand & ~(1 << discard)
        fields: dict[str, Any] = {"discard": None if discard is None else CARD_NAMES[discard]}
        arrangement = best_arrangement(spread)
        melds = None
        if rng.random() < 0.5:
            melds = arrangement.melds
            fields["melds"] = [m.names() if rng.random() < 0.5
                               else {"kind": m.kind, "cards": m.names()} for m in melds]
        self.act(knocker, "knock", **fields)
        defender = self.other[knocker]
        defender_hand = sum(1 << c for c in self.hands[defender])
        declared_melds = layoffs = None
        if rng.random() < 0.5:
            gin = arrangement.deadwood_count == 0
            defense = best_defense(melds or (), defender_hand, gin=gin)
            declared_melds = defense.melds
            layoffs = defense.layoffs if melds is not None else ()
            self.act(defender, "lay_down", melds=[m.names() for m in declared_melds],
                     layoffs=[{"card": CARD_NAMES[x.card], "meld": x.meld} for x in layoffs])
        score = score_round(spread, defender_hand, self.rules, self.limit, discard=discard,
                            knocker_melds=melds, defender_melds=declared_melds,
                            layoffs=layoffs, upcard=self.upcard)
        winner = {"knocker": knocker, "defender": defender, None: None}[score.winner]
        return winner, score.points


def _small_melds() -> list[frozenset[Card]]:
    """Every set, and every run of three to five cards."""
    melds = []
    for rank in range(13):
        suits = [s * 13 + rank for s in range(4)]
        melds += [frozenset(suits[:i] + suits[i + 1:]) for i in range(4)] + [frozenset(suits)]
    for suit in range(4):
        for low in range(13):
            for high in range(low + 2, min(low + 5, 13)):
                melds.append(frozenset(range(suit * 13 + low, suit * 13 + high + 1)))
    return melds


_SMALL_MELDS = _small_melds()


def knock_position(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """A seeded knock position: the knocker's ten cards (random melds, deadwood at most 10),
    and the defender's ten, up to six of them next to the knocker's cards so layoffs happen."""
    from .cards import cards_mask
    from .solver import min_deadwood

    while True:
        spread: set[Card] = set()
        while len(spread) < 10:
            meld = rng.choice(_SMALL_MELDS)
            if len(spread) + len(meld) <= 10 and not spread & meld:
                spread |= meld
            elif len(spread) >= 6:
                spread.add(rng.choice([c for c in range(52) if c % 13 < 4 and c not in spread]))
        if min_deadwood(cards_mask(spread)) <= 10:
            break
    near = sorted({c + step for c in spread for step in (-2, -1, 1, 2, 13, 26, 39)
                   if 0 <= c + step < 52 and (step > 2 or (c + step) // 13 == c // 13)} - spread)
    picked = rng.sample(near, min(len(near), rng.randint(0, 6)))
    rest = [c for c in range(52) if c not in spread and c not in picked]
    return sorted(spread), picked + rng.sample(rest, 10 - len(picked))
