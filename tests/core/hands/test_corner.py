"""Round the corner and the ace's deadwood value (R-2.7), in the rules core.

The solver, the layoffs and round scoring are compared with the exhaustive reference (which
knows the circular deck) under round_the_corner true and false and an ace worth 1 or 15, on
random hands, meld-dense hands and hands around K-A-2; named cases follow.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginrules.rules import resolve_rules
from ginrules.rules.table.moves import Knock
from ginrules.rules.base.cards import canonical, cards_mask, hand_names, parse_card, parse_hand_mask
from ginrules.rules.errors import InvalidHandError, InvalidMeldError
from ginrules.rules.hands.knock import check_knock
from ginrules.rules.hands.layoffs import (
    Layoff,
    best_defense,
    check_layoffs,
    layable_by_meld,
    layable_cards,
)
from ginrules.rules.base.melds import Meld, meld_kind, meld_order, parse_melds
from ginrules.rules.hands.scoring import score_deal
from ginrules.rules.hands.solver import DEFAULT_SOLVER, solver_for

from testkit import reference as ref
from tests.strategies import corner_dense_hands, corner_knock_positions, dense_hands, random_hands

COUNTINGS = st.tuples(st.booleans(), st.sampled_from([1, 15]))
"""(round_the_corner, ace_deadwood_value): the four ways of counting the tests compare."""


def rules_for(corner: bool, ace: int, **options):
    return resolve_rules({"round_the_corner": corner, "ace_deadwood_value": ace, **options})


def hand(codes: str) -> int:
    return parse_hand_mask(codes.split())


def names(meld_or_cards) -> list[str]:
    return hand_names(getattr(meld_or_cards, "cards", meld_or_cards))


def as_reference(arrangement) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(m.cards) for m in arrangement.melds)


def check_valid(cards, arrangement, corner: bool, ace: int) -> None:
    melded = [c for m in arrangement.melds for c in m.cards]
    assert len(melded) == len(set(melded))
    for meld in arrangement.melds:
        ordered = canonical(meld.cards)
        assert meld_kind(ordered, round_the_corner=corner) == meld.kind
        assert meld.cards == meld_order(meld.kind, ordered)
    assert sorted(melded + list(arrangement.deadwood)) == sorted(cards)
    assert list(arrangement.deadwood) == sorted(arrangement.deadwood)
    assert arrangement.deadwood_count == sum(ref.value_of(c, ace) for c in arrangement.deadwood)


def check_hand(cards, corner: bool, ace: int) -> None:
    solver = solver_for(rules_for(corner, ace))
    mask = cards_mask(cards)
    expected = ref.optimal_arrangements(cards, corner, ace)
    optimal = solver.optimal_arrangements(mask)
    assert solver.min_deadwood(mask) == ref.min_deadwood(cards, corner, ace)
    assert {as_reference(a) for a in optimal} == expected
    assert len(optimal) == len(expected), "an optimal arrangement listed twice"
    assert [a.sort_key for a in optimal] == sorted(a.sort_key for a in optimal)
    assert solver.best_arrangement(mask) == optimal[0]
    assert solver.solve(mask).arrangement == optimal[0]
    for arrangement in optimal:
        check_valid(cards, arrangement, corner, ace)


def check_eleven(cards, corner: bool, ace: int) -> None:
    solver = solver_for(rules_for(corner, ace))
    mask = cards_mask(cards)
    values = ref.discard_values(cards, corner, ace)
    assert dict(zip(sorted(cards), solver.discard_counts(mask))) == values
    solution = solver.solve(mask)
    least = min(values.values())
    assert solution.deadwood_count == least
    assert set(solution.best_discards) == {c for c, v in values.items() if v == least}
    assert solution.all_melded() == (ref.min_deadwood(cards, corner, ace) == 0)
    for option in solution.discards():
        assert option.deadwood_count == values[option.card]
        check_valid(sorted(set(cards) - {option.card}), option.arrangement, corner, ace)
        # The canonical arrangement of the ten cards kept, as if solved alone.
        assert option.arrangement == solver.optimal_arrangements(mask & ~(1 << option.card))[0]


# Against the exhaustive reference -------------------------------------------------------------


@given(random_hands(0, 10), COUNTINGS)
def test_r2_7_random_hands_match_the_reference(cards, counting):
    check_hand(cards, *counting)


@given(st.integers(3, 10).flatmap(dense_hands), COUNTINGS)
def test_r2_7_meld_dense_hands_match_the_reference(cards, counting):
    check_hand(cards, *counting)


@given(st.integers(3, 10).flatmap(corner_dense_hands), COUNTINGS)
def test_r2_7_hands_around_king_ace_two_match_the_reference(cards, counting):
    check_hand(cards, *counting)


@given(random_hands(11), COUNTINGS)
def test_r2_7_random_eleven_card_discards_match_the_reference(cards, counting):
    check_eleven(cards, *counting)


@given(corner_dense_hands(11), COUNTINGS)
def test_r2_7_eleven_cards_around_king_ace_two_match_the_reference(cards, counting):
    check_eleven(cards, *counting)


def knocker_melds_of(spread, corner: bool, ace: int):
    """The reference's first optimal arrangement of the spread, as melds a client declares."""
    chosen = sorted(ref.optimal_arrangements(spread, corner, ace), key=lambda a: sorted(map(
        sorted, a)))[0]
    return chosen, parse_melds([hand_names(sorted(m)) for m in chosen], round_the_corner=corner)


