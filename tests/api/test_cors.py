"""Cross-origin calls (CORS): preflights, allowed origins, exposed headers (in a real browser:
tests/system/test_cors_browser.py)."""

from __future__ import annotations

from flask.testing import FlaskClient

from ginrules.api import create_app
from ginrules.api.cors import EXPOSED_HEADERS, allowed_origins

from testkit import ROOT

PAGE_ORIGIN = "http://127.0.0.1:5173"


def _plain_client(config=None) -> FlaskClient:
    """A test client without the contract check: OPTIONS preflights are not API operations."""
    app = create_app({"TESTING": True, **(config or {})})
    return FlaskClient(app)


def _preflight(client, path="/v1/hands/analyze", origin=PAGE_ORIGIN):
    return client.options(path, headers={
        "Origin": origin, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})


def test_a_preflight_is_answered_for_any_origin_by_default():
    reply = _preflight(_plain_client())
    assert reply.status_code == 204
    assert reply.headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in reply.headers["Access-Control-Allow-Methods"]
    assert "content-type" in reply.headers["Access-Control-Allow-Headers"].lower()
    assert int(reply.headers["Access-Control-Max-Age"]) > 0
    assert reply.data == b""


def test_every_api_reply_exposes_etag_request_id_and_retry_after(client):
    for reply in (client.post("/v1/hands/analyze", json={"hand": ["AS", "2S", "3S"]},
                              headers={"Origin": PAGE_ORIGIN}),
                  client.get("/v1/hands/AS,2S,3S/analysis", headers={"Origin": PAGE_ORIGIN}),
                  client.post("/v1/hands/analyze", json={"hand": ["AS", "AS"]},
                              headers={"Origin": PAGE_ORIGIN}),
                  client.get("/v1/nothing", headers={"Origin": PAGE_ORIGIN})):
        assert reply.headers["Access-Control-Allow-Origin"] == "*", reply.status_code
        exposed = {h.strip() for h in reply.headers["Access-Control-Expose-Headers"].split(",")}
        assert exposed == {"ETag", "X-Request-ID", "Retry-After"}


def test_a_rate_limited_reply_carries_cors_headers_so_scripts_can_read_retry_after():
    client = _plain_client({"RATE_LIMIT": "1/m"})
    client.get("/v1/rules", headers={"Origin": PAGE_ORIGIN})
    limited = client.get("/v1/rules", headers={"Origin": PAGE_ORIGIN})
    assert limited.status_code == 429 and "Retry-After" in limited.headers
    assert limited.headers["Access-Control-Allow-Origin"] == "*"
    assert "Retry-After" in limited.headers["Access-Control-Expose-Headers"]


def test_listed_origins_are_echoed_and_others_get_no_cors_headers():
    client = _plain_client({"CORS_ORIGINS": f"https://play.example, {PAGE_ORIGIN}/"})
    allowed = _preflight(client)
    assert allowed.headers["Access-Control-Allow-Origin"] == PAGE_ORIGIN
    assert "Origin" in allowed.headers["Vary"]
    other = _preflight(client, origin="http://127.0.0.1:9")
    assert "Access-Control-Allow-Origin" not in other.headers
    reply = client.get("/v1/rules", headers={"Origin": "http://127.0.0.1:9"})
    assert reply.status_code == 200 and "Access-Control-Allow-Origin" not in reply.headers
    assert "Origin" in reply.headers["Vary"]


def test_the_origins_setting_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("GINRULES_CORS_ORIGINS", "https://play.example")
    client = FlaskClient(create_app({"TESTING": True}))
    assert "Access-Control-Allow-Origin" not in _preflight(client).headers
    assert _preflight(client, origin="https://play.example").headers[
        "Access-Control-Allow-Origin"] == "https://play.example"


def test_the_origins_setting_parses_any_a_list_or_nothing():
    assert allowed_origins(None) is None and allowed_origins("*") is None
    assert allowed_origins("https://a.example, https://b.example/") == {
        "https://a.example", "https://b.example"}
    assert allowed_origins("") == frozenset()


def test_a_preflight_for_no_endpoint_is_a_404_problem():
    reply = _preflight(_plain_client(), path="/v1/nothing")
    assert reply.status_code == 404 and reply.mimetype == "application/problem+json"


def test_the_exposed_headers_are_the_documented_ones():
    guide = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    assert "GINRULES_CORS_ORIGINS" in guide
    assert all(header.strip() in guide for header in EXPOSED_HEADERS.split(","))
