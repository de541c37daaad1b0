"""The bookkeeping of every variant (R-3.2, R-3.3, R-8, R-9), behind one protocol.

A :class:`Variant` keeps one match of its variant: who sits at each table of the next round and
who deals there (:meth:`Variant.seat`, :meth:`Variant.check_table`, :meth:`Variant.choose_seat`),
who is offered the first upcard (:meth:`Variant.first_offer`, R-4.2), what a round's results do
to the totals (:meth:`Variant.record`), and when the match ends.  A round is one table for the
two-player variants, the box and cutthroat, and two tables for partnership; every variant is
reached the same way, by name (:func:`variant_for`), like the presets.

The replay, the generator and ``/v1/matches/score`` all keep their matches here, so a log and
the bare facts of its rounds always give the same totals.  Each game's own scoring (R-8) is
in standings.py.  Adding a variant is writing one
class and naming it in :data:`VARIANTS`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Protocol, cast

from ..errors import Problem
from ..speedups import mypyc_attr
from .standings import Bonus, Standing, Standings
from ..base.options import Rules


class Totals(Mapping[str, int]):
    """Each side's total (the players, or the teams for partnership), in the sides' order; a
    read-only mapping, equal to any mapping with the same items."""

    __slots__ = ("_points",)

    def __init__(self, points: Mapping[str, int]) -> None:
        self._points = dict(points)

    def __getitem__(self, side: str) -> int:
        return self._points[side]

    def __iter__(self) -> Iterator[str]:
        return iter(self._points)

    def __len__(self) -> int:
        return len(self._points)

    def __repr__(self) -> str:
        return f"Totals({self._points!r})"


@dataclass(frozen=True)
class GameTotals:
    """One of Hollywood's three games (R-9.1): its totals, its winner, whether it closed."""

    totals: Totals
    winner: str | None
    closed: bool


@dataclass(frozen=True)
class HollywoodTotals:
    """Hollywood's totals (R-9.1): each of the three games'."""

    games: tuple[GameTotals, ...]


@dataclass(frozen=True)
class Roles:
    """The box's roles for one round (R-9.2)."""

    box: str
    captain: str
    sitter: str


@dataclass(frozen=True)
class TeamResult:
    """A partnership round netted per team (R-9.4): the team that won on net (None: neither)
    and its points."""

    winner: str | None
    points: int


class Tally(NamedTuple):
    """What a round did to the match: the running totals after it, and what the variant notes
    about it: the box's roles (R-9.2), the Hollywood games the win was credited to (R-9.1),
    the partnership teams' netted result (R-9.4)."""

    totals: Totals | HollywoodTotals
    roles: Roles | None = None
    credited: tuple[int, ...] | None = None
    team_result: TeamResult | None = None


class Seat(NamedTuple):
    """What the rules fix about one table of the next round, and why.

    ``players`` None: the players are the log's choice (cutthroat's first deal: everyone but
    the dealer; partnership's first round: one player of each team).  ``dealer`` None: the
    dealer is the log's choice.
    """

    players: tuple[str, str] | None
    dealer: str | None
    reason: str = ""


class Seating(NamedTuple):
    """One table as it is dealt: its two players, the dealer (in cutthroat the third player,
    who sits out, R-9.3) and who is offered the first upcard (R-4.2)."""

    players: tuple[str, str]
    dealer: str
    first: str


class DealResult(NamedTuple):
    """What one deal of a round gave: who played (None when only the facts are known), who
    dealt, the winner (None: no winner) and the points."""

    players: tuple[str, ...] | None
    dealer: str | None
    winner: str | None
    points: int


