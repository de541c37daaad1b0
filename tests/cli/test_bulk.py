"""``ginrules replay``: many logs checked at once, each result what the API would answer."""

from __future__ import annotations

import copy
import io
import json
import os

import pytest

from ginrules import bulk
from ginrules.cli import main

from testkit.generator import openspiel_game, random_game


@pytest.fixture(scope="module")
def logs() -> list[dict]:
    return [random_game(seed) for seed in range(6)]


def _illegal_move(log: dict) -> dict:
    """The log with the dealer acting first, out of turn (R-4.2)."""
    broken = copy.deepcopy(log)
    first = broken["rounds"][0]
    first["actions"].insert(0, {"player": first["dealer"], "action": "pass"})
    return broken


def _wrong_type(log: dict) -> dict:
    broken = copy.deepcopy(log)
    broken["players"] = "ann"
    return broken


BAD_JSON = b'{"rules": "standard", "players": ["ann", "bob"], "rounds": [\n'


def _line(document: dict) -> bytes:
    return json.dumps(document).encode() + b"\n"


@pytest.fixture
def folder(tmp_path, logs):
    """A folder of logs: a JSON Lines file with broken lines among valid ones, and a subfolder
    of pretty-printed JSON files; other files are not read."""
    games = tmp_path / "games"
    (games / "b").mkdir(parents=True)
    (games / "a.jsonl").write_bytes(
        _line(logs[0]) + _line(logs[1]) + _line(_illegal_move(logs[2])) + _line(logs[3])
        + b"\n" + BAD_JSON + _line(logs[4]))
    (games / "b" / "c.json").write_text(json.dumps(logs[5], indent=1))
    (games / "b" / "d.json").write_text(json.dumps(_wrong_type(logs[0]), indent=1))
    (games / "notes.txt").write_text("not a log")
    (games / ".hidden.json").write_text("{")
    return games


def _results(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_folder_gets_one_result_per_log_in_input_order_with_two_jobs(folder, tmp_path, capsys):
    output = tmp_path / "results.jsonl"
    assert main(["replay", "--jobs", "2", "--output", str(output), str(folder)]) == 1
    results = _results(output)
    sources = [(r["file"].removeprefix(str(folder) + "/"), r["line"]) for r in results]
    assert sources == [("a.jsonl", 1), ("a.jsonl", 2), ("a.jsonl", 3), ("a.jsonl", 4),
                       ("a.jsonl", 6), ("a.jsonl", 7), ("b/c.json", None), ("b/d.json", None)]
    assert [r["valid"] for r in results] == [True, True, False, True, False, True, True, False]
    assert [v["code"] for v in results[2]["violations"]] == ["not_your_turn"]
    assert results[2]["violations"][0]["pointer"] == "/rounds/0/actions/0"
    assert results[4]["problem"]["code"] == "malformed_json"
    assert results[7]["problem"] == {"status": 400, "code": "invalid_request",
                                     "detail": results[7]["problem"]["detail"]}
    assert [v["code"] for v in results[7]["violations"]] == ["wrong_type"]


def test_the_summary_counts_logs_by_outcome_and_by_violation_code(folder, tmp_path, capsys):
    assert main(["replay", "--jobs", "2", "--output", str(tmp_path / "out.jsonl"),
                 str(folder)]) == 1
    captured = capsys.readouterr()
    assert captured.err == ""  # with --output FILE the summary is on standard output
    summary = captured.out.splitlines()
    assert summary[0].startswith("8 logs checked in ") and "games/s, 2 jobs)" in summary[0]
    counts = {line[:22].strip(): int(line[22:].replace(",", "")) for line in summary[1:]
              if line.startswith("  ")}
    assert counts == {"valid, complete": 5, "valid, in progress": 0, "invalid": 3,
                      "not_your_turn": 1, "malformed_json": 1, "wrong_type": 1}


def test_results_are_the_http_apis_replies_to_the_same_logs(folder, tmp_path, client):
    output = tmp_path / "results.jsonl"
    main(["replay", "--jobs", "2", "--output", str(output), str(folder)])
    bodies = [line for line in (folder / "a.jsonl").read_bytes().splitlines(keepends=True)
              if line.strip()]
    bodies += [(folder / "b" / name).read_bytes() for name in ("c.json", "d.json")]
    for result, body in zip(_results(output), bodies, strict=True):
        reply = client.post("/v1/games/replay", data=body, content_type="application/json")
        api = reply.get_json()
        if reply.status_code == 200:
            assert result["valid"] == api["valid"] and result["complete"] == api["complete"]
            assert result["winner"] == api["winner"] and result["totals"] == api["totals"]
            assert result["violations"] == api["violations"]
            assert result["round_count"] == len(api["rounds"])
            assert result.get("margin") == api.get("margin")
            assert result.get("bonuses") == api.get("bonuses")
        else:
            assert result["valid"] is False
            assert result["problem"] == {k: api[k] for k in ("status", "code", "detail")}
            assert result["violations"] == api["errors"]


def test_full_results_hold_the_apis_whole_reply(logs, tmp_path, client):
    path = tmp_path / "two.jsonl"
    path.write_bytes(_line(logs[0]) + _line(_illegal_move(logs[1])))
    output = tmp_path / "results.jsonl"
    assert main(["replay", "--full", "--jobs", "1", "-o", str(output), str(path)]) == 1
    for result, log in zip(_results(output), [logs[0], _illegal_move(logs[1])], strict=True):
        api = client.post("/v1/games/replay", json=log).get_json()
        assert {k: v for k, v in result.items() if k not in ("file", "line")} == api


def test_invalid_only_writes_the_invalid_results_and_counts_them_all(folder, tmp_path, capsys):
    output = tmp_path / "invalid.jsonl"
    assert main(["replay", "--invalid-only", "-o", str(output), str(folder)]) == 1
    assert [r["line"] for r in _results(output)] == [3, 6, None]
    assert capsys.readouterr().out.startswith("8 logs checked")


def test_json_lines_on_standard_input(logs, monkeypatch, capsys):
    data = _line(logs[0]) + _line(_illegal_move(logs[1])) + _line(logs[2])
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["replay", "--jobs", "2", "-"]) == 1
    captured = capsys.readouterr()
    results = [json.loads(line) for line in captured.out.splitlines()]
    assert [(r["file"], r["line"], r["valid"]) for r in results] == [
        ("-", 1, True), ("-", 2, False), ("-", 3, True)]
    # Results on standard output, the summary on standard error, and no progress line: standard
    # error is not a terminal.
    assert captured.err.startswith("3 logs checked") and "\r" not in captured.err


