"""Writes the conformance topic ``external-facts``: facts other Gin Rummy projects' tests assert.

    python conformance/external_facts.py

Other engines' test suites pin answers of their own: a hand's least deadwood, its melds, whether
a knock is legal, what may be laid off, what a round or a game scores. Each fact below is one
such assertion restated in this project's card notation and request form (docs/rules.md R-1.4,
openapi.yaml), with its source: the repository, the file and the test. Nothing of their code is
copied; hands are written out card by card from what the test sets up.

Where the other project plays a rule differently, the fact is asked with the options of this
service that play the same rule (``OPENSPIEL``, ``JDH8`` below say which and why). A fact that
depends on a rule this service does not play yet, or that has no request here, is not asked:
``LEFT_OUT`` lists each with its source and the reason. Expected answers are theirs, never
this service's.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from build import case  # noqa: E402

TOPIC = "external-facts"

ANALYZE, BATCH, KNOCK, LAYOFFS, SCORE, REPLAY, MATCHES = (
    "/v1/hands/analyze", "/v1/hands/analyze/batch", "/v1/knock", "/v1/layoffs",
    "/v1/rounds/score", "/v1/games/replay", "/v1/matches/score")

# Sources: a short label (used in each case's description), the repository and the file.
SOURCES = {
    "openspiel": ("openspiel gin_rummy_test", "google-deepmind/open_spiel",
                  "open_spiel/games/gin_rummy/gin_rummy_test.cc"),
    "openspiel-py": ("openspiel python", "google-deepmind/open_spiel",
                     "open_spiel/python/tests/games_gin_rummy_test.py"),
    "jdh8-meld": ("jdh8 meld.rs", "jdh8/gin-rummy", "tests/meld.rs"),
    "jdh8-round": ("jdh8 round.rs", "jdh8/gin-rummy", "tests/round.rs"),
    "jdh8-game": ("jdh8 game.rs", "jdh8/gin-rummy", "tests/game.rs"),
    "rlcard": ("rlcard", "datamllab/rlcard", "tests/games/test_gin_rummy_game.py"),
    "cardbench": ("cardbench", "massiminoe/cardbench", "tests/test_gin_rummy.py"),
    "gorman": ("gin-rummy-ai", "rickgorman/gin-rummy-ai", "test_ginhand.py"),
    "ashbyp": ("ashbyp cards", "ashbyp/cards", "cards/ginrummy/tests/test_score.py"),
    "ungar": ("ungar", "m-cahill/ungar", "tests/games/test_gin_rummy.py"),
    "lowell-melds": ("lowelljones melds.test", "lowelljones/gin-rummy",
                     "backend/rules/src/melds.test.ts"),
    "lowell-scoring": ("lowelljones scoring.test", "lowelljones/gin-rummy",
                       "backend/rules/src/scoring.test.ts"),
    "wm-melds": ("wmitchellUK melds.test", "wmitchellUK/gin-rummy",
                 "src/game/test/melds.test.ts"),
    "wm-analysis": ("wmitchellUK hand-analysis.test", "wmitchellUK/gin-rummy",
                    "src/game/test/hand-analysis.test.ts"),
    "wm-layoffs": ("wmitchellUK layoffs.test", "wmitchellUK/gin-rummy",
                   "src/game/test/layoffs.test.ts"),
    "wm-scoring": ("wmitchellUK scoring.test", "wmitchellUK/gin-rummy",
                   "src/game/test/scoring.test.ts"),
}

# Rules translations ---------------------------------------------------------------------------

# OpenSpiel's gin_rummy defaults: knock card 10, gin bonus 25, undercut bonus 25, a tie is no
# undercut and scores nothing, the card just taken may be discarded. (Its wall rule and its
# limit of 50 discard-pile draws, R-4.7 and, are not played here yet; no fact asked
# below reaches either.)
OPENSPIEL = {"preset": "standard", "undercut_bonus": 25, "undercut_on_tie": False,
             "taken_card_discard": "allow"}
# OpenSpiel with its `oklahoma` parameter: the first upcard's value is the knock card, an ace
# means gin only. The facts asked all have the ace of clubs as upcard, so spade doubling plays
# no part.
OPENSPIEL_OKLAHOMA = dict(OPENSPIEL, preset="oklahoma")

# jdh8/gin-rummy's default (modern) rules: knock 10, gin 25, big gin 31, undercut 25 (a tie
# undercuts), box 25 per hand won, added at the end, game bonus 100, target 100. Its shutout
# rule doubles the winner's whole total, bonuses included: this service's `double_total`.
JDH8 = {"preset": "standard", "gin_bonus": 25, "big_gin_bonus": 31, "undercut_bonus": 25,
        "box_bonus": 25, "game_bonus": 100, "shutout": "double_total"}
# jdh8's palace rules: the box bonus of 10 per hand is credited as each hand is won, counting
# towards the target; no game bonus, and a shutout adds nothing.
JDH8_PALACE = {"preset": "standard", "gin_bonus": 25, "big_gin_bonus": 31, "undercut_bonus": 25,
               "box_bonus": 10, "box_bonus_timing": "immediate", "game_bonus": 0,
               "shutout": "none"}
# jdh8's classic rules (gin 20, no big gin, undercut 10, box 20, game bonus 100 and 100 more
# for a shutout) are this service's `classic` preset: its shutout makes the game bonus 200.
JDH8_CLASSIC = "classic"

# lowelljones/gin-rummy and wmitchellUK/gin-rummy: gin 25, undercut ("cut") 25, a tie
# undercuts, knock limit 10.
UNDERCUT_25 = {"preset": "standard", "undercut_bonus": 25}


def h(codes: str) -> list[str]:
    return codes.split()


def post(path, body):
    return {"method": "POST", "path": path, "body": body}


def get(path):
    return {"method": "GET", "path": path}


def eq(pointer, value):
    return pointer, {"equals": value}


def same(pointer, items):
    return pointer, {"same_items": items}


def at_least(pointer, value):
    return pointer, {"at_least": value}


def at_most(pointer, value):
    return pointer, {"at_most": value}


def absent(pointer):
    return pointer, {"absent": True}


def meld(kind, cards):
    return {"kind": kind, "cards": h(cards)}


FACTS: list[dict] = []
"""Every fact asked: its source, its test and the conformance case."""


def fact(source, test, text, rule, request, status=200, checks=(), codes=(), pointers=()):
    label = SOURCES[source][0]
    FACTS.append({"source": source, "test": test, "case": case(
        f"{label} {test}: {text}", rule, request, status, checks, codes, pointers)})


# Deadwood, melds and card values --------------------------------------------------------------

def deadwood(source, test, text, hand, count, rule=("R-2.4", "R-2.5"), checks=()):
    fact(source, test, text, rule, post(ANALYZE, {"hand": h(hand)}),
         checks=[eq("/deadwood_count", count), *checks])


_FILLER = h("KD QD JD 9D 8D 6D 4D 2D KH QH JH 9H 8H")


def not_a_meld(source, test, text, cards, filler=None, rule=("R-2.1", "R-2.2")):
    """Declaring ``cards`` as one meld of a knock is refused: they are no meld (R-5.3). The
    other cards of the eleven (``filler``) play no part."""
    if filler is None:
        filler = " ".join([c for c in _FILLER if c not in h(cards)][:11 - len(h(cards))])
    hand = h(cards) + h(filler)
    fact(source, test, text, rule,
         post(KNOCK, {"hand": hand, "discard": hand[-1], "melds": [h(cards)]}), 422,
         codes=["invalid_meld"], pointers=["/melds/0"])


deadwood("openspiel", "MeldTests", "A-2-3 of spades is a run", "AS 2S 3S", 0,
         ("R-2.2",), [eq("/melds", [meld("run", "AS 2S 3S")])])
deadwood("openspiel", "MeldTests", "three aces are a set, not a run", "AS AC AD", 0,
         ("R-2.1",), [eq("/melds/0/kind", "set"), same("/melds/0/cards", h("AS AC AD"))])
not_a_meld("openspiel", "MeldTests", "three aces and a two are no meld", "AS AC AD 2S",
           "5H 6H 7H 9C TC JC KD")
not_a_meld("openspiel", "MeldTests", "no run round the corner: A-2-3-K", "AS 2S 3S KS",
           "5H 6H 7H 9C TC JC KD", ("R-1.2", "R-2.2"))
not_a_meld("openspiel", "MeldTests", "J-Q-K of spades and the ace of clubs are no meld",
           "JS QS KS AC", "5H 6H 7H 9D TD JD KD", ("R-1.2", "R-2.2"))
deadwood("openspiel", "MeldTests", "eleven cards of fours, fives and low cards leave 3",
         "4S 4C 4D 4H 5S 5C 5D 6S 2C 3S 3C", 3, ("R-2.5", "R-2.6", "R-5.1"))

deadwood("openspiel-py", "test_bindings", "the ace counts 1", "AS", 1, ("R-1.3",))
deadwood("openspiel-py", "test_bindings", "queen and king of hearts count 20", "QH KH", 20,
         ("R-1.3",))
deadwood("openspiel-py", "test_bindings", "A-2 of spades and Q-K of hearts count 23",
         "AS 2S QH KH", 23, ("R-1.3", "R-2.4"))
fact("openspiel-py", "test_bindings", "three aces beside a two are the one set", ("R-2.1",),
     post(ANALYZE, {"hand": h("AS 2S AC AD")}),
     checks=[eq("/melds/0/kind", "set"), same("/melds/0/cards", h("AS AC AD")),
             absent("/melds/1")])
fact("openspiel-py", "test_bindings", "6-7-8 of spades is the one run beside an ace", ("R-2.2",),
     post(ANALYZE, {"hand": h("AS 6S 7S 8S")}), checks=[eq("/melds", [meld("run", "6S 7S 8S")])])
deadwood("openspiel-py", "test_bindings", "best group: three aces and 6-7-8 of spades",
         "AS 6S 7S 8S AC AD", 0, ("R-2.3", "R-2.5"),
         [same("/melds", [{"kind": "set", "cards": h("AS AD AC")}, meld("run", "6S 7S 8S")])])
deadwood("openspiel-py", "test_bindings", "A-2-3 of spades leaves no deadwood", "AS 2S 3S", 0,
         ("R-2.2", "R-2.4"))

deadwood("jdh8-meld", "run_beats_set_when_cheaper", "the spade run beats the set of fours",
         "TC QC 4D 9D 4H 9H JH 4S 5S 6S", 56, ("R-2.5", "R-2.6"),
         [eq("/melds", [meld("run", "4S 5S 6S")])])
deadwood("jdh8-meld", "set_beats_run_when_cheaper", "the set of fives beats the heart run",
         "JC KC 5D JD KD 3H 4H 5H 2S 5S", 49, ("R-2.5", "R-2.6"),
         [eq("/melds/0/kind", "set"), same("/melds/0/cards", h("5D 5H 5S")), absent("/melds/1")])
deadwood("jdh8-meld", "gin_hands", "4 + 3 + 3 cards go gin", "AC 2C 3C 4C 5D 6D 7D 9H TH JH", 0,
         ("R-2.5", "R-5.4"), [eq("/gin", True)])
fact("jdh8-meld", "gin_hands", "3 + 4 + 4 of eleven cards meld whole", ("R-5.5", "R-2.5"),
     post(ANALYZE, {"hand": h("AC 2C 3C 4D 5D 6D 7D 8H 9H TH JH"), "rules": JDH8}),
     checks=[eq("/big_gin", True), eq("/deadwood_count", 0)])
fact("jdh8-meld", "gin_hands", "3 + 3 + 5 of eleven cards meld whole in three melds",
     ("R-5.5", "R-2.2"),
     post(KNOCK, {"hand": h("AC 2C 3C 4D 5D 6D 7H 8H 9H TH JH"), "discard": None,
                  "rules": JDH8}),
     checks=[eq("/big_gin", True), eq("/arrangement/deadwood", []),
             same("/arrangement/melds", [meld("run", "AC 2C 3C"), meld("run", "4D 5D 6D"),
                                         meld("run", "7H 8H 9H TH JH")])])
fact("jdh8-meld", "eleven_card_single_suit_run", "A to J of clubs melds whole",
     ("R-2.2", "R-5.5"),
     post(ANALYZE, {"hand": h("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"), "rules": JDH8}),
     checks=[eq("/big_gin", True), eq("/deadwood_count", 0)])
# jdh8 counts the deadwood of all eleven cards; an eleven-card analysis here values the ten
# kept after the best discard, so "no meld, deadwood = pip sum 66" is asked as: no meld, and
# every discard leaves 66 minus that card's value.
_NOTHING = "AC 4C 7C 2D 8D JD 3H 5H QH 6S KS"
_VALUE = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}
_SUITS, _RANKS = "SHDC", "A23456789TJQK"


def _value(card):
    return _VALUE.get(card[0]) or int(card[0])


def canonical(cards):
    """A hand in the card order of the service's replies (suits S H D C, ranks A..K)."""
    return sorted(cards, key=lambda c: (_SUITS.index(c[1]), _RANKS.index(c[0])))


