"""Hostile clients against the real server: slow and idle connections, costly bodies, bogus
methods and paths.  A benchmark, not a test: it prints figures.

    python bench/hostile.py [--seconds 20] [--slow 200] [--idle 50] [--bogus 10000]
                            [--heavy 20] [--heavy-only]

1. Slow headers: ``--slow`` connections each send a request line, then one header line every
   2 s, for ``--seconds`` (reconnecting when the server drops them), while a normal client asks
   for /healthz every 20 ms on new connections: its p50/p99 and failures.
2. Idle: ``--idle`` connections that send nothing (reconnecting when dropped), the same client;
   then ``--slow`` connections sending a body one byte every 2 s.
3. The worst request under the body limit: a search over every POST endpoint, each list or
   text field filled up to the 1 MiB limit with ints, floats, strings, card codes, bad tokens,
   arrays, objects, unique keys or one long string (and whole bodies of the same).  For each,
   the worker's CPU-seconds (from /proc), its peak memory over the resident size before the
   request (the kernel's high-water mark, reset before each request), what stays afterwards,
   and the reply's size.  Prints the worst by CPU, by peak memory and by reply size.
4. /metrics size before and after ``--bogus`` requests with made-up methods and paths.
5. Expensive requests (first, ``--heavy`` seconds): two clients per worker (two workers) ask
   without pause for the costliest hint (the largest ``budget_ms``) and the costliest bot move
   (the advisor), each with a new seed, while a light client asks for an analysis every 20 ms
   on a new connection: the analysis's p50/p99 alone and under that load, and for the heavy
   requests how many were answered, how many refused (503/429, with ``Retry-After``) and how
   fast, and any other status (a 5xx or a timeout fails the case).
Finally the count of 5xx replies over all of it.  `ginrules serve` is started on a free
loopback port (2 workers for 1, 2, 4 and 5; 1 worker for 3, so the costs are one process's);
nothing talks to any address but 127.0.0.1.  Takes about four minutes.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the repository's root, which holds bench and testkit

from bench.serverkit import Server  # noqa: E402

LIMIT = 1 << 20
STATUSES: list[int] = []


# 1, 2: slow and idle connections, and a normal client meanwhile --------------------------------


def _connect(port: int) -> socket.socket | None:
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=2)
        sock.setblocking(False)
        return sock
    except OSError:
        return None


OPENING = {
    "headers": b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n",
    "body": b"POST /v1/hands/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n[",
}
TRICKLE = {"headers": b"X-Slow: 1\r\n", "body": b" "}


def _hold(port: int, count: int, seconds: float, mode: str, stop: threading.Event) -> dict:
    """Keep ``count`` connections open for ``seconds``; unless ``mode`` is "idle", send the
    start of a request, then a header line (or a byte of the body) every 2 s on each.  Counts
    the reconnections (server drops)."""
    trickle = mode != "idle"
    socks: list[socket.socket | None] = [None] * count
    dropped = 0
    deadline = time.monotonic() + seconds
    last_line = 0.0
    while time.monotonic() < deadline and not stop.is_set():
        now = time.monotonic()
        send_now = trickle and now - last_line >= 2
        for i in range(count):
            sock = socks[i]
            if sock is not None:
                try:
                    if sock.recv(4096) == b"":
                        raise ConnectionResetError
                except BlockingIOError:
                    pass
                except OSError:
                    sock.close()
                    sock = socks[i] = None
                    dropped += 1
            if sock is None:
                sock = socks[i] = _connect(port)
                if sock is not None and trickle:
                    try:
                        sock.send(OPENING[mode])
                    except OSError:
                        pass
            elif send_now:
                try:
                    sock.send(TRICKLE[mode])
                except OSError:
                    pass
        if send_now:
            last_line = now
        time.sleep(0.05)
    for sock in socks:
        if sock is not None:
            sock.close()
    return {"dropped": dropped}


def _normal_client(port: int, seconds: float) -> dict:
    latencies, failures = [], 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        start = time.perf_counter()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", "/healthz")
            reply = conn.getresponse()
            reply.read()
            conn.close()
            STATUSES.append(reply.status)
            if reply.status != 200:
                failures += 1
        except OSError:
            failures += 1
        latencies.append((time.perf_counter() - start) * 1000)
        time.sleep(0.02)
    latencies.sort()
    return {"requests": len(latencies), "failures": failures,
            "p50_ms": statistics.median(latencies),
            "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))],
            "max_ms": latencies[-1]}


def under_attack(server: Server, count: int, seconds: float, mode: str) -> dict:
    stop = threading.Event()
    held: dict = {}
    attacker = threading.Thread(target=lambda: held.update(
        _hold(server.port, count, seconds, mode, stop)))
    attacker.start()
    time.sleep(1)  # the connections are open
    result = _normal_client(server.port, seconds - 1)
    stop.set()
    attacker.join()
    return {**result, **held}


# 3: the worst request under the body limit ----------------------------------------------------

# Each endpoint with a base body and the fields (paths into it) to fill.
TARGETS = {
    "/v1/hands/analyze": ({"hand": ["AS"]}, [("hand",), ("rules",), ("upcard",)]),
    "/v1/hands/analyze/batch": ({"hands": [["AS"]]}, [("hands",), ("rules",)]),
    "/v1/knock": ({"hand": ["AS"], "discard": "AS"}, [("hand",), ("melds",), ("discard",)]),
    "/v1/layoffs": ({"knocker_melds": [], "defender_hand": []},
                    [("knocker_melds",), ("defender_hand",)]),
    "/v1/rounds/score": ({"knocker": {"hand": []}, "defender": {"hand": []}},
                         [("knocker", "hand"), ("knocker", "melds"), ("defender", "hand"),
                          ("defender", "layoffs"), ("knocker",)]),
    "/v1/games/replay": ({"format": "ginrules-log/1", "players": ["a", "b"], "rounds": []},
                         [("players",), ("rounds",), ("rules",)]),
    "/v1/matches/score": ({"players": ["a", "b"], "rounds": []},
                          [("players",), ("rounds",), ("rules",)]),
    "/v1/games/import": ({"format": "openspiel", "actions": [], "params": {}},
                         [("actions",), ("params",)]),
    "/v1/rounds/score/image.svg": ({"knocker": {"hand": []}, "defender": {"hand": []}},
                                   [("knocker", "hand"), ("knocker", "melds"),
                                    ("defender", "layoffs")]),
}

# Fillers: (name, one item's JSON text) repeated into an array, or a whole value.
ITEMS = {
    "ints": "0", "big ints": "123456789012345678", "floats": "1.5", "strings": '"ab"',
    "card codes": '"AS"', "bad tokens": '"XX"', "empty arrays": "[]",
    "card arrays": '["AS","AS"]', "empty objects": "{}", "small objects": '{"a":0}',
    "layoffs": '{"card":"AS","meld":0}', "nulls": "null",
}


def _filled(item: str, room: int) -> str:
    count = max(1, (room - 2) // (len(item) + 1))
    return "[" + ",".join([item] * count) + "]"


def _unique_keys(room: int) -> str:
    parts, size, index = [], 2, 0
    while True:
        part = f'"k{index}":0'
        if size + len(part) + 1 > room:
            break
        parts.append(part)
        size += len(part) + 1
        index += 1
    return "{" + ",".join(parts) + "}"


def _place(base: dict, path: tuple, marker: str) -> str:
    body = json.loads(json.dumps(base))
    node = body
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node[path[-1]] = marker
    return json.dumps(body, separators=(",", ":"))


def candidates():
    """(label, path, body bytes) of every probe, each at most LIMIT bytes."""
    for path, (base, slots) in TARGETS.items():
        for slot in slots:
            shell = _place(base, slot, "@@")
            room = LIMIT - (len(shell) - len('"@@"'))
            values = {name: _filled(item, room) for name, item in ITEMS.items()}
            values.update({f"10,000 {name}": "[" + ",".join([item] * 10_000) + "]"
                           for name, item in ITEMS.items()
                           if 10_000 * (len(item) + 1) < room})
            values["unique keys"] = _unique_keys(room)
            values["a long string"] = '"' + "A" * (room - 2) + '"'
            values["nested arrays"] = _filled("[" * 30 + "]" * 30, room)
            for name, text in values.items():
                body = shell.replace('"@@"', text, 1).encode()
                assert len(body) <= LIMIT, (path, slot, name, len(body))
                yield f"{path} {'.'.join(slot)}: {name}", path, body
        shell = json.dumps(base, separators=(",", ":"))
        key = '"' + "k" * (LIMIT - len(shell) - 8) + '"'
        yield f"{path} a 1 MiB unknown field name", path, (
            shell[:-1] + "," + key + ":0}").encode()
        yield f"{path} unique keys (whole body)", path, _unique_keys(LIMIT).encode()
        yield f"{path} ints (whole body)", path, _filled("0", LIMIT).encode()


def structured():
    """Probes shaped like real requests: many hands, many bad cards, long logs."""
    import random

    from ginrules.rules.base.cards import CARD_NAMES
    from testkit.generator import random_game

    rng = random.Random(11)
    batch = "/v1/hands/analyze/batch"
    per_hand = (LIMIT - 100) // 1000 // 5 - 1
    yield "batch of 1000 hands of bad tokens", batch, json.dumps(
        {"hands": [["XX"] * per_hand for _ in range(1000)]}, separators=(",", ":")).encode()
    yield "batch of 1000 hands of one repeated card", batch, json.dumps(
        {"hands": [["AS"] * per_hand for _ in range(1000)]}, separators=(",", ":")).encode()
    yield "batch of 1000 12-card hands", batch, json.dumps(
        {"hands": [[CARD_NAMES[c] for c in rng.sample(range(52), 12)] for _ in range(1000)]},
        separators=(",", ":")).encode()
    log = random_game(3, "standard")
    while len(json.dumps(log)) < LIMIT - 60_000 and len(log["rounds"]) < 500:
        log["rounds"].append(log["rounds"][len(log["rounds"]) % 3])
    yield f"replay of a {len(log['rounds'])}-round log", "/v1/games/replay", json.dumps(
        log, separators=(",", ":")).encode()
    long_rounds = _long_rounds_log()
    yield (f"replay of {len(long_rounds['rounds'])} legal rounds of 1,000 actions",
           "/v1/games/replay", json.dumps(long_rounds, separators=(",", ":")).encode())
    for path in ("/v1/hands/analyze", "/v1/knock"):
        body = {"hand": ["AS"] * 10_000, "discard": "AS"} if path == "/v1/knock" else {
            "hand": ["AS"] * 10_000}
        yield f"{path} 10,000 copies of one card", path, json.dumps(body).encode()
    melds = [["AS"] * 100 for _ in range(min(10_000, (LIMIT - 100) // 501))]
    yield "/v1/knock melds of 100 repeated cards", "/v1/knock", json.dumps(
        {"hand": ["AS"], "discard": "AS", "melds": melds}, separators=(",", ":")).encode()
    yield "/v1/layoffs 10,000 layoffs", "/v1/rounds/score", json.dumps(
        {"knocker": {"hand": []}, "defender": {"hand": [], "layoffs": [
            {"card": "ZZ", "meld": 9} for _ in range(10_000)]}}, separators=(",", ":")).encode()


def _long_rounds_log() -> dict:
    """A valid log of rounds as long as a round may be (1,000 actions), up to the body limit:
    with no upcard draw limit and the card just taken allowed back (R-4.3, R-4.8), the two
    players pass the upcard back and forth, then the dealer takes it and knocks (R-5.1), wins,
    and deals again (R-3.2)."""
    from ginrules.rules.documents.gamelog import MAX_ACTIONS

    knocker_hand = "AS 2S 3S 4H 5H 6H 7C 8C 9C 2D".split()  # deadwood 2
    other_hand = "2C 5D 9H JS QS TC 4D 8H KC 3H".split()
    dealer, first = "bob", "ann"
    log = {"format": "ginrules-log/1",
           "rules": {"preset": "standard", "taken_card_discard": "allow",
                     "game_target": 1_000_000},
           "players": [first, dealer], "rounds": []}
    actions = []
    for turn in range(MAX_ACTIONS // 2 - 1):  # the upcard taken and thrown back, turn by turn
        player = first if turn % 2 == 0 else dealer
        actions += [{"player": player, "action": "draw", "source": "discard"},
                    {"player": player, "action": "discard", "card": "KD"}]
    actions += [{"player": dealer, "action": "draw", "source": "discard"},
                {"player": dealer, "action": "knock", "discard": "KD"}]
    table = {"dealer": dealer, "hands": {first: other_hand, dealer: knocker_hand},
             "upcard": "KD", "actions": actions}
    size = len(json.dumps(table, separators=(",", ":")))
    log["rounds"] = [table] * ((LIMIT - 1000) // (size + 1))
    return log


def valid_heavy():
    """The costliest valid request: 1000 eleven-card hands with every arrangement."""
    import random

    from ginrules.rules.base.cards import CARD_NAMES

    rng = random.Random(7)
    return json.dumps({"hands": [[CARD_NAMES[c] for c in rng.sample(range(52), 11)]
                                 for _ in range(1000)], "all_arrangements": True}).encode()


def _proc(pid: int) -> dict:
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    status = {}
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                status[name] = int(value.split()[0]) / 1024
    return {"cpu": (int(fields[11]) + int(fields[12])) / ticks, **status}


def _reset_peak(pid: int) -> None:
    with open(f"/proc/{pid}/clear_refs", "w") as handle:
        handle.write("5")


def _post(port: int, path: str, body: bytes) -> tuple[int, int]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    reply = conn.getresponse()
    size = len(reply.read())
    conn.close()
    STATUSES.append(reply.status)
    return reply.status, size


def search(server: Server) -> list[dict]:
    (pid,) = server.worker_pids()
    for _ in range(3):  # warm up: the first requests grow the allocator's pools
        for _label, path, body in list(candidates())[:20]:
            _post(server.port, path, body)
    results = []
    start_rss = _proc(pid)["VmRSS"]
    for label, path, body in [*candidates(), *structured()]:
        _reset_peak(pid)
        before = _proc(pid)
        status, size = _post(server.port, path, body)
        time.sleep(0.05)
        after = _proc(pid)
        results.append({"label": label, "status": status, "bytes_in": len(body),
                        "bytes_out": size, "cpu_s": after["cpu"] - before["cpu"],
                        "peak_mb": after["VmHWM"] - before["VmRSS"],
                        "kept_mb": after["VmRSS"] - before["VmRSS"]})
    time.sleep(0.5)
    print(f"worker resident memory: {start_rss:.1f} MB before the search, "
          f"{_proc(pid)['VmRSS']:.1f} MB after its {len(results)} requests")
    _reset_peak(pid)
    before = _proc(pid)
    status, size = _post(server.port, "/v1/hands/analyze/batch", valid_heavy())
    after = _proc(pid)
    print(f"(valid, for comparison) 1000 eleven-card hands with all arrangements: {status}, "
          f"{after['cpu'] - before['cpu']:.2f} CPU-s, peak +{after['VmHWM'] - before['VmRSS']:.1f}"
          f" MB, {size} bytes out")
    return results


# 4: bogus methods and paths ------------------------------------------------------------------


def bogus(server: Server, count: int) -> tuple[int, int]:
    def metrics_size() -> int:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", "/metrics")
        return len(conn.getresponse().read())

    before = metrics_size()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    for number in range(count):
        try:
            method = "X" + "".join(chr(65 + int(d)) for d in str(number)).rjust(4, "Q")
            conn.request(method, f"/bogus/{number}")
            reply = conn.getresponse()
            reply.read()
            STATUSES.append(reply.status)
            if reply.will_close:
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.close()
    return before, metrics_size()


# 5: expensive requests without pause, light ones timed meanwhile -------------------------------

HEAVY_WORKERS = 2
HEAVY_CLIENTS = 4
"""Two clients per worker, each asking for the most expensive hint or bot move the API accepts."""


def _heavy_bodies() -> list[tuple[str, bytes]]:
    """The costliest hint (the largest budget) and the costliest bot move (the advisor), on a
    game in progress; with a new seed each time, so no reply can come from a cache."""
    from ginrules.rules.players.hints import MAX_BUDGET_MS

    log = json.loads((HERE.parent / "examples" / "game-in-progress.json").read_text())
    hint = {"log": log, "player": "bob", "budget_ms": MAX_BUDGET_MS}
    bot = {"log": log, "player": "bob"}
    return [("/v1/hints", json.dumps(hint)), ("/v1/bots/advisor/move", json.dumps(bot))]


def _heavy_client(port: int, index: int, stop: threading.Event, out: list) -> None:
    bodies = _heavy_bodies()
    path, body = bodies[index % len(bodies)]
    seed = index * 1_000_003
    while not stop.is_set():
        seed += 1
        start = time.perf_counter()
        data = (body[:-1] + f', "seed": {seed}}}').encode()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            conn.request("POST", path, body=data, headers={"Content-Type": "application/json"})
            reply = conn.getresponse()
            reply.read()
            retry = reply.getheader("Retry-After")
            conn.close()
            status = reply.status
        except OSError:
            status, retry = 0, None  # a timeout or a dropped connection
        STATUSES.append(status)
        out.append((path, status, (time.perf_counter() - start) * 1000, retry))
        if status in (429, 503) and retry is not None:
            time.sleep(min(float(retry), 1.0) / 4)  # an eager client: back again soon


def _light_client(port: int, seconds: float) -> dict:
    """An analysis every 20 ms on a new connection: the latency a cheap request gets."""
    body = json.dumps({"hand": "5S 6S 7S 8S 7H 7D 7C 2H 3C 9D KD".split()}).encode()
    latencies, failures = [], 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        start = time.perf_counter()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("POST", "/v1/hands/analyze", body=body,
                         headers={"Content-Type": "application/json"})
            reply = conn.getresponse()
            reply.read()
            conn.close()
            STATUSES.append(reply.status)
            failures += reply.status != 200
        except OSError:
            failures += 1
        latencies.append((time.perf_counter() - start) * 1000)
        time.sleep(0.02)
    latencies.sort()
    return {"requests": len(latencies), "failures": failures,
            "p50_ms": statistics.median(latencies),
            "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))],
            "max_ms": latencies[-1]}


def heavy_load(seconds: float) -> bool:
    """``HEAVY_CLIENTS`` clients asking for the costliest hints and bot moves without pause,
    against ``HEAVY_WORKERS`` workers, while a light client times analyses."""
    with Server(workers=HEAVY_WORKERS) as server:
        alone = _light_client(server.port, 3)
        stop, out = threading.Event(), []
        threads = [threading.Thread(target=_heavy_client, args=(server.port, i, stop, out))
                   for i in range(HEAVY_CLIENTS)]
        for thread in threads:
            thread.start()
        time.sleep(1)
        loaded = _light_client(server.port, seconds)
        stop.set()
        for thread in threads:
            thread.join()
    print(f"analysis alone: p50 {alone['p50_ms']:.1f} ms, p99 {alone['p99_ms']:.1f} ms; while "
          f"{HEAVY_CLIENTS} clients ask {HEAVY_WORKERS} workers for the costliest hints and bot "
          f"moves without pause: p50 {loaded['p50_ms']:.1f} ms, p99 {loaded['p99_ms']:.1f} ms, "
          f"max {loaded['max_ms']:.1f} ms over {loaded['requests']} requests, "
          f"{loaded['failures']} failed", flush=True)
    for path in ("/v1/hints", "/v1/bots/advisor/move"):
        mine = [r for r in out if r[0] == path]
        answered = sorted(r[2] for r in mine if r[1] == 200)
        refused = sorted(r[2] for r in mine if r[1] in (429, 503))
        with_retry = sum(1 for r in mine if r[1] in (429, 503) and r[3] is not None)
        other = [r[1] for r in mine if r[1] not in (200, 429, 503)]
        line = f"  {path}: {len(answered)} answered"
        if answered:
            line += f" (p50 {statistics.median(answered):.0f} ms, max {answered[-1]:.0f} ms)"
        line += f", {len(refused)} refused"
        if refused:
            line += (f" (p99 {refused[min(len(refused) - 1, int(len(refused) * 0.99))]:.1f} ms,"
                     f" {with_retry} with Retry-After)")
        line += f", {len(other)} other ({sorted(set(other))})" if other else ", 0 other"
        print(line, flush=True)
    failed = sum(1 for r in out if r[1] == 0 or r[1] >= 500)
    return loaded["p99_ms"] <= 50 and loaded["failures"] == 0 and failed == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--slow", type=int, default=200)
    parser.add_argument("--idle", type=int, default=50)
    parser.add_argument("--bogus", type=int, default=10_000)
    parser.add_argument("--heavy", type=float, default=20,
                        help="seconds of the expensive-requests case (0: skip it)")
    parser.add_argument("--search-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--attacks-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--heavy-only", action="store_true",
                        help="run only the expensive-requests case")
    args = parser.parse_args()
    ok = True
    if args.heavy:
        ok &= heavy_load(args.heavy)
    if args.heavy_only:
        return 0 if ok else 1
    with Server(workers=2) as server:
        if args.search_only:
            args.slow = args.idle = args.bogus = 0
        for name, count, mode in (("slow-header", args.slow, "headers"),
                                  ("idle", args.idle, "idle"),
                                  ("slow-body", args.slow, "body")):
            if not count:
                continue
            result = under_attack(server, count, args.seconds, mode)
            print(f"{count} {name} connections for {args.seconds:.0f} s: /healthz "
                  f"p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms, "
                  f"max {result['max_ms']:.1f} ms over {result['requests']} requests, "
                  f"{result['failures']} failed; the server dropped {result['dropped']} "
                  f"attacking connections", flush=True)
            ok &= result["p99_ms"] < 100 and result["failures"] == 0
        before, after = bogus(server, args.bogus)
        print(f"/metrics: {before} bytes before, {after} bytes after {args.bogus} requests "
              "with made-up methods and paths", flush=True)
    if args.attacks_only:
        return 0 if ok else 1
    with Server(workers=1) as server:
        results = search(server)
    for key, unit in (("cpu_s", "CPU-s"), ("peak_mb", "MB peak"), ("kept_mb", "MB kept"),
                      ("bytes_out", "bytes out")):
        worst = sorted(results, key=lambda r: r[key], reverse=True)[:3]
        print(f"worst by {unit}:")
        for r in worst:
            print(f"  {r['label']}: {r['status']}, {r['cpu_s']:.2f} CPU-s, peak "
                  f"+{r['peak_mb']:.1f} MB, kept +{r['kept_mb']:.1f} MB, "
                  f"{r['bytes_in']} bytes in, {r['bytes_out']} bytes out")
    worst_cpu = max(r["cpu_s"] for r in results)
    worst_peak = max(r["peak_mb"] for r in results)
    print(f"{len(results)} requests under the limit: worst {worst_cpu:.2f} CPU-s, "
          f"worst peak +{worst_peak:.1f} MB")
    ok &= worst_cpu <= 0.25 and worst_peak <= 30
    errors = sum(1 for status in STATUSES if status >= 500)
    print(f"5xx replies over all: {errors} of {len(STATUSES)}")
    ok &= errors == 0
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
