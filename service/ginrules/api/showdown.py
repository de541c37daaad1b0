"""The showdown endpoints: ``/v1/knock``, ``/v1/layoffs``, ``/v1/rounds/score`` (R-5 to R-7),
and the rules presets ``/v1/rules`` (R-10)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, TypeVar

from flask import Blueprint, Request, Response, request

from ..rules import PRESETS, RulesError, parse_card, parse_hand_mask
from ..rules.base.cards import CARD_NAMES
from ..rules.hands.knock import check_knock
from ..rules.base.sizes import DRAWN_HAND_SIZE, FULL_HAND_SIZES, HAND_SIZE
from ..rules.hands.layoffs import best_defense, check_apart, layable_cards, parse_layoffs
from ..rules.base.melds import Meld, parse_melds
from ..rules.hands.scoring import score_deal
from ..rules.base.options import OPTION_RANGES, get_preset, resolve_rules
from ..wire.faults import Faults
from ..wire.problems import ApiProblem, FieldError
from ..wire.replies import dump_defense, dump_knock, dump_round_score, dump_rules
from ..wire.schemas import KNOCK_REQUEST, LAYOFFS_REQUEST, ROUND_SCORE_REQUEST, load
from .body import json_body
from .responses import json_response

showdown = Blueprint("showdown", __name__, url_prefix="/v1")

T = TypeVar("T")


@showdown.get("/rules")
def list_presets() -> Response:
    """Every preset with the value of each option (R-10), and what each option accepts."""
    return json_response({
        "default": "standard",
        "presets": [dump_rules(rules) for rules in PRESETS.values()],
        "options": OPTION_RANGES,
    })


@showdown.get("/rules/<name>")
def one_preset(name: str) -> Response:
    """One preset (R-10); an unknown name is a 404 naming the presets."""
    if name not in PRESETS:
        detail = f"unknown preset {name[:40]!r}; presets are {', '.join(PRESETS)}"
        raise ApiProblem(404, "unknown_preset", detail, [FieldError("", "unknown_preset", detail)])
    return json_response(dump_rules(get_preset(name)))


@showdown.post("/knock")
def knock() -> Response:
    """Judge a knock from eleven cards (R-4.3, R-4.4, R-5): legal, or every reason it is not."""
    data = load(KNOCK_REQUEST, json_body(request))
    faults = Faults()
    hand = faults.take(("hand",), parse_hand_mask, data["hand"], (DRAWN_HAND_SIZE,))
    discard = faults.card(data, "discard")
    taken_card = faults.card(data, "taken_card")
    melds = (None if data["melds"] is None
             else faults.take(("melds",), _meld_parser(data), data["melds"]))
    rules, _, limit = faults.rules_and_limit(data)
    faults.check()
    # Parsed: check() raised otherwise.
    assert hand is not None and rules is not None and limit is not None
    result = check_knock(hand, discard, rules, limit, melds=melds, taken_card=taken_card)
    return json_response({**dump_knock(result), "rules": dump_rules(rules)})


@showdown.post("/layoffs")
def layoffs() -> Response:
    """The defender's best spread against the knocker's melds (R-6), and every layable card."""
    data = load(LAYOFFS_REQUEST, json_body(request))
    faults = Faults()
    knocker_melds = faults.take(("knocker_melds",), _meld_parser(data), data["knocker_melds"])
    defender = faults.take(("defender_hand",), parse_hand_mask, data["defender_hand"],
                           (HAND_SIZE,))
    rules, _, _ = faults.rules_and_limit({"rules": data["rules"]})
    if knocker_melds is not None and defender is not None:
        faults.take(("defender_hand",), check_apart, knocker_melds, defender)
    faults.check()
    # Parsed: check() raised otherwise.
    assert knocker_melds is not None and defender is not None and rules is not None
    defense = best_defense(knocker_melds, defender, gin=data["gin"], rules=rules)
    layable = layable_cards(knocker_melds, defender, rules.round_the_corner, gin=data["gin"])
    return json_response({
        **dump_defense(defense),
        "layable": [CARD_NAMES[c] for c in layable],
        "rules": dump_rules(rules),
    })


@showdown.post("/rounds/score")
def score() -> Response:
    """Settle a knock (R-5 to R-7): outcome, winner, points and their breakdown."""
    return json_response(_settled(request))


@showdown.post("/rounds/score/image.svg")
def score_image() -> Response:
    """The round ``/v1/rounds/score`` settles, drawn: melds, layoffs on the meld they extend,
    deadwood and the score (R-6, R-7)."""
    from .pictures import round_svg

    return Response(round_svg(_settled(request)), mimetype="image/svg+xml")


def _settled(request: Request) -> dict[str, Any]:
    """The DealScore reply of a ``/v1/rounds/score`` request; its faults as a 422 problem."""
    data = load(ROUND_SCORE_REQUEST, json_body(request))
    knocker, defender = data["knocker"], data["defender"]
    faults = Faults()
    knocker_hand = faults.take(("knocker", "hand"), parse_hand_mask, knocker["hand"],
                               FULL_HAND_SIZES)
    defender_hand = faults.take(("defender", "hand"), parse_hand_mask, defender["hand"],
                                (HAND_SIZE,))
    discard = _optional(faults, ("knocker", "discard"), parse_card, knocker["discard"])
    parse = _meld_parser(data)
    knocker_melds = _optional(faults, ("knocker", "melds"), parse, knocker["melds"])
    defender_melds = _optional(faults, ("defender", "melds"), parse, defender["melds"])
    declared_layoffs = _optional(faults, ("defender", "layoffs"), parse_layoffs,
                                 defender["layoffs"])
    rules, upcard, limit = faults.rules_and_limit(data)
    faults.check()
    # Parsed: check() raised otherwise.
    assert knocker_hand is not None and defender_hand is not None
    assert rules is not None and limit is not None
    result = faults.take((), lambda: score_deal(
        knocker_hand, defender_hand, rules, limit, discard=discard, knocker_melds=knocker_melds,
        defender_melds=defender_melds, layoffs=declared_layoffs, upcard=upcard,
    ))
    faults.check()
    assert result is not None  # check() raised otherwise
    return {**dump_round_score(result), "rules": dump_rules(rules)}


def _meld_parser(data: Mapping[str, Any]) -> Callable[[object], tuple[Meld, ...]]:
    """``parse_melds`` under the request's rules: a run may wrap past the king only under
    round_the_corner (R-2.7).  Rules that are not valid are reported with the rules, and the
    melds read meanwhile as under the defaults."""
    try:
        wrap = resolve_rules(data.get("rules")).round_the_corner
    except RulesError:
        wrap = False
    return partial(parse_melds, round_the_corner=wrap)


def _optional(faults: Faults, at: tuple[str, ...], parse: Callable[[object], T],
              value: object) -> T | None:
    """A part of the request the client may leave out, parsed if it is there."""
    return None if value is None else faults.take(at, parse, value)
