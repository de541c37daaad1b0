"""The variants' bookkeeping behind one protocol (R-3.2, R-4.2, R-9): seating, first offers,
records, looked up by name."""

from __future__ import annotations

import random
import typing
from dataclasses import replace

import pytest

from ginrules.rules import PRESETS, resolve_rules
from ginrules.rules.match import variants as bookkeeping
from ginrules.rules.match.variants import DealResult, Tally, Totals, Variant, variant_for
from ginrules.rules.errors import Problem
from ginrules.rules.usecases.matches import score_match
from ginrules.rules.base.options import VariantName

PLAYERS_OF_PRESET = {"hollywood": 2, "box": 3, "cutthroat": 3, "partnership": 4}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_reaches_its_variant_by_name(preset):
    rules = PRESETS[preset]
    variant = bookkeeping.VARIANTS[rules.variant]
    assert variant.name == rules.variant
    assert variant.player_count == PLAYERS_OF_PRESET.get(preset, 2)


def test_every_variant_name_has_its_bookkeeping():
    assert set(typing.get_args(VariantName)) == set(bookkeeping.VARIANTS)


def test_r4_2_the_non_dealer_is_offered_the_first_upcard():
    match = variant_for(resolve_rules("standard"), ["ann", "bob"])
    assert match.first_offer("ann", ("ann", "bob")) == "bob"
    assert match.first_offer("bob", ("ann", "bob")) == "ann"


def test_r9_3_the_first_offer_goes_to_the_player_after_the_sitting_dealer():
    match = variant_for(resolve_rules("cutthroat"), ["ann", "bob", "cy"])
    seating = match.check_table(0, "cy", frozenset({"ann", "bob"}))
    assert (seating.dealer, seating.first) == ("cy", "ann")
    seating = match.check_table(0, "ann", frozenset({"bob", "cy"}))
    assert (seating.dealer, seating.first) == ("ann", "bob")


def test_r3_2_the_winner_deals_next_and_a_wrong_dealer_cites_the_variant_rule():
    standard = variant_for(resolve_rules("standard"), ["ann", "bob"])
    standard.record([DealResult(("ann", "bob"), "ann", "bob", 12)])
    fault = standard.check_table(0, "ann", frozenset({"ann", "bob"}))
    assert isinstance(fault, Problem) and (fault.code, fault.rule) == ("wrong_dealer", "R-3.2")
    box = variant_for(resolve_rules("box"), ["ann", "bob", "cy"],
                      roles={"box": "ann", "captain": "bob", "sitter": "cy"})
    fault = box.check_table(0, "bob", frozenset({"ann", "bob"}))
    assert (fault.code, fault.rule) == ("wrong_dealer", "R-9.2")
    fault = box.check_table(0, "ann", frozenset({"ann", "cy"}))
    assert (fault.code, fault.rule) == ("wrong_players", "R-9.2")


def test_r9_4_generated_rounds_alternate_opponents_one_of_each_team_a_table():
    teams = [["ann", "cy"], ["bob", "dee"]]
    match = variant_for(resolve_rules("partnership"), ["ann", "bob", "cy", "dee"], teams=teams)
    rng = random.Random(3)
    previous = None
    for _ in range(4):
        seatings = [match.choose_seat(position, rng) for position in range(2)]
        pairs = [frozenset(s.players) for s in seatings]
        assert match.check_round(pairs) is None
        assert all(s.dealer in s.players and s.first in s.players and s.first != s.dealer
                   for s in seatings)
        if previous is not None:
            assert not set(pairs) & set(previous)
        previous = pairs
        match.record([DealResult(s.players, s.dealer, None, 0) for s in seatings])


def test_r9_4_a_round_repeating_the_last_pairing_is_refused():
    teams = [["ann", "cy"], ["bob", "dee"]]
    match = variant_for(resolve_rules("partnership"), ["ann", "bob", "cy", "dee"], teams=teams)
    match.record([DealResult(("ann", "bob"), "ann", "ann", 10),
                  DealResult(("cy", "dee"), "dee", None, 0)])
    fault = match.check_round([frozenset({"bob", "ann"}), frozenset({"dee", "cy"})])
    assert (fault.path, fault.code, fault.rule) == (("tables",), "wrong_pairing", "R-9.4")
    assert match.check_round([frozenset({"ann", "dee"}), frozenset({"cy", "bob"})]) is None


def test_r9_4_two_tables_record_through_the_same_protocol_as_one():
    teams = [["ann", "cy"], ["bob", "dee"]]
    match = variant_for(resolve_rules("partnership"), ["ann", "bob", "cy", "dee"], teams=teams)
    tally = match.record([DealResult(("ann", "bob"), "ann", "ann", 10),
                          DealResult(("cy", "dee"), "dee", "dee", 4)])
    assert isinstance(tally, Tally)
    assert (tally.team_result.winner, tally.team_result.points) == ("ann+cy", 6)
    assert tally.totals == {"ann+cy": 6, "bob+dee": 0}


class LoserDeals(Variant):
    """A made-up variant for the test: the loser of a round deals the next."""

    name = "loser_deals"

    def record(self, results):
        (result,) = results
        if result.winner is not None:
            self.game.add(result.winner, result.points)
            self.next_dealer = next(p for p in result.players if p != result.winner)
        return Tally(self.running_totals())


def test_a_new_variant_is_one_class_named_in_the_registry(monkeypatch):
    monkeypatch.setitem(bookkeeping.VARIANTS, LoserDeals.name, LoserDeals)
    rules = replace(resolve_rules("standard"), variant="loser_deals")
    scored = score_match(rules, ["ann", "bob"], [{"winner": "ann", "points": 30}],
                         dealer="ann")
    assert scored.totals == Totals({"ann": 30, "bob": 0})
    match = variant_for(rules, ["ann", "bob"])
    match.record([DealResult(("ann", "bob"), "ann", "ann", 30)])
    assert match.seat().dealer == "bob"
