"""Server throughput: requests per second of /v1/hands/analyze beside a trivial endpoint.

    python bench/http.py [--seconds 15] [--connections 8] [--workers N]

Starts ``ginrules serve`` (deploy/gunicorn.conf.py) on a free loopback port, loads it with
``wrk`` (Debian/Ubuntu: ``apt-get install wrk``) and stops it.  The trivial endpoint is
``GET /healthz``; the analysis requests cycle through 5,000 distinct seeded ten-card hands
(``--size 11`` for eleven).  Target: analysis at least 75% of the trivial endpoint's rate.

Without wrk the same command line is printed for you to run by hand against a server you
start yourself; nothing else is sent anywhere but 127.0.0.1.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where this file would hide the
# standard library's http package; the project root goes there instead.
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != HERE]

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import urllib.request  # noqa: E402

from service.rules.cards import CARD_NAMES  # noqa: E402

LUA = """
local bodies = {}
for line in io.lines("%(bodies)s") do bodies[#bodies + 1] = line end
local i = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  i = i %% #bodies + 1
  return wrk.format(nil, "/v1/hands/analyze", nil, bodies[i])
end
response = function(status, headers, body)
  if status ~= 200 then error("status " .. status) end
end
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(base: str, process: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("the server exited before answering")
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1).read()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not answer within 30 s")


def run_wrk(args: argparse.Namespace, url: str, script: str | None = None) -> tuple[float, str]:
    command = ["wrk", f"-t{min(args.connections, 2)}", f"-c{args.connections}",
               f"-d{args.seconds}s", "--latency"]
    if script:
        command += ["-s", script]
    output = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    return rate, output


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=15)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--workers", type=int, default=None, help="gunicorn workers (default: cores)")
    parser.add_argument("--size", type=int, default=10, choices=range(0, 12))
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    hands = {frozenset(rng.sample(range(52), args.size)) for _ in range(5200)}
    with tempfile.TemporaryDirectory() as scratch:
        bodies = Path(scratch) / "bodies.jsonl"
        bodies.write_text("".join(
            json.dumps({"hand": [CARD_NAMES[c] for c in sorted(hand)]}) + "\n"
            for hand in list(hands)[:5000]))
        script = Path(scratch) / "analyze.lua"
        script.write_text(LUA % {"bodies": bodies})
        if shutil.which("wrk") is None:
            print("wrk is not installed. Start the server (ginrules serve) and run:")
            print(f"  wrk -c{args.connections} -d{args.seconds}s http://127.0.0.1:8000/healthz")
            print(f"  wrk -c{args.connections} -d{args.seconds}s -s {script} http://127.0.0.1:8000")
            return 2

        port = free_port()
        command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
        if args.workers:
            command += ["--workers", str(args.workers)]
        env = {**os.environ, "GINRULES_ACCESS_LOG": "/dev/null", "GINRULES_LOG_LEVEL": "warning"}
        server = subprocess.Popen(command, cwd=ROOT, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            wait_until_up(base, server)
            run_wrk(argparse.Namespace(**{**vars(args), "seconds": 2}), base + "/healthz")  # warm up
            trivial, trivial_out = run_wrk(args, base + "/healthz")
            analyze, analyze_out = run_wrk(args, base, str(script))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)

    def latency(output: str, label: str) -> str:
        found = re.search(rf"{label}%\s+([\d.]+\w+)", output)
        return found.group(1) if found else "?"

    workers = args.workers or os.cpu_count()
    print(f"gunicorn {workers} worker(s), wrk {args.connections} connections, {args.seconds} s each")
    print(f"GET  /healthz            {trivial:10,.0f} req/s   p50 {latency(trivial_out, '50')}"
          f"  p99 {latency(trivial_out, '99')}")
    print(f"POST /v1/hands/analyze   {analyze:10,.0f} req/s   p50 {latency(analyze_out, '50')}"
          f"  p99 {latency(analyze_out, '99')}   ({args.size}-card hands)")
    print(f"analysis / trivial: {analyze / trivial:.0%} (target >= 75%)")
    errors = re.findall(r"Non-2xx or 3xx responses: (\d+)", analyze_out)
    if errors:
        print(f"non-2xx replies during the analysis run: {errors[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
