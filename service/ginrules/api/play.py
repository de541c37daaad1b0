"""``/play``: a card table to play a game against a bot, a page to build a hand and see its
analysis, and a viewer to step through a game log.

The page is plain HTML, CSS and JavaScript modules shipped in the package (``api/play/``): the
document with its style, the example game logs of ``examples/`` and the deck (each card's
canonical code, its words, colour and picture, drawn as the service's pictures draw cards)
embedded, and its scripts served beside it as ES modules (``/play/main.js`` and the modules it
imports), so it needs no build step and loads nothing from another origin; it works offline.
Its scripts use only the public API and decide no rule.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from flask import Blueprint, Response, abort

from ..package_data import example_logs
from ..rules.base.cards import CARD_NAMES
from .pictures import card_svg, card_words, is_red, suit_defs

play = Blueprint("play", __name__)

MODULES = ("main.js", "common.js", "player.js", "hand.js", "viewer.js")
"""The page's script modules: main.js starts the card table, the hand builder and the viewer."""
FAVICON_CARD = "AS"


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath("play", name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def page_html() -> str:
    """The page with its style, the example logs, the deck and the suits its cards draw."""
    # "</" never appears inside the embedded JSON, so no log can close the script element.
    examples = json.dumps(example_logs(), ensure_ascii=False).replace("</", "<\\/")
    return (_asset("play.html")
            .replace("/*STYLE*/", _asset("play.css"))
            .replace("/*EXAMPLES*/", examples)
            .replace("/*DECK*/", json.dumps(deck_faces(), ensure_ascii=False).replace("</", "<\\/"))
            .replace("/*SUITS*/", suit_defs()))


@lru_cache(maxsize=None)
def module_text(name: str) -> str:
    """One of the page's script modules, as shipped."""
    return _asset(name)


def deck_faces() -> list[dict[str, object]]:
    """The 52 cards in deck order (R-1.1, R-1.4), each as the page draws it: its canonical code,
    its words (``10\u2665``), whether it is red, and its picture (an SVG of the card's face,
    whose suits refer to the page's ``#suit-S`` ... symbols)."""
    return [{"card": code, "text": card_words(code), "red": is_red(code), "picture": card_svg(code)}
            for code in CARD_NAMES]


@play.get("/play")
def play_page() -> Response:
    """The card table, the hand builder and the game viewer; the address says what it shows
    (``?hand=``, ``?example=``)."""
    return Response(page_html(), mimetype="text/html")


@play.get("/play/<asset>")
def play_asset(asset: str) -> Response:
    """A script module of the page, or its icon (a card, drawn as the pictures draw cards)."""
    if asset == "favicon.svg":
        return Response(card_svg(FAVICON_CARD, standalone=True), mimetype="image/svg+xml")
    if asset not in MODULES:
        abort(404)
    return Response(module_text(asset), mimetype="text/javascript")
