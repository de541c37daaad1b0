"""The batch commands' progress report (ginrules/meter.py), on a fake clock: on a terminal one
line redrawn with the work done, its rate and the time left; elsewhere plain lines at each
tenth of the work or every 30 seconds, none in the first 5 seconds or within 5 of the last."""

from __future__ import annotations

import io
import re

from ginrules import bulk, meter
from ginrules.cli import main


class Clock:
    """A clock that says what it is told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _progress(terminal: bool, total: int | None = 200, **options):
    clock = Clock()
    stream = io.StringIO()
    progress = meter.Progress(stream, "games", total, terminal=terminal, clock=clock,
                              label="ginrules selfplay", **options)
    return progress, stream, clock


def test_the_terminal_line_shows_the_games_the_rate_and_the_time_left():
    progress, stream, clock = _progress(terminal=True)
    clock.now += 20
    progress.update(50, 200)  # 2.5 games a second; 150 games to go: 60 s
    line = stream.getvalue()
    assert line.startswith("\r[#######.......................] ")  # 30 * 1/4, rounded down
    assert "50/200 games (25%), 2.50 games/s, 1:00 left" in line
    assert "ginrules" not in line  # the terminal knows which command it runs
    clock.now += 0.05
    progress.update(60, 200)  # within a tenth of a second: not redrawn
    assert stream.getvalue() == line
    clock.now += 40.0
    progress.update(150, 200, note="12 predictions")  # 150 in 60.05 s; 50 to go: about 20 s
    last = stream.getvalue()[len(line):]
    assert "150/200 games (75%), 2.50 games/s, 0:20 left; 12 predictions" in last
    progress.close()
    assert stream.getvalue().endswith("\n") and stream.getvalue().count("\n") == 1


def test_a_shorter_line_wipes_out_the_longer_one_before_it():
    progress, stream, clock = _progress(terminal=True)
    clock.now += 1
    progress.update(1, note="a long note " * 5)
    clock.now += 1
    progress.update(2)
    first, second = stream.getvalue().split("\r")[1:]
    assert len(second) >= len(first) and second.rstrip() != second


def test_under_a_cap_the_time_left_is_at_most():
    progress, stream, clock = _progress(terminal=True, capped=True)
    clock.now += 10
    progress.update(100, 400, note="LLR 1.20 (-2.94, 2.94)")
    assert "100/400 games (25%), 10.0 games/s, at most 0:30 left (at the cap); LLR 1.20" in (
        stream.getvalue())


def test_a_resumed_run_reports_its_own_rate_and_time_left():
    progress, stream, clock = _progress(terminal=True, total=400)
    progress.resume(300)  # read back from --output before the run began
    clock.now += 10
    progress.update(300)  # nothing done by this run yet: no rate, no time left
    assert stream.getvalue().rstrip().endswith("300/400 games (75%)")
    clock.now += 10
    progress.update(350)  # 50 games in 20 s: 2.5 a second, 50 to go
    assert stream.getvalue().split("\r")[-1].endswith(
        "350/400 games (88%), 2.50 games/s, 0:20 left")


def test_a_resumed_replay_reports_its_own_rate_and_time_left_by_bytes():
    clock = Clock()
    stream = io.StringIO()
    progress = bulk.Progress(stream, 800, terminal=True, clock=clock)
    summary = bulk.Summary(bytes_checked=400, resumed=4)
    summary.outcomes["valid"] = 4
    progress.resume(summary)  # half the bytes, read back
    clock.now += 10
    summary.outcomes["valid"] += 2
    summary.bytes_checked = 600
    progress.update(summary)  # a quarter of the bytes in 10 s, a quarter to go
    assert "6 logs (75%), 0.20 logs/s, 0:10 left; 0 invalid" in stream.getvalue()


def test_plain_lines_come_at_each_tenth_but_not_within_five_seconds():
    progress, stream, clock = _progress(terminal=False, total=1280)
    for done in range(1, 1281):
        clock.now += 1 / 64  # 64 games a second: 20 s in all, a tenth every 2 s
        progress.update(done)
    progress.close()
    lines = stream.getvalue().splitlines()
    # 5 s is 320 games (past the first tenth): a line then, and one every 5 s after
    shares = [int(re.search(r"\((\d+)%\)", line).group(1)) for line in lines]
    assert shares == [25, 50, 75, 100], lines
    assert lines[0] == "ginrules selfplay: 320/1,280 games (25%), 64.0 games/s, 0:15 left"
    assert lines[-1] == "ginrules selfplay: 1,280/1,280 games (100%), 64.0 games/s"


def test_plain_lines_of_slow_work_come_at_each_tenth():
    progress, stream, clock = _progress(terminal=False, total=100)
    for done in range(1, 101):
        clock.now += 1.5  # a tenth every 15 s
        progress.update(done)
    shares = [int(re.search(r"\((\d+)%\)", line).group(1))
              for line in stream.getvalue().splitlines()]
    assert shares == [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]


def test_plain_lines_of_very_slow_or_unmeasured_work_come_every_30_seconds():
    progress, stream, clock = _progress(terminal=False, total=None)
    for done in range(1, 61):
        clock.now += 3.0  # 180 s in all
        progress.update(done)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 6 and lines[0] == "ginrules selfplay: 10 games, 0.33 games/s"


def test_a_short_run_writes_no_plain_line():
    progress, stream, clock = _progress(terminal=False, total=100)
    for done in range(1, 101):
        clock.now += 0.04  # 4 s in all
        progress.update(done)
    progress.close()
    assert stream.getvalue() == ""


def test_the_unit_agrees_with_the_whole_of_the_work():
    texts = {}
    for total, done in ((4, 1), (1, 1), (None, 1), (None, 2)):
        progress, _, clock = _progress(terminal=True, total=total)
        texts[total, done] = progress.text(clock.now + 2, done, None)
    assert texts[4, 1].startswith("1/4 games, ")
    assert texts[1, 1].startswith("1/1 game, ")
    assert texts[None, 1].startswith("1 game, ") and texts[None, 2].startswith("2 games, ")


def test_durations_and_rates_read_as_people_write_them():
    assert [meter.duration(s) for s in (0, 59.6, 61, 3600 + 62)] == [
        "0:00", "1:00", "1:01", "1:01:02"]
    assert [meter.rate_text(r) for r in (0.123, 12.34, 1234.5)] == ["0.12", "12.3", "1,234"]


def test_a_short_selfplay_writes_nothing_on_standard_error(capsys):
    assert main(["selfplay", "--bots", "simple,random", "--games", "4"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and "simple" in captured.out
