"""The JSON shapes of replies: one dumper per type of the core's results.

Every field they write is documented in ``openapi.yaml``; the HTTP routes and the command line
dump through them alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache, singledispatch
from typing import TYPE_CHECKING, Any, cast

from ..rules import PRESETS, HandAnalysis, Rules
from ..rules.base.cards import CARD_NAMES, CARDS, Card, mask_cards, parse_card
from ..rules.base.melds import Arrangement, Meld, every_meld
from ..rules.documents.gamelog import Action, GameLog, RoundFact, LoggedDeal, round_document
from ..rules.errors import Problem
from ..rules.hands.knock import KnockCheck
from ..rules.hands.layoffs import Defense, Layoff
from ..rules.hands.scoring import DealScore
from ..rules.hands.solver import DiscardOption
from ..rules.match.standings import Bonus
from ..rules.match.variants import GameTotals, HollywoodTotals, Roles, Tally, TeamResult, Totals
from ..rules.table.moves import (HIDDEN, Discard, Draw, Knock, LayDown, LayDownOption, Move,
                                 Pass, Phase)
from ..rules.usecases.deals import DealtRound, DealtDeal
from ..rules.usecases.matches import MatchScore, ScoredRound
from ..rules.table.views import Position
from ..rules.usecases.replay import NextMove, PartnershipRound, Replay, DealRecord
from .problems import json_pointer, rule_url

if TYPE_CHECKING:  # the hint engine loads only where hints are asked for
    from ..rules.players.hints import Hint



# A dict's look-up method is a fast call; a tuple's __getitem__ is a slow slot wrapper.  Keyed
# by the cards themselves: the core's results hold these very objects, found by identity, where
# a key of another object (the int 5 for the card 5) is compared by value (a plain int is still
# found, more slowly).
_NAME = dict(zip(CARDS, CARD_NAMES)).__getitem__


_MELD_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {
    meld.cards: tuple(map(_NAME, meld.cards)) for meld in every_meld(round_the_corner=True)}
"""The card codes of every meld's cards: a reply names the cards of many melds."""


_MELD_NAMES_OF = _MELD_NAMES.get


def dump_meld(meld: Meld) -> dict[str, Any]:
    return {"kind": meld.kind,
            "cards": list(_MELD_NAMES_OF(meld.cards) or map(_NAME, meld.cards))}


def _dump_melds(melds: tuple[Meld, ...]) -> list[dict[str, Any]]:
    return [{"kind": m.kind, "cards": list(_MELD_NAMES_OF(m.cards) or map(_NAME, m.cards))}
            for m in melds]


def dump_hand_melds(melds: tuple[Meld, ...]) -> dict[str, Any]:
    """The reply of ``/v1/hands/melds`` (the HandMelds schema of openapi.yaml)."""
    return {"melds": _dump_melds(melds), "count": len(melds)}


def dump_arrangement(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "melds": _dump_melds(arrangement.melds),
        "deadwood": list(map(_NAME, arrangement.deadwood)),
        "deadwood_count": arrangement.deadwood_count,
    }


def _dump_discards(options: tuple[DiscardOption, ...]) -> list[dict[str, Any]]:
    """Every discard of an eleven-card hand.  The arrangements of the tens kept share most of
    their melds: each meld is dumped once, and the reply holds the same object wherever it
    recurs (these objects are only ever encoded)."""
    meld_of: dict[int, dict[str, Any]] = {}
    dumped_meld = meld_of.get
    replies = []
    for option in options:
        arrangement = option.arrangement
        melds = []
        for meld in arrangement.melds:
            dumped = dumped_meld(id(meld))
            if dumped is None:
                dumped = meld_of[id(meld)] = dump_meld(meld)
            melds.append(dumped)
        replies.append({
            "card": _NAME(option.card),
            "melds": melds,
            "deadwood": list(map(_NAME, arrangement.deadwood)),
            "deadwood_count": arrangement.deadwood_count,
        })
    return replies


@lru_cache(maxsize=256)
def _rules_body(rules: Rules) -> dict[str, Any]:
    return {"preset": rules.preset, "variant": rules.variant, **rules.options()}


_PRESET_BODIES: dict[int, tuple[Rules, dict[str, Any]]] = {
    id(rules): (rules, _rules_body(rules)) for rules in PRESETS.values()}
"""The presets' dumps by identity: hashing a Rules value for the cache costs more than the
look-up saves, and most requests use a preset as it is."""


def dump_rules(rules: Rules) -> dict[str, Any]:
    preset = _PRESET_BODIES.get(id(rules))
    return dict(preset[1] if preset is not None and preset[0] is rules else _rules_body(rules))


