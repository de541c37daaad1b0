"""Calibration of the hints (rules/players/calibration.py, ``ginrules calibrate``): the
predictions are the advisor's own, the games are self-play's, and the measures are right."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ElementTree

import pytest

from ginrules.cli import main
from ginrules.rules import resolve_rules
from ginrules.rules.players.calibration import (Calibration, Prediction, calibrate,
                                                reliability_svg)
from ginrules.rules.players.selfplay import Tally, play_game

STANDARD = resolve_rules("standard")


def test_watching_the_advisors_hints_plays_the_same_games_as_self_play():
    seats = {"1:advisor": "advisor", "2:simple": "simple"}
    for game in range(2):
        plain = play_game(STANDARD, seats, "1:advisor", random.Random(game), 10,
                          {s: Tally(b) for s, b in seats.items()}, [0])
        seen: list = []
        watched = play_game(STANDARD, seats, "1:advisor", random.Random(game), 10,
                            {s: Tally(b) for s, b in seats.items()}, [0],
                            lambda seat, hint, deal: seen.append((seat, hint, deal)))
        assert watched == plain
        assert any(hint is not None for _, hint, _ in seen)
        assert all(seat == "1:advisor" for seat, hint, _ in seen if hint is not None)
        assert all(deal.over for _, hint, deal in seen if hint is None)


def test_the_same_seed_makes_the_same_predictions():
    first = calibrate(("advisor", "random"), 1, 7, STANDARD, budget_ms=5)
    again = calibrate(("advisor", "random"), 1, 7, STANDARD, budget_ms=5)
    assert first.predictions == again.predictions and first.predictions
    assert all(0 <= p.win_chance <= 1 for p in first.predictions)


def test_each_prediction_carries_its_rounds_outcome():
    result = calibrate(("advisor", "advisor"), 1, 3, STANDARD, budget_ms=5)
    assert result.rounds >= 1
    for p in result.predictions:
        assert (p.points > 0) == p.won or p.points == 0 and not p.won


def _reference_ece(pairs: list[tuple[float, bool]], bins: int = 10) -> float:
    """The expected calibration error by its definition, written out separately."""
    total = len(pairs)
    ece = 0.0
    for index in range(bins):
        members = [(c, w) for c, w in pairs if min(bins - 1, int(c * bins)) == index]
        if members:
            confidence = sum(c for c, _ in members) / len(members)
            accuracy = sum(w for _, w in members) / len(members)
            ece += len(members) / total * abs(accuracy - confidence)
    return ece


def test_the_reliability_table_and_the_calibration_error_follow_their_definitions():
    rng = random.Random(5)
    for _ in range(50):
        pairs = [(rng.random(), rng.random() < 0.5) for _ in range(rng.randrange(1, 60))]
        result = Calibration(("advisor", "simple"), "standard", 100, 1, 1,
                             [Prediction(c, 0.0, w, 0) for c, w in pairs])
        assert result.ece == pytest.approx(_reference_ece(pairs))
        assert sum(b.count for b in result.table()) == len(pairs)
    perfect = Calibration(("advisor", "simple"), "standard", 100, 1, 1,
                          [Prediction(1.0, 5.0, True, 5)] * 3 + [Prediction(0.0, -5.0, False, -5)])
    assert perfect.ece == 0 and perfect.brier == 0
    assert perfect.mean_expected_points == perfect.mean_points == 2.5


def test_the_picture_is_an_svg_with_the_diagonal_and_a_dot_per_filled_bin():
    result = calibrate(("advisor", "simple"), 1, 2, STANDARD, budget_ms=5)
    svg = ElementTree.fromstring(reliability_svg(result))
    ns = "{http://www.w3.org/2000/svg}"
    assert svg.tag == ns + "svg"
    assert len(svg.findall(ns + "line")) == 1  # the diagonal
    assert len(svg.findall(ns + "circle")) == sum(1 for b in result.table() if b.count)


def test_cli_calibrate_prints_the_table_and_writes_the_picture(tmp_path, capsys):
    picture = tmp_path / "cal.svg"
    assert main(["calibrate", "--bots", "advisor,random", "--games", "1", "--budget-ms", "5",
                 "--svg", str(picture)]) == 0
    out = capsys.readouterr().out
    assert "predicted win chance" in out and "expected calibration error" in out
    assert picture.read_text().startswith("<svg")


@pytest.mark.parametrize("argv", [["--bots", "simple,random"], ["--bots", "advisor"],
                                  ["--games", "0"], ["--rules", "box"]])
def test_cli_calibrate_refuses_bad_arguments_in_one_line(argv, capsys):
    assert main(["calibrate", "--budget-ms", "5", "--svg", "-", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ginrules calibrate:") and err.count("\n") == 1
