"""Hostile input against the real server: each gets a 4xx problem quickly, and the worker lives.

Every request goes to the loopback server of the ``server`` fixture only.
"""

from __future__ import annotations

import json
import time

import pytest
import requests

from ginrules.rules.documents.gamelog import MAX_ACTIONS
from testkit.generator import random_game

ANALYZE = "/v1/hands/analyze"
LIMIT = 1 << 20


def _post(server: str, path: str, data: bytes, content_type: str = "application/json"):
    start = time.monotonic()
    reply = requests.post(server + path, data=data, headers={"Content-Type": content_type},
                          timeout=20)
    return reply, time.monotonic() - start


def _alive(server: str) -> None:
    assert requests.get(server + "/healthz", timeout=5).status_code == 200


def _padded(body: dict, size: int) -> bytes:
    raw = json.dumps(body).encode()
    return raw + b" " * (size - len(raw))


@pytest.mark.server
@pytest.mark.parametrize(
    "name, path, data, content_type, status",
    [
        ("body at the limit", ANALYZE, _padded({"hand": ["AS", "2S", "3S"]}, LIMIT),
         "application/json", 200),
        ("body over the limit", ANALYZE, _padded({"hand": ["AS"]}, LIMIT + 1),
         "application/json", 413),
        ("nesting 100,000 deep", ANALYZE, b"[" * 100_000 + b"]" * 100_000, "application/json",
         400),
        ("a 10,000-card hand", ANALYZE, json.dumps({"hand": ["AS"] * 10_000}).encode(),
         "application/json", 422),
        ("10,000 hands in a batch", ANALYZE + "/batch",
         json.dumps({"hands": [["AS"]] * 10_000}).encode(), "application/json", 400),
        ("a 600,000-character card", ANALYZE, json.dumps({"hand": ["A" * 600_000]}).encode(),
         "application/json", 422),
        ("50,000 unknown fields", ANALYZE,
         json.dumps({"hand": [], **{f"k{i}": 0 for i in range(50_000)}}).encode(),
         "application/json", 400),
        ("a form instead of JSON", ANALYZE, b"hand=AS", "application/x-www-form-urlencoded", 415),
        ("XML", ANALYZE, b"<hand>AS</hand>", "application/xml", 415),
        ("invalid UTF-8", ANALYZE, b'{"hand": ["A\xc3\x28"]}', "application/json", 400),
        ("a 5,000-digit number", ANALYZE, b'{"hand": [], "n": ' + b"9" * 5000 + b"}",
         "application/json", 400),
    ],
)
def test_hostile_bodies_get_a_problem_in_bounded_time(server, name, path, data, content_type,
                                                      status):
    reply, seconds = _post(server, path, data, content_type)
    assert reply.status_code == status, (name, reply.text[:200])
    if status >= 400:
        assert reply.headers["Content-Type"] == "application/problem+json"
        assert len(reply.json()["errors"]) <= 101
        assert len(reply.content) < 100_000
    assert seconds < 10, f"{name} took {seconds:.1f} s"
    _alive(server)


@pytest.mark.server
def test_a_long_game_log_at_the_limit_is_replayed_and_one_over_is_refused(server):
    log = random_game(1, "standard")
    table = log["rounds"][0]
    # Pad the first round to exactly MAX_ACTIONS actions: the extra ones come after the round
    # ended.
    extra = [{"player": "ann", "action": "pass"}] * (MAX_ACTIONS - len(table["actions"]))
    table["actions"] = table["actions"] + extra
    reply, seconds = _post(server, "/v1/games/replay", json.dumps(log).encode())
    assert reply.status_code == 200 and reply.json()["valid"] is False and seconds < 10
    table["actions"].append({"player": "ann", "action": "pass"})
    reply, _ = _post(server, "/v1/games/replay", json.dumps(log).encode())
    assert reply.status_code == 413
    _alive(server)


# Framing, bounds and reply sizes -----------------------------------------------------------------

import http.client  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from urllib.parse import urlsplit  # noqa: E402