@given(corner_knock_positions(), COUNTINGS)
def test_r2_7_best_defense_matches_the_reference(position, counting):
    corner, ace = counting
    rules = rules_for(corner, ace)
    spread, defender = position
    chosen, knocker_melds = knocker_melds_of(spread, corner, ace)
    mask = cards_mask(defender)
    ours = best_defense(knocker_melds, mask, rules=rules)
    assert ours.deadwood_count == ref.best_defense_count(chosen, defender, False, corner, ace)
    own = 0
    for meld in ours.melds:
        own |= meld.mask
    # The layoffs are listed in an order that can be played.
    assert check_layoffs(knocker_melds, mask, ours.layoffs, own_melded=own,
                         round_the_corner=corner) == []
    laid = {layoff.card for layoff in ours.layoffs}
    assert laid <= set(layable_cards(knocker_melds, mask, corner))
    assert laid <= {layoff.card for layoff in layable_by_meld(knocker_melds, mask, corner)}
    assert ours.deadwood_count == solver_for(rules).min_deadwood(mask & ~cards_mask(laid))


@given(corner_knock_positions(), COUNTINGS, st.sampled_from([10, 5]))
def test_r2_7_round_score_matches_the_reference(position, counting, limit):
    corner, ace = counting
    rules = rules_for(corner, ace, knock_limit=limit)
    spread, defender = position
    if ref.min_deadwood(spread, corner, ace) > limit:
        with pytest.raises(InvalidHandError):
            score_deal(cards_mask(spread), cards_mask(defender), rules, limit)
        return
    score = score_deal(cards_mask(spread), cards_mask(defender), rules, limit)
    signed = {"knocker": score.points, "defender": -score.points, None: 0}[score.winner]
    assert (signed, score.knocker.deadwood_count) == ref.best_round(
        spread, defender, limit, corner, ace)