@dataclass(frozen=True)
class DealerRotation:
    """How two players pass the deal from round to round (R-3.2, R-3.3): the option
    ``dealer_rotation``'s value, the rule that says so and why, as a wrong dealer is told."""

    name: str
    rule: str
    reason: str
    winner_deals: bool
    """After a round with a winner: the winner deals (R-3.2), or the other player (R-3.3)."""

    def deals_after(self, result: DealResult, players: Sequence[str]) -> str | None:
        """Who deals after a round of two ``players``: after a round with no winner (a draw,
        R-4.6 to R-4.9, or a tie that scores nothing, R-7.2) the same dealer; after a round
        with a winner, the winner (R-3.2) or the other player (R-3.3).  None when the round's
        dealer is not known and the rotation needs it."""
        if result.winner is None:
            return result.dealer
        if self.winner_deals:
            return result.winner
        if result.dealer is None:
            return None
        return next(player for player in players if player != result.dealer)


DEALER_ROTATIONS: dict[str, DealerRotation] = {rotation.name: rotation for rotation in (
    DealerRotation("winner", "R-3.2", "the winner of a round deals the next; after a round with "
                   "no winner the same dealer deals again (R-3.2)", winner_deals=True),
    DealerRotation("alternate", "R-3.3", "the deal alternates after every round with a winner; "
                   "after a round with no winner the same dealer deals again (R-3.3)",
                   winner_deals=False),
)}
"""The two-player games' rotations of the deal, by the option's value (Rules.dealer_rotation)."""


