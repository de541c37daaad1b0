"""``POST /v1/games/replay``: a game log checked action by action (GAMELOG.md)."""

from __future__ import annotations

from functools import singledispatch
from collections.abc import Mapping
from typing import Any, cast

from flask import Blueprint, Response, request
from marshmallow import fields

from ..rules.match.variants import GameTotals, HollywoodTotals, Roles, Tally, TeamResult, Totals
from ..rules.base.cards import CARD_NAMES, Card, parse_card
from ..rules.documents.gamelog import Action, GameLog, RoundFact, Table, round_document
from ..rules.table.moves import Discard, Draw, HIDDEN, Knock, LayDown, LayDownOption, Move, Pass
from ..rules.table.views import Position
from ..rules.errors import InvalidLogError, LogTooLargeError, RulesError
from ..rules.usecases.matches import MatchScore, ScoredRound, score_match_document
from ..rules.usecases.replay import NextMove, PartnershipRound, Replay, RoundRecord, replay
from ..rules.match.standings import Bonus
from .body import json_body
from .checks import json_response
from .problems import ApiProblem, FieldError, field_errors, unprocessable
from .schemas import (RequestSchema, RulesValue, StrictBoolean, dump_layoffs, dump_meld,
                      dump_violation, load)

games = Blueprint("games", __name__, url_prefix="/v1/games")

# Faults of form (a 400); anything else wrong with a log's values is a 422.
SHAPE_CODES = {"wrong_type", "required", "unknown_field", "unknown_action", "invalid_value",
               "null_not_allowed"}


class ReplayRequest(RequestSchema):
    """The top level of a log; rounds and actions are read by the rules core."""

    format = fields.String()
    rules = RulesValue(required=True)
    players = fields.List(fields.String(), required=True)
    teams = fields.Raw()
    roles = fields.Raw()
    rounds = fields.List(fields.Raw(), required=True)
    view = fields.String()
    echo_log = StrictBoolean()


REPLAY_REQUEST = ReplayRequest()


@games.post("/replay")
def replay_game() -> Response:
    """Replay a log: valid or the first violation, rounds scored, totals, and what comes next;
    with ``echo_log``, the log as read too."""
    document = json_body(request)
    result = replay_document(document)
    body = dump_replay(result)
    if document.get("echo_log") is True and result.log is not None:
        body["log"] = dump_log(document, result.log)
    return json_response(body)


def replay_document(document: Any) -> Replay:
    """The replay of a parsed log, or the 400/413/422 problem of a log the reader refuses (the
    endpoint's, and ``ginrules replay``'s for each log of a file)."""
    data = load(REPLAY_REQUEST, document)
    if data.get("view") is not None and data.get("echo_log"):
        # The echo is the whole log, other players' cards included: never part of a view.
        detail = "echo_log gives the whole log back, which a player's view may not show"
        raise ApiProblem(400, "invalid_request", detail,
                         [FieldError("/echo_log", "not_with_view", detail)])
    try:
        result = replay(document, view=data.get("view"))
    except LogTooLargeError as error:
        raise ApiProblem(413, error.code, error.detail, field_errors(error.problems)) from None
    except InvalidLogError as error:
        errors = field_errors(error.problems)
        shape = any(e.code in SHAPE_CODES for e in errors)
        code = "invalid_request" if shape else "invalid_log"
        raise ApiProblem(400 if shape else 422, code, error.detail, errors) from None
    if data.get("view") is not None and data["view"] not in data["players"]:
        detail = f"view names a player, one of {', '.join(data['players'])}"
        raise ApiProblem(422, "unknown_player", detail,
                         [FieldError("/view", "unknown_player", detail)])
    return result


@singledispatch
def dump_totals(totals: Any) -> dict[str, Any]:
    """Totals in the variant's shape (GAMELOG.md ``totals``)."""
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


def dump_result(record: RoundRecord) -> dict[str, Any]:
    """A table's result (GAMELOG.md ``result``)."""
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
def dump_round(record: Any) -> dict[str, Any]:
    """A round's entry in the replay reply, in the shape of its variant."""
    raise TypeError(f"no dumper for {type(record).__name__}")


@dump_round.register
def _(record: RoundRecord) -> dict[str, Any]:
    assert record.tally is not None  # a round of one table has its tally
    entry = {"dealer": record.dealer, "result": dump_result(record), **dump_tally(record.tally)}
    if record.provisional:
        entry["provisional"] = True
    if record.final is not None:
        entry["final"] = dump_position(record.final)
    return entry


@dump_round.register
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
                "tables": [{"table": m.table, **_dump_move(m)} for m in move]}
    return _dump_move(move)


def _dump_move(move: NextMove) -> dict[str, Any]:
    actions = [dump_option(option) for option in move.moves]
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


