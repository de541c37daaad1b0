"""The reference's answer to a fact's question, topic by topic (docs/conformance.md).

``answer(topic, options, question)`` takes every option (``presets.full_options``) and the
question as the facts write it (canonical card codes) and returns the answer as an engine
would send it.  ``TOPICS`` lists the topics it answers.
"""

from __future__ import annotations

from typing import Any

from . import matches, play, presets, shuffle
from .cards import CODES, INDEX, codes, parse_token, sorted_codes, value_of
from .melds import (discard_values, every_meld, least_deadwood, listed, meld_order,
                    optimal_arrangements)
from .showdown import (best_defense, check_layoffs, judge_knock, knock_limit, layable,
                       meld_faults, score_deal)


class Refused(Exception):
    """The question itself breaks a rule: the rules and where (pointers into the question)."""

    def __init__(self, rules: list[str], at: list[str]) -> None:
        super().__init__(f"{rules} at {at}")
        self.rules, self.at = rules, at


def _hand(question: dict, name: str = "hand", most: int = 11) -> list[int]:
    """A hand of canonical codes, refused for a card twice or too many cards (R-1.5)."""
    values = question[name]
    if len(values) > most:
        raise Refused(["R-1.5"], [f"/{name}"])
    cards, at = [], []
    for position, code in enumerate(values):
        if code not in INDEX:
            raise Refused(["R-1.4"], [f"/{name}/{position}"])
        if INDEX[code] in cards:
            at.append(f"/{name}/{position}")
        cards.append(INDEX[code])
    if at:
        raise Refused(["R-1.5"], at)
    return cards


def _upcard(question: dict) -> int | None:
    return INDEX[question["upcard"]] if question.get("upcard") else None


def _melds_out(melds, corner: bool) -> list[list[str]]:
    return [codes(m) for m in listed(melds, corner)]


def cards_answer(options: dict, question: dict) -> dict:
    """R-1.4, R-1.5: the cards tokens name, in the order given."""
    found, bad, twice = [], [], []
    for position, token in enumerate(question["hand"]):
        card = parse_token(token)
        if card is None:
            bad.append(f"/hand/{position}")
        elif card in found:
            twice.append(f"/hand/{position}")
        found.append(card)
    if bad:
        raise Refused(["R-1.4"], bad)
    if twice:
        raise Refused(["R-1.5"], twice)
    if len(found) > 52:
        raise Refused(["R-1.5"], ["/hand"])
    return {"cards": codes(found)}


def deadwood_answer(options: dict, question: dict) -> dict:
    """R-2: the least deadwood and every optimal arrangement; for ten cards the knock."""
    corner, ace = options["round_the_corner"], options["ace_deadwood_value"]
    hand = frozenset(_hand(question, most=10))
    least = least_deadwood(hand, corner, ace)
    optimal = sorted(optimal_arrangements(hand, corner, ace), key=lambda a: listed(a, corner))
    answer: dict[str, Any] = {
        "deadwood": least, "melds": _melds_out(optimal[0], corner),
        "arrangements": [{"melds": _melds_out(a, corner),
                          "deadwood": sorted_codes(hand - frozenset().union(*a))}
                         for a in optimal]}
    limit = knock_limit(options, _upcard(question))
    if limit is not None and len(hand) == 10:
        answer["knock_limit"], answer["may_knock"] = limit, least <= limit
    return answer


def discards_answer(options: dict, question: dict) -> dict:
    """R-5.1: the least deadwood after each discard of eleven cards."""
    corner, ace = options["round_the_corner"], options["ace_deadwood_value"]
    hand = _hand(question)
    values = discard_values(hand, corner, ace)
    answer: dict[str, Any] = {"after": {CODES[c]: values[c] for c in sorted(values)}}
    least = min(values.values())
    answer["big_gin"] = (options["big_gin_bonus"] is not None
                         and least_deadwood(frozenset(hand), corner, ace) == 0)
    limit = knock_limit(options, _upcard(question))
    if limit is not None:
        answer["knock_limit"], answer["may_knock"] = limit, least <= limit or answer["big_gin"]
    return answer


def knock_answer(options: dict, question: dict) -> dict:
    """R-5: a knock legal or not, with every rule it breaks."""
    hand = _hand(question)
    discard = question.get("discard")
    taken = question.get("taken_card")
    melds = question.get("melds")
    judged = judge_knock(hand, None if discard is None else INDEX[discard],
                         None if melds is None else [[INDEX[c] for c in m] for m in melds],
                         options, taken=None if taken is None else INDEX[taken],
                         upcard=_upcard(question))
    answer: dict[str, Any] = {"legal": judged.legal}
    if not judged.legal:
        answer["breaks"] = sorted({f.rule for f in judged.faults})
        answer["at"] = [f.at for f in judged.faults]
    if judged.limit is not None:
        answer["knock_limit"] = judged.limit
    if judged.deadwood is not None:
        answer["deadwood"] = judged.deadwood
        answer["gin"], answer["big_gin"] = judged.gin, judged.big_gin
        answer["melds"] = [codes(meld_order(m, options["round_the_corner"]))
                           for m in judged.melds]
    return answer


def _knocker_melds(question: dict) -> list[frozenset[int]]:
    return [frozenset(INDEX[c] for c in meld) for meld in question["knocker_melds"]]


