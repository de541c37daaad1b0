"""An engine's answer held to a fact, topic by topic (docs/conformance.md, "Answers").

``differences(fact, answer)`` lists every way an answer differs from what the fact states,
each a short line naming the field and both values; an empty list is a pass.  A field the
fact does not state is not compared; a field it states and the answer leaves out is compared
only where the topic requires it (``REQUIRED``), so an engine may answer what it knows.
Melds, layoffs and legal actions are compared as sets; rule ids an engine names must be among
the fact's.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from .facts import Fact

REQUIRED: dict[str, tuple[str, ...]] = {
    "cards": ("cards",), "deadwood": ("deadwood",), "discards": ("after",),
    "knock": ("legal",), "layoffs": ("deadwood",), "scoring": ("outcome", "winner", "points"),
    "games": ("valid",), "perft": ("count",), "melds": ("melds",), "shuffle": ("deck",),
    "matches": (), "presets": ("options",),
}
"""What an answer of each topic must hold (unless the question is refused)."""

_ABSENT = object()


def show(value: Any) -> str:
    """A value in a report line, cut short."""
    if value is _ABSENT:
        return "(absent)"
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 200 else text[:197] + "..."


def _meld_set(melds: Any) -> frozenset[frozenset[str]] | None:
    """Melds as a set of sets of cards (None if they are not a list of lists of cards)."""
    if not isinstance(melds, list):
        return None
    found = []
    for meld in melds:
        cards = meld.get("cards") if isinstance(meld, dict) else meld
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            return None
        found.append(frozenset(cards))
    return frozenset(found)


def _meld_list(melds: Any) -> list[frozenset[str]] | None:
    """Melds in their order, each a set of cards."""
    if not isinstance(melds, list):
        return None
    found = []
    for meld in melds:
        cards = meld.get("cards") if isinstance(meld, dict) else meld
        if not isinstance(cards, list):
            return None
        found.append(frozenset(str(c) for c in cards))
    return found


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _multiset(items: Any) -> Counter[str] | None:
    if not isinstance(items, list):
        return None
    return Counter(_key(item) for item in items)


class _Diff:
    """The differences found so far."""

    def __init__(self, answer: dict[str, Any]) -> None:
        self.answer = answer
        self.lines: list[str] = []

    def add(self, field: str, expected: Any, got: Any, how: str = "") -> None:
        self.lines.append(f"{field}: expected {how}{show(expected)}, got {show(got)}")

    def equal(self, field: str, expected: Any, got: Any) -> None:
        if expected != got:
            self.add(field, expected, got)

    def same_items(self, field: str, expected: Any, got: Any) -> None:
        if _multiset(expected) != _multiset(got):
            self.add(field, expected, got, "in any order ")

    def same_melds(self, field: str, expected: Any, got: Any) -> None:
        if _meld_set(expected) != _meld_set(got) or _meld_set(got) is None:
            self.add(field, expected, got, "the melds ")

    def rules(self, field: str, allowed: list[str], got: Any) -> None:
        """An engine's rule ids: at least one, each among the fact's."""
        if got is _ABSENT:
            return
        if (not isinstance(got, list) or not got
                or not set(map(str, got)) <= set(allowed)):
            self.add(field, allowed, got, "one or more of ")


def _fields(diff: _Diff, expected: dict[str, Any], answer: dict[str, Any],
            compare: dict[str, Callable[[str, Any, Any], None]], prefix: str = "") -> None:
    """Each field the fact states and the answer gives, with its comparison (``equal`` by
    default)."""
    for name, value in expected.items():
        got = answer.get(name, _ABSENT) if isinstance(answer, dict) else _ABSENT
        if got is _ABSENT:
            continue
        compare.get(name, diff.equal)(prefix + name, value, got)


def _refused(diff: _Diff, expected: dict[str, Any], answer: dict[str, Any]) -> None:
    got = answer.get("refused", _ABSENT)
    if not isinstance(got, dict):
        diff.add("refused", expected, got)
        return
    diff.rules("refused/breaks", expected.get("breaks", []), got.get("breaks", _ABSENT))
    if "at" in expected and "at" in got and set(expected["at"]) != set(got["at"]):
        diff.add("refused/at", expected["at"], got["at"], "in any order ")


def _deadwood(diff: _Diff, fact: dict[str, Any], answer: dict[str, Any]) -> None:
    optimal = [_meld_set(a["melds"]) for a in fact.get("arrangements", [])]
    if optimal and "melds" in answer and _meld_set(answer["melds"]) not in optimal:
        diff.add("melds", [a["melds"] for a in fact["arrangements"]], answer["melds"],
                 "one of the optimal arrangements ")
    if optimal and "arrangements" in answer:
        got = {_meld_set(a.get("melds")) if isinstance(a, dict) else None
               for a in answer["arrangements"]} if isinstance(answer["arrangements"], list) \
            else None
        if got != set(optimal):
            diff.add("arrangements", [a["melds"] for a in fact["arrangements"]],
                     answer["arrangements"], "every optimal arrangement ")
    _fields(diff, {k: v for k, v in fact.items() if k not in ("arrangements",)}, answer, {})


def _discards(diff: _Diff, fact: dict[str, Any], answer: dict[str, Any]) -> None:
    after = answer.get("after")
    if not isinstance(after, dict) or not after or not all(
            isinstance(v, int) for v in after.values()):
        diff.add("after", fact.get("after", "every discard's deadwood"), after)
        return
    for card, count in fact.get("after", {}).items():
        if after.get(card, _ABSENT) != count:
            diff.add(f"after/{card}", count, after.get(card, _ABSENT))
    least = min(after.values())
    if "least" in fact and fact["least"] != least:
        diff.add("least (the smallest of after)", fact["least"], least)
    if "best" in fact:
        best = sorted(card for card, count in after.items() if count == least)
        if sorted(fact["best"]) != best:
            diff.add("best (the discards leaving the least)", sorted(fact["best"]), best)
    _fields(diff, {k: v for k, v in fact.items() if k not in ("after", "least", "best")},
            answer, {})


def _knock(diff: _Diff, fact: dict[str, Any], answer: dict[str, Any]) -> None:
    _fields(diff, {k: v for k, v in fact.items() if k not in ("breaks", "at")}, answer,
            {"melds": diff.same_melds})
    if not fact["legal"] and answer.get("legal") is False:
        diff.rules("breaks", fact["breaks"], answer.get("breaks", _ABSENT))


def _layoffs(diff: _Diff, fact: dict[str, Any], answer: dict[str, Any]) -> None:
    _fields(diff, fact, answer, {"layable": diff.same_items, "layoffs": diff.same_items,
                                 "melds": diff.same_melds})


def _scoring(diff: _Diff, fact: dict[str, Any], answer: dict[str, Any]) -> None:
    _fields(diff, fact, answer, {"breakdown": diff.same_items, "layoffs": diff.same_items,
                                 "knocker_melds": diff.same_melds})


def _in_order_melds(diff: _Diff, field: str, expected: Any, got: Any) -> None:
    if _meld_list(expected) != _meld_list(got):
        diff.add(field, expected, got, "the melds in this order ")


def _game_round(diff: _Diff, index: int, fact: dict[str, Any], answer: Any) -> None:
    _fields(diff, fact, answer, {"layoffs": diff.same_items,
                                 "knocker_melds": lambda f, e, g: _in_order_melds(diff, f, e, g),
                                 "defender_melds": diff.same_melds}, f"rounds/{index}/")


def _games(diff: _Diff, fact: dict[str, Any], answer: dict[str, Any]) -> None:
    if answer.get("valid") != fact["valid"]:
        diff.add("valid", fact["valid"], answer.get("valid", _ABSENT))
        return
    if not fact["valid"]:
        if answer.get("at", _ABSENT) != fact["at"]:
            diff.add("at (the first illegal action)", fact["at"], answer.get("at", _ABSENT))
        diff.rules("breaks", fact["breaks"], answer.get("breaks", _ABSENT))
        return
    got_rounds = answer.get("rounds", _ABSENT)
    for index, expected in enumerate(fact.get("rounds", [])):
        if not isinstance(got_rounds, list) or index >= len(got_rounds):
            diff.add(f"rounds/{index}", expected, _ABSENT)
            continue
        _game_round(diff, index, expected, got_rounds[index])
    if "next" in fact:
        got_next = answer.get("next", _ABSENT)
        if not isinstance(got_next, dict):
            diff.add("next", fact["next"], got_next)
        else:
            _fields(diff, fact["next"], got_next, {"legal": diff.same_items}, "next/")
    _fields(diff, {k: v for k, v in fact.items() if k not in ("valid", "rounds", "next")},
            answer, {"bonuses": diff.same_items})


def _partial(diff: _Diff, field: str, expected: Any, got: Any) -> None:
    """What a fact states of a value: each key of an object; of a list of objects, each item
    that is not null (null: not stated), from the first; anything else equal."""
    if isinstance(expected, dict):
        if not isinstance(got, dict):
            diff.add(field, expected, got)
            return
        for key, value in expected.items():
            _partial(diff, f"{field}/{key}", value, got.get(key, _ABSENT))
    elif isinstance(expected, list) and expected and all(
            item is None or isinstance(item, dict) for item in expected):
        if not isinstance(got, list) or len(got) < len(expected):
            diff.add(field, expected, got)
            return
        for index, value in enumerate(expected):
            if value is not None:
                _partial(diff, f"{field}/{index}", value, got[index])
    elif expected != got:
        diff.add(field, expected, got)


def _matches(diff: _Diff, fact: dict[str, Any], answer: dict[str, Any]) -> None:
    for name, value in fact.items():
        if name == "bonuses":
            diff.same_items(name, value, answer.get(name, _ABSENT))
        else:
            _partial(diff, name, value, answer.get(name, _ABSENT))


def _melds(diff: _Diff, fact: dict[str, Any], answer: dict[str, Any]) -> None:
    diff.same_melds("melds", fact["melds"], answer.get("melds", _ABSENT))


def _presets(diff: _Diff, fact: dict[str, Any], answer: dict[str, Any]) -> None:
    got = answer.get("options")
    if not isinstance(got, dict):
        diff.add("options", fact["options"], got)
        return
    for name, value in fact["options"].items():
        if got.get(name, _ABSENT) != value:
            diff.add(f"options/{name}", value, got.get(name, _ABSENT))


def _plain(diff: _Diff, fact: dict[str, Any], answer: dict[str, Any]) -> None:
    _fields(diff, fact, answer, {})


TOPIC_COMPARE: dict[str, Callable[[_Diff, dict[str, Any], dict[str, Any]], None]] = {
    "cards": _plain, "deadwood": _deadwood, "discards": _discards, "knock": _knock,
    "layoffs": _layoffs, "scoring": _scoring, "games": _games, "perft": _plain,
    "melds": _melds, "shuffle": _plain, "matches": _matches, "presets": _presets,
}


def differences(fact: Fact, answer: Any) -> list[str]:
    """Every way an engine's answer differs from the fact (empty: the answer is right)."""
    if not isinstance(answer, dict):
        return [f"the answer is not a JSON object: {show(answer)}"]
    diff = _Diff(answer)
    expected = fact.answer
    if "refused" in expected:
        _refused(diff, expected["refused"], answer)
        return diff.lines
    if "refused" in answer:
        return [f"refused: expected an answer, got the refusal {show(answer['refused'])}"]
    for name in REQUIRED[fact.topic]:
        if name in expected and name not in answer:
            diff.add(name, expected[name], _ABSENT)
    if diff.lines:
        return diff.lines
    TOPIC_COMPARE[fact.topic](diff, expected, answer)
    return diff.lines