from tests.conftest import PROBLEM_VALIDATOR, SERVER_LOG  # noqa: E402
from testkit import free_port  # noqa: E402
from tests.liveserver import ROOT, live_server  # noqa: E402


def _port(server: str) -> int:
    return urlsplit(server).port


def _raw_exchange(port: int, head: bytes, body_parts=(), timeout: float = 20):
    """Send a hand-made request (``head`` then each of ``body_parts``); the status, headers
    and body of the reply."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(head)
        for part in body_parts:
            try:
                sock.sendall(part)
            except OSError:
                break  # the server may answer (and close) before reading everything
        reply = http.client.HTTPResponse(sock)
        reply.begin()
        return reply.status, dict(reply.getheaders()), reply.read()


def _chunked(data: bytes, size: int = 1 << 16):
    for start in range(0, len(data), size):
        piece = data[start:start + size]
        yield b"%x\r\n%s\r\n" % (len(piece), piece)
    yield b"0\r\n\r\n"


def _chunked_head(path: str) -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n").encode()


@pytest.mark.server
def test_a_chunked_body_obeys_the_body_limit_413_and_is_never_cut_short(server):
    port = _port(server)
    at_limit = _padded({"hand": ["AS", "2S", "3S"]}, LIMIT)
    status, _, body = _raw_exchange(port, _chunked_head(ANALYZE), _chunked(at_limit))
    assert status == 200 and json.loads(body)["card_count"] == 3
    # One byte over: a 413 problem, as with a Content-Length (the body is not cut at 1 MiB and
    # answered, although its first MiB is valid JSON).
    over = json.dumps({"hand": ["AS", "2S", "3S"]}).encode() + b" " * LIMIT
    status, headers, body = _raw_exchange(port, _chunked_head(ANALYZE), _chunked(over))
    assert status == 413 and headers["Content-Type"] == "application/problem+json"
    assert json.loads(body)["code"] == "payload_too_large"
    _alive(server)


@pytest.mark.server
def test_a_malformed_chunk_is_a_400_problem_not_a_500(server):
    port = _port(server)
    log = SERVER_LOG[-1]
    before = log.read_text().count("Traceback")
    status, headers, body = _raw_exchange(
        port, _chunked_head(ANALYZE), [b"zz\r\n{\"hand\": []}\r\n0\r\n\r\n"])
    assert status == 400 and headers["Content-Type"] == "application/problem+json"
    problem = json.loads(body)
    PROBLEM_VALIDATOR.validate(problem)
    assert problem["code"] == "malformed_body"
    time.sleep(0.2)
    assert log.read_text().count("Traceback") == before
    _alive(server)


@pytest.mark.server
@pytest.mark.parametrize("path, body, pointer", [
    (ANALYZE, {"hand": ["AS"] * 10_001}, "/hand"),
    ("/v1/knock", {"hand": ["AS"], "discard": "AS", "melds": [["AS"]] * 10_001}, "/melds"),
    ("/v1/rounds/score", {"knocker": {"hand": ["AS"] * 10_001}, "defender": {"hand": []}},
     "/knocker/hand"),
    ("/v1/games/replay", {"format": "ginrules-log/1", "players": ["a"] * 10_001, "rounds": []},
     "/players"),
])
def test_every_list_is_bounded_before_its_items_are_checked(server, path, body, pointer):
    reply, _ = _post(server, path, json.dumps(body).encode())
    assert reply.status_code == 400, reply.text[:300]
    errors = reply.json()["errors"]
    assert {"pointer": pointer, "code": "too_many_items",
            "detail": "at most 10000 items, got 10001"} in errors


@pytest.mark.server
def test_fault_counting_stops_after_the_first_hundred(server):
    reply, _ = _post(server, ANALYZE, json.dumps({"hand": ["XX"] * 10_000}).encode())
    assert reply.status_code == 422
    errors = reply.json()["errors"]
    assert len(errors) == 101 and errors[-1]["code"] == "too_many_errors"
    assert [e["pointer"] for e in errors[:100]] == [f"/hand/{i}" for i in range(100)]


@pytest.mark.server
def test_too_many_arrays_objects_or_members_are_refused_before_parsing(server):
    for body in (b"[" + b"[]," * 60_000 + b"[]]", b"[" + b"{}," * 60_000 + b"{}]",
                 json.dumps({str(i): 0 for i in range(101_000)}, separators=(",", ":")).encode(),
                 json.dumps({"hand": [], "rules": {f"k{i}": 0 for i in range(2000)}}).encode()):
        reply, _ = _post(server, ANALYZE, body)
        assert reply.status_code == 400 and reply.json()["code"] == "malformed_json", body[:50]


@pytest.mark.server
def test_a_batch_of_bad_hands_gets_a_reply_of_bounded_size(server):
    body = json.dumps({"hands": [["XX"] * 150 for _ in range(1000)]}).encode()
    reply, _ = _post(server, ANALYZE + "/batch", body)
    assert reply.status_code == 200
    results = reply.json()["results"]
    assert all(not r["ok"] and len(r["problem"]["errors"]) == 6 for r in results)
    # The core stops after 100 bad cards, and adds the hand's size: 101 faults, 5 listed.
    assert results[0]["problem"]["errors"][-1] == {
        "pointer": "", "code": "too_many_errors", "detail": "96 more faults are not listed"}
    assert len(reply.content) < 3 * len(body)


@pytest.mark.server
def test_a_long_field_name_is_named_in_a_problem_not_repeated(server):
    name = "k" * 200_000
    reply, _ = _post(server, ANALYZE, json.dumps({"hand": [], name: 1}).encode())
    assert reply.status_code == 400
    (error,) = reply.json()["errors"]
    assert error["code"] == "unknown_field" and error["pointer"].startswith("/kkkk")
    assert len(reply.content) < 2000


# Metrics ---------------------------------------------------------------------------------------

METHOD_LABELS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"}


@pytest.mark.server
def test_made_up_methods_and_paths_add_no_metric_series(server):
    port = _port(server)
    for number in range(30):
        method = "BOGUS" + chr(65 + number % 26) * (1 + number // 26)
        for path in (f"/no/such/{number}", "/healthz"):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request(method, path)
            assert conn.getresponse().status in (404, 405)
            conn.close()
    text = requests.get(server + "/metrics", timeout=5).text
    series = re.findall(r'^ginrules_requests_total\{([^}]*)\}', text, re.M)
    labels = [dict(re.findall(r'(\w+)="([^"]*)"', s)) for s in series]
    assert {"endpoint": "unmatched", "method": "other", "status": "404"} in labels
    assert {label["method"] for label in labels} <= METHOD_LABELS
    assert "BOGUS" not in text and "/no/such" not in text


@pytest.mark.server
def test_dead_workers_metric_files_are_merged_and_their_counts_kept(tmp_path):
    folder = tmp_path / "metrics"
    folder.mkdir()
    with live_server(tmp_path, workers=2, GINRULES_MAX_REQUESTS="10",
                     PROMETHEUS_MULTIPROC_DIR=str(folder)) as live:
        first = live.wait_for_workers(2)
        # Requests until every first worker was recycled (which worker takes a request is up
        # to the kernel, so one may take many more than the other), bounded in count and time.
        sent, deadline = 0, time.monotonic() + 60
        while first & live.worker_pids() or sent < 100:
            assert time.monotonic() < deadline and sent < 5000, (sent, first)
            assert requests.get(live.base + "/readyz", timeout=5).status_code == 200
            sent += 1
        # The master folds a dead worker's file in when it reaps that worker, which a loaded
        # machine may delay: wait (bounded) for the folder to settle, the merged file beside
        # the files of live processes alone (the workers', and the master's, which loaded the
        # app and its unlabelled metrics before forking); a merge that never happens still
        # fails here.
        deadline = time.monotonic() + 30
        while True:
            counters = sorted(p.name for p in folder.glob("counter_*.db"))
            alive = {f"counter_{pid}.db" for pid in live.worker_pids() | {live.process.pid}}
            if "counter_merged.db" in counters and set(counters) - alive == {"counter_merged.db"}:
                break
            assert time.monotonic() < deadline, (counters, alive)
            time.sleep(0.2)
        # Every request is counted once, also those of the recycled workers.  A scrape taken
        # while a merge replaces its file may see a moment's double count: scrape again then.
        while True:
            text = requests.get(live.base + "/metrics", timeout=5).text
            counted = re.search(r'ginrules_requests_total\{endpoint="/readyz",method="GET",'
                                r'status="200"\} (\S+)', text)
            if (counted and float(counted.group(1)) == sent) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
    assert counted is not None and float(counted.group(1)) == sent


def _mount_tmpfs(folder, size: str) -> bool:
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                          capture_output=True)
    return done.returncode == 0


@pytest.mark.server
def test_a_full_metrics_folder_costs_metrics_never_requests(tmp_path):
    folder = tmp_path / "full"
    if not _mount_tmpfs(folder, "256k"):
        pytest.skip("mounting a small tmpfs needs root (CI runs as root)")
    try:
        with live_server(tmp_path, workers=2, wait="port",
                         PROMETHEUS_MULTIPROC_DIR=str(folder)) as live:
            # Fill the folder before any worker has written a metric.
            filler = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
            try:
                while os.write(filler, b"\0" * 4096):
                    pass
            except OSError:
                pass
            finally:
                os.close(filler)
            live.wait_for_http()
            workers = live.wait_for_workers(2)
            for _ in range(10):
                assert requests.get(live.base + "/healthz", timeout=5).status_code == 200
                reply = requests.post(live.base + ANALYZE, json={"hand": ["AS", "2S", "3S"]},
                                      timeout=5)
                assert reply.status_code == 200
            metrics = requests.get(live.base + "/metrics", timeout=5)
            assert metrics.status_code == 200
            assert "ginrules_requests_total{" not in metrics.text  # the numbers were lost
            assert live.worker_pids() == workers  # and no worker died (of SIGBUS, say)
        assert "metrics could not be recorded" in live.log.read_text()
    finally:
        subprocess.run(["umount", str(folder)], check=False)


# Slow and idle clients, draining ---------------------------------------------------------------


def _trickler(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    return sock


@pytest.mark.server
def test_slow_and_idle_connections_do_not_hold_the_workers(server):
    port = _port(server)
    held = [_trickler(port) for _ in range(30)]
    held += [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(30)]
    try:
        for _ in range(20):  # two sync workers would each be stuck on the first connection
            assert requests.get(server + "/healthz", timeout=5).status_code == 200
    finally:
        for sock in held:
            sock.close()


@pytest.mark.server
def test_each_connection_carries_one_request_so_new_ones_reach_a_free_worker(server):
    conn = http.client.HTTPConnection("127.0.0.1", _port(server), timeout=5)
    conn.request("GET", "/healthz")
    reply = conn.getresponse()
    reply.read()
    conn.close()
    assert reply.status == 200 and reply.getheader("Connection") == "close"


@pytest.mark.server
def test_a_client_trickling_its_headers_is_cut_off(tmp_path):
    with live_server(tmp_path, GINRULES_KEEPALIVE="1") as live:
        sock = _trickler(live.port)
        start = time.monotonic()
        closed = False
        while time.monotonic() - start < 10 and not closed:
            time.sleep(0.3)
            try:
                sock.sendall(b"X-Slow: 1\r\n")
                sock.setblocking(False)
                try:
                    closed = sock.recv(4096) == b""
                except BlockingIOError:
                    pass
                sock.setblocking(True)
            except OSError:
                closed = True
        sock.close()
        assert closed, "the server kept a connection that never finished its headers"
        assert requests.get(live.base + "/healthz", timeout=5).status_code == 200


@pytest.mark.server
def test_a_client_trickling_its_body_gets_a_400_when_the_deadline_passes(tmp_path):
    with live_server(tmp_path, GINRULES_BODY_TIMEOUT="1") as live:
        head = (b"POST /v1/hands/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"hand\"")
        start = time.monotonic()
        status, headers, body = _raw_exchange(live.port, head, timeout=10)
        assert status == 400 and json.loads(body)["code"] == "body_timeout"
        assert time.monotonic() - start < 8
        assert requests.get(live.base + "/healthz", timeout=5).status_code == 200


@pytest.mark.server
def test_readyz_is_503_from_sigterm_while_an_in_flight_request_finishes(tmp_path):
    body = json.dumps({"hand": ["AS", "2S", "3S"]}).encode()
    with live_server(tmp_path, GINRULES_DRAIN_SECONDS="3") as live:
        sock = socket.create_connection(("127.0.0.1", live.port), timeout=20)
        sock.sendall(b"POST /v1/hands/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body)
                     + body[:5])
        time.sleep(0.3)  # the request is in flight: its body is half sent
        live.process.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        ready = [requests.get(live.base + "/readyz", timeout=5).status_code for _ in range(5)]
        health = requests.get(live.base + "/healthz", timeout=5).status_code
        sock.sendall(body[5:])
        reply = http.client.HTTPResponse(sock)
        reply.begin()
        answer = json.loads(reply.read())
        sock.close()
        assert live.process.wait(timeout=30) == 0
    assert ready == [503] * 5 and health == 200
    assert reply.status == 200 and answer["card_count"] == 3


@pytest.mark.server
def test_a_worker_stopped_by_sigterm_exits_cleanly_without_a_traceback(tmp_path):
    # One worker, known to be serving, so that it has set up its own signal handlers.
    with live_server(tmp_path, workers=1) as live:
        for _ in range(4):
            assert requests.get(live.base + "/healthz", timeout=5).status_code == 200
        live.process.send_signal(signal.SIGTERM)
        assert live.process.wait(timeout=30) == 0
    log = live.log.read_text()
    assert log.count("Worker exiting") == 1
    assert "Traceback" not in log and "Exception ignored" not in log, log


@pytest.mark.server
def test_sigterm_stops_the_server_at_once_while_its_workers_are_still_booting(tmp_path):
    with live_server(tmp_path, workers=2, wait="port") as live:
        live.process.send_signal(signal.SIGTERM)
        start = time.monotonic()
        assert live.process.wait(timeout=30) == 0
    # Not the master's graceful timeout, which a worker deaf to the signal would cost.
    assert time.monotonic() - start < 10, live.log.read_text()


_AFTER_POST_FORK = """
import queue, sys
from ginrules import gunicorn_settings