# Melds ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("codes, order", [
    ("QS KS AS", "QS KS AS"),
    ("AS 2S KS", "KS AS 2S"),
    ("2S JS AS QS KS", "JS QS KS AS 2S"),
    ("KH AH 2H 3H", "KH AH 2H 3H"),
])
def test_r2_7_runs_wrap_past_the_king_only_round_the_corner(codes, order):
    cards = parse_hand_mask(codes.split())
    assert names(Meld.of(codes, round_the_corner=True)) == order.split()
    assert names(parse_melds([codes.split()], round_the_corner=True)[0]) == order.split()
    with pytest.raises(InvalidMeldError) as raised:
        Meld.of(codes)
    assert raised.value.problems[0].rule == "R-2.7"
    assert "round_the_corner" in raised.value.problems[0].detail
    with pytest.raises(InvalidMeldError) as raised:
        parse_melds([{"kind": "run", "cards": codes.split()}])
    assert [(p.path, p.rule) for p in raised.value.problems] == [((0,), "R-2.7")]
    assert DEFAULT_SOLVER.min_deadwood(cards) > 0
    assert solver_for(rules_for(True, 1)).min_deadwood(cards) == 0


@pytest.mark.parametrize("codes", ["QS KS AS 3S", "KS AS 2S 2H", "QS AS 2S", "KS AS 3S"])
def test_r2_7_gapped_or_mixed_cards_are_no_run_even_round_the_corner(codes):
    with pytest.raises(InvalidMeldError) as raised:
        Meld.of(codes, round_the_corner=True)
    assert raised.value.problems[0].rule == "R-2.2"


def test_r2_7_a_whole_suit_is_one_run_of_thirteen_ace_first():
    suit = " ".join(f"{r}S" for r in "A23456789TJQK")
    meld = Meld.of(suit, round_the_corner=True)
    assert (meld.kind, names(meld)) == ("run", suit.split())
    assert names(Meld.of(suit)) == suit.split()


# Values -----------------------------------------------------------------------------------------


def test_r2_7_an_ace_in_deadwood_is_worth_ace_deadwood_value():
    cards = hand("AS 5H 6H 7H 9D 9C 9H 2C 3D 4S")
    assert DEFAULT_SOLVER.min_deadwood(cards) == 1 + 2 + 3 + 4
    assert solver_for(rules_for(False, 15)).min_deadwood(cards) == 15 + 2 + 3 + 4
    # An ace in a meld counts nothing, whatever its value.
    melded = hand("AS 2S 3S 5H 6H 7H 9D 9C 9H 2C")
    assert solver_for(rules_for(False, 15)).min_deadwood(melded) == 2


def test_r2_7_the_ace_value_changes_the_best_discard():
    # KS AS 2S melds round the corner: discard the KD.  Ace low and worth 15, the AS goes.
    eleven = hand("KS AS 2S 5H 6H 7H 9D 9C 9H KD 3C")
    corner = solver_for(rules_for(True, 15)).solve(eleven)
    assert (hand_names(corner.best_discards), corner.deadwood_count) == (["KD"], 3)
    low = solver_for(rules_for(False, 15)).solve(eleven)
    assert (hand_names(low.best_discards), low.deadwood_count) == (["AS"], 10 + 2 + 10 + 3)


def test_r2_7_the_solver_cache_keeps_ways_of_counting_apart():
    # Eleven cards with a set go through the caches; the same mask under each way of counting.
    eleven = hand("KS AS 2S 9D 9C 9H 5H 6H 7H KD 3C")
    answers = []
    for corner, ace in ((False, 1), (True, 1), (True, 15), (False, 15), (False, 1)):
        solution = solver_for(rules_for(corner, ace)).solve(eleven)
        answers.append((solution.deadwood_count, hand_names(solution.best_discards)))
    # Ace low, KS AS 2S KD 3C are dead (26 or, the ace at 15, 40): a king goes, or the ace.
    assert answers == [(16, ["KS", "KD"]), (3, ["KD"]), (3, ["KD"]), (25, ["AS"]),
                       (16, ["KS", "KD"])]


def test_r2_7_solvers_are_built_once_per_way_of_counting():
    assert solver_for(rules_for(True, 15)) is solver_for(rules_for(True, 15))
    assert solver_for(resolve_rules("standard")) is DEFAULT_SOLVER
    assert solver_for(rules_for(True, 1)) is not solver_for(rules_for(True, 15))


