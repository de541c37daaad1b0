"""Every fault the rules of play can raise has its words for a player's view, in one catalogue
(``rules/errors.py``, ``PRIVATE_DETAILS``; docs/gamelog.md ``view``), and those words name no
card."""

from __future__ import annotations

import ast
import re

from ginrules.rules.errors import PRIVATE_DETAILS, private_detail
from testkit import ROOT

RULES = ROOT / "service" / "ginrules" / "rules"
FAULT_SOURCES = [*sorted((RULES / "table").glob("*.py")), *sorted((RULES / "hands").glob("*.py")),
                 *sorted((RULES / "match").glob("*.py")), RULES / "usecases" / "replay.py"]
"""Where the faults a replay can report come from: the engine and the deal check, the
showdown (knocks, layoffs, scoring), the seating of the variants, the replay itself."""
_CODE_ARGUMENT = {"IllegalMove": 0, "IllegalDeal": 0, "RuleBroken": 0, "GameStateError": 0,
                  "Problem": 1}


def raised_codes() -> dict[str, str]:
    """Each fault code written in the sources above, with a file that writes it."""
    codes: dict[str, str] = {}
    for source in FAULT_SOURCES:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            at = _CODE_ARGUMENT.get(name) if isinstance(name, str) else None
            if at is not None and len(node.args) > at and isinstance(node.args[at], ast.Constant):
                codes.setdefault(node.args[at].value, source.name)
    return codes


def test_every_fault_of_play_has_its_words_for_a_players_view():
    codes = raised_codes()
    assert len(codes) > 40, "the sources were read"
    missing = {code: source for code, source in codes.items() if code not in PRIVATE_DETAILS}
    assert not missing, f"add these codes to PRIVATE_DETAILS: {missing}"


def test_the_words_for_a_players_view_name_no_card_and_no_count():
    card = re.compile(r"\b(?:[2-9TJQKA]|10)[SHDC]\b|\d")
    for code, words in PRIVATE_DETAILS.items():
        assert not card.search(words), (code, words)
        assert private_detail(code, "R-4.4") == f"{words} (R-4.4)"
