"""Seeded random games, for tests and benchmarks: legal play written as ginrules-log/1 logs.

The players are simple but varied: they take the upcard or pass, draw from either pile, knock
when they may (not always), go gin, sometimes declare their melds and the defender's spread,
and let rounds run into the wall, so every part of the rules gets exercised.  The replay, not
this module, is the judge of every log written here.

The logs are written the way many different clients would write them, not in this project's
own conventions: every free choice of representation is made at random (:class:`_Voice`):
card spellings (R-1.4), the order of cards in a hand or a meld, the order of declared melds
(layoff indexes follow it), a meld as a list or as ``{"kind", "cards"}``, optional fields
given or left out.  A game's last knock that is not gin always gets the defender's lay_down
(the best one), so a whole game's log is complete.
"""

from __future__ import annotations

import random
from typing import Any

from ginrules.rules.match.variants import VARIANTS, DealResult, variant_for
from ginrules.rules.base.cards import CARD_NAMES, CARD_SPELLINGS, Card, mask_cards
from ginrules.rules.documents.gamelog import round_document
from ginrules.rules.table.dealing import shuffled_deck
from ginrules.rules.table.engine import Deal
from ginrules.rules.table.moves import Discard, Draw, Knock, LayDown, Move, Pass, Phase
from ginrules.rules.hands.layoffs import best_defense
from ginrules.rules.hands.solver import solver_for
from ginrules.rules.base.options import Rules, resolve_rules


def _names(cards) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


class _Voice:
    """How one client writes its log: each free choice of representation made at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        # Some clients write canonical codes only; the others spell each card as they like.
        self.canonical = rng.random() < 0.3

    def card(self, card: Card) -> str:
        """A spelling of the card (R-1.4)."""
        return CARD_NAMES[card] if self.canonical else self.rng.choice(CARD_SPELLINGS[card])

    def cards(self, cards) -> list[str]:
        """Cards whose order means something (the stock), each spelled at random."""
        return [self.card(c) for c in cards]

    def hand(self, cards) -> list[str]:
        """Cards whose order means nothing, in a random order."""
        cards = list(cards)
        self.rng.shuffle(cards)
        return self.cards(cards)

    def meld(self, meld) -> list[str] | dict[str, Any]:
        """A meld as a list of cards or as ``{"kind", "cards"}``, its cards in any order."""
        cards = self.hand(meld.cards)
        return cards if self.rng.random() < 0.5 else {"kind": meld.kind, "cards": cards}

    def order(self, melds) -> tuple:
        """Melds in the order this client declares them."""
        return tuple(self.rng.sample(list(melds), len(melds)))

    def layoffs(self, layoffs) -> list[dict[str, Any]]:
        """Layoffs in an order a player could lay them: each meld's own in playable order,
        the melds interleaved at random."""
        queues: dict[int, list] = {}
        for layoff in layoffs:
            queues.setdefault(layoff.meld, []).append(layoff)
        played = []
        while queues:
            meld = self.rng.choice(sorted(queues))
            played.append(queues[meld].pop(0))
            if not queues[meld]:
                del queues[meld]
        return [{"card": self.card(x.card), "meld": x.meld} for x in played]

    def maybe(self, probability: float = 0.5) -> bool:
        return self.rng.random() < probability


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
    bookkeeping (match/variants.py) (R-3.2, R-8, R-9).
    """
    rng = random.Random(seed)
    voice = _Voice(rng)
    resolved = resolve_rules(rules)
    variant = VARIANTS[resolved.variant]
    players = tuple(players or DEFAULT_PLAYERS[:variant.player_count])
    log: dict[str, Any] = {"format": "ginrules-log/1", "rules": rules, "players": list(players),
                           "rounds": []}
    if voice.maybe(0.3):
        del log["format"]  # optional (docs/gamelog.md)
    header = variant.choose_header(players, rng)
    log.update(header)
    match = variant_for(resolved, players, **header)
    last_deals: list[_Deal] = []
    for _ in range(max_rounds):
        def stock_given() -> bool:
            return rng.random() < 0.7 if with_stock is None else with_stock

        tables, results, last_deals = [], [], []
        for position in range(variant.tables_per_round):
            seating = match.choose_seat(position, rng)
            deal = _Deal(rng, voice, resolved, seating.players, seating.first, seating.dealer,
                         stock_given())
            winner, points = deal.play()
            tables.append(deal.table)
            results.append(DealResult(seating.players, seating.dealer, winner, points))
            last_deals.append(deal)
        log["rounds"].append(round_document(resolved, tables))
        match.record(results)
        if match.complete:
            break
    for deal in last_deals:
        deal.lay_down_best()
    return log