fact("jdh8-meld", "near_misses", "not one meld among eleven cards", ("R-2.4", "R-5.1"),
     post(ANALYZE, {"hand": h(_NOTHING)}),
     checks=[eq("/melds", []), eq("/deadwood_count", 56)]
     + [eq(f"/discards/{i}/deadwood_count", 66 - _value(c))
        for i, c in enumerate(canonical(h(_NOTHING)))])
deadwood("jdh8-meld", "near_misses", "one club run, the rest deadwood",
         "AC 2C 3C 2D TD JD 5H QH 9S KS", 56, ("R-2.4",), [eq("/melds", [meld("run", "AC 2C 3C")])])
fact("jdh8-meld", "best_melds_panics_beyond_eleven_cards", "a hand of twelve is refused",
     ("R-1.5",), post(ANALYZE, {"hand": h("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS")}), 422,
     codes=["invalid_hand_size"], pointers=["/hand"])

_DATA1 = "9H 9C 9S TS JS QS KS KC KH 5C"
_DATA2 = "9H 9C 9S 9D TS JS QS KS KC KH"
_DATA3 = "2H 2C 2D 3H 3S 3C 4C 5C JS KH"
deadwood("gorman", "test_deadwood_count", "nines, spade run and kings leave the five", _DATA1, 5,
         ("R-2.5", "R-2.6"))
deadwood("gorman", "test_deadwood_count", "four nines, spade run and kings go gin", _DATA2, 0,
         ("R-2.5", "R-2.6"), [eq("/gin", True)])
deadwood("gorman", "test_deadwood_count", "twos and a club run leave 26", _DATA3, 26,
         ("R-2.5", "R-2.6"))
deadwood("gorman", "test__examine_melds", "no cards, no deadwood", "", 0, ("R-2.4",))
deadwood("gorman", "test__examine_melds", "ace and two count 3", "AC 2D", 3, ("R-1.3",))
deadwood("gorman", "test__examine_melds", "ace, two, three of mixed suits count 6", "AC 2D 3H", 6,
         ("R-2.2", "R-1.3"))
deadwood("gorman", "test__examine_melds", "3-4-5 of hearts melds, ace and two count 3",
         "AC 2D 3H 4H 5H", 3, ("R-2.2",))
deadwood("gorman", "test_sum_points", "the nine of clubs counts 9", "9C", 9, ("R-1.3",))
deadwood("gorman", "test_sum_points", "nine and jack of clubs count 19", "9C JC", 19, ("R-1.3",))

deadwood("cardbench", "test_no_melds", "six unmatched cards count 40", "2H 4D 6S 8C QH KS", 40)
deadwood("cardbench", "test_simple_set", "a set of sevens leaves 7", "7H 7D 7S 2C 5S", 7,
         ("R-2.1", "R-2.4"))
deadwood("cardbench", "test_simple_run", "a heart run leaves 11", "5H 6H 7H AC KD", 11,
         ("R-2.2", "R-2.4"))
deadwood("cardbench", "test_four_of_a_kind_as_meld", "four kings meld, 7 left",
         "KH KD KS KC 5H 2D", 7, ("R-2.1",))
deadwood("cardbench", "test_long_run", "a five-card run melds, 2 left", "5S 6S 7S 8S 9S AH AD", 2,
         ("R-2.2",))
deadwood("cardbench", "test_two_distinct_melds", "aces and a diamond run leave 9",
         "AS AH AC 2D 3D 4D 9C", 9, ("R-2.1", "R-2.2"))
deadwood("cardbench", "test_perfect_gin_hand", "fives and a club run leave 0",
         "5H 5D 5S 7C 8C 9C TC", 0, ("R-2.1", "R-2.2"))
deadwood("cardbench", "test_full_10_card_gin_hand", "ten cards melded are gin",
         "AS AC AD 5H 6H 7H TD JD QD KD", 0, ("R-5.4",), [eq("/gin", True)])
deadwood("cardbench", "test_overlapping_meld_choice_prefers_lower_deadwood",
         "the seven goes to the run", "7S 7H 7D 8D 9D", 14, ("R-2.3", "R-2.6"))
deadwood("cardbench", "test_four_of_a_kind_split_for_run", "four sevens split for a run",
         "7S 7H 7D 7C 8C 9C", 0, ("R-2.6",))
