"""The command line's batch work runs on the codec (ginrules/wire/), not on the web app: the
commands load neither Flask nor marshmallow, and answer as the endpoints do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from testkit import ROOT

WEB = ("flask", "werkzeug", "marshmallow", "flask_swagger_ui", "gunicorn")

_PROBE = r"""
import atexit, json, os, sys
def _loaded():
    with open(os.environ["EDGE_PROBE_OUT"], "w") as out:
        json.dump(sorted({name.split(".")[0] for name in sys.modules}), out)
atexit.register(_loaded)
from ginrules import cli
sys.exit(cli.main(sys.argv[1:]))
"""


def _run(tmp_path: Path, *args: str) -> dict:
    probe = tmp_path / "loaded.json"
    done = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "EDGE_PROBE_OUT": str(probe)})
    assert done.returncode in (0, 1), done.stderr[-2000:]
    return {"loaded": json.loads(probe.read_text()), "out": done.stdout}


@pytest.mark.parametrize("args", [
    ("replay", "examples/"),
    ("replay", "--format", "openspiel", "examples/openspiel-game.json"),
    ("analyze", "AS 2S 3S 7H 7D 7C KD QD JD 5C"),
    ("melds", "5S 6S 7S 7H 7D"),
    ("deal", "--seed", "42", "--players", "ann,bob", "--dealer", "bob", "--json"),
    ("import", "--format", "openspiel", "examples/openspiel-game.json"),
])
def test_a_command_loads_neither_flask_nor_marshmallow(tmp_path, args):
    ran = _run(tmp_path, *args)
    assert ran["out"], "the command printed its answer"
    assert not set(WEB) & set(ran["loaded"]), sorted(set(WEB) & set(ran["loaded"]))


def test_replay_on_the_command_line_answers_as_the_endpoint_does(client, tmp_path):
    # The same log, one valid and one refused for its form, through both edges.
    good = json.loads((ROOT / "examples" / "game.json").read_text())
    bad = {**good, "players": "ann"}
    for log in (good, bad):
        reply = client.post("/v1/games/replay", json=log)
        path = tmp_path / "log.json"
        path.write_text(json.dumps(log))
        ran = _run(tmp_path, "replay", "--full", str(path))
        (result,) = [json.loads(line) for line in ran["out"].splitlines()]
        if reply.status_code == 200:
            body = reply.get_json()
            assert {k: result[k] for k in body} == body
        else:
            problem = reply.get_json()
            assert result["problem"] == {k: problem[k] for k in ("status", "code", "detail")}
            assert result["violations"] == problem["errors"]


@pytest.mark.server
def test_the_conformance_runner_against_a_server_loads_no_flask(server, tmp_path):
    # In process, the runner checks the API itself (the Flask app, as a server would run it);
    # against a server it is a client, and loads nothing of the web app.
    ran = _run(tmp_path, "conformance", "--url", server, "--filter", "cards")
    assert "passed, 0 failed" in ran["out"], ran["out"][-500:]
    assert not set(WEB) & set(ran["loaded"]), sorted(set(WEB) & set(ran["loaded"]))