def dump_violation(problem: Problem) -> dict[str, Any]:
    """A rule a request breaks, in a 200 reply: where, which code, which rule, why."""
    body = {"pointer": json_pointer(problem.path), "code": problem.code, "detail": problem.detail}
    if problem.rule:
        body["rule"] = problem.rule
        body["rule_url"] = rule_url(problem.rule)
    return body


def dump_knock(check: KnockCheck) -> dict[str, Any]:
    """The reply of ``/v1/knock`` (the KnockReply schema of openapi.yaml)."""
    return {
        "legal": check.legal,
        "violations": [dump_violation(v) for v in check.violations],
        "knock_limit": check.knock_limit,
        "discard": None if check.discard is None else CARD_NAMES[check.discard],
        "arrangement": None if check.arrangement is None else dump_arrangement(check.arrangement),
        "deadwood_count": check.deadwood_count,
        "gin": check.gin,
        "big_gin": check.big_gin,
    }


def dump_layoffs(layoffs: Iterable[Layoff]) -> list[dict[str, Any]]:
    return [{"card": CARD_NAMES[layoff.card], "meld": layoff.meld} for layoff in layoffs]


def dump_defense(defense: Defense) -> dict[str, Any]:
    """The defender's spread: own melds, layoffs in playable order, deadwood (R-6)."""
    return {**dump_arrangement(defense.arrangement), "layoffs": dump_layoffs(defense.layoffs)}


def dump_round_score(score: DealScore) -> dict[str, Any]:
    """The reply of ``/v1/rounds/score`` (the DealScore schema of openapi.yaml)."""
    return {
        "outcome": score.outcome,
        "winner": score.winner,
        "points": score.points,
        "breakdown": [{"term": t.term, "points": t.points, "rule": t.rule}
                      for t in score.price.breakdown],
        "knocker": {**dump_arrangement(score.knocker),
                    "discard": None if score.discard is None else CARD_NAMES[score.discard]},
        "defender": dump_defense(score.defense),
        "knock_limit": score.knock_limit,
        "warnings": [dump_violation(w) for w in score.warnings],
    }


def dump_analysis(analysis: HandAnalysis, with_rules: bool = True) -> dict[str, Any]:
    """The reply of ``/v1/hands/analyze`` (the Analysis schema of openapi.yaml).

    ``with_rules=False`` leaves out the rules, which a batch reply gives once for all hands.
    """
    # The solution's fields directly: the analysis's properties reach them one call deeper.
    solution = analysis.solution
    arrangement = solution.arrangement
    hand = list(map(_NAME, mask_cards(solution.mask)))
    body: dict[str, Any] = {
        "hand": hand,
        "card_count": len(hand),
        "deadwood_count": arrangement.deadwood_count,
        "melds": _dump_melds(arrangement.melds),
        "deadwood": list(map(_NAME, arrangement.deadwood)),
        "knock_limit": analysis.knock_limit,
    }
    if analysis.can_knock is not None:
        body["can_knock"] = analysis.can_knock
        body["gin"] = analysis.gin
    if analysis.big_gin is not None:
        body["big_gin"] = analysis.big_gin
        # Eleven cards: the solution has the discards.
        best_discards = solution.best_discards
        assert best_discards is not None
        body["discard"] = _NAME(best_discards[0])
        body["best_discards"] = list(map(_NAME, best_discards))
        discards = solution.discards()
        assert discards is not None
        body["discards"] = _dump_discards(discards)
    if analysis.arrangements is not None:
        body["arrangements"] = [
            {**({"discard": CARD_NAMES[choice.discard]} if choice.discard is not None else {}),
             **dump_arrangement(choice.arrangement)}
            for choice in analysis.arrangements
        ]
    if with_rules:
        body["rules"] = dump_rules(analysis.rules)
    return body


# Moves, replays and games -------------------------------------------------------------------


