"""Every meld a hand holds (``/v1/hands/melds``): each set (R-2.1), each run of every length
(R-2.2, ace low R-1.2, round the corner R-2.7), in the order of R-2.5, and only those holding
``with``.  Property tests hold the service to the exhaustive reference of
``testkit/reference.py``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrules.rules import hand_melds, parse_hand
from ginrules.rules.base.cards import CARD_NAMES, cards_mask
from ginrules.rules.base.melds import melds_within
from ginrules.rules.errors import InvalidHandError

from testkit import reference as ref
from tests.strategies import corner_dense_hands, dense_hands, random_hands

MELDS = "/v1/hands/melds"
DECK = [r + s for s in "SHDC" for r in "A23456789TJQK"]
CORNER = {"preset": "standard", "round_the_corner": True}


def cards_of(reply) -> list[list[str]]:
    return [meld["cards"] for meld in reply["melds"]]


def h(codes: str) -> list[str]:
    return codes.split()


# The rules, one by one -------------------------------------------------------------------------


def test_r2_1_each_set_of_three_and_the_set_of_four(client):
    reply = client.post(MELDS, json={"hand": h("9S 9H 9D 9C")}).get_json()
    assert reply == {"count": 5, "melds": [
        {"kind": "set", "cards": h("9S 9H 9D")}, {"kind": "set", "cards": h("9S 9H 9D 9C")},
        {"kind": "set", "cards": h("9S 9H 9C")}, {"kind": "set", "cards": h("9S 9D 9C")},
        {"kind": "set", "cards": h("9H 9D 9C")}]}


def test_r2_1_two_cards_of_a_rank_are_no_meld(client):
    assert client.post(MELDS, json={"hand": h("9S 9H 2C")}).get_json() == {"melds": [],
                                                                          "count": 0}


def test_r2_2_each_run_of_every_length_from_three(client):
    reply = client.post(MELDS, json={"hand": h("3H 4H 5H 6H 7H")}).get_json()
    assert cards_of(reply) == [h("3H 4H 5H"), h("3H 4H 5H 6H"), h("3H 4H 5H 6H 7H"),
                               h("4H 5H 6H"), h("4H 5H 6H 7H"), h("5H 6H 7H")]
    assert {meld["kind"] for meld in reply["melds"]} == {"run"} and reply["count"] == 6


def test_r2_2_a_run_needs_one_suit_and_no_gap(client):
    assert client.post(MELDS, json={"hand": h("5S 6H 7S 9S TS QS")}).get_json()["count"] == 0


def test_r1_2_the_ace_is_low_so_no_run_wraps_past_the_king(client):
    reply = client.post(MELDS, json={"hand": h("JS QS KS AS 2S 3S")}).get_json()
    assert cards_of(reply) == [h("AS 2S 3S"), h("JS QS KS")]


def test_r2_7_round_the_corner_runs_wrap_and_list_in_run_order(client):
    reply = client.post(MELDS, json={"hand": h("QS KS AS 2S"), "rules": CORNER}).get_json()
    assert cards_of(reply) == [h("QS KS AS"), h("QS KS AS 2S"), h("KS AS 2S")]
    # Cards that only touch across a gap are still no run.
    assert client.post(MELDS, json={"hand": h("QS AS 2S"), "rules": CORNER}).get_json() == {
        "melds": [], "count": 0}


def test_r2_7_a_suit_of_thirteen_is_one_run_of_thirteen_starting_at_the_ace(client):
    suit = DECK[13:26]
    reply = client.post(MELDS, json={"hand": suit, "rules": CORNER}).get_json()
    # 13 starts times the lengths 3 to 12, and the one run of all thirteen.
    assert reply["count"] == 13 * 10 + 1
    assert [m for m in cards_of(reply) if len(m) == 13] == [suit]


def test_r2_3_melds_listed_here_may_share_cards(client):
    reply = client.post(MELDS, json={"hand": h("5S 6S 7S 7H 7D")}).get_json()
    assert cards_of(reply) == [h("5S 6S 7S"), h("7S 7H 7D")]


def test_r2_5_melds_come_in_the_one_order_of_melds(client):
    reply = client.post(MELDS, json={"hand": h("7C 8S 7D 5S 7H 6S 7S")}).get_json()
    assert cards_of(reply) == [
        h("5S 6S 7S"), h("5S 6S 7S 8S"), h("6S 7S 8S"), h("7S 7H 7D"), h("7S 7H 7D 7C"),
        h("7S 7H 7C"), h("7S 7D 7C"), h("7H 7D 7C")]


def test_with_lists_only_the_melds_holding_that_card(client):
    hand = h("5D 7D 8D 6S 6H 2C KC 6D")
    reply = client.post(MELDS, json={"hand": hand, "with": "6D"}).get_json()
    assert reply == {"count": 4, "melds": [
        {"kind": "set", "cards": h("6S 6H 6D")}, {"kind": "run", "cards": h("5D 6D 7D")},
        {"kind": "run", "cards": h("5D 6D 7D 8D")}, {"kind": "run", "cards": h("6D 7D 8D")}]}
    assert client.post(MELDS, json={"hand": hand, "with": "2c"}).get_json() == {
        "melds": [], "count": 0}


def test_the_whole_deck_holds_every_meld_of_the_catalogue(client):
    plain = client.post(MELDS, json={"hand": DECK}).get_json()
    corner = client.post(MELDS, json={"hand": DECK, "rules": CORNER}).get_json()
    # 13 ranks times five sets; per suit 66 runs on the line, 131 on the circle.
    assert (plain["count"], corner["count"]) == (13 * 5 + 4 * 66, 13 * 5 + 4 * 131)
    assert len(plain["melds"]) == plain["count"]


# Errors: the same problems as the other hand endpoints ----------------------------------------


def test_r1_5_a_card_twice_is_a_422_at_the_later_copy(client):
    reply = client.post(MELDS, json={"hand": h("AS 2S as")})
    assert reply.status_code == 422
    (error,) = reply.get_json()["errors"]
    assert (error["pointer"], error["code"], error["rule"], error["rule_url"]) == (
        "/hand/2", "duplicate_card", "R-1.5", "/rules#R-1.5")


def test_r1_4_a_bad_code_is_a_422_at_its_position_and_in_with(client):
    reply = client.post(MELDS, json={"hand": h("AS 1S KX")}).get_json()
    assert [(e["pointer"], e["code"], e["rule"]) for e in reply["errors"]] == [
        ("/hand/1", "invalid_card", "R-1.4"), ("/hand/2", "invalid_card", "R-1.4")]
    reply = client.post(MELDS, json={"hand": h("AS"), "with": "ZZ"})
    assert reply.status_code == 422
    (error,) = reply.get_json()["errors"]
    assert (error["pointer"], error["code"], error["rule_url"]) == (
        "/with", "invalid_card", "/rules#R-1.4")


def test_with_a_card_not_in_the_hand_is_a_422_naming_with(client):
    reply = client.post(MELDS, json={"hand": h("AS 2S 3S"), "with": "4S"})
    assert reply.status_code == 422
    body = reply.get_json()
    assert body["code"] == "card_not_in_hand"
    (error,) = body["errors"]
    assert (error["pointer"], error["rule"], error["rule_url"]) == ("/with", "R-2", "/rules#R-2")
    assert "4S" in error["detail"]


def test_r1_5_more_cards_than_the_deck_is_a_422(client):
    reply = client.post(MELDS, json={"hand": DECK + ["AS"]})
    assert reply.status_code == 422
    errors = reply.get_json()["errors"]
    assert ("/hand", "invalid_hand_size") in [(e["pointer"], e["code"]) for e in errors]
    assert ("/hand/52", "duplicate_card") in [(e["pointer"], e["code"]) for e in errors]


def test_a_body_of_the_wrong_shape_is_a_400(client):
    for body, pointer, code in (({"hand": [5]}, "/hand/0", "wrong_type"),
                                ({"hand": ["AS"], "with": None}, "/with", "null_not_allowed"),
                                ({"hand": ["AS"], "with": 3}, "/with", "wrong_type"),
                                ({"hand": ["AS"], "upcard": "AS"}, "/upcard", "unknown_field"),
                                ({}, "/hand", "required")):
        reply = client.post(MELDS, json=body)
        assert reply.status_code == 400, body
        assert (pointer, code) in [(e["pointer"], e["code"]) for e in reply.get_json()["errors"]]


def test_r10_unknown_rules_are_a_422_at_rules(client):
    reply = client.post(MELDS, json={"hand": h("AS 2S 3S"), "rules": {"round_the_corner": 1}})
    assert reply.status_code == 422
    assert reply.get_json()["errors"][0]["pointer"].startswith("/rules")


# The same cards however they are written -----------------------------------------------------


NOTATIONS = {"S": ("S", "s", "\u2660", "\u2660\ufe0f"), "H": ("H", "h", "\u2665", "\u2665\ufe0f"),
             "D": ("D", "d", "\u2666", "\u2666\ufe0f"), "C": ("C", "c", "\u2663", "\u2663\ufe0f")}


def renotated(code: str, rng: random.Random) -> str:
    """The card in a random notation of R-1.4: lower case, 10 for T, a suit symbol."""
    rank = {"T": rng.choice(["T", "t", "10"])}.get(code[0], code[0])
    rank = rank.lower() if rng.random() < 0.5 else rank
    return rank + rng.choice(NOTATIONS[code[1]])


@pytest.mark.parametrize("seed", range(12))
def test_r1_4_reordered_and_renotated_cards_get_the_same_reply(client, seed):
    rng = random.Random(seed)
    hand = rng.sample(DECK, rng.randint(3, 52))
    rules = rng.choice([None, "standard", CORNER])
    body = {"hand": hand} if rules is None else {"hand": hand, "rules": rules}
    with_card = rng.choice(hand)
    expected = client.post(MELDS, json=body).get_json()
    expected_with = client.post(MELDS, json={**body, "with": with_card}).get_json()
    written = [renotated(code, rng) for code in rng.sample(hand, len(hand))]
    assert client.post(MELDS, json={**body, "hand": written}).get_json() == expected
    assert client.post(MELDS, json={**body, "hand": written,
                                    "with": renotated(with_card, rng)}).get_json() == expected_with


# Against the exhaustive reference ---------------------------------------------------------------


def service_melds(cards, corner: bool, with_card=None) -> list[tuple[int, ...]]:
    return [meld.cards for meld in melds_within(cards_mask(cards), round_the_corner=corner,
                                                with_card=with_card)]


def check_against_reference(cards, corner: bool) -> None:
    expected = ref.every_meld_by_definition(cards, corner)
    assert service_melds(cards, corner) == expected
    for card in cards:
        assert service_melds(cards, corner, card) == [m for m in expected if card in m]


@settings(max_examples=300)
@given(st.one_of(random_hands(0, 11), dense_hands(10), dense_hands(11), corner_dense_hands(11)),
       st.booleans())
def test_every_meld_of_a_hand_is_every_subset_that_is_a_meld_by_definition(cards, corner):
    check_against_reference(cards, corner)


@settings(max_examples=100)
@given(random_hands(12, 52), st.booleans())
def test_every_meld_of_many_cards_is_every_meld_of_the_plain_reference(cards, corner):
    # Subsets of 52 cards are too many to list: the reference's table of melds instead.
    expected = {frozenset(meld) for meld in ref.all_melds(frozenset(cards), corner)}
    melds = service_melds(cards, corner)
    assert {frozenset(meld) for meld in melds} == expected and len(melds) == len(expected)
    keys = [ref.meld_order_by_definition(frozenset(meld), corner) for meld in melds]
    assert melds == keys == sorted(keys)


# The library and its errors --------------------------------------------------------------------


def test_the_library_takes_codes_and_rules_like_analyze():
    melds = hand_melds("qs ks as 2s kh kd", {"round_the_corner": True}, with_card="ks")
    assert [" ".join(meld.names()) for meld in melds] == [
        "QS KS AS", "QS KS AS 2S", "KS AS 2S", "KS KH KD"]
    with pytest.raises(InvalidHandError) as raised:
        hand_melds("AS 2S 3S", with_card="4S")
    (problem,) = raised.value.problems
    assert (problem.path, problem.code, problem.rule) == (("with",), "card_not_in_hand", "R-2")


def test_melds_come_from_the_one_catalogue():
    from ginrules.rules.base.melds import melds_by_mask

    cards = parse_hand(DECK)
    for corner in (False, True):
        catalogue = melds_by_mask(round_the_corner=corner)
        for meld in melds_within(cards_mask(cards), round_the_corner=corner):
            assert catalogue[meld.mask] is meld, " ".join(CARD_NAMES[c] for c in meld.cards)
