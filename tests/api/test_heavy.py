"""Expensive requests cannot starve cheap ones (api/heavy.py): hints and the advisor's moves are
admitted by their cost, refused at once beyond a worker's limit or a client's share, run one at
a time in slices between which the worker serves everything else, and give the same replies."""

from __future__ import annotations

import json
import threading
import time

import pytest
import requests

from ginrules.api import create_app
from ginrules.api.heavy import Gate, Limits
from ginrules.wire.problems import ApiProblem
from ginrules.rules.players.hints import advise
from ginrules.rules.usecases.progress import GameInProgress
from testkit import ROOT
from tests.conftest import ContractClient
from tests.liveserver import live_server

LOG = json.loads((ROOT / "examples" / "game-in-progress.json").read_text())


def _client(**config):
    app = create_app({"TESTING": True, **config})
    app.test_client_class = ContractClient
    return app.test_client()


def _hint(budget_ms: int, seed: int = 1) -> dict:
    return {"log": LOG, "player": "bob", "seed": seed, "budget_ms": budget_ms}


def test_a_hint_over_the_workers_heavy_work_limit_is_refused_at_once_with_retry_after():
    client = _client(HEAVY_MS=150)
    refused = client.post("/v1/hints", json=_hint(200))
    assert refused.status_code == 503
    problem = refused.get_json()
    assert problem["code"] == "heavy_work_full" and "GINRULES_HEAVY_MS" in problem["detail"]
    assert int(refused.headers["Retry-After"]) >= 1
    assert client.post("/v1/hints", json=_hint(150)).status_code == 200
    move = {"log": LOG, "player": "bob", "seed": 1}
    assert client.post("/v1/bots/advisor/move", json=move).status_code == 200  # 100 ms


def test_the_advisors_move_is_heavy_work_and_the_other_bots_are_not():
    client = _client(HEAVY_MS=50)
    move = {"log": LOG, "player": "bob", "seed": 1}
    refused = client.post("/v1/bots/advisor/move", json=move)
    assert refused.status_code == 503 and refused.get_json()["code"] == "heavy_work_full"
    for bot in ("simple", "random"):
        assert client.post(f"/v1/bots/{bot}/move", json=move).status_code == 200


def test_admission_counts_the_work_in_hand_and_each_clients_share():
    gate = Gate(Limits(work_ms=1000, client_share=0.5))
    gate.admit(600, "ann")  # a first request may take more than the share
    with pytest.raises(ApiProblem) as share:
        gate.admit(100, "ann")
    assert share.value.status == 429 and share.value.code == "heavy_work_share"
    assert share.value.headers["Retry-After"] == "1"
    gate.admit(300, "bob")
    with pytest.raises(ApiProblem) as full:
        gate.admit(200, "cy")
    assert full.value.status == 503 and full.value.code == "heavy_work_full"
    gate.release(600, "ann")
    gate.admit(200, "cy")  # room again once work is done
    assert gate.in_flight_ms == 500 and gate.by_client == {"bob": 300, "cy": 200}


def test_bad_heavy_work_settings_are_refused_at_start():
    with pytest.raises(ValueError, match="GINRULES_HEAVY_MS"):
        create_app({"HEAVY_MS": 40_000})  # more than the 30 s request timeout holds
    with pytest.raises(ValueError, match="GINRULES_HEAVY_CLIENT_SHARE"):
        create_app({"HEAVY_CLIENT_SHARE": 0})
    with pytest.raises(ValueError, match="not a number"):
        create_app({"HEAVY_SLICE_MS": "soon"})


def test_refusals_and_admissions_are_counted_in_metrics():
    client = _client(HEAVY_MS=150)
    client.post("/v1/hints", json=_hint(200))
    client.post("/v1/hints", json=_hint(100))
    text = client.get("/metrics").get_data(as_text=True)
    assert 'ginrules_heavy_refused_total{reason="full"}' in text
    assert "ginrules_heavy_admitted_total" in text and "ginrules_heavy_queue_seconds" in text


def test_the_pause_between_playouts_changes_nothing_of_the_hint():
    game = GameInProgress.from_log(LOG)
    view = game.view("bob")
    calls = []
    paused = advise(view, seed=5, budget_ms=200, pause=lambda: calls.append(1))
    plain = advise(view, seed=5, budget_ms=200)
    assert paused == plain and len(calls) >= paused.playouts // 2


def test_a_cheap_request_is_answered_while_a_worker_works_on_the_costliest_hint(tmp_path):
    """One worker: a hint at the largest budget is in progress when analyses are asked; they
    are answered before it is (the worker serves them between the hint's slices)."""
    with live_server(tmp_path, workers=1) as server:
        finished: dict[str, float] = {}

        def ask_hint() -> None:
            reply = requests.post(server.base + "/v1/hints", json=_hint(2000), timeout=60)
            assert reply.status_code == 200
            finished["hint"] = time.monotonic()

        thread = threading.Thread(target=ask_hint)
        thread.start()
        time.sleep(0.3)  # the hint is under way
        answered = []
        for _ in range(5):
            reply = requests.post(server.base + "/v1/hands/analyze",
                                  json={"hand": "5S 6S 7S 8S 7H 7D 7C 2H 3C 9D".split()},
                                  timeout=60)
            assert reply.status_code == 200
            answered.append(time.monotonic())
        health = requests.get(server.base + "/healthz", timeout=60)
        assert health.status_code == 200
        answered.append(time.monotonic())
        thread.join()
        assert max(answered) < finished["hint"]


def test_the_rate_limit_can_count_heavy_work_by_its_budget():
    client = _client(RATE_LIMIT="1000/s, 300ms/m")
    assert client.post("/v1/hints", json=_hint(200)).status_code == 200
    limited = client.post("/v1/hints", json=_hint(200))
    assert limited.status_code == 429 and limited.get_json()["code"] == "rate_limited"
    assert int(limited.headers["Retry-After"]) >= 1
    # Cheap requests are counted by the request clause only.
    assert client.post("/v1/hands/analyze", json={"hand": ["AS", "2S", "3S"]}).status_code == 200


@pytest.mark.parametrize("text", ["20000ms/m", "5/s,1000ms/s", " 5/s "])
def test_rate_limit_clauses_for_requests_and_heavy_work(text):
    from ginrules.api.ratelimit import parse_limits

    requests_rate, cost_rate = parse_limits(text)
    assert (requests_rate is not None) == ("/s" in text and "ms/s" not in text or "5/s," in text)
    assert (cost_rate is not None) == ("ms" in text)


@pytest.mark.parametrize("text", ["5/s, 6/s", "1ms/s, 2ms/m", "fast", "5/s,"])
def test_bad_rate_limit_clauses_are_refused(text):
    from ginrules.api.ratelimit import parse_limits

    with pytest.raises(ValueError, match="rate limit"):
        parse_limits(text)