deadwood("cardbench", "test_ace_low_run", "A-2-3 is a run", "AS 2S 3S KD QC", 20, ("R-1.2",))
deadwood("cardbench", "test_ace_high_run_is_invalid", "Q-K-A is no run", "QS KS AS", 21,
         ("R-1.2",), [eq("/melds", [])])
deadwood("cardbench", "test_empty_hand", "an empty hand counts 0", "", 0, ("R-2.4",))
deadwood("cardbench", "test_complex_hand_with_multiple_choices", "three runs of nine cards",
         "4D 5D 6D 5H 6H 7H 5S 6S 7S", 0, ("R-2.5",))
deadwood("cardbench", "test_complex_hand_with_multiple_choices",
         "a fourth five does not break the runs", "4D 5D 6D 5H 6H 7H 5S 6S 7S 5C", 5,
         ("R-2.5", "R-2.6"), [eq("/deadwood", ["5C"])])

fact("ashbyp", "test_find_melds_three_of_kind", "the twos are the one meld", ("R-2.1",),
     post(ANALYZE, {"hand": h("2C 2D 2S 5C 6D 7H 8S 9C TD JC")}),
     checks=[eq("/melds/0/kind", "set"), same("/melds/0/cards", h("2C 2D 2S")),
             absent("/melds/1")])
fact("ashbyp", "test_find_melds_three_of_kind", "the twos and the fives are the melds",
     ("R-2.1",), post(ANALYZE, {"hand": h("2C 2D 2S 5C 5D 5H 8S 9C TD JC")}),
     checks=[same("/melds", [{"kind": "set", "cards": h("2S 2D 2C")},
                             {"kind": "set", "cards": h("5H 5D 5C")}])])
deadwood("ashbyp", "test_no_sequences", "ace to ten in mixed suits: all deadwood",
         "AC 2D 3H 4S 5C 6D 7H 8S 9C TD", 55, ("R-2.4",), [eq("/melds", [])])

fact("ungar", "test_card_values", "ace 1, five 5, ten 10, king 10", ("R-1.3",),
     post(BATCH, {"hands": [["AS"], ["5H"], ["TC"], ["KD"]]}),
     checks=[eq("/results/0/analysis/deadwood_count", 1),
             eq("/results/1/analysis/deadwood_count", 5),
             eq("/results/2/analysis/deadwood_count", 10),
             eq("/results/3/analysis/deadwood_count", 10)])
deadwood("ungar", "test_deadwood_calculation_naive", "ace and king count 11", "AS KS", 11,
         ("R-1.3", "R-2.4"))
deadwood("ungar", "test_deadwood_calculation_naive", "no cards count 0", "", 0, ("R-2.4",))

# Two engines in TypeScript: melds, layoffs, round scores -------------------------------------


def one_meld(source, test, text, cards, kind, rule):
    """``cards`` alone are one meld of ``kind``, leaving nothing."""
    fact(source, test, text, rule, post(ANALYZE, {"hand": h(cards)}),
         checks=[eq("/deadwood_count", 0), eq("/melds/0/kind", kind),
                 same("/melds/0/cards", h(cards)), absent("/melds/1")])


one_meld("lowell-melds", "isValidMeld", "a set of three sevens", "7S 7H 7D", "set", ("R-2.1",))
one_meld("lowell-melds", "isValidMeld", "a set of four sevens", "7S 7H 7D 7C", "set", ("R-2.1",))
one_meld("lowell-melds", "isValidMeld", "A-2-3 of spades, ace low", "AS 2S 3S", "run",
         ("R-2.2", "R-1.2"))
one_meld("lowell-melds", "isValidMeld", "9 to K of hearts", "9H TH JH QH KH", "run", ("R-2.2",))
not_a_meld("lowell-melds", "isValidMeld", "two sevens are no set", "7S 7H", rule=("R-2.1",))
not_a_meld("lowell-melds", "isValidMeld", "7-8-7 is no set", "7S 8H 7D", rule=("R-2.1",))
not_a_meld("lowell-melds", "isValidMeld", "3-4-6 of spades has a gap", "3S 4S 6S",
           rule=("R-2.2",))
not_a_meld("lowell-melds", "isValidMeld", "3-4-5 in two suits is no run", "3S 4H 5S",
           rule=("R-2.2",))
not_a_meld("lowell-melds", "isValidMeld", "Q-K-A is no run", "QS KS AS", rule=("R-1.2", "R-2.2"))
fact("lowell-melds", "isValidMeld", "a set with the same card twice is refused", ("R-1.5",),
     post(ANALYZE, {"hand": h("7S 7S 7D")}), 422, codes=["duplicate_card"], pointers=["/hand/1"])
deadwood("lowell-melds", "bestDeadwood", "gin in three melds", "AS 2S 3S 7H 8H 9H KC KD KH KS", 0,
         ("R-2.5",), [eq("/deadwood", []), ("/melds/2/kind", {"one_of": ["set", "run"]}),
                      absent("/melds/3")])
deadwood("lowell-melds", "bestDeadwood", "the spade run beside three fives leaves 31",
         "5S 6S 7S 5C 5D 5H 2D 9C QH KH", 31, ("R-2.5", "R-2.6"))
deadwood("lowell-melds", "bestDeadwood", "a five-card run is one meld",
         "5H 6H 7H 8H 9H KC KD KS 2C 3D", 5, ("R-2.2", "R-2.6"),
         [same("/deadwood", h("2C 3D")),
          ("/melds", {"contains": [meld("run", "5H 6H 7H 8H 9H")]})])
deadwood("lowell-melds", "bestDeadwood", "two five-card runs are gin",
         "2C 3C 4C 5C 6C 8D 9D TD JD QD", 0, ("R-2.2", "R-5.4"))
fact("lowell-melds", "bestDeadwood", "a hand with a card twice is refused", ("R-1.5",),
     post(ANALYZE, {"hand": h("5S 5S 6S")}), 422, codes=["duplicate_card"], pointers=["/hand/1"])
fact("lowell-melds", "bestAfterDiscard11", "the four of clubs is the discard to gin",
     ("R-5.1", "R-5.4"), post(ANALYZE, {"hand": h("AS 2S 3S 7H 8H 9H KC KD KH KS 4C")}),
     checks=[eq("/deadwood_count", 0), eq("/discard", "4C"), eq("/best_discards", ["4C"])])
# Big gin: the tests name no bonus; the option is only switched on, at 31.
for _text, _cards, _big in (
        ("all eleven melded is big gin", "AS 2S 3S 4S 7H 8H 9H KC KD KH KS", True),
        ("one stranded card is no big gin", "AS 2S 3S 4S 7H 8H 9H KC KD KH 2C", False),
        ("a five-card run and two sets are big gin", "5H 6H 7H 8H 9H KC KD KS 2C 2D 2H", True)):
    fact("lowell-melds", "isBigGin11", _text, ("R-5.5",),
         post(ANALYZE, {"hand": h(_cards), "rules": dict(UNDERCUT_25, big_gin_bonus=31)}),
         checks=[eq("/big_gin", _big)])
# bestLayoff takes a defender of three cards; a defender here holds ten, so seven cards that
# meld with nothing and lay off on nothing are added, and only the layoffs are asked.
_LOWELL_MELDS = [h("5C 5D 5H"), h("9H TH JH")]
fact("lowell-melds", "bestLayoff", "keeping an own run beats laying off its five",
     ("R-6.4",),
     post(LAYOFFS, {"knocker_melds": _LOWELL_MELDS,
                    "defender_hand": h("5S 6S 7S AS 3C KC 2D 4D 8D QD")}),
     checks=[eq("/layoffs", []), eq("/melds", [meld("run", "5S 6S 7S")])])
fact("lowell-melds", "bestLayoff", "queen then king extend 9-10-J of hearts", ("R-6.2",),
     post(LAYOFFS, {"knocker_melds": _LOWELL_MELDS,
                    "defender_hand": h("QH KH 2C AS 3S 6S 8S 4D 8D KC")}),
     checks=[eq("/layoffs", [{"card": "QH", "meld": 1}, {"card": "KH", "meld": 1}]),
             ("/deadwood", {"contains": ["2C"]})])

one_meld("wm-melds", "isValidRun", "A-2-3 of clubs, ace low", "AC 2C 3C", "run", ("R-1.2",))
not_a_meld("wm-melds", "isValidRun", "Q-K-A of clubs does not wrap", "QC KC AC",
           rule=("R-1.2", "R-2.2"))
not_a_meld("wm-melds", "isValidRun", "K-A-2 of clubs does not wrap", "KC AC 2C",
           rule=("R-1.2", "R-2.2"))
not_a_meld("wm-melds", "isValidRun", "2-3 of clubs and 4 of diamonds: mixed suits", "2C 3C 4D",
           rule=("R-2.2",))