def dump_move(move: Move, *, player: bool = True) -> dict[str, Any]:
    """A move as a log action (docs/gamelog.md ``actions``): the one dumper of a move, for a bot's
    move, a hint's option and ``next``'s legal actions.  What another player cannot see
    (``HIDDEN``) is left out; ``player=False`` leaves out the player (``next`` names it once)."""
    body: dict[str, Any] = {"player": move.player} if player else {}
    if isinstance(move, Draw):
        body["action"] = "draw"
        body["source"] = move.source
        if move.card is not None:
            body["card"] = CARD_NAMES[move.card]
    elif isinstance(move, Discard):
        body["action"] = "discard"
        if move.card is not HIDDEN:
            body["card"] = CARD_NAMES[cast(Card, move.card)]
    elif isinstance(move, Knock):
        body["action"] = "knock"
        if move.discard is not HIDDEN:
            body["discard"] = (None if move.discard is None
                               else CARD_NAMES[cast(Card, move.discard)])
        if move.melds is not None:
            body["melds"] = _dump_melds(move.melds)
    elif isinstance(move, LayDown):
        # Without melds and layoffs the service lays down the defender's best reply.
        body["action"] = "lay_down"
        if move.melds is not None:
            body["melds"] = _dump_melds(move.melds)
        if move.layoffs is not None:
            body["layoffs"] = dump_layoffs(move.layoffs)
    elif isinstance(move, Pass):
        body["action"] = "pass"
    else:
        raise TypeError(f"not a move: {move!r}")
    return body


def dump_lay_down_option(option: LayDownOption) -> dict[str, Any]:
    """The defender's choice after a knock in ``next`` (R-6.1): the knocker's melds as scored
    and every card some play could lay off."""
    return {"action": "lay_down",
            "knocker_melds": _dump_melds(option.knocker_melds),
            "layable": dump_layoffs(option.layable)}


@singledispatch
def dump_totals(totals: Any) -> dict[str, Any]:
    """Totals in the variant's shape (docs/gamelog.md ``totals``)."""
    raise TypeError(f"no dumper for {type(totals).__name__}")


@dump_totals.register
def _(totals: Totals) -> dict[str, Any]:
    return dict(totals)


@dump_totals.register
def _(totals: HollywoodTotals) -> dict[str, Any]:
    return {"games": [dump_game_totals(game) for game in totals.games]}


def dump_game_totals(game: GameTotals) -> dict[str, Any]:
    """One of Hollywood's games (R-9.1)."""
    return {"totals": dict(game.totals), "winner": game.winner, "closed": game.closed}


def dump_roles(roles: Roles) -> dict[str, str]:
    """The box's roles of a round (R-9.2)."""
    return {"box": roles.box, "captain": roles.captain, "sitter": roles.sitter}


def dump_team_result(result: TeamResult) -> dict[str, Any]:
    """A partnership round's netted result (R-9.4)."""
    return {"winner": result.winner, "points": result.points}


def dump_tally(tally: Tally) -> dict[str, Any]:
    """What a round of one table adds to its entry: the variant's notes and the totals."""
    body: dict[str, Any] = {}
    if tally.roles is not None:
        body["roles"] = dump_roles(tally.roles)
    if tally.credited is not None:
        body["credited"] = list(tally.credited)
    body["totals"] = dump_totals(tally.totals)
    return body


def dump_result(record: DealRecord) -> dict[str, Any]:
    """A table's result (docs/gamelog.md ``result``)."""
    result: dict[str, Any] = {"outcome": record.outcome, "knocker": record.knocker,
                              "winner": record.winner, "points": record.points}
    score = record.score
    if score is not None:
        result.update({
            "breakdown": [{"term": t.term, "points": t.points, "rule": t.rule}
                          for t in score.price.breakdown],
            "knocker_melds": [dump_meld(m) for m in score.knocker.melds],
            "defender_melds": [dump_meld(m) for m in score.defense.melds],
            "layoffs": dump_layoffs(score.defense.layoffs),
            "deadwood": {record.knocker: score.facts.knocker_count,
                         record.defender: score.facts.defender_count},
        })
        if score.warnings:
            result["warnings"] = [dump_violation(w) for w in score.warnings]
    return result


@singledispatch
def dump_replay_round(record: Any) -> dict[str, Any]:
    """A round's entry in the replay reply, in the shape of its variant."""
    raise TypeError(f"no dumper for {type(record).__name__}")


@dump_replay_round.register
def _(record: DealRecord) -> dict[str, Any]:
    assert record.tally is not None  # a round of one table has its tally
    entry = {"dealer": record.dealer, "result": dump_result(record), **dump_tally(record.tally)}
    if record.provisional:
        entry["provisional"] = True
    if record.final is not None:
        entry["final"] = dump_position(record.final)
    return entry


@dump_replay_round.register
def _(record: PartnershipRound) -> dict[str, Any]:
    assert record.tally.team_result is not None  # a partnership round's tally nets the teams
    return {
        "tables": [{"dealer": t.dealer, "result": dump_result(t),
                    **({} if t.final is None else {"final": dump_position(t.final)})}
                   for t in record.tables],
        "result": dump_team_result(record.tally.team_result),
        "totals": dump_totals(record.totals),
        **({"provisional": True} if record.provisional else {}),
    }