# Knocks, layoffs, scores ------------------------------------------------------------------------


def test_r2_7_knock_limit_is_checked_with_the_ace_worth_fifteen():
    eleven = hand("AS 2H 3S 4S 5S 5H 6H 7H 9D 9C 9H")
    ace15 = rules_for(False, 15)
    # Discard 2H: AS is left in deadwood, worth 15 > 10; worth 1 it would knock.
    assert check_knock(eleven, parse_card("2H"), resolve_rules("standard"), 10).legal
    result = check_knock(eleven, parse_card("2H"), ace15, 10)
    assert [v.code for v in result.violations] == ["deadwood_over_limit"]
    assert result.deadwood_count == 15
    # Declared melds are valued the same way.
    declared = parse_melds([["3S", "4S", "5S"], ["5H", "6H", "7H"], ["9D", "9C", "9H"]])
    assert check_knock(eleven, parse_card("2H"), ace15, 10, melds=declared).deadwood_count == 15


def test_r2_7_knock_with_a_wrapping_run():
    eleven = hand("QS KS AS 5H 6H 7H 9D 9C 9H 2C TD")
    corner = check_knock(eleven, parse_card("TD"), rules_for(True, 1), 10)
    assert corner.legal and corner.deadwood_count == 2
    assert [names(m) for m in corner.arrangement.melds][0] == ["QS", "KS", "AS"]
    assert not check_knock(eleven, parse_card("TD"), resolve_rules("standard"), 10).legal


def test_r2_7_layoff_chain_wraps_from_king_to_ace_to_two():
    knocker = parse_melds([["JS", "QS", "KS"]], round_the_corner=True)
    defender = hand("AS 2S 9H 9D 8C 7C 6D 5H 4C 3H")
    defense = best_defense(knocker, defender, rules=rules_for(True, 1))
    assert [(names([x.card])[0], x.meld) for x in defense.layoffs] == [("AS", 0), ("2S", 0)]
    assert defense.deadwood_count == 9 + 9 + 8 + 7 + 6 + 5 + 4 + 3
    assert best_defense(parse_melds([["JS", "QS", "KS"]]), defender).layoffs == ()
    # Played one by one, in order: 2S fits only once the AS is on the run.
    assert check_layoffs(knocker, defender, (Layoff(parse_card("2S"), 0),),
                         round_the_corner=True)[0].code == "layoff_does_not_fit"
    assert check_layoffs(knocker, defender, (Layoff(parse_card("AS"), 0),
                                             Layoff(parse_card("2S"), 0)),
                         round_the_corner=True) == []


def test_r2_7_layoff_chain_wraps_down_from_ace_to_king():
    knocker = parse_melds([["AH", "2H", "3H"]], round_the_corner=True)
    defender = hand("KH QH 9S 9D 8C 7C 6D 5S 4C TC")
    defense = best_defense(knocker, defender, rules=rules_for(True, 1))
    assert [names([x.card])[0] for x in defense.layoffs] == ["KH", "QH"]


def test_r2_7_a_run_of_thirteen_takes_nothing():
    suit = [f"{r}S" for r in "A23456789TJQK"]
    run = parse_melds([suit], round_the_corner=True)
    assert layable_cards(run, 0, True) == ()
    assert check_layoffs(run, hand("AH 2H 3H 4H 5H 6H 7H 8H 9H TH"),
                         (Layoff(parse_card("AH"), 0),),
                         round_the_corner=True)[0].code == "layoff_does_not_fit"


