"""One engine: a rule about moves lives in one check, and everything that plays follows it.

The architecture's promise (docs/architecture.md, "Where a change goes"): a new rule about
moves is one check in the matching ``verify_*`` method of ``Deal``, and the replay, ``next``,
hints and every bot follow from it with no other edit.  Here a rule that forbids taking the
upcard on the first turn (not a rule of this service: a rule someone might add) is made by
changing ``Deal.verify_draw`` alone, and each consumer is asked.  Also: the core's folders
keep their layers (a module imports only from layers below its own, with no cycle) and no
module of the core is longer than the limit.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from ginrules.rules.errors import IllegalMove
from ginrules.rules.players.bots import BOTS
from ginrules.rules.players.hints import advise
from ginrules.rules.table.engine import Deal
from ginrules.rules.table.moves import Draw, Pass, Phase
from ginrules.rules.usecases.progress import GameInProgress
from ginrules.rules.usecases.replay import replay

from testkit import ROOT
from testkit.generator import random_game
from tests.core import SOURCE_ONLY

CORE = ROOT / "service" / "ginrules" / "rules"


@pytest.fixture
def no_first_take(monkeypatch):
    """``verify_draw`` with one more condition: the upcard may not be taken on the first turn."""
    original = Deal.verify_draw

    def verify_draw(self, move):
        if self.phase is Phase.FIRST_TURN and move.source == "discard":
            raise IllegalMove("no_first_take", "R-4.2", "the upcard may not be taken")
        original(self, move)

    monkeypatch.setattr(Deal, "verify_draw", verify_draw)


def first_turn_logs(count: int) -> list[dict]:
    """Logs of a game whose last round is cut before its first action."""
    logs = []
    for seed in range(count):
        log = random_game(seed, "standard", max_rounds=2, with_stock=True)
        log["rounds"][-1]["actions"] = []
        logs.append(log)
    return logs


def taking(log: dict) -> dict:
    """The log with the first-turn player taking the upcard."""
    result = replay(log)
    taken = dict(log, rounds=[*log["rounds"][:-1], dict(log["rounds"][-1])])
    taken["rounds"][-1]["actions"] = [{"player": result.next.player, "action": "draw",
                                       "source": "discard"}]
    return taken


def test_r4_2_without_the_new_condition_the_upcard_may_be_taken():
    for log in first_turn_logs(4):
        assert replay(taking(log)).valid
        moves = replay(log).next.moves
        assert any(type(m) is Draw and m.source == "discard" for m in moves)


@SOURCE_ONLY
def test_one_condition_in_one_check_changes_replay_next_hints_and_bots(no_first_take):
    for seed, log in enumerate(first_turn_logs(8)):
        # The replay refuses the take, at its action, with the new code.
        refused = replay(taking(log))
        assert not refused.valid and refused.violations[0].code == "no_first_take"
        # next offers only the pass.
        result = replay(log)
        assert result.next.moves == (Pass(result.next.player),)
        # The hint ranks only the pass; every bot passes.
        game = GameInProgress.from_log(log)
        player = result.next.player
        view = game.view(player)
        hint = advise(view, seed=seed, budget_ms=10, standing=game.standing(player))
        assert [option.move for option in hint.options] == [Pass(player)]
        for bot in BOTS.values():
            assert bot.choose(view, seed) == Pass(player)


@SOURCE_ONLY
def test_one_condition_in_one_check_changes_the_http_replies(no_first_take, client):
    log = first_turn_logs(1)[0]
    player = replay(log).next.player
    hint = client.post("/v1/hints", json={"log": log, "player": player, "seed": 3,
                                          "budget_ms": 10}).get_json()
    assert [option["action"]["action"] for option in hint["options"]] == ["pass"]
    for bot in ("random", "simple", "advisor"):
        reply = client.post(f"/v1/bots/{bot}/move",
                            json={"log": log, "player": player, "seed": 5}).get_json()
        assert reply["action"] == {"player": player, "action": "pass"}
    checked = client.post("/v1/games/replay", json=taking(log)).get_json()
    assert not checked["valid"] and checked["violations"][0]["code"] == "no_first_take"


@SOURCE_ONLY
def test_self_play_follows_the_one_check(no_first_take):
    from ginrules.rules.base.options import resolve_rules
    from ginrules.rules.players.selfplay import play_game, Tally

    seats = {"a": "advisor", "b": "random"}
    tallies = {name: Tally(bot) for name, bot in seats.items()}
    # Every move goes through the engine; a bot that took the upcard would be refused.
    play_game(resolve_rules("standard"), seats, "a", random.Random(2), None, tallies, [0])


# The layers of the core ---------------------------------------------------------------------

LAYERS = ["errors", "speedups", "base", "hands", "table", "match", "documents", "usecases",
          "players"]
"""The core's layers from the bottom: a module imports only from its own layer or below."""


def layer_of(module: str) -> int:
    """The layer of a module named relative to the core (``table.engine``)."""
    return LAYERS.index(module.split(".")[0].lstrip("_"))


def core_imports(path: Path) -> list[str]:
    """The core modules a file of the core imports, relative to the core."""
    package = path.relative_to(CORE).with_suffix("").parts[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = list(package[:len(package) - node.level + 1])
            target = base + (node.module.split(".") if node.module else [])
            names = [alias.name for alias in node.names] if not node.module else [""]
            for name in names:
                full = ".".join(part for part in target + [name] if part)
                if full:
                    found.append(full)
    return found


def core_modules() -> dict[str, Path]:
    return {".".join(path.relative_to(CORE).with_suffix("").parts): path
            for path in CORE.rglob("*.py") if path.name != "__init__.py"}


def test_every_core_module_imports_only_from_its_layer_or_below():
    for name, path in core_modules().items():
        own = layer_of(name)
        for imported in core_imports(path):
            if imported == "_speedups":
                continue
            assert layer_of(imported) <= own, f"{name} imports {imported} from a layer above"


def test_the_core_has_no_import_cycle():
    modules = core_modules()
    graph = {name: {i for i in core_imports(path) if i in modules}
             for name, path in modules.items()}
    state: dict[str, int] = {}

    def visit(name: str, trail: list[str]) -> None:
        state[name] = 1
        for target in graph[name]:
            assert state.get(target) != 1, f"import cycle: {' -> '.join(trail + [target])}"
            if target not in state:
                visit(target, trail + [target])
        state[name] = 2

    for name in graph:
        if name not in state:
            visit(name, [name])


def test_no_core_module_is_longer_than_700_lines():
    for name, path in core_modules().items():
        assert len(path.read_text().splitlines()) <= 700, name
