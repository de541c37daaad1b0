"""Pictures of replies: a hand's analysis and a settled round drawn as SVG cards.

Drawn from the dumped replies (the Analysis and DealScore shapes of openapi.yaml), so a
picture shows exactly what the JSON says; where a laid-off card sits on a run is the rules
core's word.  The SVG scales to any size (a ``viewBox``, suits drawn as paths), uses generic
font families only, and carries its text alternative (``role="img"``, ``aria-label``,
``<title>``, ``<desc>``).
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from ..rules.base.cards import Card
from ..rules.base.melds import Meld
from ..rules.hands.layoffs import meld_with_layoffs

CARD_WIDTH = 50
CARD_HEIGHT = 72
STEP = 30          # how much of a card shows under the next one in a group
GROUP_GAP = 22
MARGIN = 16
ROW_HEIGHT = CARD_HEIGHT + 44
FONT = "font-family=\"system-ui, sans-serif\""

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_TEXT = {"T": "10"}
RED = "#c62828"
BLACK = "#1d1d1f"

# Each suit as a path in a 20 x 20 box, so the picture needs no font that has the suit signs.
_SUIT_PATHS = {
    "H": "M10 18 C3 12 0 9 0 5.5 A5 5 0 0 1 10 4 A5 5 0 0 1 20 5.5 C20 9 17 12 10 18 Z",
    "D": "M10 0 L18 10 L10 20 L2 10 Z",
    "S": "M10 0 C17 6 20 9 20 12.5 A4.6 4.6 0 0 1 11.5 15 L13 20 L7 20 L8.5 15 "
         "A4.6 4.6 0 0 1 0 12.5 C0 9 3 6 10 0 Z",
    "C": "M10 0 A4.6 4.6 0 0 1 13.6 7.6 A4.6 4.6 0 1 1 11.5 15.2 L13 20 L7 20 L8.5 15.2 "
         "A4.6 4.6 0 1 1 6.4 7.6 A4.6 4.6 0 0 1 10 0 Z",
}


def card_words(card: str) -> str:
    """A card for people: ``TS`` -> ``10\u2660``."""
    return RANK_TEXT.get(card[0], card[0]) + SUIT_SIGNS[card[1]]


def is_red(card: str) -> bool:
    """Whether a card is drawn in red (hearts and diamonds)."""
    return card[1] in "HD"


def _cards_words(cards: Iterable[str]) -> str:
    return " ".join(card_words(c) for c in cards) or "none"


def suit_defs() -> str:
    """The four suits as symbols (``#suit-S`` ...), which every card drawn here refers to."""
    symbols = "".join(f'<symbol id="suit-{s}" viewBox="0 0 20 20"><path d="{d}"/></symbol>'
                      for s, d in _SUIT_PATHS.items())
    return f"<defs>{symbols}</defs>"



def _card_face(card: str, mark: str = "") -> str:
    """One card's face in a box of CARD_WIDTH x CARD_HEIGHT at the origin: its rank and suit
    in the corner and a large suit; ``mark`` (``discard``, ``layoff``) draws its border apart."""
    suit = card[1]
    colour = RED if is_red(card) else BLACK
    border = {"discard": "#e65100", "layoff": "#1565c0"}.get(mark, "#9e9e9e")
    width = 2.5 if mark else 1
    dash = ' stroke-dasharray="5 3"' if mark == "layoff" else ""
    rank = RANK_TEXT.get(card[0], card[0])
    return (
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="#fff" '
        f'stroke="{border}" stroke-width="{width}"{dash}/>'
        f'<text x="4" y="17" font-size="15" font-weight="700" fill="{colour}" {FONT}>{rank}</text>'
        f'<use href="#suit-{suit}" x="5" y="21" width="11" height="11" fill="{colour}"/>'
        f'<use href="#suit-{suit}" x="{CARD_WIDTH - 27}" y="{CARD_HEIGHT - 30}" width="22" '
        f'height="22" fill="{colour}"/>'
    )


def _card(card: str, x: float, y: float, mark: str = "") -> str:
    """One card at (x, y); ``mark`` is ``discard`` or ``layoff`` for a card set apart."""
    marked = f' data-mark="{mark}"' if mark else ""
    return (
        f'<g class="card" data-card="{card}"{marked} '
        f'transform="translate({x:g} {y:g})">'
        f"<title>{escape(card_words(card))}</title>{_card_face(card, mark)}</g>"
    )


def card_svg(card: str, standalone: bool = False) -> str:
    """One card as a picture of its own, drawn as in the hand and round pictures: for a page
    that holds :func:`suit_defs` once, or ``standalone`` (an SVG document with its suits)."""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}" '
            f'width="{CARD_WIDTH}" height="{CARD_HEIGHT}"')
    if standalone:
        return (f'{head} role="img" aria-label="{escape(card_words(card))}">'
                f"<title>{escape(card_words(card))}</title>{suit_defs()}"
                f"{_card_face(card)}</svg>\n")
    return f'{head} aria-hidden="true" focusable="false">{_card_face(card)}</svg>'


