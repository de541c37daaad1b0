"""Steady load: /v1/hands/analyze at about 70% of measured capacity for 60 s.

    python bench/load.py [--seconds 60] [--share 0.7] [--connections 8]

Starts `ginrules serve` on a loopback port, measures capacity with wrk (10 s, distinct ten-card
hands), then holds a fixed rate near ``share`` of it: each of the connections pauses between
requests (wrk's Lua ``delay``) so that together they send that rate.  Reports the achieved
rate, p50/p99 latency and errors.  Target on the 2-core machine: zero errors, p99 under 20 ms.
Needs wrk (apt-get install wrk).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the repository's root, which holds bench and testkit

from bench.serverkit import Server, analyze_script, scratch, wrk  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--share", type=float, default=0.7)
    parser.add_argument("--connections", type=int, default=8)
    args = parser.parse_args()
    with scratch() as folder_name, Server() as server:
        folder = Path(folder_name)
        capacity = wrk(server.base, 10, args.connections, analyze_script(folder))["rate"]
        target = capacity * args.share
        pause = 1000.0 * args.connections / target
        # Calibrate: each connection's cycle is its pause plus the time to answer.
        trial = wrk(server.base, 5, args.connections, analyze_script(folder, round(pause, 2)))
        answer_ms = 1000.0 * args.connections / trial["rate"] - pause
        pause = max(0.0, pause - answer_ms)
        steady = wrk(server.base, args.seconds, args.connections,
                     analyze_script(folder, pause_ms=round(pause, 2)))
    print(f"capacity {capacity:,.0f} req/s; steady load for {args.seconds} s at about "
          f"{args.share:.0%} = {target:,.0f} req/s ({args.connections} connections, "
          f"{pause:.2f} ms pause each)")
    print(f"achieved {steady['rate']:,.0f} req/s, {steady['requests']} requests; "
          f"p50 {steady['p50_ms']:.2f} ms, p99 {steady['p99_ms']:.2f} ms, errors {steady['errors']}"
          " (target: 0 errors, p99 < 20 ms)")
    return 0 if steady["errors"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