def test_one_pretty_printed_document_on_standard_input(logs, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(
        json.dumps(logs[0], indent=2).encode())))
    assert main(["replay", "--jobs", "1", "-"]) == 0
    (result,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert result["line"] is None and result["valid"] and result["complete"]


def test_every_log_valid_exits_0(logs, tmp_path, capsys):
    path = tmp_path / "valid.ndjson"
    path.write_bytes(b"".join(_line(log) for log in logs))
    assert main(["replay", "--jobs", "2", str(path)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(logs)


def test_a_line_over_the_size_limit_is_a_result_and_the_next_lines_are_read(logs, tmp_path,
                                                                             capsys):
    path = tmp_path / "huge.jsonl"
    huge = b'{"rules": "' + b"x" * bulk.MAX_DOCUMENT_BYTES + b'"}\n'
    path.write_bytes(_line(logs[0]) + huge + _line(logs[1]))
    assert main(["replay", "--jobs", "1", str(path)]) == 1
    results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["line"], r["valid"]) for r in results] == [(1, True), (2, False), (3, True)]
    assert results[1]["problem"]["status"] == 413
    assert results[1]["violations"][0]["code"] == "payload_too_large"


def test_a_document_over_the_size_limit_is_one_result(tmp_path):
    path = tmp_path / "huge.json"
    path.write_bytes(b'{\n"rules": "' + b"x" * 300 + b'"\n}\n')
    (result,) = bulk.Reader([str(path)], limit=200)
    assert result.line is None and result.fault is not None
    assert result.fault[:2] == (413, "payload_too_large")


def test_openspiel_games_played_by_openspiel_are_imported_and_replayed_as_the_api_does(
        tmp_path, client):
    pytest.importorskip("pyspiel", reason="open_spiel is a test dependency")
    games = [openspiel_game(seed) for seed in range(12)]
    games.append({"actions": games[0]["actions"][:21] + [999], "params": {}})
    path = tmp_path / "openspiel.jsonl"
    path.write_bytes(b"".join(_line(game) for game in games))
    output = tmp_path / "results.jsonl"
    status = main(["replay", "--format", "openspiel", "--jobs", "2", "-o", str(output),
                   str(path)])
    results = _results(output)
    assert [r["line"] for r in results] == list(range(1, len(games) + 1))
    assert status == (0 if all(r["valid"] for r in results) else 1)
    assert results[-1]["problem"]["status"] == 422
    assert results[-1]["violations"][0]["pointer"] == "/actions/21"
    for result, game in zip(results, games, strict=True):
        imported = client.post("/v1/games/import", json={"format": "openspiel", **game})
        if imported.status_code != 200:
            problem = imported.get_json()
            assert result["problem"] == {k: problem[k] for k in ("status", "code", "detail")}
            assert result["violations"] == problem["errors"]
            continue
        api = client.post("/v1/games/replay", json=imported.get_json()).get_json()
        assert (result["valid"], result["complete"], result["winner"], result["totals"]) == (
            api["valid"], api["complete"], api["winner"], api["totals"])
        assert result["violations"] == api["violations"]


def test_a_log_given_as_openspiel_is_refused_with_the_import_code(logs, tmp_path, capsys):
    path = tmp_path / "log.jsonl"
    path.write_bytes(_line(logs[0]))
    assert main(["replay", "--format", "openspiel", "-j", "1", str(path)]) == 1
    (result,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert result["problem"]["code"] == "invalid_request"
    assert {v["pointer"] for v in result["violations"]} >= {"/actions", "/rules"}


@pytest.mark.parametrize("argv, message", [
    (["replay", "no-such-file.jsonl"], "no such file or folder: no-such-file.jsonl"),
    (["replay", "--jobs", "0", "-"], "--jobs is at least 1"),
    (["replay", "-", "-"], "standard input) can be given once"),
    (["replay", "{empty}"], "holds no *.json, *.jsonl or *.ndjson file"),
])
def test_usage_errors_are_one_line_with_exit_status_2(argv, message, tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("not a log")
    assert main([a.replace("{empty}", str(tmp_path / "empty")) for a in argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("ginrules replay: ") and message in captured.err


def test_the_progress_line_counts_logs_and_shows_the_share_of_bytes_read():
    stream = io.StringIO()
    now = iter([0.0, 1.0, 1.05, 2.0, 2.0])
    progress = bulk.Progress(stream, 1000, terminal=True, clock=lambda: next(now))
    summary = bulk.Summary()
    for outcome in ("complete", "invalid"):
        summary.add(bulk.Checked(b"", outcome, (), 250))
    progress.update(summary)
    summary.add(bulk.Checked(b"", "complete", (), 100))
    progress.update(summary)  # within a tenth of a second: not redrawn
    summary.add(bulk.Checked(b"", "complete", (), 400))
    progress.update(summary, force=True)
    progress.close()
    shown = stream.getvalue().split("\r")[1:]
    assert len(shown) == 3  # the last drawn again, ended by a new line
    assert shown[0].startswith("[###############...............] 2 logs (50%), 2.00 logs/s, "
                               "0:01 left; 1 invalid")
    assert "4 logs (100%), 2.00 logs/s; 1 invalid" in shown[1] and shown[2].endswith("\n")


def test_a_repeated_key_is_refused_as_the_api_refuses_it(tmp_path, capsys):
    path = tmp_path / "twice.jsonl"
    path.write_bytes(b'{"rules": "standard", "players": ["ann", "bob"], "rounds": [], '
                     b'"players": ["cy", "dee"]}\n')
    assert main(["replay", "-j", "1", str(path)]) == 1
    (result,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    problem = result["problem"]
    assert problem["code"] == "duplicate_key" and "'players'" in problem["detail"]


def _die(item, options):
    os._exit(1)


def test_a_killed_worker_stops_the_run_with_the_summary_so_far_and_exit_status_3(
        logs, tmp_path, monkeypatch, capsys):
    path = tmp_path / "logs.jsonl"
    path.write_bytes(b"".join(_line(log) for log in logs))
    monkeypatch.setattr(bulk, "check", _die)
    assert main(["replay", "--jobs", "2", "-o", str(tmp_path / "out.jsonl"), str(path)]) == 3
    captured = capsys.readouterr()
    assert "stopped before the end" in captured.out
    assert captured.err.startswith("ginrules replay: a worker process was killed")