class Master:
    SIG_QUEUE = queue.SimpleQueue() if sys.argv[1] == "queue" else []

for number in map(int, sys.argv[2:]):
    if sys.argv[1] == "queue":
        Master.SIG_QUEUE.put_nowait(number)
    else:
        Master.SIG_QUEUE.append(number)
gunicorn_settings.post_fork(Master(), None)
sys.exit(3)
"""


def _worker_after_post_fork(queued: list[int], folder, kind: str = "queue") -> int:
    """The exit status of a process that runs the settings' ``post_fork`` with these signals
    in its copy of the master's queue (as the inherited handler leaves them), and exits with 3
    if it lives on: negative, the signal that stopped it.  (A process of its own: importing
    the settings prepares the server's metrics folder, which this one must not see.)"""
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(folder)}
    return subprocess.run([sys.executable, "-c", _AFTER_POST_FORK, kind, *map(str, queued)],
                          env=env, timeout=60).returncode


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT, signal.SIGQUIT],
                         ids=lambda stop: stop.name)
@pytest.mark.parametrize("kind", ["queue", "list"])  # recent gunicorn, and older
def test_a_stop_signal_that_came_before_the_worker_set_its_handlers_stops_it(stop, kind,
                                                                            tmp_path):
    # The window the test above hits now and then: the master signals a worker just forked,
    # whose inherited handler only queues the signal.
    assert _worker_after_post_fork([signal.SIGCHLD, stop], tmp_path, kind) == -stop


