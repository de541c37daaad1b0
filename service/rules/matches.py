"""Scoring across rounds for every variant (R-8, R-9): one game, Hollywood's three games, the
box's rotating roles, cutthroat's sitting dealer, partnership's netted tables.

A *match* keeps the bookkeeping of one variant: who must sit at the next table and deal
(:meth:`Match.seat`), and what each round's result does to the totals (:meth:`Match.record`).
The replay and ``/v1/matches/score`` both use it, so a log and the bare facts of its rounds
always give the same totals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidLogError, Problem
from .variants import Rules


@dataclass(frozen=True)
class Bonus:
    """An end-of-game addition to a total (R-8.2, R-8.3); ``game`` for Hollywood."""

    player: str
    term: str
    points: int
    rule: str
    game: int | None = None


@dataclass(frozen=True)
class Seat:
    """Who plays the next deal: the two players, who deals, who is offered the upcard first.

    ``dealer`` None means the log chooses (the first deal).  In cutthroat the dealer is the
    third player, who sits out (R-9.3).
    """

    players: tuple[str, str] | None
    dealer: str | None
    first: str | None = None
    reason: str = ""


class Standings:
    """One game (R-8) between some sides (players or teams): totals, rounds won, the target."""

    def __init__(self, rules: Rules, sides: list[str]) -> None:
        self.rules = rules
        self.points = {side: 0 for side in sides}
        """Round points won (R-8.1)."""
        self.totals = {side: 0 for side in sides}
        """The running totals that count towards the target: the round points, and the box
        bonuses too when they are added as each round is won (R-8.2)."""
        self.wins = {side: 0 for side in sides}
        self.winner: str | None = None

    @property
    def closed(self) -> bool:
        return self.winner is not None

    @property
    def _box_at_end(self) -> bool:
        return self.rules.box_bonus_timing == "end"

    def add(self, side: str, points: int) -> None:
        """Credit a won round (R-8.1, R-8.2); the game closes when a side reaches the target."""
        self.points[side] += points
        self.totals[side] += points
        self.wins[side] += 1
        if not self._box_at_end:
            self.totals[side] += self.rules.box_bonus
        if self.totals[side] >= self.rules.game_target and self.winner is None:
            self.winner = side

    def bonuses(self, game: int | None = None) -> list[Bonus]:
        """What a finished game adds (R-8.2, R-8.3): shutout doubling of the round points, box
        bonuses (when added at the end), the game bonus, and last a doubled total."""
        rules, winner = self.rules, self.winner
        if winner is None:
            return []
        bonuses: list[Bonus] = []
        shutout = all(t == 0 for side, t in self.points.items() if side != winner)
        if shutout and rules.shutout == "double":
            bonuses.append(Bonus(winner, "shutout doubles the winner's round points",
                                 self.points[winner], "R-8.3", game))
        if rules.box_bonus and self._box_at_end:
            for side, wins in self.wins.items():
                if wins:
                    bonuses.append(Bonus(side, f"box bonus: {wins} rounds won",
                                         wins * rules.box_bonus, "R-8.2", game))
        game_bonus = rules.game_bonus
        doubled = shutout and rules.shutout == "game_bonus_200"
        if doubled:
            game_bonus = 200
        if game_bonus:
            bonuses.append(Bonus(winner, "game bonus (shutout)" if doubled else "game bonus",
                                 game_bonus, "R-8.3", game))
        if shutout and rules.shutout == "double_total":
            total = self.totals[winner] + sum(b.points for b in bonuses if b.player == winner)
            bonuses.append(Bonus(winner, "shutout doubles the winner's total", total, "R-8.3",
                                 game))
        return bonuses

    def final_totals(self) -> dict[str, int]:
        totals = dict(self.totals)
        for bonus in self.bonuses():
            totals[bonus.player] += bonus.points
        return totals

    def margin(self) -> int | None:
        """The winner's final total minus the best other (R-8.3)."""
        if self.winner is None:
            return None
        totals = self.final_totals()
        return totals[self.winner] - max(t for s, t in totals.items() if s != self.winner)


