"""The project's texts, served: the rules (``/rules``), the game-log format (``/gamelog``) and
the guides (``/guide/<page>``: the API by example, the command line, deploying, ...).

Each is a Markdown document of ``docs/`` shipped in the package, served as its source
(``/rules.md``, ``/gamelog.md``, ``/guide/<page>.md``) and as a self-contained HTML page.  On
the rules page every rule's heading carries its id as anchor (``/rules#R-4.3``), which is where
the ``rule_url`` of problems and violations points; rule ids in running text link to their
rule.  Links between the documents (``cli.md``, ``rules.md#R-4.3``) point to their pages, and
the guides' pictures of ``docs/`` (SVG) are drawn inside the page.
"""

from __future__ import annotations

import base64
import re
from functools import lru_cache
from html import escape
from typing import cast

from flask import Blueprint, Response
from markdown_it import MarkdownIt
from markdown_it.token import Token

from ..package_data import picture, text
from ..rules.errors import did_you_mean
from ..wire.problems import RULES_PAGE as RULES_PATH
from ..wire.problems import ApiProblem, FieldError

texts = Blueprint("texts", __name__)

RULE_ID = re.compile(r"\bR-\d+(?:\.\d+)?\b")
_HEADING_RULE = re.compile(r"^(R-\d+(?:\.\d+)?)(?=\s|$)")

PAGES = {
    "rules": ("rules.md", "The rules of ginrules"),
    "gamelog": ("gamelog.md", "The game log format (ginrules-log/1)"),
}
GUIDES = {
    "api": ("api.md", "The API by example"),
    "play": ("play.md", "The /play page"),
    "cli": ("cli.md", "The command line"),
    "deploy": ("deploy.md", "Deploying and operating"),
    "library": ("library.md", "The Python library"),
    "clients": ("clients.md", "The Python and TypeScript clients"),
    "conformance": ("conformance.md", "Conformance: the rules as test cases"),
    "strength": ("strength.md", "Bots and hints: strength and calibration"),
    "performance": ("performance.md", "The solver, and how fast the service is"),
    "cluster": ("cluster.md", "Batch work on a Ray cluster"),
    "development": ("development.md", "Working on ginrules"),
    "architecture": ("architecture.md", "How ginrules is built"),
}
"""The guides of ``docs/``, served at ``/guide/<page>`` (and ``/guide/<page>.md``)."""
GUIDE_PATH = "/guide/"
_SERVED = {source: "/" + name for name, (source, _) in PAGES.items()} | {
    source: GUIDE_PATH + name for name, (source, _) in GUIDES.items()}
"""Where each served document is, by its file name: how links between documents are served."""
_LINK = re.compile(r"^(?:\./)?([a-z-]+\.md)(#.*)?$")


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


def _served_link(href: str) -> str:
    """A link of a document as served: to another document's page (``cli.md#serve`` is
    ``/guide/cli#serve``), others as they are."""
    match = _LINK.match(href)
    if match is None or match.group(1) not in _SERVED:
        return href
    return _SERVED[match.group(1)] + (match.group(2) or "")


def _pictures(children: list[Token]) -> list[Token]:
    """Images of a document as served: an SVG picture shipped beside the documents drawn in
    the page (a data URI: the page stays self-contained), any other by its description."""
    shown: list[Token] = []
    for child in children:
        if child.type == "link_open":
            child.attrSet("href", _served_link(str(child.attrGet("href") or "")))
        if child.type != "image":
            shown.append(child)
            continue
        source = str(child.attrGet("src") or "")
        svg = picture(source) if source.endswith(".svg") else None
        if svg is None:
            shown.append(_text(f"[picture: {child.content}]"))
            continue
        child.attrSet("src", "data:image/svg+xml;base64," + base64.b64encode(svg).decode())
        shown.append(child)
    return shown


def render(markdown: str, page: str) -> str:
    """The HTML body of a document: headings anchored (rule ids as such), rule ids linked,
    links to other documents and pictures as served."""
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
            token.children = _pictures(_link_rule_ids(token.children, page))
        elif token.type == "inline" and token.children:
            token.children = _pictures(token.children)
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
    """A whole self-contained HTML page (no external assets) of one document: a page of
    ``PAGES`` by its name, a guide as ``guide/<name>``."""
    guide = page.removeprefix("guide/")
    source, title = GUIDES[guide] if guide != page else PAGES[page]
    nav = " ".join([
        '<a href="/rules">Rules</a>', '<a href="/gamelog">Game log format</a>',
        '<a href="/guide/api">Guides</a>',
        f'<a href="/{page}.md">Markdown source</a>', '<a href="/docs/">API docs</a>',
        '<a href="/openapi.yaml">Contract</a>'])
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<nav>{nav}</nav>\n<main>\n{render(text(source), page)}{_guides(guide)}</main>\n"
        "</body>\n</html>\n"
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


def _guides(here: str) -> str:
    """The list of the guides, at the end of each: where to read on."""
    if here not in GUIDES:
        return ""
    items = "".join(f'<li><a href="{GUIDE_PATH}{name}">{escape(title)}</a></li>'
                    for name, (_, title) in GUIDES.items() if name != here)
    return f'<hr>\n<nav aria-label="Guides"><p>The guides:</p><ul>{items}</ul></nav>\n'


@texts.get("/guide/<name>")
def guide_page(name: str) -> Response:
    """A guide of ``docs/`` as a page (``/guide/cli``), or its Markdown source
    (``/guide/cli.md``); a 404 problem naming the guides for any other name."""
    markdown = name.endswith(".md")
    guide = name.removesuffix(".md")
    if guide not in GUIDES:
        detail = (f"no guide {guide[:40]!r}{did_you_mean(guide, GUIDES)}; the guides are "
                  f"{', '.join(GUIDES)}")
        raise ApiProblem(404, "not_found", detail, [FieldError("", "not_found", detail)])
    if markdown:
        return Response(text(GUIDES[guide][0]), mimetype="text/markdown")
    return Response(page_html("guide/" + guide), mimetype="text/html")


@texts.get("/guide/calibration/<name>")
def guide_picture(name: str) -> Response:
    """A picture of the strength guide (``/guide/calibration/advisor-simple.svg``), as the
    guide's links to it name it; a 404 problem for any other name."""
    svg = picture(f"calibration/{name}") if name.endswith(".svg") else None
    if svg is None:
        detail = f"no picture {name[:40]!r} in the guides"
        raise ApiProblem(404, "not_found", detail, [FieldError("", "not_found", detail)])
    return Response(svg, mimetype="image/svg+xml")
