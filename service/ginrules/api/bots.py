"""``/v1/bots`` and ``/v1/hints``: a computer opponent's move and a hint for a game in progress.

The HTTP layer only parses, calls and dumps: the log is replayed by the rules core, the bot or
the hint engine sees only the player's view of the live deal (rules/players/); whose
turn it is and the score of the game come from the core's game in progress (usecases/progress.py).
"""

from __future__ import annotations

from typing import Any, cast

from flask import Blueprint, Response, request
from marshmallow import fields, validate

from ..rules.base.cards import CARD_NAMES, Card
from ..rules.errors import (GameStateError, InvalidLogError, LogTooLargeError, RuleBroken,
                            UnknownBotError)
from ..rules.players.bots import BOTS, bot_named
from ..rules.players.hints import (DEFAULT_BUDGET_MS, MAX_BUDGET_MS, OPPONENT_MODEL,
                                  OPPONENT_MODELS, Hint, advise)
from ..rules.table.moves import DealView, Discard, Draw, Knock, LayDown, Move, Pass, Phase
from ..rules.usecases.progress import GameInProgress
from .body import json_body
from .checks import json_response
from .games import SHAPE_CODES
from .heavy import gate
from .problems import ApiProblem, FieldError, field_errors
from .schemas import RequestSchema, dump_layoffs, dump_meld, load

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
    opponent_model = fields.String(load_default=OPPONENT_MODEL,
                                   validate=validate.OneOf(sorted(OPPONENT_MODELS)))


BOT_MOVE_REQUEST = BotMoveRequest()
HINT_REQUEST = HintRequest()


@bots.get("/bots")
def list_bots() -> Response:
    """The bots and what each does."""
    return json_response({"bots": [{"name": bot.name, "description": bot.description}
                                   for bot in BOTS.values()]})


@bots.post("/bots/<bot>/move")
def move(bot: str) -> Response:
    """One legal action of the player whose turn it is, chosen by the bot from that player's
    view of the log's live deal."""
    try:
        chosen_bot = bot_named(bot)
    except UnknownBotError as error:
        raise ApiProblem(404, error.code, error.detail,
                         [FieldError("", error.code, error.detail)]) from None
    data = load(BOT_MOVE_REQUEST, json_body(request))
    game, player = _game(data)
    view = _view(game, player)
    if chosen_bot.name != "advisor":
        chosen = chosen_bot.choose(view, data["seed"])
    else:  # the hint engine at its default budget: heavy work (heavy.py)
        with gate().work(DEFAULT_BUDGET_MS) as pause:
            chosen = chosen_bot.choose(view, data["seed"], standing=game.standing(player),
                                       pause=pause)
    return json_response({"bot": chosen_bot.name, "player": view.player,
                          "action": dump_action(chosen, view)})


@bots.post("/hints")
def hint() -> Response:
    """The player's current decision with every option ranked, valued and explained."""
    data = load(HINT_REQUEST, json_body(request))
    game, player = _game(data)
    view = _view(game, player)
    with gate().work(data["budget_ms"]) as pause:
        result = advise(view, seed=data["seed"], budget_ms=data["budget_ms"],
                        standing=game.standing(player), pause=pause,
                        opponent_model=data["opponent_model"])
    return json_response(dump_hint(result, view))


def _game(data: dict[str, Any]) -> tuple[GameInProgress, str]:
    """The game the request's log records, and the player asked about; a problem when the
    log is bad."""
    try:
        return GameInProgress.from_log(data["log"]), data["player"]
    except LogTooLargeError as error:
        raise ApiProblem(413, error.code, error.detail,
                         field_errors(error.problems, "log")) from None
    except InvalidLogError as error:
        errors = field_errors(error.problems, "log")
        shape = any(e.code in SHAPE_CODES for e in errors)
        raise ApiProblem(400 if shape else 422, "invalid_request" if shape else "invalid_log",
                         error.detail, errors) from None
    except RuleBroken as error:
        errors = field_errors(error.problems, "log")
        detail = f"the log breaks a rule at {errors[0].pointer}: {error.detail}"
        raise ApiProblem(422, "invalid_log", detail, errors) from None


def _view(game: GameInProgress, player: str) -> DealView:
    """The player's view of their live deal, on their turn; a problem when the game is over,
    the player is not at a table or it is not their turn (the use case says which)."""
    try:
        return game.view(player)
    except GameStateError as error:
        raise ApiProblem(422, error.code, error.detail, field_errors(error.problems)) from None


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
        # The player's own move: none of its cards is HIDDEN (only others' options hide them).
        body.update(action="discard", card=CARD_NAMES[cast(Card, move.card)])
    elif isinstance(move, Knock):
        body.update(action="knock",
                    discard=None if move.discard is None
                    else CARD_NAMES[cast(Card, move.discard)])
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


DECISIONS = {Phase.FIRST_TURN: "upcard", Phase.DRAW: "draw", Phase.DISCARD: "discard",
             Phase.LAST_DISCARD: "last_discard", Phase.LAY_DOWN: "lay_down"}
"""The contract's name of the decision each phase asks for (``decision`` in ``/v1/hints``)."""


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
    return {"player": hint.player, "decision": DECISIONS[hint.phase], "options": options,
            "playouts": hint.playouts, "budget_ms": hint.budget_ms, "seed": hint.seed,
            "opponent_model": hint.opponent_model}
