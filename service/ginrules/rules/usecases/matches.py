"""Scoring a match from the bare facts of its rounds (``/v1/matches/score``, R-8, R-9).

The facts are read by documents/gamelog.py and kept by the variant's bookkeeping
(match/variants.py), the same bookkeeping the replay uses, so a log and the facts of its
rounds score alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..match.variants import HollywoodTotals, DealResult, Tally, Totals, Variant, variant_for
from ..documents.gamelog import RoundFact, read_match, round_facts
from ..errors import InvalidMatchError, Problem
from ..match.standings import Bonus
from ..base.options import Rules


@dataclass(frozen=True)
class ScoredRound:
    """A round scored from its facts: the facts of each table, what the round did to the
    match (its winner's points, the variant's notes, the totals after it)."""

    facts: tuple[RoundFact, ...]
    tally: Tally

    @property
    def totals(self) -> Totals | HollywoodTotals:
        return self.tally.totals


@dataclass(frozen=True)
class MatchScore:
    """The totals of a match from the facts of its rounds (``/v1/matches/score``); the
    bonuses and the margin once it is complete."""

    rounds: tuple[ScoredRound, ...]
    totals: Totals | HollywoodTotals
    complete: bool
    winner: str | None
    bonuses: tuple[Bonus, ...] = ()
    margin: int | None = None
    next_dealer: str | None = None
    """While the match goes on, who deals the next round (R-3.2, R-3.3, R-9), where it is known:
    from the first round's ``dealer`` or from the results (None where the rules leave it to
    the players)."""


def score_match(rules: Rules, players: Sequence[str], rounds: Sequence[Mapping[str, Any]], *,
                roles: dict[str, str] | None = None, teams: list[list[str]] | None = None,
                dealer: str | None = None) -> MatchScore:
    """Score rounds given as facts (``winner``, ``points``; partnership: ``tables``), in the
    form :func:`read_match` checks.

    Raises :class:`InvalidMatchError` for a fact that cannot be (a winner who did not play,
    a round after the match is over).
    """
    match = variant_for(rules, players, roles=roles, teams=teams, dealer=dealer)
    scored = []
    for index, fact in enumerate(rounds):
        path = ("rounds", index)
        if match.complete:
            raise _fault(path, "game_over", "the match is over before this round", "R-8.1")
        facts = round_facts(rules, fact)
        results = [_table_result(match, position, match.table_path(path, position), table)
                   for position, table in enumerate(facts)]
        scored.append(ScoredRound(facts, match.record(results)))
    complete = match.complete
    return MatchScore(tuple(scored), match.totals(), complete, match.winner,
                      tuple(match.bonuses()) if complete else (),
                      match.margin() if complete else None,
                      None if complete else match.deals_next())


def _table_result(match: Variant, position: int, path: tuple[str | int, ...], fact: RoundFact
                  ) -> DealResult:
    """One table's fact checked against who may have played there (R-9)."""
    seat = match.seat(position)
    winner = fact.winner
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
    return DealResult(players, seat.dealer, winner, fact.points if winner is not None else 0)


def _fault(path: tuple[str | int, ...], code: str, detail: str, rule: str) -> InvalidMatchError:
    return InvalidMatchError(detail, [Problem(path, code, detail, rule)])


def score_match_document(document: Mapping[str, Any]) -> MatchScore:
    """Read a ``/v1/matches/score`` body (rules, players, roles/teams, round facts), score it."""
    facts = read_match(document)
    return score_match(facts.rules, facts.players, facts.rounds, roles=facts.roles,
                       teams=facts.teams, dealer=facts.dealer)
