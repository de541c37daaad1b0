"""The facts as requests to this service's API: the ginrules form of the kit.

Each fact becomes one request and the checks its reply must pass (a JSON Pointer into the
reply and ``equals``, ``one_of``, ``same_items``, ``contains``, ``absent``, ``at_least`` or
``at_most``; for a refused question, the problem's status, codes and pointers), written from
the fact by the topic's function below, so the facts stay the one source.  A perft fact is a
walk: one replay per position, counting the legal actions the service offers.  The requests
no fact can state (malformed bodies, the representation of replies, the variants' deals and
games) are the hand-written cases of ``conformance/http/`` (schema ``cases.schema.json``).
Errors are compared by machine code and pointer, never by message.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .facts import Fact, load_facts

Transport = Callable[[str, str, Any], tuple[int, Any]]
"""Sends (method, path, JSON body) and returns (status, parsed JSON reply)."""

Checks = list[dict[str, Any]]

ANALYZE, KNOCK, LAYOFFS, SCORE, REPLAY, MELDS, DEALS, MATCHES = (
    "/v1/hands/analyze", "/v1/knock", "/v1/layoffs", "/v1/rounds/score", "/v1/games/replay",
    "/v1/hands/melds", "/v1/deals", "/v1/matches/score")

PROBLEM_CODES = frozenset({
    "invalid_meld", "overlapping_melds", "duplicate_card", "invalid_hand_size", "invalid_card",
    "card_not_in_hand", "layoff_does_not_fit", "no_such_meld", "unknown_preset",
    "unknown_option", "invalid_option_value", "game_over", "not_at_table"})
"""The service's fault codes that refuse a request (HTTP 422); a knock's others are the
violations of a reply ``{"legal": false}``."""

_MISSING = object()


class Unreachable(Exception):
    """The server cannot be reached at all: the run stops (no case can pass)."""


@dataclass(frozen=True)
class Case:
    """One request (or, for perft, one walk of requests) and what its replies must satisfy."""

    topic: str
    description: str
    rule: tuple[str, ...]
    request: dict[str, Any]
    expected: dict[str, Any]
    fact_id: str | None = None

    @property
    def name(self) -> str:
        return f"{self.topic}: {self.description}"


@dataclass(frozen=True)
class Outcome:
    case: Case
    failures: tuple[str, ...]
    seconds: float

    @property
    def passed(self) -> bool:
        return not self.failures


# The service's own forms: rules, melds, a deal dealt by the documented shuffle ----------------

_SUITS, _RANKS = "SHDC", "A23456789TJQK"
_CARDS = [rank + suit for suit in _SUITS for rank in _RANKS]


def _canonical(cards: Iterable[str]) -> list[str]:
    """Cards in canonical order (R-1.4), as the service lists a hand."""
    return sorted(cards, key=_CARDS.index)


def _meld(cards: list[str]) -> dict[str, Any]:
    """A meld as the service writes it (the fact lists its cards in the documented order)."""
    kind = "set" if len({card[0] for card in cards}) == 1 else "run"
    return {"kind": kind, "cards": list(cards)}


VARIANT_PRESETS = {"two_player": "standard", "hollywood": "hollywood", "box": "box",
                   "cutthroat": "cutthroat", "partnership": "partnership"}


def _rules(fact: Fact) -> dict[str, Any] | None:
    """The request's ``rules``: the variant's preset with the fact's options (None: none)."""
    variant = fact.question.get("variant", "two_player")
    if not fact.options and variant == "two_player":
        return None
    return {"preset": VARIANT_PRESETS[variant], **fact.options}


def _with_rules(body: dict[str, Any], fact: Fact) -> dict[str, Any]:
    rules = _rules(fact)
    return body if rules is None else {**body, "rules": rules}


def spec_deck(seed: int, round_: int = 0, table: int = 0) -> list[str]:
    """The deck of ginrules-deal/1, written from its text in docs/rules.md (SHA-256 only)."""
    message = (b"ginrules-deal/1" + seed.to_bytes(8, "big") + round_.to_bytes(4, "big")
               + table.to_bytes(4, "big"))

    def stream() -> Iterator[int]:
        block = 0
        while True:
            yield from hashlib.sha256(message + block.to_bytes(4, "big")).digest()
            block += 1

    bytes_ = stream()
    deck = list(_CARDS)
    for i in range(51, 0, -1):
        n = i + 1
        byte = next(bytes_)
        while byte >= 256 - 256 % n:
            byte = next(bytes_)
        deck[i], deck[byte % n] = deck[byte % n], deck[i]
    return deck


