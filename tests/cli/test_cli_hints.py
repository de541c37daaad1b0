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


def test_calibrate_writes_no_file_unless_asked_and_warns_that_few_rounds_mean_little(
        tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["calibrate", "--bots", "advisor,random", "--games", "1", "--budget-ms",
                 "2"]) == 0
    captured = capsys.readouterr()
    assert list(tmp_path.iterdir()) == []
    assert "written" not in captured.out and "expected calibration error" in captured.out
    rounds = int(captured.out.split(" predictions in ")[1].split(" rounds")[0])
    (warning,) = captured.err.splitlines()
    assert warning.startswith(f"ginrules calibrate: warning: {rounds} rounds are too few for "
                              "the ECE to mean much")
    assert main(["calibrate", "--bots", "advisor,random", "--games", "1", "--budget-ms", "2",
                 "--svg", "picture.svg", "--predictions", "predictions.jsonl"]) == 0
    out = capsys.readouterr().out
    assert sorted(path.name for path in tmp_path.iterdir()) == ["picture.svg",
                                                               "predictions.jsonl"]
    assert "reliability diagram written to picture.svg" in out
    assert "predictions written to predictions.jsonl" in out


def test_calibrate_does_not_warn_over_enough_rounds(monkeypatch, capsys):
    from ginrules import cli
    from ginrules.rules.players import calibration

    real = calibration.calibrate

    def many_rounds(*args, **kwargs):
        result = real(*args, **kwargs)
        result.rounds = cli.MEANINGFUL_ROUNDS
        return result

    monkeypatch.setattr(calibration, "calibrate", many_rounds)
    assert main(["calibrate", "--bots", "advisor,random", "--games", "1", "--budget-ms",
                 "2"]) == 0
    assert capsys.readouterr().err == ""


def _help_examples() -> list[str]:
    """Every example of the command's help: the top-level list and each command's one."""
    import contextlib
    import io

    from tests.cli.test_cli import COMMANDS

    examples = []
    for command in [None, *COMMANDS]:
        text = io.StringIO()
        with contextlib.redirect_stdout(text), pytest.raises(SystemExit):
            main(["--help"] if command is None else [command, "--help"])
        part = text.getvalue().split("example:" if command else "examples:")[1]
        examples += [line.strip() for line in part.splitlines()
                     if line.strip().startswith("ginrules ")]
    return list(dict.fromkeys(examples))


HELP_EXAMPLES = _help_examples()


def _run_example(example: str, folder, server: str | None = None) -> None:
    """An example as written, in a folder holding the files it names, within a minute of CPU
    (its own and its processes'): on a machine busy with other work the same example takes
    longer on the clock, so the clock bounds only a hang (ten minutes)."""
    import os
    import resource
    import shutil
    import subprocess
    import sys

    shutil.copy(EXAMPLES / "openspiel-game.json", folder / "game.json")
    (folder / "games").mkdir(exist_ok=True)
    shutil.copy(EXAMPLES / "game.json", folder / "games" / "game.json")
    log = json.loads((EXAMPLES / "game-in-progress.json").read_text())
    (folder / "more-games.jsonl").write_text(json.dumps(log) + "\n")
    shutil.copy(ROOT / "conformance" / "adapters" / "tiny_engine.js", folder / "my-engine.js")
    command = example.replace("http://127.0.0.1:8000", server) if server else example
    bin_folder = os.path.dirname(sys.executable)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(["bash", "-c", command], cwd=folder, capture_output=True, text=True,
                          timeout=600,
                          env={**os.environ, "PATH": bin_folder + os.pathsep + os.environ["PATH"]})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, (example, done.stderr[-1000:])
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    assert cpu < 60, (example, cpu)


def test_every_help_example_is_listed():
    from tests.cli.test_cli import COMMANDS

    commands = {example.split()[1] for example in HELP_EXAMPLES}
    assert commands == set(COMMANDS)


@pytest.mark.parametrize("example", [e for e in HELP_EXAMPLES
                                     if e.split()[1] not in ("serve", "conformance")])
def test_a_help_example_takes_under_a_minute_of_cpu(example, tmp_path):
    _run_example(example, tmp_path)


@pytest.mark.server
@pytest.mark.parametrize("example", [e for e in HELP_EXAMPLES if e.split()[1] == "conformance"])
def test_a_help_example_of_conformance_takes_under_a_minute_of_cpu(example, tmp_path, server):
    _run_example(example, tmp_path, server)
