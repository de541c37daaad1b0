"""An OpenSpiel ``gin_rummy`` deal (its "hand") read onto the engine, its actions as moves.

Each OpenSpiel action becomes one of the engine's moves (``table/moves.py``), or a part of
one, and the engine's :class:`~...table.engine.Deal` under the ``openspiel`` preset judges it:
a move the engine refuses is refused here with the engine's reason and rule, at the action's
index.  What is OpenSpiel's own is said where it happens: its numbering (``numbering.py``),
its chance outcomes (the deal, then each stock draw's card, R-4.5), how its meld-by-meld
knock and its layoffs and melds group into one ``knock`` and one ``lay_down``, and its two
quirks (``quirks.py``): the knock on eleven cards and the layoffs it offers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from ...base.cards import CARD_BITS, CARD_NAMES, Card, mask_cards
from ...base.melds import Meld
from ...base.options import Rules
from ...errors import IllegalMove, InvalidImportError, Problem
from ...hands.layoffs import Layoff, check_layoffs
from ...hands.solver import solver_for
from ...base.sizes import HAND_SIZE
from ...table.engine import Deal
from ...table.moves import Discard, Draw, Knock, LayDown, Pass, Phase
from .numbering import (CARD_OF, DRAW_STOCK, DRAW_UPCARD, KNOCK, MAX_ACTION, MELD_BASE,
                        MELDS, NUM_CARDS, PASS, card_name, describe, shown_melds)
from .params import engine_rules, read_params, rules_for
from .quirks import knock_discard, offers_layoff

FORMAT = "openspiel"
MAX_ACTIONS = 2000
"""Action numbers in one import; an OpenSpiel deal has at most about 300."""
PLAYERS = ("p0", "p1")
FIRST, DEALER = PLAYERS
"""OpenSpiel's player 0 always acts first, so player 1 deals."""
DEALT = 2 * HAND_SIZE + 1
"""Chance outcomes of the deal: player 0's ten cards, player 1's ten, the upcard."""

_DISCARD, _LAST_DISCARD = Phase.DISCARD, Phase.LAST_DISCARD
_new = tuple.__new__
"""``_new(Discard, (player, card))`` is the move without its constructor's reading of card
codes (the cards here are the engine's already): one is made for most actions."""


class _Refused(Exception):
    """An action refused: why (OpenSpiel's own reason, or the engine's) and the rule."""

    def __init__(self, reason: str, rule: str | None) -> None:
        super().__init__(reason)
        self.reason, self.rule = reason, rule


def _engine(error: IllegalMove) -> _Refused:
    """The engine's refusal of a move, as the reason for refusing the action."""
    return _Refused(f"{error.detail} ({error.code})", error.rule)