def dump_option(option: Move | LayDownOption) -> dict[str, Any]:
    """One legal move in ``next``, as a log action (GAMELOG.md); what another player cannot
    see (``HIDDEN``) is left out."""
    if type(option) is LayDownOption:
        return {"action": "lay_down",
                "knocker_melds": [dump_meld(m) for m in option.knocker_melds],
                "layable": dump_layoffs(option.layable)}
    if type(option) is Draw:
        body = {"action": "draw", "source": option.source}
        if option.card is not None:
            body["card"] = CARD_NAMES[option.card]
        return body
    if type(option) is Discard:
        if option.card is HIDDEN:
            return {"action": "discard"}
        return {"action": "discard", "card": CARD_NAMES[cast(Card, option.card)]}
    if type(option) is Knock:
        if option.discard is HIDDEN:
            return {"action": "knock"}
        return {"action": "knock",
                "discard": None if option.discard is None
                else CARD_NAMES[cast(Card, option.discard)]}
    return {"action": _ACTION_NAMES[type(option)]}


_ACTION_NAMES: dict[type, str] = {Pass: "pass", LayDown: "lay_down"}


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


def dump_log(document: Mapping[str, Any], log: GameLog) -> dict[str, Any]:
    """The reply's ``log`` (asked with ``echo_log``): the request's log as the replay read it,
    every card by its canonical code (R-1.4); the fields without cards as sent."""
    body = {key: document[key] for key in ("format", "rules", "players", "teams", "roles")
            if key in document}
    body["rounds"] = [round_document(log.rules, [dump_log_table(table) for table in tables])
                      for tables in log.rounds]
    return body


def dump_log_table(table: Table) -> dict[str, Any]:
    """One table of a log as read (GAMELOG.md), its cards canonical."""
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
    """One action of a log as read (GAMELOG.md ``actions``), its cards canonical; a stated
    spread gives both its fields (what a lay_down leaves out is empty)."""
    body: dict[str, Any] = {"player": action.player}
    if type(action) is Action:
        body["action"] = action.action
        if action.action == "knock":
            body["discard"] = None if action.discard is None else CARD_NAMES[action.discard]
        if action.melds is not None:
            body["melds"] = [_canonical_meld(meld) for meld in action.melds]
        if action.layoffs is not None:
            body["layoffs"] = dump_layoffs(action.layoffs)
    elif type(action) is Draw:
        body.update(action="draw", source=action.source)
        if action.card is not None:
            body["card"] = CARD_NAMES[action.card]
    elif type(action) is Discard:
        body.update(action="discard", card=CARD_NAMES[cast(Card, action.card)])
    elif type(action) is Pass:
        body["action"] = "pass"
    else:
        raise TypeError(f"no log action for {type(action).__name__}")
    return body


def _canonical_meld(meld: Any) -> Any:
    """A declared meld in the form it was sent (a card list or ``{"kind", "cards"}``), its
    cards canonical; the reader has checked every code (R-1.4)."""
    if isinstance(meld, Mapping):
        return {**meld, "cards": [CARD_NAMES[parse_card(token)] for token in meld["cards"]]}
    return [CARD_NAMES[parse_card(token)] for token in meld]


def dump_replay(result: Replay) -> dict[str, Any]:
    """The replay reply of GAMELOG.md."""
    body: dict[str, Any] = {
        "valid": result.valid,
        "violations": [dump_violation(v) for v in result.violations],
        "rounds": [dump_round(r) for r in result.rounds],
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


class MatchScoreRequest(RequestSchema):
    """Rounds as bare facts; each fact is checked by the rules core."""

    rules = RulesValue(required=True)
    players = fields.List(fields.String(), required=True)
    teams = fields.Raw()
    roles = fields.Raw()
    dealer = fields.String()
    rounds = fields.List(fields.Raw(), required=True)


MATCH_SCORE_REQUEST = MatchScoreRequest()

matches_blueprint = Blueprint("matches", __name__, url_prefix="/v1/matches")


@matches_blueprint.post("/score")
def score_a_match() -> Response:
    """Totals, bonuses and winner of a match from each round's winner and points (R-8, R-9)."""
    data = load(MATCH_SCORE_REQUEST, json_body(request))
    try:
        result = score_match_document(data)
    except LogTooLargeError as error:
        raise ApiProblem(413, error.code, error.detail, field_errors(error.problems)) from None
    except RulesError as error:
        errors = field_errors(error.problems)
        if any(e.code in SHAPE_CODES for e in errors):
            raise ApiProblem(400, "invalid_request", error.detail, errors) from None
        raise unprocessable(errors) from None
    return json_response(dump_match_score(result))


def dump_fact(fact: RoundFact) -> dict[str, Any]:
    """A table's facts as given (GAMELOG.md, ``/v1/matches/score``)."""
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
    result |= {"winner": fact.winner, "points": fact.points if fact.winner is not None else 0}
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
