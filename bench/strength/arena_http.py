"""The arena between two servers' bots, over HTTP: is today's advisor stronger than an earlier
commit's whose rules core no longer loads beside today's (arena_ref.py needs it to)?

    git worktree add ../ref 8b0e1fc
    (cd ../ref && PYTHONPATH=service python -m ginrules serve --port 8766) &
    ginrules serve --port 8765 &
    python bench/strength/arena_http.py --pairs 1000 --rules eaai --seed 1 --jobs 2 \\
        --first http://127.0.0.1:8765/advisor --second http://127.0.0.1:8766/advisor \\
        --receipt advisor-vs-8b0e1fc.json --output pairs.jsonl  # add --resume to go on

A player is a server's bot, ``URL/BOT`` (``.../advisor?level=3`` for a level), asked for each
of its moves with ``POST /v1/bots/{bot}/move`` (the log so far, its seat and a seed), exactly as
any client asks; its action is appended to the log as it came.  The referee is this checkout's
rules core, in this process: it deals the arena's decks (round after round, ginrules-deal/1 of
the pair's seed, as ``ginrules arena`` deals them), replays the log after every move (``POST
/v1/games/replay``), says whose turn it is, when a round is over, who deals next (R-3.3) and
who won.  Pairs are mirrored as in ``ginrules arena``: two games on the same decks, the players'
seats swapped, the first dealer the same seat in both; the table and its intervals are the
arena's.  A server that replies with anything but a legal action stops the run.  With
``--output FILE`` each finished pair is kept as ``ginrules arena --output`` keeps it, and
``--resume`` plays only the pairs FILE does not hold, so a long run may be played in parts.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(Path(__file__).resolve().parent))

import kept  # noqa: E402
from ginrules.rules.base.cards import CARD_NAMES  # noqa: E402
from ginrules.rules.players.arena import SEATS, mirrored_pair  # noqa: E402
from ginrules.rules.players.selfplay import MAX_DEALS, MAX_MOVES, Tally  # noqa: E402
from ginrules.rules.table.dealing import deal_deck  # noqa: E402
from ginrules.rules.table.shuffle import seeded_deck  # noqa: E402


class Player(NamedTuple):
    """A bot of a server: ``url`` its root, ``bot`` its name, ``level`` (advisor only)."""

    url: str
    bot: str
    level: int | None = None
    rules: Any = None
    """The rules this server is told, when not the arena's (a server of a commit before the
    arena's preset existed): then it is sent the current round alone, as the first of a game,
    since the earlier rounds would be scored and dealt otherwise under its rules, so it plays
    each round as if the game stood at 0 to 0."""

    @classmethod
    def parse(cls, text: str) -> "Player":
        parts = urlsplit(text)
        if parts.scheme not in ("http", "https") or not parts.path.strip("/"):
            raise ValueError(f"{text!r}: a player is URL/BOT, such as "
                             "http://127.0.0.1:8765/advisor")
        root, _, bot = parts.path.rstrip("/").rpartition("/")
        level = parse_qs(parts.query).get("level")
        return cls(f"{parts.scheme}://{parts.netloc}{root}", bot,
                   None if level is None else int(level[0]))

    @property
    def label(self) -> str:
        port = urlsplit(self.url).port
        level = "" if self.level is None else f":level{self.level}"
        return f"{self.bot}{level}@{port}"


class ServerError(Exception):
    """A server answered with something other than a move."""


_session: Any = None
_referee: Any = None


def _clients() -> tuple[Any, Any]:
    """This process's HTTP session and referee (today's app, in process)."""
    global _session, _referee
    if _session is None:
        import requests

        from ginrules.api import create_app

        _session = requests.Session()
        _referee = create_app({"RATE_LIMIT": None}).test_client()
    return _session, _referee


def _table(seed: int, number: int, dealer: str) -> dict[str, Any]:
    """Round ``number``'s table: the arena's deck of that round, dealt by ``dealer``."""
    other = SEATS[1] if dealer == SEATS[0] else SEATS[0]
    hands, upcard, stock = deal_deck(seeded_deck(seed, number), other, dealer)
    return {"dealer": dealer,
            "hands": {seat: [CARD_NAMES[c] for c in cards] for seat, cards in hands.items()},
            "upcard": CARD_NAMES[upcard], "stock": [CARD_NAMES[c] for c in stock],
            "actions": []}


def _ask(player: Player, log: dict[str, Any], seat: str, seed: int) -> dict[str, Any]:
    session, _ = _clients()
    if player.rules is not None:
        log = {**log, "rules": player.rules, "rounds": log["rounds"][-1:]}
    body: dict[str, Any] = {"log": log, "player": seat, "seed": seed}
    if player.level is not None:
        body["level"] = player.level
    reply = session.post(f"{player.url}/v1/bots/{player.bot}/move", json=body, timeout=60)
    if reply.status_code != 200:
        raise ServerError(f"{player.url} {player.bot}: {reply.status_code} {reply.text[:500]}")
    action = reply.json()["action"]
    if not isinstance(action, dict):
        raise ServerError(f"{player.url} {player.bot}: no action in {reply.text[:500]}")
    return action


def _replay(log: dict[str, Any]) -> dict[str, Any]:
    _, referee = _clients()
    reply = referee.post("/v1/games/replay", json=log).get_json()
    if not reply.get("valid"):
        raise ServerError(f"a move broke a rule: {json.dumps(reply.get('violations'))[:800]}")
    return dict(reply)


def play_game(seated: dict[str, Player], rules: str | dict[str, Any], first_dealer: str,
              seed: int) -> tuple[str | None, dict[str, int], int, int, dict[str, Any]]:
    """One game: the winner's seat (None: unfinished), the final totals, the deals played and
    abandoned, and each seat's rounds won, gins and undercuts."""
    log: dict[str, Any] = {"format": "ginrules-log/1", "rules": rules, "players": list(SEATS),
                           "rounds": []}
    move_seeds = {seat: random.Random(f"{seed}/{seat}") for seat in SEATS}
    dealer, abandoned = first_dealer, 0
    reply: dict[str, Any] = {}
    while len(log["rounds"]) < MAX_DEALS and not abandoned:
        table = _table(seed, len(log["rounds"]), dealer)
        log["rounds"].append(table)
        while True:
            reply = _replay(log)
            move = reply.get("next")
            if reply["complete"] or move is None or move["phase"] == "deal":
                break
            if len(table["actions"]) >= MAX_MOVES:
                # Given up as the arena gives a deal up; a log cannot hold a deal abandoned
                # half way, so the game ends here, unfinished.
                abandoned = 1
                break
            seat = move["player"]
            table["actions"].append(_ask(seated[seat], log, seat,
                                         move_seeds[seat].getrandbits(32)))
        if not abandoned and table["actions"] and table["actions"][-1]["action"] == "knock":
            # Gin: the log holds no lay-down, where the engine asks the defender
            # for theirs; the arena's bot draws a seed for it, so this one's stream does too.
            knocker = table["actions"][-1]["player"]
            move_seeds[SEATS[1] if knocker == SEATS[0] else SEATS[0]].getrandbits(32)
        if reply["complete"]:
            break
        if not abandoned:
            dealer = reply["next_dealer"]
    tally = {seat: Tally(seat) for seat in SEATS}
    for played in reply.get("rounds", []):
        result = played.get("result") or {}
        winner = result.get("winner")
        if winner in tally:
            tally[winner].rounds_won += 1
            tally[winner].gins += result.get("outcome") in ("gin", "big_gin")
            tally[winner].undercuts += result.get("outcome") == "undercut"
    winner = reply.get("winner") if reply.get("complete") else None
    return winner, dict(reply.get("totals", {})), len(log["rounds"]), abandoned, tally