class Chooser(Protocol):
    """The random choices a generator makes (``random.Random`` will do)."""

    def choice(self, seq: Sequence[Any]) -> Any: ...

    def sample(self, population: Sequence[Any], k: int) -> list[Any]: ...

    def random(self) -> float: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class Variant:
    """A match of two-player games, the default (R-3.2, R-3.3, R-8); the base of every variant.

    A subclass overrides what its variant changes: its seating, the rule ids a wrong seating
    cites, what a round's result does, the shape of its totals.  Every variant takes the
    header of :meth:`__init__`, each the parts it needs (a compiled call passes them by the
    base's signature).
    """

    name: ClassVar[str] = "two_player"
    player_count: ClassVar[int] = 2
    """Players of the variant (docs/gamelog.md ``players``)."""
    tables_per_round: ClassVar[int] = 1
    own_dealer_rule: ClassVar[str | None] = None
    """The rule by which a variant of more players deals (R-9.2, R-9.3); None for the
    two-player games, which pass the deal by the option ``dealer_rotation`` (R-3.2, R-3.3)."""
    players_rule: ClassVar[str] = "R-3.1"
    """The rule a round played by the wrong players breaks."""
    facts_rule: ClassVar[str] = "R-9"
    """The rule a round fact naming someone else as winner breaks."""
    needs_first_dealer: ClassVar[bool] = False
    """Whether scoring bare facts needs the first round's dealer (who then sits out)."""
    games_at_once: ClassVar[int] = 1
    """Games scored side by side (Hollywood: three, R-9.1)."""

    def __init__(self, rules: Rules, players: Sequence[str], *,
                 roles: dict[str, str] | None = None, teams: list[list[str]] | None = None,
                 dealer: str | None = None) -> None:
        """A match about to begin; ``roles`` (box), ``teams`` (partnership) and the first
        round's ``dealer`` as the document's header gives them (docs/gamelog.md)."""
        self.rules = rules
        self.players = list(players)
        self.game = Standings(rules, self.sides())
        self.next_dealer: str | None = dealer
        self.rotation = DEALER_ROTATIONS[rules.dealer_rotation]

    @property
    def dealer_rule(self) -> str:
        """The rule a round dealt by the wrong player breaks (R-3.2, R-3.3, R-9)."""
        return self.own_dealer_rule or self.rotation.rule

    def sides(self) -> list[str]:
        """Who keeps a total: the players (partnership: the teams)."""
        return self.players

    def side_of(self, player: str) -> str:
        """The side whose total a player's wins go to: the player (partnership: the team)."""
        return player

    def standing(self, player: str, opponent: str) -> Standing:
        """The score of the game as ``player`` sees it against ``opponent`` (R-8.1): the
        running totals of their two sides and the target."""
        totals = self.game.totals
        return Standing(totals[self.side_of(player)], totals[self.side_of(opponent)],
                        self.rules.game_target)

    # The document's header ---------------------------------------------------------------------

    @classmethod
    def check_header(cls, players: list[str], roles: Any, teams: Any,
                     problems: list[Problem]) -> None:
        """Form checks of ``roles`` and ``teams`` (docs/gamelog.md): each belongs to one variant."""
        cls.check_roles(players, roles, problems)
        cls.check_teams(players, teams, problems)

    @classmethod
    def check_roles(cls, players: list[str], roles: Any, problems: list[Problem]) -> None:
        if roles is not None:
            problems.append(Problem(("roles",), "not_for_this_variant",
                                    "roles belong to box games", "R-9.2"))

    @classmethod
    def check_teams(cls, players: list[str], teams: Any, problems: list[Problem]) -> None:
        if teams is not None:
            problems.append(Problem(("teams",), "not_for_this_variant",
                                    "teams belong to partnership games", "R-9.4"))

    @classmethod
    def choose_header(cls, players: Sequence[str], rng: Chooser) -> dict[str, Any]:
        """The header fields a generated log of this variant adds (``roles``, ``teams``)."""
        return {}

    # The next round ----------------------------------------------------------------------------

    def seat(self, position: int = 0) -> Seat:
        """What the rules fix about the next round's table ``position`` (R-3.2, R-3.3)."""
        return Seat((self.players[0], self.players[1]), self.next_dealer, self.rotation.reason)

    def deals_next(self) -> str | None:
        """Who deals the next round by the variant's rules (R-3.2, R-3.3, R-9): the winner of
        the last round or the other player, as the rules' rotation says, the same dealer after
        a draw; None where the rules leave it to the players (the first round of most
        variants, every partnership table, R-9.4)."""
        return self.seat(0).dealer

    def table_path(self, round_path: tuple[str | int, ...], position: int) -> tuple[str | int, ...]:
        """Where table ``position`` of a round is in a document (docs/gamelog.md)."""
        return round_path + ("tables", position) if self.tables_per_round > 1 else round_path

    def first_offer(self, dealer: str, players: Sequence[str]) -> str:
        """Who is offered the first upcard: the non-dealer (R-4.2)."""
        return players[1] if players[0] == dealer else players[0]

    def _seated(self, seat: Seat, dealer: str) -> tuple[str, str]:
        """The table's players: the seat's, or everyone but a dealer who sits out (R-9.3)."""
        # The seat leaves the players free only where the dealer is one of three (cutthroat).
        return seat.players or cast("tuple[str, str]",
                                    tuple(p for p in self.players if p != dealer))

    def check_round(self, tables: Sequence[frozenset[str]]) -> Problem | None:
        """Why the players of a round's tables, together, break the rules (path relative to
        the round), or None."""
        return None

    def check_table(self, position: int, dealer: str, seated: frozenset[str]
                    ) -> Problem | Seating:
        """Table ``position`` as a log deals it, checked against the seat (paths relative to
        the table): the fault, or the seating to play."""
        seat = self.seat(position)
        if dealer not in self.players:
            return Problem(("dealer",), "not_a_player",
                           f"the dealer {dealer[:40]!r} is not one of the players", "R-3.1")
        if seat.dealer is not None and dealer != seat.dealer:
            return Problem(("dealer",), "wrong_dealer",
                           f"{seat.dealer} deals this round, not {dealer}: {seat.reason}",
                           self.dealer_rule)
        players = self._seated(seat, dealer)
        if seated != frozenset(players):
            return Problem(("hands",), "wrong_players",
                           f"this round is played by {' and '.join(players)}"
                           + (f" ({seat.reason})" if seat.reason else ""), self.players_rule)
        return Seating(players, dealer, self.first_offer(dealer, players))

    def choose_seat(self, position: int, rng: Chooser) -> Seating:
        """Table ``position`` of the next round for a generated log: what the rules fix, the
        free choices made with ``rng``."""
        seat = self.seat(position)
        dealer = seat.dealer or rng.choice(self.players)
        players = self._seated(seat, dealer)
        return Seating(players, dealer, self.first_offer(dealer, players))

    def seat_deal(self, dealer: str | None, tables: Sequence[Sequence[str]] | None
                  ) -> Problem | list[Seating]:
        """The tables of a round a client asks the service to shuffle and deal (R-3.1,
        ginrules-deal/1), one
        seating each, or the fault (paths relative to the request).  ``dealer`` is the round's
        dealer (the box: optional, the player in the box); only partnership names ``tables``."""
        if tables is not None:
            return Problem(("tables",), "not_for_this_variant",
                           "tables are named for partnership rounds only: here the players and "
                           "the dealer say who plays", "R-9.4")
        if dealer is not None and dealer not in self.players:
            return Problem(("dealer",), "not_a_player",
                           f"the dealer {dealer[:40]!r} is not one of the players", "R-3.1")
        if dealer is not None:
            self.next_dealer = dealer
        seat = self.seat(0)
        dealer = dealer or seat.dealer
        if dealer is None:
            return Problem(("dealer",), "required_by_variant",
                           "dealer is required: the player who deals this round", self.dealer_rule)
        seating = self.check_table(0, dealer, frozenset(self._seated(seat, dealer)))
        return seating if isinstance(seating, Problem) else [seating]

    # Results -----------------------------------------------------------------------------------

    def record(self, results: Sequence[DealResult]) -> Tally:
        """Take a round's results, one per table: what it did to the match.  Here, a round of
        one table: the winner scores, and the deal passes as the rules' rotation says (R-3.2,
        R-3.3, R-8.1)."""
        (result,) = results
        if result.winner is not None:
            self.game.add(result.winner, result.points)
        self.next_dealer = self.rotation.deals_after(result, self.players)
        return Tally(self.running_totals())

    @property
    def complete(self) -> bool:
        return self.game.closed

    @property
    def winner(self) -> str | None:
        return self.game.winner

    def running_totals(self) -> Totals | HollywoodTotals:
        """The totals after the last round: round points (and box bonuses added as won)."""
        return Totals(self.game.totals)

    def totals(self) -> Totals | HollywoodTotals:
        """The totals; once the match is complete, with the end-of-game bonuses (R-8.2, R-8.3)."""
        return Totals(self.game.final_totals() if self.complete else self.game.totals)

    def bonuses(self) -> list[Bonus]:
        return self.game.bonuses()

    def margin(self) -> int | None:
        return self.game.margin()


