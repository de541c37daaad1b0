"""Games whose rounds the service shuffles and deals (R-3.1, ginrules-deal/1), played on the
engine, as logs.

Shared by the library's and the API's tests of dealing: each round is asked for with a deal
request (through ``deal``, the library's or the HTTP endpoint's), appended to the log as the
reply gives it, and played on the engine with its legal moves; the replay judges the log.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ginrules.rules.base.cards import CARD_NAMES
from ginrules.rules.players.bots import bot_move
from ginrules.rules.table.engine import Deal
from ginrules.rules.table.moves import Discard, Draw, Knock, LayDown, Move, Pass, Phase
from ginrules.rules.table.views import view_of
from ginrules.rules.usecases.progress import GameInProgress
from ginrules.rules.usecases.replay import replay

PLAYERS = {2: ["ann", "bob"], 3: ["ann", "bob", "cy"], 4: ["ann", "bob", "cy", "dee"]}
HEADERS: dict[str, dict[str, Any]] = {
    "standard": {}, "oklahoma": {}, "hollywood": {}, "straight": {}, "openspiel": {}, "eaai": {},
    "box": {"roles": {"box": "cy", "captain": "ann", "sitter": "bob"}},
    "cutthroat": {},
    "partnership": {"teams": [["ann", "cy"], ["bob", "dee"]]},
}


def action(move: Move) -> dict[str, Any]:
    """A move of the engine as a log action (docs/gamelog.md)."""
    if isinstance(move, Pass):
        return {"player": move.player, "action": "pass"}
    if isinstance(move, Draw):
        return {"player": move.player, "action": "draw", "source": move.source}
    if isinstance(move, Discard):
        return {"player": move.player, "action": "discard", "card": CARD_NAMES[move.card]}
    if isinstance(move, Knock):
        discard = None if move.discard is None else CARD_NAMES[move.discard]
        return {"player": move.player, "action": "knock", "discard": discard}
    assert isinstance(move, LayDown)
    return {"player": move.player, "action": "lay_down"}


def choose(deal: Deal, rng: random.Random) -> Move:
    """The ``simple`` bot's move from the view of the player to move (it knocks when it may),
    or the defender's best lay-down after a knock."""
    if deal.phase is Phase.LAY_DOWN:
        (move,) = deal.legal_moves()
        return move
    assert deal.turn is not None
    return bot_move("simple", view_of(deal, deal.turn), rng.randrange(1 << 30))


def dealt_game(deal: Callable[[dict[str, Any]], dict[str, Any]], preset: str, seed: int,
               rounds: int = 3) -> dict[str, Any]:
    """A log of up to ``rounds`` rounds, each dealt by ``deal`` (a deal request's body to the
    reply's JSON) from one seed, round by round, and played."""
    rng = random.Random(seed)
    header = HEADERS[preset]
    log: dict[str, Any] = {"format": "ginrules-log/1", "rules": preset,
                           "players": PLAYERS[_player_count(preset)], "rounds": [], **header}
    for index in range(rounds):
        result = replay(log)
        assert result.valid, result.violations
        if result.complete:
            break
        match = result.match
        assert match is not None
        request: dict[str, Any] = {"rules": preset, "players": log["players"], "seed": seed,
                                   "round": index}
        if "teams" in header:
            request["teams"] = header["teams"]
            request["tables"] = [[s.dealer, next(p for p in s.players if p != s.dealer)]
                                 for s in (match.choose_seat(t, rng) for t in range(2))]
        else:
            seating = match.choose_seat(0, rng)
            request["dealer"] = seating.dealer
            roles = getattr(match, "roles", None)
            if roles is not None:
                request["roles"] = {"box": roles.box, "captain": roles.captain,
                                    "sitter": roles.sitter}
        reply = deal(request)
        assert reply["seed"] == seed and reply["round"] == index
        log["rounds"].append(reply["deal"])
        game = GameInProgress.from_log(log)
        tables = reply["deal"]["tables"] if "tables" in reply["deal"] else [reply["deal"]]
        for table, live in zip(tables, game.deals):
            while not live.over:
                move = choose(live, rng)
                live.play(move)
                table["actions"].append(action(move))
    return log


def _player_count(preset: str) -> int:
    return {"box": 3, "cutthroat": 3, "partnership": 4}.get(preset, 2)
