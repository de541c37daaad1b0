"""The ``ginrules`` command: ``analyze`` in the terminal, ``serve`` as a real gunicorn server."""

from __future__ import annotations

import json
import time

import pytest
import requests
from openapi_core.contrib.requests import RequestsOpenAPIRequest, RequestsOpenAPIResponse

from ginrules.cli import main

from tests.conftest import OPENAPI, SERVER_LOG, SPEC


def test_analyze_prints_the_arrangement(capsys):
    assert main(["analyze", "7S", "8S", "9S", "7H", "7D", "7C", "6S", "KD", "2H", "3C", "4C"]) == 0
    out = capsys.readouterr().out
    assert "discard   KD" in out
    assert "run       6S 7S 8S 9S" in out and "set       7H 7D 7C" in out
    assert "deadwood  2H 3C 4C  = 9" in out and "can knock (limit 10)" in out


def test_analyze_json_is_the_api_reply(capsys):
    assert main(["analyze", "--json", "--rules", '{"knock_limit": 0}', "AS", "2S", "3S"]) == 0
    reply = json.loads(capsys.readouterr().out)
    assert reply["melds"] == [{"kind": "run", "cards": ["AS", "2S", "3S"]}]
    assert reply["rules"]["knock_limit"] == 0


def test_analyze_reports_bad_cards_and_exits_2(capsys):
    assert main(["analyze", "AS", "AS", "ZZ"]) == 2
    err = capsys.readouterr().err
    assert "'ZZ'" in err and "position 0" in err


