"""Cross-origin calls in a real browser: a page on another loopback origin calls the real server
(the CORS headers themselves: tests/api/test_cors.py)."""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

CHROMIUM = os.environ.get("GINRULES_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]

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
