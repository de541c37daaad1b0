"""Scoring a match from the bare facts of its rounds (``/v1/matches/score``, R-8, R-9).

The facts are read by documents.py and kept by the variant's bookkeeping (bookkeeping.py),
the same bookkeeping the replay uses, so a log and the facts of its rounds score alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .bookkeeping import Bonus, TableResult, variant_for
from .documents import read_match
from .errors import InvalidLogError, Problem
from .variants import Rules


@dataclass
class MatchScore:
    """The totals of a match from the facts of its rounds (``/v1/matches/score``)."""

    rounds: list[dict[str, Any]] = field(default_factory=list)
    totals: Any = None
    complete: bool = False
    winner: str | None = None
    bonuses: list[Bonus] = field(default_factory=list)
    margin: int | None = None


def score_match(rules: Rules, players: list[str], rounds: list[dict[str, Any]], *,
                roles: dict | None = None, teams: list | None = None,
                dealer: str | None = None) -> MatchScore:
    """Score rounds given as facts (``winner``, ``points``; partnership: ``tables``).

    Raises :class:`InvalidLogError` for a fact that cannot be (a winner who did not play,
    a round after the match is over).
    """
    match = variant_for(rules, players, roles=roles, teams=teams)
    if dealer is not None:
        match.next_dealer = dealer
    result = MatchScore()
    for index, fact in enumerate(rounds):
        path = ("rounds", index)
        if match.complete:
            raise _fault(path, "game_over", "the match is over before this round", "R-8.1")
        several = match.tables_per_round > 1
        tables = fact["tables"] if several else [fact]
        results = []
        for position, table in enumerate(tables):
            where = path + ("tables", position) if several else path
            results.append(_table_result(match, position, where, table))
        recorded = match.record(results)
        if several:
            entry = {"tables": [dict(t) for t in tables], "result": recorded}
        else:
            entry = {"result": {k: fact[k] for k in ("outcome", "knocker") if k in fact}
                     | {"winner": results[0].winner, "points": results[0].points},
                     **recorded}
        result.rounds.append(entry | {"totals": match.running_totals()})
    result.complete = match.complete
    result.winner = match.winner
    result.totals = match.totals()
    if match.complete:
        result.bonuses = match.bonuses()
        result.margin = match.margin()
    return result


def _table_result(match, position: int, path: tuple, fact: Mapping[str, Any]) -> TableResult:
    """One table's fact checked against who may have played there (R-9)."""
    seat = match.seat(position)
    winner = fact.get("winner")
    if winner is not None and winner not in match.players:
        raise _fault(path + ("winner",), "not_a_player", f"{str(winner)[:40]!r} is not a player",
                     match.facts_rule)
    if winner is not None and seat.players is not None and winner not in seat.players:
        raise _fault(path + ("winner",), "not_at_table",
                     f"{winner} does not play this round ({seat.reason})", match.facts_rule)
    if match.needs_first_dealer and seat.dealer is None:
        raise _fault(("dealer",), "required",
                     f"{match.name} scores need the first round's dealer", match.dealer_rule)
    players = None
    if seat.players is not None or seat.dealer is not None:
        players = seat.players or tuple(p for p in match.players if p != seat.dealer)
    return TableResult(players, seat.dealer, winner,
                       fact.get("points", 0) if winner is not None else 0)


def _fault(path: tuple, code: str, detail: str, rule: str) -> InvalidLogError:
    return InvalidLogError(detail, [Problem(path, code, detail, rule)])


def score_match_document(document: Mapping[str, Any]) -> MatchScore:
    """Read a ``/v1/matches/score`` body (rules, players, roles/teams, round facts), score it."""
    facts = read_match(document)
    return score_match(facts.rules, list(facts.players), list(facts.rounds), roles=facts.roles,
                       teams=facts.teams, dealer=facts.dealer)
