"""The ``/v1/hands`` endpoints: one success reply each; everything else is a problem."""

from __future__ import annotations

from flask import Blueprint, current_app, request

from ..rules import HAND_SIZES, RulesError, analyze_mask, parse_hand_mask
from .body import json_body
from .checks import Faults, json_response
from .problems import ApiProblem, FieldError, field_errors, unprocessable
from .schemas import ANALYZE_REQUEST, BATCH_REQUEST, MAX_BATCH, dump_analysis, dump_rules, load

v1 = Blueprint("v1", __name__, url_prefix="/v1")


@v1.post("/hands/analyze")
def analyze_hand():
    """Analyse one hand (R-2.5, R-5): see AnalyzeRequest and Analysis in openapi.yaml."""
    data = load(ANALYZE_REQUEST, json_body(request))
    faults = Faults()
    mask = faults.take(("hand",), parse_hand_mask, data["hand"], HAND_SIZES)
    rules, upcard, _ = faults.rules_and_limit(data)
    faults.check()
    analysis = analyze_mask(mask, rules, upcard=upcard, all_arrangements=data["all_arrangements"])
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
    faults = Faults()
    rules, upcard, _ = faults.rules_and_limit(data)
    faults.check()
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
