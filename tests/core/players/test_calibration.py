"""Calibration of the hints (rules/players/calibration.py, ``ginrules calibrate``): the
predictions are the advisor's own, the games are self-play's, and the measures are right."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ElementTree

import pytest

from ginrules.cli import main
from ginrules.rules import resolve_rules
from ginrules.rules.base.sizes import STOCK_SIZE
from ginrules.rules.errors import InvalidRulesError
from ginrules.rules.players.calibration import (Calibration, Departure, Prediction, calibrate,
                                                calibration_report, pick_shown, reliability_svg)
from ginrules.rules.players.hints import CALIBRATION, calibrated, mapped_chance
from ginrules.rules.players.selfplay import Tally, play_game
from tests.scripts import load_script

STANDARD = resolve_rules("standard")


def test_watching_the_advisors_hints_plays_the_same_games_as_self_play():
    seats = {"1:advisor": "advisor", "2:simple": "simple"}
    for game in range(2):
        plain = play_game(STANDARD, seats, "1:advisor", random.Random(game), 10,
                          {s: Tally(b) for s, b in seats.items()}, [0])
        seen: list = []
        watched = play_game(STANDARD, seats, "1:advisor", random.Random(game), 10,
                            {s: Tally(b) for s, b in seats.items()}, [0],
                            lambda *watched: seen.append(watched))
        assert watched == plain
        assert any(hint is not None for _, hint, _, _ in seen)
        assert all(seat == "1:advisor" and option == hint.best
                   for seat, hint, option, _ in seen if hint is not None)
        assert all(deal.over for _, hint, _, deal in seen if hint is None)


# A budget whose playouts let the first option show numbers (estimates.MIN_SAMPLES): the only
# options calibration can measure.
SHOWN = 50


def test_the_same_seed_makes_the_same_predictions():
    first = calibrate(("advisor", "random"), 1, 7, STANDARD, budget_ms=SHOWN)
    again = calibrate(("advisor", "random"), 1, 7, STANDARD, budget_ms=SHOWN)
    assert first.predictions == again.predictions and first.predictions
    assert all(0 <= p.win_chance <= 1 for p in first.predictions)


def test_every_shown_option_is_played_and_measured_in_turn():
    played: list = []

    def watch(seat, hint, option, deal):
        if hint is not None:
            played.append((hint, option))

    seats = {"1:advisor": "advisor", "2:simple": "simple"}
    play_game(STANDARD, seats, "1:advisor", random.Random(5), SHOWN,
              {s: Tally(b) for s, b in seats.items()}, [0], watch, None, pick_shown)
    assert played
    # The option played is one the hint shows numbers for, and not always the first.
    assert all(option in hint.options for hint, option in played)
    assert all(option.win_chance is not None for hint, option in played
               if any(o.win_chance is not None for o in hint.options))
    assert any(option != hint.best for hint, option in played)

    result = calibrate(("advisor", "simple"), 1, 5, STANDARD, budget_ms=SHOWN, options="shown")
    first = calibrate(("advisor", "simple"), 1, 5, STANDARD, budget_ms=SHOWN)
    assert result.options == "shown" and result.predictions
    assert result.predictions != first.predictions
    # Each prediction says which option it measured, beside every option shown's raw numbers.
    for p in first.predictions:
        assert p.rank == 1 and p.tier == 1
        assert p.shown_raw[0] == (1, p.samples, p.playout_win, p.playout_points)
    for p in result.predictions:
        assert 1 <= p.rank <= len(p.shown_raw) and p.tier is not None and p.tier <= p.rank
        assert p.shown_raw[p.rank - 1] == (p.tier, p.samples, p.playout_win, p.playout_points)
        assert [t for t, *_ in p.shown_raw] == sorted(t for t, *_ in p.shown_raw)
    assert any(p.rank > 1 for p in result.predictions)
    assert "every option shown with numbers" in calibration_report(result)
    with pytest.raises(InvalidRulesError):
        calibrate(("advisor", "simple"), 1, 5, STANDARD, options="all")


def test_a_shown_option_is_measured_with_the_advisor_playing_on_from_it():
    """An option's numbers assume the advisor's own play after it, and the opponent's as the
    model says: a round departs from the first choices at most once, of one seat only where both
    are advisors, only that departure's prediction is kept, and every other decision plays the
    first choice."""
    decisions: list = []  # (round, seat, hint, option played, departed there)
    rounds = [0]
    departure = Departure()

    def watch(seat, hint, option, deal):
        if hint is None:
            rounds[0] += 1
            departure.new_round()
        else:
            decisions.append((rounds[0], seat, hint, option, departure.departed_now))

    seats = {"1:advisor": "advisor", "2:advisor": "advisor"}
    play_game(STANDARD, seats, "1:advisor", random.Random(11), SHOWN,
              {s: Tally(b) for s, b in seats.items()}, [0], watch, None, departure)
    assert decisions and rounds[0] >= 2
    departures = [(r, seat) for r, seat, _, _, departed in decisions if departed]
    # At most once a round, whichever seat: the opponent of the seat measured plays its first
    # choices, as the advisor the numbers assume.  Both seats depart in turn over the game.
    assert len(departures) == len({r for r, _ in departures})
    assert departures and len(departures) < len(decisions)
    assert len({seat for _, seat in departures}) == 2
    for _, _, hint, option, departed in decisions:
        if departed:
            assert option in hint.options
        else:
            assert option == hint.best

    result = calibrate(("advisor", "advisor"), 1, 11, STANDARD, budget_ms=SHOWN,
                       options="shown")
    # About one prediction a round, never more.
    assert 0 < len(result.predictions) <= result.rounds


def test_each_prediction_carries_its_rounds_outcome():
    result = calibrate(("advisor", "advisor"), 1, 3, STANDARD, budget_ms=SHOWN)
    assert result.rounds >= 1 and result.predictions
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
    result = calibrate(("advisor", "simple"), 1, 2, STANDARD, budget_ms=SHOWN)
    assert result.predictions
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
                                  ["--games", "0"], ["--rules", "box"],
                                  ["--budget-ms", "0"], ["--budget-ms", "2001"]])
def test_cli_calibrate_refuses_bad_arguments_in_one_line(argv, capsys):
    assert main(["calibrate", "--budget-ms", "5", "--svg", "-", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ginrules calibrate:") and err.count("\n") == 1


def test_the_random_models_numbers_come_true_against_the_random_bot():
    """With ``opponent_model="random"`` the hints assume the random bot, and against it their
    win chances hold: the advisor wins nearly every round and says so."""
    result = calibrate(("advisor", "random"), 2, 5, STANDARD, budget_ms=SHOWN,
                       opponent_model="random")
    assert len(result.predictions) >= 40 and result.opponent_model == "random"
    assert result.ece < 0.05
    greedy = calibrate(("advisor", "random"), 2, 5, STANDARD, budget_ms=SHOWN)
    assert greedy.ece > result.ece


@pytest.mark.parametrize("model", sorted(CALIBRATION))
@pytest.mark.parametrize("family", ["standard", "oklahoma", "straight", "eaai"])
def test_the_calibration_map_is_increasing_and_keeps_chances_inside_0_and_1(model, family):
    """hints.CALIBRATION never changes an order and never claims certainty from playouts,
    whatever the stock holds (its slope changes with the stock) and however many playouts
    agree (up to those of the API's largest budget and more)."""
    for stock in range(STOCK_SIZE + 1):
        for samples in (100, 600, 20000):
            chances = [calibrated(model, w / 100, 0.0, samples, family, stock=stock)[0]
                       for w in range(101)]
            assert chances == sorted(chances) and chances[0] < chances[-1]
            assert 0 < chances[0] and chances[-1] < 1
        points = [calibrated(model, 0.5, p, 100, family, stock=stock)[1]
                  for p in range(-60, 61, 5)]
        assert points == sorted(points) and points[0] < points[-1]


def test_the_maps_stock_terms_move_every_option_of_a_decision_alike():
    """The stock is the same for every option of a decision, so a map's terms in it (e, f, g)
    shift all the options' points alike and keep their chances in the same order, and change
    no rank, tier or error: made-up playouts ranked with 31 cards left in the stock and with
    5."""
    from ginrules.rules.base.cards import parse_card
    from ginrules.rules.players.heuristic import Scored
    from ginrules.rules.players.hints import ranked_options
    from ginrules.rules.players.playouts import Outcome
    from ginrules.rules.table.moves import Discard

    assert CALIBRATION["advisor"]["eaai"].f != 0  # a map with stock terms
    assert CALIBRATION["advisor"]["eaai"].g != 0
    rng = random.Random(7)
    scored, played = [], []
    for index, card in enumerate(("KS", "QH", "9D", "2C")):
        outcomes = [Outcome(rng.randint(-25, 30), rng.random() < 0.3 + 0.1 * index)
                    for _ in range(60)]
        wins = sum(o.won for o in outcomes) / 60
        mean = sum(o.points for o in outcomes) / 60
        move = Discard("north", parse_card(card))
        scored.append(Scored(move, float(index), points=mean, win=wins, samples=60))
        played.append(outcomes)
    early, late = (ranked_options(scored, played, "advisor", "eaai", stock)
                   for stock in (31, 5))
    assert [o.move for o in early] == [o.move for o in late]
    assert [o.tier for o in early] == [o.tier for o in late]
    assert [o.expected_points_error for o in early] == [o.expected_points_error for o in late]
    by_chance = [sorted(range(4), key=lambda i, ranked=ranked: (ranked[i].win_chance, -i))
                 for ranked in (early, late)]
    assert by_chance[0] == by_chance[1]
    assert len({o.win_chance for o in late}) > 1
    # A chance's error is the map's own sensitivity to the share of playouts won, at that
    # stock: a numerical derivative of the map times the share's error.
    line = CALIBRATION["advisor"]["eaai"]
    for stock, ranked in ((31, early), (5, late)):
        for option in ranked:
            share, n = option.playouts_raw[0], option.samples
            step = 1e-6
            slope = (mapped_chance(line, share + step, n, stock)
                     - mapped_chance(line, share - step, n, stock)) / (2 * step)
            kept = (share * n + 0.5) / (n + 1)
            expected = slope * math.sqrt(kept * (1 - kept) / n)
            assert option.win_chance_error == pytest.approx(expected, abs=0.0011)
    assert [o.win_chance_error for o in early] != [o.win_chance_error for o in late]
    shift = CALIBRATION["advisor"]["eaai"].f * 26
    assert all(abs(e.expected_points - lt.expected_points - shift) < 0.011
               for e, lt in zip(early, late))
    assert all(e.win_chance > lt.win_chance for e, lt in zip(early, late))


def test_every_opponent_model_has_its_map_in_the_contract_and_the_cli():
    import yaml

    from ginrules.cli import main as cli_main
    from ginrules.rules.players.hints import OPPONENT_MODELS
    from ginrules._version import CONTRACT

    contract = yaml.safe_load(CONTRACT.read_text())
    assert (contract["components"]["schemas"]["OpponentModel"]["enum"]
            == list(OPPONENT_MODELS) == list(CALIBRATION))
    for model in OPPONENT_MODELS:
        assert cli_main(["calibrate", "--bots", "advisor,random", "--games", "1", "--budget-ms",
                         "2", "--svg", "-", "--opponent-model", model]) == 0


def test_the_fitting_tool_recovers_a_known_map(tmp_path):
    """bench/calibration/fit_calibration.py fits hints.CALIBRATION's numbers: on predictions
    drawn from a known map it finds that map again."""
    import json
    import math

    fit = load_script("bench/calibration/fit_calibration.py", "fit_calibration")
    rng = random.Random(3)
    rows = []
    for _ in range(20000):
        samples = 100
        wins = rng.randint(1, 99)
        row = {"playout_win": wins / samples, "samples": samples,
               "playout_points": rng.uniform(-30, 30)}
        chance = 1 / (1 + math.exp(-(0.2 + 0.6 * fit.logit_share(row))))
        row["won"] = rng.random() < chance
        row["points"] = 1.5 + 0.7 * row["playout_points"] + rng.gauss(0, 5)
        rows.append(row)
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    loaded = fit.load([str(path)])
    a, b = fit.fit_logistic(loaded)
    c, d = fit.fit_line(loaded)
    assert abs(a - 0.2) < 0.06 and abs(b - 0.6) < 0.04
    assert abs(c - 1.5) < 0.2 and abs(d - 0.7) < 0.02
    # --slopes: the slopes kept as given, the offsets fitted under them.
    assert fit.fit_logistic(loaded, slope=0.6)[1] == 0.6
    assert abs(fit.fit_logistic(loaded, slope=0.6)[0] - 0.2) < 0.03
    assert fit.fit_line(loaded, slope=0.7)[1] == 0.7
    assert abs(fit.fit_line(loaded, slope=0.7)[0] - 1.5) < 0.1
    a_off, _ = fit.fit_logistic(loaded, slope=0.3)  # a slope too flat: the offset makes up
    mean_won = sum(r["won"] for r in loaded) / len(loaded)
    mean_said = sum(1 / (1 + math.exp(-(a_off + 0.3 * fit.logit_share(r)))) for r in loaded)
    assert abs(mean_said / len(loaded) - mean_won) < 1e-6  # the likelihood's first condition

    # With --stock, the terms in the cards left in the stock as well, the slope's included.
    for row in rows:
        row["stock"] = rng.randint(0, 31)
        slope = 0.1 + 0.02 * row["stock"]
        chance = 1 / (1 + math.exp(-(-0.5 + slope * fit.logit_share(row) + 0.04 * row["stock"])))
        row["won"] = rng.random() < chance
        row["points"] = (-6 + 0.9 * row["playout_points"] + 0.25 * row["stock"]
                         + rng.gauss(0, 5))
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    loaded = fit.load([str(path)])
    a, b, e, g = fit.fit_logistic(loaded, stock=True)
    c, d, f = fit.fit_line(loaded, stock=True)
    assert abs(a + 0.5) < 0.15 and abs(b - 0.1) < 0.06 and abs(e - 0.04) < 0.008
    assert abs(g - 0.02) < 0.004
    assert abs(c + 6) < 0.3 and abs(d - 0.9) < 0.02 and abs(f - 0.25) < 0.02

    # Rows that say their option's rank are also judged as first options and the others apart.
    for index, row in enumerate(rows):
        row["rank"] = 1 + index % 3
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    parts = dict(fit._parts("test", fit.load([str(path)])))
    assert len(parts["test"]) == 20000
    assert len(parts["test, first options"]) == 6667
    assert len(parts["test, the others"]) == 13333
    del rows[0]["rank"]  # a file of before the field: judged whole only
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert [name for name, _ in fit._parts("test", fit.load([str(path)]))] == ["test"]


def test_the_fitting_tool_refuses_a_map_that_would_change_an_order(tmp_path, monkeypatch,
                                                                    capsys):
    """A fit whose slope on the playouts' log-odds is not positive at some stock would rank
    options against their playouts: fit_calibration.py says so and gives no map."""
    import json
    import math
    import sys

    fit = load_script("bench/calibration/fit_calibration.py", "fit_calibration")
    rng = random.Random(5)
    rows = []
    for _ in range(4000):
        row = {"playout_win": rng.randint(1, 99) / 100, "samples": 100,
               "playout_points": rng.uniform(-30, 30), "stock": rng.randint(0, 31)}
        # the more playouts won, the fewer rounds won, late in a round
        slope = -0.8 + 0.05 * row["stock"]
        row["won"] = rng.random() < 1 / (1 + math.exp(-slope * fit.logit_share(row)))
        row["points"] = row["playout_points"]
        rows.append(row)
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    monkeypatch.setattr(sys, "argv", ["fit_calibration.py", "--stock", str(path)])
    with pytest.raises(SystemExit, match="not positive at every stock"):
        fit.main()
    assert "fitted on" not in capsys.readouterr().out


def test_the_fitting_tool_keeps_a_map_and_moves_its_points_offset_only(tmp_path, monkeypatch,
                                                                      capsys):
    """fit_calibration.py --keep MODEL FAMILY keeps that map of hints.CALIBRATION whole but for
    the points' offset c, which it moves by the mean gap between the rounds' points and the
    mapped ones: rounds scoring 2.5 points above what the map says move c by 2.5, and nothing
    else; a map that is not there is named with the ones that are."""
    import json
    import sys

    from ginrules.rules.players.hints import mapped_points

    fit = load_script("bench/calibration/fit_calibration.py", "fit_calibration")
    kept = CALIBRATION["advisor"]["eaai"]
    rng = random.Random(11)
    rows = []
    for _ in range(3000):
        row = {"playout_win": rng.randint(1, 99) / 100, "samples": 100,
               "playout_points": rng.uniform(-30, 30), "stock": rng.randint(0, 31),
               "won": rng.random() < 0.5}
        row["points"] = mapped_points(kept, row["playout_points"], row["stock"]) + 2.5 + \
            rng.choice((-4.0, 4.0))
        rows.append(row)
    moved = fit.kept_with_offset(rows, "advisor", "eaai")
    gap = sum(r["points"] - mapped_points(kept, r["playout_points"], r["stock"])
              for r in rows) / len(rows)
    assert abs(gap - 2.5) < 0.3 and moved.c == pytest.approx(kept.c + gap)
    assert moved._replace(c=kept.c) == kept
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    monkeypatch.setattr(sys, "argv", ["fit_calibration.py", "--keep", "advisor", "eaai",
                                      str(path)])
    fit.main()
    out = capsys.readouterr().out
    assert f"c={moved.c:.4f}" in out and "(all but c kept from advisor eaai)" in out
    monkeypatch.setattr(sys, "argv", ["fit_calibration.py", "--keep", "advisor", "nowhere",
                                      str(path)])
    with pytest.raises(SystemExit, match="no map for advisor nowhere"):
        fit.main()


@pytest.mark.parametrize("won", [True, False])
def test_the_fitting_tool_refuses_rounds_all_won_or_all_lost(tmp_path, monkeypatch, capsys, won):
    """Against the random bot every round may be won: no chance map follows from such
    predictions (the fit's offset would run off without end), so fit_calibration.py says so
    and gives no map, whether the slopes are fitted or kept."""
    import json
    import sys

    fit = load_script("bench/calibration/fit_calibration.py", "fit_calibration")
    rng = random.Random(7)
    rows = [{"playout_win": rng.randint(1, 99) / 100, "samples": 100, "won": won,
             "playout_points": rng.uniform(-30, 30), "points": rng.uniform(-30, 30),
             "stock": rng.randint(0, 31)} for _ in range(500)]
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    for extra in ([], ["--slopes", "0.5", "1.0"]):
        monkeypatch.setattr(sys, "argv", ["fit_calibration.py", *extra, str(path)])
        with pytest.raises(SystemExit, match=f"every round of the 500 predictions was "
                                             f"{'won' if won else 'lost'}"):
            fit.main()
    assert "fitted on" not in capsys.readouterr().out


def test_each_two_player_preset_has_a_fitted_family_of_maps():
    """Oklahoma's upcard limit (R-5.6), straight gin's limit of 0 (R-5.1) and an undercut bonus
    of 25 (R-7.2, eaai) have maps of their own; every model has a map for every family."""
    from ginrules.rules.players.hints import rules_family

    families = {preset: rules_family(resolve_rules(preset))
                for preset in ("standard", "modern", "classic", "oklahoma", "straight",
                               "openspiel", "eaai")}
    assert families["oklahoma"] == "oklahoma" and families["straight"] == "straight"
    assert families["standard"] == families["classic"] == "standard"
    assert families["eaai"] == families["modern"] == families["openspiel"] == "eaai"
    assert rules_family(resolve_rules({"preset": "standard", "undercut_bonus": 25})) == "eaai"
    assert rules_family(resolve_rules({"preset": "eaai", "undercut_bonus": 10})) == "standard"
    assert all(set(maps) == set(families.values()) for maps in CALIBRATION.values())


def test_remapping_recorded_predictions_gives_what_the_command_printed(tmp_path, capsys,
                                                                        monkeypatch):
    """bench/calibration/remap_calibration.py re-scores a run's predictions under
    hints.CALIBRATION without replaying it: the map changes no move, so the table and picture
    are the command's own."""
    import sys

    picture, records = tmp_path / "run.svg", tmp_path / "run.jsonl"
    assert main(["calibrate", "--bots", "advisor,simple", "--games", "1", "--seed", "4",
                 "--budget-ms", "5", "--svg", str(picture), "--predictions", str(records)]) == 0
    printed = capsys.readouterr().out
    remap = load_script("bench/calibration/remap_calibration.py", "remap_calibration")
    again = tmp_path / "again.svg"
    monkeypatch.setattr(sys, "argv", ["remap", str(records), "--bots", "advisor,simple",
                                      "--svg", str(again)])
    remap.main()
    out = capsys.readouterr().out
    assert again.read_bytes() == picture.read_bytes()
    measures = [line for line in printed.splitlines() if line.startswith("expected calib")]
    assert measures and measures[0] in out.splitlines()
    assert printed.splitlines()[:11] == out.splitlines()[:11]  # the reliability table
    # It played nothing and was not told the rounds: it claims neither a time nor 0 rounds.
    summary = out.splitlines()[11]
    assert summary.endswith("; scored again under today's maps")
    assert " in " not in summary and "rounds" not in summary and " s " not in summary
    rounds = printed.splitlines()[11].split(" rounds of ")[0].rsplit(" ", 1)[1]
    monkeypatch.setattr(sys, "argv", ["remap", str(records), "--bots", "advisor,simple",
                                      "--games", "1", "--rounds", rounds])
    remap.main()
    assert f"predictions in {rounds} rounds of 1 games" in capsys.readouterr().out


def test_cli_calibrate_measures_every_shown_option_when_asked(capsys):
    assert main(["calibrate", "--bots", "advisor,random", "--games", "1", "--budget-ms",
                 str(SHOWN), "--options", "shown"]) == 0
    assert "every option shown with numbers, one played at random" in capsys.readouterr().out
