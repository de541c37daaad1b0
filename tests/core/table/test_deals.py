"""A deal the service shuffles (ginrules-deal/1): the documented shuffle, its fairness, and rounds
dealt from
a seed that a log can take as its next round, in every variant."""

from __future__ import annotations

import hashlib
import math
import re

import pytest

from ginrules.rules import resolve_rules
from ginrules.rules.base.cards import CARD_NAMES, CARDS
from ginrules.rules.table import shuffle
from ginrules.rules.table.dealing import check_deal
from ginrules.rules.table.shuffle import (MAX_SEED, SHUFFLE, seeded_deck, shuffle_message,
                                          shuffle_stream, uniform_below)
from ginrules.rules.errors import InvalidDealRequestError
from ginrules.rules.usecases.deals import (deal_document, deal_round,
                                           new_seed)
from ginrules.rules.usecases.replay import replay

from tests.conftest import ROOT
from tests.dealing_play import HEADERS, dealt_game

# The shuffle's worked example (docs/rules.md): seed 42, round 0, table 0.
EXAMPLE_MESSAGE = "67696e72756c65732d6465616c2f31000000000000002a0000000000000000"
EXAMPLE_BLOCK = "ffc0a45ce65416f374bfd28d4e67be4c092a54b5f0f9a55f6f90a534297a6c93"
EXAMPLE_NON_DEALER = "AS 3C 7H 3D 4S 2D 5C KD 2S AC"
EXAMPLE_DEALER = "JS 9S TD 6H KH 2C 3S AD 5H 4H"
EXAMPLE_UPCARD = "6C"
EXAMPLE_STOCK_TOP = "7D 8S 7C"
EXAMPLE_ROUND_1 = "3H TH QD 9S 9H AC 4H 3D 9D 6C"


def names(cards) -> str:
    return " ".join(CARD_NAMES[c] for c in cards)


# The shuffle, byte for byte ------------------------------------------------------------------


def test_r3_the_worked_example_of_the_rules():
    assert shuffle_message(42, 0, 0).hex() == EXAMPLE_MESSAGE
    assert hashlib.sha256(bytes.fromhex(EXAMPLE_MESSAGE) + bytes(4)).hexdigest() == EXAMPLE_BLOCK
    deck = seeded_deck(42, 0, 0)
    assert names(deck[:10]) == EXAMPLE_NON_DEALER
    assert names(deck[10:20]) == EXAMPLE_DEALER
    assert CARD_NAMES[deck[20]] == EXAMPLE_UPCARD
    assert names(deck[21:24]) == EXAMPLE_STOCK_TOP
    assert names(seeded_deck(42, 1, 0)[:10]) == EXAMPLE_ROUND_1


def test_r3_the_rules_text_shows_the_worked_example_the_code_gives():
    text = (ROOT / "docs" / "rules.md").read_text("utf-8")
    section = text[text.index("### The service's shuffle"):text.index("## R-4")]
    for shown in (EXAMPLE_MESSAGE, EXAMPLE_BLOCK, EXAMPLE_NON_DEALER, EXAMPLE_DEALER,
                  EXAMPLE_ROUND_1, f"upcard {EXAMPLE_UPCARD}", EXAMPLE_STOCK_TOP, SHUFFLE):
        assert shown in section, shown


def test_r3_the_rules_text_is_enough_to_write_the_shuffle_again():
    # Written from docs/rules.md alone, without the module: the same decks.
    def deck_from_the_text(seed: int, round: int, table: int) -> list[str]:
        message = b"ginrules-deal/1" + seed.to_bytes(8, "big") + round.to_bytes(4, "big") \
            + table.to_bytes(4, "big")
        stream = (byte for block in range(1 << 32)
                  for byte in hashlib.sha256(message + block.to_bytes(4, "big")).digest())
        cards = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]
        for i in range(51, 0, -1):
            n = i + 1
            while (byte := next(stream)) >= 256 - 256 % n:
                pass
            j = byte % n
            cards[i], cards[j] = cards[j], cards[i]
        return cards

    for seed, round, table in [(0, 0, 0), (42, 0, 0), (42, 7, 1), (MAX_SEED, 2**32 - 1, 1),
                               (123456789, 3, 0)]:
        assert [CARD_NAMES[c] for c in seeded_deck(seed, round, table)] == \
            deck_from_the_text(seed, round, table)