def test_r2_7_a_twelve_card_run_takes_its_last_card_from_either_end():
    run = parse_melds([[f"{r}S" for r in "23456789TJQK"]], round_the_corner=True)
    defender = hand("AS 2H 3H 4H 5H 6H 7H 8H 9H TH")
    assert hand_names(layable_cards(run, defender, True)) == ["AS"]
    assert hand_names(layable_cards(run, defender, False)) == ["AS"]
    run = parse_melds([["QS", "KS", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S",
                        "TS"]], round_the_corner=True)
    defender = hand("JS 2H 3H 4H 5H 6H 7H 8H 9H TH")
    assert hand_names(layable_cards(run, defender, True)) == ["JS"]
    layable = layable_by_meld(run, defender, True)
    assert [(names([x.card])[0], x.meld) for x in layable] == [("JS", 0)]
    assert len(best_defense(run, defender, rules=rules_for(True, 1)).layoffs) == 1


def test_r2_7_round_score_with_a_wrapping_knock_and_fifteen_point_aces():
    rules = rules_for(True, 15)
    knocker = hand("KS AS 2S 5H 6H 7H 9D 9C 9H 3C")
    defender = hand("AH AD 4C 5C 8S 8D JC QC TD TH")
    score = score_deal(knocker, defender, rules, 10)
    assert [names(m) for m in score.knocker.melds] == [
        ["KS", "AS", "2S"], ["5H", "6H", "7H"], ["9H", "9D", "9C"]]
    # The defender lays off nothing; AH AD are 15 each.
    assert score.facts == type(score.facts)(3, 15 + 15 + 4 + 5 + 8 + 8 + 10 + 10 + 10 + 10)
    assert (score.outcome, score.winner, score.points) == ("knock", "knocker", 95 - 3)
    with pytest.raises(InvalidHandError):
        score_deal(knocker, defender, resolve_rules("standard"), 10)


def test_r2_7_wrapping_melds_judged_under_ace_low_rules_are_faults():
    # Melds built round the corner, handed to the rules core with rules that play ace low.
    wrap = parse_melds([["QS", "KS", "AS"], ["5H", "6H", "7H"], ["9D", "9C", "9H"]],
                       round_the_corner=True)
    eleven = hand("QS KS AS 5H 6H 7H 9D 9C 9H 2C TD")
    standard = resolve_rules("standard")
    result = check_knock(eleven, parse_card("TD"), standard, 10, melds=wrap)
    assert [(v.path, v.code, v.rule) for v in result.violations] == [
        (("melds", 0), "invalid_meld", "R-2.7")]
    assert check_knock(eleven, parse_card("TD"), rules_for(True, 1), 10, melds=wrap).legal
    with pytest.raises(InvalidHandError) as raised:
        score_deal(eleven & ~hand("TD"), hand("4S 6S 8S TH JH 3D 5D 7D JC QC"), standard, 10,
                    knocker_melds=wrap)
    assert [(p.path, p.rule) for p in raised.value.problems] == [(("knocker", "melds", 0),
                                                                  "R-2.7")]


def test_r2_7_declared_wrapping_melds_are_scored_as_declared():
    rules = rules_for(True, 1)
    knocker = hand("KS AS 2S 5H 6H 7H 9D 9C 9H 3C")
    melds = parse_melds([["2S", "AS", "KS"], ["5H", "6H", "7H"], ["9D", "9C", "9H"]],
                        round_the_corner=True)
    defender = hand("3S 4S QS 8D 8C 7C 6D 5C 4C TC")
    score = score_deal(knocker, defender, rules, 10, knocker_melds=melds)
    assert names(score.knocker.melds[0]) == ["KS", "AS", "2S"]
    assert sorted(names([x.card for x in score.defense.layoffs])) == ["3S", "4S", "QS"]
    assert score.facts.defender_count == 8 + 8 + 7 + 6 + 5 + 4 + 10


# Game logs: replay, next and the generator ------------------------------------------------------

CORNER_15 = {"preset": "standard", "round_the_corner": True, "ace_deadwood_value": 15}


def _wrapping(meld) -> bool:
    cards = meld["cards"] if isinstance(meld, dict) else meld
    parsed = parse_melds([cards], round_the_corner=True)[0]
    return parsed.cards != canonical(parsed.cards)


