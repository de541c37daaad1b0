"""Shared helpers of the server benchmarks: start `ginrules serve` on loopback, run wrk, stop.

Nothing here talks to any address but 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ginrules.rules.base.cards import CARD_NAMES  # noqa: E402
from testkit import free_port  # noqa: E402

ANALYZE_LUA = """
-- Every request is formatted once, before the run: the client's own cost per request stays
-- as small as for the plain GET it is compared with.
local bodies = {}
for line in io.lines("%(bodies)s") do bodies[#bodies + 1] = line end
local requests = {}
local i = 0
local pause = %(pause)s
init = function(args)
  for j, body in ipairs(bodies) do
    requests[j] = wrk.format("POST", "%(path)s", {["Content-Type"] = "application/json"}, body)
  end
end
request = function()
  i = i %% #requests + 1
  return requests[i]
end
delay = function()
  return pause
end
"""


class Server:
    """`ginrules serve` on a free loopback port, for the duration of a `with` block."""

    def __init__(self, workers: int | None = None, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.workers = workers
        self.env = env or {}
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> "Server":
        command = [sys.executable, "-m", "ginrules.cli", "serve", "--port", str(self.port)]
        if self.workers:
            command += ["--workers", str(self.workers)]
        env = {**os.environ, "GINRULES_ACCESS_LOG": "/dev/null", "GINRULES_LOG_LEVEL": "warning",
               **self.env}
        self.process = subprocess.Popen(command, cwd=ROOT, env=env)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.base + "/healthz", timeout=1).read()
                return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise SystemExit("the server did not answer within 30 s")

    def worker_pids(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True,
                             text=True).stdout
        return [int(pid) for pid in out.split()]

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def __exit__(self, *exc) -> None:
        self.stop()


def distinct_hands(sizes: tuple[int, ...], count: int, seed: int) -> list[list[str]]:
    """``count`` distinct seeded hands (canonical codes), their sizes cycling through ``sizes``."""
    rng = random.Random(seed)
    hands: list[list[str]] = []
    seen: set[frozenset[int]] = set()
    while len(hands) < count:
        hand = frozenset(rng.sample(range(52), sizes[len(hands) % len(sizes)]))
        if hand not in seen:
            seen.add(hand)
            hands.append([CARD_NAMES[c] for c in sorted(hand)])
    return hands


def hand_bodies(folder: Path, size: int = 10, count: int = 5000, seed: int = 2026,
                sizes: tuple[int, ...] | None = None) -> Path:
    """A file of analysis request bodies, one a line: ``count`` distinct hands of ``size`` cards
    (or of ``sizes`` in turn)."""
    path = folder / "bodies.jsonl"
    path.write_text("".join(json.dumps({"hand": hand}) + "\n"
                            for hand in distinct_hands(sizes or (size,), count, seed)))
    return path


def batch_bodies(folder: Path, batch: int, sizes: tuple[int, ...], count: int,
                 seed: int = 2026) -> Path:
    """A file of batch request bodies, one a line: ``count`` hands in batches of ``batch``."""
    hands = distinct_hands(sizes, count, seed)
    path = folder / "batches.jsonl"
    path.write_text("".join(json.dumps({"hands": hands[i:i + batch]}) + "\n"
                            for i in range(0, count - batch + 1, batch)))
    return path


def wrk(url: str, seconds: int, connections: int, script: Path | None = None) -> dict:
    """Run wrk; its rate, latency percentiles, errors and its own CPU seconds (``client_cpu_s``:
    on a machine of few cores the client competes with the server it measures)."""
    command = ["wrk", f"-t{min(connections, 2)}", f"-c{connections}", f"-d{seconds}s",
               "--latency", "--timeout", "5s"]
    if script:
        command += ["-s", str(script)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = {"rate": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
              "requests": int(re.search(r"(\d+) requests in", out).group(1)), "raw": out,
              "client_cpu_s": (after.ru_utime - before.ru_utime)
              + (after.ru_stime - before.ru_stime)}
    for label in ("50", "99"):
        found = re.search(rf"\s{label}%\s+([\d.]+)(us|ms|s)", out)
        value, unit = float(found.group(1)), found.group(2)
        result[f"p{label}_ms"] = value / 1000 if unit == "us" else value * 1000 if unit == "s" \
            else value
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    result["errors"] = (sum(int(x) for x in errors.groups()) if errors else 0) + (
        int(non2xx.group(1)) if non2xx else 0)
    return result


def analyze_script(folder: Path, pause_ms: float = 0, size: int = 10, seed: int = 2026,
                   sizes: tuple[int, ...] | None = None, count: int = 5000) -> Path:
    """A wrk script cycling through distinct seeded hands, pausing ``pause_ms`` between requests."""
    script = folder / "analyze.lua"
    bodies = hand_bodies(folder, size=size, seed=seed, sizes=sizes, count=count)
    script.write_text(ANALYZE_LUA % {"bodies": bodies, "pause": pause_ms,
                                     "path": "/v1/hands/analyze"})
    return script


def batch_script(folder: Path, batch: int, sizes: tuple[int, ...], count: int,
                 seed: int = 2026) -> Path:
    """A wrk script cycling through batches of distinct seeded hands."""
    script = folder / "batch.lua"
    bodies = batch_bodies(folder, batch, sizes, count, seed)
    script.write_text(ANALYZE_LUA % {"bodies": bodies, "pause": 0,
                                     "path": "/v1/hands/analyze/batch"})
    return script


def scratch() -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="ginrules-bench-")
