"""The engine protocol (docs/conformance.md): the runner asks another engine the facts over
JSON Lines, reports passed, failed and not implemented by topic and rule, in text and JUnit,
and a broken engine (hanging, printing garbage, dying, flooding) never hangs the run."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from ginrules.cli import main

from testkit import ROOT

KIT = ROOT / "conformance"
REFERENCE = f"{sys.executable} {KIT / 'reference' / 'engine.py'}"

_HEAD = """
import json, sys, time
def send(message):
    sys.stdout.write(json.dumps(message) + "\\n"); sys.stdout.flush()
def hello(topics):
    send({"hello": "ginrules-conformance/1", "engine": "fake", "topics": topics})
"""


def _engine(tmp_path: Path, name: str, body: str) -> str:
    """A fake engine: a Python script made of the helpers above and ``body``."""
    path = tmp_path / f"{name}.py"
    path.write_text(_HEAD + textwrap.dedent(body))
    return f"{sys.executable} {path}"


def _run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["conformance", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_reference_over_the_protocol_passes_games_and_perft_with_a_junit(tmp_path, capsys):
    report = tmp_path / "engine.xml"
    status, out, _ = _run(capsys, "--engine", REFERENCE, "--filter", "games", "--filter",
                          "perft", "--junit", str(report))
    assert status == 0, out[-2000:]
    assert out.splitlines()[0] == "engine: the ginrules conformance reference"
    assert "R-4.9 " in out and out.splitlines()[-1].endswith(" passed, 0 failed")
    suite = ElementTree.parse(report).getroot()
    assert int(suite.get("failures")) == 0 and int(suite.get("skipped")) == 0


def test_a_wrong_answer_names_the_case_its_rules_and_both_answers(tmp_path, capsys):
    engine = _engine(tmp_path, "off_by_one", """
        for line in sys.stdin:
            message = json.loads(line)
            if "hello" in message:
                hello(["shuffle", "deadwood"])
            elif message.get("bye"):
                break
            elif message["topic"] == "deadwood":
                hand = message["question"]["hand"]
                send({"id": message["id"], "answer": {"deadwood": 1 + len(hand)}})
            else:
                send({"id": message["id"], "not_implemented": "not this one"})
    """)
    report = tmp_path / "report.xml"
    status, out, _ = _run(capsys, "--engine", engine, "--filter", "deadwood", "--filter",
                          "shuffle", "--filter", "perft", "--junit", str(report))
    assert status == 1
    fail = next(line for line in out.splitlines() if line.startswith("FAIL deadwood: values"))
    assert re.fullmatch(r"FAIL deadwood: values: ace 1, pips at face value, faces 10 "
                        r"\(deadwood/\d+\) \[R-1\.3\]", fail)
    block = out.split(fail)[1].splitlines()[1:4]
    assert block[0].startswith("     expected: {") and '"deadwood": 55' in block[0]
    assert block[1] == '     answered: {"deadwood": 8}'
    assert block[2] == "     deadwood: expected 55, got 8"
    assert "shuffle        0       0                3" in out
    assert "perft          0       0               16" in out
    assert out.splitlines()[-1].endswith(" not implemented")
    suite = ElementTree.parse(report).getroot()
    skipped = [case.find("skipped").get("message") for case in suite
               if case.find("skipped") is not None]
    assert "not implemented: not this one" in skipped and "not implemented: topic" in skipped


def test_a_hanging_engine_is_stopped_and_the_run_ends(tmp_path, capsys):
    engine = _engine(tmp_path, "hangs", """
        for line in sys.stdin:
            if "hello" in json.loads(line):
                hello(["deadwood"])
            else:
                time.sleep(3600)
    """)
    start = time.monotonic()
    status, out, _ = _run(capsys, "--engine", engine, "--filter", "deadwood", "--timeout",
                          "0.3")
    assert status == 1 and time.monotonic() - start < 30
    assert out.count("engine: no answer within 0.3 s") == 4
    assert "not asked: the engine failed 4 times" in out


def test_an_engine_printing_garbage_fails_each_question_without_hanging(tmp_path, capsys):
    engine = _engine(tmp_path, "garbage", """
        for line in sys.stdin:
            message = json.loads(line)
            if "hello" in message:
                hello(["shuffle"])
            elif message.get("bye"):
                break
            else:
                print("thinking...", flush=True)
    """)
    status, out, _ = _run(capsys, "--engine", engine, "--filter", "shuffle", "--timeout", "2")
    assert status == 1
    assert out.count('engine: not a JSON line: "thinking..."') == 3


def test_an_engine_flooding_its_output_is_cut_at_the_size_limit(tmp_path, capsys):
    engine = _engine(tmp_path, "floods", """
        for line in sys.stdin:
            if "hello" in json.loads(line):
                hello(["shuffle"])
            else:
                sys.stdout.write("x" * 3_000_000 + "\\n"); sys.stdout.flush()
    """)
    status, out, _ = _run(capsys, "--engine", engine, "--filter", "shuffle", "--timeout", "5")
    assert status == 1
    assert out.count("engine: an answer longer than 1048576 bytes for question shuffle/") == 3


def test_an_engine_that_dies_is_started_again(tmp_path, capsys):
    engine = _engine(tmp_path, "dies", """
        for line in sys.stdin:
            if "hello" in json.loads(line):
                hello(["shuffle"])
            else:
                sys.stderr.write("segmentation fault (pretend)\\n"); sys.exit(3)
    """)
    status, out, _ = _run(capsys, "--engine", engine, "--filter", "shuffle")
    assert status == 1
    assert out.count("engine: the engine stopped before question shuffle/") == 3
    assert "its last words: segmentation fault (pretend)" in out


def test_an_engine_that_does_not_start_or_greet_is_exit_2(tmp_path, capsys):
    status, out, err = _run(capsys, "--engine", str(tmp_path / "no-such-engine"))
    assert status == 2 and out == "" and "cannot start" in err
    mute = _engine(tmp_path, "mute", "print('hello', flush=True)\ntime.sleep(60)\n")
    status, out, err = _run(capsys, "--engine", mute, "--timeout", "1")
    assert status == 2 and "did not start" in err and "not a JSON line" in err


def test_the_messages_schema_holds_the_runners_and_the_references_messages():
    schema = json.loads((KIT / "protocol.schema.json").read_text())
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    question = {"id": "deadwood/4", "topic": "deadwood", "options": {"knock_limit": 10},
                "question": {"hand": ["AS"]}}
    messages = [{"hello": "ginrules-conformance/1", "topics": ["deadwood"]},
                {"hello": "ginrules-conformance/1", "engine": "x", "topics": ["deadwood"]},
                question, {"id": "deadwood/4", "answer": {"deadwood": 1}},
                {"id": "deadwood/4", "not_implemented": "round_the_corner: true"},
                {"bye": True}]
    for message in messages:
        assert not list(validator.iter_errors(message)), message
    assert list(validator.iter_errors({"id": "x", "answer": 3}))
    assert list(validator.iter_errors({"hello": "ginrules-conformance/2", "topics": []}))


_PROBE = r"""
import atexit, json, os, sys
def _loaded():
    with open(os.environ["EDGE_PROBE_OUT"], "w") as out:
        json.dump(sorted({name.split(".")[0] for name in sys.modules}), out)
atexit.register(_loaded)
from ginrules import cli
sys.exit(cli.main(sys.argv[1:]))
"""


@pytest.mark.parametrize("args", [("--engine", REFERENCE, "--filter", "shuffle")])
def test_the_runner_against_an_engine_loads_nothing_of_the_web_app(tmp_path, args):
    probe = tmp_path / "loaded.json"
    done = subprocess.run([sys.executable, "-c", _PROBE, "conformance", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "EDGE_PROBE_OUT": str(probe)})
    assert done.returncode == 0, done.stdout[-1000:] + done.stderr[-1000:]
    loaded = set(json.loads(probe.read_text()))
    assert not loaded & {"flask", "werkzeug", "marshmallow", "gunicorn"}, sorted(loaded)
