"""``--output FILE`` and ``--resume`` of the batch commands: each finished game, pair or log
appended as one JSON line in input order; a run cut short (by a kill that tears its last line,
or by Ctrl-C) resumed from the file prints the table of one uninterrupted run and leaves the
file that run would have written; a file of other settings is refused in one line."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from ginrules.cli import main
from ginrules.rules.players import hints, selfplay
from ginrules.rules.players.arena import pair_seed
from ginrules.wire.records import dump_prediction, read_calibration_game

from tests.logfiles import logs_file
from tests.scripts import interruptible

SHORT = '{"preset": "standard", "game_target": 25}'
COMMANDS = {
    "selfplay": ("selfplay", "--bots", "simple,random", "--games", "9", "--seed", "4",
                 "--rules", SHORT),
    "arena": ("arena", "--bots", "simple,random", "--pairs", "6", "--seed", "5", "--rules",
              SHORT),
    "calibrate": ("calibrate", "--bots", "advisor,random", "--games", "4", "--seed", "3",
                  "--budget-ms", "20", "--rules", SHORT),
}


def _run(capsys, *args: str, status: int = 0) -> tuple[list[str], str]:
    """A command's table without its time line (the only one that may differ), and what it
    wrote to standard error."""
    assert main(list(args)) == status
    out, err = capsys.readouterr()
    return [line for line in out.splitlines() if " s: " not in line and " s on " not in line
            and not line.endswith(" s") and "written to" not in line], err


def _table(capsys, *args: str, status: int = 0) -> list[str]:
    """A command's table without its time line (the only one that may differ)."""
    return _run(capsys, *args, status=status)[0]


def _with(args: tuple[str, ...], option: str, value: str) -> list[str]:
    """The arguments with ``option`` given ``value`` (replaced, or added)."""
    if option not in args:
        return [*args, option, value]
    at = args.index(option) + 1
    return [*args[:at], value, *args[at + 1:]]


def _cut(path, keep: int, torn: bool) -> None:
    """The file as a run killed after ``keep`` lines leaves it, its next line half written."""
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:keep]) + (lines[keep][:len(lines[keep]) // 2] if torn
                                                  else b""))


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("keep, torn", [(3, True), (1, False), (1, True)])
def test_a_run_cut_short_and_resumed_prints_the_table_and_writes_the_file_of_one_run(
        command, keep, torn, tmp_path, capsys):
    args = COMMANDS[command]
    whole = tmp_path / "whole.jsonl"
    table = _table(capsys, *args, "--output", str(whole))
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(whole.read_bytes())
    _cut(cut, keep, torn)
    assert _table(capsys, *args, "--output", str(cut), "--resume", "--jobs", "2") == table
    assert cut.read_bytes() == whole.read_bytes()


@pytest.mark.parametrize("command", COMMANDS)
def test_each_line_holds_the_index_seed_players_and_result_after_a_line_of_settings(
        command, tmp_path, capsys):
    path = tmp_path / "out.jsonl"
    _table(capsys, *COMMANDS[command], "-o", str(path))
    header, *lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert header["output"] == f"ginrules {command}"
    assert header["settings"]["rules"]["game_target"] == 25
    key = "pair" if command == "arena" else "game"
    assert [line[key] for line in lines] == list(range(len(lines))) and len(lines) in (4, 6, 9)
    seed = header["settings"]["seed"]
    expected = [pair_seed(seed, i) if command == "arena" else selfplay.game_seed(seed, i)
                for i in range(len(lines))]
    assert [line["seed"] for line in lines] == expected
    if command == "selfplay":  # the table's numbers are the lines' sums
        wins = sum(line["winner"] == "1:simple" for line in lines)
        assert table_wins(capsys, path) == wins
    if command == "calibrate":
        assert all(isinstance(p["win_chance"], float) for line in lines
                   for p in line["predictions"])
        # Read back, each game's predictions are those written, the options shown as made.
        for line in lines:
            read = read_calibration_game(line).predictions
            assert json.loads(json.dumps([dump_prediction(p) for p in read])) == line["predictions"]
            assert all(isinstance(option, tuple) for p in read for option in p.shown_raw)


