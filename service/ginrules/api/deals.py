"""``POST /v1/deals``: a round the service shuffles from a seed and deals (R-3.1, ginrules-deal/1).

The rules core reads the request's meaning, seats the round by the variant and shuffles
(rules/usecases/deals.py); this module checks its form and dumps the dealt round in the
ginrules-log/1 shape (GAMELOG.md), ready to be appended to a log.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request
from marshmallow import fields, validate

from ..rules.base.cards import CARD_NAMES
from ..rules.errors import RulesError
from ..rules.table.shuffle import MAX_ROUND, MAX_SEED
from ..rules.usecases.deals import DealtRound, DealtTable, deal_document
from .body import json_body
from .checks import json_response
from .games import SHAPE_CODES
from .problems import ApiProblem, field_errors, unprocessable
from .schemas import RequestSchema, RulesValue, load

deals = Blueprint("deals", __name__, url_prefix="/v1")


class DealRequest(RequestSchema):
    """The form of a deal request; what it names is checked by the rules core."""

    rules = RulesValue(required=True)
    players = fields.List(fields.String(), required=True)
    dealer = fields.String()
    roles = fields.Raw()
    teams = fields.Raw()
    tables = fields.List(fields.List(fields.String()))
    seed = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_SEED))
    round = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_ROUND))


DEAL_REQUEST = DealRequest()


@deals.post("/deals")
def deal() -> Response:
    """A round shuffled from the seed (or a new one) and dealt: see DealRequest and DealtRound
    in openapi.yaml."""
    body = json_body(request)
    load(DEAL_REQUEST, body)
    return json_response(dump_dealt_round(dealt_round(body)))


def dealt_round(body: Any) -> DealtRound:
    """The round a deal request asks for, or its 422 problem (the endpoint's and ``ginrules
    deal``'s)."""
    try:
        return deal_document(body)
    except RulesError as error:
        errors = field_errors(error.problems)
        if any(e.code in SHAPE_CODES for e in errors):
            raise ApiProblem(400, "invalid_request", error.detail, errors) from None
        raise unprocessable(errors) from None


def dump_table(table: DealtTable) -> dict[str, Any]:
    """One dealt table as a log's table (GAMELOG.md), its actions still to come."""
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