@pytest.mark.parametrize("kind", ["queue", "list"])
def test_a_worker_lives_on_when_its_queue_holds_no_stop_signal(kind, tmp_path):
    assert _worker_after_post_fork([signal.SIGCHLD, signal.SIGHUP], tmp_path, kind) == 3


@pytest.mark.server
def test_the_images_command_serves_from_any_folder(tmp_path):
    """The container's CMD (gunicorn with the packaged settings), run outside the checkout."""
    port = free_port()
    with open(tmp_path / "log", "w") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "python:ginrules.gunicorn_settings"],
            cwd=tmp_path, stdout=output, stderr=subprocess.STDOUT,
            env={**os.environ, "GINRULES_BIND": f"127.0.0.1:{port}", "GINRULES_WORKERS": "1",
                 "GINRULES_DRAIN_SECONDS": "0", "PYTHONPATH": ""})
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    reply = requests.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
                    break
                except requests.ConnectionError:
                    assert process.poll() is None and time.monotonic() < deadline, (
                        (tmp_path / "log").read_text())
                    time.sleep(0.1)
            assert reply.status_code == 200 and reply.json()["status"] == "ok"
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)
    assert "Using worker: gevent" in (tmp_path / "log").read_text()
    assert ROOT.exists()


# Client identity behind proxies ----------------------------------------------------------------

