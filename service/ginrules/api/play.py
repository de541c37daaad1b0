"""``/play``: a page to build a hand and see its analysis, and to step through a game log.

The page is plain HTML, CSS and JavaScript shipped in the package (``api/play/``) and
served as one self-contained document (no external assets, so it works offline), with the
example game logs of ``examples/`` and the deck (each card's canonical code, its words and
colour, as the pictures draw them) embedded.  Its script uses only the public API and decides
no rule.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from flask import Blueprint, Response

from ..package_data import example_logs
from ..rules.base.cards import CARD_NAMES
from .pictures import card_words, is_red

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
            .replace("/*DECK*/", json.dumps(deck_faces(), ensure_ascii=False))
            .replace("/*SCRIPT*/", _asset("play.js")))


def deck_faces() -> list[dict[str, object]]:
    """The 52 cards in deck order (R-1.1, R-1.4), each as the page draws it: its canonical code,
    its words (``10\u2665``) and whether it is red."""
    return [{"card": code, "text": card_words(code), "red": is_red(code)} for code in CARD_NAMES]


@play.get("/play")
def play_page() -> Response:
    """The hand builder and game viewer; the address says what it shows (``?hand=``,
    ``?example=``)."""
    return Response(page_html(), mimetype="text/html")