class Hollywood(Variant):
    """Three games at once (R-9.1): each win is credited to one, two, then all three games."""

    name = "hollywood"
    games_at_once = 3

    def __init__(self, rules: Rules, players: Sequence[str], *,
                 roles: dict[str, str] | None = None, teams: list[list[str]] | None = None,
                 dealer: str | None = None) -> None:
        super().__init__(rules, players, dealer=dealer)
        self.games = [Standings(rules, self.players) for _ in range(3)]
        self.round_wins = {p: 0 for p in self.players}

    def credit(self, player: str) -> list[int]:
        """The games a player's next win is credited to (R-9.1, with the shutout entry)."""
        n = self.round_wins[player] + 1
        skipped = sum(1 for g in self.games if g.closed and g.totals[player] == 0)
        reach = min(n + skipped, 3)
        return [i for i in range(reach) if not self.games[i].closed]

    def record(self, results: Sequence[DealResult]) -> Tally:
        (result,) = results
        credited: list[int] = []
        if result.winner is not None:
            credited = self.credit(result.winner)
            self.round_wins[result.winner] += 1
            for index in credited:
                self.games[index].add(result.winner, result.points)
        self.next_dealer = self.rotation.deals_after(result, self.players)
        return Tally(self.running_totals(), credited=tuple(credited))

    @property
    def complete(self) -> bool:
        return self.games[2].closed

    @property
    def winner(self) -> str | None:
        if not self.complete:
            return None
        won = [g.winner for g in self.games]
        return max(set(won), key=won.count)

    def running_totals(self) -> HollywoodTotals:
        """After a round: each game's round points so far, its winner, whether it closed."""
        return self._games(final=False)

    def totals(self) -> HollywoodTotals:
        return self._games(final=True)

    def _games(self, *, final: bool) -> HollywoodTotals:
        """Hollywood totals, one shape for rounds and the end (docs/gamelog.md); ``final`` adds a
        closed game's bonuses (R-8.2, R-8.3)."""
        return HollywoodTotals(tuple(
            GameTotals(Totals(g.final_totals() if final and g.closed else g.totals), g.winner,
                       g.closed) for g in self.games))

    def bonuses(self) -> list[Bonus]:
        return [b for index, g in enumerate(self.games) for b in g.bonuses(index)]

    def standing(self, player: str, opponent: str) -> Standing:
        """The score of the first game still open: the one the next win decides first."""
        game = next((g for g in self.games if not g.closed), self.games[-1])
        return Standing(game.totals[player], game.totals[opponent], self.rules.game_target)

    def margin(self) -> int | None:
        return None


