"""The project's texts, served: the rules (``/rules``) and the game-log format (``/gamelog``).

Each is a Markdown document of ``docs/`` shipped in the package, served as its source
(``/rules.md``, ``/gamelog.md``) and as a self-contained HTML page.  On the rules page every
rule's heading carries its id as anchor (``/rules#R-4.3``), which is where the ``rule_url`` of
problems and violations points; rule ids in running text link to their rule.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from typing import cast

from flask import Blueprint, Response
from markdown_it import MarkdownIt
from markdown_it.token import Token

from ..package_data import text
from ..wire.problems import RULES_PAGE as RULES_PATH

texts = Blueprint("texts", __name__)

RULE_ID = re.compile(r"\bR-\d+(?:\.\d+)?\b")
_HEADING_RULE = re.compile(r"^(R-\d+(?:\.\d+)?)(?=\s|$)")

PAGES = {
    "rules": ("rules.md", "The rules of ginrules"),
    "gamelog": ("gamelog.md", "The game log format (ginrules-log/1)"),
}


def _slug(words: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", words.lower()).strip("-") or "section"


def _link_rule_ids(children: list[Token], here: str) -> list[Token]:
    """Text tokens with every rule id turned into a link to its anchor."""
    linked: list[Token] = []
    inside_link = 0
    for child in children:
        if child.type == "link_open":
            inside_link += 1
        elif child.type == "link_close":
            inside_link -= 1
        if child.type != "text" or inside_link or not RULE_ID.search(child.content):
            linked.append(child)
            continue
        position = 0
        for match in RULE_ID.finditer(child.content):
            if match.start() > position:
                linked.append(_text(child.content[position:match.start()]))
            target = ("#" if here == "rules" else RULES_PATH + "#") + match.group()
            linked.append(Token("link_open", "a", 1, attrs={"href": target}))
            linked.append(_text(match.group()))
            linked.append(Token("link_close", "a", -1))
            position = match.end()
        if position < len(child.content):
            linked.append(_text(child.content[position:]))
    return linked


def _text(content: str) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token


def render(markdown: str, page: str) -> str:
    """The HTML body of a document: headings anchored (rule ids as such), rule ids linked."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = md.parse(markdown)
    used: set[str] = set()
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            title = tokens[index + 1].content
            match = _HEADING_RULE.match(title)
            anchor = match.group(1) if match else _slug(title)
            while anchor in used:
                anchor += "-"
            used.add(anchor)
            token.attrSet("id", anchor)
        elif token.type == "inline" and token.children and tokens[index - 1].type != "heading_open":
            token.children = _link_rule_ids(token.children, page)
    # The default renderer, RendererHTML, renders to a str.
    return cast(str, md.renderer.render(tokens, md.options, {}))


_STYLE = """
body { font: 16px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 0 auto;
       padding: 1rem 1.5rem 4rem; color: #1d1d1f; background: #fff; }
nav { font-size: 0.9rem; padding: 0.5rem 0; border-bottom: 1px solid #ddd; }
nav a { margin-right: 1rem; }
h1, h2 { border-bottom: 1px solid #eee; padding-bottom: 0.2rem; }
h3, h4 { margin-bottom: 0.3rem; }
:target { background: #fff5c2; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.9em; background: #f4f4f6; }
code { padding: 0 0.2em; }
pre { padding: 0.6rem; overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.9rem; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: left; }
a { color: #0b57d0; }
"""


@lru_cache(maxsize=None)
def page_html(page: str) -> str:
    """A whole self-contained HTML page (no external assets) of one document."""
    source, title = PAGES[page]
    nav = " ".join([
        '<a href="/rules">Rules</a>', '<a href="/gamelog">Game log format</a>',
        f'<a href="/{page}.md">Markdown source</a>', '<a href="/docs/">API docs</a>',
        '<a href="/openapi.yaml">Contract</a>'])
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<nav>{nav}</nav>\n<main>\n{render(text(source), page)}</main>\n</body>\n</html>\n"
    )


@texts.get("/rules")
def rules_page() -> Response:
    """The rules, as a page with an anchor per rule (``/rules#R-4.3``)."""
    return Response(page_html("rules"), mimetype="text/html")


@texts.get("/rules.md")
def rules_markdown() -> Response:
    """The rules' Markdown source."""
    return Response(text("rules.md"), mimetype="text/markdown")


@texts.get("/gamelog")
def gamelog_page() -> Response:
    """The game-log format (ginrules-log/1), as a page."""
    return Response(page_html("gamelog"), mimetype="text/html")


@texts.get("/gamelog.md")
def gamelog_markdown() -> Response:
    """The game-log format's Markdown source."""
    return Response(text("gamelog.md"), mimetype="text/markdown")