def game_log(fact: Fact, rounds: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A games fact's question as a ginrules-log/1 log: rounds without a deal dealt from the
    game's seed by the documented shuffle (the non-dealer gets the first ten cards)."""
    question = fact.question
    players = question["players"]
    log_rounds = []
    for index, round_ in enumerate(question["rounds"] if rounds is None else rounds):
        written = dict(round_)
        if "hands" not in written:
            deck = spec_deck(question["seed"], index)
            other = next(p for p in players if p != written["dealer"])
            written = {"dealer": written["dealer"],
                       "hands": {other: deck[:10], written["dealer"]: deck[10:20]},
                       "upcard": deck[20], "stock": deck[21:],
                       "actions": written.get("actions", [])}
        log_rounds.append(written)
    return {"format": "ginrules-log/1", "rules": _rules(fact) or "standard",
            "players": players, "rounds": log_rounds}


# Each topic's request and checks ----------------------------------------------------------------

def _eq(pointer: str, value: Any) -> dict[str, Any]:
    return {"pointer": pointer, "equals": value}


def _post(path: str, body: Any) -> dict[str, Any]:
    return {"method": "POST", "path": path, "body": body}


def _refused(fact: Fact) -> dict[str, Any]:
    """The problem a refused question gets: 422 with the fault's code and the pointers."""
    refused = fact.answer["refused"]
    expected: dict[str, Any] = {"status": 422}
    if "fault" in fact.extra:
        expected["codes"] = [fact.extra["fault"]]
    if refused.get("at"):
        expected["pointers"] = list(refused["at"])
    return expected


def _ok(checks: Checks) -> dict[str, Any]:
    return {"status": 200, "checks": checks}


def _cards(fact: Fact) -> tuple[dict[str, Any], dict[str, Any]]:
    request = _post(ANALYZE, _with_rules({"hand": fact.question["hand"]}, fact))
    if "refused" in fact.answer:
        return request, _refused(fact)
    return request, _ok([_eq("/hand", _canonical(fact.answer["cards"]))])


def _hand_body(fact: Fact) -> dict[str, Any]:
    body = {"hand": fact.question["hand"]}
    if fact.question.get("upcard"):
        body["upcard"] = fact.question["upcard"]
    return _with_rules(body, fact)


def _deadwood(fact: Fact) -> tuple[dict[str, Any], dict[str, Any]]:
    body = _hand_body(fact)
    if "refused" in fact.answer:
        return _post(ANALYZE, body), _refused(fact)
    answer = fact.answer
    checks = [_eq("/deadwood_count", answer["deadwood"])]
    if len(fact.question["hand"]) == 10:
        checks.append(_eq("/gin", answer["deadwood"] == 0))
    optimal = answer.get("arrangements", [])
    shown = [[_meld(m) for m in a["melds"]] for a in optimal]
    if len(optimal) == 1:
        checks += [_eq("/melds", shown[0]), _eq("/deadwood", optimal[0]["deadwood"])]
    elif optimal:
        body = {**body, "all_arrangements": True}
        checks += [{"pointer": "/melds", "one_of": shown},
                   {"pointer": "/arrangements", "same_items": [
                       {"melds": melds, "deadwood": a["deadwood"],
                        "deadwood_count": answer["deadwood"]}
                       for melds, a in zip(shown, optimal)]}]
    for field, pointer in (("may_knock", "/can_knock"), ("knock_limit", "/knock_limit")):
        if field in answer:
            checks.append(_eq(pointer, answer[field]))
    return _post(ANALYZE, body), _ok(checks)


def _discards(fact: Fact) -> tuple[dict[str, Any], dict[str, Any]]:
    answer = fact.answer
    order = _canonical(fact.question["hand"])
    checks: Checks = []
    if "least" in answer:
        checks += [_eq("/deadwood_count", answer["least"]), _eq("/gin", answer["least"] == 0)]
    for card, count in answer.get("after", {}).items():
        index = order.index(card)
        checks += [_eq(f"/discards/{index}/card", card),
                   _eq(f"/discards/{index}/deadwood_count", count)]
    if "best" in answer:
        checks.append({"pointer": "/best_discards", "same_items": answer["best"]})
    for field, pointer in (("may_knock", "/can_knock"), ("knock_limit", "/knock_limit"),
                           ("big_gin", "/big_gin")):
        if field in answer:
            checks.append(_eq(pointer, answer[field]))
    return _post(ANALYZE, _hand_body(fact)), _ok(checks)


def _knock(fact: Fact) -> tuple[dict[str, Any], dict[str, Any]]:
    question, answer = fact.question, fact.answer
    body: dict[str, Any] = {key: question[key] for key in (
        "hand", "discard", "melds", "taken_card", "upcard") if key in question}
    request = _post(KNOCK, _with_rules(body, fact))
    fault = fact.extra.get("fault")
    if fault in PROBLEM_CODES:
        expected = {"status": 422, "codes": [fault]}
        if answer.get("at"):
            expected["pointers"] = answer["at"]
        return request, expected
    checks = [_eq("/legal", answer["legal"])]
    if not answer["legal"]:
        checks.append({"pointer": "/violations/0/rule", "one_of": answer["breaks"]})
        if fault:
            checks.append(_eq("/violations/0/code", fault))
        if answer.get("at"):
            checks.append(_eq("/violations/0/pointer", answer["at"][0]))
    for field, pointer in (("deadwood", "/deadwood_count"), ("gin", "/gin"),
                           ("big_gin", "/big_gin"), ("knock_limit", "/knock_limit")):
        if field in answer:
            checks.append(_eq(pointer, answer[field]))
    if "melds" in answer:
        checks.append(_eq("/arrangement/melds", [_meld(m) for m in answer["melds"]]))
    return request, _ok(checks)


def _layoffs(fact: Fact) -> tuple[dict[str, Any], dict[str, Any]]:
    question, answer = fact.question, fact.answer
    body: dict[str, Any] = {"knocker_melds": question["knocker_melds"],
                            "defender_hand": question["defender"]}
    if question.get("gin"):
        body["gin"] = True
    checks = [_eq("/deadwood_count", answer["deadwood"])]
    if "layable" in answer:
        checks.append({"pointer": "/layable", "same_items": answer["layable"]})
    if "layoffs" in answer:
        checks.append(_eq("/layoffs", answer["layoffs"]))
    if "melds" in answer:
        checks.append(_eq("/melds", [_meld(m) for m in answer["melds"]]))
    return _post(LAYOFFS, _with_rules(body, fact)), _ok(checks)


def _listed(pointer: str, items: list[dict[str, Any]], fields: Iterable[str]) -> Checks:
    """Checks of a list, item by item and field by field, and that nothing follows."""
    checks = [_eq(f"{pointer}/{index}/{field}", item[field])
              for index, item in enumerate(items) for field in fields if field in item]
    return checks + [{"pointer": f"{pointer}/{len(items)}", "absent": True}]


def _scoring(fact: Fact) -> tuple[dict[str, Any], dict[str, Any]]:
    question, answer = fact.question, fact.answer
    body: dict[str, Any] = {"knocker": question["knocker"], "defender": question["defender"]}
    if question.get("upcard"):
        body["upcard"] = question["upcard"]
    request = _post(SCORE, _with_rules(body, fact))
    if "refused" in answer:
        return request, _refused(fact)
    checks = [_eq("/outcome", answer["outcome"]), _eq("/winner", answer["winner"]),
              _eq("/points", answer["points"])]
    for field, pointer in (("knocker_deadwood", "/knocker/deadwood_count"),
                           ("defender_deadwood", "/defender/deadwood_count")):
        if field in answer:
            checks.append(_eq(pointer, answer[field]))
    if "breakdown" in answer:
        checks += _listed("/breakdown", answer["breakdown"], ("rule", "points"))
    if "layoffs" in answer:
        checks.append({"pointer": "/defender/layoffs", "same_items": answer["layoffs"]})
    if "knocker_melds" in answer:
        checks.append({"pointer": "/knocker/melds",
                       "same_items": [_meld(_canonical(m)) for m in answer["knocker_melds"]]})
    return request, _ok(checks)


def _round_checks(index: int, result: dict[str, Any]) -> Checks:
    at = f"/rounds/{index}"
    checks = [_eq(f"{at}/result/{field}", result[field])
              for field in ("outcome", "knocker", "winner", "points", "deadwood")
              if field in result]
    if "layoffs" in result:
        checks.append({"pointer": f"{at}/result/layoffs", "same_items": result["layoffs"]})
    for side in ("knocker_melds", "defender_melds"):
        if side in result:
            melds = result[side]
            checks += [{"pointer": f"{at}/result/{side}/{i}/cards", "same_items": meld}
                       for i, meld in enumerate(melds)]
            checks.append({"pointer": f"{at}/result/{side}/{len(melds)}", "absent": True})
    if "provisional" in result:
        checks.append(_eq(f"{at}/provisional", result["provisional"]))
    return checks


def _games(fact: Fact) -> tuple[dict[str, Any], dict[str, Any]]:
    answer = fact.answer
    request = _post(REPLAY, game_log(fact))
    checks = [_eq("/valid", answer["valid"])]
    if not answer["valid"]:
        checks += [_eq("/violations/0/pointer", answer["at"]),
                   {"pointer": "/violations/0/rule", "one_of": answer["breaks"]}]
        if "fault" in fact.extra:
            checks.append(_eq("/violations/0/code", fact.extra["fault"]))
        return request, _ok(checks)
    checks.append(_eq("/violations", []))
    for index, result in enumerate(answer.get("rounds", [])):
        checks += _round_checks(index, result)
    for field in ("complete", "winner", "totals", "next_dealer"):
        if field in answer:
            checks.append(_eq(f"/{field}", answer[field]))
    if "bonuses" in answer:
        checks += _listed("/bonuses", answer["bonuses"], ("player", "rule", "points"))
    if "next" in answer:
        if "player" in answer["next"]:
            checks.append(_eq("/next/player", answer["next"]["player"]))
        if "legal" in answer["next"]:
            checks.append({"pointer": "/next/legal_actions", "same_items": answer["next"]["legal"]})
    elif "next_dealer" in answer and not answer.get("complete"):
        checks += [_eq("/next/phase", "deal"), _eq("/next/player", answer["next_dealer"])]
    return request, _ok(checks)


def _melds(fact: Fact) -> tuple[dict[str, Any], dict[str, Any]]:
    body: dict[str, Any] = {key: fact.question[key] for key in ("hand", "with")
                            if key in fact.question}
    request = _post(MELDS, _with_rules(body, fact))
    if "refused" in fact.answer:
        return request, _refused(fact)
    melds = fact.answer["melds"]
    return request, _ok([_eq("/count", len(melds)), _eq("/melds", [_meld(m) for m in melds])])


def _shuffle(fact: Fact) -> tuple[dict[str, Any], dict[str, Any]]:
    question, deck = fact.question, fact.answer["deck"]
    seed, round_, table = question["seed"], question.get("round", 0), question.get("table", 0)
    if table == 0:
        body: dict[str, Any] = {"rules": "standard", "players": ["ann", "bob"], "dealer": "ann",
                                "seed": seed, "round": round_}
        at, dealer, first = "/deal", "ann", "bob"
    else:
        body = {"rules": "partnership", "players": ["ann", "bob", "cy", "dee"], "seed": seed,
                "round": round_, "teams": [["ann", "cy"], ["bob", "dee"]],
                "tables": [["ann", "bob"], ["dee", "cy"]]}
        at, dealer, first = f"/deal/tables/{table}", ["ann", "dee"][table], ["bob", "cy"][table]
    checks = [_eq("/shuffle", "ginrules-deal/1"), _eq("/seed", seed), _eq("/round", round_),
              _eq(f"{at}/dealer", dealer),
              _eq(f"{at}/hands", {first: deck[:10], dealer: deck[10:20]}),
              _eq(f"{at}/upcard", deck[20]), _eq(f"{at}/stock", deck[21:]),
              _eq(f"{at}/actions", [])]
    return _post(DEALS, body), _ok(checks)


def _stated(pointer: str, value: Any) -> Checks:
    """Checks of what a fact states of a reply: each key of an object, each item of a list
    of objects that is not null, anything else equal."""
    if isinstance(value, dict):
        return [check for key, item in value.items() for check in _stated(f"{pointer}/{key}", item)]
    if isinstance(value, list) and value and all(i is None or isinstance(i, dict) for i in value):
        return [check for index, item in enumerate(value) if item is not None
                for check in _stated(f"{pointer}/{index}", item)]
    return [_eq(pointer, value)]


def _matches(fact: Fact) -> tuple[dict[str, Any], dict[str, Any]]:
    question = fact.question
    body: dict[str, Any] = {key: question[key] for key in (
        "players", "dealer", "roles", "teams", "rounds") if key in question}
    body["rules"] = _rules(fact) or "standard"
    request = _post(MATCHES, body)
    if "refused" in fact.answer:
        return request, _refused(fact)
    checks = [check for key, value in fact.answer.items() for check in _stated(f"/{key}", value)]
    if fact.answer.get("complete") and "next_dealer" not in fact.answer:
        checks.append({"pointer": "/next_dealer", "absent": True})
    return request, _ok(checks)


def _presets(fact: Fact) -> tuple[dict[str, Any], dict[str, Any]]:
    rules = fact.question["rules"]
    if "refused" in fact.answer:
        return _post(ANALYZE, {"hand": ["AS"], "rules": rules}), _refused(fact)
    options = fact.answer["options"]
    if isinstance(rules, str):
        return ({"method": "GET", "path": f"/v1/rules/{rules}"},
                _ok([_eq(f"/{name}", value) for name, value in options.items()]))
    return (_post(ANALYZE, {"hand": ["AS"], "rules": rules}),
            _ok([_eq(f"/rules/{name}", value) for name, value in options.items()]))


def _perft(fact: Fact) -> tuple[dict[str, Any], dict[str, Any]]:
    question = fact.question
    walk = {"seed": question["seed"], "round": question.get("round", 0),
            "players": question["players"], "dealer": question["dealer"],
            "depth": question["depth"], "rules": _rules(fact) or "standard"}
    return {"method": "WALK", "path": REPLAY, "body": walk}, {"status": 200, "count":
                                                              fact.answer["count"]}


TOPIC_CASES: dict[str, Callable[[Fact], tuple[dict[str, Any], dict[str, Any]]]] = {
    "cards": _cards, "deadwood": _deadwood, "discards": _discards, "knock": _knock,
    "layoffs": _layoffs, "scoring": _scoring, "games": _games, "perft": _perft,
    "melds": _melds, "shuffle": _shuffle, "matches": _matches, "presets": _presets,
}


def case_of(fact: Fact) -> Case:
    """A fact as a request to the API and the checks of its reply."""
    request, expected = TOPIC_CASES[fact.topic](fact)
    return Case(fact.topic, fact.description, fact.rules, request, expected, fact.id)


def http_dir(directory: Path) -> Path:
    """The folder of the hand-written request cases of a conformance folder."""
    return directory / "http"


def load_http_cases(directory: Path, topics: Iterable[str] = ()) -> list[Case]:
    """The hand-written request cases (``http/*.json``) of the given topics (all if none)."""
    wanted = set(topics)
    cases = []
    for path in sorted(http_dir(directory).glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        if wanted and document["topic"] not in wanted:
            continue
        for case in document["cases"]:
            cases.append(Case(document["topic"], case["description"],
                              tuple(case.get("rule", ())), case["request"], case["expected"]))
    return cases


def load_cases(directory: Path, topics: Iterable[str] = ()) -> list[Case]:
    """Every case of a conformance folder: one for each fact, then the hand-written ones."""
    topics = list(topics)
    return ([case_of(fact) for fact in load_facts(directory, topics)]
            + load_http_cases(directory, topics))


# Checking replies -------------------------------------------------------------------------------

def resolve(document: Any, pointer: str) -> Any:
    """The value at a JSON Pointer (RFC 6901), or ``_MISSING``."""
    if pointer == "":
        return document
    value = document
    for token in pointer.lstrip("/").split("/"):
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and token in value:
            value = value[token]
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            return _MISSING
    return value


def _show(value: Any) -> str:
    if value is _MISSING:
        return "(absent)"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 160 else text[:157] + "..."


def _same_items(a: Any, b: Any) -> bool:
    if not isinstance(a, list) or not isinstance(b, list) or len(a) != len(b):
        return False
    rest = list(b)
    for item in a:
        if item not in rest:
            return False
        rest.remove(item)
    return True


def _check_item(item: dict[str, Any], reply: Any) -> list[str]:
    pointer = item["pointer"]
    actual = resolve(reply, pointer)
    failures = []
    if "equals" in item and actual != item["equals"]:
        failures.append(f"{pointer}: expected {_show(item['equals'])}, got {_show(actual)}")
    if "one_of" in item and actual not in item["one_of"]:
        failures.append(f"{pointer}: expected one of {_show(item['one_of'])}, got {_show(actual)}")
    if "same_items" in item and not _same_items(actual, item["same_items"]):
        failures.append(f"{pointer}: expected the items {_show(item['same_items'])} in any "
                        f"order, got {_show(actual)}")
    if "contains" in item:
        missing = [x for x in item["contains"] if not isinstance(actual, list) or x not in actual]
        if missing:
            failures.append(f"{pointer}: expected to contain {_show(missing)}, "
                            f"got {_show(actual)}")
    if item.get("absent") and actual is not _MISSING:
        failures.append(f"{pointer}: expected absent, got {_show(actual)}")
    if "at_least" in item and not (isinstance(actual, (int, float))
                                   and actual >= item["at_least"]):
        failures.append(f"{pointer}: expected at least {item['at_least']}, got {_show(actual)}")
    if "at_most" in item and not (isinstance(actual, (int, float))
                                  and actual <= item["at_most"]):
        failures.append(f"{pointer}: expected at most {item['at_most']}, got {_show(actual)}")
    return failures


def check(expected: dict[str, Any], status: int, reply: Any) -> list[str]:
    """Every way a reply differs from what a case expects."""
    if status != expected["status"]:
        detail = (f" ({reply.get('code')}: {reply.get('detail')})"
                  if isinstance(reply, dict) and "code" in reply else "")
        return [f"status: expected {expected['status']}, got {status}{detail}"]
    failures = []
    if "codes" in expected or "pointers" in expected:
        errors = reply.get("errors", []) if isinstance(reply, dict) else []
        codes = {e.get("code") for e in errors}
        pointers = {e.get("pointer") for e in errors}
        for code in expected.get("codes", []):
            if code not in codes:
                failures.append(f"error code {code!r} expected, got {sorted(codes)}")
        for pointer in expected.get("pointers", []):
            if pointer not in pointers:
                failures.append(f"error at {pointer!r} expected, got {sorted(pointers)}")
    for item in expected.get("checks", []):
        failures += _check_item(item, reply)
    return failures


def _walk_count(walk: dict[str, Any], send: Transport) -> int:
    """Perft over the API: the legal actions the replay offers at each position, counted to
    the depth; no action is counted after a knock."""
    deck = spec_deck(walk["seed"], walk["round"])
    dealer = walk["dealer"]
    other = next(p for p in walk["players"] if p != dealer)
    table = {"dealer": dealer, "hands": {other: deck[:10], dealer: deck[10:20]},
             "upcard": deck[20], "stock": deck[21:]}

    def count(actions: list[dict[str, Any]], depth: int) -> int:
        if depth == 0:
            return 1
        log = {"rules": walk["rules"], "players": walk["players"],
               "rounds": [{**table, "actions": actions}]}
        status, reply = send("POST", REPLAY, log)
        if status != 200 or not isinstance(reply, dict) or not reply.get("valid"):
            raise ValueError(f"the replay refused {_show(actions[-1:])}: {_show(reply)}")
        after = reply.get("next")
        if not after or after.get("phase") in ("deal", "lay_down"):
            return 0
        legal = after["legal_actions"]
        if depth == 1:
            return len(legal)
        return sum(0 if action["action"] == "knock"
                   else count(actions + [{**action, "player": after["player"]}], depth - 1)
                   for action in legal)

    return count([], walk["depth"])


def run_case(case: Case, send: Transport) -> Outcome:
    """Send a case's request (or walk) and check the reply."""
    start = time.perf_counter()
    request = case.request
    try:
        if request["method"] == "WALK":
            counted = _walk_count(request["body"], send)
            expected = case.expected["count"]
            failures = [] if counted == expected else [
                f"legal action sequences: expected {expected}, got {counted}"]
        else:
            status, reply = send(request["method"], request["path"], request.get("body"))
            failures = check(case.expected, status, reply)
    except Unreachable:
        raise
    except Exception as error:  # a transport failure fails the case, not the run
        failures = [f"request failed: {error}"]
    return Outcome(case, tuple(failures), time.perf_counter() - start)
