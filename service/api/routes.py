"""The ``/v1`` endpoints: one success reply each; everything else is a problem (problems.py)."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, request

from ..rules import (
    HAND_SIZES,
    RulesError,
    analyze_mask,
    effective_knock_limit,
    parse_card,
    parse_hand_mask,
    resolve_rules,
)
from ..rules.variants import Rules
from .body import json_body
from .problems import ApiProblem, FieldError, field_errors, unprocessable
from .schemas import ANALYZE_REQUEST, BATCH_REQUEST, MAX_BATCH, dump_analysis, dump_rules, load

v1 = Blueprint("v1", __name__, url_prefix="/v1")


def json_response(body: Any) -> Response:
    """A 200 JSON reply, compact, in the documented field order."""
    return Response(json.dumps(body, ensure_ascii=False, separators=(",", ":")),
                    mimetype="application/json")


def _rules_and_upcard(data: dict[str, Any]) -> tuple[Rules | None, int | None, list[FieldError]]:
    """Resolve the request's ``rules`` and ``upcard`` (R-10, R-5.6), collecting every fault."""
    errors: list[FieldError] = []
    rules = upcard = None
    try:
        rules = resolve_rules(data["rules"])
    except RulesError as error:
        errors += field_errors(error.problems, "rules")
    if data["upcard"] is not None:
        try:
            upcard = parse_card(data["upcard"])
        except RulesError as error:
            errors += field_errors(error.problems, "upcard")
    if rules is not None and not errors:
        try:
            effective_knock_limit(rules, upcard)
        except RulesError as error:
            errors += field_errors(error.problems)
    return rules, upcard, errors


@v1.post("/hands/analyze")
def analyze_hand():
    """Analyse one hand (R-2.5, R-5): see AnalyzeRequest/AnalyzeReply in openapi.yaml."""
    data = load(ANALYZE_REQUEST, json_body(request))
    rules, upcard, errors = _rules_and_upcard(data)
    mask = None
    try:
        mask = parse_hand_mask(data["hand"], HAND_SIZES)
    except RulesError as error:
        errors = field_errors(error.problems, "hand") + errors
    if errors:
        raise unprocessable(errors)
    analysis = analyze_mask(
        mask, rules, upcard=upcard, all_arrangements=data["all_arrangements"]
    )
    return json_response(dump_analysis(analysis))


@v1.post("/hands/analyze/batch")
def analyze_batch():
    """Analyse up to MAX_BATCH hands under one rules value; each hand succeeds or fails alone."""
    data = load(BATCH_REQUEST, json_body(request))
    hands = data["hands"]
    limit = current_app.config.get("MAX_BATCH", MAX_BATCH)
    if len(hands) > limit:
        detail = f"a batch holds at most {limit} hands, got {len(hands)}"
        raise ApiProblem(400, "too_many_hands", detail,
                         [FieldError("/hands", "too_many_hands", detail)])
    rules, upcard, errors = _rules_and_upcard(data)
    if errors:
        raise unprocessable(errors)
    results = []
    failed = 0
    for index, hand in enumerate(hands):
        try:
            mask = parse_hand_mask(hand, HAND_SIZES)
        except RulesError as error:
            failed += 1
            problem = unprocessable(field_errors(error.problems, "hands", index))
            results.append({"index": index, "ok": False, "problem": problem.as_json()})
            continue
        analysis = analyze_mask(
            mask, rules, upcard=upcard, all_arrangements=data["all_arrangements"]
        )
        results.append(
            {"index": index, "ok": True, "analysis": dump_analysis(analysis, with_rules=False)}
        )
    return json_response({
        "results": results,
        "ok_count": len(hands) - failed,
        "error_count": failed,
        "rules": dump_rules(rules),
    })