class Match:
    """A whole match of two-player games, the default (R-3.2, R-8)."""

    def __init__(self, rules: Rules, players: list[str]) -> None:
        self.rules = rules
        self.players = list(players)
        self.game = Standings(rules, self.players)
        self.next_dealer: str | None = None

    # The next deal -----------------------------------------------------------------------------

    def seat(self) -> Seat:
        dealer = self.next_dealer
        first = None if dealer is None else self._other(dealer)
        return Seat((self.players[0], self.players[1]), dealer, first,
                    "the winner of a round deals the next; after a round with no winner the "
                    "same dealer deals again (R-3.2)")

    def _other(self, player: str) -> str:
        return next(p for p in self.players if p != player)

    # Results -----------------------------------------------------------------------------------

    def record(self, dealer: str, players: tuple[str, str], winner: str | None,
               points: int) -> dict[str, Any]:
        """Take a round's result; return the fields it adds to the round's entry."""
        if winner is not None:
            self.game.add(winner, points)
        self.next_dealer = winner or dealer
        return {}

    @property
    def complete(self) -> bool:
        return self.game.closed

    @property
    def winner(self) -> str | None:
        return self.game.winner

    def running_totals(self) -> Any:
        return dict(self.game.totals)

    def totals(self) -> Any:
        return self.game.final_totals() if self.complete else dict(self.game.totals)

    def bonuses(self) -> list[Bonus]:
        return self.game.bonuses()

    def margin(self) -> int | None:
        return self.game.margin()


class HollywoodMatch(Match):
    """Three games at once (R-9.1): each win is credited to one, two, then all three games."""

    def __init__(self, rules: Rules, players: list[str]) -> None:
        super().__init__(rules, players)
        self.games = [Standings(rules, self.players) for _ in range(3)]
        self.round_wins = {p: 0 for p in self.players}

    def credit(self, player: str) -> list[int]:
        """The games a player's next win is credited to (R-9.1, with the shutout entry)."""
        n = self.round_wins[player] + 1
        skipped = sum(1 for g in self.games if g.closed and g.totals[player] == 0)
        reach = min(n + skipped, 3)
        return [i for i in range(reach) if not self.games[i].closed]

    def record(self, dealer, players, winner, points):
        credited: list[int] = []
        if winner is not None:
            credited = self.credit(winner)
            self.round_wins[winner] += 1
            for index in credited:
                self.games[index].add(winner, points)
        self.next_dealer = winner or dealer
        return {"credited": credited}

    @property
    def complete(self) -> bool:
        return self.games[2].closed

    @property
    def winner(self) -> str | None:
        if not self.complete:
            return None
        won = [g.winner for g in self.games]
        return max(set(won), key=won.count)

    def running_totals(self):
        """After a round: each game's round points so far, its winner, whether it closed."""
        return self._games(final=False)

    def totals(self):
        return self._games(final=True)

    def _games(self, *, final: bool):
        """Hollywood totals, one shape for rounds and the end (GAMELOG.md); ``final`` adds a
        closed game's bonuses (R-8.2, R-8.3)."""
        return {"games": [{"totals": g.final_totals() if final and g.closed else dict(g.totals),
                           "winner": g.winner, "closed": g.closed} for g in self.games]}

    def bonuses(self) -> list[Bonus]:
        return [b for index, g in enumerate(self.games) for b in g.bonuses(index)]

    def margin(self) -> int | None:
        return None


class BoxMatch(Match):
    """Three players, one in the box (R-9.2): the box deals and plays the captain."""

    def __init__(self, rules: Rules, players: list[str], roles: dict[str, str]) -> None:
        super().__init__(rules, players)
        self.roles = dict(roles)

    def seat(self) -> Seat:
        box, captain = self.roles["box"], self.roles["captain"]
        return Seat((box, captain), box, captain,
                    "the player in the box deals every round against the captain (R-9.2)")

    def record(self, dealer, players, winner, points):
        roles = dict(self.roles)
        if winner is not None:
            self.game.add(winner, points)
            box, captain, sitter = roles["box"], roles["captain"], roles["sitter"]
            if winner == box:
                self.roles = {"box": box, "captain": sitter, "sitter": captain}
            else:
                self.roles = {"box": captain, "captain": sitter, "sitter": box}
        return {"roles": roles}