def _label(x: float, y: float, words: str, size: int = 12, weight: int = 400,
           colour: str = "#444") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" font-weight="{weight}" '
            f'fill="{colour}" {FONT}>{escape(words)}</text>')


def _group_width(count: int) -> int:
    return CARD_WIDTH + STEP * (count - 1) if count else 0


def _row(groups: Sequence[tuple[str, Sequence[tuple[str, str]]]], y: float) -> tuple[str, float]:
    """Groups of cards side by side, each with its caption under it; (svg, width)."""
    parts, x = [], float(MARGIN)
    for caption, cards in groups:
        if not cards:
            continue
        parts.append(f'<g class="group" data-caption="{escape(caption)}">')
        for index, (card, mark) in enumerate(cards):
            parts.append(_card(card, x + STEP * index, y, mark))
        parts.append(_label(x, y + CARD_HEIGHT + 15, caption) + "</g>")
        # A caption is wider than one card: its group takes the caption's width at least.
        x += max(_group_width(len(cards)), 6.8 * len(caption)) + GROUP_GAP
    return "".join(parts), x - GROUP_GAP + MARGIN


def _document(width: float, height: float, title: str, desc: str, body: str) -> str:
    width, height = math.ceil(width), math.ceil(height)
    # Pictures may share a page: the description's id is this picture's own.
    desc_id = f"desc-{zlib.crc32(desc.encode()):08x}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
        f'width="{width:g}" height="{height:g}" role="img" aria-label="{escape(title)}" '
        f'aria-describedby="{desc_id}">'
        f'<title>{escape(title)}</title><desc id="{desc_id}">{escape(desc)}</desc>{suit_defs()}'
        f'<rect width="100%" height="100%" rx="8" fill="#f3f6f2"/>{body}</svg>\n'
    )


def _melds_words(melds: Sequence[Mapping[str, Any]]) -> str:
    return "; ".join(_cards_words(m["cards"]) for m in melds) or "none"


def _meld_caption(meld: Mapping[str, Any]) -> str:
    return f"{meld['kind']} of {len(meld['cards'])}"


def hand_svg(analysis: Mapping[str, Any]) -> str:
    """The hand of an Analysis reply as cards: its optimal melds, the deadwood set apart with
    its count, and for eleven cards the best discard marked (R-2.5, R-5.1)."""
    melds = analysis["melds"]
    discard = analysis.get("discard")
    count = analysis["deadwood_count"]
    groups: list[tuple[str, Sequence[tuple[str, str]]]] = [
        (_meld_caption(m), [(c, "") for c in m["cards"]]) for m in melds]
    groups.append((f"deadwood {count}", [(c, "") for c in analysis["deadwood"]]))
    if discard is not None:
        groups.append(("best discard", [(discard, "discard")]))
    cards, width = _row(groups, 34)
    width = max(width, 300)
    verdict = _verdict(analysis)
    headline = _label(MARGIN, 22, f"Deadwood {count} \u00b7 {verdict}", 14, 700, BLACK)
    title = (f"Hand of {analysis['card_count']} cards: deadwood {count}, {verdict}"
             + (f", best discard {card_words(discard)}" if discard else ""))
    desc = "; ".join([
        *(f"{m['kind']} {_cards_words(m['cards'])}" for m in melds),
        f"deadwood {_cards_words(analysis['deadwood'])} counting {count}",
        *([f"best discard {_cards_words(analysis['best_discards'])}"] if discard else []),
    ]) + "."
    return _document(width, 34 + ROW_HEIGHT, title, desc, headline + cards)


