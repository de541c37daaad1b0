"""Cross-origin calls (CORS): preflights, allowed origins, exposed headers, and a real browser."""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from flask.testing import FlaskClient

from ginrules.api import create_app
from ginrules.api.cors import EXPOSED_HEADERS, allowed_origins

PAGE_ORIGIN = "http://127.0.0.1:5173"
CHROMIUM = os.environ.get("GINRULES_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]


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
    with open(os.path.join(os.path.dirname(__file__), "..", "README.md"), encoding="utf-8") as f:
        readme = f.read()
    assert "GINRULES_CORS_ORIGINS" in readme
    assert all(header.strip() in readme for header in EXPOSED_HEADERS.split(","))


# A real browser: a page on another loopback origin calls the real server ----------------------

PAGE = """<!DOCTYPE html>
<html><body><script>
async function analyse(api) {
  const reply = await fetch(api + "/v1/hands/analyze", {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({hand: ["5S","6S","7S","8S","7H","7D","7C","2H","3C","9D","KD"]})});
  const body = await reply.json();
  const cached = await fetch(api + "/v1/hands/5S,6S,7S,7H,7D,7C,2H,3C,9D,KD/analysis");
  const problem = await fetch(api + "/v1/hands/analyze", {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({hand: ["AS", "AS"]})});
  return {status: reply.status, deadwood: body.deadwood_count, best: body.best_discards,
          requestId: reply.headers.get("X-Request-ID"), etag: cached.headers.get("ETag"),
          cachedDeadwood: (await cached.json()).deadwood_count,
          problemStatus: problem.status, problemRuleUrl: (await problem.json()).errors[0].rule_url};
}
</script></body></html>
"""


class _PageHandler(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (the http.server interface)
        body = PAGE.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def page_origin():
    """A static page served on its own loopback port: another origin than the API's."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _PageHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def _browser_or_skip():
    """Playwright driving the system's Chromium; missing pieces fail in CI, skip elsewhere."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    missing = ("playwright is not installed" if sync_playwright is None else
               f"no Chromium at {CHROMIUM}" if not shutil.which(CHROMIUM) else None)
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser test needs its browser in CI: {missing}")
        pytest.skip(missing)
    return sync_playwright


@contextlib.contextmanager
def launched_chromium():
    """The system's Chromium, started by Playwright with the project's flags, closed after."""
    sync_playwright = _browser_or_skip()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.mark.server
def test_a_page_on_another_origin_analyses_a_hand_in_a_real_browser(server, page_origin):
    assert page_origin != server  # another port, so another origin
    with launched_chromium() as browser:
        page = browser.new_page()
        page.goto(page_origin + "/")
        result = page.evaluate("api => analyse(api)", server)
    assert result["status"] == 200
    assert result["deadwood"] == 14 and result["best"] == ["KD"]
    assert result["requestId"]  # an exposed header, readable by the page's script
    assert result["etag"] and result["etag"].startswith('"')
    assert result["cachedDeadwood"] == 24
    assert result["problemStatus"] == 422 and result["problemRuleUrl"] == "/rules#R-1.5"


@pytest.mark.server
def test_the_docs_page_links_the_rules_in_a_real_browser(server):
    with launched_chromium() as browser:
        page = browser.new_page()
        page.goto(server + "/docs/")
        link = page.wait_for_selector('a[href="/rules"]', timeout=20_000)
        assert link.is_visible()
        page.goto(server + link.get_attribute("href") + "#R-4.3")
        assert page.locator('[id="R-4.3"]').count() == 1
