"""``ginrules arena --sprt``: the sequential test's table and receipt, the same on any number of
processes, an early stop for a clear difference, the cap, and the refusals."""

from __future__ import annotations

import json

import pytest

from ginrules.cli import main

ONE_ROUND = '{"preset": "eaai", "game_target": 1}'
"""Games of one round: pairs of simple and random in a few milliseconds."""


def _run(capsys, *args: str) -> list[str]:
    assert main(["arena", *args]) == 0
    return capsys.readouterr().out.splitlines()


def _line(lines: list[str], start: str) -> str:
    (found,) = [line for line in lines if line.startswith(start)]
    return found


def _untimed(lines: list[str]) -> list[str]:
    """The table without its line of time and processes (the only one that may differ)."""
    return [line for line in lines if " s on " not in line]


def test_the_test_stops_at_the_same_pair_on_one_process_and_on_two(capsys):
    # Close enough to 400 and 800 Elo that the test goes past its first 20 pairs; batches of
    # 3 pairs on two processes, so it stops inside a batch while the next ones are played.
    args = ("--bots", "simple,random", "--sprt", "400,800", "--pairs", "300", "--rules",
            ONE_ROUND)
    alone = _run(capsys, *args, "--jobs", "1")
    shared = _run(capsys, *args, "--jobs", "2", "--batch", "3")
    assert _untimed(alone) == _untimed(shared)
    decided = _line(alone, "LLR ")
    pairs = int(decided.split(" after ")[1].split()[0])
    assert 20 < pairs < 300 and pairs % 3 != 0
    assert f"{pairs} mirrored pairs ({2 * pairs} games" in "\n".join(alone)
    assert "H1 accepted: simple against random is at Elo +800" in decided


def test_a_clearly_stronger_player_is_decided_long_before_the_cap(tmp_path, capsys):
    path = tmp_path / "receipt.json"
    out = _run(capsys, "--bots", "simple,random", "--sprt", "0,50", "--pairs", "1000",
               "--receipt", str(path))
    assert _line(out, "SPRT:") == ("SPRT: H0 Elo +0 (score 50.0%) against H1 Elo +50 (score "
                                   "57.1%), alpha 0.05, beta 0.05; LLR bounds -2.94 and 2.94")
    receipt = json.loads(path.read_text(encoding="utf-8"))
    sprt = receipt["sprt"]
    assert sprt["decision"] == "H1" and sprt["pair_cap"] == 1000
    assert sprt["pairs_played"] == receipt["pairs"] == len(receipt["results"]["per_pair"]) < 100
    assert sprt["llr"] >= sprt["upper_bound"] > 0 > sprt["lower_bound"]
    assert (sprt["elo0"], sprt["elo1"], sprt["alpha"], sprt["beta"]) == (0, 50, 0.05, 0.05)
    per_pair = receipt["results"]["per_pair"]
    scores = [(2 * won + (2 - won - lost)) / 4 for won, lost, *_ in per_pair]
    assert sprt["mean_pair_score"] == pytest.approx(sum(scores) / len(scores))


def test_win_rates_and_error_rates_of_ones_own(tmp_path, capsys):
    path = tmp_path / "receipt.json"
    out = _run(capsys, "--bots", "random,simple", "--sprt", "45%,55%", "--alpha", "0.1",
               "--beta", "0.2", "--pairs", "200", "--rules", ONE_ROUND, "--receipt", str(path))
    assert "SPRT: H0 score 45.0% against H1 score 55.0%, alpha 0.1, beta 0.2;" in _line(
        out, "SPRT:")
    assert "H0 accepted: random against simple is at score 45.0% or worse" in _line(out, "LLR ")
    sprt = json.loads(path.read_text(encoding="utf-8"))["sprt"]
    assert (sprt["elo0"], sprt["score0"], sprt["score1"]) == (None, 0.45, 0.55)


def test_at_the_cap_the_test_is_inconclusive(tmp_path, capsys):
    # A bot against itself splits every pair: after 20, the LLR is -20 * 24 * g^2 / 2 = -1.23
    # (g = 0.0715, the gap of the hypotheses' scores), above -2.94.
    path = tmp_path / "receipt.json"
    out = _run(capsys, "--bots", "simple,simple", "--sprt", "0,50", "--pairs", "20", "--rules",
               ONE_ROUND, "--receipt", str(path))
    assert _line(out, "LLR ").startswith(
        "LLR -1.23 after 20 pairs: inconclusive at the cap of 20 pairs")
    assert json.loads(path.read_text(encoding="utf-8"))["sprt"]["decision"] == "inconclusive"


def test_without_sprt_the_receipt_says_so(tmp_path, capsys):
    path = tmp_path / "receipt.json"
    out = _run(capsys, "--bots", "simple,random", "--pairs", "2", "--rules", ONE_ROUND,
               "--receipt", str(path))
    assert not any(line.startswith(("SPRT", "LLR")) for line in out)
    assert json.loads(path.read_text(encoding="utf-8"))["sprt"] is None


@pytest.mark.parametrize("options, words", [
    (["--sprt", "50,0"], "below the second"),
    (["--sprt", "0"], "two hypotheses"),
    (["--sprt", "0,fifty"], "numbers"),
    (["--sprt", "50%,0.55"], "mixes win rates and Elo"),
    (["--sprt", "0,50", "--alpha", "0.5"], "--alpha is an error rate above 0 and below 0.5"),
    (["--sprt", "0,50", "--beta", "0"], "--beta is an error rate"),
    (["--sprt", "0,50", "--pairs", "10"], "at least 20"),
    (["--alpha", "0.1"], "--sprt, which is not given"),
    (["--sprt", "0,50", "--alpha", "much"], "invalid float value"),
])
def test_bad_sprt_options_are_a_one_line_refusal(options, words, capsys):
    try:
        code = main(["arena", "--bots", "simple,random", *options])
    except SystemExit as ended:  # argparse's own refusal (a number that is not one)
        code = ended.code
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err.startswith("ginrules arena: ") and captured.err.count("\n") == 1
    assert words in captured.err