not_a_meld("wm-melds", "isValidRun", "2-3-5 of clubs has a gap", "2C 3C 5C", rule=("R-2.2",))
one_meld("wm-melds", "isValidSet", "three sevens of distinct suits", "7C 7D 7H", "set",
         ("R-2.1",))
one_meld("wm-melds", "isValidSet", "all four sevens", "7C 7D 7H 7S", "set", ("R-2.1",))
not_a_meld("wm-melds", "isValidSet", "7-7-8 is no set", "7C 7D 8H", rule=("R-2.1",))
fact("wm-melds", "isValidSet", "the same seven twice is refused", ("R-1.5",),
     post(ANALYZE, {"hand": h("7C 7D 7C")}), 422, codes=["duplicate_card"], pointers=["/hand/2"])

deadwood("wm-analysis", "non-greedy overlap", "the three of hearts melds once: 17",
         "3C 3D 3H 4H 5H 7S 8S 9S AD KD", 17, ("R-2.3", "R-2.6"),
         [same("/deadwood", h("AD 3C 3D KD"))])
fact("wm-analysis", "enumerates every minimum-value arrangement", "two arrangements tie at 21",
     ("R-2.5", "R-2.6"),
     post(ANALYZE, {"hand": h("4H 5H 6H 5C 5D 9S TS JS AC KD"), "all_arrangements": True}),
     checks=[eq("/deadwood_count", 21), eq("/arrangements/0/deadwood_count", 21),
             eq("/arrangements/1/deadwood_count", 21)])
deadwood("wm-analysis", "long run and four-card set", "2-6 of hearts and four nines leave 10",
         "2H 3H 4H 5H 6H 9C 9D 9H 9S KC", 10, ("R-2.2", "R-2.1"),
         [same("/melds", [meld("run", "2H 3H 4H 5H 6H"), meld("set", "9S 9H 9D 9C")])])
deadwood("wm-analysis", "gin hand", "three melds of ten cards leave 0",
         "AH 2H 3H 4C 5C 6C TD JD QD KD", 0, ("R-5.4",))
fact("wm-analysis", "no melds", "all six cards are deadwood", ("R-2.4",),
     post(ANALYZE, {"hand": h("AC 3D 5H 7S 9C JD")}),
     checks=[eq("/melds", []), same("/deadwood", h("AC 3D 5H 7S 9C JD"))])

fact("wm-layoffs", "chained run extensions and a set layoff", "four cards lay off, none left",
     ("R-6.1", "R-6.2", "R-6.4"),
     post(LAYOFFS, {"knocker_melds": [h("4H 5H 6H"), h("9C 9D 9S")],
                    "defender_hand": h("AC 2C 3C QC QD QS 2H 3H 7H 9H")}),
     checks=[eq("/deadwood_count", 0),
             same("/layoffs", [{"card": "3H", "meld": 0}, {"card": "2H", "meld": 0},
                               {"card": "7H", "meld": 0}, {"card": "9H", "meld": 1}])])
fact("wm-layoffs", "one card fits two runs", "the six of hearts lays off once", ("R-6.1",),
     post(LAYOFFS, {"knocker_melds": [h("3H 4H 5H"), h("7H 8H 9H")],
                    "defender_hand": h("AC 2C 3C QC QD QS 2D 3D 4D 6H")}),
     checks=[eq("/deadwood_count", 0), eq("/layoffs/0/card", "6H"),
             ("/layoffs/0/meld", {"one_of": [0, 1]}), absent("/layoffs/1")])

fact("wm-scoring", "worked ordinary knock", "the knocker wins 8", ("R-7.1",),
     post(SCORE, {"knocker": {"hand": h("3H 4H 5H 7C 7D 7S AS 2S 3S 9D"), "discard": "KH"},
                  "defender": {"hand": h("TC TD TH 4S 5S 6S 8C 2D 3C 4D")},
                  "rules": UNDERCUT_25}),
     checks=[eq("/outcome", "knock"), eq("/winner", "knocker"), eq("/points", 8)])
fact("wm-scoring", "chained-layoff knock regression", "ace and two of hearts chain: 2 points",
     ("R-7.1", "R-6.2"),
     post(SCORE, {"knocker": {"hand": h("2D 3H 4H 5H 9D 9H 9S KC KH KS"), "discard": "QD",
                              "melds": [h("3H 4H 5H"), h("9D 9H 9S"), h("KC KH KS")]},
                  "defender": {"hand": h("AH AS 2H 3C 7C 7H 7S JC JD JH")},
                  "rules": UNDERCUT_25}),
     checks=[eq("/outcome", "knock"), eq("/winner", "knocker"), eq("/points", 2),
             eq("/knocker/deadwood_count", 2), eq("/defender/deadwood_count", 4),
             same("/defender/deadwood", h("3C AS")),
             same("/defender/layoffs", [{"card": "2H", "meld": 0}, {"card": "AH", "meld": 0}])])
fact("wm-scoring", "8-versus-5 undercut", "the defender wins 3 plus 25", ("R-7.2",),
     post(SCORE, {"knocker": {"hand": h("AH 2H 3H 4C 5C 6C 9D TD JD 8S"), "discard": "KC"},
                  "defender": {"hand": h("AC 2C 3C 7H 8H 9H QS QH QD 5D")},
                  "rules": UNDERCUT_25}),
     checks=[eq("/outcome", "undercut"), eq("/winner", "defender"), eq("/points", 28)])
fact("wm-scoring", "equal deadwood", "equal counts undercut for 25", ("R-7.2",),
     post(SCORE, {"knocker": {"hand": h("AH 2H 3H 4C 5C 6C 9D TD JD 8S"), "discard": "KC"},
                  "defender": {"hand": h("AC 2C 3C 7H 8H 9H QS QH QD 8C")},
                  "rules": UNDERCUT_25}),
     checks=[eq("/outcome", "undercut"), eq("/points", 25)])
fact("wm-scoring", "gin permits no layoffs", "the four of hearts is not laid off against gin",
     ("R-6.3", "R-7.3"),
     post(SCORE, {"knocker": {"hand": h("AH 2H 3H 4C 5C 6C TD JD QD KD"), "discard": "9D"},
                  "defender": {"hand": h("4H 7C 7D 7S 8C 9C TC 2S 5S KS")},
                  "rules": UNDERCUT_25}),
     checks=[eq("/outcome", "gin"), eq("/defender/layoffs", [])])

# lowelljones prices a knock from the two deadwood lists alone; a round here is scored from
# hands, so each list is completed with melds that take no layoffs and leave it as deadwood.
_L_KNOCKER = h("AS 2S 3S 4H 5H 6H 7D 8D 9D 5C")
for _test, _text, _defender, _outcome, _winner, _points in (
        ("knocker lower", "5 against 19: the knocker wins 14",
         "QS QH QD QC 6C 7C 8C 9C KD 9H", "knock", "knocker", 14),
        ("opponent lower", "5 against 2: the defender wins 3 plus 25",
         "QS QH QD QC 6C 7C 8C 9C TC 2D", "undercut", "defender", 28),
        ("equal totals", "5 against 5: the defender wins the 25 cut",
         "QS QH QD QC 6C 7C 8C 9C TC 5D", "undercut", "defender", 25)):
    fact("lowell-scoring", _test, _text, ("R-7.1", "R-7.2"),
         post(SCORE, {"knocker": {"hand": _L_KNOCKER}, "defender": {"hand": h(_defender)},
                      "rules": UNDERCUT_25}),
         checks=[eq("/outcome", _outcome), eq("/winner", _winner), eq("/points", _points)])
