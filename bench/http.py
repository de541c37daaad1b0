"""Server throughput: requests per second of /v1/hands/analyze beside a trivial endpoint.

    python bench/http.py [--seconds 15] [--connections 8] [--workers N]

Starts ``ginrules serve`` (the packaged gunicorn settings) on a free loopback port, loads it with
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
sys.path[:] = [str(HERE.parent)] + [p for p in sys.path if Path(p or ".").resolve() != HERE]

import argparse  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402

from bench.serverkit import Server, analyze_script, scratch, wrk  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=15)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--workers", type=int, default=None,
                        help="gunicorn workers (default: cores)")
    parser.add_argument("--size", type=int, default=10, choices=range(0, 12))
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    with scratch() as folder:
        script = analyze_script(Path(folder), size=args.size, seed=args.seed)
        if shutil.which("wrk") is None:
            print("wrk is not installed. Start the server (ginrules serve) and run:")
            print(f"  wrk -c{args.connections} -d{args.seconds}s http://127.0.0.1:8000/healthz")
            print(f"  wrk -c{args.connections} -d{args.seconds}s -s {script} http://127.0.0.1:8000")
            return 2
        with Server(args.workers) as server:
            wrk(server.base + "/healthz", 2, args.connections)  # warm up
            trivial = wrk(server.base + "/healthz", args.seconds, args.connections)
            analyze = wrk(server.base, args.seconds, args.connections, script)

    workers = args.workers or os.cpu_count()
    print(f"gunicorn {workers} worker(s), wrk {args.connections} connections, {args.seconds} s each")
    print(f"GET  /healthz            {trivial['rate']:10,.0f} req/s   "
          f"p50 {trivial['p50_ms']:.2f}ms  p99 {trivial['p99_ms']:.2f}ms")
    print(f"POST /v1/hands/analyze   {analyze['rate']:10,.0f} req/s   "
          f"p50 {analyze['p50_ms']:.2f}ms  p99 {analyze['p99_ms']:.2f}ms   ({args.size}-card hands)")
    print(f"analysis / trivial: {analyze['rate'] / trivial['rate']:.0%} (target >= 75%)")
    if analyze["errors"]:
        print(f"errors during the analysis run: {analyze['errors']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
