"""``POST /v1/deals``: a round the service shuffles from a seed and deals (R-3.1,
ginrules-deal/1), ready to be played as the next round of a log."""

from __future__ import annotations

from flask import Blueprint, Response, request

from ..rules.usecases.deals import deal_document
from ..wire.replies import dump_dealt_round
from .body import json_body
from .responses import json_response

deals = Blueprint("deals", __name__, url_prefix="/v1")


@deals.post("/deals")
def deal() -> Response:
    """A round shuffled from the seed (or a new one) and dealt: see DealRequest and DealtRound
    in openapi.yaml."""
    return json_response(dump_dealt_round(deal_document(json_body(request))))
