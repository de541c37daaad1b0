"""Other clients' ways of writing the same request, for representation-invariance tests.

Every free choice a client has (R-1.4, docs/gamelog.md) is made again at random: how each card is
spelled, the order of cards in a hand or a meld, the order of declared melds (with the
layoff indexes that name them remapped), a meld as a list or as ``{"kind", "cards"}``,
optional fields left out.  Written for the tests alone, sharing nothing with the service's
parser or generator: it reads card codes with its own small table.
"""

from __future__ import annotations

import copy
import random
from typing import Any

RANK_SPELLINGS = {"A": ["A", "a"], "T": ["T", "t", "10"], "J": ["J", "j"], "Q": ["Q", "q"],
                  "K": ["K", "k"], **{d: [d] for d in "23456789"}}
SUIT_SPELLINGS = {letter: [letter, letter.lower(), symbol, symbol + "\ufe0f"]
                  for letter, symbol in zip("SHDC", "\u2660\u2665\u2666\u2663")}
_SYMBOL_SUITS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}
ORDER = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]


def code(token: str) -> str:
    """The canonical code of a token in any notation of R-1.4 (the test's own reading)."""
    token = token.replace("\ufe0f", "")
    rank, suit = token[:-1].upper(), token[-1]
    suit = _SYMBOL_SUITS.get(suit, suit.upper())
    return ("T" if rank == "10" else rank) + suit


def spell(token: str, rng: random.Random) -> str:
    """Another spelling of the same card."""
    canonical = code(token)
    return rng.choice(RANK_SPELLINGS[canonical[0]]) + rng.choice(SUIT_SPELLINGS[canonical[1]])


def hand(tokens: list[str], rng: random.Random) -> list[str]:
    """The same cards, reordered and respelled."""
    tokens = [spell(t, rng) for t in tokens]
    rng.shuffle(tokens)
    return tokens


def meld_cards(meld: Any) -> list[str]:
    """A meld's canonical codes, in canonical order, whatever its form."""
    cards = meld["cards"] if isinstance(meld, dict) else meld
    return sorted(map(code, cards), key=ORDER.index)


def meld_kind(cards: list[str]) -> str:
    return "set" if len({c[0] for c in cards}) == 1 else "run"


def meld(value: Any, rng: random.Random) -> Any:
    """The same meld as a list or an object, its cards reordered and respelled."""
    cards = hand(meld_cards(value), rng)
    if rng.random() < 0.5:
        return cards
    return {"kind": meld_kind(meld_cards(value)), "cards": cards}


def melds(values: list, rng: random.Random) -> tuple[list, list[int]]:
    """The same melds in another order; ``moved[i]`` is where meld ``i`` went."""
    order = list(range(len(values)))
    rng.shuffle(order)  # order[new] = old
    moved = [0] * len(values)
    for new, old in enumerate(order):
        moved[old] = new
    return [meld(values[old], rng) for old in order], moved


def layoffs(values: list[dict], moved: list[int], rng: random.Random) -> list[dict]:
    """The same layoffs naming the moved melds, each meld's own still in the order played,
    the melds interleaved differently."""
    queues: dict[int, list[dict]] = {}
    for layoff in values:
        queues.setdefault(layoff["meld"], []).append(layoff)
    played = []
    while queues:
        index = rng.choice(sorted(queues))
        layoff = queues[index].pop(0)
        if not queues[index]:
            del queues[index]
        target = moved[layoff["meld"]] if 0 <= layoff["meld"] < len(moved) else layoff["meld"]
        played.append({"card": spell(layoff["card"], rng), "meld": target})
    return played


def log(document: dict, rng: random.Random) -> tuple[dict, list[list[int]]]:
    """The same game log as another client writes it, and for each table (in document order)
    where its knock's declared melds moved."""
    document = copy.deepcopy(document)
    if "format" in document and rng.random() < 0.5:
        del document["format"]
    elif rng.random() < 0.5:
        document["format"] = "ginrules-log/1"
    moves: list[list[int]] = []
    for entry in document["rounds"]:
        for table in entry["tables"] if "tables" in entry else [entry]:
            moves.append(_table(table, rng))
    return document, moves


def _table(table: dict, rng: random.Random) -> list[int]:
    table["hands"] = {p: hand(cards, rng) for p, cards in table["hands"].items()}
    table["upcard"] = spell(table["upcard"], rng)
    if "stock" in table:
        table["stock"] = [spell(t, rng) for t in table["stock"]]
    moved: list[int] = []
    for action in table["actions"]:
        kind = action["action"]
        if kind in ("draw", "discard") and action.get("card") is not None:
            action["card"] = spell(action["card"], rng)
        if kind == "draw" and action["source"] == "discard" and "card" in action:
            if rng.random() < 0.3:
                del action["card"]  # optional: the top of the pile is known
        if kind == "knock":
            if action["discard"] is not None:
                action["discard"] = spell(action["discard"], rng)
            if "melds" in action:
                action["melds"], moved = melds(action["melds"], rng)
        if kind == "lay_down":
            # An empty field may go where the other one stays: with neither, the lay_down
            # would no longer state a spread but ask for the best reply (docs/gamelog.md).
            if "melds" in action:
                action["melds"] = melds(action["melds"], rng)[0]
                if not action["melds"] and "layoffs" in action and rng.random() < 0.5:
                    del action["melds"]
            if "layoffs" in action:
                action["layoffs"] = layoffs(action["layoffs"], moved, rng)
                if not action["layoffs"] and "melds" in action and rng.random() < 0.5:
                    del action["layoffs"]
    return moved


def normal_result(result: dict) -> dict:
    """A round result with declared melds and the layoffs naming them put in one order, so
    replies to differently written logs compare equal when they mean the same."""
    result = dict(result)
    if "knocker_melds" in result:
        knocker = [tuple(meld_cards(m)) for m in result["knocker_melds"]]
        result["knocker_melds"] = sorted(knocker, key=lambda m: [ORDER.index(c) for c in m])
        result["layoffs"] = sorted((code(x["card"]), knocker[x["meld"]])
                                   for x in result["layoffs"])
        result["defender_melds"] = sorted(
            (tuple(meld_cards(m)) for m in result["defender_melds"]),
            key=lambda m: [ORDER.index(c) for c in m])
    return result


def normal_replay(body: dict) -> dict:
    """A replay reply, every round result and lay_down option in one order (see above)."""
    body = copy.deepcopy(body)
    for entry in body["rounds"]:
        for table in entry["tables"] if "tables" in entry else [entry]:
            table["result"] = normal_result(table["result"])
    moves = [] if "next" not in body else (
        body["next"]["tables"] if "tables" in body["next"] else [body["next"]])
    for move in moves:
        for action in move["legal_actions"]:
            if "knocker_melds" in action:
                knocker = [tuple(meld_cards(m)) for m in action["knocker_melds"]]
                action["knocker_melds"] = sorted(knocker)
                action["layable"] = sorted((code(x["card"]), knocker[x["meld"]])
                                           for x in action["layable"])
    return body
