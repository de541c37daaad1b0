"""Faults: a worker killed under load, and a graceful shutdown with a request in flight.

    python bench/faults.py [--seconds 20]

1. SIGKILL: `ginrules serve` (2 workers) under wrk load for ``--seconds``; a third of the way in,
   one worker gets SIGKILL.  gunicorn replaces it; the server keeps answering.  Reports the
   failed requests (target: only those in flight on the killed worker) and checks that the
   master has two workers again.
2. SIGTERM: a slow request (a batch of 1,000 eleven-card hands) is sent; while it is being
   answered the master gets SIGTERM.  The in-flight request must finish with a 200 before the
   server exits (graceful shutdown).
Only 127.0.0.1 is used.  Needs wrk (apt-get install wrk).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import threading
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the repository's root, which holds bench and testkit

from bench.serverkit import Server, analyze_script, scratch, wrk  # noqa: E402
from ginrules.rules.base.cards import CARD_NAMES  # noqa: E402


def kill_a_worker(seconds: int) -> int:
    with scratch() as folder, Server(workers=2) as server:
        script = analyze_script(Path(folder))
        result: dict = {}
        load = threading.Thread(target=lambda: result.update(
            wrk(server.base, seconds, 8, script)))
        load.start()
        time.sleep(seconds / 3)
        victim = server.worker_pids()[0]
        os.kill(victim, signal.SIGKILL)
        load.join()
        time.sleep(1)
        workers = server.worker_pids()
        alive = urllib.request.urlopen(server.base + "/healthz", timeout=5).status == 200
    print(f"SIGKILL of worker {victim} under load: {result['requests']} requests, "
          f"{result['errors']} failed; {len(workers)} workers afterwards; healthy: {alive}")
    return 0 if alive and len(workers) == 2 and result["errors"] <= 8 else 1


def graceful_stop() -> int:
    rng = random.Random(7)
    body = json.dumps({"hands": [[CARD_NAMES[c] for c in rng.sample(range(52), 11)]
                                 for _ in range(1000)], "all_arrangements": True}).encode()
    outcome: dict = {}
    with Server(workers=1) as server:
        def slow_request():
            request = urllib.request.Request(server.base + "/v1/hands/analyze/batch", data=body,
                                             headers={"Content-Type": "application/json"})
            start = time.monotonic()
            try:
                with urllib.request.urlopen(request, timeout=60) as reply:
                    outcome.update(status=reply.status, ok=json.load(reply)["ok_count"])
            except Exception as error:  # the point of the test: this must not happen
                outcome.update(error=repr(error))
            outcome["seconds"] = time.monotonic() - start

        thread = threading.Thread(target=slow_request)
        thread.start()
        time.sleep(0.15)
        server.process.send_signal(signal.SIGTERM)
        thread.join()
        server.process.wait(timeout=30)
    print(f"SIGTERM with a request in flight: {outcome}; server exit code "
          f"{server.process.returncode}")
    return 0 if outcome.get("status") == 200 and outcome.get("ok") == 1000 else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=20)
    args = parser.parse_args()
    return kill_a_worker(args.seconds) | graceful_stop()


if __name__ == "__main__":
    raise SystemExit(main())
