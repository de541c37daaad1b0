"""``/v1/bots`` and ``/v1/hints``: a computer opponent's move and a hint for a game in progress.

The HTTP layer only parses, calls and dumps: the log is replayed by the rules core, the bot or
the hint engine sees only the player's view of the live deal (service/rules/bots.py, hints.py).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request
from marshmallow import fields, validate

from ..rules.players.bots import BOTS, bot_move
from ..rules.base.cards import CARD_NAMES
from ..rules.table.engine import DealView, Discard, Draw, Knock, LayDown, Move, Pass
from ..rules.errors import InvalidLogError, LogTooLargeError
from ..rules.players.hints import DEFAULT_BUDGET_MS, MAX_BUDGET_MS, Hint, Standing, advise
from ..rules.usecases.replay import replay
from .body import json_body
from .checks import json_response
from .games import SHAPE_CODES
from .problems import ApiProblem, FieldError, field_errors
from .schemas import RequestSchema, dump_layoffs, dump_meld, dump_violation, load

bots = Blueprint("bots", __name__, url_prefix="/v1")

MAX_SEED = 2**63 - 1


class BotMoveRequest(RequestSchema):
    log = fields.Dict(required=True)
    player = fields.String(required=True)
    seed = fields.Integer(load_default=0, strict=True,
                          validate=validate.Range(min=0, max=MAX_SEED))


class HintRequest(BotMoveRequest):
    budget_ms = fields.Integer(load_default=DEFAULT_BUDGET_MS, strict=True,
                               validate=validate.Range(min=1, max=MAX_BUDGET_MS))


BOT_MOVE_REQUEST = BotMoveRequest()
HINT_REQUEST = HintRequest()


@bots.get("/bots")
def list_bots():
    """The bots and what each does."""
    return json_response({"bots": [{"name": bot.name, "description": bot.description}
                                   for bot in BOTS.values()]})


@bots.post("/bots/<bot>/move")
def move(bot: str):
    """One legal action of the player whose turn it is, chosen by the bot from that player's
    view of the log's live deal."""
    if bot not in BOTS:
        detail = f"no bot {bot[:40]!r}; the bots are {', '.join(BOTS)}"
        raise ApiProblem(404, "unknown_bot", detail, [FieldError("", "unknown_bot", detail)])
    data = load(BOT_MOVE_REQUEST, json_body(request))
    view, standing = _view(data)
    options: dict[str, Any] = {}
    if bot == "advisor":
        options["standing"] = standing
    chosen = bot_move(bot, view, data["seed"], **options)
    return json_response({"bot": bot, "player": view.player,
                          "action": dump_action(chosen, view)})


@bots.post("/hints")
def hint():
    """The player's current decision with every option ranked, valued and explained."""
    data = load(HINT_REQUEST, json_body(request))
    view, standing = _view(data)
    result = advise(view, seed=data["seed"], budget_ms=data["budget_ms"], standing=standing)
    return json_response(dump_hint(result, view))


def _view(data: dict[str, Any]) -> tuple[DealView, Standing]:
    """The player's view of the log's live deal, and the score of the game (R-8.1); a
    problem when the log is bad, the game not in progress or it is not the player's turn."""
    document = data["log"]
    player = data["player"]
    try:
        result = replay(document)
    except LogTooLargeError as error:
        raise ApiProblem(413, error.code, error.detail,
                         field_errors(error.problems, "log")) from None
    except InvalidLogError as error:
        errors = field_errors(error.problems, "log")
        shape = any(e.code in SHAPE_CODES for e in errors)
        raise ApiProblem(400 if shape else 422, "invalid_request" if shape else "invalid_log",
                         error.detail, errors) from None
    if not result.valid:
        violation = dump_violation(result.violations[0])
        pointer = "/log" + violation["pointer"]
        detail = f"the log breaks a rule at {pointer}: {violation['detail']}"
        raise ApiProblem(422, "invalid_log", detail,
                         [FieldError(pointer, violation["code"], violation["detail"],
                                     violation.get("rule"))])
    players = list(document.get("players", []))
    if player not in players:
        detail = f"player names a player of the log, one of {', '.join(map(str, players))}"[:200]
        raise ApiProblem(422, "unknown_player", detail,
                         [FieldError("/player", "unknown_player", detail)])
    deals = [deal for deal in result.deals if player in deal.players]
    if not deals:
        if result.complete:
            detail = f"the game is over: {result.winner} has won"
            code, rule = "game_over", "R-8.1"
        elif result.deals:
            detail = f"{player} has no move in this round: their table is over, or they sit out"
            code, rule = "not_at_table", None
        else:
            detail = "no deal is in progress: the next round is not dealt yet"
            code, rule = "no_deal_in_progress", "R-3.1"
        raise ApiProblem(422, code, detail, [FieldError("/log", code, detail, rule)])
    deal = deals[0]
    if deal.turn != player:
        whose = deal.turn
        detail = (f"it is {whose}'s turn, not {player}'s" if whose is not None
                  else "the deal is over: nobody is to move")
        raise ApiProblem(422, "not_your_turn", detail,
                         [FieldError("/player", "not_your_turn", detail, "R-4.4")])
    totals = result.totals
    opponent = next(p for p in deal.players if p != player)
    standing = Standing(target=deal.rules.game_target)
    if isinstance(totals, dict) and isinstance(totals.get(player), int):
        standing = Standing(totals[player], totals.get(opponent, 0), deal.rules.game_target)
    return deal.view(player), standing


def dump_action(move: Move, view: DealView) -> dict[str, Any]:
    """A move as a log action (GAMELOG.md ``actions``)."""
    body: dict[str, Any] = {"player": move.player}
    if isinstance(move, Pass):
        body["action"] = "pass"
    elif isinstance(move, Draw):
        body.update(action="draw", source=move.source)
        if move.source == "discard":
            card = move.card if move.card is not None else view.pile[-1]
            body["card"] = CARD_NAMES[card]
    elif isinstance(move, Discard):
        body.update(action="discard", card=CARD_NAMES[move.card])
    elif isinstance(move, Knock):
        body.update(action="knock",
                    discard=None if move.discard is None else CARD_NAMES[move.discard])
        if move.melds is not None:
            body["melds"] = [dump_meld(m) for m in move.melds]
    elif isinstance(move, LayDown):
        # Without melds and layoffs the service lays down the defender's best reply.
        body["action"] = "lay_down"
        if move.melds is not None:
            body["melds"] = [dump_meld(m) for m in move.melds]
        if move.layoffs is not None:
            body["layoffs"] = dump_layoffs(move.layoffs)
    return body


def dump_hint(hint: Hint, view: DealView) -> dict[str, Any]:
    """The hint reply: the decision and its options, best first."""
    options = []
    for option in hint.options:
        entry: dict[str, Any] = {
            "rank": option.rank,
            "action": dump_action(option.move, view),
            "expected_points": option.expected_points,
            "win_chance": option.win_chance,
            "reason": option.reason,
            "samples": option.samples,
        }
        if option.deadwood is not None:
            entry["deadwood"] = option.deadwood
        options.append(entry)
    return {"player": hint.player, "decision": hint.decision, "options": options,
            "playouts": hint.playouts, "budget_ms": hint.budget_ms, "seed": hint.seed}