def dump_next(move: NextMove | tuple[NextMove, ...]) -> dict[str, Any]:
    """``next``; for partnership one entry per unfinished table."""
    if isinstance(move, tuple):
        return {"round": move[0].round,
                "tables": [{"table": m.table, **_dump_next_move(m)} for m in move]}
    return _dump_next_move(move)


def _dump_next_move(move: NextMove) -> dict[str, Any]:
    actions = [dump_lay_down_option(option) if isinstance(option, LayDownOption)
               else dump_move(option, player=False) for option in move.moves]
    body: dict[str, Any] = {
        "round": move.round,
        "player": move.player,
        "phase": move.phase,
        "legal_actions": actions,
        "stock_remaining": move.stock_remaining,
        "discard_top": None if move.discard_top is None else CARD_NAMES[move.discard_top],
    }
    if move.hands:
        body["hands"] = {p: [CARD_NAMES[c] for c in cards] for p, cards in move.hands.items()}
    if move.hand_sizes:  # a table in play (not before a deal)
        body["discard_pile"] = [CARD_NAMES[c] for c in move.pile]
        body["hand_sizes"] = dict(move.hand_sizes)
    return body


def dump_position(position: Position) -> dict[str, Any]:
    """A table as it stands (a round entry's ``final``): the pile bottom first, the stock count,
    each hand's size, and the hands the viewer may see."""
    return {
        "discard_pile": [CARD_NAMES[c] for c in position.pile],
        "stock_remaining": position.stock_count,
        "hand_sizes": dict(position.hand_sizes),
        "hands": {p: [CARD_NAMES[c] for c in cards] for p, cards in position.hands.items()},
    }


def dump_bonus(bonus: Bonus) -> dict[str, Any]:
    """An end-of-game addition (R-8.2, R-8.3), with its Hollywood game."""
    return {"player": bonus.player, "term": bonus.term, "points": bonus.points,
            "rule": bonus.rule, **({"game": bonus.game} if bonus.game is not None else {})}


def dump_ending(bonuses: tuple[Bonus, ...], margin: int | None) -> dict[str, Any]:
    """What a finished game adds to its reply: the bonuses (R-8.2, R-8.3) and the margin."""
    body: dict[str, Any] = {"bonuses": [dump_bonus(b) for b in bonuses]}
    if margin is not None:
        body["margin"] = margin
    return body


def dump_replay(result: Replay) -> dict[str, Any]:
    """The replay reply of docs/gamelog.md."""
    body: dict[str, Any] = {
        "valid": result.valid,
        "violations": [dump_violation(v) for v in result.violations],
        "rounds": [dump_replay_round(r) for r in result.rounds],
        "totals": dump_totals(result.totals),
        "complete": result.complete,
        "winner": result.winner,
    }
    if result.complete:
        body.update(dump_ending(result.bonuses, result.margin))
    if result.next is not None:
        body["next"] = dump_next(result.next)
        if result.tables_over:
            body["next"]["tables_over"] = [{"table": table, "final": dump_position(position)}
                                           for table, position in result.tables_over]
        body["next_dealer"] = result.next_dealer
    return body


def dump_log(document: Mapping[str, Any], log: GameLog) -> dict[str, Any]:
    """The reply's ``log`` (asked with ``echo_log``): the request's log as the replay read it,
    every card by its canonical code (R-1.4); the fields without cards as sent."""
    body = {key: document[key] for key in ("format", "rules", "players", "teams", "roles")
            if key in document}
    body["rounds"] = [round_document(log.rules, [dump_log_table(table) for table in tables])
                      for tables in log.rounds]
    return body


def dump_log_table(table: LoggedDeal) -> dict[str, Any]:
    """One table of a log as read (docs/gamelog.md), its cards canonical."""
    body: dict[str, Any] = {
        "dealer": table.dealer,
        "hands": {player: [CARD_NAMES[c] for c in cards] for player, cards in table.hands.items()},
        "upcard": CARD_NAMES[table.upcard],
    }
    if table.stock is not None:
        body["stock"] = [CARD_NAMES[c] for c in table.stock]
    body["actions"] = [dump_log_action(action) for action in table.actions]
    return body


