"""Request schemas (marshmallow): the shape of every request that is not a document.

Requests are checked in two steps.  The schemas check the shape (types, required fields, no
unknown field, strict booleans): a fault there is a 400.  The rules core then checks the
meaning (card codes, duplicates, hand size, rules): a fault there is a 422.  Documents (a game
log, a deal request, a match's facts, an import) are read whole by their readers in the core
and in :mod:`.documents`, not here, so that the command line reads them without marshmallow.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, cast

from marshmallow import RAISE, Schema, ValidationError, fields, missing, validate

from ..rules.documents.gamelog import MAX_ITEMS
from ..rules.players.hints import DEFAULT_BUDGET_MS, MAX_BUDGET_MS, OPPONENT_MODEL, OPPONENT_MODELS
from .problems import MAX_ERRORS, ApiProblem, FieldError, clipped, json_pointer

MAX_BATCH = 1000
"""Hands in one batch request."""
MAX_MELD_CARDS = 100
"""Cards in one meld of a request, as far as its shape is checked (no meld holds 14)."""

CARD_ITEM_MESSAGE = 'Not a card code: a card is a string such as "TS" or "10♠".'
"""The fault of an item of a list of cards that is no string (R-1.4)."""
CARD_LIST_MESSAGE = 'Not a list of card codes: cards are a JSON array such as ["AS", "2S"].'
"""The fault of a list of cards that is no JSON array (R-1.4)."""


# marshmallow's messages, by the stable code we report for them.
_MESSAGE_CODES = {
    "Missing data for required field.": "required",
    "Unknown field.": "unknown_field",
    "Field may not be null.": "null_not_allowed",
    "Invalid input type.": "wrong_type",
    "Not a valid string.": "wrong_type",
    "Not a valid list.": "wrong_type",
    "Not a valid boolean.": "wrong_type",
    CARD_ITEM_MESSAGE: "wrong_type",
    CARD_LIST_MESSAGE: "wrong_type",
}
_MESSAGE_RULES = {CARD_ITEM_MESSAGE: "R-1.4", CARD_LIST_MESSAGE: "R-1.4"}
"""The rule a shape fault breaks, where it is one of the rules' (a card's notation)."""


class StrictBoolean(fields.Field[bool]):
    """JSON ``true`` or ``false`` only: no ``"yes"``, ``1`` or ``"true"`` read as a boolean."""

    default_error_messages = {"invalid": "Not a valid boolean."}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class RulesValue(fields.Field[Any]):
    """A preset name or an object of overrides; its meaning is checked by the rules core."""

    default_error_messages = {
        # marshmallow formats messages with str.format: braces are doubled.
        "invalid": "Must be a preset name or an object {{\"preset\": name, option: value}}."
    }

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, (str, Mapping)):
            raise self.make_error("invalid")
        return value


class ListValue(fields.Field[list[Any]]):
    """A JSON array, its items left to the rules core (which bounds what it reports)."""

    default_error_messages = {"invalid": "Not a valid list."}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if not isinstance(value, list):
            raise self.make_error("invalid")
        return value


class ShapedList(fields.Field[list[Any]]):
    """A JSON array whose items must each pass :meth:`item_ok` (shape only), checked in one pass;
    each item that does not is reported at its index with the ``item`` message."""

    default_error_messages = {"invalid": "Not a valid list.", "item": "Not a valid item."}

    @staticmethod
    def item_ok(item: Any) -> bool:
        raise NotImplementedError

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if not isinstance(value, list):
            raise self.make_error("invalid")
        bad = [i for i, item in enumerate(value) if not self.item_ok(item)]
        if bad:
            raise ValidationError({i: [self.error_messages["item"]] for i in bad})
        return value


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


class CardTokens(ShapedList):
    """A JSON array of strings (card tokens); what they name is checked by the rules core."""

    default_error_messages = {"invalid": CARD_LIST_MESSAGE, "item": CARD_ITEM_MESSAGE}
    item_type = str
    """The one type of every item: the quick check of ``load`` looks at all types at once."""

    @staticmethod
    def item_ok(item: Any) -> bool:
        return isinstance(item, str)


class MeldsValue(ShapedList):
    """A JSON array of melds, each a list of card strings or ``{"kind", "cards"}`` (shape only)."""

    default_error_messages = {
        "item": 'A meld is a list of card codes or {"kind": "set" | "run", "cards": [...]}.',
    }

    @staticmethod
    def item_ok(item: Any) -> bool:
        if isinstance(item, dict):
            return (set(item) == {"kind", "cards"} and isinstance(item["kind"], str)
                    and _strings(item["cards"]) and len(item["cards"]) <= MAX_MELD_CARDS)
        return _strings(item) and len(item) <= MAX_MELD_CARDS


class LayoffsValue(ShapedList):
    """A JSON array of ``{"card": code, "meld": index}`` (shape only)."""

    default_error_messages = {
        "item": 'A layoff is {"card": card code, "meld": index of a knocker meld}.',
    }

    @staticmethod
    def item_ok(item: Any) -> bool:
        return (isinstance(item, dict) and set(item) == {"card", "meld"}
                and isinstance(item["card"], str) and isinstance(item["meld"], int)
                and not isinstance(item["meld"], bool) and item["meld"] >= 0)


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
    hands = ListValue(required=True)
    rules = RulesValue(load_default=None, allow_none=False)
    upcard = fields.String(load_default=None, allow_none=False)
    all_arrangements = StrictBoolean(load_default=False)


class KnockRequest(RequestSchema):
    hand = CardTokens(required=True)
    discard = fields.String(required=True, allow_none=True)
    melds = MeldsValue(load_default=None, allow_none=False)
    taken_card = fields.String(load_default=None, allow_none=False)
    upcard = fields.String(load_default=None, allow_none=False)
    rules = RulesValue(load_default=None, allow_none=False)


class LayoffsRequest(RequestSchema):
    knocker_melds = MeldsValue(required=True)
    defender_hand = CardTokens(required=True)
    gin = StrictBoolean(load_default=False)
    rules = RulesValue(load_default=None, allow_none=False)


class KnockerSpread(RequestSchema):
    hand = CardTokens(required=True)
    # null says "no discard", as in /v1/knock: big gin spreads all eleven cards.
    discard = fields.String(load_default=None, allow_none=True)
    melds = MeldsValue(load_default=None, allow_none=False)


class DefenderSpread(RequestSchema):
    hand = CardTokens(required=True)
    melds = MeldsValue(load_default=None, allow_none=False)
    layoffs = LayoffsValue(load_default=None, allow_none=False)


class RoundScoreRequest(RequestSchema):
    knocker = fields.Nested(KnockerSpread, required=True)
    defender = fields.Nested(DefenderSpread, required=True)
    upcard = fields.String(load_default=None, allow_none=False)
    rules = RulesValue(load_default=None, allow_none=False)


# "with" is a Python keyword: the schema is made from a dict of its fields.
MeldsRequest = RequestSchema.from_dict({
    "hand": CardTokens(required=True),
    "rules": RulesValue(load_default=None, allow_none=False),
    "with": fields.String(load_default=None, allow_none=False),
}, name="MeldsRequest")


ANALYZE_REQUEST = AnalyzeRequest()
MELDS_REQUEST = MeldsRequest()
KNOCK_REQUEST = KnockRequest()
LAYOFFS_REQUEST = LayoffsRequest()
ROUND_SCORE_REQUEST = RoundScoreRequest()
BATCH_REQUEST = BatchRequest()


def _flatten(messages: Any, path: tuple[str | int, ...] = ()) -> list[FieldError]:
    if isinstance(messages, Mapping):
        return [e for key, sub in messages.items() for e in _flatten(sub, path + (key,))]
    if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        return [
            FieldError(json_pointer(path), _MESSAGE_CODES.get(m, "invalid_value"), m,
                       _MESSAGE_RULES.get(m))
            for m in messages
        ]
    return [FieldError(json_pointer(path), "invalid_value", str(messages))]


def _bounds(schema: Schema, body: Mapping[str, Any],
            path: tuple[str | int, ...]) -> list[FieldError]:
    """Faults found before the schema looks at any item: too many unknown fields (only the
    first are named) and lists longer than ``MAX_ITEMS``, in the body and its nested objects."""
    known = {field.data_key or name: field for name, field in schema.load_fields.items()}
    errors: list[FieldError] = []
    unknown = [key for key in body if key not in known]
    if len(unknown) > MAX_ERRORS:
        errors += [FieldError(json_pointer(path + (key,)), "unknown_field", "Unknown field.")
                   for key in unknown[:MAX_ERRORS]]
        errors.append(FieldError(json_pointer(path), "too_many_errors",
                                 f"{len(unknown) - MAX_ERRORS} more unknown fields"))
    for key, field in known.items():
        value = body.get(key)
        if isinstance(value, list) and len(value) > MAX_ITEMS:
            errors.append(FieldError(json_pointer(path + (key,)), "too_many_items",
                                     f"at most {MAX_ITEMS} items, got {len(value)}"))
        elif isinstance(field, fields.Nested) and isinstance(value, Mapping):
            errors += _bounds(field.schema, value, path + (key,))
    return errors


QuickField = tuple[bool, Any, bool, Callable[[Any], bool], "dict[str, QuickField] | None"]
"""How :func:`_quick_load` checks a field: required, default, null allowed, the value's check
(shape only, as the field's own), and for a nested object the fields of its schema."""


def _list_check(field: fields.Field[Any]) -> Callable[[Any], bool]:
    """A list field's check: a list of at most MAX_ITEMS items (see ``_bounds``), each passing
    the field's ``item_ok`` when it has one."""
    item_ok = getattr(field, "item_ok", None)
    if item_ok is None:
        return lambda value: type(value) is list and len(value) <= MAX_ITEMS
    item_type = getattr(field, "item_type", None)
    if item_type is not None:
        return lambda value: (type(value) is list and len(value) <= MAX_ITEMS
                              and set(map(type, value)) <= {item_type})
    return lambda value: (type(value) is list and len(value) <= MAX_ITEMS
                          and all(map(item_ok, value)))


_QUICK_CHECKS: dict[type, Callable[[fields.Field[Any]], Callable[[Any], bool]]] = {
    CardTokens: _list_check,
    MeldsValue: _list_check,
    LayoffsValue: _list_check,
    ListValue: _list_check,
    RulesValue: lambda field: lambda value: isinstance(value, (str, Mapping)),
    StrictBoolean: lambda field: lambda value: isinstance(value, bool),
    fields.String: lambda field: lambda value: isinstance(value, str),
}


@lru_cache(maxsize=None)
def _quick_fields(schema_class: type) -> dict[str, QuickField] | None:
    """The quick checks of a request schema's fields; None if it has a field they do not know."""
    schema = schema_class()
    quick: dict[str, QuickField] = {}
    for name, field in schema.load_fields.items():
        nested = None
        check: Callable[[Any], bool]
        if isinstance(field, fields.Nested):
            nested = _quick_fields(type(field.schema))
            if nested is None:
                return None
            check = bool  # a nested object is checked field by field
        elif type(field) in _QUICK_CHECKS and field.data_key is None:
            check = _QUICK_CHECKS[type(field)](field)
        else:
            return None
        if field.validators or callable(field.load_default):
            return None
        quick[name] = (field.required, field.load_default, field.allow_none, check, nested)
    return quick


def _quick_load(quick: dict[str, QuickField], body: Mapping[str, Any]) -> dict[str, Any] | None:
    """What ``schema.load(body)`` returns, for a body that plainly passes the schema and its
    bounds; None at the first doubt, and the full check then finds and names every fault."""
    for key in body:
        if key not in quick:
            return None
    data: dict[str, Any] = {}
    for name, (required, default, allow_none, check, nested) in quick.items():
        if name in body:
            value = body[name]
            if value is None:
                if not allow_none:
                    return None
            elif nested is not None:
                if not isinstance(value, Mapping):
                    return None
                value = _quick_load(nested, value)
                if value is None:
                    return None
            elif not check(value):
                return None
            data[name] = value
        elif required:
            return None
        elif default is not missing:
            data[name] = default
    return data


def load(schema: Schema, body: Any) -> dict[str, Any]:
    """The body checked against a request schema, or a 400 problem listing every fault.

    A body that plainly passes (known fields of the right shapes, lists within their bounds) is
    taken on a quick path with the same result as marshmallow's; any other goes through
    marshmallow, which reports every fault.
    """
    if not isinstance(body, Mapping):
        raise ApiProblem(400, "invalid_request", "the request body must be a JSON object",
                         [FieldError("", "wrong_type", "expected a JSON object")])
    quick = _quick_fields(type(schema))
    if quick is not None:
        data = _quick_load(quick, body)
        if data is not None:
            return data
    errors = _bounds(schema, body, ())
    if errors:
        raise ApiProblem(400, "invalid_request", "; ".join(
            f"{clipped(e.pointer) or '/'}: {e.detail}" for e in errors[:5]), errors)
    try:
        # A dict of the fields: request schemas have no post_load hook.
        return cast("dict[str, Any]", schema.load(body))
    except ValidationError as error:
        errors = _flatten(error.messages)
        detail = "; ".join(f"{clipped(e.pointer)}: {clipped(e.detail)}" for e in errors[:5])
        if len(errors) > 5:
            detail += f"; and {len(errors) - 5} more"
        raise ApiProblem(400, "invalid_request", detail, errors) from None


MAX_SEED = 2**63 - 1
"""The largest seed of a bot's move or a hint (its random choices are the seed's)."""


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