fact("lowell-scoring", "gin", "gin against no deadwood is 25", ("R-7.3",),
     post(SCORE, {"knocker": {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TD")},
                  "defender": {"hand": h("7C 8C 9C TC JS JH JD QS QH QD")},
                  "rules": UNDERCUT_25}),
     checks=[eq("/outcome", "gin"), eq("/points", 25)])
fact("lowell-scoring", "gin", "gin against A, K, Q, 5 is 25 plus 26", ("R-7.3", "R-1.3"),
     post(SCORE, {"knocker": {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TD")},
                  "defender": {"hand": h("7C 8C 9C JS JH JD AH KD QC 5S")},
                  "rules": UNDERCUT_25}),
     checks=[eq("/outcome", "gin"), eq("/points", 51)])

# Knocks ---------------------------------------------------------------------------------------

_RL = "JS JH JD 8C 7S 7H 7D 4S 3D 2S AC"
fact("rlcard", "test_knocking", "only the eight of clubs is a knock discard", ("R-5.1",),
     post(ANALYZE, {"hand": h(_RL)}),
     checks=[eq("/best_discards", ["8C"]), eq("/can_knock", True)]
     + [check for i, c in enumerate(canonical(h(_RL)))
        for check in (eq(f"/discards/{i}/card", c),
                      at_most(f"/discards/{i}/deadwood_count", 10) if c == "8C"
                      else at_least(f"/discards/{i}/deadwood_count", 11))])
fact("rlcard", "test_knocking", "knocking with the eight of clubs is legal", ("R-5.1",),
     post(KNOCK, {"hand": h(_RL), "discard": "8C"}),
     checks=[eq("/legal", True), at_most("/deadwood_count", 10)])
fact("rlcard", "test_knocking", "knocking with the four of spades is not", ("R-5.1",),
     post(KNOCK, {"hand": h(_RL), "discard": "4S"}),
     checks=[eq("/legal", False), eq("/violations/0/code", "deadwood_over_limit")])

_ONE = "AC 2C 3C 4D 5D 6D 7H 8H 9H TS"     # jdh8's "A23.456.789.T"
_TWO = "4C 5C 8D 9D JD JH QH KH 2S 3S"     # "45.89J.JQK.23"
_ONE_J = "AC 2C 3C 4D 5D 6D 7H 8H 9H JS"   # "A23.456.789.J"
_KINGS = "JC QC KC JD QD KD JH QH KH TS"   # "JQK.JQK.JQK.T"
_GIN = "AC 2C 3C 4C 5D 6D 7D 9H TH JH"     # "A234.567.9TJ."
_LOSER = "7C 8C 8D 9D JD QH KH 2S 3S 5S"   # "78.89J.QK.235"
_RUNS = [h("AC 2C 3C"), h("4D 5D 6D"), h("7H 8H 9H")]

fact("jdh8-round", "upcard_take_and_knock_with_layoffs",
     "the card just taken may not be the knock discard", ("R-4.3",),
     post(KNOCK, {"hand": h(_ONE) + ["JS"], "discard": "JS", "taken_card": "JS", "rules": JDH8}),
     checks=[eq("/legal", False), eq("/violations/0/code", "taken_card_discarded")])
fact("jdh8-round", "upcard_take_and_knock_with_layoffs", "a knock at exactly the limit",
     ("R-5.1",),
     post(KNOCK, {"hand": h(_ONE) + ["JS"], "discard": "TS", "taken_card": "JS", "rules": JDH8}),
     checks=[eq("/legal", True), eq("/deadwood_count", 10), eq("/arrangement/deadwood", ["JS"])])
fact("jdh8-round", "gin_skips_layoffs", "the upcard taken cannot be the knock discard",
     ("R-4.3",),
     post(KNOCK, {"hand": h(_GIN) + ["AS"], "discard": "AS", "taken_card": "AS", "rules": JDH8}),
     checks=[eq("/legal", False), eq("/violations/0/code", "taken_card_discarded")])
fact("jdh8-round", "gin_skips_layoffs", "a stock card knocked away for gin", ("R-5.4",),
     post(KNOCK, {"hand": h(_GIN) + ["KS"], "discard": "KS", "rules": JDH8}),
     checks=[eq("/legal", True), eq("/gin", True), eq("/deadwood_count", 0)])
fact("jdh8-round", "big_gin_and_its_fallback", "eleven melded cards are big gin",
     ("R-5.5",),
     post(KNOCK, {"hand": h(_GIN) + ["5C"], "discard": None, "rules": JDH8}),
     checks=[eq("/legal", True), eq("/big_gin", True)])
fact("jdh8-round", "big_gin_and_its_fallback", "classic rules have no big gin", ("R-5.5", "R-10"),
     post(KNOCK, {"hand": h(_GIN) + ["5C"], "discard": None, "rules": JDH8_CLASSIC}),
     checks=[eq("/legal", False), eq("/violations/0/code", "big_gin_not_played")])
fact("jdh8-round", "big_gin_and_its_fallback", "classic: shedding the club ace is gin",
     ("R-5.4", "R-5.5"),
     post(KNOCK, {"hand": h(_GIN) + ["5C"], "discard": "AC", "rules": JDH8_CLASSIC}),
     checks=[eq("/legal", True), eq("/gin", True)])
fact("jdh8-round", "knock_validation", "spreading no melds leaves 55, over the limit",
     ("R-5.3", "R-5.1"),
     post(KNOCK, {"hand": h(_ONE_J) + ["KS"], "discard": "KS", "melds": [], "rules": JDH8}),
     checks=[eq("/legal", False), eq("/deadwood_count", 55),
             eq("/violations/0/code", "deadwood_over_limit")])
fact("jdh8-round", "knock_validation", "big gin needs all eleven cards melded", ("R-5.5",),
     post(KNOCK, {"hand": h(_ONE_J) + ["KS"], "discard": None, "rules": JDH8}),
     checks=[eq("/legal", False), eq("/violations/0/code", "not_big_gin")])
fact("jdh8-round", "knock_validation", "a card not held cannot be knocked away", ("R-4.4",),
     post(KNOCK, {"hand": h(_ONE_J) + ["KS"], "discard": "5S", "rules": JDH8}),
     checks=[eq("/legal", False), eq("/violations/0/code", "discard_not_in_hand")])

fact("openspiel", "OklahomaTest", "an ace upcard means gin only: 1 deadwood cannot knock",
     ("R-5.6",),
     post(KNOCK, {"hand": h("AS 2S 3S 4S 5S 6S 7S 8S 9S KH AC"), "discard": "KH",
                  "taken_card": "AC", "upcard": "AC", "rules": OPENSPIEL_OKLAHOMA}),
     checks=[eq("/legal", False), eq("/knock_limit", 0), eq("/deadwood_count", 1)])
fact("openspiel", "OklahomaTest", "with an ace upcard gin may still knock", ("R-5.6", "R-5.4"),
     post(KNOCK, {"hand": h("AS 2S 3S 4S 5S 6S 7S 8S 9S AC AD"), "discard": "9S",
                  "taken_card": "AD", "upcard": "AC", "rules": OPENSPIEL_OKLAHOMA}),
     checks=[eq("/legal", True), eq("/gin", True)])
fact("openspiel-py", "test_bindings", "the default knock card is 10, not Oklahoma", ("R-10",),
     get("/v1/rules/standard"), checks=[eq("/knock_limit", 10), eq("/oklahoma", False)])

# Layoffs --------------------------------------------------------------------------------------

fact("openspiel-py", "test_bindings", "three aces take the fourth ace", ("R-6.1",),
     post(LAYOFFS, {"knocker_melds": [h("AS AC AD")],
                    "defender_hand": h("AH 5S 7H 9D JC KS 3D 8C QH 6C")}),
     checks=[eq("/layable", ["AH"]), eq("/layoffs", [{"card": "AH", "meld": 0}])])
fact("openspiel-py", "test_bindings", "A-2-3 of spades takes only the four", ("R-6.1", "R-6.2"),
     post(LAYOFFS, {"knocker_melds": [h("AS 2S 3S")],
                    "defender_hand": h("4S KS 9H 7D JC 5H 2D QC 8C 6H")}),
     checks=[eq("/layable", ["4S"])])
fact("openspiel-py", "test_bindings", "after the four the five of spades lays off", ("R-6.2",),
     post(LAYOFFS, {"knocker_melds": [h("AS 2S 3S")],
                    "defender_hand": h("4S 5S 9H 9D KC QC JD 8H 7C 2D")}),
     checks=[eq("/layoffs", [{"card": "4S", "meld": 0}, {"card": "5S", "meld": 0}])])

_OS1_KNOCKER = [h("KS KC KD"), h("5S 6S 7S"), h("9C TC JC")]
_OS1_DEFENDER = h("2S 2C 2D 2H 8S 8C 8D 9S 7C AC")
fact("openspiel", "GameplayTest1", "breaking the eights lays off four cards", ("R-6.4", "R-6.2"),
     post(LAYOFFS, {"knocker_melds": _OS1_KNOCKER, "defender_hand": _OS1_DEFENDER}),
     checks=[eq("/deadwood_count", 9),
             same("/layoffs", [{"card": "8S", "meld": 1}, {"card": "9S", "meld": 1},
                               {"card": "8C", "meld": 2}, {"card": "7C", "meld": 2}]),
             same("/deadwood", h("8D AC"))])
_OS2_SETS = [h("5S 5C 5D"), h("6S 6C 6D"), h("7S 7C 7D")]
_OS2_DEFENDER = h("3S 4S 4C 4D 5H 6H 7H 8S 8C 8D")
fact("openspiel", "GameplayTest2", "sets of 5, 6, 7 take the 5-6-7 of hearts and no more",
     ("R-6.1",), post(LAYOFFS, {"knocker_melds": _OS2_SETS, "defender_hand": _OS2_DEFENDER}),
     checks=[same("/layable", h("5H 6H 7H")), eq("/deadwood_count", 3)])
_OS3_KNOCKER = [h("AS AC AD"), h("TC TD TH"), h("JS QS KS")]
_OS3_DEFENDER = h("TS 9S 4S 4C 4D 4H 5S 5C 5D 5H")
fact("openspiel", "GameplayTest3", "the ten then the nine of spades lay off on J-Q-K",
     ("R-6.2",), post(LAYOFFS, {"knocker_melds": _OS3_KNOCKER, "defender_hand": _OS3_DEFENDER}),
     checks=[eq("/deadwood_count", 0),
             eq("/layoffs", [{"card": "TS", "meld": 2}, {"card": "9S", "meld": 2}])])
fact("openspiel", "WallTest", "nothing lays off against gin", ("R-6.3",),
     post(LAYOFFS, {"knocker_melds": [h("2S 3S 4S 5S 6S 7S 8S"), h("JH QH KH")], "gin": True,
                    "defender_hand": h("9S TS JS QS KS AC 2C 3C 8H TH")}),
     checks=[eq("/layoffs", []), eq("/deadwood_count", 18)])

fact("jdh8-round", "upcard_take_and_knock_with_layoffs",
     "the four then the five of clubs, nothing else", ("R-6.1", "R-6.2"),
     post(LAYOFFS, {"knocker_melds": _RUNS, "defender_hand": h(_TWO)}),
     checks=[same("/layable", h("4C 5C")),
             eq("/layoffs", [{"card": "4C", "meld": 0}, {"card": "5C", "meld": 0}]),
             eq("/deadwood_count", 32), eq("/melds", [meld("run", "JH QH KH")])])
fact("jdh8-round", "layoff_indices", "a layoff onto a fourth meld of three is refused",
     ("R-6.1",),
     post(SCORE, {"knocker": {"hand": h(_ONE), "discard": "JS", "melds": _RUNS},
                  "defender": {"hand": h(_TWO), "melds": [h("JH QH KH")],
                               "layoffs": [{"card": "4C", "meld": 3}]}, "rules": JDH8}), 422,
     codes=["no_such_meld"], pointers=["/defender/layoffs/0/meld"])
fact("jdh8-round", "upcard_take_and_knock_with_layoffs", "the five of clubs first does not fit",
     ("R-6.2",),
     post(SCORE, {"knocker": {"hand": h(_ONE), "discard": "JS", "melds": _RUNS},
                  "defender": {"hand": h(_TWO), "melds": [h("JH QH KH")],
                               "layoffs": [{"card": "5C", "meld": 0}]}, "rules": JDH8}), 422,
     codes=["layoff_does_not_fit"], pointers=["/defender/layoffs/0"])

# Round scores ---------------------------------------------------------------------------------

fact("openspiel", "GameplayTest1", "undercut by breaking a meld, bonus 20: 21",
     ("R-7.2", "R-6.4"),
     post(SCORE, {"knocker": {"hand": h("KS KC KD 5S 6S 7S 9C TC JC JD"), "discard": "QS",
                              "melds": _OS1_KNOCKER},
                  "defender": {"hand": _OS1_DEFENDER},
                  "rules": dict(OPENSPIEL, undercut_bonus=20)}),
     checks=[eq("/outcome", "undercut"), eq("/winner", "defender"), eq("/points", 21),
             eq("/knocker/deadwood_count", 10), eq("/defender/deadwood_count", 9)])
_OS2_KNOCKER = h("AS 5S 6S 7S 5C 6C 7C 5D 6D 7D")
fact("openspiel", "GameplayTest2", "the knocker spreading three sets wins 2", ("R-7.1", "R-5.3"),
     post(SCORE, {"knocker": {"hand": _OS2_KNOCKER, "discard": "2S", "melds": _OS2_SETS},
                  "defender": {"hand": _OS2_DEFENDER}, "rules": OPENSPIEL}),
     checks=[eq("/outcome", "knock"), eq("/winner", "knocker"), eq("/points", 2),
             eq("/knocker/deadwood_count", 1), eq("/defender/deadwood_count", 3)])
fact("openspiel", "GameplayTest2", "the best spread for the knocker is the sets", ("R-7.6",),
     post(SCORE, {"knocker": {"hand": _OS2_KNOCKER, "discard": "2S"},
                  "defender": {"hand": _OS2_DEFENDER}, "rules": OPENSPIEL}),
     checks=[eq("/outcome", "knock"), eq("/points", 2),
             same("/knocker/melds", [{"kind": "set", "cards": h("5S 5D 5C")},
                                     {"kind": "set", "cards": h("6S 6D 6C")},
                                     {"kind": "set", "cards": h("7S 7D 7C")}])])
fact("openspiel", "GameplayTest2", "spreading three runs instead is undercut", ("R-7.2", "R-6.2"),
     post(SCORE, {"knocker": {"hand": _OS2_KNOCKER, "discard": "2S",
                              "melds": [h("5S 6S 7S"), h("5C 6C 7C"), h("5D 6D 7D")]},
                  "defender": {"hand": _OS2_DEFENDER}, "rules": OPENSPIEL}),
     checks=[eq("/outcome", "undercut"), eq("/winner", "defender")])
fact("openspiel", "GameplayTest3", "laying off the ten and nine undercuts: 27", ("R-7.2", "R-6.2"),
     post(SCORE, {"knocker": {"hand": h("AS AC AD TC TD TH JS QS KS 2H"), "discard": "2S",
                              "melds": _OS3_KNOCKER},
                  "defender": {"hand": _OS3_DEFENDER}, "rules": OPENSPIEL}),
     checks=[eq("/outcome", "undercut"), eq("/winner", "defender"), eq("/points", 27),
             eq("/defender/deadwood_count", 0)])
fact("openspiel", "WallTest", "gin scores 25 plus the defender's 18", ("R-7.3", "R-6.3"),
     post(SCORE, {"knocker": {"hand": h("2S 3S 4S 5S 6S 7S 8S JH QH KH"), "discard": "AS"},
                  "defender": {"hand": h("9S TS JS QS KS AC 2C 3C 8H TH")},
                  "rules": OPENSPIEL}),
     checks=[eq("/outcome", "gin"), eq("/winner", "knocker"), eq("/points", 43),
             eq("/defender/layoffs", [])])
fact("openspiel", "OklahomaTest", "gin under an ace upcard scores 25 plus 63", ("R-7.3", "R-5.6"),
     post(SCORE, {"knocker": {"hand": h("AS 2S 3S 4S 5S 6S 7S 8S AC AD"), "discard": "9S"},
                  "defender": {"hand": h("JS QS 2C 3C 4C TD QD 3H TH JH")},
                  "upcard": "AC", "rules": OPENSPIEL_OKLAHOMA}),
     checks=[eq("/outcome", "gin"), eq("/points", 88), eq("/defender/deadwood_count", 63)])

fact("jdh8-round", "upcard_take_and_knock_with_layoffs", "the knocker wins by 22", ("R-7.1",),
     post(SCORE, {"knocker": {"hand": h(_ONE_J), "discard": "TS"},
                  "defender": {"hand": h(_TWO)}, "rules": JDH8}),
     checks=[eq("/outcome", "knock"), eq("/winner", "knocker"), eq("/points", 22),
             eq("/defender/deadwood_count", 32)])
fact("jdh8-round", "pass_pass_forces_stock_draw_and_tie_undercuts",
     "three sets of faces beside a ten leave 10", ("R-2.5",),
     post(ANALYZE, {"hand": h(_KINGS)}), checks=[eq("/deadwood_count", 10)])
fact("jdh8-round", "pass_pass_forces_stock_draw_and_tie_undercuts",
     "a tie undercuts: 0 plus 25", ("R-7.2",),
     post(SCORE, {"knocker": {"hand": h(_ONE_J), "discard": "4S"},
                  "defender": {"hand": h(_KINGS)}, "rules": JDH8}),
     checks=[eq("/outcome", "undercut"), eq("/winner", "defender"), eq("/points", 25)])
fact("jdh8-round", "tie_without_undercut_goes_to_the_knocker",
     "without undercut on ties a tie is no undercut and scores 0", ("R-7.2",),
     post(SCORE, {"knocker": {"hand": h(_ONE_J), "discard": "4S"},
                  "defender": {"hand": h(_KINGS)}, "rules": dict(JDH8, undercut_on_tie=False)}),
     checks=[eq("/outcome", "knock"), eq("/points", 0)])
fact("jdh8-round", "tie_without_undercut_goes_to_the_knocker",
     "the knocker wins the scoreless tie", ("R-7.7", "R-7.2"),
     post(SCORE, {"knocker": {"hand": h(_ONE_J), "discard": "4S"},
                  "defender": {"hand": h(_KINGS)},
                  "rules": dict(JDH8, undercut_on_tie=False, scoreless_tie_winner="knocker")}),
     checks=[eq("/outcome", "knock"), eq("/winner", "knocker"), eq("/points", 0)])
fact("jdh8-round", "gin_skips_layoffs", "gin against a meldless 72 scores 97", ("R-7.3", "R-6.3"),
     post(SCORE, {"knocker": {"hand": h(_GIN), "discard": "KS"},
                  "defender": {"hand": h(_LOSER)}, "rules": JDH8}),
     checks=[eq("/outcome", "gin"), eq("/points", 97), eq("/defender/layoffs", []),
             eq("/defender/deadwood_count", 72)])
fact("jdh8-round", "big_gin_and_its_fallback", "big gin scores 72 plus 31", ("R-7.3", "R-5.5"),
     post(SCORE, {"knocker": {"hand": h(_GIN) + ["5C"]},
                  "defender": {"hand": h(_LOSER)}, "rules": JDH8}),
     checks=[eq("/outcome", "big_gin"), eq("/points", 103)])
fact("jdh8-round", "big_gin_and_its_fallback", "classic gin scores 20 plus 72", ("R-7.3", "R-10"),
     post(SCORE, {"knocker": {"hand": h("2C 3C 4C 5C 5D 6D 7D 9H TH JH"), "discard": "AC"},
                  "defender": {"hand": h(_LOSER)}, "rules": JDH8_CLASSIC}),
     checks=[eq("/outcome", "gin"), eq("/points", 92)])
fact("jdh8-round", "deal_validation", "the same cards in both hands are refused", ("R-1.5",),
     post(SCORE, {"knocker": {"hand": h(_ONE)}, "defender": {"hand": h(_ONE)}, "rules": JDH8}),
     422, codes=["duplicate_card"])

# Play (game logs) -----------------------------------------------------------------------------


def _stock(*hands_and_upcard, top=""):
    """The 31 cards left after the deal, ``top`` first, the rest in a fixed order (the facts
    asked do not depend on it)."""
    dealt = {c for cards in hands_and_upcard for c in h(cards)} | set(h(top))
    rest = [r + s for s in "CDHS" for r in _RANKS if r + s not in dealt]
    return h(top) + rest


def _log(one, two, upcard, actions, top=""):
    return {"format": "ginrules-log/1", "rules": JDH8, "players": ["one", "two"],
            "rounds": [{"dealer": "two", "hands": {"one": h(one), "two": h(two)},
                        "upcard": upcard, "stock": _stock(one, two, upcard, top=top),
                        "actions": actions}]}


def _act(player, action, **fields):
    return dict(player=player, action=action, **fields)


_PASSES = [_act("one", "pass"), _act("two", "pass")]
fact("jdh8-round", "upcard_take_and_knock_with_layoffs",
     "the non-dealer has the first offer of the upcard", ("R-4.2",),
     post(REPLAY, _log(_ONE, _TWO, "JS", [])),
     checks=[eq("/valid", True), eq("/next/player", "one"), eq("/next/phase", "first_turn")])
fact("jdh8-round", "upcard_take_and_knock_with_layoffs",
     "no stock draw while the upcard is offered", ("R-4.2",),
     post(REPLAY, _log(_ONE, _TWO, "JS", [_act("one", "draw", source="stock")])),
     checks=[eq("/valid", False), eq("/violations/0/code", "must_pass_or_take_upcard")])
fact("jdh8-round", "pass_pass_forces_stock_draw_and_tie_undercuts",
     "after two passes the non-dealer may not take the upcard", ("R-4.2",),
     post(REPLAY, _log(_ONE_J, _KINGS, "2S",
                       _PASSES + [_act("one", "draw", source="discard")], top="KS QS 4S")),
     checks=[eq("/valid", False), eq("/violations/0/code", "must_draw_from_stock"),
             eq("/violations/0/pointer", "/rounds/0/actions/2")])
fact("jdh8-round", "pass_pass_forces_stock_draw_and_tie_undercuts",
     "after two passes the non-dealer draws the stock", ("R-4.2",),
     post(REPLAY, _log(_ONE_J, _KINGS, "2S",
                       _PASSES + [_act("one", "draw", source="stock", card="KS")],
                       top="KS QS 4S")),
     checks=[eq("/valid", True), eq("/next/player", "one"), eq("/next/phase", "discard")])
_FORCED = _PASSES + [_act("one", "draw", source="stock", card="KS"),
                     _act("one", "discard", card="KS"),
                     _act("two", "draw", source="discard", card="KS")]
fact("jdh8-round", "taking_from_the_pile_after_a_forced_draw",
     "the next player may take the fresh discard", ("R-4.1", "R-4.2"),
     post(REPLAY, _log(_ONE, _TWO, "JS", _FORCED + [_act("two", "discard", card="2S")],
                       top="KS")),
     checks=[eq("/valid", True), eq("/next/player", "one"), eq("/next/phase", "draw")])
fact("jdh8-round", "taking_from_the_pile_after_a_forced_draw",
     "but may not throw it straight back", ("R-4.3",),
     post(REPLAY, _log(_ONE, _TWO, "JS", _FORCED + [_act("two", "discard", card="KS")],
                       top="KS")),
     checks=[eq("/valid", False), eq("/violations/0/code", "taken_card_discarded")])


def _dead_hand():
    stock = _stock(_ONE_J, _KINGS, "2S")
    actions = list(_PASSES)
    for turn, card in enumerate(stock[:29]):  # each draws and sheds until two are left
        player = "one" if turn % 2 == 0 else "two"
        actions += [_act(player, "draw", source="stock", card=card),
                    _act(player, "discard", card=card)]
    return _log(_ONE_J, _KINGS, "2S", actions)


fact("jdh8-round", "dead_hand_at_two_stock_cards", "two cards left in the stock: a dead hand",
     ("R-4.6",), post(REPLAY, _dead_hand()),
     checks=[eq("/valid", True), eq("/rounds/0/result/outcome", "draw"),
             eq("/rounds/0/result/points", 0), eq("/rounds/0/result/winner", None)])

# Game scores ----------------------------------------------------------------------------------


def _match(rules, rounds):
    return post(MATCHES, {"rules": rules, "players": ["one", "two"],
                          "rounds": [{"winner": w, "points": p} for w, p in rounds]})


_BOXES = [("two", 30), (None, 0), ("one", 25), ("one", 30), ("two", 85)]
# jdh8 records results, not points: knock 30, dead hand, knock 25, undercut by 5 (5 + 25),
# gin against 60 (60 + 25).
fact("jdh8-game", "boxes_and_game_bonus_settle_at_the_end",
     "boxes and the game bonus added when it ends",
     ("R-8.1", "R-8.2", "R-8.3"), _match(JDH8, _BOXES),
     checks=[eq("/complete", True), eq("/winner", "two"),
             eq("/totals", {"one": 55 + 2 * 25, "two": 115 + 2 * 25 + 100})])
fact("jdh8-game", "boxes_and_game_bonus_settle_at_the_end", "no winner before 100",
     ("R-8.1",), _match(JDH8, _BOXES[:4]),
     checks=[eq("/complete", False), eq("/winner", None)])
fact("jdh8-game", "boxes_and_game_bonus_settle_at_the_end", "no round after the game is won",
     ("R-8.1",), _match(JDH8, _BOXES + [("one", 1)]), 422,
     codes=["game_over"], pointers=["/rounds/5"])
fact("jdh8-game", "shutout_doubles_or_adds_flat", "classic shutout: 100 + 40 + 100 + 100",
     ("R-8.3", "R-8.2"), _match(JDH8_CLASSIC, [("one", 50), ("one", 50)]),
     checks=[eq("/totals", {"one": 340, "two": 0}), eq("/winner", "one")])
fact("jdh8-game", "shutout_doubles_or_adds_flat", "the loser's one point: no shutout",
     ("R-8.3", "R-8.2"), _match(JDH8, [("two", 1), ("one", 50), ("one", 50)]),
     checks=[eq("/totals", {"one": 100 + 2 * 25 + 100, "two": 1 + 25})])
fact("jdh8-game", "shutout_doubles_or_adds_flat", "modern shutout doubles the total: 500",
     ("R-8.3", "R-8.2"), _match(JDH8, [("one", 50), ("one", 50)]),
     checks=[eq("/totals", {"one": (100 + 2 * 25 + 100) * 2, "two": 0}), eq("/winner", "one")])
fact("jdh8-game", "immediate_boxes_shorten_the_game", "palace boxes end the game after five",
     ("R-8.2", "R-8.1"), _match(JDH8_PALACE, [("one", 10)] * 5),
     checks=[eq("/complete", True), eq("/totals", {"one": 100, "two": 0}),
             eq("/rounds/3/totals", {"one": 80, "two": 0})])
fact("jdh8-game", "immediate_boxes_shorten_the_game", "no sixth hand after palace boxes end it",
     ("R-8.2", "R-8.1"), _match(JDH8_PALACE, [("one", 10)] * 6), 422,
     codes=["game_over"], pointers=["/rounds/5"])
fact("jdh8-game", "immediate_boxes_shorten_the_game", "boxes at the end: 90 after nine is open",
     ("R-8.2", "R-8.1"), _match(JDH8, [("one", 10)] * 9),
     checks=[eq("/complete", False), eq("/rounds/8/totals", {"one": 90, "two": 0})])

# Facts not asked ------------------------------------------------------------------------------

NOT_PLAYED = "a rule this service does not play yet"
NO_REQUEST = "no request of this service asks it"
LEFT_OUT = [
    ("openspiel", "MeldTests", "the deck has 185 melds of 3 to 5 cards; meld action numbers",
     f"{NO_REQUEST}: OpenSpiel's meld numbering and enumeration of melds"),
    ("openspiel", "MeldTests", "six melds among AS AC AD AH 2S 3S; fourteen in an 11-card hand",
     f"{NO_REQUEST}: the service reports arrangements, not every meld a hand holds"),
    ("openspiel", "WallTest", "at the wall the next player may only knock with the last discard "
     "or pass, ending the round", f"{NO_REQUEST} without the test's whole OpenSpiel action "
     "sequence: wall last_discard (R-4.7) is played, and the options topic checks it"),
    ("openspiel", "MaxGameLengthTest", "the 51st draw of the upcard ends the round as a draw",
     "a different timing: OpenSpiel ends the round at that draw, upcard_draw_limit (R-4.8) "
     "after the turn's discard"),
    ("openspiel", "ObserverTest, KnownCardsTest, ResampleFromInfostate*, TestStructs, "
     "ObservationStructHidesDefenderHandTest", "observations, known cards, state structs",
     f"{NO_REQUEST}: OpenSpiel's information states, not rules"),
    ("openspiel", "DeckSizeTests", "a 10-rank, 3-suit deck has 73 melds",
     "not the rules' deck (R-1.1 is one standard 52-card deck)"),
    ("openspiel-py", "test_bindings", "card ints, ranks, suits, hand diagrams, meld ids, "
     "legal melds and discards as action lists",
     f"{NO_REQUEST}: OpenSpiel's encodings and action lists"),
    ("jdh8-meld", "eleven_card_single_suit_run", "eleven clubs in a row are three melds",
     "a difference of representation: R-2.2 makes a run of any length one meld (the deadwood "
     "and big gin facts of the same test are asked)"),
    ("jdh8-round", "deal_validation", "a repeated upcard or stock card, a wrong hand or stock "
     "size, is refused", f"{NO_REQUEST} without inventing a whole log around each deal error; "
     "the repeated card in two hands is asked"),
    ("jdh8-round", "knock_validation", "an arrangement of other cards than the ten kept",
     f"{NO_REQUEST}: a knock here declares melds only, the deadwood is the rest of the ten"),
    ("jdh8-game", "boxes_and_game_bonus_settle_at_the_end", "the winner of a hand deals the "
     "next, a dead hand keeps the dealer",
     f"{NO_REQUEST}: match scoring takes no dealers (the game-log topic checks R-3.2)"),
    ("jdh8-game", "big_gin_prices_by_rules", "a big gin worth 20 is 51; 40 under classic; 70 "
     "with bonus 50", f"{NO_REQUEST}: it prices a result without hands, and under R-5.5 a "
     "big gin without the option is refused, never priced as gin"),
    ("rlcard", "test_melding", "a 20-card hand's set and run melds and 36 meld clusters",
     "hands hold at most eleven cards (R-1.5); no request lists every meld"),
    ("rlcard", "test_init_game, test_gin_rummy_dealer, settings tests", "the non-dealer is "
     "dealt eleven cards; RLCard's settings",
     "a different deal (R-3.1: ten each and an upcard) and RLCard's own configuration"),
    ("cardbench", "TestGinRummyGameFlow", "deal sizes, taking the upcard, passing, drawing "
     "from random deals", f"{NO_REQUEST} without a deal to restate: asserted on random deals "
     "(the same play facts are asked from jdh8)"),
    ("gorman", "test__is_in_a_meld, test__is_in_a_3set, test__is_in_a_4set, "
     "test__melds_using_this_card, test_enumerate_all_melds_and_sets", "helpers' membership "
     "and meld enumeration", f"{NO_REQUEST}: internal helpers (their 'in a meld' means in the "
     "longest run, not in the best arrangement)"),
    ("gorman", "test_sum_points (GinCardGroup)", "the pip sum of a melded hand is 92",
     f"{NO_REQUEST}: the service reports deadwood, not the pip sum of melded cards"),
    ("ashbyp", "test_incorrect_hand_length", "scoring an 8-card hand is an error",
     "a different request: the service analyses any hand of up to eleven cards (R-1.5)"),
    ("lowell-melds", "bestAfterDiscard11", "fewer than eleven cards is an error",
     "a different request: the service analyses any hand of up to eleven cards (R-1.5)"),
    ("lowell-melds", "bestLayoff", "the defender's unmelded totals 0 and 2",
     "their defender holds three cards, one here ten (R-3.1): the position is completed with "
     "seven inert cards, so only the layoffs are asked"),
    ("lowell-scoring", "EO is 50 + opponent unmelded", "an 'EO' hand scores 50 plus the "
     "opponent's deadwood", "the test does not say what ends a round as EO; no rule here "
     "scores 50 (big gin's bonus is an option, asked elsewhere)"),
    ("lowell-scoring", "bettingBucket, computeBettingSettlement", "betting buckets and "
     "settlements", f"{NO_REQUEST}: their stakes, not the rules of play"),
    ("wm-melds", "emits all four three-card subsets..., emits every contiguous subrun..., "
     "deduplicates candidates...", "candidate meld enumeration",
     f"{NO_REQUEST}: the service reports arrangements, not candidate melds"),
    ("wm-analysis", "uses the exact tie tuple repeatably; does not mutate the input hand",
     "the same arrangement whatever the card order; inputs untouched",
     "their own tie-break order; order independence is the representation topic's concern"),
    ("wm-layoffs", "lays a fourth suit onto a three-card set; does not consume cards already "
     "used in an opponent meld", "layoffs in two positions",
     "both positions hold a card twice (9S; 3H and 4H), which the rules do not allow (R-1.5): "
     "the service refuses them, as it should"),
    ("wm-layoffs", "chooses a deterministic target when one card fits two runs", "the six of "
     "hearts goes onto 3-4-5, not 7-8-9", "their tie-break: either meld is right under R-6.1, "
     "so the case accepts either (the single layoff is asked)"),
    ("wm-layoffs", "is independent of opponent card ordering", "the same layoffs for reversed "
     "inputs", "order independence is the representation topic's concern"),
    ("wm-scoring", "scores gin from the opponent's original deadwood", "gin scores their "
     "analysis of the defender plus 25", "the expected number is their own analysis, not "
     "stated; the gin and the absent layoffs are asked"),
    ("wm-scoring", "preserves player order and records before/after score maps", "11 + 8 "
     "gives 19", f"{NO_REQUEST}: match scoring starts from zero, not from given scores"),
    ("ungar", "test_initial_deal, test_draw_*, test_discard_turn_cycle, test_knock_and_scoring",
     "deal sizes and turn order from a seeded deal; a knock where both hands hold the same "
     "cards", f"{NO_REQUEST}: seeded deals and a position the rules do not allow (R-1.5)"),
]


def document() -> dict:
    """The case file: one case per fact, in the order above."""
    descriptions = [f["case"]["description"] for f in FACTS]
    duplicates = {d for d in descriptions if descriptions.count(d) > 1}
    assert not duplicates, duplicates
    too_long = [d for d in descriptions if len(d) > 120]
    assert not too_long, too_long
    return {
        "topic": TOPIC,
        "description": "Facts asserted by other Gin Rummy projects' test suites ("
                       + ", ".join(sorted({repo for _, repo, _ in SOURCES.values()}))
                       + "), restated in this project's notation and rules options.",
        "cases": [f["case"] for f in FACTS],
    }


def main():
    (HERE / f"{TOPIC}.json").write_text(json.dumps(document(), indent=1, ensure_ascii=False)
                                        + "\n", encoding="utf-8")
    print(f"{len(FACTS)} facts from {len({f['source'] for f in FACTS})} files asked, "
          f"{len(LEFT_OUT)} groups left out")


if __name__ == "__main__":
    main()
