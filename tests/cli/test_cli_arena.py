"""``ginrules arena``: the table, the receipt, the same results on any number of processes."""

from __future__ import annotations

import json

import pytest

from ginrules import __version__
from ginrules.cli import main
from ginrules.rules.players.hints import playouts_for

from tests.cli.test_edge_without_flask import WEB, _run
from tests.core.players.test_arena import independent_measures

SHORT = '{"preset": "eaai", "game_target": 15}'


def _receipt(tmp_path, capsys, *args: str) -> dict:
    path = tmp_path / f"receipt-{len(list(tmp_path.iterdir()))}.json"
    assert main(["arena", *args, "--receipt", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"receipt written to {path}" in out and "exact sign test p =" in out
    return json.loads(path.read_text(encoding="utf-8"))


def test_one_and_two_processes_give_the_same_results(tmp_path, capsys):
    args = ("--bots", "advisor:0,simple", "--pairs", "6", "--seed", "5", "--rules", SHORT)
    one = _receipt(tmp_path, capsys, *args, "--jobs", "1")
    two = _receipt(tmp_path, capsys, *args, "--jobs", "2")
    assert one["results"] == two["results"]
    assert (one["jobs"], two["jobs"]) == (1, 2)
    assert one["results"]["games"] == 12 and len(one["results"]["per_pair"]) == 6


def test_the_receipt_says_what_was_played_and_its_measures_can_be_checked(tmp_path, capsys):
    receipt = _receipt(tmp_path, capsys, "--bots", "advisor:0,simple", "--pairs", "16",
                       "--seed", "2", "--rules", SHORT)
    assert receipt["receipt"] == "ginrules-arena/1" and receipt["version"] == __version__
    assert receipt["command"].startswith("ginrules arena --bots advisor:0,simple --pairs 16")
    assert receipt["commit"] is None or len(receipt["commit"]) == 40
    rules = receipt["rules"]
    assert (rules["preset"], rules["dealer_rotation"], rules["undercut_bonus"],
            rules["game_target"]) == ("eaai", "alternate", 25, 15)
    assert receipt["seed"] == 2 and receipt["pairs"] == 16
    first, second = receipt["players"]
    assert (first["label"], first["budget_ms"], first["playouts"]) == ("advisor:0", 0, 0)
    assert (second["label"], second["budget_ms"]) == ("simple", None)
    results = receipt["results"]
    wins = [pair[0] for pair in results["per_pair"]]
    decided = [pair[0] + pair[1] for pair in results["per_pair"]]
    share, low, high, swept, p = independent_measures(wins, decided)
    assert (results["win_share"]["estimate"], results["win_share"]["low"],
            results["win_share"]["high"]) == pytest.approx((share, low, high))
    assert tuple(results["pairs_swept"]) == swept
    assert results["sign_test_p"] == pytest.approx(p)
    assert [player["wins"] for player in results["per_player"]] == [
        sum(wins), sum(pair[1] for pair in results["per_pair"])]


def test_the_receipt_records_the_advisors_settings_as_they_were_played(tmp_path, capsys,
                                                                       monkeypatch):
    from ginrules.rules.players import knowledge
    from ginrules.rules.players.arena import advisor_settings

    monkeypatch.setattr(knowledge, "TAKEN_KEEP", 0.37)
    receipt = _receipt(tmp_path, capsys, "--bots", "advisor:level1,simple", "--pairs", "1",
                       "--rules", '{"preset": "eaai", "game_target": 1}')
    advisor, simple = receipt["players"]
    assert advisor["settings"] == advisor_settings()
    assert advisor["settings"]["knowledge.TAKEN_KEEP"] == 0.37
    assert "settings" not in simple


def test_the_advisor_plays_at_the_api_budget_unless_told(tmp_path, capsys):
    receipt = _receipt(tmp_path, capsys, "--bots", "simple,advisor", "--pairs", "1",
                       "--rules", '{"preset": "eaai", "game_target": 1}')
    assert receipt["players"][1]["budget_ms"] == 100
    assert receipt["players"][1]["playouts"] == playouts_for(100)


@pytest.mark.parametrize("bots", ["simple", "simple,random,advisor", "nobody,simple",
                                  "simple:3,random", "advisor:5000,simple"])
def test_a_bad_player_is_a_usage_error(bots, capsys):
    assert main(["arena", "--bots", bots, "--pairs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ginrules arena: ") and err.count("\n") == 1


def test_the_arena_loads_neither_flask_nor_marshmallow(tmp_path):
    ran = _run(tmp_path, "arena", "--bots", "simple,random", "--pairs", "1", "--receipt",
               str(tmp_path / "receipt.json"))
    assert "exact sign test" in ran["out"]
    assert not set(WEB) & set(ran["loaded"]), sorted(set(WEB) & set(ran["loaded"]))