class CutthroatMatch(Match):
    """Three players, the dealer sits out (R-9.3); the loser deals next."""

    def seat(self) -> Seat:
        dealer = self.next_dealer
        if dealer is None:
            return Seat(None, None, None, "the first dealer is the log's choice")
        index = self.players.index(dealer)
        first = self.players[(index + 1) % 3]
        second = self.players[(index + 2) % 3]
        return Seat((first, second), dealer, first,
                    "the dealer sits out; the loser of a round deals the next, and after a "
                    "draw the same dealer deals again (R-9.3)")

    def record(self, dealer, players, winner, points):
        if winner is not None:
            self.game.add(winner, points)
            self.next_dealer = next(p for p in players if p != winner)
        else:
            self.next_dealer = dealer
        return {}


class PartnershipMatch(Match):
    """Two teams of two, two tables a round, results netted per team (R-9.4)."""

    def __init__(self, rules: Rules, players: list[str], teams: list[list[str]]) -> None:
        self.rules = rules
        self.players = list(players)
        self.teams = [list(t) for t in teams]
        self.names = ["+".join(t) for t in self.teams]
        self.team_of = {p: self.names[i] for i, t in enumerate(self.teams) for p in t}
        self.game = Standings(rules, self.names)
        self.last_pairs: list[frozenset[str]] | None = None
        self.next_dealer = None

    def pairs_ok(self, pairs: list[frozenset[str]]) -> str | None:
        """Why two tables' pairings break R-9.4, or None."""
        for pair in pairs:
            if len({self.team_of.get(p) for p in pair}) != 2 or None in {
                    self.team_of.get(p) for p in pair}:
                return "each table seats one player of each team"
        if self.last_pairs is not None and set(pairs) & set(self.last_pairs):
            return "opponents alternate: every player meets the other opponent this round"
        return None

    def record_tables(self, results: list[tuple[str | None, int]],
                      pairs: list[frozenset[str]]) -> dict[str, Any]:
        """Net the two tables' results (R-9.4); return the round's team result."""
        self.last_pairs = pairs
        by_team = {name: 0 for name in self.names}
        counted = 0
        for winner, points in results:
            if winner is not None:
                by_team[self.team_of[winner]] += points
                counted += 1
        first, second = self.names
        net = by_team[first] - by_team[second]
        if net == 0:
            return {"winner": None, "points": 0}
        team = first if net > 0 else second
        self.game.add(team, abs(net))
        return {"winner": team, "points": abs(net)}


def new_match(rules: Rules, players: list[str], *, roles: dict | None = None,
              teams: list | None = None) -> Match:
    """The match bookkeeping for the rules' variant."""
    if rules.variant == "hollywood":
        return HollywoodMatch(rules, players)
    if rules.variant == "box":
        return BoxMatch(rules, players, roles)
    if rules.variant == "cutthroat":
        return CutthroatMatch(rules, players)
    if rules.variant == "partnership":
        return PartnershipMatch(rules, players, teams)
    return Match(rules, players)


PLAYERS_BY_VARIANT = {"two_player": 2, "hollywood": 2, "box": 3, "cutthroat": 3, "partnership": 4}
"""Players of each variant (GAMELOG.md)."""
MAX_NAME = 64
"""Characters in a player name."""