def test_r3_the_same_seed_round_and_table_always_give_the_same_deck():
    assert seeded_deck(2026, 5, 1) == seeded_deck(2026, 5, 1)
    assert sorted(seeded_deck(2026, 5, 1)) == list(CARDS)


def test_r3_other_seeds_rounds_and_tables_give_other_decks():
    decks = {seeded_deck(seed, round, table) for seed in (0, 1, 2**40) for round in (0, 1, 2)
             for table in (0, 1)}
    assert len(decks) == 18


def test_r3_a_byte_at_or_above_the_largest_multiple_is_skipped():
    # 256 = 4 * 52 + 48: the bytes 208 to 255 would favour 0 to 47; they are skipped.
    assert uniform_below(52, iter([208, 255, 207])) == 207 % 52
    assert uniform_below(52, iter([0])) == 0
    assert uniform_below(2, iter([255])) == 1
    assert uniform_below(1, iter([255])) == 0


def test_r3_seeds_rounds_and_tables_outside_their_ranges_are_refused():
    for bad in [dict(seed=-1), dict(seed=MAX_SEED + 1), dict(seed=0, round=-1),
                dict(seed=0, round=2**32), dict(seed=0, table=2**32)]:
        with pytest.raises(ValueError):
            shuffle_message(**bad)


def test_r3_the_stream_is_sha256_blocks_in_counter_mode():
    stream = shuffle_stream(42)
    first_two = bytes(next(stream) for _ in range(64))
    message = shuffle_message(42)
    assert first_two == (hashlib.sha256(message + bytes(4)).digest()
                         + hashlib.sha256(message + (1).to_bytes(4, "big")).digest())


# Fairness: every card equally likely in every position -----------------------------------------

DEALS = 20_000
SIGNIFICANCE = 0.001


def chi_square_tail(statistic: float, degrees: int) -> float:
    """P(X >= statistic) for X chi-square with ``degrees`` degrees of freedom: the regularized
    upper incomplete gamma function Q(degrees / 2, statistic / 2), by its series below the
    mean and its continued fraction above."""
    a, x = degrees / 2, statistic / 2
    if x <= 0:
        return 1.0
    log_prefix = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1 / a
        n = 0
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / (a + n)
            total += term
        return 1 - math.exp(log_prefix) * total
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    fraction = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        fraction *= step
        if abs(step - 1) < 1e-15:
            break
    return math.exp(log_prefix) * fraction


def test_the_chi_square_tail_agrees_with_the_printed_tables():
    # Critical values from the standard tables: P(X >= value) for the degrees of freedom.
    for value, degrees, tail in [(3.841, 1, 0.05), (18.307, 10, 0.05), (23.209, 10, 0.01),
                                 (67.505, 50, 0.05), (86.661, 50, 0.001), (124.342, 100, 0.05),
                                 (149.449, 100, 0.001)]:
        assert chi_square_tail(value, degrees) == pytest.approx(tail, rel=2e-3)
    assert chi_square_tail(0, 5) == 1.0


def card_position_counts(deck_of) -> list[list[int]]:
    counts = [[0] * 52 for _ in range(52)]
    for seed in range(DEALS):
        for position, card in enumerate(deck_of(seed)):
            counts[position][card] += 1
    return counts


def position_tails(counts: list[list[int]]) -> tuple[list[float], float]:
    """Each position's chi-square tail (51 degrees of freedom), and the whole table's."""
    expected = DEALS / 52
    statistics = [sum((n - expected) ** 2 / expected for n in row) for row in counts]
    return ([chi_square_tail(s, 51) for s in statistics],
            chi_square_tail(sum(statistics), 51 * 51))


def test_r3_every_card_is_equally_likely_in_every_position():
    # 20,000 deals from the seeds 0 to 19,999 (round 0, table 0), and as many of round 3 and
    # table 1: chi-square tests of each position (Bonferroni: the 52 together at 0.001) and of
    # the whole 52 x 52 table of positions and cards.
    for round, table in [(0, 0), (3, 1)]:
        tails, whole = position_tails(card_position_counts(
            lambda seed: seeded_deck(seed, round, table)))
        assert min(tails) > SIGNIFICANCE / 52, (round, table, min(tails))
        assert whole > SIGNIFICANCE, (round, table, whole)


