"""Request schemas (marshmallow): the shape of every request that is not a document.

Requests are checked in two steps.  The schemas check the shape (types, required fields, no
unknown field, strict booleans): a fault there is a 400.  The rules core then checks the
meaning (card codes, duplicates, hand size, rules): a fault there is a 422.  Documents (a game
log, a deal request, a match's facts, an import) are read whole by their readers in the core
and in :mod:`.documents`, not here, so that the command line reads them without marshmallow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any, cast

from marshmallow import RAISE, Schema, ValidationError, fields, missing, validate

from ..rules.base.cards import describe_token
from ..rules.base.options import PRESETS
from ..rules.documents.gamelog import MAX_ITEMS
from ..rules.errors import did_you_mean
from ..rules.players.bots import LEVELS
from ..rules.players.hints import DEFAULT_BUDGET_MS, MAX_BUDGET_MS, OPPONENT_MODEL, OPPONENT_MODELS
from .problems import MAX_ERRORS, ApiProblem, FieldError, clipped, json_pointer

MAX_BATCH = 1000
"""Hands in one batch request."""
MAX_MELD_CARDS = 100
"""Cards in one meld of a request, as far as its shape is checked (no meld holds 14)."""

# Every fault of a request's shape is reported by marshmallow as one of these words (each
# field's and schema's error messages are set to them), and put into the project's words by
# ``_fault``: the field, what it takes, what came instead.  Each word has its stable code.
_CODES = {
    "required": "required",
    "null": "null_not_allowed",
    "type": "wrong_type",
    "value": "invalid_value",
    "unknown": "unknown_field",
    "item": "wrong_type",
    "item_value": "invalid_value",
}
_MESSAGES = {"required": "required", "null": "null", "invalid": "type", "type": "type",
             "invalid_utf8": "type", "too_large": "value", "validator_failed": "value"}
"""marshmallow's error keys, each to its word above."""
CARD_CODE = 'a card code such as "TS" or "10♠"'
CARDS = 'a JSON array of card codes such as ["AS", "2S"]'
MELD = 'a list of card codes or {"kind": "set" | "run", "cards": [...]}'
LAYOFF = '{"card": card code, "meld": index of a knocker meld}'


def _says(allowed: str, *, invalid: str = "type", choices: Iterable[str] = (),
          **options: Any) -> dict[str, Any]:
    """A field's options: what it takes, in words (``allowed``; ``choices``, the names a
    misspelt value may be close to), and its error words (``invalid``: the word of a value of
    the wrong type, ``value`` where its code has long been ``invalid_value``)."""
    return {"metadata": {"allowed": allowed, "choices": tuple(choices)}, **options,
            "error_messages": {**_MESSAGES, "invalid": invalid}}


class StrictBoolean(fields.Field[bool]):
    """JSON ``true`` or ``false`` only: no ``"yes"``, ``1`` or ``"true"`` read as a boolean."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class RulesValue(fields.Field[Any]):
    """A preset name or an object of overrides; its meaning is checked by the rules core."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, (str, Mapping)):
            raise self.make_error("invalid")
        return value


