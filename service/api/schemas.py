"""Request schemas (marshmallow) and the JSON shapes of replies.

Requests are checked in two steps.  The schemas check the shape (types, required fields, no
unknown field, strict booleans): a fault there is a 400.  The rules core then checks the
meaning (card codes, duplicates, hand size, rules): a fault there is a 422.  Replies are built
by the ``dump_*`` functions below from the core's result objects; ``openapi.yaml`` documents
every field they write.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields

from ..rules import HandAnalysis, Rules
from ..rules.cards import CARD_NAMES
from ..rules.melds import Arrangement, Meld
from ..rules.solver import DiscardOption
from .problems import ApiProblem, FieldError, json_pointer

MAX_BATCH = 1000
"""Hands in one batch request."""

# marshmallow's messages, by the stable code we report for them.
_MESSAGE_CODES = {
    "Missing data for required field.": "required",
    "Unknown field.": "unknown_field",
    "Field may not be null.": "null_not_allowed",
    "Invalid input type.": "wrong_type",
    "Not a valid string.": "wrong_type",
    "Not a valid list.": "wrong_type",
    "Not a valid boolean.": "wrong_type",
}


class StrictBoolean(fields.Field):
    """JSON ``true`` or ``false`` only: no ``"yes"``, ``1`` or ``"true"`` read as a boolean."""

    default_error_messages = {"invalid": "Not a valid boolean."}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class RulesValue(fields.Field):
    """A preset name or an object of overrides; its meaning is checked by the rules core."""

    default_error_messages = {
        # marshmallow formats messages with str.format: braces are doubled.
        "invalid": "Must be a preset name or an object {{\"preset\": name, option: value}}."
    }

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, (str, Mapping)):
            raise self.make_error("invalid")
        return value


class CardTokens(fields.Field):
    """A JSON array of strings (card tokens); what they name is checked by the rules core.

    One pass over the array, reporting each element that is not a string at its index.
    """

    default_error_messages = {"invalid": "Not a valid list.", "item": "Not a valid string."}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[str]:
        if not isinstance(value, list):
            raise self.make_error("invalid")
        bad = [i for i, token in enumerate(value) if not isinstance(token, str)]
        if bad:
            raise ValidationError({i: [self.error_messages["item"]] for i in bad})
        return value


class RequestSchema(Schema):
    """Base of request schemas: unknown fields are an error, never silently dropped."""

    class Meta:
        unknown = RAISE


class AnalyzeRequest(RequestSchema):
    hand = CardTokens(required=True)
    rules = RulesValue(load_default=None, allow_none=False)
    upcard = fields.String(load_default=None, allow_none=False)
    all_arrangements = StrictBoolean(load_default=False)


class BatchRequest(RequestSchema):
    hands = fields.List(fields.Raw(allow_none=True), required=True)
    rules = RulesValue(load_default=None, allow_none=False)
    upcard = fields.String(load_default=None, allow_none=False)
    all_arrangements = StrictBoolean(load_default=False)


ANALYZE_REQUEST = AnalyzeRequest()
BATCH_REQUEST = BatchRequest()


def _flatten(messages: Any, path: tuple[str | int, ...] = ()) -> list[FieldError]:
    if isinstance(messages, Mapping):
        return [e for key, sub in messages.items() for e in _flatten(sub, path + (key,))]
    if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        return [
            FieldError(json_pointer(path), _MESSAGE_CODES.get(m, "invalid_value"), m)
            for m in messages
        ]
    return [FieldError(json_pointer(path), "invalid_value", str(messages))]


def load(schema: Schema, body: Any) -> dict[str, Any]:
    """The body checked against a request schema, or a 400 problem listing every fault."""
    if not isinstance(body, Mapping):
        raise ApiProblem(400, "invalid_request", "the request body must be a JSON object",
                         [FieldError("", "wrong_type", "expected a JSON object")])
    try:
        return schema.load(body)
    except ValidationError as error:
        errors = _flatten(error.messages)
        detail = "; ".join(f"{e.pointer}: {e.detail}" for e in errors)
        raise ApiProblem(400, "invalid_request", detail, errors) from None


# Replies ------------------------------------------------------------------------------------


def dump_cards(cards: tuple[int, ...]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def dump_meld(meld: Meld) -> dict[str, Any]:
    return {"kind": meld.kind, "cards": [CARD_NAMES[c] for c in meld.cards]}


def dump_arrangement(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "melds": [dump_meld(m) for m in arrangement.melds],
        "deadwood": [CARD_NAMES[c] for c in arrangement.deadwood],
        "deadwood_count": arrangement.deadwood_count,
    }


def dump_discard(option: DiscardOption) -> dict[str, Any]:
    return {"card": CARD_NAMES[option.card], **dump_arrangement(option.arrangement)}


@lru_cache(maxsize=256)
def _rules_body(rules: Rules) -> dict[str, Any]:
    return {"preset": rules.preset, **rules.options()}


def dump_rules(rules: Rules) -> dict[str, Any]:
    return dict(_rules_body(rules))


def dump_analysis(analysis: HandAnalysis, with_rules: bool = True) -> dict[str, Any]:
    """The reply of ``/v1/hands/analyze`` (the Analysis schema of openapi.yaml).

    ``with_rules=False`` leaves out the rules, which a batch reply gives once for all hands.
    """
    hand = analysis.hand
    body: dict[str, Any] = {
        "hand": [CARD_NAMES[c] for c in hand],
        "card_count": len(hand),
        "deadwood_count": analysis.deadwood_count,
        "melds": [dump_meld(m) for m in analysis.melds],
        "deadwood": dump_cards(analysis.deadwood),
        "knock_limit": analysis.knock_limit,
    }
    if analysis.can_knock is not None:
        body["can_knock"] = analysis.can_knock
        body["gin"] = analysis.gin
    if analysis.big_gin is not None:
        body["big_gin"] = analysis.big_gin
        body["discard"] = CARD_NAMES[analysis.best_discards[0]]
        body["best_discards"] = dump_cards(analysis.best_discards)
        body["discards"] = [dump_discard(o) for o in analysis.discards]
    if analysis.arrangements is not None:
        body["arrangements"] = [
            {**({"discard": CARD_NAMES[choice.discard]} if choice.discard is not None else {}),
             **dump_arrangement(choice.arrangement)}
            for choice in analysis.arrangements
        ]
    if with_rules:
        body["rules"] = dump_rules(analysis.rules)
    return body