def layoffs_answer(options: dict, question: dict) -> dict:
    """R-6: the defender's least deadwood after layoffs, and every card some play lays off."""
    melds = _knocker_melds(question)
    defender = _hand(question, "defender")
    gin = bool(question.get("gin"))
    faults = meld_faults([sorted(m) for m in melds], options["round_the_corner"],
                         "/knocker_melds")
    if faults:
        raise Refused(sorted({f.rule for f in faults}), [f.at for f in faults])
    defense = best_defense(melds, defender, options, gin=gin)
    layoffs, own = defense.replies[0]
    return {"deadwood": defense.deadwood,
            "layable": [] if gin else sorted_codes(layable(melds, defender, options)),
            "layoffs": [{"card": CODES[c], "meld": m} for c, m in layoffs],
            "melds": _melds_out(own, options["round_the_corner"])}


def scoring_answer(options: dict, question: dict) -> dict:
    """R-7: a deal from the knock on, its outcome, winner and points."""
    knocker, defender = question["knocker"], question["defender"]
    spread = _hand(knocker)
    their = _hand(defender)
    both = set(spread) & set(their)
    if both:
        raise Refused(["R-1.5"], ["/defender/hand"])
    discard = knocker.get("discard")
    big = len(spread) == 11 and discard is None
    if discard is not None and INDEX[discard] in spread + their:
        raise Refused(["R-1.5"], ["/knocker/discard"])
    melds = knocker.get("melds")
    stated = "melds" in defender or "layoffs" in defender
    layoffs = [(INDEX[x["card"]], x["meld"]) for x in defender.get("layoffs", [])]
    if layoffs and melds is not None:
        faults = check_layoffs([frozenset(INDEX[c] for c in m) for m in melds], layoffs,
                               options, "/defender/layoffs")
        if faults:
            raise Refused([faults[0].rule], [faults[0].at])
    score = score_deal(
        spread, their, options,
        knocker_melds=None if melds is None else [[INDEX[c] for c in m] for m in melds],
        defender_melds=[[INDEX[c] for c in m] for m in defender.get("melds", [])]
        if stated else None,
        layoffs=layoffs if stated else None, big_gin=big, upcard=_upcard(question))
    return {"outcome": score.outcome, "winner": score.winner, "points": score.points,
            "knocker_deadwood": score.knocker_deadwood,
            "defender_deadwood": score.defender_deadwood,
            "breakdown": [{"rule": rule, "points": points} for rule, points in score.breakdown],
            "layoffs": [{"card": CODES[c], "meld": m} for c, m in score.layoffs]}


def games_answer(options: dict, question: dict) -> dict:
    """R-3, R-4, R-8: a game log valid with its results, or its first illegal action."""
    answer = play.referee(question, options)
    answer.pop("code", None)
    return answer


def perft_answer(options: dict, question: dict) -> dict:
    """The number of sequences of legal actions of a given length from a seeded deal."""
    players = question["players"]
    dealer = question["dealer"]
    other = next(p for p in players if p != dealer)
    deal = play.seeded_deal(question["seed"], question.get("round", 0), dealer, other, options)
    return {"count": play.perft(deal, question["depth"])}


def melds_answer(options: dict, question: dict) -> dict:
    """R-2.1, R-2.2, R-2.7: every meld the cards hold, in the documented order (R-2.5)."""
    hand = _hand(question, most=52)
    corner = options["round_the_corner"]
    melds = every_meld(frozenset(hand), corner)
    if question.get("with") is not None:
        if question["with"] not in INDEX:
            raise Refused(["R-1.4"], ["/with"])
        card = INDEX[question["with"]]
        if card not in hand:
            raise Refused(["R-2"], ["/with"])
        melds = tuple(m for m in melds if card in m)
    return {"melds": [codes(m) for m in listed(melds, corner)]}


def shuffle_answer(options: dict, question: dict) -> dict:
    """ginrules-deal/1 (R-3.1): the shuffled deck of a seed, a round and a table."""
    return {"deck": codes(shuffle.deck(question["seed"], question.get("round", 0),
                                       question.get("table", 0)))}


def presets_answer(options: dict, question: dict) -> dict:
    """R-10: the options a rules value means, or the faults that refuse it."""
    resolved, faults = presets.resolve(question["rules"])
    if resolved is None:
        raise Refused(["R-10"], [f"/rules{where}" for where, _ in faults])
    return {"options": resolved}


TOPICS = {
    "cards": cards_answer, "deadwood": deadwood_answer, "discards": discards_answer,
    "knock": knock_answer, "layoffs": layoffs_answer, "scoring": scoring_answer,
    "games": games_answer, "perft": perft_answer, "melds": melds_answer,
    "shuffle": shuffle_answer, "matches": matches.answer, "presets": presets_answer,
}


def answer(topic: str, options: dict, question: dict) -> dict:
    """The answer to one question (``{"refused": ...}`` when the question breaks a rule)."""
    try:
        return TOPICS[topic](options, question)
    except Refused as refused:
        return {"refused": {"breaks": refused.rules, "at": refused.at}}
    except matches.MatchRefused as refused:
        return {"refused": {"breaks": refused.rules, "at": refused.at}}


__all__ = ["answer", "TOPICS", "value_of"]