class _KnockParts:
    """OpenSpiel's knock so far: 55, the knock's discard, the melds laid one at a time; 54
    makes them one ``knock``."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.discard: Card | None = None
        self.melds: list[Meld] = []
        self.laid = 0


class _LayDownParts:
    """The defender's reply so far: layoffs one at a time, 54, melds one at a time, 54 (after
    gin OpenSpiel goes straight to the melds); the last 54 makes them one ``lay_down``."""

    def __init__(self, player: str, knocker_melds: tuple[Meld, ...], gin: bool) -> None:
        self.player = player
        self.knocker_melds = knocker_melds
        self.gin = gin
        self.laying_off = not gin
        self.cards: list[Card] = []
        self.layoffs: tuple[Layoff, ...] = ()
        self.melds: list[Meld] = []
        self.used = 0


class OpenSpielDeal:
    """One OpenSpiel deal read action by action onto the engine's deal, and its log."""

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.log_rules = dict(rules)
        self.rules = engine_rules(tuple(rules.items()))
        self.solver = solver_for(self.rules)
        self.dealt: list[Card] = []
        self.dealt_mask = 0
        self.deal: Deal | None = None
        self.actions: list[dict[str, Any]] = []
        self.stock_draw = False
        """A 53 whose card, the next chance outcome, is not yet known."""
        self.knock: _KnockParts | None = None
        self.lay_down: _LayDownParts | None = None

    # One action --------------------------------------------------------------------------

    def apply(self, index: int, action: Any) -> None:
        """Read one action number; :class:`InvalidImportError` at ``("actions", index)``."""
        if type(action) is not int and (isinstance(action, bool)
                                        or not isinstance(action, int)):
            _fault(index, "invalid_action",
                   f"an action is an OpenSpiel action number, got {_show(action)}")
        deal = self.deal
        if deal is None:
            self._deal_card(index, action)
            return
        if deal.turn is None:
            _fault(index, "game_over", "the deal is over: no action may follow")
        if self.stock_draw:
            self._stock_card(index, action, deal)
            return
        if not 0 <= action <= MAX_ACTION:
            _fault(index, "invalid_action",
                   f"OpenSpiel's gin_rummy actions are 0 to {MAX_ACTION}, got {action}")
        player = deal.turn
        try:
            if self.knock is not None:
                self._knock_part(action, deal, self.knock)
            elif self.lay_down is not None:
                self._lay_down_part(action, deal, self.lay_down)
            else:
                self._move(action, deal, player)
            return
        except IllegalMove as error:
            refused = _engine(error)
        except _Refused as own:
            refused = own
        _fault(index, "illegal_action",
               f"OpenSpiel does not allow {describe(action)} by player "
               f"{PLAYERS.index(player)}: {refused.reason}", refused.rule)

    # Chance ------------------------------------------------------------------------------

    def _deal_card(self, index: int, action: int) -> None:
        """A card dealt: the first ten to player 0, the next ten to player 1, then the upcard;
        the engine's deal is made once all are known (its stock is not: R-4.5)."""
        if not 0 <= action < NUM_CARDS or self.dealt_mask >> CARD_OF[action] & 1:
            what = ("not a card" if not 0 <= action < NUM_CARDS
                    else f"{card_name(action)}, which was already dealt")
            _fault(index, "invalid_chance_outcome",
                   f"a chance outcome here is a card not yet dealt, got {action} ({what})")
        card = CARD_OF[action]
        self.dealt.append(card)
        self.dealt_mask |= CARD_BITS[card]
        if len(self.dealt) == DEALT:
            hands = {FIRST: self.dealt[:HAND_SIZE], DEALER: self.dealt[HAND_SIZE:DEALT - 1]}
            self.deal = Deal(self.rules, hands, card, FIRST)

    def _stock_card(self, index: int, action: int, deal: Deal) -> None:
        """The card of a stock draw, which the draw names (R-4.5)."""
        player = deal.turn
        assert player is not None  # the deal is on
        if not 0 <= action < NUM_CARDS:
            _fault(index, "invalid_chance_outcome",
                   f"a chance outcome here is a card not yet dealt, got {action} (not a card)")
        card = CARD_OF[action]
        try:
            deal.draw(_new(Draw, (player, "stock", card)))
        except IllegalMove as error:
            refused = _engine(error)
        else:
            self.stock_draw = False
            self.actions.append({"player": player, "action": "draw", "source": "stock",
                                 "card": CARD_NAMES[card]})
            return
        _fault(index, "invalid_chance_outcome",
               f"a chance outcome here is a card not yet dealt, got {action}: "
               f"{refused.reason}", refused.rule)

    # The players' actions ----------------------------------------------------------------

    def _move(self, action: int, deal: Deal, player: str) -> None:
        """An action that is a move of its own, or the first part of a knock."""
        if action < NUM_CARDS:
            card = CARD_OF[action]
            deal.discard(_new(Discard, (player, card)))
            self.actions.append({"player": player, "action": "discard",
                                 "card": CARD_NAMES[card]})
        elif action == DRAW_UPCARD:
            if deal.phase is _LAST_DISCARD:
                raise _Refused("at the wall OpenSpiel takes the last discard only to knock, by "
                               "55 (knock), or passes (54)", "R-4.7")
            self._take(deal, player)
        elif action == DRAW_STOCK:
            deal.verify_draw(_new(Draw, (player, "stock", None)))
            self.stock_draw = True  # the log's draw is written once its card is known
        elif action == PASS:
            deal.pass_turn(_new(Pass, (player,)))
            self.actions.append({"player": player, "action": "pass"})
        elif action == KNOCK:
            self._knock(deal, player)
        else:
            deal.verify_moment(Knock, player)
            raise _Refused("a meld is laid only after 55 (knock) and the knock's discard",
                           "R-5.3")

    def _take(self, deal: Deal, player: str) -> None:
        """A draw from the discard pile, naming its card (a draw that ends the deal under the
        upcard draw limit leaves it there, R-4.8)."""
        top = deal.pile[-1] if deal.pile else None
        deal.draw(_new(Draw, (player, "discard", None)))
        assert top is not None  # the engine drew it
        self.actions.append({"player": player, "action": "draw", "source": "discard",
                             "card": CARD_NAMES[top]})

    def _knock(self, deal: Deal, player: str) -> None:
        """55: at the wall OpenSpiel takes the last discard to knock (R-4.7); a knock needs
        the engine to allow a knock with the discard OpenSpiel's count assumes."""
        if deal.phase is _LAST_DISCARD:
            self._take(deal, player)
        elif deal.phase is not _DISCARD:
            deal.verify_moment(Knock, player)
        hand = deal.hands[player]
        assumed = knock_discard(hand, self.solver)
        if assumed is None:  # all eleven meld: OpenSpiel counts nothing, any good discard
            counts = self.solver.discard_counts(hand)
            assumed = mask_cards(hand)[counts.index(min(counts))]
        try:
            deal.verify_knock(Knock(player, assumed))
        except IllegalMove as error:
            legal = [card for card in mask_cards(hand) if deal.can(Knock(player, card))]
            if not legal:
                raise
            raise _Refused(
                f"OpenSpiel decides a knock on eleven cards from the first best meld group it "
                f"finds, less its highest-ranked leftover card, {CARD_NAMES[assumed]}: "
                f"{error.detail}; discarding {CARD_NAMES[legal[0]]} would leave a knock "
                f"within the limit (R-5.1), a discard OpenSpiel's count does not try",
                "R-5.1") from None
        self.knock = _KnockParts(player)

    def _knock_part(self, action: int, deal: Deal, knock: _KnockParts) -> None:
        """The knock's discard, a meld, or the 54 that ends the knock (R-5.1, R-5.3)."""
        player = knock.player
        if knock.discard is None:
            if action >= NUM_CARDS:
                raise _Refused("after 55 (knock) comes the knock's discard, a card of the hand",
                               "R-5.1")
            card = CARD_OF[action]
            deal.verify_knock(Knock(player, card))
            knock.discard = card
            return
        if action == PASS:
            move = Knock(player, knock.discard, tuple(knock.melds))
            spread = deal.verify_knock(move)
            deal.knock_out(move)
            self.actions.append({"player": player, "action": "knock",
                                 "discard": CARD_NAMES[knock.discard],
                                 "melds": shown_melds(knock.melds)})
            self.knock = None
            # After gin OpenSpiel's defender has no layoff step: the spread as the engine
            # judged it leaves no deadwood.
            self.lay_down = _LayDownParts(deal.other(player), move.melds or (),
                                          gin=spread.deadwood_count == 0)
            return
        if action < MELD_BASE:
            raise _Refused("the knocker lays melds (56 + meld number), then passes (54) once "
                           "within the knock limit", "R-5.3")
        meld = MELDS[action - MELD_BASE]
        if meld.mask & knock.laid:
            raise _Refused(f"{' '.join(meld.names())} shares a card with a meld already laid",
                           "R-2.3")
        # The melds laid so far and this one, the rest arranged at best: the knock
        # the engine must allow for this meld to be laid.
        rest = deal.hands[player] & ~CARD_BITS[knock.discard] & ~knock.laid & ~meld.mask
        melds = (*knock.melds, meld, *self.solver.best_arrangement(rest).melds)
        deal.verify_knock(Knock(player, knock.discard, melds))
        knock.melds.append(meld)
        knock.laid |= meld.mask

    def _lay_down_part(self, action: int, deal: Deal, reply: _LayDownParts) -> None:
        """A layoff, a meld, or a 54 that ends the layoffs or the reply (R-6)."""
        player = reply.player
        if action == PASS:
            if reply.laying_off:
                reply.laying_off = False
                return
            move = LayDown(player, tuple(reply.melds), reply.layoffs)
            deal.lay_down(move)
            self.actions.append({"player": player, "action": "lay_down",
                                 "melds": shown_melds(reply.melds),
                                 "layoffs": [{"card": CARD_NAMES[layoff.card],
                                              "meld": layoff.meld}
                                             for layoff in reply.layoffs]})
            self.lay_down = None
            return
        if action < NUM_CARDS:
            self._layoff(CARD_OF[action], deal, reply)
            return
        if action < MELD_BASE:
            raise _Refused("after a knock the defender lays off cards, passes (54), lays "
                           "melds (56 + meld number), then passes (54)", "R-6.1")
        if reply.laying_off:
            raise _Refused("the defender passes (54) after the layoffs, before laying melds",
                           "R-6.1")
        meld = MELDS[action - MELD_BASE]
        if meld.mask & ~(deal.hands[player] & ~reply.used):
            deal.verify_lay_down(LayDown(player, (*reply.melds, meld), reply.layoffs))
            raise _Refused(f"{' '.join(meld.names())} shares a card with a meld or a layoff "
                           "already laid", "R-2.3")
        reply.melds.append(meld)
        reply.used |= meld.mask

    def _layoff(self, card: Card, deal: Deal, reply: _LayDownParts) -> None:
        """One layoff: the layoffs so far must fit the knocker's melds, each as extended by
        the ones before (the engine's layoff check, R-6.2), and OpenSpiel must offer it."""
        player = reply.player
        cards = (*reply.cards, card)
        if not reply.laying_off:
            if reply.gin:  # the engine says why: nothing is laid off against gin
                deal.verify_lay_down(LayDown(player, (), (Layoff(card, 0),)))
            raise _Refused(f"{CARD_NAMES[card]} is not laid off here: the defender's layoffs "
                           "come before its melds", "R-6.1")
        layoffs = assign_layoffs(reply.knocker_melds, deal.hands[player], cards, self.rules)
        if layoffs is None:
            # No way to lay these off: the engine says why where the card is not the
            # defender's to lay off; else it fits no meld, whichever it names.
            try:
                deal.verify_lay_down(LayDown(player, (), (*reply.layoffs, Layoff(card, 0))))
            except IllegalMove as error:
                if error.code != "layoff_does_not_fit":
                    raise
            raise _Refused(f"{CARD_NAMES[card]} fits none of the knocker's melds, each as "
                           "extended by the layoffs before it (layoff_does_not_fit)", "R-6.2")
        if not any(offers_layoff(meld, reply.cards, card) for meld in reply.knocker_melds):
            raise _Refused(f"OpenSpiel offers no layoff of {CARD_NAMES[card]}: it extends a "
                           "run by at most two cards at each end (R-6.2 allows more)", "R-6.2")
        reply.cards.append(card)
        reply.layoffs = layoffs
        reply.used |= CARD_BITS[card]

    # The log -----------------------------------------------------------------------------

    def log(self) -> dict[str, Any]:
        """The ginrules-log/1 document of the deal as far as it goes."""
        rounds = []
        if self.deal is not None:
            rounds.append({
                "dealer": DEALER,
                "hands": {FIRST: [CARD_NAMES[c] for c in self.dealt[:HAND_SIZE]],
                          DEALER: [CARD_NAMES[c] for c in self.dealt[HAND_SIZE:DEALT - 1]]},
                "upcard": CARD_NAMES[self.dealt[-1]],
                "actions": self.actions,
            })
        return {"format": "ginrules-log/1", "rules": dict(self.log_rules),
                "players": list(PLAYERS), "rounds": rounds}