def _knocks_with_wrapping_runs(log):
    """(round index, action index) of each knock that declares a run wrapping past the king."""
    return [(r, a) for r, table in enumerate(log["rounds"])
            for a, action in enumerate(table["actions"])
            if action["action"] == "knock" and any(map(_wrapping, action.get("melds") or ()))]


def test_r2_7_generated_games_round_the_corner_replay_and_add_up():
    from ginrules.rules.usecases.replay import replay
    from testkit.generator import random_game

    wrapped = 0
    for seed in range(24):
        log = random_game(seed, CORNER_15)
        result = replay(log)
        assert result.valid, (seed, result.violations)
        assert result.complete
        totals = {p: 0 for p in log["players"]}
        for record in result.rounds:
            if record.winner:
                totals[record.winner] += record.points
        assert result.totals == totals
        wrapped += len(_knocks_with_wrapping_runs(log))
    assert wrapped, "no generated knock declared a run round the corner"


def test_r2_7_replay_judges_declared_wrapping_runs_by_the_logs_rules():
    from ginrules.rules.usecases.replay import replay
    from testkit.generator import random_game

    seed, log, (r, a) = next((seed, log, found[0]) for seed in range(200)
                             for log in [random_game(seed, CORNER_15)]
                             for found in [_knocks_with_wrapping_runs(log)] if found)
    cut = {**log, "rounds": log["rounds"][:r] + [
        {**log["rounds"][r], "actions": log["rounds"][r]["actions"][:a + 1]}]}
    assert replay(cut).valid
    # The same log played with the ace low: the wrapping run is no meld, or a count
    # made before it already differs; either way the log is not valid.
    plain = {**cut, "rules": {"preset": "standard", "ace_deadwood_value": 15}}
    result = replay(plain)
    assert not result.valid
    # ``next`` before that knock lists it as legal round the corner.
    before = {**cut, "rounds": cut["rounds"][:r] + [
        {**cut["rounds"][r], "actions": cut["rounds"][r]["actions"][:a]}]}
    knock = cut["rounds"][r]["actions"][a]
    legal = replay(before).next.moves
    discard = None if knock["discard"] is None else parse_card(knock["discard"])
    assert Knock(knock["player"], discard) in legal


def test_r2_7_next_offers_the_wrapping_knock_only_round_the_corner():
    from ginrules.rules.usecases.replay import replay

    # North holds Q-K-A of spades, 5-6-7 of hearts, three nines and 2C, and draws the 3C.
    north = "QS KS AS 5H 6H 7H 9D 9C 9H 2C".split()
    south = "4S 6S 8S TH JH 3D 5D 7D JC QC".split()
    upcard = "TD"
    used = set(north + south + [upcard])
    stock = ["3C"] + [c for c in (r + s for s in "SHDC" for r in "A23456789TJQK")
                      if c not in used and c != "3C"]
    log = {"rules": CORNER_15, "players": ["north", "south"],
           "rounds": [{"dealer": "south", "hands": {"north": north, "south": south},
                       "upcard": upcard, "stock": stock,
                       "actions": [{"player": "north", "action": "pass"},
                                   {"player": "south", "action": "pass"},
                                   {"player": "north", "action": "draw", "source": "stock"}]}]}
    corner = replay(log)
    assert corner.valid, corner.violations
    knocks = {m.discard for m in corner.next.moves if type(m) is Knock}
    # Round the corner either club may go (2 or 3 left); with the ace low, Q-K-A is dead
    # (35 with the ace worth 15) and no knock is legal.
    assert knocks == {parse_card("2C"), parse_card("3C")}
    plain = replay({**log, "rules": {"preset": "standard", "ace_deadwood_value": 15}})
    assert plain.valid
    assert not [m for m in plain.next.moves if type(m) is Knock]