def table_wins(capsys, path) -> int:
    """The first bot's wins in the table of a run resumed from all of ``path``."""
    assert main([*COMMANDS["selfplay"], "-o", str(path), "--resume"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[3].endswith("; 9 resumed, 0 played)")  # nothing played: no time, no rate
    return int(out[1].split()[1])


@pytest.mark.parametrize("change, named", [
    (("--seed", "5"), "--seed 4 there, 5 here"),
    (("--bots", "simple,simple"), "--bots simple,random there, simple,simple here"),
    (("--rules", '{"preset": "standard", "game_target": 30}'),
     "--rules (game_target 25 there, 30 here)"),
    (("--budget-ms", "0"), "--budget-ms 100 there, 0 here"),
])
def test_a_file_written_with_other_settings_is_refused_in_one_line_naming_the_setting(
        change, named, tmp_path, capsys):
    path = tmp_path / "out.jsonl"
    _table(capsys, *COMMANDS["selfplay"], "-o", str(path))
    _cut(path, 3, torn=True)
    before = path.read_bytes()
    args = _with(COMMANDS["selfplay"], *change)
    assert main([*args, "-o", str(path), "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("ginrules selfplay: ") and named in err
    assert path.read_bytes() == before  # left as it was


def test_a_file_another_version_wrote_is_refused_in_one_line_naming_both(tmp_path, capsys):
    path = tmp_path / "out.jsonl"
    _table(capsys, *COMMANDS["selfplay"], "-o", str(path))
    _cut(path, 3, torn=False)
    lines = path.read_bytes().splitlines(keepends=True)
    header = json.loads(lines[0])
    path.write_bytes(json.dumps({**header, "version": "0.0.1"}).encode() + b"\n"
                     + b"".join(lines[1:]))
    before = path.read_bytes()
    assert main([*COMMANDS["selfplay"], "-o", str(path), "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'written by ginrules "0.0.1"' in err
    assert f'this is "{header["version"]}"' in err
    assert path.read_bytes() == before  # left as it was


@pytest.mark.parametrize("command", COMMANDS)
def test_a_refused_file_starts_nothing_and_a_runner_refused_leaves_the_file_as_it_was(
        command, tmp_path, capsys, monkeypatch):
    # The file is read back and checked before the runner (a Ray cluster, perhaps) starts;
    # it is written only once the runner has: a cluster out of reach leaves it untouched.
    import ginrules.cli as cli

    path = tmp_path / "out.jsonl"
    _table(capsys, *COMMANDS[command], "-o", str(path))
    _cut(path, 2, torn=True)
    before = path.read_bytes()
    started = []
    real = cli._runner
    monkeypatch.setattr(cli, "_runner", lambda *a, **k: started.append(1) or real(*a, **k))
    other = _with(COMMANDS[command], "--seed", "99")
    assert main([*other, "-o", str(path), "--resume"]) == 2
    assert "other settings" in capsys.readouterr().err and not started

    def unreachable(*_, **__):
        raise cli.Refusal("cannot reach the Ray cluster at 127.0.0.1:1")

    monkeypatch.setattr(cli, "_runner", unreachable)
    for resume in ((), ("--resume",)):
        assert main([*COMMANDS[command], "-o", str(path), *resume]) == 2
        assert "cannot reach" in capsys.readouterr().err
        assert path.read_bytes() == before
    fresh = tmp_path / "fresh.jsonl"
    assert main([*COMMANDS[command], "-o", str(fresh)]) == 2
    assert not fresh.exists()


def test_a_file_of_another_command_more_results_than_asked_and_no_file_are_refused(
        tmp_path, capsys):
    path = tmp_path / "out.jsonl"
    _table(capsys, *COMMANDS["selfplay"], "-o", str(path))
    assert main([*COMMANDS["arena"], "-o", str(path), "--resume"]) == 2
    assert "is not an output of ginrules arena (it is one of ginrules selfplay)" in \
        capsys.readouterr().err
    fewer = _with(COMMANDS["selfplay"], "--games", "5")
    assert main([*fewer, "-o", str(path), "--resume"]) == 2
    assert "holds 9 games, more than the 5 asked for" in capsys.readouterr().err
    assert main([*COMMANDS["selfplay"], "--resume"]) == 2
    assert "--resume reads back what --output FILE holds" in capsys.readouterr().err


@pytest.mark.parametrize("line, says", [
    (b"garbage\n", "line 3 is not JSON: not an output of ginrules selfplay"),
    (b'{"game": 1}\n', "holds a line that is not a game of ginrules selfplay"),
    (b'{"game": 1, "players": ["simple", "random"]}\n', "holds a line that is not a game"),
    (b'{"game": 7}\n', "line 3 is not game 1 of ginrules selfplay"),
])
def test_a_file_with_a_broken_line_before_its_last_is_refused(line, says, tmp_path, capsys):
    path = tmp_path / "out.jsonl"
    _table(capsys, *COMMANDS["selfplay"], "-o", str(path))
    lines = path.read_bytes().splitlines(keepends=True)
    lines[2] = line
    path.write_bytes(b"".join(lines))
    assert main([*COMMANDS["selfplay"], "-o", str(path), "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err
    assert path.read_bytes() == b"".join(lines)


def test_resume_without_a_file_yet_starts_afresh_and_more_games_extend_a_run(tmp_path, capsys):
    path = tmp_path / "new.jsonl"
    fewer = _with(COMMANDS["selfplay"], "--games", "4")
    _table(capsys, *fewer, "-o", str(path), "--resume")
    assert len(path.read_text().splitlines()) == 5
    whole = tmp_path / "whole.jsonl"
    table = _table(capsys, *COMMANDS["selfplay"], "-o", str(whole))
    assert _table(capsys, *COMMANDS["selfplay"], "-o", str(path), "--resume") == table
    assert path.read_bytes() == whole.read_bytes()


def test_a_resumed_run_reports_the_rate_of_the_games_it_plays(tmp_path, capsys, monkeypatch):
    from ginrules import meter

    monkeypatch.setattr(meter, "QUIET", 0.0)  # a plain line at each tenth, however soon
    path = tmp_path / "run.jsonl"
    _table(capsys, *_with(COMMANDS["selfplay"], "--games", "4"), "-o", str(path))
    assert main([*_with(COMMANDS["selfplay"], "--games", "8"), "-o", str(path),
                 "--resume"]) == 0
    lines = capsys.readouterr().err.splitlines()
    done = [int(line.split()[2].split("/")[0]) for line in lines]
    assert done == list(range(1, 9)), lines
    # The four games read back have no rate of their own; each later line has one.
    assert ["games/s" in line for line in lines] == [False] * 4 + [True] * 4, lines


@pytest.mark.parametrize("finished,kept", [(4, "the 4 games finished are"),
                                           (1, "the 1 game finished is")])
def test_ctrl_c_keeps_what_finished_and_says_to_resume(tmp_path, capsys, monkeypatch, finished,
                                                       kept):
    real = selfplay._one_game

    def interrupted_after_those(bots, game, *rest):
        if game == finished:
            raise KeyboardInterrupt
        return real(bots, game, *rest)

    path = tmp_path / "out.jsonl"
    whole = tmp_path / "whole.jsonl"
    table = _table(capsys, *COMMANDS["selfplay"], "-o", str(whole))
    monkeypatch.setattr(selfplay, "_one_game", interrupted_after_those)
    assert main([*COMMANDS["selfplay"], "-o", str(path)]) == 130
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"ginrules selfplay: interrupted: {kept} in "
                            f"{path}; the same command with --resume plays the rest\n")
    assert len(path.read_text().splitlines()) == finished + 1
    monkeypatch.setattr(selfplay, "_one_game", real)
    assert _table(capsys, *COMMANDS["selfplay"], "-o", str(path), "--resume") == table
    assert path.read_bytes() == whole.read_bytes()


def test_an_interrupt_signal_leaves_every_finished_game_on_a_whole_line(tmp_path):
    # A real run on two processes, stopped by SIGINT as Ctrl-C stops it.
    path = tmp_path / "out.jsonl"
    run = subprocess.Popen([sys.executable, "-m", "ginrules", "selfplay", "--bots",
                            "simple,simple", "--games", "2000", "--jobs", "2", "-o", str(path)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           preexec_fn=interruptible)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not path.exists()
                                           or path.read_bytes().count(b"\n") < 4):
        time.sleep(0.05)
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130 and out == ""
    data = path.read_bytes()
    finished = data.count(b"\n") - 1
    assert data.endswith(b"\n") and 3 <= finished < 2000
    assert err == (f"ginrules selfplay: interrupted: the {finished} games finished are in "
                   f"{path}; the same command with --resume plays the rest\n")
    assert [json.loads(line)["game"] for line in data.splitlines()[1:]] == list(range(finished))


def test_without_output_ctrl_c_says_how_to_keep_what_finishes(capsys, monkeypatch):
    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(selfplay, "_one_game", interrupted)
    assert main([*COMMANDS["selfplay"]]) == 130
    assert capsys.readouterr().err == ("ginrules selfplay: interrupted: --output FILE keeps the "
                                       "games that finish, and --resume plays the rest\n")


def test_calibrate_prints_the_same_report_and_picture_on_one_process_or_two(tmp_path, capsys):
    pictures = []
    tables = []
    for jobs in ("1", "2"):
        picture = tmp_path / f"{jobs}.svg"
        predictions = tmp_path / f"{jobs}.jsonl"
        tables.append(_table(capsys, *COMMANDS["calibrate"], "--jobs", jobs, "--batch", "1",
                             "--svg", str(picture), "--predictions", str(predictions)))
        pictures.append((picture.read_bytes(), predictions.read_bytes()))
    assert tables[0] == tables[1] and pictures[0] == pictures[1]
    assert sum(int(row.split()[1]) for row in tables[0][1:11]) > 0  # predictions were made


@pytest.mark.parametrize("command", ["selfplay", "arena", "calibrate"])
def test_the_time_line_names_what_ran_the_work(command, tmp_path, capsys):
    output = tmp_path / "run.jsonl"
    for jobs, named in (("1", "1 process"), ("2", "2 processes")):
        assert main([*COMMANDS[command], "--jobs", jobs, "--batch", "1", "-o",
                     str(output)]) == 0
        timed = [line for line in capsys.readouterr().out.splitlines() if " s on " in line]
        assert len(timed) == 1 and f" s on {named}" in timed[0], timed
    _cut(output, 3, False)
    assert main([*COMMANDS[command], "--jobs", "2", "--batch", "1", "-o", str(output),
                 "--resume"]) == 0
    timed = [line for line in capsys.readouterr().out.splitlines() if " s on " in line]
    assert len(timed) == 1 and " s on 2 processes" in timed[0], timed


# replay: --resume skips the logs whose results the file holds ------------------------------

def _logs(tmp_path):
    return logs_file(tmp_path, 7, broken=2)


@pytest.mark.parametrize("keep, torn", [(4, True), (0, True), (8, False)])
def test_replay_resumed_writes_the_results_and_summary_of_one_run(keep, torn, tmp_path,
                                                                  capsys):
    logs = _logs(tmp_path)
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    assert main(["replay", "--jobs", "1", "-o", str(whole), str(logs)]) == 1
    summary = capsys.readouterr().out.splitlines()
    cut.write_bytes(whole.read_bytes())
    _cut(cut, keep, torn)
    assert main(["replay", "--jobs", "2", "--resume", "-o", str(cut), str(logs)]) == 1
    resumed = capsys.readouterr().out.splitlines()
    assert cut.read_bytes() == whole.read_bytes()
    assert resumed[1:] == summary[1:] and resumed[3].split() == ["invalid", "2"]
    assert (f"8 logs ({keep} read back from the output) checked in" in resumed[0]) == (keep > 0)


def test_replay_resume_refuses_other_inputs_invalid_only_and_standard_output(
        tmp_path, capsys, monkeypatch):
    import ginrules.cli as cli

    logs = _logs(tmp_path)
    out = tmp_path / "out.jsonl"
    assert main(["replay", "--jobs", "1", "-o", str(out), str(logs)]) == 1
    capsys.readouterr()
    other = tmp_path / "other.jsonl"
    other.write_text(logs.read_text())
    started = []
    real = cli._runner
    monkeypatch.setattr(cli, "_runner", lambda *a, **k: started.append(1) or real(*a, **k))
    assert main(["replay", "--resume", "-o", str(out), str(other)]) == 2
    assert not started  # the file is checked before anything starts
    err = capsys.readouterr().err
    assert err == (f"ginrules replay: {out} line 1 is the result of {logs} line 1, not of "
                   f"{other} line 1: resume with the same inputs, in the same order\n")
    for extra in (["--invalid-only", "-o", str(out)], []):
        assert main(["replay", "--resume", *extra, str(logs)]) == 2
        assert "--resume reads back one result per log from --output FILE" in \
            capsys.readouterr().err


@pytest.mark.parametrize("command, bots, given, shipped", [
    ("selfplay", "advisor,simple", None, "slow"),
    ("selfplay", "simple,random", None, None),
    ("arena", "simple,advisor:0", None, "slow"),
    ("calibrate", "advisor,random", None, "slow"),
    ("calibrate", "advisor,random", "5", 5),
])
def test_a_run_with_the_advisor_ships_few_games_a_batch_so_that_a_stop_loses_few(
        command, bots, given, shipped, capsys, monkeypatch):
    # An output keeps a game once its batch comes back: a batch of the advisor's games held
    # minutes of them (hours of pairs), lost to a stop.  --batch still says what it says.
    from ginrules.rules.usecases import batches

    made = []
    real = batches.Processes

    def spy(jobs: int = 1, batch: int | None = None):
        made.append(batch)
        return real(jobs, batch)

    monkeypatch.setattr(batches, "Processes", spy)
    args = _with(COMMANDS[command], "--bots", bots)
    if command == "selfplay":
        args = _with(tuple(args), "--budget-ms", "0")
    if given is not None:
        args = [*args, "--batch", given]
    _table(capsys, *args)
    assert made == [batches.SLOW_BATCH if shipped == "slow" else shipped]


def test_a_calibration_resumed_across_a_change_of_the_maps_reports_what_one_run_of_today_does(
        tmp_path, capsys, monkeypatch):
    """The maps (hints.CALIBRATION) change no move, so the games a run played before a map
    was fitted again are today's games: resumed, their predictions read as today's map reads
    them, and the report, the predictions and the picture are one run's of today's."""
    fresh = tmp_path / "fresh.jsonl"
    table = _table(capsys, *COMMANDS["calibrate"], "--predictions", str(fresh))
    path = tmp_path / "out.jsonl"
    earlier = tmp_path / "earlier.jsonl"
    with monkeypatch.context() as patch:  # the games played under another map
        patch.setitem(hints.CALIBRATION["greedy"], "standard",
                      hints.CalibrationMap(1.0, 0.5, 3.0, 0.5))
        other = _table(capsys, *COMMANDS["calibrate"], "-o", str(path), "--predictions",
                       str(earlier))
    assert other != table and earlier.read_bytes() != fresh.read_bytes()
    _cut(path, 3, torn=False)  # two games played under the other map
    resumed = tmp_path / "resumed.jsonl"
    resumed_table, err = _run(capsys, *COMMANDS["calibrate"], "-o", str(path), "--resume",
                              "--predictions", str(resumed))
    assert resumed_table == table
    assert resumed.read_bytes() == fresh.read_bytes()
    played = [json.loads(line) for line in path.read_text().splitlines()[1:3]]
    count = sum(len(line["predictions"]) for line in played)
    assert count > 0
    assert err.splitlines()[0] == (
        f"ginrules calibrate: {count:,} predictions of the games resumed were made under "
        f"other maps (hints.CALIBRATION): they are scored again under today's, as one run of "
        f"today's makes them")
    # Games played under today's maps are resumed as they are, and nothing is said.
    today = tmp_path / "today.jsonl"
    _table(capsys, *COMMANDS["calibrate"], "-o", str(today))
    _cut(today, 3, torn=False)
    assert "scored again" not in _run(capsys, *COMMANDS["calibrate"], "-o", str(today),
                                      "--resume")[1]


@pytest.mark.parametrize("field, value", [("stock", 10 ** 7), ("playout_win", 2.0),
                                          ("playout_points", "many")])
def test_a_calibration_line_no_run_writes_is_refused_in_one_line_when_resumed(
        field, value, tmp_path, capsys):
    # Resumed, a game's predictions are mapped again: numbers out of any range are refused,
    # not a traceback, and the file is left as it was.
    path = tmp_path / "out.jsonl"
    args = [*COMMANDS["calibrate"], "--opponent-model", "random"]  # a map with the stock's terms
    _table(capsys, *args, "-o", str(path))
    header, first, *_ = path.read_text().splitlines()
    game = json.loads(first)
    game["predictions"][0][field] = value
    path.write_text(header + "\n" + json.dumps(game) + "\n")
    before = path.read_bytes()
    assert main([*args, "-o", str(path), "--resume"]) == 2
    err = capsys.readouterr().err
    assert err == (f"ginrules calibrate: {path} holds a line that is not a game of ginrules "
                   f"calibrate\n")
    assert path.read_bytes() == before