def read_header(document: dict[str, Any], problems: list[Problem]
                ) -> tuple[Rules | None, list[str] | None]:
    """The rules, players, roles and teams of a log or a match score, every fault recorded."""
    from .errors import RulesError
    from .variants import resolve_rules

    rules = None
    if "rules" not in document:
        problems.append(Problem(("rules",), "required",
                                "rules is required (a preset name or an object)"))
    else:
        try:
            rules = resolve_rules(document["rules"])
        except RulesError as error:
            problems += [Problem(("rules",) + p.path, p.code, p.detail, p.rule)
                         for p in error.problems]
    players = document.get("players")
    if "players" not in document:
        problems.append(Problem(("players",), "required", "players is required"))
        players = None
    elif not (isinstance(players, list)
              and all(isinstance(p, str) and 0 < len(p) <= MAX_NAME for p in players)):
        problems.append(Problem(("players",), "wrong_type",
                                f"players are names: strings of 1 to {MAX_NAME} characters"))
        players = None
    elif len(set(players)) != len(players):
        problems.append(Problem(("players",), "duplicate_player", "player names must be unique"))
        players = None
    elif rules is not None and len(players) != PLAYERS_BY_VARIANT[rules.variant]:
        problems.append(Problem(("players",), "wrong_player_count",
                                f"the {rules.preset} preset is played by "
                                f"{PLAYERS_BY_VARIANT[rules.variant]} players, got {len(players)}"))
        players = None
    if rules is not None and players is not None:
        check_roles_and_teams(rules, players, document.get("roles"), document.get("teams"),
                              problems)
    return rules, players


def check_roles_and_teams(rules: Rules, players: list[str], roles: Any, teams: Any,
                          problems: list[Problem]) -> None:
    """Form checks of ``roles`` (box) and ``teams`` (partnership) (GAMELOG.md)."""
    if rules.variant == "box":
        if not isinstance(roles, dict) or set(roles) != {"box", "captain", "sitter"} or sorted(
                map(str, roles.values())) != sorted(players):
            problems.append(Problem(("roles",), "invalid_roles",
                                    'box games need roles {"box", "captain", "sitter"}, one '
                                    "player each", "R-9.2"))
    elif roles is not None:
        problems.append(Problem(("roles",), "not_for_this_variant",
                                "roles belong to box games", "R-9.2"))
    if rules.variant == "partnership":
        if not (isinstance(teams, list) and len(teams) == 2
                and all(isinstance(t, list) and len(t) == 2 for t in teams)
                and sorted(p for t in teams for p in t) == sorted(players)):
            problems.append(Problem(("teams",), "invalid_teams",
                                    "partnership games need two teams of two players",
                                    "R-9.4"))
    elif teams is not None:
        problems.append(Problem(("teams",), "not_for_this_variant",
                                "teams belong to partnership games", "R-9.4"))


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
    match = new_match(rules, players, roles=roles, teams=teams)
    if dealer is not None:
        match.next_dealer = dealer
    result = MatchScore()
    for index, fact in enumerate(rounds):
        path = ("rounds", index)
        if match.complete:
            raise _fault(path, "game_over", "the match is over before this round", "R-8.1")
        if isinstance(match, PartnershipMatch):
            tables = fact["tables"]
            outcomes = [(t.get("winner"), t.get("points", 0)) for t in tables]
            for position, (winner, _) in enumerate(outcomes):
                if winner is not None and winner not in players:
                    raise _fault(path + ("tables", position, "winner"), "not_a_player",
                                 f"{str(winner)[:40]!r} is not a player", "R-9.4")
            net = match.record_tables(outcomes, [])
            entry = {"tables": [dict(t) for t in tables], "result": net,
                     "totals": match.running_totals()}
        else:
            seat = match.seat()
            winner, points = fact.get("winner"), fact.get("points", 0)
            table_players = seat.players or tuple(p for p in players if p != seat.dealer)
            if winner is not None and winner not in players:
                raise _fault(path + ("winner",), "not_a_player",
                             f"{str(winner)[:40]!r} is not a player", "R-9")
            if winner is not None and seat.players is not None and winner not in seat.players:
                raise _fault(path + ("winner",), "not_at_table",
                             f"{winner} does not play this round ({seat.reason})", "R-9")
            if isinstance(match, CutthroatMatch) and seat.dealer is None:
                raise _fault(("dealer",), "required",
                             "cutthroat scores need the first round's dealer", "R-9.3")
            extra = match.record(seat.dealer or "", tuple(table_players), winner,
                                 points if winner is not None else 0)
            entry = {"result": {k: fact[k] for k in ("outcome", "knocker") if k in fact}
                     | {"winner": winner, "points": points if winner is not None else 0},
                     **extra, "totals": match.running_totals()}
        result.rounds.append(entry)
    result.complete = match.complete
    result.winner = match.winner
    result.totals = match.totals()
    if match.complete:
        result.bonuses = match.bonuses()
        result.margin = match.margin()
    return result