class Box(Variant):
    """Three players, one in the box (R-9.2): the box deals and plays the captain."""

    name = "box"
    player_count = 3
    own_dealer_rule = "R-9.2"
    players_rule = "R-9.2"

    def __init__(self, rules: Rules, players: Sequence[str], *,
                 roles: dict[str, str] | None = None, teams: list[list[str]] | None = None,
                 dealer: str | None = None) -> None:
        super().__init__(rules, players, dealer=dealer)
        assert roles is not None  # box games have roles (check_roles, R-9.2)
        self.roles = Roles(**roles)

    @classmethod
    def check_roles(cls, players: list[str], roles: Any, problems: list[Problem]) -> None:
        if not isinstance(roles, dict) or set(roles) != {"box", "captain", "sitter"} or not all(
                isinstance(name, str) for name in roles.values()) or sorted(
                roles.values()) != sorted(players):
            problems.append(Problem(("roles",), "invalid_roles",
                                    'box games need roles {"box", "captain", "sitter"}, one '
                                    "player each", "R-9.2"))

    @classmethod
    def choose_header(cls, players: Sequence[str], rng: Chooser) -> dict[str, Any]:
        """Roles from a cut (R-9.2), drawn at random."""
        order = rng.sample(players, 3)
        return {"roles": {"box": order[0], "captain": order[1], "sitter": order[2]}}

    def seat(self, position: int = 0) -> Seat:
        box, captain = self.roles.box, self.roles.captain
        return Seat((box, captain), box,
                    "the player in the box deals every round against the captain (R-9.2)")

    def record(self, results: Sequence[DealResult]) -> Tally:
        """The box winning stays and the others swap; the box losing sits out, the captain
        takes the box and the sitter captains (R-9.2); after a draw the roles stay."""
        (result,) = results
        roles = self.roles
        if result.winner is not None:
            self.game.add(result.winner, result.points)
            if result.winner == roles.box:
                self.roles = Roles(roles.box, roles.sitter, roles.captain)
            else:
                self.roles = Roles(roles.captain, roles.sitter, roles.box)
        return Tally(self.running_totals(), roles=roles)


