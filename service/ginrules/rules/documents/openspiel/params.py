"""OpenSpiel's ``gin_rummy`` parameters as the rules of a log (R-10).

A deal played with OpenSpiel's defaults is the ``openspiel`` preset; other parameters are
options over it (:func:`rules_for`), and whether a value can be played is the options' own
check (:func:`~...base.options.resolve_rules`).  Only the deck and the hands are OpenSpiel's
own parameters without an option: other decks and hand sizes are refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ...base.options import Rules, resolve_rules
from ...errors import InvalidRulesError, Problem

PRESET = "openspiel"
PARAMS: dict[str, Any] = {"oklahoma": False, "knock_card": 10, "gin_bonus": 25,
                          "undercut_bonus": 25, "num_ranks": 13, "num_suits": 4,
                          "hand_size": 10}
"""OpenSpiel's ``gin_rummy`` parameters and their defaults."""
_PARAM_OF = {"knock_limit": "knock_card", "gin_bonus": "gin_bonus",
             "undercut_bonus": "undercut_bonus"}
"""The parameter each overridden option comes from."""
_FIXED = (("num_ranks", 13, "a deck of 13 ranks"), ("num_suits", 4, "a deck of four suits"),
          ("hand_size", 10, "hands of ten cards"))


def read_params(params: Any) -> tuple[dict[str, Any], list[Problem]]:
    """OpenSpiel's parameters with their defaults, and every one this service cannot play."""
    problems: list[Problem] = []
    values = dict(PARAMS)
    if params is None:
        return values, problems
    if not isinstance(params, Mapping):
        return values, [Problem(("params",), "wrong_type",
                                "params is an object of OpenSpiel's gin_rummy parameters")]
    for name, value in params.items():
        path = ("params", name)
        if name not in PARAMS:
            problems.append(Problem(path, "unknown_parameter",
                                    f"gin_rummy has no parameter {str(name)[:40]!r}; it has "
                                    + ", ".join(PARAMS)))
        elif name == "oklahoma" and not isinstance(value, bool):
            problems.append(Problem(path, "wrong_type", "oklahoma is true or false"))
        elif name != "oklahoma" and (not isinstance(value, int) or isinstance(value, bool)):
            problems.append(Problem(path, "wrong_type", f"{name} is an integer"))
        else:
            values[name] = value
    faulty = {p.path for p in problems}
    for name, needed, why in _FIXED:
        if values[name] != needed and ("params", name) not in faulty:
            problems.append(Problem(("params", name), "unsupported_parameter",
                                    f"{name} must be {needed}: this service plays {why} "
                                    f"(R-1.1, R-3.1), got {values[name]}", "R-3.1"))
    try:
        engine_rules(tuple(rules_for(values).items()))
    except InvalidRulesError as error:
        for problem in error.problems:
            name = _PARAM_OF[str(problem.path[0])]
            if ("params", name) not in faulty:
                problems.append(Problem(("params", name), "unsupported_parameter",
                                        f"{name} cannot be played here: {problem.detail}",
                                        problem.rule))
    return values, problems


def rules_for(params: Mapping[str, Any]) -> dict[str, Any]:
    """The log's ``rules``: the ``openspiel`` preset (its wall, R-4.7, its upcard draw limit,
    R-4.8, and its repeated-move rule, R-4.9, are OpenSpiel's), with overrides where the
    game's parameters differ: ``knock_card`` is ``knock_limit``; under Oklahoma OpenSpiel
    replaces it by the upcard's value (an ace: gin only), which is R-5.6 with the preset's
    limit of 10 and an ace meaning gin, so it is then left out; OpenSpiel doubles nothing for
    spades."""
    rules: dict[str, Any] = {"preset": PRESET}
    if params["oklahoma"]:
        rules.update(oklahoma=True, oklahoma_spade_double=False)
    elif params["knock_card"] != 10:
        rules["knock_limit"] = params["knock_card"]
    if params["gin_bonus"] != 25:
        rules["gin_bonus"] = params["gin_bonus"]
    if params["undercut_bonus"] != 25:
        rules["undercut_bonus"] = params["undercut_bonus"]
    return rules


@lru_cache(maxsize=64)
def engine_rules(rules: tuple[tuple[str, Any], ...]) -> Rules:
    """The engine's rules for a log's ``rules`` (given as its items): a few games' parameters
    are read for thousands of imports."""
    return resolve_rules(dict(rules))