def _fault(path: tuple, code: str, detail: str, rule: str) -> InvalidLogError:
    return InvalidLogError(detail, [Problem(path, code, detail, rule)])


MAX_FACT_ROUNDS = 2000
"""Rounds in one ``/v1/matches/score`` request."""


def score_match_document(document: dict[str, Any]) -> MatchScore:
    """Check a ``/v1/matches/score`` body (rules, players, roles/teams, round facts) and score it."""
    from .errors import LogTooLargeError

    problems: list[Problem] = []
    rules, players = read_header(document, problems)
    if rules is not None and players is not None:
        dealer = document.get("dealer")
        if dealer is not None and dealer not in players:
            problems.append(Problem(("dealer",), "not_a_player", "dealer names a player"))
        if dealer is None and rules.variant == "cutthroat":
            problems.append(Problem(("dealer",), "required",
                                    "cutthroat scores need the first round's dealer", "R-9.3"))
    rounds = document.get("rounds")
    if not isinstance(rounds, list):
        problems.append(Problem(("rounds",), "wrong_type", "rounds are a list"))
        rounds = []
    if len(rounds) > MAX_FACT_ROUNDS:
        raise LogTooLargeError(f"at most {MAX_FACT_ROUNDS} rounds",
                               [Problem(("rounds",), "log_too_large",
                                        f"at most {MAX_FACT_ROUNDS} rounds")])
    partnership = rules is not None and rules.variant == "partnership"
    for index, fact in enumerate(rounds):
        path = ("rounds", index)
        facts = []
        if partnership:
            tables = fact.get("tables") if isinstance(fact, dict) else None
            if not (isinstance(tables, list) and len(tables) == 2 and set(fact) == {"tables"}):
                problems.append(Problem(path, "wrong_type",
                                        'a partnership round is {"tables": [facts, facts]}'))
                continue
            facts = [(path + ("tables", i), t) for i, t in enumerate(tables)]
        else:
            facts = [(path, fact)]
        for where, item in facts:
            _check_fact(where, item, problems)
    if problems:
        raise InvalidLogError("; ".join(p.detail for p in problems[:20]), problems)
    return score_match(rules, players, rounds, roles=document.get("roles"),
                       teams=document.get("teams"), dealer=document.get("dealer"))


_OUTCOMES = ("knock", "undercut", "gin", "big_gin", "draw")


def _check_fact(path: tuple, fact: Any, problems: list[Problem]) -> None:
    """The form of one round fact: ``winner`` (a name or null), ``points`` (>= 0), options."""
    if not isinstance(fact, dict):
        problems.append(Problem(path, "wrong_type", 'a round is {"winner", "points"}'))
        return
    unknown = set(fact) - {"winner", "points", "outcome", "knocker"}
    for name in sorted(unknown):
        problems.append(Problem(path + (name,), "unknown_field", f"unknown field {name!r}"))
    if "winner" not in fact:
        problems.append(Problem(path + ("winner",), "required",
                                "winner is required (null for a draw)"))
    elif fact["winner"] is not None and not isinstance(fact["winner"], str):
        problems.append(Problem(path + ("winner",), "wrong_type", "winner is a name or null"))
    points = fact.get("points", 0)
    if not isinstance(points, int) or isinstance(points, bool) or points < 0:
        problems.append(Problem(path + ("points",), "wrong_type",
                                "points is an integer >= 0"))
    elif fact.get("winner") is None and points:
        problems.append(Problem(path + ("points",), "points_without_winner",
                                "a round with no winner scores 0 points", "R-7.2"))
    if "outcome" in fact and fact["outcome"] not in _OUTCOMES:
        problems.append(Problem(path + ("outcome",), "invalid_value",
                                f"outcome is one of {', '.join(_OUTCOMES)}"))
    if "knocker" in fact and fact["knocker"] is not None and not isinstance(fact["knocker"], str):
        problems.append(Problem(path + ("knocker",), "wrong_type", "knocker is a name or null"))