class ListValue(fields.Field[list[Any]]):
    """A JSON array, its items left to the rules core (which bounds what it reports)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if not isinstance(value, list):
            raise self.make_error("invalid")
        return value


class ShapedList(fields.Field[list[Any]]):
    """A JSON array whose items must each pass :meth:`item_ok` (shape only), checked in one pass;
    each item that does not is reported at its index (the word ``item``, or ``item_value``)."""

    item: str = "an item"
    """What each item is, in words, for the fault of one that is not."""
    item_word = "item"

    @staticmethod
    def item_ok(item: Any) -> bool:
        raise NotImplementedError

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if not isinstance(value, list):
            raise self.make_error("invalid")
        bad = [i for i, item in enumerate(value) if not self.item_ok(item)]
        if bad:
            raise ValidationError({i: [self.item_word] for i in bad})
        return value


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


class CardTokens(ShapedList):
    """A JSON array of strings (card tokens); what they name is checked by the rules core."""

    item = CARD_CODE
    item_type = str
    """The one type of every item: the quick check of ``load`` looks at all types at once."""

    @staticmethod
    def item_ok(item: Any) -> bool:
        return isinstance(item, str)


class MeldsValue(ShapedList):
    """A JSON array of melds, each a list of card strings or ``{"kind", "cards"}`` (shape only)."""

    item = "a meld: " + MELD
    item_word = "item_value"

    @staticmethod
    def item_ok(item: Any) -> bool:
        if isinstance(item, dict):
            return (set(item) == {"kind", "cards"} and isinstance(item["kind"], str)
                    and _strings(item["cards"]) and len(item["cards"]) <= MAX_MELD_CARDS)
        return _strings(item) and len(item) <= MAX_MELD_CARDS


class LayoffsValue(ShapedList):
    """A JSON array of ``{"card": code, "meld": index}`` (shape only)."""

    item = "a layoff " + LAYOFF
    item_word = "item_value"

    @staticmethod
    def item_ok(item: Any) -> bool:
        return (isinstance(item, dict) and set(item) == {"card", "meld"}
                and isinstance(item["card"], str) and isinstance(item["meld"], int)
                and not isinstance(item["meld"], bool) and item["meld"] >= 0)


class RequestSchema(Schema):
    """Base of request schemas: unknown fields are an error, never silently dropped."""

    error_messages = {"unknown": "unknown", "type": "type"}

    class Meta:
        unknown = RAISE


_RULES = (f"a preset name ({', '.join(PRESETS)}) or an object "
          '{"preset": name, option: value, ...}')
_CARD_LIST = _says(CARDS)
_MELD_LIST = _says("a JSON array of melds, each " + MELD)
_LAYOFF_LIST = _says("a JSON array of layoffs, each " + LAYOFF)
_BOOLEAN = _says("true or false")
_CARD = _says(CARD_CODE)


def _rules() -> RulesValue:
    return RulesValue(load_default=None, allow_none=False, **_says(_RULES, invalid="value"))


def _card(**options: Any) -> fields.String:
    return fields.String(**options, **_CARD)


class AnalyzeRequest(RequestSchema):
    hand = CardTokens(required=True, **_CARD_LIST)
    rules = _rules()
    upcard = _card(load_default=None, allow_none=False)
    all_arrangements = StrictBoolean(load_default=False, **_BOOLEAN)


class BatchRequest(RequestSchema):
    hands = ListValue(required=True, **_says(f"a JSON array of at most {MAX_BATCH} hands, each "
                                             + CARDS))
    rules = _rules()
    upcard = _card(load_default=None, allow_none=False)
    all_arrangements = StrictBoolean(load_default=False, **_BOOLEAN)


class KnockRequest(RequestSchema):
    hand = CardTokens(required=True, **_CARD_LIST)
    discard = fields.String(required=True, allow_none=True,
                            **_says(CARD_CODE + ", or null for big gin (R-5.5)"))
    melds = MeldsValue(load_default=None, allow_none=False, **_MELD_LIST)
    taken_card = _card(load_default=None, allow_none=False)
    upcard = _card(load_default=None, allow_none=False)
    rules = _rules()


class LayoffsRequest(RequestSchema):
    knocker_melds = MeldsValue(required=True, **_MELD_LIST)
    defender_hand = CardTokens(required=True, **_CARD_LIST)
    gin = StrictBoolean(load_default=False, **_BOOLEAN)
    rules = _rules()


class KnockerSpread(RequestSchema):
    hand = CardTokens(required=True, **_CARD_LIST)
    # null says "no discard", as in /v1/knock: big gin spreads all eleven cards.
    discard = fields.String(load_default=None, allow_none=True,
                            **_says(CARD_CODE + ", or null (or left out) for big gin (R-5.5)"))
    melds = MeldsValue(load_default=None, allow_none=False, **_MELD_LIST)


class DefenderSpread(RequestSchema):
    hand = CardTokens(required=True, **_CARD_LIST)
    melds = MeldsValue(load_default=None, allow_none=False, **_MELD_LIST)
    layoffs = LayoffsValue(load_default=None, allow_none=False, **_LAYOFF_LIST)


class RoundScoreRequest(RequestSchema):
    knocker = fields.Nested(KnockerSpread, required=True,
                            **_says('an object {"hand": [...], "discard": card, "melds": [...]}'))
    defender = fields.Nested(DefenderSpread, required=True,
                             **_says('an object {"hand": [...], "melds": [...], '
                                     '"layoffs": [...]}'))
    upcard = _card(load_default=None, allow_none=False)
    rules = _rules()


# "with" is a Python keyword: the schema is made from a dict of its fields.
MeldsRequest = RequestSchema.from_dict({
    "hand": CardTokens(required=True, **_CARD_LIST),
    "rules": _rules(),
    "with": _card(load_default=None, allow_none=False),
}, name="MeldsRequest")


ANALYZE_REQUEST = AnalyzeRequest()
MELDS_REQUEST = MeldsRequest()
KNOCK_REQUEST = KnockRequest()
LAYOFFS_REQUEST = LayoffsRequest()
ROUND_SCORE_REQUEST = RoundScoreRequest()
BATCH_REQUEST = BatchRequest()


def _known(schema: Schema) -> dict[str, fields.Field[Any]]:
    """A schema's fields by the names a request gives them."""
    return {field.data_key or name: field for name, field in schema.load_fields.items()}


