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


def test_the_receipt_gives_the_refs_players_the_refs_own_playouts(tmp_path, bots_restored):
    """8b0e1fc bought 2.5 playouts a millisecond of budget, today's advisor 6: the receipt
    says what each player played with, and the ref's full hash."""
    script = load_script("bench/strength/arena_ref.py", "arena_ref_bench")
    receipt = tmp_path / "receipt.json"
    script.main(["--ref", "8b0e1fc", "--bots", "advisor:4,advisor-1:4", "--pairs", "1",
                 "--rules", '{"preset": "eaai", "game_target": 10}', "--receipt", str(receipt)])
    written = json.loads(receipt.read_text(encoding="utf-8"))
    assert [p["playouts"] for p in written["players"]] == [24, 10]
    assert written["ref"] == "8b0e1fc" and written["ref_commit"].startswith("8b0e1fc")
    assert len(written["ref_commit"]) == 40


def test_a_run_kept_with_output_and_resumed_gives_one_runs_pairs(tmp_path, capsys,
                                                                bots_restored):
    """``--output`` keeps each finished pair; ``--resume`` plays only the rest and gives the
    uninterrupted run's results; a file of another ref is refused."""
    script = load_script("bench/strength/arena_ref.py", "arena_ref_bench")
    common = ["--bots", "simple,simple-1", "--pairs", "3", "--rules",
              '{"preset": "eaai", "game_target": 15}', "--seed", "4"]
    whole, part, kept = (tmp_path / name for name in ("whole.json", "part.json", "kept.jsonl"))
    script.main(["--ref", "HEAD", *common, "--receipt", str(whole), "--output", str(kept)])
    lines = kept.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["pair"] for line in lines[1:]] == [0, 1, 2]
    kept.write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")
    script.main(["--ref", "HEAD", *common, "--receipt", str(part), "--output", str(kept),
                 "--resume"])
    first, second = (json.loads(p.read_text(encoding="utf-8")) for p in (whole, part))
    assert second["results"] == first["results"]
    assert (first["resumed_pairs"], second["resumed_pairs"]) == (0, 2)
    assert "2 resumed, 1 played" in capsys.readouterr().out
    with pytest.raises(SystemExit) as refused:
        script.main(["--ref", "HEAD~1", *common, "--output", str(kept), "--resume"])
    assert refused.value.code == 2 and "other settings" in capsys.readouterr().err


def test_the_names_an_earlier_players_layer_imports_are_todays_functions():
    """versus.RENAMED gives an earlier players' layer the core's earlier names: each is gone
    from today's core (else the entry is stale) and today's name is there."""
    import importlib

    versus = load_script("bench/strength/versus.py", "versus_bench")
    for module, renamed in versus.RENAMED.items():
        core = importlib.import_module(module)
        for earlier, today in renamed.items():
            assert callable(getattr(core, today))
            assert getattr(core, earlier, None) in (None, getattr(core, today))