def dump_log_action(action: Move | Action) -> dict[str, Any]:
    """One action of a log as read (docs/gamelog.md ``actions``), its cards canonical: a move as
    :func:`dump_move` writes it; a stated knock or spread with the melds as they were sent."""
    if not isinstance(action, Action):
        return dump_move(action)
    body: dict[str, Any] = {"player": action.player, "action": action.action}
    if action.action == "knock":
        body["discard"] = None if action.discard is None else CARD_NAMES[action.discard]
    if action.melds is not None:
        body["melds"] = [_canonical_meld(meld) for meld in action.melds]
    if action.layoffs is not None:
        body["layoffs"] = dump_layoffs(action.layoffs)
    return body


def _canonical_meld(meld: Any) -> Any:
    """A declared meld in the form it was sent (a card list or ``{"kind", "cards"}``), its
    cards canonical; the reader has checked every code (R-1.4)."""
    if isinstance(meld, Mapping):
        return {**meld, "cards": [CARD_NAMES[parse_card(token)] for token in meld["cards"]]}
    return [CARD_NAMES[parse_card(token)] for token in meld]


def dump_fact(fact: RoundFact) -> dict[str, Any]:
    """A table's facts as given (docs/gamelog.md, ``/v1/matches/score``)."""
    body: dict[str, Any] = {"winner": fact.winner}
    for name in ("points", "outcome", "knocker"):
        if name in fact.given:
            body[name] = getattr(fact, name)
    return body


def dump_scored_round(scored: ScoredRound) -> dict[str, Any]:
    """A round scored from its facts, in the shape of its variant."""
    tally = scored.tally
    if tally.team_result is not None:
        return {"tables": [dump_fact(f) for f in scored.facts],
                "result": dump_team_result(tally.team_result),
                "totals": dump_totals(tally.totals)}
    (fact,) = scored.facts
    result: dict[str, Any] = {name: getattr(fact, name) for name in ("outcome", "knocker")
                              if name in fact.given}
    result |= {"winner": fact.winner, "points": fact.points}
    return {"result": result, **dump_tally(tally)}


def dump_match_score(result: MatchScore) -> dict[str, Any]:
    """The ``/v1/matches/score`` reply."""
    body: dict[str, Any] = {
        "rounds": [dump_scored_round(r) for r in result.rounds],
        "totals": dump_totals(result.totals),
        "complete": result.complete,
        "winner": result.winner,
    }
    if result.complete:
        body.update(dump_ending(result.bonuses, result.margin))
    else:
        body["next_dealer"] = result.next_dealer
    return body


# Bots and hints -------------------------------------------------------------------------------


DECISIONS = {Phase.FIRST_TURN: "upcard", Phase.DRAW: "draw", Phase.DISCARD: "discard",
             Phase.LAST_DISCARD: "last_discard", Phase.LAY_DOWN: "lay_down"}
"""The contract's name of the decision each phase asks for (``decision`` in ``/v1/hints``)."""


def dump_hint(hint: Hint) -> dict[str, Any]:
    """The hint reply: the decision and its options, best first, each with its numbers and
    their standard errors, its tier, or why it shows no numbers."""
    options = []
    for option in hint.options:
        entry: dict[str, Any] = {
            "rank": option.rank,
            "action": dump_move(option.move),
            "expected_points": option.expected_points,
            "win_chance": option.win_chance,
            "expected_points_std_error": option.expected_points_error,
            "win_chance_std_error": option.win_chance_error,
            "tier": option.tier,
            "numbers_withheld": option.numbers_withheld,
            "reason": option.reason,
            "samples": option.samples,
        }
        if option.deadwood is not None:
            entry["deadwood"] = option.deadwood
        options.append(entry)
    return {"player": hint.player, "decision": DECISIONS[hint.phase], "options": options,
            "playouts": hint.playouts, "budget_ms": hint.budget_ms, "seed": hint.seed,
            "opponent_model": hint.opponent_model}


# Deals --------------------------------------------------------------------------------------------


def dump_table(table: DealtDeal) -> dict[str, Any]:
    """One dealt table as a log's table (docs/gamelog.md), its actions still to come."""
    return {
        "dealer": table.dealer,
        "hands": {player: [CARD_NAMES[c] for c in cards] for player, cards in table.hands.items()},
        "upcard": CARD_NAMES[table.upcard],
        "stock": [CARD_NAMES[c] for c in table.stock],
        "actions": [],
    }


def dump_dealt_round(dealt: DealtRound) -> dict[str, Any]:
    """The reply of ``/v1/deals`` (the DealtRound schema of openapi.yaml)."""
    tables = [dump_table(table) for table in dealt.tables]
    return {
        "shuffle": dealt.shuffle,
        "seed": dealt.seed,
        "round": dealt.round,
        "deal": {"tables": tables} if dealt.in_tables else tables[0],
    }
