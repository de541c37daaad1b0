"""bench/strength/paired.py and versus.py on ginrules' fan-out: a version's settings touch only
its own deals, in whatever process plays them, and each worker loads advisor-1 itself."""

from __future__ import annotations

import sys

import pytest
from tests.scripts import load_script

from ginrules.rules.players import heuristic
from ginrules.rules.players.arena import pair_seed
from ginrules.rules.usecases.batches import Processes


@pytest.fixture(scope="module")
def paired():
    yield load_script("bench/strength/paired.py", "paired_bench", register=True)
    del sys.modules["paired_bench"]


@pytest.fixture(scope="module")
def versus():
    return load_script("bench/strength/versus.py", "versus_bench")


def test_a_version_played_in_this_process_puts_its_settings_back(paired):
    default = heuristic.DANGER_WEIGHT
    base = paired.run({}, 8, 5, "standard", "simple", None, jobs=2)
    reckless = paired.run(paired.parse_version("heuristic.DANGER_WEIGHT=5.0"), 8, 5,
                          "standard", "simple", None, jobs=1)
    assert heuristic.DANGER_WEIGHT == default
    assert paired.run({}, 8, 5, "standard", "simple", None, jobs=1) == base != reckless


def test_the_deals_are_the_same_on_any_runner(paired):
    version = paired.parse_version("heuristic.DANGER_WEIGHT=0.15")
    alone = paired.run(version, 6, 2, "standard", "simple", None, jobs=1)
    batches = paired.run(version, 6, 2, "standard", "simple", None,
                         runner=Processes(2, batch=1))
    assert batches == alone


def test_paired_takes_the_fan_out_options_and_refuses_a_bad_one(paired, capsys):
    with pytest.raises(SystemExit) as exit_info:
        paired.main(["--deals", "2", "--jobs", "0"])
    assert exit_info.value.code == 2 and "--jobs is at least 1" in capsys.readouterr().err


def test_versus_workers_load_advisor_1_before_each_task(versus, monkeypatch):
    loaded = []
    monkeypatch.setattr(versus, "advisor_1", lambda ref, budget: loaded.append((ref, budget)))
    runner = versus.WithAdvisor1(Processes(1), "abc123", 40)
    assert list(runner.map(pair_seed, ((1, i) for i in range(3)), total=3)) == [
        pair_seed(1, i) for i in range(3)]
    assert loaded == [("abc123", 40)] * 3
    assert runner.workers(3) == 1 and runner.label(3) == "1 process"