def play_pair(players: tuple[Player, Player], index: int, seed: int,
              rules: str | dict[str, Any]) -> Any:
    """Pair ``index``: two games on the pair's decks, the players' seats swapped, as the
    arena's pairs (players/arena.py, mirrored_pair)."""
    return mirrored_pair(players, index, seed,
                         lambda seated, dealer, own: play_game(seated, rules, dealer, own))


def _server(player: Player) -> dict[str, Any]:
    """What the server says of itself and of the bot (GET /v1/bots), for the receipt."""
    session, _ = _clients()
    reply = session.get(f"{player.url}/v1/bots", timeout=30)
    listed = reply.json() if reply.status_code == 200 else {}
    bots = listed.get("bots", []) if isinstance(listed, dict) else []
    about = next((b for b in bots if isinstance(b, dict) and b.get("name") == player.bot), None)
    health = session.get(f"{player.url}/healthz", timeout=30)
    return {"url": player.url, "bot": player.bot, "level": player.level,
            "rules_told": player.rules,
            "version": health.json().get("version") if health.status_code == 200 else None,
            "solver_compiled": (health.json().get("solver_compiled")
                                if health.status_code == 200 else None),
            "listed": about}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", required=True, help="URL/BOT of the first player")
    parser.add_argument("--second", required=True, help="URL/BOT of the second player")
    parser.add_argument("--first-rules", default=None, metavar="RULES",
                        help="the rules the first player's server is told, when it lacks the "
                             "arena's (it then sees each round alone, at 0 to 0)")
    parser.add_argument("--second-rules", default=None, metavar="RULES",
                        help="the same for the second player")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="eaai",
                        help="a preset name, or a JSON object of a preset and overrides")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes asking at once (the results are the same)")
    parser.add_argument("--receipt", default=None, metavar="FILE")
    kept.add_options(parser)
    args = parser.parse_args(argv)
    from ginrules.cli import parse_rules, source_commit

    try:
        players = tuple(Player.parse(text)._replace(
                            rules=None if told is None else parse_rules(told))
                        for text, told in ((args.first, args.first_rules),
                                           (args.second, args.second_rules)))
    except ValueError as error:
        parser.error(str(error))
    from ginrules.rules import resolve_rules
    from ginrules.rules.players.arena import ArenaResult, Entrant, arena_table
    from ginrules.rules.usecases.batches import Processes, resumed_count

    try:
        given = parse_rules(args.rules)
        rules = resolve_rules(given)
    except ValueError as error:
        parser.error(str(error))
    about = [_server(player) for player in players]
    entrants = (Entrant(players[0].label), Entrant(players[1].label))
    recorder, runner = kept.kept(
        parser, args, "bench/strength/arena_http.py", rules,
        (entrants[0].label, entrants[1].label), Processes(args.jobs), players=[
            args.first, args.second], rules_told=[args.first_rules, args.second_rules],
        versions=[player["version"] for player in about])
    start = time.perf_counter()
    each = ((players, index, args.seed, given) for index in range(args.pairs))
    try:
        pairs = tuple(runner.map(play_pair, each, total=args.pairs))
    except KeyboardInterrupt:
        raise kept.interrupted("arena_http.py", recorder) from None
    finally:
        if recorder is not None:
            recorder.close()
    seconds = time.perf_counter() - start
    resumed = resumed_count(runner, args.pairs)
    result = ArenaResult(entrants, rules, args.seed, pairs, seconds, runner.workers(args.pairs),
                         "HTTP, " + runner.label(args.pairs), resumed=resumed)
    print(arena_table(result))
    if args.receipt:
        share, margin = result.win_share, result.margin
        commit, dirty = source_commit()
        receipt = {
            "receipt": "ginrules-arena-http/1",
            "command": " ".join(["python", "bench/strength/arena_http.py", *sys.argv[1:]]),
            "referee_commit": commit, "referee_uncommitted_changes": dirty,
            "rules": given, "seed": args.seed, "pairs": len(pairs),
            "players": about,
            "results": {
                "games": result.games, "decided": result.decided, "deals": result.deals,
                "abandoned_deals": result.abandoned,
                "per_player": [{"label": e.label,
                                **{f: result.total(f)[i] for f in
                                   ("wins", "points", "rounds_won", "gins", "undercuts")}}
                               for i, e in enumerate(entrants)],
                "win_share": None if share is None else dataclasses.asdict(share),
                "pairs_swept": list(result.swept), "pairs_split": result.split,
                "sign_test_p": None if result.sign_test is None else float(result.sign_test),
                "margin_per_game": None if margin is None else dataclasses.asdict(margin),
                "per_pair": [[*p.wins, *p.points] for p in pairs],
            },
            "seconds": round(seconds, 1),
            "resumed_pairs": resumed,
        }
        Path(args.receipt).write_text(json.dumps(receipt, indent=1) + "\n")
        print(f"receipt written to {args.receipt}")


if __name__ == "__main__":
    main()
