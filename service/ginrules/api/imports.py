"""``POST /v1/games/import``: a game recorded by another engine, as a ginrules-log/1 document.

The one format so far is OpenSpiel's ``gin_rummy`` (rules/documents/openspiel/): its action
numbers, chance outcomes included, and its game parameters.
"""

from __future__ import annotations

from flask import Blueprint, Response, request

from ..wire.documents import import_document
from .body import json_body
from .responses import json_response

imports = Blueprint("imports", __name__, url_prefix="/v1/games")


@imports.post("/import")
def import_game() -> Response:
    """An OpenSpiel gin_rummy game as a log: see ImportRequest and GameLog in openapi.yaml."""
    return json_response(import_document(json_body(request)))
