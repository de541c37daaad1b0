"""``ginrules import``: OpenSpiel gin_rummy games imported on the command line (the reading
itself is tested in tests/core/documents/test_import.py)."""

from __future__ import annotations

import json

from ginrules.cli import main as cli_main
from ginrules.rules.documents.openspiel import import_openspiel

from tests.core.documents.test_import import DRAW_STOCK, KNOCK_DEAL, KNOCK_GAME


def test_cli_import_prints_the_log(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"actions": KNOCK_GAME, "params": {}}))
    assert cli_main(["import", "--format", "openspiel", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == import_openspiel(KNOCK_GAME)


def test_cli_import_reads_standard_input(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(
        {"format": "openspiel", "actions": KNOCK_DEAL})))
    assert cli_main(["import", "--format", "openspiel", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"][0]["upcard"] == "AH"


def test_cli_import_reports_an_illegal_action_in_one_line_and_exits_2(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"actions": KNOCK_DEAL + [DRAW_STOCK]}))
    assert cli_main(["import", "--format", "openspiel", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ginrules import: /actions/21: OpenSpiel does not allow 53")
    assert err.count("\n") == 1


def test_cli_import_reports_a_file_that_is_not_json_and_exits_2(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text("[1, 2")
    assert cli_main(["import", "--format", "openspiel", str(path)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
