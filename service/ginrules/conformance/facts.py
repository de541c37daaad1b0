"""The facts of the conformance kit: loading them, and every option a question is asked under.

A facts file (``conformance/facts/*.json``, schema ``conformance/facts.schema.json``) holds
the facts of one topic: each a question in the rules' own terms (cards, hands, game logs,
option names) with its answer, the rule ids it exercises and the options it is asked under
(only those that differ from their defaults).  docs/conformance.md describes each topic.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

TOPICS: tuple[str, ...] = ("cards", "deadwood", "discards", "knock", "layoffs", "scoring",
                           "games", "perft", "melds", "shuffle", "matches", "presets")
"""Every topic of the kit, in the order reports list them."""

SCHEMA = "facts.schema.json"


@dataclass(frozen=True)
class Fact:
    """One fact: a question and its answer, in the rules' own terms."""

    topic: str
    id: str
    description: str
    rules: tuple[str, ...]
    options: dict[str, Any]
    question: dict[str, Any]
    answer: dict[str, Any]
    extra: dict[str, Any] = field(default_factory=dict)
    """What else the fact says: its ``source``, ``fault`` (the service's code), ``trips``."""

    @property
    def name(self) -> str:
        return f"{self.topic}: {self.description}"


def facts_dir(directory: Path) -> Path:
    """The folder of the facts files of a conformance folder."""
    return directory / "facts"


def load_facts(directory: Path, topics: Iterable[str] = ()) -> list[Fact]:
    """Every fact of the facts files under ``directory`` (a conformance folder), of the given
    topics (all if none), in the order of the files' names."""
    wanted = set(topics)
    found = []
    for path in sorted(facts_dir(directory).glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        topic = document["topic"]
        if wanted and topic not in wanted:
            continue
        for index, fact in enumerate(document["facts"]):
            extra = {key: value for key, value in fact.items() if key not in (
                "description", "rules", "options", "question", "answer")}
            found.append(Fact(topic, f"{path.stem}/{index}", fact["description"],
                              tuple(fact["rules"]), dict(fact.get("options", {})),
                              fact["question"], fact["answer"], extra))
    return found


@lru_cache(maxsize=8)
def option_defaults(schema_path: Path) -> dict[str, Any]:
    """Every option with its default, as the facts schema states them (R-10)."""
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    properties = schema["$defs"]["options"]["properties"]
    return {name: spec["default"] for name, spec in properties.items()}


def full_options(fact: Fact, schema_path: Path) -> dict[str, Any]:
    """Every option a fact's question is asked under: the defaults, then the fact's own."""
    return {**option_defaults(schema_path), **fact.options}
