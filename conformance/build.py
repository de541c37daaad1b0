"""Writes the conformance case files of this folder.

    python conformance/build.py

The package reads the cases from here: ``service/ginrules/data/conformance`` links to this
folder, and a wheel carries copies of its ``*.json`` files, so ``ginrules conformance`` needs no
checkout.

Hand-written cases carry expected answers worked out from docs/rules.md by hand.  The generated
corpora (``*-generated`` topics) take their expected answers from the small exhaustive
reference solver the tests use too (testkit/reference.py), never from the service itself.
Game-log cases use seeded generated games; the violations expected of corrupted ones follow
from how they were corrupted.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent)]

from testkit.generator import knock_position, random_game  # noqa: E402
from testkit import reference as ref  # noqa: E402

NAMES = [r + s for s in "SHDC" for r in "A23456789TJQK"]
ANALYZE, BATCH, KNOCK, LAYOFFS, SCORE, REPLAY, MELDS_OF = (
    "/v1/hands/analyze", "/v1/hands/analyze/batch", "/v1/knock", "/v1/layoffs",
    "/v1/rounds/score", "/v1/games/replay", "/v1/hands/melds")


def post(path, body):
    return {"method": "POST", "path": path, "body": body}


def get(path):
    return {"method": "GET", "path": path}


def case(description, rule, request, status=200, checks=(), codes=(), pointers=()):
    expected = {"status": status}
    if checks:
        expected["checks"] = [dict(pointer=p, **c) for p, c in checks]
    if codes:
        expected["codes"] = list(codes)
    if pointers:
        expected["pointers"] = list(pointers)
    return {"description": description, "rule": list(rule), "request": request,
            "expected": expected}


def eq(pointer, value):
    return pointer, {"equals": value}


def absent(pointer):
    return pointer, {"absent": True}


def h(codes: str) -> list[str]:
    return codes.split()


def run(kind, *cards):
    return {"kind": kind, "cards": list(cards)}


# Cards (R-1) ---------------------------------------------------------------------------------

CARDS = [
    case("every notation names the same cards", ["R-1.4"],
         post(ANALYZE, {"hand": ["as", "2\u2660", "3\u2660\ufe0f", "10h", "jH", "QH", "kh"]}),
         checks=[eq("/hand", h("AS 2S 3S TH JH QH KH")), eq("/deadwood_count", 0)]),
    case("ten is written T or 10", ["R-1.4"], post(ANALYZE, {"hand": ["10S", "TH", "10d"]}),
         checks=[eq("/hand", h("TS TH TD")), eq("/melds", [run("set", "TS", "TH", "TD")])]),
    case("a bad token is named at its position", ["R-1.4"],
         post(ANALYZE, {"hand": ["AS", "1S", "KX"]}), 422,
         codes=["invalid_card"], pointers=["/hand/1", "/hand/2"]),
    case("a card twice is an error at the later copy", ["R-1.5"],
         post(ANALYZE, {"hand": ["AS", "2S", "as"]}), 422,
         codes=["duplicate_card"], pointers=["/hand/2"]),
    case("more than eleven cards is an error", ["R-1.5"],
         post(ANALYZE, {"hand": NAMES[:12]}), 422, codes=["invalid_hand_size"], pointers=["/hand"]),
    case("values: ace 1, pips at face value, faces 10", ["R-1.3"],
         post(ANALYZE, {"hand": h("AS 5H 9D TC JS QH KD")}), checks=[eq("/deadwood_count", 55)]),
    case("the deck has 52 cards and four suits", ["R-1.1"],
         post(BATCH, {"hands": [NAMES[i:i + 11] for i in range(0, 52, 11)]}),
         checks=[eq("/ok_count", 5), eq("/error_count", 0)]),
    case("Q-K-A is not a run: the ace is low", ["R-1.2"],
         post(ANALYZE, {"hand": h("QS KS AS")}), checks=[eq("/deadwood_count", 21),
                                                         eq("/melds", [])]),
    case("K-A-2 is not a run", ["R-1.2"], post(ANALYZE, {"hand": h("KH AH 2H")}),
         checks=[eq("/deadwood_count", 13)]),
    case("A-2-3 is a run", ["R-1.2", "R-2.2"], post(ANALYZE, {"hand": h("AD 2D 3D")}),
         checks=[eq("/melds", [run("run", "AD", "2D", "3D")])]),
]

# Melds and deadwood (R-2) --------------------------------------------------------------------

MELDS = [
    case("a set of three", ["R-2.1"], post(ANALYZE, {"hand": h("7S 7H 7C")}),
         checks=[eq("/melds", [run("set", "7S", "7H", "7C")])]),
    case("a set of four is one meld", ["R-2.1"], post(ANALYZE, {"hand": h("9S 9H 9D 9C")}),
         checks=[eq("/melds", [run("set", "9S", "9H", "9D", "9C")])]),
    case("two cards of a rank are no set", ["R-2.1"], post(ANALYZE, {"hand": h("9S 9H")}),
         checks=[eq("/deadwood_count", 18)]),
    case("a run needs one suit", ["R-2.2"], post(ANALYZE, {"hand": h("5S 6H 7S")}),
         checks=[eq("/deadwood_count", 18)]),
    case("a run of ten is one meld", ["R-2.2"],
         post(ANALYZE, {"hand": NAMES[13:23]}), checks=[eq("/deadwood_count", 0),
                                                        eq("/melds", [run("run", *NAMES[13:23])])]),
    case("a run longer than five is one meld", ["R-2.2", "R-2.6"],
         post(ANALYZE, {"hand": h("3H 4H 5H 6H 7H 8H 9H TH KS KC")}),
         checks=[eq("/melds", [run("run", *h("3H 4H 5H 6H 7H 8H 9H TH"))]),
                 eq("/deadwood_count", 20)]),
    case("a card is in one meld only", ["R-2.3"], post(ANALYZE, {"hand": h("7S 7D 7H 8H 9H")}),
         checks=[eq("/deadwood_count", 14), eq("/melds", [run("run", "7H", "8H", "9H")])]),
    case("deadwood is the sum of unmelded values", ["R-2.4"],
         post(ANALYZE, {"hand": h("AS 2S 3S 7H 7D KC")}), checks=[eq("/deadwood_count", 24),
                                                                  eq("/deadwood", h("7H 7D KC"))]),
    case("the arrangement with least deadwood is chosen", ["R-2.5"],
         post(ANALYZE, {"hand": h("5S 6S 7S 8S 7H 7D")}),
         checks=[eq("/deadwood_count", 14)]),
    case("a card fitting a set and a run goes where it saves most", ["R-2.6"],
         post(ANALYZE, {"hand": h("5S 6S 7S 7H 7D")}),
         checks=[eq("/deadwood_count", 11), eq("/melds", [run("set", "7S", "7H", "7D")])]),
    case("four of a kind split into a set of three and a run", ["R-2.6"],
         post(ANALYZE, {"hand": h("7S 7H 7D 7C 5S 6S 2H 3C 9D KD")}),
         checks=[eq("/deadwood_count", 24),
                 eq("/melds", [run("run", "5S", "6S", "7S"), run("set", "7H", "7D", "7C")])]),
    case("ties between partitions: every optimal arrangement", ["R-2.5", "R-2.6"],
         post(ANALYZE, {"hand": h("JS QS KS KH KD"), "all_arrangements": True}),
         checks=[eq("/deadwood_count", 20),
                 ("/arrangements", {"same_items": [
                     {"melds": [run("run", "JS", "QS", "KS")], "deadwood": h("KH KD"),
                      "deadwood_count": 20},
                     {"melds": [run("set", "KS", "KH", "KD")], "deadwood": h("JS QS"),
                      "deadwood_count": 20}]}),
                 ("/melds", {"one_of": [[run("run", "JS", "QS", "KS")],
                                        [run("set", "KS", "KH", "KD")]]})]),
]

# Every meld a hand holds (/v1/hands/melds, in the order of) ---------

_CORNER = {"preset": "standard", "round_the_corner": True}

HAND_MELDS = [
    case("every set of three and the set of four of a rank", ["R-2.1", "R-2.5"],
         post(MELDS_OF, {"hand": h("9S 9H 9D 9C")}),
         checks=[eq("/count", 5), eq("/melds", [
             run("set", *h("9S 9H 9D")), run("set", *h("9S 9H 9D 9C")), run("set", *h("9S 9H 9C")),
             run("set", *h("9S 9D 9C")), run("set", *h("9H 9D 9C"))])]),
    case("two cards of a rank hold no meld", ["R-2.1"], post(MELDS_OF, {"hand": h("9S 9H 2C")}),
         checks=[eq("/melds", []), eq("/count", 0)]),
    case("every run of every length from three", ["R-2.2", "R-2.5"],
         post(MELDS_OF, {"hand": h("6H 4H 5H 3H")}),
         checks=[eq("/count", 3), eq("/melds", [
             run("run", *h("3H 4H 5H")), run("run", *h("3H 4H 5H 6H")),
             run("run", *h("4H 5H 6H"))])]),
    case("melds listed may share cards", ["R-2.3"], post(MELDS_OF, {"hand": h("5S 6S 7S 7H 7D")}),
         checks=[eq("/melds", [run("run", *h("5S 6S 7S")), run("set", *h("7S 7H 7D"))])]),
    case("melds come by their cards: a meld before the longer ones it begins", ["R-2.5"],
         post(MELDS_OF, {"hand": h("7C 8S 7D 5S 7H 6S 7S")}),
         checks=[eq("/count", 8), eq("/melds/0/cards", h("5S 6S 7S")),
                 eq("/melds/1/cards", h("5S 6S 7S 8S")), eq("/melds/2/cards", h("6S 7S 8S")),
                 eq("/melds/3/cards", h("7S 7H 7D")), eq("/melds/7/cards", h("7H 7D 7C"))]),
    case("no run wraps past the king: the ace is low", ["R-1.2", "R-2.2"],
         post(MELDS_OF, {"hand": h("JS QS KS AS 2S 3S")}),
         checks=[eq("/melds", [run("run", *h("AS 2S 3S")), run("run", *h("JS QS KS"))])]),
    case("round the corner: runs wrap past the king, in run order", ["R-2.7"],
         post(MELDS_OF, {"hand": h("QS KS AS 2S"), "rules": _CORNER}),
         checks=[eq("/melds", [run("run", *h("QS KS AS")), run("run", *h("QS KS AS 2S")),
                               run("run", *h("KS AS 2S"))])]),
    case("round the corner: cards across a gap are still no run", ["R-2.7"],
         post(MELDS_OF, {"hand": h("QS AS 2S"), "rules": _CORNER}), checks=[eq("/count", 0)]),
    case("round the corner: thirteen of a suit hold one run of thirteen", ["R-2.7"],
         post(MELDS_OF, {"hand": NAMES[26:39], "rules": _CORNER}),
         checks=[eq("/count", 131), eq("/melds/10", run("run", *NAMES[26:39]))]),
    case("the whole deck holds every set and every run", ["R-1.1", "R-2.1", "R-2.2"],
         post(MELDS_OF, {"hand": NAMES}), checks=[eq("/count", 329)]),
    case("with: only the melds holding that card", ["R-2.1", "R-2.2"],
         post(MELDS_OF, {"hand": h("5D 7D 8D 6S 6H 2C KC 6D"), "with": "6D"}),
         checks=[eq("/count", 4), eq("/melds", [
             run("set", *h("6S 6H 6D")), run("run", *h("5D 6D 7D")), run("run", *h("5D 6D 7D 8D")),
             run("run", *h("6D 7D 8D"))])]),
    case("with: a card in no meld", ["R-2.1", "R-2.2"],
         post(MELDS_OF, {"hand": h("5D 6D 7D 2C"), "with": "2C"}),
         checks=[eq("/melds", []), eq("/count", 0)]),
    case("with: a card not in the hand is an error", ["R-2"],
         post(MELDS_OF, {"hand": h("AS 2S 3S"), "with": "4S"}), 422,
         codes=["card_not_in_hand"], pointers=["/with"]),
    case("with: a bad code is an error", ["R-1.4"],
         post(MELDS_OF, {"hand": h("AS 2S 3S"), "with": "1S"}), 422,
         codes=["invalid_card"], pointers=["/with"]),
    case("every notation of the cards gets the same melds", ["R-1.4"],
         post(MELDS_OF, {"hand": ["10h", "j\u2665", "Q\u2665\ufe0f", "kh", "ks", "K\u2666"],
                         "with": "kH"}),
         checks=[eq("/melds", [run("set", *h("KS KH KD")), run("run", *h("TH JH QH KH")),
                               run("run", *h("JH QH KH"))])]),
    case("a card twice is an error at the later copy", ["R-1.5"],
         post(MELDS_OF, {"hand": h("AS 2S as")}), 422, codes=["duplicate_card"],
         pointers=["/hand/2"]),
    case("more cards than the deck is an error", ["R-1.5"],
         post(MELDS_OF, {"hand": NAMES + ["AS"]}), 422, codes=["invalid_hand_size"],
         pointers=["/hand"]),
    case("a bad code in the hand is an error at its position", ["R-1.4"],
         post(MELDS_OF, {"hand": h("AS KX 3S")}), 422, codes=["invalid_card"],
         pointers=["/hand/1"]),
]


# Eleven cards, knocks (R-5) ------------------------------------------------------------------

KNOCKS = [
    case("every discard of eleven cards is valued", ["R-5.1", "R-2.5"],
         post(ANALYZE, {"hand": h("5S 6S 7S 8S 7H 7D 7C 2H 3C 9D KD")}),
         checks=[eq("/deadwood_count", 14), eq("/best_discards", ["KD"]),
                 eq("/discards/8/card", "KD"), eq("/discards/8/deadwood_count", 14),
                 eq("/discards/2/deadwood_count", 43)]),
    case("a knock at the limit is legal", ["R-5.1"],
         post(KNOCK, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC"), "discard": "KC"}),
         checks=[eq("/legal", True), eq("/deadwood_count", 10)]),
    case("a knock over a lower limit is not", ["R-5.1", "R-10"],
         post(KNOCK, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC"), "discard": "KC",
                      "rules": {"knock_limit": 9}}),
         checks=[eq("/legal", False), eq("/violations/0/code", "deadwood_over_limit")]),
    case("knock limit 0 means gin only", ["R-5.1"],
         post(KNOCK, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D AC KC"), "discard": "KC",
                      "rules": {"knock_limit": 0}}),
         checks=[eq("/legal", False), eq("/knock_limit", 0)]),
    case("knocking is never forced", ["R-5.2"],
         post(ANALYZE, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TC")}),
         checks=[eq("/can_knock", True)]),
    case("declared melds are judged as declared", ["R-5.3"],
         post(KNOCK, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC"), "discard": "KC",
                      "melds": [h("AS 2S 3S")]}),
         checks=[eq("/legal", False), eq("/deadwood_count", 49)]),
    case("a discard not in the hand", ["R-4.4", "R-5.1"],
         post(KNOCK, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC"), "discard": "QC"}),
         checks=[eq("/legal", False), eq("/violations/0/code", "discard_not_in_hand"),
                 eq("/violations/0/pointer", "/discard")]),
    case("gin: ten cards with no deadwood", ["R-5.4"],
         post(ANALYZE, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TD KC")}),
         checks=[eq("/gin", True), eq("/best_discards", ["KC"])]),
    case("big gin needs the option", ["R-5.5"],
         post(KNOCK, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TD JD"), "discard": None}),
         checks=[eq("/legal", False), eq("/violations/0/code", "big_gin_not_played")]),
    case("big gin with the option", ["R-5.5"],
         post(KNOCK, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TD JD"), "discard": None,
                      "rules": {"big_gin_bonus": 31}}),
         checks=[eq("/legal", True), eq("/big_gin", True)]),
    case("Oklahoma: the upcard's value is the limit", ["R-5.6", "R-9.5"],
         post(KNOCK, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D 6C KC"), "discard": "KC",
                      "rules": "oklahoma", "upcard": "5H"}),
         checks=[eq("/legal", False), eq("/knock_limit", 5)]),
    case("Oklahoma: a face upcard means 10", ["R-5.6"],
         post(KNOCK, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC"), "discard": "KC",
                      "rules": "oklahoma", "upcard": "QD"}),
         checks=[eq("/legal", True), eq("/knock_limit", 10)]),
    case("Oklahoma: an ace upcard means gin only", ["R-5.6"],
         post(KNOCK, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D AC KC"), "discard": "KC",
                      "rules": "oklahoma", "upcard": "AH"}),
         checks=[eq("/legal", False), eq("/knock_limit", 0)]),
    case("Oklahoma ace rule 'one' allows 1", ["R-5.6"],
         post(KNOCK, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D AC KC"), "discard": "KC",
                      "rules": {"preset": "oklahoma", "oklahoma_ace": "one"}, "upcard": "AH"}),
         checks=[eq("/legal", True), eq("/knock_limit", 1)]),
    case("the taken card may not be the knock discard", ["R-4.3"],
         post(KNOCK, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC"), "discard": "KC",
                      "taken_card": "KC"}),
         checks=[eq("/legal", False), eq("/violations/0/code", "taken_card_discarded")]),
    case("with taken_card_discard allow it may", ["R-4.3"],
         post(KNOCK, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TC KC"), "discard": "KC",
                      "taken_card": "KC", "rules": {"taken_card_discard": "allow"}}),
         checks=[eq("/legal", True)]),
]

# Layoffs (R-6) -------------------------------------------------------------------------------

LAYOFF_CASES = [
    case("a set of three takes its fourth card", ["R-6.1"],
         post(LAYOFFS, {"knocker_melds": [h("9S 9H 9D")],
                        "defender_hand": h("9C 2S 4H 6D 8C TS QH KD JC 3D")}),
         checks=[eq("/layoffs", [{"card": "9C", "meld": 0}])]),
    case("a set of four takes nothing", ["R-6.2"],
         post(LAYOFFS, {"knocker_melds": [h("9S 9H 9D 9C")],
                        "defender_hand": h("8S TS 2H 4H 6D 8C QH KD JC 3D")}),
         checks=[eq("/layoffs", []), eq("/layable", [])]),
    case("layoffs chain in playable order", ["R-6.2"],
         post(LAYOFFS, {"knocker_melds": [h("5S 6S 7S")],
                        "defender_hand": h("4S 3S KH KD QC JC 9H 8D 6C 2D")}),
         checks=[eq("/layoffs", [{"card": "4S", "meld": 0}, {"card": "3S", "meld": 0}]),
                 eq("/deadwood_count", 65)]),
    case("nothing extends past the ace or the king", ["R-6.2", "R-1.2"],
         post(LAYOFFS, {"knocker_melds": [h("AS 2S 3S"), h("JH QH KH")],
                        "defender_hand": h("KS QS AH 2H 5D 6C 8C TD 9H 4D")}),
         checks=[eq("/layable", [])]),
    case("no layoffs against gin", ["R-6.3"],
         post(LAYOFFS, {"knocker_melds": [h("5S 6S 7S")], "gin": True,
                        "defender_hand": h("4S 3S KH KD QC JC 9H 8D 6C 2D")}),
         checks=[eq("/layoffs", []), eq("/deadwood_count", 72)]),
    case("the defender may break own melds to lay off", ["R-6.4"],
         # Own run 4S-6S leaves 4H 4D dead (49 in all); laying 6S 5S off frees 4S for a set.
         post(LAYOFFS, {"knocker_melds": [h("7S 8S 9S")],
                        "defender_hand": h("4S 5S 6S 4H 4D KD QC JC 9H 2C")}),
         checks=[eq("/deadwood_count", 41),
                 eq("/layoffs", [{"card": "6S", "meld": 0}, {"card": "5S", "meld": 0}]),
                 eq("/melds", [run("set", "4S", "4H", "4D")])]),
]

# Round scores (R-7) --------------------------------------------------------------------------

KNOCKER = {"hand": h("AS 2S 3S 4S 7H 8H 9H AC AD 2D")}
DEFENDER = {"hand": h("5S 6S KH QH KD QD JC 9C 7C 5C")}
SCORES = [
    case("knock win scores the difference", ["R-7.1"],
         post(SCORE, {"knocker": {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D 5C")},
                      "defender": {"hand": h("KS KH QD QC JS JH 2C 3D 4D 9C")}}),
         # The defender has no meld: 6 faces, 2C 3D 4D 9C = 78; the knocker 5C = 5.
         checks=[eq("/outcome", "knock"), eq("/winner", "knocker"), eq("/points", 73)]),
    case("undercut: difference plus bonus", ["R-7.2"],
         post(SCORE, {"knocker": {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TC")},
                      "defender": {"hand": h("7S 8S 9S TH JH QH 2C 3C 4C 5D")}}),
         checks=[eq("/outcome", "undercut"), eq("/winner", "defender"), eq("/points", 15)]),
    case("a tie is an undercut by default", ["R-7.2"],
         post(SCORE, {"knocker": {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D 5C")},
                      "defender": {"hand": h("7S 8S 9S TH JH QH 2C 3C 4C 5D")}}),
         checks=[eq("/outcome", "undercut"), eq("/points", 10)]),
    case("a tie scores nothing without undercut_on_tie", ["R-7.2"],
         post(SCORE, {"knocker": {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D 5C")},
                      "defender": {"hand": h("7S 8S 9S TH JH QH 2C 3C 4C 5D")},
                      "rules": {"undercut_on_tie": False}}),
         checks=[eq("/outcome", "knock"), eq("/winner", None), eq("/points", 0)]),
    case("gin: bonus plus the defender's own deadwood", ["R-7.3"],
         post(SCORE, {"knocker": {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TD")},
                      "defender": {"hand": h("5S 6S 7S 8H 9H TH JC QC KC 2C")}}),
         checks=[eq("/outcome", "gin"), eq("/points", 27), eq("/defender/layoffs", [])]),
    case("gin beats a defender with no deadwood", ["R-7.3"],
         post(SCORE, {"knocker": {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TD")},
                      "defender": {"hand": h("5S 6S 7S 8H 9H TH JC QC KC TC")}}),
         checks=[eq("/outcome", "gin"), eq("/winner", "knocker"), eq("/points", 25)]),
    case("Oklahoma spade upcard doubles the round", ["R-7.4", "R-5.6"],
         post(SCORE, {"knocker": KNOCKER, "defender": DEFENDER, "rules": "oklahoma",
                      "upcard": "9S"}),
         checks=[eq("/points", 148)]),
    case("every term of the score names its rule", ["R-7.5"],
         post(SCORE, {"knocker": {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TC")},
                      "defender": {"hand": h("7S 8S 9S TH JH QH 2C 3C 4C 5D")},
                      "rules": "modern"}),
         checks=[eq("/breakdown", [
             {"term": "deadwood difference", "points": 5, "rule": "R-7.2"},
             {"term": "undercut bonus", "points": 25, "rule": "R-7.2"}])]),
    case("the knocker keeps a run end to deny a chain", ["R-7.6"],
         post(SCORE, {"knocker": KNOCKER, "defender": DEFENDER}),
         checks=[eq("/points", 74), eq("/knocker/deadwood_count", 8)]),
    case("classic gin bonus is 20", ["R-10", "R-7.3"],
         post(SCORE, {"knocker": {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D TD")},
                      "defender": {"hand": h("5S 6S 7S 8H 9H TH JC QC KC 2C")},
                      "rules": "classic"}),
         checks=[eq("/points", 22)]),
]

# Round the corner and the ace's value (R-2.7) -------------------------------------------------

CORNER = {"round_the_corner": True}
ACE15 = {"ace_deadwood_value": 15}
CORNER_CASES = [
    case("round the corner: Q-K-A is a run, listed Q K A", ["R-2.7"],
         post(ANALYZE, {"hand": h("AS QS KS"), "rules": CORNER}),
         checks=[eq("/melds", [run("run", "QS", "KS", "AS")]), eq("/deadwood_count", 0)]),
    case("round the corner: K-A-2 is a run, listed K A 2", ["R-2.7"],
         post(ANALYZE, {"hand": h("2H AH KH"), "rules": CORNER}),
         checks=[eq("/melds", [run("run", "KH", "AH", "2H")]), eq("/deadwood_count", 0)]),
    case("round the corner: J-Q-K-A-2 is one run", ["R-2.7", "R-2.2"],
         post(ANALYZE, {"hand": h("2D JD AD QD KD 7C"), "rules": CORNER}),
         checks=[eq("/melds", [run("run", "JD", "QD", "KD", "AD", "2D")]),
                 eq("/deadwood", ["7C"]), eq("/deadwood_count", 7)]),
    case("without round the corner J-Q-K-A-2 is J-Q-K and two deadwood cards", ["R-2.7", "R-1.2"],
         post(ANALYZE, {"hand": h("2D JD AD QD KD 7C")}),
         checks=[eq("/melds", [run("run", "JD", "QD", "KD")]),
                 eq("/deadwood", h("AD 2D 7C")), eq("/deadwood_count", 10)]),
    case("round the corner: cards across a gap are no run", ["R-2.7"],
         post(ANALYZE, {"hand": h("QS AS 2S"), "rules": CORNER}),
         checks=[eq("/melds", []), eq("/deadwood_count", 13)]),
    case("round the corner: a knock with a wrapping run", ["R-2.7", "R-5.1"],
         post(KNOCK, {"hand": h("QS KS AS 5H 6H 7H 9D 9C 9H 2C TD"), "discard": "TD",
                      "rules": CORNER}),
         checks=[eq("/legal", True), eq("/deadwood_count", 2)]),
    case("without round the corner the same knock is over the limit", ["R-2.7", "R-5.1"],
         post(KNOCK, {"hand": h("QS KS AS 5H 6H 7H 9D 9C 9H 2C TD"), "discard": "TD"}),
         checks=[eq("/legal", False), eq("/deadwood_count", 23)]),
    case("a declared wrapping run needs round the corner", ["R-2.7"],
         post(KNOCK, {"hand": h("QS KS AS 5H 6H 7H 9D 9C 9H 2C TD"), "discard": "TD",
                      "melds": [h("QS KS AS"), h("5H 6H 7H"), h("9D 9C 9H")]}),
         422, codes=["invalid_meld"], pointers=["/melds/0"]),
    case("a declared wrapping run round the corner", ["R-2.7", "R-5.3"],
         post(KNOCK, {"hand": h("QS KS AS 5H 6H 7H 9D 9C 9H 2C TD"), "discard": "TD",
                      "melds": [h("AS KS QS"), h("5H 6H 7H"), h("9D 9C 9H")],
                      "rules": CORNER}),
         checks=[eq("/legal", True), eq("/deadwood_count", 2),
                 eq("/arrangement/melds/0", run("run", "QS", "KS", "AS"))]),
    case("an ace in deadwood worth 15", ["R-2.7", "R-1.3"],
         post(ANALYZE, {"hand": h("AS 5H 9D TC JS QH KD"), "rules": ACE15}),
         checks=[eq("/deadwood_count", 69)]),
    case("an ace in a meld counts nothing, whatever it is worth", ["R-2.7", "R-2.4"],
         post(ANALYZE, {"hand": h("AS 2S 3S 7H 7D KC"), "rules": ACE15}),
         checks=[eq("/deadwood_count", 24)]),
    case("an ace worth 15 changes the best discard", ["R-2.7", "R-5.1"],
         post(ANALYZE, {"hand": h("AS 2H 3S 4S 5S 5H 6H 7H 9D 9C 9H"), "rules": ACE15}),
         checks=[eq("/best_discards", ["AS"]), eq("/deadwood_count", 2),
                 eq("/discards/4/card", "2H"), eq("/discards/4/deadwood_count", 15)]),
    case("the knock limit counts an ace as 15", ["R-2.7", "R-5.1"],
         post(KNOCK, {"hand": h("AS 2H 3S 4S 5S 5H 6H 7H 9D 9C 9H"), "discard": "2H",
                      "rules": ACE15}),
         checks=[eq("/legal", False), eq("/deadwood_count", 15),
                 eq("/violations/0/code", "deadwood_over_limit")]),
    case("the same knock with the ace worth 1", ["R-2.7", "R-5.1"],
         post(KNOCK, {"hand": h("AS 2H 3S 4S 5S 5H 6H 7H 9D 9C 9H"), "discard": "2H"}),
         checks=[eq("/legal", True), eq("/deadwood_count", 1)]),
    case("a layoff chain wraps from the king to the ace and the two", ["R-2.7", "R-6.2"],
         post(LAYOFFS, {"knocker_melds": [h("JS QS KS")], "rules": CORNER,
                        "defender_hand": h("AS 2S 9H 9D 8C 7C 6D 5H 4C 3H")}),
         checks=[eq("/layoffs", [{"card": "AS", "meld": 0}, {"card": "2S", "meld": 0}]),
                 eq("/layable", h("AS 2S")), eq("/deadwood_count", 51)]),
    case("without round the corner nothing goes past the king", ["R-2.7", "R-6.2"],
         post(LAYOFFS, {"knocker_melds": [h("JS QS KS")],
                        "defender_hand": h("AS 2S 9H 9D 8C 7C 6D 5H 4C 3H")}),
         checks=[eq("/layoffs", []), eq("/layable", []), eq("/deadwood_count", 54)]),
    case("a layoff chain wraps down from the ace to the king and the queen", ["R-2.7", "R-6.2"],
         post(LAYOFFS, {"knocker_melds": [h("AH 2H 3H")], "rules": CORNER,
                        "defender_hand": h("KH QH 9S 9D 8C 7C 6D 5S 4C TC")}),
         checks=[eq("/layoffs", [{"card": "KH", "meld": 0}, {"card": "QH", "meld": 0}]),
                 eq("/deadwood_count", 58)]),
    case("a run of all thirteen cards takes nothing", ["R-2.7", "R-6.2"],
         post(LAYOFFS, {"knocker_melds": [[r + "S" for r in "A23456789TJQK"]],
                        "rules": CORNER,
                        "defender_hand": h("AH 2D 3C 4H 5D 6C 7H 8D 9C TH")}),
         checks=[eq("/layoffs", []), eq("/layable", []), eq("/deadwood_count", 55)]),
    case("a round scored round the corner with aces worth 15", ["R-2.7", "R-7.1"],
         post(SCORE, {"knocker": {"hand": h("KS AS 2S 5H 6H 7H 9D 9C 9H 3C")},
                      "defender": {"hand": h("AH AD 4C 5C 8S 8D JC QC TD TH")},
                      "rules": {"round_the_corner": True, "ace_deadwood_value": 15}}),
         # The knocker: K-A-2 of spades, 5-6-7 of hearts, the nines; 3C is left (3).  The
         # defender melds nothing and lays nothing off: two aces at 15, 4 5 8 8, four tens (95).
         checks=[eq("/outcome", "knock"), eq("/winner", "knocker"), eq("/points", 92),
                 eq("/knocker/deadwood_count", 3), eq("/defender/deadwood_count", 95)]),
]

# Rules presets (R-10) ------------------------------------------------------------------------

TABLE = {
    "standard": (10, 25, 10, 0, 0, "none", 100),
    "modern": (10, 25, 25, 20, 100, "game_bonus_200", 100),
    "classic": (10, 20, 10, 20, 100, "game_bonus_200", 100),
    "oklahoma": (10, 25, 10, 0, 0, "none", 150),
    "hollywood": (10, 25, 10, 0, 0, "none", 100), "box": (10, 25, 10, 0, 0, "none", 100),
    "cutthroat": (10, 25, 10, 0, 0, "none", 100), "partnership": (10, 25, 10, 0, 0, "none", 125),
}
RULES_CASES = [
    case(f"the {name} preset", ["R-10"], get(f"/v1/rules/{name}"), checks=[
        eq("/knock_limit", v[0]), eq("/gin_bonus", v[1]), eq("/undercut_bonus", v[2]),
        eq("/box_bonus", v[3]), eq("/game_bonus", v[4]), eq("/shutout", v[5]),
        eq("/game_target", v[6]), eq("/undercut_on_tie", True), eq("/big_gin_bonus", None),
        eq("/taken_card_discard", "forbid")])
    for name, v in TABLE.items()
] + [
    case("an unknown preset is an error", ["R-10"],
         post(ANALYZE, {"hand": ["AS"], "rules": "Standard"}), 422, codes=["unknown_preset"]),
    case("an unknown option is an error", ["R-10"],
         post(ANALYZE, {"hand": ["AS"], "rules": {"knock": 5}}), 422, codes=["unknown_option"],
         pointers=["/rules/knock"]),
    case("a value out of range is an error", ["R-10"],
         post(ANALYZE, {"hand": ["AS"], "rules": {"knock_limit": 101}}), 422,
         codes=["invalid_option_value"], pointers=["/rules/knock_limit"]),
    case("overrides apply to the named preset", ["R-10"],
         post(ANALYZE, {"hand": ["AS"], "rules": {"preset": "modern", "gin_bonus": 30}}),
         checks=[eq("/rules/gin_bonus", 30), eq("/rules/undercut_bonus", 25)]),
]

# Malformed input -----------------------------------------------------------------------------

MALFORMED = [
    case("a number for a card is a wrong shape", [], post(ANALYZE, {"hand": [1]}), 400,
         codes=["wrong_type"], pointers=["/hand/0"]),
    case("a missing hand", [], post(ANALYZE, {}), 400, codes=["required"], pointers=["/hand"]),
    case("an unknown field is refused", [], post(ANALYZE, {"hand": [], "colour": 1}), 400,
         codes=["unknown_field"], pointers=["/colour"]),
    case("a string is not a boolean", [], post(ANALYZE, {"hand": [], "all_arrangements": "yes"}),
         400, codes=["wrong_type"]),
    case("Oklahoma needs the upcard", ["R-5.6"], post(ANALYZE, {"hand": [], "rules": "oklahoma"}),
         422, codes=["upcard_required"], pointers=["/upcard"]),
    case("a batch over 1000 hands", [], post(BATCH, {"hands": [[]] * 1001}), 400,
         codes=["too_many_hands"]),
    case("an unknown path", [], get("/v1/nothing"), 404, codes=["not_found"]),
    case("a wrong method", [], get(ANALYZE), 405, codes=["method_not_allowed"]),
    case("a bad hand in a batch fails alone", ["R-1.5"],
         post(BATCH, {"hands": [h("AS 2S 3S"), h("AS AS")]}),
         checks=[eq("/results/0/ok", True), eq("/results/1/ok", False),
                 eq("/results/1/problem/errors/0/pointer", "/hands/1/1")]),
]


# Game logs (R-3, R-4, R-8) -------------------------------------------------------------------

def game(seed, rules, **kwargs):
    return random_game(seed, rules, with_stock=kwargs.pop("with_stock", True), **kwargs)


def find(predicate, rules="standard", seeds=range(2000), **kwargs):
    for seed in seeds:
        log = game(seed, rules, **kwargs)
        for r, table in enumerate(log["rounds"]):
            for a, action in enumerate(table["actions"]):
                if predicate(log, r, a, action):
                    return log, r, a
    raise AssertionError("no such game")


def violation(description, rule, log, code, pointer):
    return case(description, rule, post(REPLAY, log), checks=[
        eq("/valid", False), eq("/violations/0/code", code), eq("/violations/0/pointer", pointer)])


def game_cases():
    short = {"preset": "standard", "game_target": 25}
    cases = []
    log = game(1, short)
    cases.append(case("a whole legal game replays as valid", ["R-3.1", "R-4.1", "R-8.1"],
                      post(REPLAY, log),
                      checks=[eq("/valid", True), eq("/complete", True),
                              ("/winner", {"one_of": log["players"]})]))
    nostock = game(2, short, with_stock=False)
    cases.append(case("a game without the stock names each drawn card", ["R-4.5"],
                      post(REPLAY, nostock), checks=[eq("/valid", True)]))
    bad = copy.deepcopy(log)
    first = bad["rounds"][0]["actions"][0]
    bad["rounds"][0]["actions"][0] = {"player": first["player"], "action": "draw",
                                      "source": "stock"}
    cases.append(violation("the first turn may not draw from the stock", ["R-4.2"], bad,
                           "must_pass_or_take_upcard", "/rounds/0/actions/0"))
    found, r, a = find(lambda log, r, a, x: x["action"] == "discard", short)
    bad = copy.deepcopy(found)
    act = bad["rounds"][r]["actions"][a]
    act["player"] = next(p for p in bad["players"] if p != act["player"])
    cases.append(violation("a move out of turn", ["R-4.4"], bad, "not_your_turn",
                           f"/rounds/{r}/actions/{a}"))
    found, r, a = find(lambda log, r, a, x: x["action"] == "draw" and x["source"] == "discard"
                       and log["rounds"][r]["actions"][a + 1]["action"] == "discard", short)
    bad = copy.deepcopy(found)
    bad["rounds"][r]["actions"][a + 1]["card"] = bad["rounds"][r]["actions"][a]["card"]
    cases.append(violation("the taken card may not be discarded at once", ["R-4.3"], bad,
                           "taken_card_discarded", f"/rounds/{r}/actions/{a + 1}"))
    found, r, a = find(lambda log, r, a, x: x["action"] == "draw" and x["source"] == "stock"
                       and "stock" in log["rounds"][r], short)
    bad = copy.deepcopy(found)
    bad["rounds"][r]["actions"][a]["card"] = bad["rounds"][r]["upcard"]
    cases.append(violation("a stock draw must be the next stock card", ["R-4.5"], bad,
                           "wrong_stock_card", f"/rounds/{r}/actions/{a}"))
    bad = copy.deepcopy(log)
    first, second = bad["players"]
    bad["rounds"][0]["hands"][second][3] = bad["rounds"][0]["hands"][first][0]
    cases.append(violation("a card dealt twice", ["R-1.5", "R-3.1"], bad, "duplicate_card",
                           f"/rounds/0/hands/{second}/3"))
    found, r, a = find(lambda log, r, a, x: r > 0 and a == 0, short)
    bad = copy.deepcopy(found)
    bad["rounds"][r]["dealer"] = next(p for p in bad["players"] if p != bad["rounds"][r]["dealer"])
    cases.append(violation("the winner of a round deals the next", ["R-3.2"], bad,
                           "wrong_dealer", f"/rounds/{r}/dealer"))
    found, r, a = find(lambda log, r, a, x: a == len(log["rounds"][r]["actions"]) - 1
                       and x["action"] == "discard" and r + 1 < len(log["rounds"]), short)
    cases.append(case("the wall ends the round as a draw", ["R-4.6", "R-3.2"],
                      post(REPLAY, found),
                      checks=[eq("/valid", True), eq(f"/rounds/{r}/result/outcome", "draw"),
                              eq(f"/rounds/{r}/result/points", 0)]))
    found, r, a = find(lambda log, r, a, x: x["action"] == "discard" and a > 6, short)
    bad = copy.deepcopy(found)
    act = bad["rounds"][r]["actions"][a]
    bad["rounds"][r]["actions"][a] = {"player": act["player"], "action": "knock",
                                      "discard": act["card"], "melds": []}
    cases.append(violation("a knock over the limit", ["R-5.1"], bad, "deadwood_over_limit",
                           f"/rounds/{r}/actions/{a}"))
    bad = copy.deepcopy(log)
    bad["rounds"].append(copy.deepcopy(bad["rounds"][-1]))
    cases.append(violation("no round after the game is won", ["R-8.1"], bad, "game_over",
                           f"/rounds/{len(bad['rounds']) - 1}"))
    for seed in range(3000):
        modern = game(seed, {"preset": "modern", "game_target": 25})
        from ginrules.rules.usecases.replay import replay
        result = replay(modern)
        loser = next(p for p in modern["players"] if p != result.winner)
        if all(rec.winner != loser for rec in result.rounds) and len(result.rounds) == 1:
            cases.append(case("a modern shutout makes the game bonus 200 plus the box bonus",
                              ["R-8.2", "R-8.3"], post(REPLAY, modern), checks=[
                                  eq("/bonuses", [
                                      {"player": result.winner, "term": "box bonus: 1 rounds won",
                                       "points": 20, "rule": "R-8.2"},
                                      {"player": result.winner, "term": "game bonus (shutout)",
                                       "points": 200, "rule": "R-8.3"}])]))
            break
    cut = copy.deepcopy(log)
    cut["rounds"] = cut["rounds"][:1]
    cut["rounds"][0]["actions"] = cut["rounds"][0]["actions"][:1]
    cases.append(case("a game in progress says whose move it is", ["R-4.2"],
                      post(REPLAY, cut), checks=[eq("/valid", True), eq("/complete", False),
                                                 ("/next/phase", {"one_of": ["first_turn",
                                                                             "discard"]})]))
    return cases


# Rules other engines and rule books play (R-4.7, R-4.8, R-5.6, R-7.7, R-8.2, R-8.3, R-10) -----

def _stock_left(actions):
    return 31 - sum(1 for x in actions if x["action"] == "draw" and x["source"] == "stock")


def _pile_draws(actions):
    return sum(1 for x in actions if x["action"] == "draw" and x["source"] == "discard")


def option_cases():
    cases = []
    wall = {"preset": "openspiel", "game_target": 25}
    found, r, a = find(lambda log, r, a, x: x["action"] == "draw" and x["source"] == "discard"
                       and a >= 1 and log["rounds"][r]["actions"][a - 1]["action"] == "discard"
                       and _stock_left(log["rounds"][r]["actions"][:a]) == 2, wall)
    cases.append(case("openspiel: the last discard at the wall is taken to knock", ["R-4.7"],
                      post(REPLAY, found), checks=[eq("/valid", True)]))
    cut = copy.deepcopy(found)
    cut["rounds"] = cut["rounds"][: r + 1]
    cut["rounds"][r]["actions"] = cut["rounds"][r]["actions"][:a]
    cases.append(case("at the wall the next player may pass or take the last discard",
                      ["R-4.7"], post(REPLAY, cut),
                      checks=[eq("/next/phase", "last_discard"), eq("/next/stock_remaining", 2),
                              eq("/next/legal_actions/0", {"action": "pass"})]))
    wall_round = r
    bad = copy.deepcopy(cut)
    taker = found["rounds"][r]["actions"][a]
    bad["rounds"][r]["actions"] += [taker, {"player": taker["player"], "action": "discard",
                                            "card": found["rounds"][r]["actions"][a - 1]["card"]}]
    cases.append(violation("the last discard taken at the wall must knock", ["R-4.7"], bad,
                           "must_knock", f"/rounds/{r}/actions/{a + 1}"))
    # Where no knock could follow the take, the take is not offered and is refused.
    from ginrules.rules.usecases.replay import replay

    def hopeless(log, r, a, x):
        actions = log["rounds"][r]["actions"]
        if not (x["action"] == "pass" and a >= 1 and actions[a - 1]["action"] == "discard"
                and _stock_left(actions[:a]) == 2):
            return False
        at_wall = copy.deepcopy(log)
        at_wall["rounds"] = at_wall["rounds"][: r + 1]
        at_wall["rounds"][r]["actions"] = actions[:a]
        return len(replay(at_wall).next.moves) == 1

    found, r, a = find(hopeless, wall)
    at_wall = copy.deepcopy(found)
    at_wall["rounds"] = at_wall["rounds"][: r + 1]
    at_wall["rounds"][r]["actions"] = at_wall["rounds"][r]["actions"][:a]
    player = found["rounds"][r]["actions"][a]["player"]
    cases.append(case("at the wall the last discard is not offered where no knock could follow",
                      ["R-4.7"], post(REPLAY, at_wall),
                      checks=[eq("/next/phase", "last_discard"),
                              eq("/next/legal_actions", [{"action": "pass"}])]))
    taken = copy.deepcopy(at_wall)
    taken["rounds"][r]["actions"].append({"player": player, "action": "draw",
                                          "source": "discard"})
    cases.append(violation("the last discard may not be taken where no knock could follow",
                           ["R-4.7"], taken, "take_without_knock",
                           f"/rounds/{r}/actions/{a}"))
    passed = copy.deepcopy(cut)
    passed["rounds"][wall_round]["actions"].append({"player": taker["player"],
                                                    "action": "pass"})
    cases.append(case("a pass at the wall ends the round as a draw", ["R-4.7"],
                      post(REPLAY, passed), checks=[
                          eq("/valid", True), eq(f"/rounds/{wall_round}/result/outcome", "draw"),
                          eq("/next/phase", "deal"),
                          eq("/next/player", passed["rounds"][wall_round]["dealer"])]))
    cases += draw_limit_cases() + return_cases()
    tie = {"knocker": {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D 5C"), "discard": "TC"},
           "defender": {"hand": h("KC KH KD QC QH QD JC JS JH 5D")}}
    cases += [
        case("a scoreless tie goes to the knocker with 0 points", ["R-7.7", "R-7.2"],
             post(SCORE, {**tie, "rules": {"preset": "openspiel",
                                           "scoreless_tie_winner": "knocker"}}),
             checks=[eq("/outcome", "knock"), eq("/winner", "knocker"), eq("/points", 0)]),
        case("without it a scoreless tie has no winner", ["R-7.7", "R-7.2"],
             post(SCORE, {**tie, "rules": "openspiel"}),
             checks=[eq("/outcome", "knock"), eq("/winner", None), eq("/points", 0)]),
        case("the knocker of a scoreless tie takes a winner's Hollywood credit", ["R-7.7", "R-9.1"],
             post(MATCHES, {"rules": {"preset": "hollywood", "undercut_on_tie": False,
                                      "scoreless_tie_winner": "knocker"},
                            "players": ["ann", "bob"],
                            "rounds": [{"winner": "ann", "points": 0},
                                       {"winner": "ann", "points": 20}]}),
             checks=[eq("/rounds/1/credited", [0, 1])]),
        case("box bonuses added as rounds are won count towards the target", ["R-8.2"],
             post(MATCHES, {"rules": {"preset": "standard", "box_bonus": 25,
                                      "box_bonus_timing": "immediate"},
                            "players": ["ann", "bob"],
                            "rounds": [{"winner": "bob", "points": 30},
                                       {"winner": "bob", "points": 30}]}),
             checks=[eq("/rounds/0/totals", {"ann": 0, "bob": 55}), eq("/complete", True),
                     eq("/totals", {"ann": 0, "bob": 110})]),
        case("a shutout under double_total doubles the final total", ["R-8.3"],
             post(MATCHES, {"rules": {"preset": "modern", "shutout": "double_total",
                                      "game_target": 50},
                            "players": ["ann", "bob"],
                            "rounds": [{"winner": "bob", "points": 30},
                                       {"winner": "bob", "points": 25}]}),
             checks=[eq("/totals", {"ann": 0, "bob": 390})]),
        case("Oklahoma: the limit is the lower of the upcard and knock_limit", ["R-5.6"],
             post(ANALYZE, {"hand": h("AS 2S 3S 4H 5H 6H 7D 8D 9D 4C"), "upcard": "9H",
                            "rules": {"preset": "oklahoma", "knock_limit": 3}}),
             checks=[eq("/knock_limit", 3), eq("/can_knock", False)]),
        case("straight: only gin ends a round", ["R-10", "R-5.1"], get("/v1/rules/straight"),
             checks=[eq("/knock_limit", 0), eq("/wall", "draw")]),
        case("openspiel: the defaults of OpenSpiel's gin_rummy", ["R-10", "R-4.7", "R-4.8"],
             get("/v1/rules/openspiel"),
             checks=[eq("/undercut_bonus", 25), eq("/undercut_on_tie", False),
                     eq("/taken_card_discard", "allow"), eq("/wall", "last_discard"),
                     eq("/upcard_draw_limit", 50), eq("/repeated_return_draw", True),
                     eq("/knock_limit", 10), eq("/gin_bonus", 25)]),
    ]
    return cases


def code(token):
    """The canonical code (R-1.4) of a card token the generator wrote in another notation."""
    from ginrules.rules.base.cards import card_name, parse_card

    return card_name(parse_card(token))


def _counted_pile_draws(actions):
    """Draws from the discard pile in normal turns (R-4.8): each follows a discard (the first
    turn's take follows nothing or a pass)."""
    return sum(1 for i, x in enumerate(actions) if x["action"] == "draw"
               and x["source"] == "discard" and i > 0 and actions[i - 1]["action"] == "discard")


def _first_turn_take(actions):
    return any(x["action"] == "draw" and x["source"] == "discard"
               and (i == 0 or actions[i - 1]["action"] == "pass")
               for i, x in enumerate(actions[:2]))


def _ends_at_pile_draw(log, r, a, x):
    actions = log["rounds"][r]["actions"]
    return (a == len(actions) - 1 and x["action"] == "draw" and x["source"] == "discard"
            and _stock_left(actions) > 2)


def draw_limit_cases():
    """R-4.8: the draw that would reach the limit ends the round at once, the first turn's
    take and the wall's take not counted."""
    cases = []
    limited = {"preset": "standard", "upcard_draw_limit": 2, "game_target": 25}
    found, r, a = find(lambda log, r, a, x: _ends_at_pile_draw(log, r, a, x)
                       and not _first_turn_take(log["rounds"][r]["actions"]), limited)
    cut = copy.deepcopy(found)
    cut["rounds"] = cut["rounds"][: r + 1]
    assert _counted_pile_draws(cut["rounds"][r]["actions"]) == 2
    cases.append(case("the draw that reaches the limit on discard-pile draws ends the round",
                      ["R-4.8"], post(REPLAY, cut), checks=[
                          eq("/valid", True), eq(f"/rounds/{r}/result/outcome", "draw"),
                          eq("/next/phase", "deal"),
                          eq("/next/player", cut["rounds"][r]["dealer"])]))
    bad = copy.deepcopy(cut)
    last = bad["rounds"][r]["actions"][-1]
    top = bad["rounds"][r]["actions"][-2]["card"]
    bad["rounds"][r]["actions"].append({"player": last["player"], "action": "discard",
                                        "card": top})
    cases.append(violation("the card of the draw that reaches the limit stays on the pile",
                           ["R-4.8"], bad, "round_over", f"/rounds/{r}/actions/{a + 1}"))
    before = copy.deepcopy(cut)
    before["rounds"][r]["actions"] = before["rounds"][r]["actions"][:a]
    cases.append(case("the draw that would reach the limit is offered", ["R-4.8"],
                      post(REPLAY, before), checks=[
                          eq("/next/phase", "draw"),
                          ("/next/legal_actions", {"contains": [{
                              "action": "draw", "source": "discard",
                              "card": code(before["rounds"][r]["actions"][-1]["card"])}]})]))
    found, r, a = find(lambda log, r, a, x: _ends_at_pile_draw(log, r, a, x)
                       and _first_turn_take(log["rounds"][r]["actions"]), limited)
    cut = copy.deepcopy(found)
    cut["rounds"] = cut["rounds"][: r + 1]
    cut["rounds"][r]["actions"] = cut["rounds"][r]["actions"][:a]
    assert _counted_pile_draws(cut["rounds"][r]["actions"]) == 1
    cases.append(case("the first turn's take of the upcard is not counted toward the limit",
                      ["R-4.8", "R-4.2"], post(REPLAY, cut), checks=[
                          eq("/valid", True), eq("/next/phase", "draw")]))
    cases.append(case("the last discard taken at the wall is not counted toward the limit",
                      ["R-4.8", "R-4.7"], post(REPLAY, _wall_take_log()), checks=[
                          eq("/valid", True), eq("/rounds/0/result/outcome", "knock"),
                          eq("/rounds/0/result/knocker", "bob")]))
    return cases


ANN = "2C 5D 9H JS QS TC 4D 8H KC 3H"
BOB = "AS 2S 3S 4H 5H 6H 7C 8C 9C 2D"
"""Two hands for the hand-made logs of R-4.8 and R-4.9: bob's has deadwood 2 (he may knock)."""


def _table(actions, stock=None):
    table = {"dealer": "bob", "hands": {"ann": h(ANN), "bob": h(BOB)}, "upcard": "KD",
             "actions": actions}
    if stock is not None:
        table["stock"] = stock
    return table


def _wall_take_log():
    """Both pass the upcard; every turn draws from the stock and throws that card, to the wall;
    there bob takes the last discard and knocks with it (R-4.7), under a limit of one."""
    dealt = set(h(ANN)) | set(h(BOB)) | {"KD"}
    stock = [c for c in h(" ".join(r + s for s in "SHDC" for r in "A23456789TJQK"))
             if c not in dealt]
    actions = [{"player": "ann", "action": "pass"}, {"player": "bob", "action": "pass"}]
    player = "ann"
    for card in stock[:29]:
        actions += [{"player": player, "action": "draw", "source": "stock"},
                    {"player": player, "action": "discard", "card": card}]
        player = "bob" if player == "ann" else "ann"
    actions += [{"player": "bob", "action": "draw", "source": "discard"},
                {"player": "bob", "action": "knock", "discard": stock[28]}]
    return {"rules": {"preset": "openspiel", "upcard_draw_limit": 1}, "players": ["ann", "bob"],
            "rounds": [_table(actions, stock)]}


def return_cases():
    """R-4.9: two returns in a row (discards of the card just taken from the pile) end the
    round as a draw; any other discard breaks the sequence; a knock's discard is no return."""
    def log(actions, rules="openspiel"):
        return {"rules": rules, "players": ["ann", "bob"], "rounds": [_table(actions)]}

    def take(player):
        return {"player": player, "action": "draw", "source": "discard"}

    def throw(player, card):
        return {"player": player, "action": "discard", "card": card}

    two = [take("ann"), throw("ann", "KD"), take("bob"), throw("bob", "KD")]
    cases = [
        case("two returns in a row end the round as a draw", ["R-4.9", "R-4.3"],
             post(REPLAY, log(two)), checks=[
                 eq("/valid", True), eq("/rounds/0/result/outcome", "draw"),
                 eq("/next/phase", "deal"), eq("/next/player", "bob")]),
        violation("no action follows the second return in a row", ["R-4.9"],
                  log(two + [{"player": "ann", "action": "draw", "source": "stock",
                              "card": "QH"}]), "round_over", "/rounds/0/actions/4"),
        case("without repeated_return_draw two returns end nothing", ["R-4.9", "R-10"],
             post(REPLAY, log(two, {"preset": "openspiel", "repeated_return_draw": False})),
             checks=[eq("/valid", True), eq("/next/phase", "draw"), eq("/next/player", "ann")]),
        case("a return followed by a plain discard goes on", ["R-4.9"],
             post(REPLAY, log([take("ann"), throw("ann", "KD"), take("bob"), throw("bob", "2D"),
                               take("ann"), throw("ann", "2D")])),
             checks=[eq("/valid", True), eq("/next/phase", "draw"), eq("/next/player", "bob")]),
        case("a knock whose discard is the taken card is no return", ["R-4.9", "R-4.3", "R-5.1"],
             post(REPLAY, log([take("ann"), throw("ann", "KD"), take("bob"),
                               {"player": "bob", "action": "knock", "discard": "KD"}])),
             checks=[eq("/valid", True), eq("/rounds/0/result/outcome", "knock"),
                     eq("/rounds/0/result/knocker", "bob"), eq("/rounds/0/result/winner", "bob")]),
    ]
    return cases


# The family (R-9) -------------------------------------------------------------------------------

MATCHES = "/v1/matches/score"


def variant_cases():
    from ginrules.rules.usecases.replay import replay

    cases = [
        case("Hollywood: the worked example of R-9.1", ["R-9.1"],
             post(MATCHES, {"rules": "hollywood", "players": ["bob", "alexandra"], "rounds": [
                 {"winner": "bob", "points": 10}, {"winner": "alexandra", "points": 18},
                 {"winner": "bob", "points": 30}, {"winner": "bob", "points": 4}]}),
             checks=[eq("/totals/games/0/totals", {"bob": 44, "alexandra": 18}),
                     eq("/totals/games/1/totals", {"bob": 34, "alexandra": 0}),
                     eq("/totals/games/2/totals", {"bob": 4, "alexandra": 0}),
                     eq("/rounds/3/credited", [0, 1, 2])]),
        case("Hollywood: a player shut out of a game enters the next one win earlier", ["R-9.1"],
             post(MATCHES, {"rules": {"preset": "hollywood", "game_target": 20},
                            "players": ["bob", "alexandra"], "rounds": [
                                {"winner": "bob", "points": 20},
                                {"winner": "alexandra", "points": 5},
                                {"winner": "bob", "points": 25},
                                {"winner": "alexandra", "points": 20}]}),
             checks=[eq("/rounds/1/credited", [1]), eq("/rounds/3/credited", [2]),
                     eq("/complete", True), eq("/winner", "bob")]),
        case("box: roles after a win, a loss and a draw", ["R-9.2"],
             post(MATCHES, {"rules": "box", "players": ["ann", "bob", "cy"],
                            "roles": {"box": "ann", "captain": "bob", "sitter": "cy"},
                            "rounds": [{"winner": "ann", "points": 10},
                                       {"winner": "cy", "points": 15},
                                       {"winner": None, "points": 0},
                                       {"winner": "bob", "points": 5}]}),
             checks=[eq("/rounds/1/roles", {"box": "ann", "captain": "cy", "sitter": "bob"}),
                     eq("/rounds/2/roles", {"box": "cy", "captain": "bob", "sitter": "ann"}),
                     eq("/rounds/3/roles", {"box": "cy", "captain": "bob", "sitter": "ann"}),
                     eq("/totals", {"ann": 10, "bob": 5, "cy": 15})]),
        case("box: the sitter never scores", ["R-9.2"],
             post(MATCHES, {"rules": "box", "players": ["ann", "bob", "cy"],
                            "roles": {"box": "ann", "captain": "bob", "sitter": "cy"},
                            "rounds": [{"winner": "cy", "points": 10}]}), 422,
             codes=["not_at_table"], pointers=["/rounds/0/winner"]),
        case("cutthroat: the dealer sits out and cannot win", ["R-9.3"],
             post(MATCHES, {"rules": "cutthroat", "players": ["ann", "bob", "cy"],
                            "dealer": "ann", "rounds": [{"winner": "ann", "points": 10}]}), 422,
             codes=["not_at_table"]),
        case("cutthroat: the loser deals next, the winner plays on", ["R-9.3"],
             post(MATCHES, {"rules": "cutthroat", "players": ["ann", "bob", "cy"],
                            "dealer": "ann", "rounds": [{"winner": "bob", "points": 10},
                                                        {"winner": "ann", "points": 12}]}),
             checks=[eq("/totals", {"ann": 12, "bob": 10, "cy": 0})]),
    ]
    for tables, winner, points, label in [
        ([("ann", 10), ("cy", 18)], "ann+cy", 28, "both tables won: the sum"),
        ([("ann", 10), ("bob", 18)], "bob+dee", 8, "split tables: the difference"),
        ([(None, 0), ("dee", 7)], "bob+dee", 7, "a drawn table counts nothing"),
        ([("ann", 9), ("bob", 9)], None, 0, "equal results score nothing"),
    ]:
        cases.append(case(f"partnership: {label}", ["R-9.4"], post(MATCHES, {
            "rules": "partnership", "players": ["ann", "bob", "cy", "dee"],
            "teams": [["ann", "cy"], ["bob", "dee"]],
            "rounds": [{"tables": [{"winner": w, "points": p} for w, p in tables]}]}),
            checks=[eq("/rounds/0/result", {"winner": winner, "points": points})]))
    for preset, rule in (("hollywood", "R-9.1"), ("box", "R-9.2"), ("cutthroat", "R-9.3"),
                         ("partnership", "R-9.4")):
        log = random_game(11, {"preset": preset, "game_target": 30}, with_stock=False)
        result = replay(log)
        cases.append(case(f"{preset}: a whole generated game replays as valid", [rule],
                          post(REPLAY, log), checks=[eq("/valid", True), eq("/complete", True),
                                                     eq("/winner", result.winner)]))
    box = random_game(12, {"preset": "box", "game_target": 30}, with_stock=False)
    box["rounds"][0]["dealer"] = box["roles"]["captain"]
    cases.append(violation("box: the box deals every round", ["R-9.2"], box, "wrong_dealer",
                           "/rounds/0/dealer"))
    pairs = random_game(13, {"preset": "partnership", "game_target": 60}, with_stock=False)
    if len(pairs["rounds"]) > 1:
        pairs["rounds"][1] = copy.deepcopy(pairs["rounds"][0])
        cases.append(violation("partnership: opponents alternate every round", ["R-9.4"], pairs,
                               "wrong_pairing", "/rounds/1/tables"))
    return cases + next_dealer_cases()


def next_dealer_cases():
    """Who deals next (R-3.2, R-9), from the facts of the rounds and the first dealer."""
    two = ["ann", "bob"]
    three = ["ann", "bob", "cy"]

    def facts(rules, players, rounds, **header):
        return post(MATCHES, {"rules": rules, "players": players, "rounds": rounds, **header})

    won = {"winner": "ann", "points": 20}
    draw = {"winner": None}
    return [
        case("the winner of a round deals the next", ["R-3.2"],
             facts("standard", two, [won]), checks=[eq("/next_dealer", "ann")]),
        case("after a draw the same dealer deals again", ["R-3.2", "R-4.6"],
             facts("standard", two, [won, draw]), checks=[eq("/next_dealer", "ann")]),
        case("with the first dealer given, a first-round draw keeps that dealer", ["R-3.2"],
             facts("standard", two, [draw], dealer="bob"), checks=[eq("/next_dealer", "bob")]),
        case("the first dealer is not known without it", ["R-3.2"],
             facts("standard", two, [draw]), checks=[eq("/next_dealer", None)]),
        case("Hollywood: the winner deals next", ["R-9.1", "R-3.2"],
             facts("hollywood", two, [{"winner": "bob", "points": 10}], dealer="ann"),
             checks=[eq("/next_dealer", "bob")]),
        case("box: the player in the box deals, and a losing box gives it to the captain",
             ["R-9.2"], facts("box", three, [{"winner": "bob", "points": 15}],
                              roles={"box": "ann", "captain": "bob", "sitter": "cy"}),
             checks=[eq("/next_dealer", "bob"), eq("/rounds/0/roles/box", "ann")]),
        case("cutthroat: the loser deals next and sits out", ["R-9.3"],
             facts("cutthroat", three, [{"winner": "bob", "points": 15}], dealer="ann"),
             checks=[eq("/next_dealer", "cy")]),
        case("partnership: each table's dealer is the players' choice", ["R-9.4"],
             facts("partnership", ["ann", "bob", "cy", "dee"],
                   [{"tables": [{"winner": "ann", "points": 10}, {"winner": "bob", "points": 5}]}],
                   teams=[["ann", "cy"], ["bob", "dee"]]),
             checks=[eq("/next_dealer", None)]),
        case("a finished match names no next dealer", ["R-8.1", "R-3.2"],
             facts("standard", two, [{"winner": "ann", "points": 120}]),
             checks=[eq("/complete", True), absent("/next_dealer")]),
    ]


# Generated corpora: expected answers from the exhaustive reference --------------------------

def canonical_melds(melds):
    ordered = sorted((sorted(m) for m in melds), key=lambda cards: cards)
    return [{"kind": "set" if len({c % 13 for c in m}) == 1 else "run",
             "cards": [NAMES[c] for c in m]} for m in ordered]


def deadwood_corpus(rng):
    cases = []
    for index in range(90):
        size = 10 if index % 3 else 11
        dense = index % 2 == 0
        if dense:
            low = rng.randint(0, 9)
            pool = [s * 13 + r for s in range(4) for r in range(low, low + 4)]
            cards = rng.sample(pool, size)
        else:
            cards = rng.sample(range(52), size)
        names = [NAMES[c] for c in cards]
        label = f"{'dense' if dense else 'random'} {size} cards #{index}: {' '.join(names)}"
        if size == 10:
            best = ref.min_deadwood(cards)
            options = [canonical_melds(a) for a in ref.optimal_arrangements(cards)]
            cases.append(case(label, ["R-2.5"], post(ANALYZE, {"hand": names}), checks=[
                eq("/deadwood_count", best), ("/melds", {"one_of": options}),
                eq("/gin", best == 0), eq("/can_knock", best <= 10)]))
        else:
            values = ref.discard_values(cards)
            least = min(values.values())
            cases.append(case(label, ["R-2.5", "R-5.1"], post(ANALYZE, {"hand": names}), checks=[
                eq("/deadwood_count", least),
                ("/best_discards", {"same_items": [NAMES[c] for c, v in values.items()
                                                   if v == least]}),
                eq("/can_knock", least <= 10)] + [
                eq(f"/discards/{i}/deadwood_count", values[c])
                for i, c in enumerate(sorted(cards))]))
    return cases


def showdown_corpus(rng):
    cases = []
    for index in range(60):
        spread, defender = knock_position(rng)
        knocker_melds = ref.normalise(next(iter(ref.optimal_arrangements(spread))))
        d_names = [NAMES[c] for c in defender]
        melds_json = [[NAMES[c] for c in sorted(m)] for m in knocker_melds]
        cases.append(case(f"layoffs #{index}: {' '.join(d_names)}", ["R-6.4", "R-6.2"],
                          post(LAYOFFS, {"knocker_melds": melds_json, "defender_hand": d_names}),
                          checks=[eq("/deadwood_count",
                                     ref.best_defense_count(knocker_melds, defender))]))
        signed, knocker_count = ref.best_round(spread, defender)
        winner = "knocker" if signed > 0 else "defender" if signed < 0 else None
        cases.append(case(f"round #{index}: {' '.join(NAMES[c] for c in spread)}", ["R-7.6"],
                          post(SCORE, {"knocker": {"hand": [NAMES[c] for c in spread]},
                                       "defender": {"hand": d_names}}),
                          checks=[eq("/points", abs(signed)), eq("/winner", winner),
                                  eq("/knocker/deadwood_count", knocker_count)]))
    return cases

def melds_corpus(rng):
    """Seeded cards, some round the corner, some asked ``with`` one of them: every meld from
    the reference, which tries every subset of the cards."""
    cases = []
    for index in range(40):
        corner = index % 2 == 1
        size = rng.randint(6, 12)
        low = rng.randint(0, 12)
        width = rng.randint(3, 4)
        pool = [s * 13 + (low + r) % 13 for s in range(4) for r in range(width)]
        if len(pool) < size:
            pool += rng.sample([c for c in range(52) if c not in pool], size - len(pool))
        cards = rng.sample(pool, size)
        names = [NAMES[c] for c in cards]
        melds = ref.every_meld_by_definition(cards, corner)
        body = {"hand": names, **({"rules": _CORNER} if corner else {})}
        if index % 4 >= 2:
            card = rng.choice(cards)
            body["with"] = NAMES[card]
            melds = [m for m in melds if card in m]
        expected = [{"kind": "set" if len({c % 13 for c in m}) == 1 else "run",
                     "cards": [NAMES[c] for c in m]} for m in melds]
        label = (f"#{index}{' corner' if corner else ''}: {' '.join(names)}"
                 + (f" with {body['with']}" if "with" in body else ""))
        cases.append(case(label, ["R-2.1", "R-2.2", "R-2.5"] + (["R-2.7"] if corner else []),
                          post(MELDS_OF, body),
                          checks=[eq("/count", len(expected)), eq("/melds", expected)]))
    return cases


# Representation (the client's words stand) ----------------------------------------------------
# The same facts written as different clients write them get the same answer; a meld index is
# always a position in the melds as the client sent them (docs/gamelog.md).

_BOB = h("8S 8H 8C 6S 6D 6C 2C 3C 4C 5D")
_ANN = h("6H KS QS JS 9H 9D 9C TH JD QD")
_DECLARED = [h("8S 8H 8C"), h("6S 6D 6C"), h("2C 3C 4C")]
_ANN_MELDS = [h("JS QS KS"), h("9H 9D 9C")]


def _knock_log(lay_down=True, target=100, cut=None, view=None):
    actions = [{"player": "bob", "action": "draw", "source": "discard", "card": "5D"},
               {"player": "bob", "action": "knock", "discard": "KD", "melds": _DECLARED}]
    if lay_down:
        actions.append({"player": "ann", "action": "lay_down", "melds": _ANN_MELDS,
                        "layoffs": [{"card": "6H", "meld": 1}]})
    log = {"rules": {"preset": "standard", "game_target": target}, "players": ["ann", "bob"],
           "rounds": [{"dealer": "ann", "hands": {"bob": _BOB[:-1] + ["KD"], "ann": _ANN},
                       "upcard": "5D", "actions": actions[:cut]}]}
    if view:
        log["view"] = view
    return log


REPRESENTATION = [
    case("a layoff names the knocker's meld by its declared position", ["R-6.1"],
         post(SCORE, {"knocker": {"hand": _BOB, "discard": "KD", "melds": _DECLARED},
                      "defender": {"hand": _ANN, "melds": _ANN_MELDS,
                                   "layoffs": [{"card": "6H", "meld": 1}]}}),
         checks=[eq("/points", 25), eq("/knocker/melds/1/cards", h("6S 6D 6C")),
                 eq("/defender/layoffs", [{"card": "6H", "meld": 1}])]),
    case("the same round with the melds reordered, respelled and as objects", ["R-6.1", "R-1.4"],
         post(SCORE, {"knocker": {"hand": list(reversed(["8s", "8\u2665", "8c", "6S", "6d", "6C",
                                                         "2c", "3C", "4c", "5\u2666\ufe0f"])),
                                  "discard": "kd",
                                  "melds": [{"kind": "set", "cards": ["6C", "6\u2660", "6d"]},
                                            ["4C", "2C", "3c"], ["8c", "8h", "8s"]]},
                      "defender": {"hand": ["qd", "jd", "10h", "9c", "9d", "9h", "js", "qs",
                                            "ks", "6h"],
                                   "melds": [["9c", "9h", "9d"], ["ks", "js", "qs"]],
                                   "layoffs": [{"card": "6\u2665", "meld": 0}]}}),
         checks=[eq("/points", 25), eq("/knocker/melds/0/cards", h("6S 6D 6C")),
                 eq("/knocker/melds/2/cards", h("8S 8H 8C")),
                 eq("/defender/layoffs", [{"card": "6H", "meld": 0}])]),
    case("a layoff on another declared meld than the one it fits is refused", ["R-6.2"],
         post(SCORE, {"knocker": {"hand": _BOB, "discard": "KD", "melds": _DECLARED},
                      "defender": {"hand": _ANN, "melds": _ANN_MELDS,
                                   "layoffs": [{"card": "6H", "meld": 0}]}}), 422,
         codes=["layoff_does_not_fit"], pointers=["/defender/layoffs/0"]),
    case("the layoffs advice numbers the melds as sent", ["R-6.1", "R-6.4"],
         post(LAYOFFS, {"knocker_melds": _DECLARED, "defender_hand": _ANN}),
         checks=[eq("/layoffs", [{"card": "6H", "meld": 1}])]),
    case("a knock echoes its declared melds in the declared order", ["R-5.3"],
         post(KNOCK, {"hand": _BOB + ["KD"], "discard": "KD", "melds": _DECLARED}),
         checks=[eq("/arrangement/melds/0/cards", h("8S 8H 8C")),
                 eq("/arrangement/melds/1/cards", h("6S 6D 6C")), eq("/legal", True)]),
    case("a hand in any order and notation analyses the same", ["R-1.4", "R-2.5"],
         post(ANALYZE, {"hand": ["kd", "9\u2666", "3c", "2h", "7c", "7d", "7\u2665\ufe0f", "8S",
                                 "7s", "6\u2660", "5s"]}),
         checks=[eq("/hand", h("5S 6S 7S 8S 2H 7H 7D 9D KD 3C 7C")),
                 eq("/deadwood_count", 14), eq("/discard", "KD")]),
    case("a replayed layoff names the meld at its declared position", ["R-6.1"],
         post(REPLAY, _knock_log()),
         checks=[eq("/valid", True), eq("/rounds/0/result/layoffs", [{"card": "6H", "meld": 1}]),
                 eq("/rounds/0/result/knocker_melds/1/cards", h("6S 6D 6C"))]),
    case("a log ending at a knock offers the defender lay_down", ["R-6.1", "R-6.4"],
         post(REPLAY, _knock_log(lay_down=False)),
         checks=[eq("/next/phase", "lay_down"), eq("/next/player", "ann"),
                 eq("/next/legal_actions/0/layable", [{"card": "6H", "meld": 1}]),
                 eq("/rounds/0/provisional", True), eq("/complete", False)]),
    case("a game-ending knock awaiting lay_down leaves the game open", ["R-8.1"],
         post(REPLAY, _knock_log(lay_down=False, target=20)),
         checks=[eq("/complete", False), eq("/winner", None), eq("/next/phase", "lay_down")]),
    case("in a view another player's options have their public shape", ["R-5.1"],
         post(REPLAY, _knock_log(cut=1, view="ann")),
         checks=[eq("/next/legal_actions", [{"action": "discard"}, {"action": "knock"}]),
                 absent("/next/hands/bob")]),
    case("a provisional round is hidden from the knocker's view", ["R-6.4"],
         post(REPLAY, _knock_log(lay_down=False, view="bob")),
         checks=[eq("/rounds", []), eq("/next/legal_actions", [{"action": "lay_down"}])]),
    case("Hollywood round totals take the shape of the final totals", ["R-9.1"],
         post("/v1/matches/score", {"rules": "hollywood", "players": ["bob", "alexandra"],
                                    "rounds": [{"winner": "bob", "points": 10}]}),
         checks=[eq("/rounds/0/totals/games/0",
                    {"totals": {"bob": 10, "alexandra": 0}, "winner": None, "closed": False})]),
]


# Rounds the service deals from a seed (R-3.1, ginrules-deal/1) ------------------------------------

DEALS_PATH = "/v1/deals"


def spec_deck(seed, round=0, table=0):
    """The deck of ginrules-deal/1, written from the rule's text (SHA-256 only), not from the
    service."""
    import hashlib

    message = (b"ginrules-deal/1" + seed.to_bytes(8, "big") + round.to_bytes(4, "big")
               + table.to_bytes(4, "big"))

    def stream():
        block = 0
        while True:
            yield from hashlib.sha256(message + block.to_bytes(4, "big")).digest()
            block += 1

    bytes_ = stream()
    deck = list(NAMES)
    for i in range(51, 0, -1):
        n = i + 1
        byte = next(bytes_)
        while byte >= 256 - 256 % n:
            byte = next(bytes_)
        deck[i], deck[byte % n] = deck[byte % n], deck[i]
    return deck


def dealt(deck, first, second, dealer, at=""):
    """Checks of a table dealt from ``deck``: ``first`` (offered the upcard first) gets cards
    0-9, ``second`` 10-19, the upcard 20, the stock the rest (R-3.1)."""
    return [eq(f"{at}/dealer", dealer), eq(f"{at}/hands", {first: deck[:10], second: deck[10:20]}),
            eq(f"{at}/upcard", deck[20]), eq(f"{at}/stock", deck[21:]), eq(f"{at}/actions", [])]


def deal_cases():
    two = {"rules": "standard", "players": ["ann", "bob"], "dealer": "ann", "seed": 42}
    box = {"rules": "box", "players": ["ann", "bob", "cy"], "seed": 7,
           "roles": {"box": "cy", "captain": "ann", "sitter": "bob"}}
    partnership = {"rules": "partnership", "players": ["ann", "bob", "cy", "dee"], "seed": 7,
                   "round": 1, "teams": [["ann", "cy"], ["bob", "dee"]],
                   "tables": [["ann", "bob"], ["dee", "cy"]]}
    return [
        case("the worked example: seed 42, ann deals to bob", ["R-3.1"],
             post(DEALS_PATH, two),
             checks=[eq("/shuffle", "ginrules-deal/1"), eq("/seed", 42), eq("/round", 0),
                     eq("/deal/hands/bob", h("AS 3C 7H 3D 4S 2D 5C KD 2S AC")),
                     *dealt(spec_deck(42), "bob", "ann", "ann", "/deal")]),
        case("round 1 of a seed is dealt from its own deck", ["R-3.1"],
             post(DEALS_PATH, {**two, "round": 1}),
             checks=[eq("/round", 1), *dealt(spec_deck(42, 1), "bob", "ann", "ann", "/deal")]),
        case("the largest seed and round", ["R-3.1"],
             post(DEALS_PATH, {**two, "dealer": "bob", "seed": 2**53 - 1, "round": 2**32 - 1}),
             checks=dealt(spec_deck(2**53 - 1, 2**32 - 1), "ann", "bob", "bob", "/deal")),
        case("cutthroat: the dealer sits out, the next player is dealt first", ["R-3.1", "R-9.3"],
             post(DEALS_PATH, {"rules": "cutthroat", "players": ["ann", "bob", "cy"],
                               "dealer": "bob", "seed": 7}),
             checks=dealt(spec_deck(7), "cy", "ann", "bob", "/deal")),
        case("box: the box deals to the captain", ["R-3.1", "R-9.2"], post(DEALS_PATH, box),
             checks=dealt(spec_deck(7), "ann", "cy", "cy", "/deal")),
        case("partnership: each table from its own deck, dealers as named", ["R-3.1", "R-9.4"],
             post(DEALS_PATH, partnership),
             checks=[*dealt(spec_deck(7, 1, 0), "bob", "ann", "ann", "/deal/tables/0"),
                     *dealt(spec_deck(7, 1, 1), "cy", "dee", "dee", "/deal/tables/1")]),
        case("a deal without a seed says the seed it drew", ["R-3.1"],
             post(DEALS_PATH, {key: value for key, value in two.items() if key != "seed"}),
             checks=[("/seed", {"at_least": 0}), ("/seed", {"at_most": 2**53 - 1}),
                     eq("/deal/actions", [])]),
        case("a two-player deal needs its dealer", ["R-3.1", "R-3.2"],
             post(DEALS_PATH, {key: value for key, value in two.items() if key != "dealer"}),
             422, codes=["required_by_variant"], pointers=["/dealer"]),
        case("the box's dealer is the player in the box", ["R-3.1", "R-9.2"],
             post(DEALS_PATH, {**box, "dealer": "ann"}), 422, codes=["wrong_dealer"],
             pointers=["/dealer"]),
        case("partnership tables seat one player of each team", ["R-3.1", "R-9.4"],
             post(DEALS_PATH, {**partnership, "tables": [["ann", "cy"], ["bob", "dee"]]}), 422,
             codes=["wrong_pairing"], pointers=["/tables"]),
        case("a seed past 2^53 - 1 is refused", ["R-3.1"],
             post(DEALS_PATH, {**two, "seed": 2**53}), 400, pointers=["/seed"]),
    ]


def write(topic, description, cases):
    document = {"topic": topic, "description": description, "cases": cases}
    (HERE / f"{topic}.json").write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n",
                                        encoding="utf-8")


