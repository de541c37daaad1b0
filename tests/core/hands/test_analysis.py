"""Hand analysis in the library (R-2.5, R-5.1, R-5.4, R-5.5) and the purity of the core."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given

from ginrules.rules import (
    InvalidHandError,
    InvalidRulesError,
    analyze,
    analyze_mask,
    cards_mask,
    hand_names,
    resolve_rules,
)
from ginrules.rules.hands.solver import cache_clear

from testkit import ROOT
from testkit import reference as ref
from tests.strategies import dense_hands, random_hands

CORE = ROOT / "service" / "ginrules" / "rules"


def test_r5_1_ten_cards_knock_at_or_under_the_limit():
    at_limit = analyze("AS 2S 3S 4H 5H 6H 7D 8D 9D TC")  # deadwood TC = 10
    assert (at_limit.deadwood_count, at_limit.can_knock, at_limit.gin) == (10, True, False)
    over = analyze("AS 2S 3S 4H 5H 6H 7D 8D 9C 2C")  # deadwood 7D 8D 9C 2C = 26
    assert (over.deadwood_count, over.can_knock) == (26, False)
    just_over = analyze("AS 2S 3S 4H 5H 6H 7D 8D 9D JC", {"knock_limit": 9})
    assert (just_over.deadwood_count, just_over.can_knock) == (10, False)


def test_r5_1_knock_limit_zero_means_gin_only():
    assert analyze("AS 2S 3S 4H 5H 6H 7D 8D 9D AC", {"knock_limit": 0}).can_knock is False
    assert analyze("AS 2S 3S 4H 5H 6H 7D 8D 9D TD", {"knock_limit": 0}).can_knock is True


def test_r5_1_eleven_cards_knock_after_the_best_discard():
    result = analyze("AS 2S 3S 4H 5H 6H 7D 8D 9D KC QC")
    assert result.deadwood_count == 10
    assert hand_names(result.best_discards) == ["QC", "KC"]
    assert result.can_knock is True and result.gin is False


def test_r5_4_gin_after_discard():
    result = analyze("AS 2S 3S 4H 5H 6H 7D 8D 9D TD KC")
    assert (result.gin, hand_names(result.best_discards)) == (True, ["KC"])


def test_r5_5_big_gin_only_when_the_rules_play_it():
    hand = "AS 2S 3S 4H 5H 6H 7D 8D 9D TD JD"
    assert analyze(hand).big_gin is False
    assert analyze(hand, {"big_gin_bonus": 31}).big_gin is True
    assert analyze("AS 2S 3S 4H 5H 6H 7D 8D 9D TD KC", {"big_gin_bonus": 31}).big_gin is False


def test_ten_card_analysis_has_no_eleven_card_facts():
    result = analyze("AS 2S 3S 4H 5H 6H 7D 8D 9D TC")
    assert result.big_gin is None and result.discards is None and result.best_discards is None


@given(random_hands(0, 11))
def test_default_rules_analysis_is_the_general_analysis(cards):
    # analyze() under the default rules takes a shorter way; its facts are the general ones.
    general = analyze_mask(cards_mask(cards), resolve_rules(None))
    cache_clear()
    quick = analyze(hand_names(cards))
    assert quick == general
    assert quick.deadwood_count == (min(ref.discard_values(cards).values()) if len(cards) == 11
                                    else ref.min_deadwood(cards))


@given(dense_hands(10))
def test_r5_1_dense_ten_card_hands_knock_and_gin_as_the_reference_counts(cards):
    result = analyze(hand_names(cards))
    count = ref.min_deadwood(cards)
    assert (result.deadwood_count, result.can_knock, result.gin) == (count, count <= 10,
                                                                     count == 0)


def test_partial_hands_have_melds_but_no_knock():
    result = analyze("7S 7H 7D 2C")
    assert result.deadwood_count == 2 and result.can_knock is None and result.gin is None
    assert analyze([]).deadwood_count == 0


def test_more_than_eleven_cards_is_an_error():
    with pytest.raises(InvalidHandError) as raised:
        analyze("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS")
    assert raised.value.problems[-1].code == "invalid_hand_size"


def test_oklahoma_without_upcard_is_an_error():
    with pytest.raises(InvalidRulesError) as raised:
        analyze("AS 2S 3S", "oklahoma")
    assert raised.value.problems[0].code == "upcard_required"
    assert analyze("AS 2S 3S", "oklahoma", upcard="9H").knock_limit == 9


def test_all_arrangements_lists_every_tie():
    result = analyze("JS QS KS KH KD", all_arrangements=True)
    assert [[m.names() for m in choice.arrangement.melds] for choice in result.arrangements] == [
        [["JS", "QS", "KS"]], [["KS", "KH", "KD"]]]


def test_repr_shows_the_hand():
    assert "7S 8S 9S" in repr(analyze("7S 8S 9S"))


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_the_rules_core_imports_only_the_standard_library():
    for path in CORE.glob("*.py"):
        outside = _imported_modules(path) - set(sys.stdlib_module_names) - {"__future__"}
        # The compiler's class marker (speedups.mypyc_attr), taken when present, a no-op else.
        outside -= {"mypy_extensions"} if path.name == "speedups.py" else set()
        assert not outside, f"{path.name} imports {outside}"


def test_importing_the_core_loads_no_flask_or_marshmallow():
    code = ("import sys, ginrules.rules; "
            "bad = [m for m in ('flask', 'marshmallow', 'werkzeug') if m in sys.modules]; "
            "print(bad); raise SystemExit(1 if bad else 0)")
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                               cwd=CORE.parent.parent)
    assert completed.returncode == 0, completed.stdout + completed.stderr


def test_the_library_docstring_examples_run():
    import doctest

    import ginrules.rules

    assert doctest.testmod(ginrules.rules).failed == 0