from ginrules.api import create_app  # noqa: E402
from ginrules.api.ratelimit import MAX_KEY, TokenBuckets  # noqa: E402

TEN = "AS,2S,3S,4S,5S,6S,7S,8S,9S,TS"


def _limited_client(hops):
    app = create_app({"RATE_LIMIT": "2/m", "TRUST_PROXY": hops})
    return app.test_client()


def _statuses(client, forwarded_for: list[str], remote="10.0.0.1") -> list[int]:
    return [client.get(f"/v1/hands/{TEN}/analysis", headers={"X-Forwarded-For": value},
                       environ_base={"REMOTE_ADDR": remote}).status_code
            for value in forwarded_for]


def test_x_forwarded_for_entries_written_by_the_client_are_not_believed():
    # One trusted proxy: the client is the entry the proxy appended (the rightmost); rotating
    # the entries to its left does not make a new client.
    client = _limited_client(1)
    assert _statuses(client, [f"{n}.{n}.{n}.{n}, 203.0.113.7" for n in range(1, 5)]) == [
        200, 200, 429, 429]
    assert _statuses(client, ["203.0.113.8"]) == [200]  # another client behind the proxy


def test_x_forwarded_for_is_read_through_the_number_of_trusted_hops():
    client = _limited_client(2)
    # Two proxies: the second one's view of the client is the entry second from the right.
    assert _statuses(client, ["6.6.6.6, 203.0.113.7, 10.1.1.1", "7.7.7.7, 203.0.113.7, 10.1.1.2",
                              "203.0.113.7, 10.1.1.3"]) == [200, 200, 429]


def test_without_trusted_proxies_the_header_is_ignored():
    client = _limited_client(0)
    assert _statuses(client, ["1.1.1.1", "2.2.2.2", "3.3.3.3"]) == [200, 200, 429]


def test_a_client_victim_address_cannot_be_exhausted_by_another_client():
    client = _limited_client(1)
    # An attacker names the victim's address on the left; it is not taken as the client.
    assert _statuses(client, ["198.51.100.9, 203.0.113.66"] * 3) == [200, 200, 429]
    assert _statuses(client, ["203.0.113.9"]) == [200]
    assert _statuses(client, ["198.51.100.9"]) == [200]


def test_bucket_keys_are_bounded(monkeypatch):
    taken: list[str] = []
    original = TokenBuckets.take
    monkeypatch.setattr(TokenBuckets, "take",
                        lambda self, key, now=None: taken.append(key) or original(self, key, now))
    client = _limited_client(1)
    assert _statuses(client, ["x" * 8000]) == [200]
    assert len(taken[-1]) <= MAX_KEY


def test_trusted_hops_must_be_a_number():
    with pytest.raises(ValueError, match="number of proxies"):
        create_app({"TRUST_PROXY": "yes"})
