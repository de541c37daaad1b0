"""bench/strength/arena_ref.py: the arena between today's bots and an earlier commit's."""

from __future__ import annotations

import json

import pytest

from ginrules.rules.players.bots import BOTS

from tests.scripts import load_script


@pytest.fixture
def bots_restored():
    """The bots as they were: the script names the ref's bots beside today's."""
    saved = dict(BOTS)
    yield
    BOTS.clear()
    BOTS.update(saved)


def test_the_bots_of_a_commit_play_in_the_arena_with_a_receipt(tmp_path, capsys, bots_restored):
    script = load_script("bench/strength/arena_ref.py", "arena_ref_bench")
    receipt = tmp_path / "receipt.json"
    script.main(["--ref", "HEAD", "--bots", "simple,simple-1", "--pairs", "2", "--rules",
                 '{"preset": "eaai", "game_target": 15}', "--receipt", str(receipt)])
    out = capsys.readouterr().out
    assert "simple-1" in out and "exact sign test" in out
    written = json.loads(receipt.read_text(encoding="utf-8"))
    assert written["ref"] == "HEAD" and written["pairs"] == 2
    assert [p["label"] for p in written["players"]] == ["simple", "simple-1"]
    assert written["players"][1]["description"].endswith("(at HEAD)")
