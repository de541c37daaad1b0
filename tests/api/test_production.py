"""Production behaviour in process: request ids, metrics, readiness, HTTP caching."""

from __future__ import annotations

import re

import pytest

from ginrules.api import observe

TEN = "5S,6S,7S,7H,7D,7C,2H,3C,9D,KD"


def test_request_ids_are_echoed_when_well_formed_and_made_otherwise(client):
    assert client.get("/healthz", headers={"X-Request-ID": "abc.1-2_3"}).headers[
        "X-Request-ID"] == "abc.1-2_3"
    made = client.get("/healthz", headers={"X-Request-ID": "bad id!"}).headers["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", made)
    assert client.post("/v1/hands/analyze", json={"hand": ["AS", "AS"]}).headers["X-Request-ID"]
    assert client.get("/nothing").headers["X-Request-ID"]


def test_metrics_count_requests_per_endpoint_and_the_solver_cache(client):
    client.post("/v1/hands/analyze", json={"hand": TEN.split(",") + ["JC"]})
    text = client.get("/metrics").data.decode()
    assert re.search(r'ginrules_requests_total\{endpoint="/v1/hands/analyze",method="POST",'
                     r'status="200"\} [1-9]', text)
    assert "ginrules_request_seconds_bucket" in text
    assert re.search(r'ginrules_solver_cache\{counter="misses"\} [1-9]', text)


def test_readyz_turns_503_when_draining(client, monkeypatch):
    assert client.get("/readyz").status_code == 200
    monkeypatch.setattr(observe, "_draining", True)
    assert client.get("/readyz").status_code == 503


def test_analysis_by_url_matches_the_post_and_is_cacheable(client):
    got = client.get(f"/v1/hands/{TEN}/analysis?preset=modern&knock_limit=5")
    posted = client.post("/v1/hands/analyze", json={
        "hand": TEN.split(","), "rules": {"preset": "modern", "knock_limit": 5}})
    assert got.status_code == 200 and got.get_json() == posted.get_json()
    assert got.headers["Cache-Control"] == "public, max-age=86400"
    assert re.fullmatch(r'"[0-9a-f]{32}"', got.headers["ETag"])


def test_the_etag_ignores_card_order_and_notation_but_not_the_rules(client):
    first = client.get(f"/v1/hands/{TEN}/analysis").headers["ETag"]
    reordered = client.get("/v1/hands/kd,9d,3c,2h,7c,7d,7h,7s,6s,5s/analysis").headers["ETag"]
    other_rules = client.get(f"/v1/hands/{TEN}/analysis?knock_limit=5").headers["ETag"]
    assert first == reordered != other_rules


def test_if_none_match_gets_304_without_solving(client, monkeypatch):
    etag = client.get(f"/v1/hands/{TEN}/analysis").headers["ETag"]
    import ginrules.api.routes as routes

    def refuse(*args, **kwargs):
        raise AssertionError("solved although the client has the reply")

    monkeypatch.setattr(routes, "analyze_mask", refuse)
    reply = client.get(f"/v1/hands/{TEN}/analysis", headers={"If-None-Match": etag})
    assert reply.status_code == 304 and reply.data == b"" and reply.headers["ETag"] == etag


@pytest.mark.parametrize(
    "url, status, pointer",
    [
        (f"/v1/hands/{TEN}/analysis?colour=red", 400, "?colour"),
        (f"/v1/hands/{TEN}/analysis?knock_limit=lots", 422, "?knock_limit"),
        (f"/v1/hands/{TEN}/analysis?all_arrangements=yes", 400, "?all_arrangements"),
        ("/v1/hands/5S,5S/analysis", 422, "/hand/1"),
        ("/v1/hands/5S/analysis?preset=oklahoma", 422, "?upcard"),
    ],
)
def test_analysis_by_url_faults(client, url, status, pointer):
    reply = client.get(url)
    assert reply.status_code == status
    assert pointer in [e["pointer"] for e in reply.get_json()["errors"]]


def test_rate_limiting_is_off_by_default(client):
    for _ in range(30):
        assert client.get(f"/v1/hands/{TEN}/analysis").status_code == 200


def test_rate_limiting_answers_429_with_retry_after():
    from ginrules.api import create_app

    from tests.conftest import ContractClient

    app = create_app({"RATE_LIMIT": "3/m"})
    app.test_client_class = ContractClient
    limited = app.test_client()
    codes = [limited.get(f"/v1/hands/{TEN}/analysis").status_code for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429]
    reply = limited.get(f"/v1/hands/{TEN}/analysis")
    assert reply.mimetype == "application/problem+json"
    assert reply.get_json()["code"] == "rate_limited"
    assert 1 <= int(reply.headers["Retry-After"]) <= 20
    assert limited.get("/healthz").status_code == 200  # never limited


def test_token_buckets_refill():
    from ginrules.api.ratelimit import TokenBuckets, parse_rate

    assert parse_rate("600/m") == (600.0, 10.0)
    buckets = TokenBuckets(2, 1.0)
    assert [buckets.take("a", now=0.0) for _ in range(3)] == [0.0, 0.0, 1.0]
    assert buckets.take("a", now=1.0) == 0.0 and buckets.take("b", now=1.0) == 0.0
    with pytest.raises(ValueError):
        parse_rate("fast")
