"""R-6.1 and R-6.3 each decided once: whether anything may be laid off against a knock.

Layoffs name the knocker's melds by their declared index, so a knock that declared none takes
no layoff (R-6.1), and nothing is laid off against gin (R-6.3).  Both conditions live in
``hands/layoffs.may_lay_off``; the engine's lay-down check, the round scoring and
``/v1/layoffs`` ask it.  Each test runs as served and with a house rule put into that function
alone ("layoffs are always allowed"), and must see opposite answers on the same round.
"""

from __future__ import annotations

import pytest

from ginrules.rules.base.cards import parse_card, parse_hand_mask
from ginrules.rules.base.melds import Meld
from ginrules.rules.base.options import resolve_rules
from ginrules.rules.errors import InvalidHandError
from ginrules.rules import speedups
from ginrules.rules.hands import layoffs
from ginrules.rules.hands.layoffs import Layoff, best_defense, layable_cards
from ginrules.rules.hands.scoring import score_deal
from ginrules.rules.usecases.replay import replay

STANDARD = resolve_rules("standard")
DEFENDER = "4S 3S KH KD QC JC 9S 8D 6C 2H".split()
"""A defender holding 4S, which extends the knocker's run 5S 6S 7S (R-6.1)."""


@pytest.fixture(params=[False, True], ids=["as_served", "always_allowed"])
def always_allowed(request, monkeypatch) -> bool:
    """``may_lay_off`` as served, or a house rule that allows layoffs against every knock."""
    if request.param and speedups.COMPILED:
        pytest.skip("the compiled core calls may_lay_off directly: a patch of the module's name "
                    "does not reach its compiled callers")
    if request.param:
        monkeypatch.setattr(layoffs, "may_lay_off", lambda *, melds_declared=True, gin=False: True)
    return request.param


def knock_log(knocker: list[str], upcard: str, knock: dict, lay_down: dict) -> dict:
    """A round in which ann takes the upcard and knocks as given, and bob lays down as given."""
    return {"rules": "standard", "players": ["ann", "bob"], "rounds": [{
        "dealer": "bob", "hands": {"ann": knocker, "bob": DEFENDER}, "upcard": upcard,
        "actions": [{"player": "ann", "action": "draw", "source": "discard"},
                    {"player": "ann", "action": "knock", **knock},
                    {"player": "bob", "action": "lay_down", **lay_down}]}]}


LAID = {"melds": [], "layoffs": [{"card": "4S", "meld": 0}]}


def test_r6_1_a_knock_without_declared_melds_takes_no_layoff(always_allowed, client):
    # ann takes 4C and spreads 5S 6S 7S, 9H 9D 9C, deadwood AC AD 2D 4C (8), declaring no melds.
    knocker = "5S 6S 7S 9H 9D 9C AC AD 2D 3C".split()
    result = replay(knock_log(knocker, "4C", {"discard": "3C"}, LAID))
    assert result.valid is always_allowed
    if not always_allowed:
        assert (result.violations[0].code, result.violations[0].rule) == (
            "layoffs_need_knocker_melds", "R-6.1")
    spread = [*knocker[:9], "4C"]
    try:
        score = score_deal(parse_hand_mask(spread), parse_hand_mask(DEFENDER), STANDARD, 10,
                            layoffs=(Layoff("4S", 0),))
    except InvalidHandError as error:
        assert not always_allowed
        assert [(p.path, p.code, p.rule) for p in error.problems] == [
            (("defender", "layoffs"), "layoffs_need_knocker_melds", "R-6.1")]
    else:
        assert always_allowed and score.defense.layoffs == (Layoff("4S", 0),)
    reply = client.post("/v1/rounds/score", json={
        "knocker": {"hand": spread}, "defender": {"hand": DEFENDER, "layoffs": LAID["layoffs"]}})
    assert reply.status_code == (200 if always_allowed else 422)


def test_r6_3_nothing_is_laid_off_against_gin(always_allowed, client):
    run = (Meld.of("5S 6S 7S"),)
    defender = parse_hand_mask(DEFENDER)
    # The defender's best reply and the cards /v1/layoffs lists, against gin and not.
    assert bool(best_defense(run, defender, gin=True).layoffs) is always_allowed
    assert best_defense(run, defender, gin=False).layoffs
    assert bool(layable_cards(run, defender, gin=True)) is always_allowed
    assert layable_cards(run, defender, gin=False) == (parse_card("3S"), parse_card("4S"))
    for gin in (True, False):
        body = client.post("/v1/layoffs", json={"knocker_melds": [["5S", "6S", "7S"]],
                                                "defender_hand": DEFENDER, "gin": gin}).get_json()
        assert (body["layable"] == ["3S", "4S"]) is (always_allowed or not gin)
    # ann takes 8S and goes gin, discarding KC; bob lays 4S off on her run.
    melds = [["5S", "6S", "7S", "8S"], ["9H", "9D", "9C"], ["AC", "AD", "AH"]]
    knocker = "5S 6S 7S 9H 9D 9C AC AD AH KC".split()
    result = replay(knock_log(knocker, "8S", {"discard": "KC", "melds": melds}, LAID))
    assert result.valid is always_allowed
    if not always_allowed:
        assert (result.violations[0].code, result.violations[0].rule) == (
            "layoff_against_gin", "R-6.3")
    reply = client.post("/v1/rounds/score", json={
        "knocker": {"hand": [*knocker[:9], "8S"], "melds": melds, "discard": "KC"},
        "defender": {"hand": DEFENDER, "layoffs": LAID["layoffs"]}})
    assert reply.status_code == (200 if always_allowed else 422)
