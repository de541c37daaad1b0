"""``/play``: a page to build a hand and see its analysis, and to step through a game log.

The page is plain HTML, CSS and JavaScript shipped in the package (``api/play/``) and
served as one self-contained document (no external assets, so it works offline), with the
example game logs of ``examples/`` embedded.  Its script uses only the public API.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from flask import Blueprint, Response

from ..package_data import example_logs

play = Blueprint("play", __name__)


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath("play", name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def page_html() -> str:
    """The page, its style, its script and the example logs in one document."""
    # "</" never appears inside the embedded JSON, so no log can close the script element.
    examples = json.dumps(example_logs(), ensure_ascii=False).replace("</", "<\\/")
    return (_asset("play.html")
            .replace("/*STYLE*/", _asset("play.css"))
            .replace("/*EXAMPLES*/", examples)
            .replace("/*SCRIPT*/", _asset("play.js")))


@play.get("/play")
def play_page() -> Response:
    """The hand builder and game viewer; the address says what it shows (``?hand=``,
    ``?example=``)."""
    return Response(page_html(), mimetype="text/html")
