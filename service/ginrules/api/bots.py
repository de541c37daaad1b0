"""``/v1/bots`` and ``/v1/hints``: a computer opponent's move and a hint for a game in progress.

The HTTP layer only parses, calls and dumps: the log is replayed by the rules core, the bot or
the hint engine sees only the player's view of the live deal (rules/players/); whose
turn it is and the score of the game come from the core's game in progress (usecases/progress.py).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request

from ..rules.errors import RulesError
from ..rules.players.bots import BOTS, LEVELS, bot_named
from ..rules.players.hints import DEFAULT_BUDGET_MS, advise
from ..rules.usecases.progress import GameInProgress
from ..wire.faults import problem_of
from ..wire.problems import FieldError, unprocessable
from ..wire.replies import dump_hint, dump_move
from ..wire.strength import dump_levels
from ..wire.schemas import BOT_MOVE_REQUEST, HINT_REQUEST, load
from .body import json_body
from .heavy import gate
from .responses import json_response

bots = Blueprint("bots", __name__, url_prefix="/v1")


@bots.get("/bots")
def list_bots() -> Response:
    """The bots and what each does; for the advisor, its levels and their measured
    strengths."""
    return json_response({"bots": [
        {"name": bot.name, "description": bot.description,
         **({"levels": dump_levels()} if bot.levels else {})}
        for bot in BOTS.values()]})


@bots.post("/bots/<bot>/move")
def move(bot: str) -> Response:
    """One legal action of the player whose turn it is, chosen by the bot from that player's
    view of the log's live deal."""
    chosen_bot = bot_named(bot)
    data = load(BOT_MOVE_REQUEST, json_body(request))
    level = data["level"]
    if level is not None and not chosen_bot.levels:
        raise unprocessable([FieldError("/level", "level_not_offered",
                                        f"only the advisor plays at a level; {chosen_bot.name} "
                                        "has none")])
    game = _game(data)
    view = game.view(data["player"])
    if chosen_bot.name != "advisor":
        chosen = chosen_bot.choose(view, data["seed"])
    else:  # the hint engine at the level's budget (the default's): heavy work (heavy.py)
        budget_ms = DEFAULT_BUDGET_MS if level is None else LEVELS[level].budget_ms
        with gate().work(budget_ms) as pause:
            chosen = chosen_bot.choose(view, data["seed"], standing=game.standing(view.player),
                                       pause=pause, level=level)
    return json_response({"bot": chosen_bot.name, "player": view.player,
                          "action": dump_move(chosen)})


@bots.post("/hints")
def hint() -> Response:
    """The player's current decision with every option ranked, valued and explained."""
    data = load(HINT_REQUEST, json_body(request))
    game = _game(data)
    view = game.view(data["player"])
    with gate().work(data["budget_ms"]) as pause:
        result = advise(view, seed=data["seed"], budget_ms=data["budget_ms"],
                        standing=game.standing(view.player), pause=pause,
                        opponent_model=data["opponent_model"])
    return json_response(dump_hint(result))


def _game(data: dict[str, Any]) -> GameInProgress:
    """The game the request's log records; a fault of the log is placed under ``/log``."""
    try:
        return GameInProgress.from_log(data["log"])
    except RulesError as error:
        raise problem_of(error, "log") from None