def test_the_fairness_test_catches_a_biased_shuffle():
    # Without the rejection of ginrules-deal/1 (byte % bound), small positions are favoured.
    def biased(seed: int) -> list[int]:
        stream = shuffle_stream(seed)
        deck = list(CARDS)
        for position in range(51, 0, -1):
            other = next(stream) % (position + 1)
            deck[position], deck[other] = deck[other], deck[position]
        return deck

    tails, whole = position_tails(card_position_counts(biased))
    assert min(tails) < SIGNIFICANCE / 52 and whole < SIGNIFICANCE


# Rounds dealt from a seed --------------------------------------------------------------------


def test_r3_a_two_player_round_deals_the_deck_non_dealer_first():
    dealt = deal_round(resolve_rules("standard"), ["ann", "bob"], 42, dealer="ann")
    (table,) = dealt.tables
    assert (dealt.shuffle, dealt.seed, dealt.round, dealt.in_tables) == (SHUFFLE, 42, 0, False)
    assert table.dealer == "ann" and list(table.hands) == ["bob", "ann"]
    assert names(table.hands["bob"]) == EXAMPLE_NON_DEALER
    assert names(table.hands["ann"]) == EXAMPLE_DEALER
    assert CARD_NAMES[table.upcard] == EXAMPLE_UPCARD
    assert table.stock == seeded_deck(42)[21:]


def test_r3_the_deck_does_not_depend_on_the_names_or_the_dealer():
    one = deal_round(resolve_rules("standard"), ["ann", "bob"], 9, 2, dealer="bob").tables[0]
    other = deal_round(resolve_rules("modern"), ["zoe", "yan"], 9, 2, dealer="zoe").tables[0]
    assert list(one.hands.values()) == list(other.hands.values())
    assert (one.upcard, one.stock) == (other.upcard, other.stock)


@pytest.mark.parametrize("preset", sorted(HEADERS))
def test_r3_every_dealt_table_is_a_deal(preset):
    log = dealt_game(lambda body: dump(deal_document(body)), preset, seed=11, rounds=1)
    for table in log["rounds"][0].get("tables", [log["rounds"][0]]):
        hands = {p: [CARDS[CARD_NAMES.index(c)] for c in cards]
                 for p, cards in table["hands"].items()}
        stock = [CARDS[CARD_NAMES.index(c)] for c in table["stock"]]
        check_deal(hands, CARDS[CARD_NAMES.index(table["upcard"])], stock)


def test_r9_3_cutthroat_deals_to_the_two_others_the_next_player_first():
    dealt = deal_round(resolve_rules("cutthroat"), ["ann", "bob", "cy"], 5, dealer="bob")
    (table,) = dealt.tables
    assert table.dealer == "bob" and list(table.hands) == ["cy", "ann"]
    assert table.hands["cy"] == seeded_deck(5)[:10]


def test_r9_2_the_box_deals_to_the_captain_and_may_be_left_unnamed():
    roles = {"box": "cy", "captain": "ann", "sitter": "bob"}
    dealt = deal_round(resolve_rules("box"), ["ann", "bob", "cy"], 5, roles=roles)
    (table,) = dealt.tables
    assert table.dealer == "cy" and list(table.hands) == ["ann", "cy"]
    assert deal_round(resolve_rules("box"), ["ann", "bob", "cy"], 5, roles=roles,
                      dealer="cy") == dealt


def test_r9_4_partnership_deals_two_tables_from_two_decks():
    dealt = deal_round(resolve_rules("partnership"), ["ann", "bob", "cy", "dee"], 5, 4,
                       teams=[["ann", "cy"], ["bob", "dee"]], tables=[["ann", "bob"],
                                                                      ["dee", "cy"]])
    assert dealt.in_tables
    first, second = dealt.tables
    assert (first.dealer, list(first.hands)) == ("ann", ["bob", "ann"])
    assert (second.dealer, list(second.hands)) == ("dee", ["cy", "dee"])
    assert first.hands["bob"] == seeded_deck(5, 4, 0)[:10]
    assert second.hands["cy"] == seeded_deck(5, 4, 1)[:10]


@pytest.mark.parametrize("preset", sorted(HEADERS))
def test_r3_rounds_dealt_from_one_seed_append_to_a_log_that_replays_valid(preset):
    log = dealt_game(lambda body: dump(deal_document(body)), preset, seed=2026, rounds=4)
    result = replay(log)
    assert result.valid, result.violations
    assert len(log["rounds"]) == 4