def _verdict(analysis: Mapping[str, Any]) -> str:
    if analysis.get("big_gin"):
        return "big gin"
    if analysis.get("gin"):
        return "gin"
    if analysis.get("can_knock") is None:
        return f"knock limit {analysis['knock_limit']}"
    return ("can knock" if analysis["can_knock"] else "cannot knock") + \
        f" (limit {analysis['knock_limit']})"


def _with_layoffs(meld: Mapping[str, Any], laid: Sequence[str], round_the_corner: bool
                  ) -> list[tuple[str, str]]:
    """A knocker's meld with the cards laid off on it, where the rules core places them
    (R-6.1, R-6.2, R-2.7), the laid-off ones marked."""
    spread = Meld(meld["kind"], tuple(Card(code) for code in meld["cards"]))
    cards = meld_with_layoffs(spread, tuple(Card(code) for code in laid), round_the_corner)
    return [(card.code, "layoff" if card.code in laid else "") for card in cards]


def round_svg(score: Mapping[str, Any]) -> str:
    """A settled round (a DealScore reply): the knocker's melds with the defender's layoffs
    attached to the meld they extend, both deadwoods, and the score with its terms (R-6, R-7)."""
    knocker, defender = score["knocker"], score["defender"]
    round_the_corner = bool(score.get("rules", {}).get("round_the_corner"))
    laid: dict[int, list[str]] = {}
    for layoff in defender["layoffs"]:
        laid.setdefault(layoff["meld"], []).append(layoff["card"])
    knocker_groups: list[tuple[str, Sequence[tuple[str, str]]]] = []
    for index, meld in enumerate(knocker["melds"]):
        extra = laid.get(index, [])
        caption = _meld_caption(meld) + (f" + {len(extra)} laid off" if extra else "")
        knocker_groups.append((caption, _with_layoffs(meld, extra, round_the_corner)))
    knocker_groups.append((f"deadwood {knocker['deadwood_count']}",
                           [(c, "") for c in knocker["deadwood"]]))
    if knocker.get("discard"):
        knocker_groups.append(("discard", [(knocker["discard"], "discard")]))
    defender_groups: list[tuple[str, Sequence[tuple[str, str]]]] = [
        (_meld_caption(m), [(c, "") for c in m["cards"]]) for m in defender["melds"]]
    defender_groups.append((f"deadwood {defender['deadwood_count']}",
                            [(c, "") for c in defender["deadwood"]]))
    top = 34
    first, width_1 = _row(knocker_groups, top + 18)
    second_top = top + 18 + ROW_HEIGHT + 18
    second, width_2 = _row(defender_groups, second_top)
    footer_top = second_top + ROW_HEIGHT
    terms = [f"{t['term']} {t['points']} ({t['rule']})" for t in score["breakdown"]]
    lines = ["Score: " + (" + ".join(terms) if terms else "nothing")]
    lines += [f"Note: {w.get('detail', w.get('code', ''))}" for w in score.get("warnings", [])]
    footer = "".join(_label(MARGIN, footer_top + 16 * i, line, 12, 400, BLACK)
                     for i, line in enumerate(lines))
    width = max(width_1, width_2, 8 * max(len(line) for line in lines) // 1.2 + 2 * MARGIN, 320)
    outcome = score["outcome"].replace("_", " ")
    winner = score["winner"]
    result = (f"{outcome}: {winner} wins {score['points']}" if winner
              else f"{outcome}: a tie, nobody scores")
    headline = _label(MARGIN, 22, result.capitalize(), 15, 700, BLACK)
    body = (headline
            + _label(MARGIN, top + 10, f"Knocker, deadwood {knocker['deadwood_count']}", 12, 700)
            + first
            + _label(MARGIN, second_top - 8,
                     f"Defender, deadwood {defender['deadwood_count']}", 12, 700)
            + second + footer)
    layoffs = "; ".join(f"{card_words(layoff['card'])} on the knocker's meld {layoff['meld'] + 1}"
                        for layoff in defender["layoffs"]) or "none"
    desc = (f"Knocker's melds: {_melds_words(knocker['melds'])}; knocker's deadwood "
            f"{_cards_words(knocker['deadwood'])} counting {knocker['deadwood_count']}. "
            f"Defender's melds: {_melds_words(defender['melds'])}; layoffs: {layoffs}; "
            f"defender's deadwood {_cards_words(defender['deadwood'])} counting "
            f"{defender['deadwood_count']}. {lines[0]}.")
    return _document(width, footer_top + 16 * len(lines) + 8, result.capitalize(), desc, body)
