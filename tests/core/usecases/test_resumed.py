"""A run resumed (usecases/batches.py's Resumed): the results an earlier run had are given back
without running their tasks, the others are run and told, as they come and in input order, to
whatever records them; the tables made of them are those of one uninterrupted run."""

from __future__ import annotations

import pytest

from ginrules.rules import resolve_rules
from ginrules.rules.players.arena import Entrant, arena, arena_table, pair_seed
from ginrules.rules.players.selfplay import match_table, self_play
from ginrules.rules.usecases.batches import Processes, Resumed, resumed_count

SHORT = resolve_rules({"preset": "standard", "game_target": 25})


class Counting:
    """A runner of this process that counts the tasks it runs."""

    def __init__(self) -> None:
        self.ran: list[tuple] = []
        self.asked: list[int | None] = []

    def workers(self, total=None):
        self.asked.append(total)
        return 1

    def label(self, total=None):
        self.asked.append(total)
        return "counting"

    def map(self, task, arguments, total=None):
        self.asked.append(total)
        for each in arguments:
            self.ran.append(each)
            yield task(*each)


def _without_time(table: str) -> list[str]:
    return [line for line in table.splitlines() if " s: " not in line and " s on " not in line]


def test_the_results_had_are_given_back_and_only_the_others_run_and_recorded():
    inner, recorded = Counting(), []
    earlier = [pair_seed(3, index) for index in range(4)]
    runner = Resumed(inner, earlier, lambda index, result: recorded.append((index, result)))
    got = list(runner.map(pair_seed, ((3, index) for index in range(10)), total=10))
    assert got == [pair_seed(3, index) for index in range(10)]
    assert inner.ran == [(3, index) for index in range(4, 10)]
    assert recorded == [(index, pair_seed(3, index)) for index in range(4, 10)]
    assert inner.asked == [6]  # the tasks left, for the batch sizes
    assert runner.workers(10) == 1 and runner.label(10) == "counting"
    assert inner.asked[-2:] == [6, 6]
    assert resumed_count(runner, 10) == 4 and resumed_count(inner, 10) == 0


def test_a_record_is_made_before_its_result_is_given():
    recorded = []

    def record(index, result):
        recorded.append(index)

    runner = Resumed(Processes(1), [], record)
    for index, _ in enumerate(runner.map(pair_seed, ((1, i) for i in range(3)), total=3)):
        assert recorded == list(range(index + 1))


def test_a_run_that_stops_early_records_only_what_finished():
    recorded = []
    runner = Resumed(Processes(1), [], lambda index, result: recorded.append(index))
    results = runner.map(pair_seed, ((1, i) for i in range(50)), total=50)
    assert [next(results) for _ in range(3)] and recorded == [0, 1, 2]
    results.close()
    assert recorded == [0, 1, 2]


@pytest.mark.parametrize("jobs", [1, 2])
def test_self_play_resumed_prints_the_table_of_one_run_and_says_how_many_it_gave_back(jobs):
    bots = ("simple", "random")
    whole = self_play(bots, 8, 3, SHORT, runner=Processes(jobs))
    first: list = []
    # The first three games' results, as an earlier run would have recorded them.
    recorder = Resumed(Processes(1), [], lambda index, game: first.append(game))
    self_play(bots, 3, 3, SHORT, runner=recorder)
    resumed = self_play(bots, 8, 3, SHORT, runner=Resumed(Processes(jobs), first))
    assert _without_time(match_table(resumed)) == _without_time(match_table(whole))
    assert resumed.resumed == 3 and whole.resumed == 0
    assert "; 3 resumed, 5 played) in " in match_table(resumed).splitlines()[-1]


def test_an_arena_resumed_gives_the_measures_of_one_run():
    entrants = (Entrant.parse("simple"), Entrant.parse("random"))
    whole = arena(entrants, 5, 2, SHORT)
    earlier: list = []
    arena(entrants, 2, 2, SHORT, runner=Resumed(Processes(1), [],
                                               lambda index, pair: earlier.append(pair)))
    resumed = arena(entrants, 5, 2, SHORT, runner=Resumed(Processes(2), earlier))
    assert resumed.pairs == whole.pairs and resumed.resumed == 2
    assert _without_time(arena_table(resumed)) == _without_time(arena_table(whole))
    assert "seed 2; 2 resumed, 3 played) in " in arena_table(resumed)


def test_a_run_resumed_whole_states_no_time_and_no_runner():
    """Every result read back: the tables' last lines say so and claim no time, rate or
    processes, which played nothing (usecases/batches.py's time_taken)."""
    from ginrules.rules.players.calibration import calibrate, calibration_report

    earlier: list = []
    self_play(("simple", "random"), 2, 3, SHORT,
              runner=Resumed(Processes(1), [], lambda index, game: earlier.append(game)))
    line = match_table(self_play(("simple", "random"), 2, 3, SHORT,
                                 runner=Resumed(Processes(2), earlier))).splitlines()[-1]
    assert line.endswith("; 2 resumed, 0 played)") and "games/s" not in line

    entrants = (Entrant.parse("simple"), Entrant.parse("random"))
    pairs: list = []
    arena(entrants, 2, 2, SHORT, runner=Resumed(Processes(1), [],
                                               lambda index, pair: pairs.append(pair)))
    table = arena_table(arena(entrants, 2, 2, SHORT, runner=Resumed(Processes(2), pairs)))
    assert "seed 2; 2 resumed, 0 played); intervals from the pairs" in table
    assert " s on " not in table

    games: list = []
    calibrate(("advisor", "random"), 2, 4, SHORT, budget_ms=2,
              runner=Resumed(Processes(1), [], lambda index, game: games.append(game)))
    report = calibration_report(calibrate(("advisor", "random"), 2, 4, SHORT, budget_ms=2,
                                          runner=Resumed(Processes(2), games)))
    assert "; 2 games resumed, 0 played)" in report and " s on " not in report