def test_r3_without_a_seed_one_is_drawn_from_the_system():
    seeds = {deal_document({"rules": "standard", "players": ["ann", "bob"],
                            "dealer": "ann"}).seed for _ in range(20)}
    assert len(seeds) == 20 and all(0 <= seed <= MAX_SEED for seed in seeds)
    assert 0 <= new_seed() <= MAX_SEED


REQUEST = {"rules": "standard", "players": ["ann", "bob"], "dealer": "ann", "seed": 1}
BOX = {"rules": "box", "players": ["ann", "bob", "cy"], "seed": 1,
       "roles": {"box": "cy", "captain": "ann", "sitter": "bob"}}
PARTNERSHIP = {"rules": "partnership", "players": ["ann", "bob", "cy", "dee"], "seed": 1,
               "teams": [["ann", "cy"], ["bob", "dee"]], "tables": [["ann", "bob"], ["cy", "dee"]]}


@pytest.mark.parametrize("request_body, path, code", [
    ({**REQUEST, "dealer": None}, ("dealer",), "required_by_variant"),
    ({**REQUEST, "dealer": "zoe"}, ("dealer",), "not_a_player"),
    ({**REQUEST, "players": ["ann", "bob", "cy"]}, ("players",), "wrong_player_count"),
    ({**REQUEST, "players": ["ann", "ann"]}, ("players",), "duplicate_player"),
    ({**REQUEST, "rules": "rummy"}, ("rules",), "unknown_preset"),
    ({**REQUEST, "seed": 2**53}, ("seed",), "invalid_value"),
    ({**REQUEST, "seed": True}, ("seed",), "invalid_value"),
    ({**REQUEST, "round": -1}, ("round",), "invalid_value"),
    ({**REQUEST, "tables": [["ann", "bob"]]}, ("tables",), "not_for_this_variant"),
    ({**REQUEST, "roles": BOX["roles"]}, ("roles",), "not_for_this_variant"),
    ({**BOX, "roles": None}, ("roles",), "invalid_roles"),
    ({**BOX, "dealer": "ann"}, ("dealer",), "wrong_dealer"),
    ({**PARTNERSHIP, "dealer": "ann"}, ("dealer",), "not_for_this_variant"),
    ({**PARTNERSHIP, "tables": None}, ("tables",), "required_by_variant"),
    ({**PARTNERSHIP, "tables": [["ann", "cy"], ["bob", "dee"]]}, ("tables",), "wrong_pairing"),
    ({**PARTNERSHIP, "tables": [["ann", "bob"], ["ann", "dee"]]}, ("tables",), "wrong_players"),
    ({**PARTNERSHIP, "tables": [["ann", "bob", "cy"], ["dee"]]}, ("tables",), "wrong_players"),
    ({**PARTNERSHIP, "tables": [["ann", "bob"], ["cy", "zoe"]]}, ("tables", 1, 1),
     "not_a_player"),
])
def test_a_deal_request_that_cannot_be_dealt_names_its_fault(request_body, path, code):
    with pytest.raises(InvalidDealRequestError) as raised:
        deal_document({k: v for k, v in request_body.items() if v is not None})
    assert (raised.value.problems[0].path, raised.value.problems[0].code) == (path, code)


def test_the_shuffle_module_uses_no_random_number_generator():
    source = (ROOT / "service" / "ginrules" / "rules" / "table" / "shuffle.py").read_text("utf-8")
    assert not re.search(r"^\s*(import|from)\s+random\b", source, re.MULTILINE)
    assert shuffle.SHUFFLE == "ginrules-deal/1"


def dump(dealt) -> dict:
    """A dealt round as a log's round (docs/gamelog.md), in a deal reply."""
    tables = [{"dealer": t.dealer, "hands": {p: [CARD_NAMES[c] for c in cards]
                                             for p, cards in t.hands.items()},
               "upcard": CARD_NAMES[t.upcard], "stock": [CARD_NAMES[c] for c in t.stock],
               "actions": []} for t in dealt.tables]
    return {"seed": dealt.seed, "round": dealt.round,
            "deal": {"tables": tables} if dealt.in_tables else tables[0]}
