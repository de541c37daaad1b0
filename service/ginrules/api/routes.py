"""The ``/v1/hands`` endpoints: one success reply each; everything else is a problem."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, request

from ..rules import (HAND_SIZES, Rules, RulesError, analyze_mask, parse_hand_mask,
                     resolve_rules)
from ..rules.base.cards import Card
from ..rules.errors import did_you_mean
from ..rules.base.melds import MELDS_HAND_SIZES, melds_within
from ..wire.faults import Faults
from ..wire.jsontext import encoded
from ..wire.problems import ApiProblem, FieldError, field_errors, unprocessable
from ..wire.replies import dump_analysis, dump_hand_melds, dump_rules
from ..wire.schemas import (ANALYZE_REQUEST, BATCH_REQUEST, MAX_BATCH, MELDS_REQUEST,
                            check_batch_size, load)
from .body import json_body
from .heavy import slices
from .responses import json_response

v1 = Blueprint("v1", __name__, url_prefix="/v1")

BATCH_ERRORS = 5
"""Faults listed in the problem of one hand of a batch (then a count of the rest), so that a
batch of a thousand bad hands gets a reply of bounded size."""


@v1.post("/hands/analyze")
def analyze_hand() -> Response:
    """Analyse one hand (R-2.5, R-5): see AnalyzeRequest and Analysis in openapi.yaml."""
    data = load(ANALYZE_REQUEST, json_body(request))
    faults = Faults()
    mask = faults.take(("hand",), parse_hand_mask, data["hand"], HAND_SIZES)
    rules, upcard, _ = faults.rules_and_limit(data)
    faults.check()
    assert mask is not None and rules is not None  # check() raised otherwise
    analysis = analyze_mask(mask, rules, upcard=upcard, all_arrangements=data["all_arrangements"])
    return json_response(dump_analysis(analysis))


@v1.post("/hands/melds")
def hand_melds() -> Response:
    """Every meld a hand of up to 52 cards holds, or those holding the card ``with`` (R-2.1,
    R-2.2, R-2.7): see MeldsRequest and HandMelds in openapi.yaml."""
    data = load(MELDS_REQUEST, json_body(request))
    faults = Faults()
    mask = faults.take(("hand",), parse_hand_mask, data["hand"], MELDS_HAND_SIZES)
    rules = faults.take(("rules",), resolve_rules, data["rules"])
    with_card = faults.card(data, "with")
    faults.check()
    assert mask is not None and rules is not None  # check() raised otherwise
    melds = faults.take((), lambda: melds_within(mask, round_the_corner=rules.round_the_corner,
                                                 with_card=with_card))
    faults.check()
    assert melds is not None  # check() raised otherwise
    return json_response(dump_hand_melds(melds))


@v1.post("/hands/analyze/batch")
def analyze_batch() -> Response:
    """Analyse up to MAX_BATCH hands under one rules value; each hand succeeds or fails alone."""
    body = json_body(request)
    check_batch_size(body, current_app.config.get("MAX_BATCH", MAX_BATCH))
    data = load(BATCH_REQUEST, body)
    hands = data["hands"]
    faults = Faults()
    rules, upcard, _ = faults.rules_and_limit(data)
    faults.check()
    assert rules is not None  # check() raised otherwise
    return json_response(_batch_reply(hands, rules, upcard, data["all_arrangements"]))


def _batch_reply(hands: list[Any], rules: Rules, upcard: Card | None,
                 all_arrangements: bool) -> dict[str, Any]:
    """The batch reply: each hand's analysis, or its problem, in order.

    Each hand's result is encoded as soon as it is made (``encoded``): a thousand results
    built first and encoded last would all stay alive meanwhile, overflowing the processor's
    caches and making every collection the garbage collector runs walk them again, which
    costs about a third of the batch's time."""
    results = []
    failed = 0
    pause = slices()  # a large batch lets the worker serve other requests meanwhile
    for index, hand in enumerate(hands):
        if pause is not None:
            pause()
        try:
            mask = parse_hand_mask(hand, HAND_SIZES)
        except RulesError as error:
            failed += 1
            results.append(encoded({"index": index, "ok": False,
                                    "problem": _hand_problem(error, index)}))
            continue
        analysis = analyze_mask(mask, rules, upcard=upcard, all_arrangements=all_arrangements)
        results.append(encoded(
            {"index": index, "ok": True, "analysis": dump_analysis(analysis, with_rules=False)}
        ))
    # Every part encoded (the rules too): what is left for json_response, orjson never refuses.
    return {
        "results": results,
        "ok_count": len(hands) - failed,
        "error_count": failed,
        "rules": encoded(dump_rules(rules)),
    }