def unknown_field(name: object, known: Iterable[str]) -> str:
    """The fault of an unknown field: its name, the closest known one, every known one."""
    names = sorted(known)
    return (f"unknown field {describe_token(name)}{did_you_mean(name, names)}; the fields here "
            f"are {', '.join(names)}")


def _shown(value: Any) -> str:
    """A client's value in a fault: a number as itself (a seed out of range, say), anything
    else as the one policy for quoting client input says (:func:`describe_token`)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return clipped(repr(value), 24)
    return describe_token(value)


_ABSENT = object()


def _fault(word: str, name: str, field: fields.Field[Any] | None, value: Any
           ) -> tuple[str, str, str | None]:
    """A fault reported as ``word`` about the field ``name``: its code, its detail (what the
    field takes, what came instead) and the rule it breaks, if a rule's (a card's notation)."""
    allowed = field.metadata.get("allowed", "") if field is not None else ""
    rule = "R-1.4" if isinstance(field, CardTokens) and word in ("type", "item") else None
    code = _CODES.get(word, "invalid_value")
    if word == "required":
        detail = f"{name} is required: {allowed}"
    elif word == "null":
        detail = f"{name} may not be null: it is {allowed}"
    elif word in ("item", "item_value"):
        item = field.item if isinstance(field, ShapedList) else "an item"
        detail = f"{name} is not {item}, got {_shown(value)}"
    elif allowed:
        choices = field.metadata.get("choices", ()) if field is not None else ()
        detail = f"{name} must be {allowed}, got {_shown(value)}{did_you_mean(value, choices)}"
    else:
        detail = f"{name} is not valid, got {_shown(value)}"
    return code, detail, rule


def _faults(messages: Any, schema: Schema | None, body: Any, path: tuple[str | int, ...],
            field: fields.Field[Any] | None = None, owner: fields.Field[Any] | None = None
            ) -> list[FieldError]:
    """marshmallow's report of a ``schema`` (or of one ``field``) as field errors in words;
    ``owner`` is the field that holds the schema's object, if any."""
    errors: list[FieldError] = []
    if isinstance(messages, Mapping):
        known = _known(schema) if schema is not None and field is None else {}
        for key, sub in messages.items():
            if key == "_schema":  # about the object itself (not an object at all)
                errors += _faults(sub, None, body, path, owner)
                continue
            value = body.get(key, _ABSENT) if isinstance(body, Mapping) else (
                body[key] if isinstance(body, list) and isinstance(key, int)
                and 0 <= key < len(body) else _ABSENT)
            if field is not None:  # an item of a list field
                errors += _item_faults(sub, field, value, path + (key,))
            elif key not in known:
                errors.append(FieldError(json_pointer(path + (key,)), "unknown_field",
                                         unknown_field(key, known)))
            else:
                sub_field = known[key]
                nested = (sub_field.schema if isinstance(sub_field, fields.Nested)
                          and isinstance(sub, Mapping) else None)
                errors += (_faults(sub, nested, value, path + (key,), owner=sub_field)
                           if nested is not None
                           else _faults(sub, None, value, path + (key,), sub_field))
        return errors
    words = messages if isinstance(messages, list) else [str(messages)]
    name = _field_name(path)
    for word in words:
        code, detail, rule = _fault(str(word), name, field, body)
        errors.append(FieldError(json_pointer(path), code, detail, rule))
    return errors


def _item_faults(messages: Any, field: fields.Field[Any], value: Any,
                 path: tuple[str | int, ...]) -> list[FieldError]:
    """The faults of one item of a list field, at the item's index."""
    words = messages if isinstance(messages, list) else [str(messages)]
    name = _field_name(path)
    errors = []
    for word in words:
        code, detail, rule = _fault(str(word), name, field, value)
        errors.append(FieldError(json_pointer(path), code, detail, rule))
    return errors


