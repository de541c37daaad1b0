"""``POST /v1/games/import``: a game recorded by another engine, as a ginrules-log/1 document.

The one format so far is OpenSpiel's ``gin_rummy`` (rules/documents/openspiel.py): its action
numbers, chance outcomes included, and its game parameters.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request
from marshmallow import fields, validate

from ..rules.errors import RulesError
from ..rules.documents.openspiel import FORMAT, MAX_ACTIONS, import_openspiel
from .body import json_body
from .checks import json_response
from .problems import ApiProblem, FieldError, field_errors, unprocessable
from .schemas import RequestSchema, ShapedList, load

imports = Blueprint("imports", __name__, url_prefix="/v1/games")

FORMATS = (FORMAT,)
SHAPE_CODES = {"wrong_type"}
"""Faults of form in ``params`` (a 400); any other fault of an import is a 422."""


class ActionNumbers(ShapedList):
    """A JSON array of integers (OpenSpiel's action numbers), at most MAX_ACTIONS of them."""

    default_error_messages = {"invalid": "Not a valid list.", "item": "Not an integer."}

    @staticmethod
    def item_ok(item: Any) -> bool:
        return isinstance(item, int) and not isinstance(item, bool)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if isinstance(value, list) and len(value) > MAX_ACTIONS:
            detail = f"an import holds at most {MAX_ACTIONS} actions, got {len(value)}"
            raise ApiProblem(400, "too_many_actions", detail,
                             [FieldError("/actions", "too_many_actions", detail)])
        return super()._deserialize(value, attr, data, **kwargs)


class ImportRequest(RequestSchema):
    format = fields.String(required=True, validate=validate.OneOf(FORMATS))
    actions = ActionNumbers(required=True)
    params = fields.Dict(keys=fields.String(), load_default=None, allow_none=False)


IMPORT_REQUEST = ImportRequest()


@imports.post("/import")
def import_game() -> Response:
    """An OpenSpiel gin_rummy game as a log: see ImportRequest and GameLog in openapi.yaml."""
    data = load(IMPORT_REQUEST, json_body(request))
    return json_response(import_document(data))


def import_document(data: dict[str, Any]) -> dict[str, Any]:
    """The log of a checked import request, or the 400/422 problem of its first fault."""
    try:
        return import_openspiel(data["actions"], data.get("params"))
    except RulesError as error:
        errors = field_errors(error.problems)
        if any(e.code in SHAPE_CODES for e in errors):
            raise ApiProblem(400, "invalid_request", error.detail, errors) from None
        raise unprocessable(errors) from None