def main():
    rng = random.Random(2026)
    write("cards", "Card notation, values and the deck (R-1).", CARDS)
    write("melds", "Sets, runs, deadwood and optimal arrangements (R-2).", MELDS)
    write("knocks", "Eleven-card hands, discards and knock legality (R-4.3, R-5).", KNOCKS)
    write("layoffs", "Laying off on the knocker's melds (R-6).", LAYOFF_CASES)
    write("scoring", "Round scores under the presets (R-7).", SCORES)
    write("rules", "The presets and their options (R-10).", RULES_CASES)
    write("malformed", "Malformed and impossible requests.", MALFORMED)
    write("corner", "Round the corner and the value of an ace in deadwood (R-2.7).", CORNER_CASES)
    write("games", "Game logs replayed (R-3, R-4, R-8).", game_cases())
    write("variants", "Hollywood, box, cutthroat and partnership (R-9).", variant_cases())
    write("options", "Rules other engines and rule books play (R-4.7, R-4.8, R-7.7, R-8.2, "
          "R-8.3, R-10).", option_cases())
    write("representation", "The same request however a client writes it; meld indexes as "
          "sent (docs/gamelog.md).", REPRESENTATION)
    write("deadwood-generated", "Seeded hands; answers from the exhaustive reference.",
          deadwood_corpus(rng))
    write("showdown-generated", "Seeded knock positions; answers from the exhaustive reference.",
          showdown_corpus(rng))
    write("hand-melds", "Every meld a hand holds, or those holding one card (/v1/hands/melds: "
          "R-2.1, R-2.2, R-2.7, in the order of R-2.5).", HAND_MELDS)
    write("deals", "Rounds the service shuffles from a seed and deals (R-3.1, ginrules-deal/1).",
          deal_cases())
    write("hand-melds-generated", "Seeded cards; every meld from the exhaustive reference.",
          melds_corpus(random.Random(2027)))


if __name__ == "__main__":
    main()