def _field_name(path: tuple[str | int, ...]) -> str:
    """How a fault names what it is about: the field, or an item as ``hand[3]``."""
    if not path:
        return "the body"
    named = [part for part in path if isinstance(part, str)]
    field = named[-1] if named else "the body"
    items = "".join(f"[{part}]" for part in path[path.index(field) + 1:]) if named else ""
    return clipped(field, 40) + items


def _bounds(schema: Schema, body: Mapping[str, Any],
            path: tuple[str | int, ...]) -> list[FieldError]:
    """Faults found before the schema looks at any item: too many unknown fields (only the
    first are named) and lists longer than ``MAX_ITEMS``, in the body and its nested objects."""
    known = _known(schema)
    errors: list[FieldError] = []
    unknown = [key for key in body if key not in known]
    if len(unknown) > MAX_ERRORS:
        errors += [FieldError(json_pointer(path + (key,)), "unknown_field",
                              unknown_field(key, known))
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


def check_batch_size(body: Any, limit: int = MAX_BATCH) -> None:
    """A batch of more than ``limit`` hands is one fault, ``too_many_hands``, however far over
    (checked before the shape, so a batch over ``MAX_ITEMS`` is told the same)."""
    hands = body.get("hands") if isinstance(body, Mapping) else None
    if isinstance(hands, list) and len(hands) > limit:
        detail = f"a batch holds at most {limit} hands, got {len(hands)}"
        raise ApiProblem(400, "too_many_hands", detail,
                         [FieldError("/hands", "too_many_hands", detail)])


def load(schema: Schema, body: Any) -> dict[str, Any]:
    """The body checked against a request schema, or a 400 problem listing every fault.

    A body that plainly passes (known fields of the right shapes, lists within their bounds) is
    taken on a quick path with the same result as marshmallow's; any other goes through
    marshmallow, which reports every fault.
    """
    if not isinstance(body, Mapping):
        detail = f"the request body must be a JSON object, got {describe_token(body)}"
        raise ApiProblem(400, "invalid_request", detail, [FieldError("", "wrong_type", detail)])
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
        errors = _faults(error.messages, schema, body, ())
        detail = "; ".join(f"{clipped(e.pointer)}: {clipped(e.detail)}" for e in errors[:5])
        if len(errors) > 5:
            detail += f"; and {len(errors) - 5} more"
        raise ApiProblem(400, "invalid_request", detail, errors) from None


MAX_SEED = 2**63 - 1
"""The largest seed of a bot's move or a hint (its random choices are the seed's)."""


class GameRequest(RequestSchema):
    """A game in progress and the player to move: what a bot's move and a hint both read."""

    log = fields.Dict(required=True, **_says("a game log object (ginrules-log/1, see /gamelog)",
                                             invalid="value"))
    player = fields.String(required=True, **_says("the name of the player to move, a string"))
    seed = fields.Integer(load_default=0, strict=True,
                          validate=validate.Range(min=0, max=MAX_SEED, error="value"),
                          **_says(f"an integer from 0 to {MAX_SEED}", invalid="value"))


class BotMoveRequest(GameRequest):
    level = fields.Integer(load_default=None, allow_none=False, strict=True,
                           validate=validate.Range(min=min(LEVELS), max=max(LEVELS),
                                                   error="value"),
                           **_says(f"an integer from {min(LEVELS)} to {max(LEVELS)}, the "
                                   "advisor's level", invalid="value"))


class HintRequest(GameRequest):
    budget_ms = fields.Integer(load_default=DEFAULT_BUDGET_MS, strict=True,
                               validate=validate.Range(min=1, max=MAX_BUDGET_MS, error="value"),
                               **_says(f"an integer from 1 to {MAX_BUDGET_MS}", invalid="value"))
    opponent_model = fields.String(
        load_default=OPPONENT_MODEL,
        validate=validate.OneOf(sorted(OPPONENT_MODELS), error="value"),
        **_says(f"one of {', '.join(sorted(OPPONENT_MODELS))}", choices=OPPONENT_MODELS))


BOT_MOVE_REQUEST = BotMoveRequest()
HINT_REQUEST = HintRequest()