class Cutthroat(Variant):
    """Three players, the dealer sits out (R-9.3); the loser deals next."""

    name = "cutthroat"
    player_count = 3
    own_dealer_rule = "R-9.3"
    needs_first_dealer = True

    def seat(self, position: int = 0) -> Seat:
        dealer = self.next_dealer
        if dealer is None:
            return Seat(None, None, "the first dealer is the log's choice")
        index = self.players.index(dealer)
        return Seat((self.players[(index + 1) % 3], self.players[(index + 2) % 3]), dealer,
                    "the dealer sits out; the loser of a round deals the next, and after a "
                    "draw the same dealer deals again (R-9.3)")

    def first_offer(self, dealer: str, players: Sequence[str]) -> str:
        """The player after the sitting dealer in the log's order (R-9.3)."""
        return self.players[(self.players.index(dealer) + 1) % len(self.players)]

    def record(self, results: Sequence[DealResult]) -> Tally:
        """The loser deals next; after a draw the same dealer deals again (R-9.3)."""
        (result,) = results
        if result.winner is not None:
            self.game.add(result.winner, result.points)
            assert result.players is not None  # the first dealer is given (needs_first_dealer)
            self.next_dealer = next(p for p in result.players if p != result.winner)
        else:
            self.next_dealer = result.dealer
        return Tally(self.running_totals())