def _hand_problem(error: RulesError, index: int) -> dict[str, Any]:
    """The problem of one hand of a batch, naming its first BATCH_ERRORS faults."""
    problems = error.problems
    problem = unprocessable(field_errors(problems[:BATCH_ERRORS], "hands", index))
    codes = {p.code for p in problems}
    problem.code = codes.pop() if len(codes) == 1 else "unprocessable_request"
    body = problem.as_json()
    if len(problems) > BATCH_ERRORS:
        body["errors"].append(FieldError("", "too_many_errors", f"{len(problems) - BATCH_ERRORS} "
                                         "more faults are not listed").as_json())
    return body


_BOOL = {"true": True, "false": False}


def _query_value(name: str, text: str) -> bool | int | str | None:
    """A rules option from a query string, typed as the option is (R-10); the text if not."""
    from ..rules.base.options import Rules

    default = getattr(Rules(), name)
    if isinstance(default, bool):
        return _BOOL.get(text, text)
    nullable = name in ("big_gin_bonus", "upcard_draw_limit")
    if nullable and text == "null":
        return None
    if isinstance(default, int) or nullable:
        return int(text) if text.lstrip("-").isdigit() and len(text) < 12 else text
    return text


@v1.get("/hands/<hand>/analysis")
def analysis_by_url(hand: str) -> Response:
    """The analysis of ``/v1/hands/analyze`` at a cacheable URL: the hand as comma-separated
    card codes, rules as query parameters; a strong ETag that does not depend on card order or
    notation, and 304 for a matching If-None-Match without solving."""
    return _cacheable_analysis(hand, "json", lambda body: json_response(body))


@v1.get("/hands/<hand>/image.svg")
def hand_image(hand: str) -> Response:
    """The hand of the cacheable analysis drawn as cards (same query, same ETag scheme)."""
    from .pictures import hand_svg

    return _cacheable_analysis(
        hand, "svg", lambda body: Response(hand_svg(body), mimetype="image/svg+xml"))


def _cacheable_analysis(hand: str, representation: str,
                        reply: Callable[[dict[str, Any]], Response]) -> Response:
    """The analysis of a hand in the path with rules in the query, as ``reply`` renders it;
    a strong ETag per representation, and 304 for a matching If-None-Match without solving."""
    from ..rules.base.options import OPTION_NAMES

    args = request.args
    known = ("preset", "upcard", "all_arrangements", *OPTION_NAMES)
    unknown = [name for name in args if name not in known]
    if unknown:
        errors = [FieldError(f"?{name}", "unknown_field",
                             f"unknown query parameter {name[:40]!r}{did_you_mean(name, known)};"
                             f" the parameters are {', '.join(known)}")
                  for name in unknown]
        raise ApiProblem(400, "invalid_request", errors[0].detail, errors)
    all_arrangements = _BOOL.get(args.get("all_arrangements", "false"))
    if all_arrangements is None:
        detail = "all_arrangements is true or false"
        raise ApiProblem(400, "invalid_request", detail,
                         [FieldError("?all_arrangements", "wrong_type", detail)])
    spec = {name: _query_value(name, value) for name, value in args.items()
            if name in OPTION_NAMES}
    spec["preset"] = args.get("preset", "standard")
    faults = Faults()
    tokens = hand.split(",") if hand else []
    mask = faults.take(("hand",), parse_hand_mask, tokens, HAND_SIZES)
    rules, upcard, _ = faults.rules_and_limit({"rules": spec, "upcard": args.get("upcard")})
    # Faults of query parameters are named "?name" in the pointer field.
    faults.errors = [FieldError("?" + e.pointer[len("/rules/"):], e.code, e.detail, e.rule)
                     if e.pointer.startswith("/rules/") else
                     FieldError("?upcard", e.code, e.detail, e.rule) if e.pointer == "/upcard"
                     else e for e in faults.errors]
    faults.check()
    assert mask is not None and rules is not None  # check() raised otherwise
    etag = _etag(mask, rules, upcard, all_arrangements, representation)
    headers = {"ETag": f'"{etag}"', "Cache-Control": "public, max-age=86400"}
    if etag in request.if_none_match:
        return Response(status=304, headers=headers)
    analysis = analyze_mask(mask, rules, upcard=upcard, all_arrangements=all_arrangements)
    response = reply(dump_analysis(analysis))
    response.headers.update(headers)
    return response


def _etag(mask: int, rules: Rules, upcard: Card | None, all_arrangements: bool,
          representation: str) -> str:
    """A strong validator of the reply: the card set, the rules, the options, the version and
    the representation (the JSON analysis or its picture)."""
    import hashlib

    from .meta import service_version

    key = (f"{service_version()}|{mask}|{sorted(dump_rules(rules).items())}|{upcard}|"
           f"{all_arrangements}" + ("" if representation == "json" else f"|{representation}"))
    return hashlib.sha256(key.encode()).hexdigest()[:32]