def import_openspiel(actions: Any, params: Any = None) -> dict[str, Any]:
    """The ginrules-log/1 document of an OpenSpiel ``gin_rummy`` action sequence.

    ``actions``: OpenSpiel's action numbers, chance outcomes included, from the start of the
    deal; ``params``: its game parameters (OpenSpiel's names; defaults as OpenSpiel's).
    Raises :class:`InvalidImportError` naming the first fault (``("actions", i)`` or
    ``("params", name)``).
    """
    values, problems = read_params(params)
    if problems:
        raise InvalidImportError("; ".join(p.detail for p in problems), problems)
    if not isinstance(actions, list):
        detail = "actions is a list of action numbers"
        raise InvalidImportError(detail, [Problem(("actions",), "wrong_type", detail)])
    if len(actions) > MAX_ACTIONS:
        detail = f"at most {MAX_ACTIONS} actions, got {len(actions)}"
        raise InvalidImportError(detail, [Problem(("actions",), "too_many_actions", detail)])
    deal = OpenSpielDeal(rules_for(values))
    for index, action in enumerate(actions):
        deal.apply(index, action)
    return deal.log()


def assign_layoffs(knocker_melds: tuple[Meld, ...], defender: int, cards: tuple[Card, ...],
                   rules: Rules) -> tuple[Layoff, ...] | None:
    """The layoffs of these cards in order, each naming the knocker's meld it extends as
    extended by the earlier ones (R-6.2): where a card fits two melds, the first (in declared
    order) that keeps every later layoff legal; None when no choice fits them all."""

    def walk(chosen: tuple[Layoff, ...]) -> tuple[Layoff, ...] | None:
        if len(chosen) == len(cards):
            return chosen
        card = cards[len(chosen)]
        for meld in range(len(knocker_melds)):
            tried = (*chosen, Layoff(card, meld))
            if not check_layoffs(knocker_melds, defender, tried,
                                 round_the_corner=rules.round_the_corner):
                found = walk(tried)
                if found is not None:
                    return found
        return None

    return walk(())


def _fault(index: int, code: str, detail: str, rule: str | None = None) -> NoReturn:
    raise InvalidImportError(detail, [Problem(("actions", index), code, detail, rule)])


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f"the string {value[:20]!r}"
    return text[:40]
