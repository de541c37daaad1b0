"""bench/strength/arena_http.py: the arena between two servers' bots, asked over HTTP."""

from __future__ import annotations

import json

import pytest

from ginrules.cli import parse_rules
from ginrules.rules import resolve_rules
from ginrules.rules.players.arena import Entrant, _play_game, arena

from tests.scripts import load_script

RULES = '{"preset": "eaai", "game_target": 30}'


def test_bots_asked_over_http_play_the_games_the_arena_plays_in_process(server, tmp_path,
                                                                       capsys):
    """The same decks, seats, dealers (R-3.3) and move seeds as ``ginrules arena``: a level of
    the advisor against ``simple`` served by a real server gives the in-process arena's
    pairs, game for game."""
    script = load_script("bench/strength/arena_http.py", "arena_http_bench")
    receipt = tmp_path / "receipt.json"
    script.main(["--first", f"{server}/advisor?level=3", "--second", f"{server}/simple",
                 "--pairs", "3", "--seed", "5", "--rules", RULES, "--receipt", str(receipt)])
    out = capsys.readouterr().out
    assert "advisor:level3@" in out and "exact sign test" in out
    written = json.loads(receipt.read_text(encoding="utf-8"))
    local = arena((Entrant.parse("advisor:level3"), Entrant.parse("simple")), 3, 5,
                  resolve_rules(parse_rules(RULES)))
    assert written["results"]["per_pair"] == [[*p.wins, *p.points] for p in local.pairs]
    for index, player in enumerate(written["results"]["per_player"]):
        for field in ("rounds_won", "gins", "undercuts"):
            assert player[field] == local.total(field)[index], field
    assert written["results"]["deals"] == local.deals
    assert [p["bot"] for p in written["players"]] == ["advisor", "simple"]
    assert written["players"][0]["level"] == 3


def test_after_a_gin_the_next_round_is_played_as_the_arena_plays_it(server):
    """After a gin (R-5.4) the log holds no lay-down of the defender's, where the arena's engine
    asks them for one and their bot draws a seed for it: the HTTP arena draws that seed too, so
    the rounds after a gin are the arena's (game 14 under eaai has a gin in its fifth round)."""
    script = load_script("bench/strength/arena_http.py", "arena_http_bench")
    seats = script.SEATS
    simple = script.Player.parse(f"{server}/simple")
    winner, totals, deals, _, tallies = script.play_game({seats[0]: simple, seats[1]: simple},
                                                         "eaai", seats[0], 14)
    entrant = Entrant.parse("simple")
    local = _play_game(resolve_rules("eaai"), {seats[0]: entrant, seats[1]: entrant},
                       seats[0], 14)
    assert sum(t.gins for t in tallies.values()) >= 1
    assert (winner, totals, deals) == (local[0], dict(local[1]), local[2])


def test_a_deal_that_goes_on_too_long_leaves_its_game_unfinished(server, monkeypatch):
    """As the arena gives a deal up after its moves' cap (a draw by passing cards back and
    forth, R-4.8), the HTTP arena does; a log cannot hold a deal given up, so the game ends."""
    script = load_script("bench/strength/arena_http.py", "arena_http_bench")
    monkeypatch.setattr(script, "MAX_MOVES", 6)
    player = script.Player.parse(f"{server}/simple")
    seats = script.SEATS
    winner, totals, deals, abandoned, _ = script.play_game({seats[0]: player, seats[1]: player},
                                                           "eaai", seats[0], 7)
    assert (winner, deals, abandoned) == (None, 1, 1)
    assert totals == {seats[0]: 0, seats[1]: 0}


def test_a_run_kept_with_output_and_resumed_gives_the_receipt_of_one_run(server, tmp_path,
                                                                        capsys):
    """``--output`` keeps each finished pair; ``--resume`` plays only those the file does not
    hold (R-3.3's dealers and the decks are the pair's own), so a run played in two parts
    gives one run's pairs; a file of other settings is refused."""
    script = load_script("bench/strength/arena_http.py", "arena_http_bench")
    players = ["--first", f"{server}/simple", "--second", f"{server}/advisor?level=2",
               "--rules", RULES]
    whole, part, kept = (tmp_path / name for name in ("whole.json", "part.json", "kept.jsonl"))
    script.main([*players, "--pairs", "3", "--seed", "6", "--receipt", str(whole),
                 "--output", str(kept)])
    lines = kept.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4 and [json.loads(x)["pair"] for x in lines[1:]] == [0, 1, 2]
    kept.write_text("\n".join(lines[:2]) + "\n" + lines[2][:20], encoding="utf-8")
    script.main([*players, "--pairs", "3", "--seed", "6", "--receipt", str(part),
                 "--output", str(kept), "--resume"])
    first, second = (json.loads(p.read_text(encoding="utf-8")) for p in (whole, part))
    assert second["results"] == first["results"]
    assert (first["resumed_pairs"], second["resumed_pairs"]) == (0, 1)
    assert kept.read_text(encoding="utf-8").splitlines() == lines
    capsys.readouterr()
    with pytest.raises(SystemExit) as refused:
        script.main([*players, "--pairs", "4", "--seed", "7", "--output", str(kept),
                     "--resume"])
    assert refused.value.code == 2 and "other settings" in capsys.readouterr().err