DEFAULT_PLAYERS = ("ann", "bob", "cy", "dee")


def _other(pair, player):
    return pair[1] if pair[0] == player else pair[0]


class _Deal:
    """One deal played at random on the table engine, recorded as a table of the log."""

    def __init__(self, rng: random.Random, voice: _Voice, rules: Rules,
                 players: tuple[str, str], first: str, dealer: str, with_stock: bool) -> None:
        """``first`` is offered the upcard first; ``dealer`` is the log's dealer (in cutthroat
        the third player, who sits out)."""
        self.rng, self.voice, self.rules, self.with_stock = rng, voice, rules, with_stock
        self.unlaid: tuple | None = None
        """A knock that is not gin, left without the defender's lay_down."""
        deck = shuffled_deck(rng)
        second = _other(players, first)
        self.deal = Deal.from_deck(rules, deck, first, second)
        hands = {first: set(deck[:10]), second: set(deck[10:20])}
        self.actions: list[dict[str, Any]] = []
        self.table: dict[str, Any] = {
            "dealer": dealer,
            "hands": {p: voice.hand(hands[p]) for p in players},
            "upcard": voice.card(deck[20]),
        }
        if with_stock:
            self.table["stock"] = voice.cards(deck[21:])
        self.table["actions"] = self.actions

    def act(self, move: Move, **fields: Any) -> None:
        """Play ``move`` on the deal and write it to the log with ``fields``."""
        self.deal.play(move)
        self.actions.append({"player": move.player, "action": _KINDS[type(move)], **fields})

    def take_from_pile(self, player: str) -> Card:
        card = self.deal.pile[-1]
        named = {"card": self.voice.card(card)} if self.voice.maybe(0.8) else {}
        self.act(Draw(player, "discard"), source="discard", **named)
        return card

    def play(self) -> tuple[str | None, int]:
        """Play to a knock or the end of the deal, every move chosen among the engine's legal
        moves; the winner and points as scored (R-7)."""
        rng, deal = self.rng, self.deal
        while not deal.over:
            player = deal.turn
            legal = deal.legal_moves()
            can_take = any(type(m) is Draw and m.source == "discard" for m in legal)
            phase = deal.phase
            if phase is Phase.FIRST_TURN:  # take the upcard or pass
                if can_take and rng.random() < 0.35:
                    self.take_from_pile(player)
                else:
                    self.act(Pass(player))
            elif phase is Phase.LAST_DISCARD:  # take the last discard to knock, or pass
                ending = self.last_discard(player, can_take)
                if ending is not None:
                    return ending
            elif phase is Phase.DRAW:
                if (deal.pile and rng.random() < 0.3 and self.actions[-1]["action"] != "pass"
                        and can_take):
                    self.take_from_pile(player)
                else:
                    card = deal.stock[0]
                    shown = not self.with_stock or rng.random() < 0.5
                    self.act(Draw(player, "stock", card),
                             source="stock", **({"card": self.voice.card(card)} if shown else {}))
            else:
                ending = self.discard_or_knock(player, legal)
                if ending is not None:
                    return ending
        return None, 0  # the wall or the pile-draw limit

    def last_discard(self, player: str, can_take: bool) -> tuple[str | None, int]:
        """At the wall: mostly take the last discard where the engine allows it (only where a
        knock can follow, R-4.7) and knock at once with the least deadwood, else pass."""
        deal, rng = self.deal, self.rng
        knocks, best = [], None
        if can_take:
            after = deal.copy()
            after.play(Draw(player, "discard"))
            knocks = [m for m in after.legal_moves() if type(m) is Knock]
            hand = after.hands[player]
            values = dict(zip(mask_cards(hand), solver_for(self.rules).solve(hand).discard_counts))
            plain = [m.discard for m in knocks if m.discard is not None]
            best = min(plain, key=lambda c: (values[c], rng.random())) if plain else None
        if not can_take or rng.random() < 0.2:
            self.act(Pass(player))
            return None, 0
        self.take_from_pile(player)
        big_gin = any(m.discard is None for m in knocks)
        return self.knock(player, None if big_gin else best)

    def discard_or_knock(self, player: str, legal: tuple) -> tuple[str | None, int] | None:
        """Big gin where legal, else often the legal knock with the least deadwood (gin always),
        else mostly the discard leaving the least deadwood; the knock's result, if one."""
        rng, deal = self.rng, self.deal
        hand = deal.hands[player]
        values = dict(zip(mask_cards(hand), solver_for(self.rules).solve(hand).discard_counts))
        knocks = [m for m in legal if type(m) is Knock]
        if any(m.discard is None for m in knocks):
            return self.knock(player, None)
        if knocks:
            best = min(knocks, key=lambda m: (values[m.discard], rng.random())).discard
            if values[best] == 0 or rng.random() < 0.6:
                return self.knock(player, best)
        discards = [m.card for m in legal if type(m) is Discard]
        if rng.random() < 0.8:
            discard = min(discards, key=lambda c: (values[c], rng.random()))
        else:
            discard = rng.choice(discards)
        self.act(Discard(player, discard), card=self.voice.card(discard))
        return None

    def knock(self, knocker: str, discard: Card | None) -> tuple[str | None, int]:
        """Knock (R-5), maybe declaring melds; maybe a lay_down by the defender (R-6)."""
        rng, voice, deal = self.rng, self.voice, self.deal
        hand = deal.hands[knocker]
        spread = hand if discard is None else hand & ~(1 << discard)
        fields: dict[str, Any] = {"discard": None if discard is None else voice.card(discard)}
        arrangement = solver_for(self.rules).best_arrangement(spread)
        melds = None
        if rng.random() < 0.5:
            melds = voice.order(arrangement.melds)
            fields["melds"] = [voice.meld(m) for m in melds]
        self.act(Knock(knocker, discard, melds), **fields)
        defender = deal.other(knocker)
        gin = arrangement.deadwood_count == 0
        if rng.random() < 0.5:
            defense = best_defense(melds or (), deal.hands[defender], gin=gin, rules=self.rules)
            self.lay_down(defender, voice.order(defense.melds),
                          defense.layoffs if melds is not None else ())
            score = deal.score
        else:
            if not gin:
                self.unlaid = (knocker, melds, self.actions[-1])
            score = deal.provisional_score()
        winner = {"knocker": knocker, "defender": defender, None: None}[score.winner]
        return winner, score.points

    def lay_down(self, defender: str, melds, layoffs, *, rewritten: bool = False) -> None:
        """The defender's lay_down; ``rewritten``: added to a finished log, whose knock was
        given declared melds afterwards, so it is written without being played again."""
        fields: dict[str, Any] = {}
        if melds or self.voice.maybe():
            fields["melds"] = [self.voice.meld(m) for m in melds]
        if layoffs or self.voice.maybe():
            fields["layoffs"] = self.voice.layoffs(layoffs)
        if rewritten:
            self.actions.append({"player": defender, "action": "lay_down", **fields})
        elif not fields:  # laid down without saying how: the best reply (R-6.4, docs/gamelog.md)
            self.act(LayDown(defender))
        else:
            self.act(LayDown(defender, tuple(melds), tuple(layoffs)), **fields)

    def lay_down_best(self) -> None:
        """The defender's best lay_down after a knock left without one (R-6.4), scored as the
        service would score the knock without it.  A knock without declared melds first
        declares the arrangement the service would choose for it (R-7.6), since layoffs name
        declared melds."""
        if self.unlaid is None:
            return
        knocker, melds, knock = self.unlaid
        deal = self.deal
        defender_hand = deal.hands[deal.other(knocker)]
        if melds is None:
            melds = self.voice.order(deal.provisional_score().knocker.melds)
            knock["melds"] = [self.voice.meld(m) for m in melds]
        defense = best_defense(melds, defender_hand, rules=self.rules)
        self.lay_down(deal.other(knocker), self.voice.order(defense.melds), defense.layoffs,
                      rewritten=True)
        self.unlaid = None


_KINDS = {Pass: "pass", Draw: "draw", Discard: "discard", Knock: "knock", LayDown: "lay_down"}


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
    from ginrules.rules.base.cards import cards_mask
    from ginrules.rules.hands.solver import min_deadwood

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


def openspiel_game(seed: int, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """A hand played by OpenSpiel's own ``gin_rummy`` (needs ``pyspiel``, from the
    ``open_spiel`` package), every choice and chance outcome uniformly random among the legal
    ones: the import request ``{"actions", "params"}`` of POST /v1/games/import."""
    import pyspiel

    params = dict(params or {})
    game = pyspiel.load_game("gin_rummy", params)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return {"actions": [int(action) for action in state.history()], "params": params}
