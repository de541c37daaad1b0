"""The command's hints: a file of the other format named as such, files written only where
asked, a warning where a measurement means little, and help examples that finish."""

from __future__ import annotations

import json

import pytest

from ginrules.cli import main

from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"


def test_replay_suggests_format_openspiel_for_an_openspiel_game(capsys):
    assert main(["replay", "--jobs", "1", str(EXAMPLES)]) == 1
    captured = capsys.readouterr()
    results = [json.loads(line) for line in captured.out.splitlines()]
    openspiel = next(r for r in results if r["file"].endswith("openspiel-game.json"))
    assert openspiel["valid"] is False
    assert [v["detail"] for v in openspiel["violations"] if v["code"] == "unknown_format"] == [
        "format must be 'ginrules-log/1', got 'openspiel' (an OpenSpiel game: import it as a "
        "log first)"]
    assert captured.err.splitlines()[-1] == (
        "1 invalid input looks like an OpenSpiel game: check it with --format openspiel")


def test_replay_with_format_openspiel_suggests_leaving_it_out_for_game_logs(capsys):
    logs = [str(EXAMPLES / name) for name in ("game.json", "game-refused.json")]
    assert main(["replay", "--jobs", "1", "--format", "openspiel", *logs]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == (
        "2 invalid inputs look like game logs (ginrules-log/1): check them without --format "
        "openspiel")


def test_replay_of_broken_logs_suggests_no_other_format(capsys):
    assert main(["replay", "--jobs", "1", str(EXAMPLES / "game-refused.json")]) == 1
    assert "--format" not in capsys.readouterr().err
