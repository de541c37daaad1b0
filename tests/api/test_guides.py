"""The guides of docs/: each served as a self-contained page and as its Markdown source, their
links to one another and to the rules resolving, their pictures inside the page; and the
contract's description pointing to them."""

from __future__ import annotations

import re

import pytest

from ginrules.api.texts import GUIDES, PAGES

from testkit import ROOT
from tests.api.test_texts import _page

DOCS = ROOT / "docs"


def test_every_document_of_docs_is_served_and_every_guide_is_a_document():
    documents = {path.name for path in DOCS.glob("*.md")}
    served = {source for source, _ in GUIDES.values()} | {source for source, _ in PAGES.values()}
    assert documents == served


@pytest.mark.parametrize("name", list(GUIDES))
def test_a_guide_is_a_self_contained_page_and_its_markdown(client, name):
    page = _page(client, f"/guide/{name}")
    assert len(page.ids) == len(set(page.ids)), name
    # Nothing to fetch: the pictures it draws are inside the page.
    assert all(source.startswith("data:image/svg+xml;base64,") for source in page.external), name
    source = client.get(f"/guide/{name}.md")
    assert source.status_code == 200 and source.mimetype == "text/markdown"
    assert source.get_data(as_text=True) == (DOCS / GUIDES[name][0]).read_text("utf-8")
    title = client.get(f"/guide/{name}").get_data(as_text=True)
    assert f"<title>{GUIDES[name][1]}</title>" in title


def _anchors(client, path: str, cache: dict[str, set[str]]) -> set[str]:
    if path not in cache:
        cache[path] = set(_page(client, path).ids)
    return cache[path]


def test_the_links_between_the_guides_and_to_the_rules_resolve(client):
    cache: dict[str, set[str]] = {}
    checked = 0
    for name in GUIDES:
        for link in _page(client, f"/guide/{name}").links:
            if link.startswith(("http:", "https:", "mailto:")):
                continue
            path, _, anchor = link.partition("#")
            path = path or f"/guide/{name}"
            if not path.startswith(("/rules", "/gamelog", "/guide/")):
                continue
            # A document's link to another (cli.md) is served as its page; only the nav links
            # this page's own Markdown source.
            assert not path.endswith(".md") or path == f"/guide/{name}.md", (name, link)
            assert client.get(path).status_code == 200, (name, link)
            if anchor:
                assert anchor in _anchors(client, path, cache), (name, link)
            checked += 1
    assert checked >= 30


def test_the_strength_guide_draws_its_calibration_pictures(client):
    markdown = (DOCS / "strength.md").read_text("utf-8")
    pictures = re.findall(r"!\[[^\]]*\]\((calibration/[^)]+\.svg)\)", markdown)
    assert pictures and all((DOCS / picture).is_file() for picture in pictures)
    page = _page(client, "/guide/strength")
    assert len(page.external) == len(pictures)
    # The table's links to every picture resolve from the page, to the picture.
    linked = [link for link in page.links if link.startswith("calibration/")]
    assert sorted(set(linked)) == sorted(f"calibration/{p.name}"
                                         for p in (DOCS / "calibration").glob("*.svg"))
    for link in linked:
        reply = client.get("/guide/" + link)
        assert reply.status_code == 200 and reply.mimetype == "image/svg+xml"
        assert reply.data == (DOCS / link).read_bytes()
    assert client.get("/guide/calibration/nothing.svg").status_code == 404


def test_a_picture_that_is_not_shipped_is_named_by_its_description(client):
    html = client.get("/guide/play").get_data(as_text=True)
    assert "[picture: /play, a game against the random bot" in html
    assert "screenshots/" not in html


def test_an_unknown_guide_is_a_404_naming_the_guides(client):
    reply = client.get("/guide/deploi")
    assert reply.status_code == 404
    detail = reply.get_json()["detail"]
    assert detail.startswith("no guide 'deploi' (did you mean 'deploy'?); the guides are api,")


def test_the_contract_names_every_preset_and_points_to_the_served_pages(client):
    import yaml

    from ginrules.rules import PRESETS

    description = yaml.safe_load(client.get("/openapi.yaml").get_data(as_text=True))[
        "info"]["description"]
    assert all(f"`{name}`" in description for name in PRESETS)
    for path in ("/rules", "/gamelog", "/guide/api"):
        assert f"]({path})" in description
    assert ".md)" not in description.replace("(/rules.md)", "")
    assert "GAMELOG" not in description and "README" not in description
