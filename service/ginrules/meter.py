"""How far long batch work has got (``selfplay``, ``arena``, ``calibrate``, ``replay``), on
standard error: the work done, its rate and the time left.

On a terminal, one line redrawn at most :data:`REDRAW` times a second.  Elsewhere (a log file, a
pipe, a cluster job's output) a plain line now and then: at each tenth of the work, and at
least every :data:`EVERY` seconds, but never within :data:`QUIET` seconds of the start or of
the line before, so that the log of a long run shows how far it got and a short run (under
:data:`QUIET` seconds) shows nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

REDRAW = 0.1
"""Seconds between two redraws of the terminal's line."""
QUIET = 5.0
"""Seconds without a plain line at the start, and between two plain lines."""
EVERY = 30.0
"""Seconds after which a plain line is written whatever the share of the work done."""
STEP = 0.1
"""The share of the work between two plain lines (when the share is known)."""
WIDTH = 30
"""The terminal's bar, in characters."""


def duration(seconds: float) -> str:
    """``0:45``, ``12:03``, ``1:02:03``."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def rate_text(rate: float) -> str:
    """A rate to three significant digits or so: ``1,234``, ``12.3``, ``0.52``."""
    if rate >= 100:
        return f"{rate:,.0f}"
    return f"{rate:.1f}" if rate >= 10 else f"{rate:.2f}"


class Progress:
    """The progress report of ``unit`` (plural: ``games``, ``pairs``, ``logs``) of work, of
    ``total`` of them (None: not known), written to ``stream``; ``capped``: the total is a cap
    the work may stop before (a sequential test), so the time left is at most that."""

    def __init__(self, stream: TextIO, unit: str, total: int | None, *, terminal: bool,
                 label: str = "", capped: bool = False,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.unit = unit
        self.total = total
        self.terminal = terminal
        self.label = label
        self.capped = capped
        self.clock = clock
        self.started = clock()
        self.shown = self.started
        self.drawn = 0
        """Characters of the terminal's line drawn last (0: none yet)."""
        self.next_step = 1
        """The tenth of the work (1 to 10) at which the next plain line is due."""
        self.last: tuple[int, float | None, str] | None = None
        self.resumed = 0
        """Units done before this run began (read back by ``--resume``): counted as done,
        but not in the rate or the time left, which are this run's."""
        self.resumed_share = 0.0
        """The share of the whole those units are."""

    def resume(self, done: int, share: float | None = None) -> None:
        """``done`` units (``share`` of the whole; by default ``done`` of the total) were done
        before this run began, read back from its output."""
        self.resumed = done
        if share is None:
            share = done / self.total if self.total else 0.0
        self.resumed_share = share

    def update(self, done: int, total: int | None = None, *, share: float | None = None,
               note: str = "", force: bool = False) -> None:
        """``done`` units of work done (of ``total``, when it changes); ``share`` of the whole
        when it is measured otherwise (bytes read); ``note``, a few words more; ``force``:
        the terminal's line redrawn now (a plain line keeps its cadence)."""
        if total is not None:
            self.total = total
        if share is None and self.total:
            share = done / self.total
        self.last = done, share, note
        now = self.clock()
        if self.terminal:
            if force or now - self.shown >= REDRAW:
                self._draw(now)
            return
        since = now - self.shown
        # A share is a ratio of whole numbers: 3/10 is a little under 3 * 0.1 in floating point.
        tenths = None if share is None else share / STEP + 1e-9
        due = since >= EVERY or (tenths is not None and tenths >= self.next_step)
        if due and since >= QUIET:
            self.stream.write(self.text(now, done, share, note) + "\n")
            self.stream.flush()
            self.shown = now
            if tenths is not None:
                self.next_step = int(tenths) + 1

    def _draw(self, now: float) -> None:
        assert self.last is not None
        done, share, note = self.last
        line = self.text(now, done, share, note)
        if share is not None:
            filled = int(WIDTH * min(1.0, share))
            line = f"[{'#' * filled}{'.' * (WIDTH - filled)}] {line}"
        self.stream.write("\r" + line.ljust(self.drawn))
        self.stream.flush()
        self.drawn = len(line)
        self.shown = now

    def text(self, now: float, done: int, share: float | None, note: str = "") -> str:
        """The report's words: ``450/1,000 pairs (45%), 12.3 pairs/s, 0:45 left; NOTE``."""
        elapsed = now - self.started
        # The noun agrees with the whole: "1/4 games", "1/1 game", "1 game".
        whole = self.total or done
        unit = self.unit[:-1] if whole == 1 and self.unit.endswith("s") else self.unit
        count = f"{done:,}/{self.total:,}" if self.total else f"{done:,}"
        parts = [f"{count} {unit}" + (f" ({share:.0%})" if share is not None else "")]
        fresh = done - self.resumed
        if elapsed > 0 and fresh > 0:
            parts.append(f"{rate_text(fresh / elapsed)} {self.unit}/s")
            if share is not None and 0 < share < 1:
                # What is left, at the pace of the share of the whole this run did.
                ran = share - self.resumed_share
                if ran > 0:
                    left = duration(elapsed * (1 - share) / ran)
                    parts.append(f"at most {left} left (at the cap)" if self.capped
                                 else f"{left} left")
        words = ", ".join(parts) + (f"; {note}" if note else "")
        return f"{self.label}: {words}" if self.label and not self.terminal else words

    def close(self) -> None:
        """The end of the work: the terminal's line drawn a last time, and ended."""
        if self.terminal and self.last is not None:
            self._draw(self.clock())
            self.stream.write("\n")
            self.stream.flush()
