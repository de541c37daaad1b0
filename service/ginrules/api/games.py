"""``POST /v1/games/replay`` (a game log checked action by action, docs/gamelog.md) and
``POST /v1/matches/score`` (a match scored from its rounds' facts, R-8, R-9)."""

from __future__ import annotations

from flask import Blueprint, Response, request

from ..rules.usecases.matches import score_match_document
from ..wire.documents import replay_reply
from ..wire.replies import dump_match_score
from .body import json_body
from .responses import json_response

games = Blueprint("games", __name__, url_prefix="/v1/games")
matches_blueprint = Blueprint("matches", __name__, url_prefix="/v1/matches")


@games.post("/replay")
def replay_game() -> Response:
    """Replay a log: valid or the first violation, rounds scored, totals, and what comes next;
    with ``echo_log``, the log as read too."""
    return json_response(replay_reply(json_body(request)))


@matches_blueprint.post("/score")
def score_a_match() -> Response:
    """Totals, bonuses and winner of a match from each round's winner and points (R-8, R-9)."""
    return json_response(dump_match_score(score_match_document(json_body(request))))
