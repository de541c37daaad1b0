"""bench/strength/paired.py: versions of the advisor on the same deals, compared deal by deal."""

from __future__ import annotations

import sys

import pytest
from tests.scripts import load_script



@pytest.fixture(scope="module")
def paired():
    # Its workers' function is pickled by name.
    yield load_script("bench/strength/paired.py", "paired_bench", register=True)
    del sys.modules["paired_bench"]


def test_the_same_version_plays_the_same_deals_alike_on_any_number_of_processes(paired):
    # The measure rests on this: a version that plays as the base does differs by zero on
    # every deal, however the deals are spread over processes.
    base = paired.run({}, 12, 5, "standard", "simple", None, 1)
    same = paired.run(paired.parse_version("heuristic.DANGER_WEIGHT=0.3"), 12, 5, "standard",
                      "simple", None, 2)
    assert same == base
    assert any(points != 0 for points in base)


def test_a_version_that_plays_otherwise_differs_on_some_deal(paired):
    base = paired.run({}, 12, 5, "standard", "simple", None, 2)
    reckless = paired.run(paired.parse_version("heuristic.DANGER_WEIGHT=5.0"), 12, 5,
                          "standard", "simple", None, 2)
    assert reckless != base


@pytest.mark.parametrize("text", ["heuristic.NO_SUCH=1", "heuristic.DANGER_WEIGHT=high",
                                  "nowhere.DANGER_WEIGHT=1", "DANGER_WEIGHT"])
def test_a_setting_that_names_nothing_or_no_literal_is_refused(paired, text):
    with pytest.raises(ValueError):
        paired.parse_version(text)


def test_a_setting_reaches_every_module_that_imported_the_constant_and_is_put_back(paired):
    """estimates.MIN_SAMPLES is imported by value into hints and playouts: a version setting
    it sets it there too, where their code reads it, and puts every copy back after."""
    from ginrules.rules.players import estimates, hints, playouts

    was = estimates.MIN_SAMPLES
    assert hints.MIN_SAMPLES == playouts.MIN_SAMPLES == was
    with paired._version(paired.parse_version(f"estimates.MIN_SAMPLES={was + 7}")):
        assert estimates.MIN_SAMPLES == hints.MIN_SAMPLES == playouts.MIN_SAMPLES == was + 7
    assert estimates.MIN_SAMPLES == hints.MIN_SAMPLES == playouts.MIN_SAMPLES == was


def test_a_version_equal_to_the_given_base_differs_by_zero_on_every_deal(paired, capsys):
    paired.main(["--deals", "6", "--seed", "5", "--base", "heuristic.DANGER_WEIGHT=5.0",
                 "--version", "heuristic.DANGER_WEIGHT=5.0", "--version",
                 "heuristic.DANGER_WEIGHT=0.3"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("base heuristic.DANGER_WEIGHT=5.0")
    assert "difference +0.000 ± 0.000" in lines[2]
    # The third is today's default, which plays otherwise on these deals: measured against
    # the given base, not the default one.
    base = paired.run(paired.parse_version("heuristic.DANGER_WEIGHT=5.0"), 6, 5, "standard",
                      "simple", None, 1)
    default = paired.run({}, 6, 5, "standard", "simple", None, 1)
    diff, _ = paired.mean_and_error([a - b for a, b in zip(default, base)])
    assert f"difference {diff:+.3f}" in lines[3]


def test_a_base_that_names_nothing_is_refused(paired, capsys):
    with pytest.raises(SystemExit) as exit_info:
        paired.main(["--deals", "2", "--base", "heuristic.NO_SUCH=1"])
    assert exit_info.value.code == 2
    assert "NO_SUCH" in capsys.readouterr().err