def test_melds_lists_every_meld_holding_the_card_with(capsys):
    assert main(["melds", "5D", "7D", "8D", "6S", "6H", "2C", "KC", "6d", "--with", "6d"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "set  6S 6H 6D", "run  5D 6D 7D", "run  5D 6D 7D 8D", "run  6D 7D 8D",
        "4 melds holding 6D"]


def test_melds_json_is_the_api_reply_under_round_the_corner(client, capsys):
    rules = {"preset": "standard", "round_the_corner": True}
    assert main(["melds", "--json", "--rules", json.dumps(rules), "qs,ks,as,2s"]) == 0
    reply = json.loads(capsys.readouterr().out)
    assert reply == client.post("/v1/hands/melds", json={"hand": ["QS", "KS", "AS", "2S"],
                                                         "rules": rules}).get_json()
    assert reply["count"] == 3


@pytest.mark.parametrize("argv, message", [
    (["melds"], "give the cards"),
    (["melds", "AS", "2S", "3S", "--with", "4S"], "4S is not in the hand"),
    (["melds", "AS", "--with", "ZZ"], "--with: 'ZZ' is not a card"),
    (["melds", "AS", "AS"], "position 0"),
    (["melds", "AS", "--rules", "nope"], "unknown preset 'nope'"),
])
def test_melds_reports_faults_in_one_line_and_exits_2(argv, message, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("ginrules melds: ") and message in captured.err


def test_r3_deal_prints_the_worked_example(capsys):
    from tests.core.table.test_deals import EXAMPLE_DEALER, EXAMPLE_NON_DEALER, EXAMPLE_STOCK_TOP

    assert main(["deal", "--players", "ann,bob", "--dealer", "ann", "--seed", "42"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:5] == ["ginrules-deal/1  seed 42  round 0", "dealer ann",
                         f"  bob     {EXAMPLE_NON_DEALER}", f"  ann     {EXAMPLE_DEALER}",
                         "  upcard  6C"]
    assert lines[5].startswith(f"  stock   {EXAMPLE_STOCK_TOP} ") and len(lines) == 6


def test_r3_deal_json_is_the_api_reply_for_the_same_seed(client, capsys):
    argv = ["deal", "--json", "--rules", "partnership", "--players", "ann,bob,cy,dee",
            "--teams", "ann+cy,bob+dee", "--tables", "ann+bob,dee+cy", "--seed", "7",
            "--round", "1"]
    assert main(argv) == 0
    reply = json.loads(capsys.readouterr().out)
    assert reply == client.post("/v1/deals", json={
        "rules": "partnership", "players": ["ann", "bob", "cy", "dee"],
        "teams": [["ann", "cy"], ["bob", "dee"]], "tables": [["ann", "bob"], ["dee", "cy"]],
        "seed": 7, "round": 1}).get_json()
    assert main(["deal", "--rules", "cutthroat", "--players", "ann,bob,cy", "--dealer", "bob",
                 "--seed", "7"]) == 0
    assert "dealer bob (sits out)" in capsys.readouterr().out


def test_r3_deal_without_a_seed_prints_the_one_it_drew(capsys):
    assert main(["deal", "--json", "--players", "ann,bob", "--dealer", "bob"]) == 0
    seed = json.loads(capsys.readouterr().out)["seed"]
    assert main(["deal", "--json", "--players", "ann,bob", "--dealer", "bob"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] != seed


@pytest.mark.parametrize("argv, message", [
    (["deal", "--players", "ann,bob"], "--dealer: dealer is required"),
    (["deal", "--players", "ann,bob", "--dealer", "cy"], "--dealer: the dealer 'cy' is not"),
    (["deal", "--players", "ann,bob", "--dealer", "ann", "--seed", "-1"], "--seed: a seed is"),
    (["deal", "--players", "ann,bob", "--dealer", "ann", "--round", "-1"], "--round: round is"),
    (["deal", "--rules", "box", "--players", "ann,bob,cy"], "--roles: box games need roles"),
    (["deal", "--rules", "box", "--players", "ann,bob,cy", "--roles", "ann,bob"],
     "--roles names three players"),
    (["deal", "--rules", "nope", "--players", "ann,bob"], "--rules: unknown preset 'nope'"),
    (["deal", "--rules", "partnership", "--players", "ann,bob,cy,dee", "--teams",
      "ann+cy,bob+dee"], "--tables: partnership deals name both tables"),
])
def test_deal_reports_faults_in_one_line_and_exits_2(argv, message, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert captured.out == "" and len(lines) == 1
    assert lines[0].startswith("ginrules deal: ") and message in lines[0], lines[0]


def test_version_prints_the_package_version(capsys):
    from ginrules.api.meta import service_version

    with pytest.raises(SystemExit) as raised:
        main(["--version"])
    assert raised.value.code == 0
    assert capsys.readouterr().out.strip() == f"ginrules {service_version()}"


def test_analyze_without_cards_says_so_in_one_line_and_exits_2(capsys):
    assert main(["analyze"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "give the hand's cards" in err and "--help" in err


@pytest.mark.parametrize("argv", [["frob"], [], ["analyze", "--rules"], ["serve", "--port", "x"],
                                  ["selfplay", "--games"], ["import", "AS"],
                                  ["melds", "AS", "--with"], ["deal"],
                                  ["deal", "--players", "ann,bob", "--seed", "x"],
                                  ["replay"], ["replay", "--format", "x", "-"]])
def test_a_usage_error_is_one_line_with_exit_status_2(argv, capsys):
    with pytest.raises(SystemExit) as raised:
        main(argv)
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("ginrules") and "--help" in err


COMMANDS = ["serve", "analyze", "melds", "deal", "conformance", "import", "replay", "selfplay",
            "calibrate", "arena"]


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_is_plain_text_with_an_example(command, capsys):
    with pytest.raises(SystemExit) as raised:
        main(["--help"] if command is None else [command, "--help"])
    assert raised.value.code == 0
    text = capsys.readouterr().out
    assert "``" not in text and ":func:" not in text and ":class:" not in text
    example = text.split("example:" if command else "examples:")[1]
    assert f"ginrules {command or ''}".strip() in example


def test_python_m_ginrules_is_the_command():
    import subprocess
    import sys

    from ginrules import __version__

    done = subprocess.run([sys.executable, "-m", "ginrules", "--version"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == f"ginrules {__version__}"


@pytest.mark.parametrize("cards", [["AS 2S 3S", "4S", "5S"], ["AS,2S,3S,4S,5S"],
                                   ["AS, 2S", "3S ,4S,5S"]])
def test_analyze_takes_cards_as_one_string_or_comma_separated(cards, capsys):
    assert main(["analyze", "--json", *cards]) == 0
    reply = json.loads(capsys.readouterr().out)
    assert reply["hand"] == ["AS", "2S", "3S", "4S", "5S"] and reply["deadwood_count"] == 0


@pytest.mark.parametrize("rules, message", [
    ('{"knock_limit": 5', "--rules is not valid JSON"),
    ('{"preset": "nope"}', "unknown preset 'nope'"),
    ("nope", "unknown preset 'nope'"),
    ('{"knock_limit": 500}', "knock_limit must be an integer from 0 to 100"),
    ('{"colour": 1}', "unknown option 'colour'"),
])
def test_analyze_reports_bad_rules_in_one_line_and_exits_2(rules, message, capsys):
    assert main(["analyze", "--rules", rules, "AS", "2S", "3S"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("ginrules analyze: ") and message in lines[0]


def test_every_option_of_every_command_has_help():
    import argparse

    from ginrules import cli

    parsers = []
    original = argparse.ArgumentParser.parse_args

    def capture(self, *args, **kwargs):
        parsers.append(self)
        raise SystemExit(0)

    argparse.ArgumentParser.parse_args = capture
    try:
        with pytest.raises(SystemExit):
            cli.main([])
    finally:
        argparse.ArgumentParser.parse_args = original
    top = parsers[0]
    commands = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    assert set(commands.choices) == set(COMMANDS)
    for name, parser in [("ginrules", top), *commands.choices.items()]:
        for action in parser._actions:
            if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
                continue
            assert action.help, f"{name} {action.option_strings or action.dest} has no help"


def _checked(response: requests.Response) -> requests.Response:
    spec_path = next((p for p in SPEC["paths"] if response.request.path_url.startswith(p)), None)
    if spec_path and response.status_code not in (404, 405):
        OPENAPI.validate_response(RequestsOpenAPIRequest(response.request),
                                  RequestsOpenAPIResponse(response))
    return response


@pytest.mark.server
def test_serve_answers_over_http(server):
    health = _checked(requests.get(server + "/healthz", timeout=5))
    assert health.json()["status"] == "ok"
    reply = _checked(requests.post(server + "/v1/hands/analyze", timeout=5,
                                   json={"hand": ["7S", "8S", "9S", "7H", "7D", "7C", "6S", "KD",
                                                  "2H", "3C", "4C"]}))
    assert reply.status_code == 200 and reply.json()["best_discards"] == ["KD"]
    bad = _checked(requests.post(server + "/v1/hands/analyze", json={"hand": ["AS", "AS"]},
                                 timeout=5))
    assert bad.status_code == 422
    assert bad.headers["Content-Type"] == "application/problem+json"
    assert requests.get(server + "/docs/", timeout=5).status_code == 200
    assert "openapi: 3.1.0" in requests.get(server + "/openapi.yaml", timeout=5).text


@pytest.mark.server
def test_serve_rejects_oversized_request_lines(server):
    reply = requests.get(server + "/v1/" + "x" * 5000, timeout=5)
    assert reply.status_code in (400, 414)


@pytest.mark.server
def test_the_client_calls_every_endpoint(server):
    from ginrules.client import Client, ProblemError
    from testkit.generator import random_game

    api = Client(server)
    assert api.health().status == "ok"
    assert api.preset("modern").undercut_bonus == 25
    assert [p.preset for p in api.presets().presets][:2] == ["standard", "modern"]
    analysis = api.analyze("5S 6S 7S 7H 7D 7C 2H 3C 9D KD".split())
    assert analysis.deadwood_count == 24 and analysis.melds[0].kind == "run"
    assert api.analyze_batch([["AS"], ["AS", "AS"]]).error_count == 1
    assert api.knock("AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC".split(), "KC").legal is True
    assert api.layoffs([["5S", "6S", "7S"]], "4S 3S KH KD QC JC 9H 8D 6C 2D".split()).layoffs[
        0].card == "4S"
    score = api.score_round({"hand": "AS 2S 3S 4S 7H 8H 9H AC AD 2D".split()},
                            {"hand": "5S 6S KH QH KD QD JC 9C 7C 5C".split()})
    assert (score.outcome, score.points) == ("knock", 74)
    assert api.replay(random_game(3, "standard")).valid is True
    with pytest.raises(ProblemError) as raised:
        api.analyze(["AS", "AS"])
    assert raised.value.status == 422 and raised.value.code == "duplicate_card"
    assert raised.value.errors[0].pointer == "/hand/1"


@pytest.mark.server
def test_the_conformance_runner_passes_over_http(server, capsys):
    assert main(["conformance", "--url", server]) == 0
    assert ", 0 failed" in capsys.readouterr().out


@pytest.mark.server
def test_metrics_add_up_across_workers_and_logs_are_json_with_request_ids(server):
    import json as json_module
    import re

    for number in range(20):
        requests.get(server + "/healthz", headers={"X-Request-ID": f"probe-{number}"}, timeout=5)
    text = requests.get(server + "/metrics", timeout=5).text
    counted = sum(float(v) for v in re.findall(
        r'ginrules_requests_total\{endpoint="/healthz",method="GET",status="200"\} (\S+)', text))
    assert counted >= 20  # both workers' requests, summed
    time.sleep(0.5)
    lines = [json_module.loads(line) for line in SERVER_LOG[-1].read_text().splitlines()
             if line.startswith("{")]
    ids = {entry["request_id"] for entry in lines if entry["path"] == "/healthz"}
    assert {f"probe-{n}" for n in range(20)} <= ids
    assert all({"time", "method", "status", "duration_ms"} <= set(entry) for entry in lines)


def test_cli_output_into_a_closed_pipe_ends_quietly(monkeypatch):
    import os

    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone, as after `| head -1`
    with os.fdopen(write_end, "w", buffering=1) as out:
        monkeypatch.setattr("sys.stdout", out)
        assert main(["analyze", "5S", "6S", "7S", "8S", "7H", "7D", "7C", "2H", "3C", "9D",
                     "KD"]) == 0


def test_selfplay_prints_the_match_table(capsys):
    from ginrules import cli

    assert cli.main(["selfplay", "--bots", "simple,random", "--games", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["bot", "wins", "win", "rate"]
    assert lines[1].split()[0] == "simple" and lines[2].split()[0] == "random"
    assert "95% interval" in lines[0] and "games/s" in out
    assert int(lines[1].split()[1]) + int(lines[2].split()[1]) == 4
    assert cli.main(["selfplay", "--bots", "simple,random", "--games", "4", "--seed", "2",
                     "--jobs", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[:3] == lines[:3]  # the same games
    assert cli.main(["selfplay", "--bots", "simple,random", "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err


def test_selfplay_plays_the_served_advisor_by_default_and_its_heuristic_core_at_zero(
        capsys, monkeypatch):
    """`--bots advisor` is the advisor the API serves (its default budget, playouts and all)
    unless `--budget-ms 0` asks for the heuristic core alone, which plays as the library's
    budget-less self-play; a budget the API would refuse is refused."""
    from ginrules import cli
    from ginrules.rules import resolve_rules
    from ginrules.rules.players import selfplay
    from ginrules.rules.players.hints import DEFAULT_BUDGET_MS, MAX_BUDGET_MS

    assert cli.main(["selfplay", "--bots", "advisor,simple", "--games", "2", "--seed", "3",
                     "--budget-ms", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "advisor budget 0 ms: heuristic only" in out[3]
    core = selfplay.self_play(("advisor", "simple"), 2, 3, resolve_rules("standard"))
    assert out[1:3] == selfplay.match_table(core).splitlines()[1:3]

    asked: list[object] = []

    def recorded(*args: object, budget_ms: object = None, **options: object) -> object:
        asked.append(budget_ms)
        return core

    monkeypatch.setattr(selfplay, "self_play", recorded)
    assert cli.main(["selfplay", "--bots", "advisor,simple", "--games", "2"]) == 0
    assert asked == [DEFAULT_BUDGET_MS]
    capsys.readouterr()
    for bad in ("-1", str(MAX_BUDGET_MS + 1)):
        assert cli.main(["selfplay", "--bots", "advisor,simple", "--budget-ms", bad]) == 2
        assert "--budget-ms" in capsys.readouterr().err
    assert asked == [DEFAULT_BUDGET_MS]


def test_selfplay_refuses_unknown_bots_and_variants_of_more_players(capsys):
    from ginrules import cli

    assert cli.main(["selfplay", "--bots", "simple,nobody"]) == 2
    assert "nobody" in capsys.readouterr().err
    assert cli.main(["selfplay", "--bots", "simple,simple", "--rules", "box"]) == 2
    assert "two bots" in capsys.readouterr().err
    assert cli.main(["selfplay", "--bots", "simple,simple", "--rules", "hollywood"]) == 2
    assert "one game's score" in capsys.readouterr().err