class Partnership(Variant):
    """Two teams of two, two tables a round, results netted per team (R-9.4)."""

    name = "partnership"
    player_count = 4
    tables_per_round = 2
    own_dealer_rule = "R-9.4"
    facts_rule = "R-9.4"

    def __init__(self, rules: Rules, players: Sequence[str], *,
                 roles: dict[str, str] | None = None, teams: list[list[str]] | None = None,
                 dealer: str | None = None) -> None:
        self.teams = [list(t) for t in teams or ()]
        self.names = ["+".join(t) for t in self.teams]
        self.team_of = {p: self.names[i] for i, t in enumerate(self.teams) for p in t}
        super().__init__(rules, players, dealer=dealer)
        self.pairings: list[tuple[str, str]] | None = None
        """The last round's tables, each as (first team's player, second team's player)."""
        self._chosen: list[tuple[str, str]] = []

    def sides(self) -> list[str]:
        return self.names

    def side_of(self, player: str) -> str:
        return self.team_of[player]

    @classmethod
    def check_teams(cls, players: list[str], teams: Any, problems: list[Problem]) -> None:
        if not (isinstance(teams, list) and len(teams) == 2
                and all(isinstance(t, list) and len(t) == 2 for t in teams)
                and sorted(p for t in teams for p in t) == sorted(players)):
            problems.append(Problem(("teams",), "invalid_teams",
                                    "partnership games need two teams of two players", "R-9.4"))

    @classmethod
    def choose_header(cls, players: Sequence[str], rng: Chooser) -> dict[str, Any]:
        """The first and third players against the second and fourth."""
        return {"teams": [[players[0], players[2]], [players[1], players[3]]]}

    def seat(self, position: int = 0) -> Seat:
        if self.pairings is None:
            return Seat(None, None, "the first round's pairing is free: one player of each "
                                    "team at each table (R-9.4)")
        return Seat(self._alternated()[position], None,
                    "opponents alternate: every player meets the other opponent (R-9.4)")

    def _alternated(self) -> list[tuple[str, str]]:
        """The next round's tables: each player meets the other opponent (R-9.4)."""
        assert self.pairings is not None  # a round has been played
        (a, b), (c, d) = self.pairings
        return [(a, d), (c, b)]

    def check_round(self, tables: Sequence[frozenset[str]]) -> Problem | None:
        for pair in tables:
            if len({self.team_of.get(p) for p in pair}) != 2 or None in {
                    self.team_of.get(p) for p in pair}:
                return Problem(("tables",), "wrong_pairing",
                               "each table seats one player of each team", "R-9.4")
        if self.pairings is not None and set(tables) & {frozenset(p) for p in self.pairings}:
            return Problem(("tables",), "wrong_pairing",
                           "opponents alternate: every player meets the other opponent this "
                           "round", "R-9.4")
        return None

    def check_table(self, position: int, dealer: str, seated: frozenset[str]
                    ) -> Problem | Seating:
        if dealer not in seated:
            return Problem(("dealer",), "wrong_dealer",
                           "each table's dealer is one of its two players", "R-9.4")
        if len(seated) != 2:
            return Problem(("hands",), "wrong_players", "each table seats two players", "R-9.4")
        players = cast("tuple[str, str]", tuple(sorted(seated)))
        return Seating(players, dealer, self.first_offer(dealer, players))

    def choose_seat(self, position: int, rng: Chooser) -> Seating:
        if position == 0:
            if self.pairings is None:
                first, second = self.teams
                self._chosen = [(first[0], second[0]), (first[1], second[1])]
                if rng.random() < 0.5:
                    self._chosen = [(first[0], second[1]), (first[1], second[0])]
            else:
                self._chosen = self._alternated()
        pair = self._chosen[position]
        dealer = rng.choice(pair)
        return Seating(pair, dealer, self.first_offer(dealer, pair))

    def seat_deal(self, dealer: str | None, tables: Sequence[Sequence[str]] | None
                  ) -> Problem | list[Seating]:
        """Partnership's two tables as the request names them, each dealer first (R-9.4)."""
        if dealer is not None:
            return Problem(("dealer",), "not_for_this_variant",
                           "each partnership table has its own dealer: name it first in its "
                           "table in tables", "R-9.4")
        if tables is None:
            return Problem(("tables",), "required_by_variant",
                           'partnership deals name both tables, each dealer first: '
                           '[["ann", "bob"], ["cy", "dee"]]', "R-9.4")
        if len(tables) != 2 or any(len(table) != 2 for table in tables):
            return Problem(("tables",), "wrong_players",
                           "two tables of two players each, the dealer first", "R-9.4")
        for index, table in enumerate(tables):
            for position, player in enumerate(table):
                if player not in self.players:
                    return Problem(("tables", index, position), "not_a_player",
                                   f"{player[:40]!r} is not one of the players", "R-9.4")
        if sorted(p for table in tables for p in table) != sorted(self.players):
            return Problem(("tables",), "wrong_players",
                           "the two tables seat the four players, each once", "R-9.4")
        fault = self.check_round([frozenset(table) for table in tables])
        if fault is not None:
            return fault
        seatings = []
        for index, (dealer, other) in enumerate(tables):
            seating = self.check_table(index, dealer, frozenset((dealer, other)))
            if isinstance(seating, Problem):
                return Problem(("tables", index) + seating.path, seating.code, seating.detail,
                               seating.rule)
            seatings.append(seating)
        return seatings

    def record(self, results: Sequence[DealResult]) -> Tally:
        """Net the two tables' results (R-9.4): the teams' result of the round."""
        seated = [r.players for r in results if r.players is not None]
        if len(seated) == len(results):
            first_team = set(self.teams[0])
            # Each table seats two players (check_table), put in the teams' order.
            self.pairings = [
                cast("tuple[str, str]", tuple(sorted(pair, key=lambda p: p not in first_team)))
                for pair in seated]
        by_team = {name: 0 for name in self.names}
        for result in results:
            if result.winner is not None:
                by_team[self.team_of[result.winner]] += result.points
        first, second = self.names
        net = by_team[first] - by_team[second]
        if net == 0:
            return Tally(self.running_totals(), team_result=TeamResult(None, 0))
        team = first if net > 0 else second
        self.game.add(team, abs(net))
        return Tally(self.running_totals(), team_result=TeamResult(team, abs(net)))


VARIANTS: dict[str, type[Variant]] = {
    variant.name: variant for variant in (Variant, Hollywood, Box, Cutthroat, Partnership)}
"""Every variant's bookkeeping by name (``Rules.variant``)."""


def variant_for(rules: Rules, players: Sequence[str], *, roles: dict[str, str] | None = None,
                teams: list[list[str]] | None = None, dealer: str | None = None) -> Variant:
    """A new match of the rules' variant between ``players`` (header as in
    :meth:`Variant.__init__`)."""
    return VARIANTS[rules.variant](rules, players, roles=roles, teams=teams, dealer=dealer)
