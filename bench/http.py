"""Server throughput of one worker: /v1/hands/analyze beside the same worker's ping ceiling,
and the batch endpoint's hands per second, end to end.

    python bench/http.py [--seconds 15] [--connections 8] [--workers 1]

Starts ``ginrules serve`` (the packaged gunicorn settings, gevent workers) on a free loopback
port, loads it with ``wrk`` (Debian/Ubuntu: ``apt-get install wrk``) and stops it.  Three runs:

- the ping ceiling: ``GET /healthz``;
- ``POST /v1/hands/analyze`` cycling through distinct seeded hands, two ten-card hands for each
  eleven-card one (``--size`` for one size only), more of them than the solver cache holds, so
  answers come from the solver, not the cache; target: at least 85% of the ping ceiling;
- ``POST /v1/hands/analyze/batch``, ``--batch`` hands a request, the same mix of distinct
  hands; hands per second per worker (target: at least 50,000).

Without wrk the command lines are printed for you to run by hand against a server you start
yourself; nothing is sent anywhere but 127.0.0.1.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where this file would hide the
# standard library's http package; the project root goes there instead.
HERE = Path(__file__).resolve().parent
sys.path[:] = [str(HERE.parent)] + [p for p in sys.path if Path(p or ".").resolve() != HERE]

import argparse  # noqa: E402
import shutil  # noqa: E402

from bench.serverkit import Server, analyze_script, batch_script, scratch, wrk  # noqa: E402

MIX = (10, 10, 11)
"""Two ten-card hands for each eleven-card one."""
ANALYZE_TARGET = 0.85
BATCH_TARGET = 50_000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=15)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--workers", type=int, default=1, help="gunicorn workers (default 1)")
    parser.add_argument("--size", type=int, default=None, choices=range(0, 12),
                        help="one hand size instead of the mix")
    parser.add_argument("--hands", type=int, default=100_000,
                        help="distinct hands of each run (more than the solver cache holds)")
    parser.add_argument("--batch", type=int, default=1000, help="hands in a batch request")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    sizes = (args.size,) if args.size is not None else MIX

    with scratch() as name:
        folder = Path(name)
        script = analyze_script(folder, sizes=sizes, count=args.hands, seed=args.seed)
        batches = batch_script(folder, args.batch, sizes, args.hands, seed=args.seed)
        if shutil.which("wrk") is None:
            print("wrk is not installed. Start the server (ginrules serve) and run:")
            print(f"  wrk -c{args.connections} -d{args.seconds}s http://127.0.0.1:8000/healthz")
            print(f"  wrk -c{args.connections} -d{args.seconds}s -s {script} http://127.0.0.1:8000")
            print(f"  wrk -c2 -d{args.seconds}s -s {batches} http://127.0.0.1:8000")
            return 2
        with Server(args.workers) as server:
            wrk(server.base + "/healthz", 2, args.connections)  # warm up
            trivial = wrk(server.base + "/healthz", args.seconds, args.connections)
            analyze = wrk(server.base, args.seconds, args.connections, script)
            # Two connections: one request parsing while the other's reply is written.
            batch = wrk(server.base, args.seconds, 2, batches)

    mix = f"{'/'.join(map(str, sizes))}-card hands in turn"
    print(f"gunicorn {args.workers} worker(s), wrk {args.connections} connections, "
          f"{args.seconds} s each, {args.hands:,} distinct hands")
    print(f"GET  /healthz                {trivial['rate']:10,.0f} req/s   "
          f"p50 {trivial['p50_ms']:.2f}ms  p99 {trivial['p99_ms']:.2f}ms")
    print(f"POST /v1/hands/analyze       {analyze['rate']:10,.0f} req/s   "
          f"p50 {analyze['p50_ms']:.2f}ms  p99 {analyze['p99_ms']:.2f}ms   ({mix})")
    print(f"POST /v1/hands/analyze/batch {batch['rate'] * args.batch:10,.0f} hands/s "
          f"({batch['rate']:,.1f} req/s of {args.batch} hands, p50 {batch['p50_ms']:.1f}ms)")
    ratio = analyze["rate"] / trivial["rate"]
    print(f"analysis / ping ceiling: {ratio:.2f} (target >= {ANALYZE_TARGET}); batch: "
          f"{batch['rate'] * args.batch / args.workers:,.0f} hands/s per worker "
          f"(target >= {BATCH_TARGET:,})")
    for name, run in (("analysis", analyze), ("batch", batch)):
        if run["errors"]:
            print(f"errors during the {name} run: {run['errors']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
