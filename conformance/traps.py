"""Writes ``facts/*-traps.json``: hands and knock positions public engines are known to get wrong.

    pip install -e ".[traps]"            # OpenSpiel and RLCard: tools, never dependencies
    python conformance/traps.py [--hands 12000] [--low-hands 60000] [--positions 3000] [--seed 2026]

The conformance kit lets other implementations check themselves, so it should catch what
public engines get wrong.  This script searches seeded hands and knock positions for answers
on which two public engines disagree with the exact answers of the kit's independent
reference (``reference/``; never the service itself), and keeps each kind of disagreement,
made as small as it can, as a fact (of the topics ``discards``, ``knock``, ``layoffs`` and
``scoring``, in the files ``*-traps.json``) with the reference's exact answer, its
description naming the engine it trips and why, and ``trips`` naming the engine.

The engines and what is asked of them:

- OpenSpiel's ``gin_rummy`` (its C++ ``GinRummyUtils`` and its game): the least deadwood of
  ten and of eleven cards (the eleven-card count decides whether its players may knock, also
  at the wall and under Oklahoma), the legal knock discards of eleven cards, the cards a
  defender may lay off after earlier layoffs, and whole rounds from the knock on, played in
  its own game with both sides' best choices (a small exhaustive search of its game tree)
  and scored by its own returns.  Cards: OpenSpiel numbers a card ``suit * 13 + rank`` with
  the suits in the order spades, clubs, diamonds, hearts; this project's order is spades,
  hearts, diamonds, clubs.
- RLCard's ``gin-rummy`` (its ``melding`` and ``judge`` utilities): the least deadwood of ten
  cards, and for eleven cards the cards it lets a player knock with and the card it discards
  to go gin (its game discards the first of its gin cards).  RLCard numbers cards as this
  project does (``suit * 13 + rank``, suits S H D C).

Rules are compared only where they agree.  OpenSpiel's defaults are this project's
``openspiel`` preset (knock 10, gin 25, undercut 25, a tie scores nothing; the wall and the
limit on discard draws do not touch a round from the knock on), so its rounds are compared
with the reference's best round under those values.  RLCard's default settings
(``going_out_deadwood_count`` 10) agree with ``standard`` on what may knock and what is gin;
RLCard scores no round in points (its payoffs are 1 for gin, 0.2 for a knock, minus the
deadwood over 100 otherwise) and plays no layoffs, so its rounds are not compared.  Its game
forces gin whenever it sees one (a rule of its own, not compared).

The kinds found so far (each a case of the topic; see also docs/conformance.md):

- OpenSpiel counts eleven cards by taking one meld group that melds the most (the first it
  finds) and dropping its highest-ranked unmelded card.  The best discard may instead come
  from another group that melds as much or less, with a higher card to drop: OpenSpiel then
  counts more than the least deadwood, so its game refuses legal knocks and gins (at the knock
  card, and at the lower limits that Oklahoma or a gin-only ace upcard sets).
- OpenSpiel extends a run by the earlier layoffs next to the run's own ends, once, so the
  third and later cards of a chain at one end of a run are never offered as layoffs.  Its
  defenders lose nothing by it (such a chain is a run they can meld themselves), so its
  rounds score as the reference's: the trap is which cards may be laid off.
- RLCard's gin cards of eleven melded cards include the "first" card of a meld of four or
  more in a frozenset's iteration order, which can be an inner card of a run and leave
  deadwood.  Its game discards the first gin card of the list; in the hands searched that
  one was a right one, but the list (``judge.get_going_out_cards``) is wrong.

Searched and found in agreement (no case): ten-card least deadwood (both engines), OpenSpiel's
legal knock discards, RLCard's knock cards, a card that fits a set and a run end, the
defender's least deadwood after OpenSpiel's layoffs, and whole rounds played in OpenSpiel.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE)]

from build import defender_for, spread as knock_spread  # noqa: E402
from reference import presets  # noqa: E402
from reference.cards import CODES as NAMES, value_of  # noqa: E402
from reference.melds import (discard_values, every_meld, least_deadwood, listed,  # noqa: E402
                             optimal_arrangements)
from reference.showdown import best_defense, layable, score_deal, signed  # noqa: E402

LIMIT = 10
OPENSPIEL_ROUND = {"undercut_bonus": 25, "undercut_on_tie": False}
"""The options of OpenSpiel's defaults that a deal's score depends on."""
STANDARD = presets.full_options()


def knock_position(rng):
    """A knocker's ten cards within the limit and a defender's ten."""
    cards = knock_spread(rng)
    return cards, defender_for(rng, cards)


def best_melds(cards):
    """The knocker's melds: the first optimal arrangement in the documented order."""
    return [frozenset(m) for m in listed(min(optimal_arrangements(frozenset(cards)),
                                             key=listed))]


def defense_count(melds, defender) -> int:
    return best_defense(melds, defender, STANDARD).deadwood


def best_round(spread, defender, **options) -> tuple[int, int]:
    """The deal's best result for the knocker (R-7.6), signed, and its knocker deadwood."""
    score = score_deal(sorted(spread), sorted(defender), presets.full_options(options))
    return signed(score), score.knocker_deadwood


def names(cards) -> list[str]:
    return [NAMES[c] for c in cards]


def text(cards) -> str:
    return " ".join(names(sorted(cards)))


# The engines --------------------------------------------------------------------------------

_OS_SUIT = [0, 3, 2, 1]  # our suit (S H D C) -> OpenSpiel's suit (s c d h)
_OUR_SUIT = [_OS_SUIT.index(s) for s in range(4)]


class OpenSpiel:
    name = "OpenSpiel"

    def __init__(self) -> None:
        import pyspiel
        from pyspiel import gin_rummy

        self.utils = gin_rummy.GinRummyUtils(13, 4, LIMIT)
        self.game = pyspiel.load_game("gin_rummy")
        self.rules = dict(self.game.get_parameters())
        assert self.rules["knock_card"] == LIMIT and self.rules["gin_bonus"] == 25
        assert self.rules["undercut_bonus"] == 25 and not self.rules["oklahoma"]

    @staticmethod
    def card(ours: int) -> int:
        return _OS_SUIT[ours // 13] * 13 + ours % 13

    @staticmethod
    def ours(card: int) -> int:
        return _OUR_SUIT[card // 13] * 13 + card % 13

    def cards(self, cards) -> list[int]:
        return [self.card(c) for c in cards]

    def least_deadwood(self, cards) -> int:
        """Its ``MinDeadwood``: of ten cards, or of eleven with one to discard."""
        return self.utils.min_deadwood(self.cards(cards))

    def knock_discards(self, cards, limit: int = LIMIT) -> set[int]:
        return {self.ours(c) for c in self.utils.legal_discards(self.cards(cards), limit)}

    def meld_ids(self, melds) -> list[int]:
        """Our melds as its meld actions: it lays melds of at most five cards."""
        ids = []
        for meld in melds:
            meld = sorted(meld)
            while len(meld) > 5:
                ids.append(self.utils.meld_to_int(self.cards(meld[:3])))
                meld = meld[3:]
            ids.append(self.utils.meld_to_int(self.cards(meld)))
        return ids

    def defence(self, knocker_melds, defender) -> tuple[int, set[int]]:
        """The defender's least deadwood when it may lay off only what ``AllLayoffs`` offers
        (after each earlier layoff), then meld the rest as it likes; and every card of the
        defender that it ever offers as a layoff."""
        melds = self.meld_ids(knocker_melds)
        hand = frozenset(defender)
        seen, todo, best, ever = set(), [frozenset()], None, set()
        while todo:
            laid = todo.pop()
            if laid in seen:
                continue
            seen.add(laid)
            count = self.least_deadwood(sorted(hand - laid)) if hand - laid else 0
            best = count if best is None else min(best, count)
            offered = {self.ours(c) for c in self.utils.all_layoffs(melds, self.cards(laid))}
            ever |= offered & (hand - laid)
            todo.extend(laid | {c} for c in offered & (hand - laid))
        return best, ever

    def play_round(self, spread, defender) -> int | None:
        """Its own game from the knock on: player 0 holds ``spread`` and one more card, takes
        nothing else, knocks and discards that card; both sides then choose their best melds
        and layoffs.  The knocker's return (its score, minus if it lost), or None when the
        knock cannot be set up so."""
        used = set(spread) | set(defender)
        for extra in sorted((c for c in range(52) if c not in used), key=lambda c: -(c % 13)):
            eleven = self.cards(list(spread) + [extra])
            if self.utils.min_deadwood(eleven) <= LIMIT and \
                    self.card(extra) in self.utils.legal_discards(eleven, LIMIT):
                break
        else:
            return None
        state = self.game.new_initial_state()
        for card in list(spread) + list(defender) + [extra]:  # p0's hand, p1's hand, upcard
            state.apply_action(self.card(card))
        for action in (52, 55, self.card(extra)):  # draw the upcard, knock, discard it
            state.apply_action(action)
        return self._value(state, {})

    def _value(self, state, memo) -> int:
        if state.is_terminal():
            return int(state.returns()[0])
        key = (int(state.current_phase()), state.current_player(),
               tuple(tuple(sorted(h)) for h in state.hands()),
               tuple(tuple(sorted(m)) for m in state.layed_melds()),
               tuple(sorted(state.layoffs())), state.finished_layoffs())
        if key not in memo:
            values = [self._value(state.child(a), memo) for a in state.legal_actions()]
            memo[key] = max(values) if state.current_player() == 0 else min(values)
        return memo[key]


class RLCard:
    name = "RLCard"

    def __init__(self) -> None:
        from rlcard.games.gin_rummy import judge
        from rlcard.games.gin_rummy.utils import melding, utils
        from rlcard.games.gin_rummy.utils.settings import Settings

        self.judge, self.melding, self.utils = judge, melding, utils
        settings = Settings()
        assert settings.going_out_deadwood_count == LIMIT and settings.is_allowed_gin
        assert not settings.is_allowed_to_discard_picked_up_card  # as standard's "forbid"

    def hand(self, cards):
        return [self.utils.get_card(c) for c in cards]  # RLCard's ids are ours

    def least_deadwood(self, cards) -> int:
        hand = self.hand(cards)
        best = self.melding.get_best_meld_clusters(hand=hand)
        return self.utils.get_deadwood_count(hand, best[0] if best else [])

    def going_out(self, cards) -> tuple[set[int], list[int]]:
        """Its knock cards and gin cards of eleven cards (its game discards the first gin card)."""
        knock, gin = self.judge.get_going_out_cards(self.hand(cards), LIMIT)
        return ({self.utils.get_card_id(c) for c in knock},
                [self.utils.get_card_id(c) for c in gin])


# What each engine gets wrong: a kind of trap, or None ---------------------------------------

def eleven_traps(cards, engines) -> dict[str, dict]:
    """Each engine's wrong answers about an eleven-card hand, by kind."""
    values = discard_values(cards)
    least = min(values.values())
    found = {}
    for engine in engines:
        if isinstance(engine, OpenSpiel):
            counted = engine.least_deadwood(cards)
            if counted < least:
                found["openspiel-below-reference"] = dict(counted=counted)
            elif counted > least:
                if least == 0 and counted > LIMIT:
                    kind = "openspiel-refuses-gin"
                elif least <= LIMIT < counted:
                    kind = "openspiel-refuses-knock"
                elif least == 0:
                    kind = "openspiel-refuses-gin-only-limit"
                elif least <= LIMIT:
                    kind = "openspiel-refuses-knock-lower-limit"
                else:
                    kind = "openspiel-overcounts-eleven"
                found[kind] = dict(counted=counted)
            legal = engine.knock_discards(cards)
            if legal != {c for c, v in values.items() if v <= LIMIT}:
                found["openspiel-knock-discards"] = dict(legal=sorted(legal))
        else:
            knock, gin = engine.going_out(cards)
            if gin:
                wrong = [c for c in gin if values[c] != 0]
                if least != 0:
                    found["rlcard-false-gin"] = dict(gin=gin)
                elif values[gin[0]] != 0:
                    found["rlcard-gin-discard"] = dict(discard=gin[0])
                elif wrong:
                    found["rlcard-gin-cards"] = dict(discard=wrong[0])
            elif least == 0:
                found["rlcard-misses-gin"] = dict(knock=sorted(knock))
            elif knock != {c for c, v in values.items() if v <= LIMIT}:
                found["rlcard-knock-cards"] = dict(knock=sorted(knock))
    return found


def ten_traps(cards, engines) -> dict[str, dict]:
    least = least_deadwood(frozenset(cards))
    found = {}
    for engine in engines:
        counted = engine.least_deadwood(cards)
        if counted != least:
            found[f"{engine.name.lower()}-ten-cards"] = dict(counted=counted)
    return found


def reference_layable(knocker_melds, defender) -> set[int]:
    """Every card of the defender that some play lays off (by the reference's layoff check)."""
    return layable([frozenset(m) for m in knocker_melds], defender, STANDARD)


def run_distance(knocker_melds, defender, card) -> int:
    """How far along a chain of the defender's cards the card is from a knocker's run end
    (1: next to the end), or 0 if no such chain reaches it."""
    held, best = set(defender), 0
    for meld in knocker_melds:
        if len({c % 13 for c in meld}) == 1 or min(meld) // 13 != card // 13:
            continue
        for end, step in ((max(meld), 1), (min(meld), -1)):
            distance = (card - end) * step
            if distance > 0 and all(end + step * k in held for k in range(1, distance)):
                best = distance if not best else min(best, distance)
    return best


def layoff_traps(knocker_melds, defender, engines) -> dict[str, dict]:
    found = {}
    for engine in engines:
        if isinstance(engine, OpenSpiel):
            exact = defense_count(knocker_melds, defender)
            counted, offered = engine.defence(knocker_melds, defender)
            if counted != exact:
                found["openspiel-defence"] = dict(counted=counted, exact=exact)
            layable = reference_layable(knocker_melds, defender)
            for card in sorted(layable - offered):
                distance = min(run_distance(knocker_melds, defender, card), 4)
                found[f"openspiel-layable-chain{distance}"] = dict(card=card, exact=exact)
            if offered - layable:
                found["openspiel-layable-extra"] = dict(card=min(offered - layable))
    return found


def round_traps(spread, defender, engines) -> dict[str, dict]:
    found = {}
    for engine in engines:
        if isinstance(engine, OpenSpiel):
            signed, _ = best_round(spread, defender, **OPENSPIEL_ROUND)
            played = engine.play_round(spread, defender)
            if played is not None and played != signed:
                found["openspiel-round"] = dict(played=played, exact=signed)
    return found


# Seeded searches ----------------------------------------------------------------------------

def dense_hand(rng, size):
    width = rng.randint(4, 6)
    low = rng.randint(0, 13 - width)
    pool = [s * 13 + r for s in range(4) for r in range(low, low + width)]
    return rng.sample(pool, size)


def built_hand(rng, size):
    """Melds (runs of three to seven, sets of three or four) and up to three low cards."""
    loose = rng.randint(0, 3)
    cards: set[int] = set()
    while size - loose - len(cards) >= 3:
        if rng.random() < 0.5:
            suit, length = rng.randrange(4), rng.randint(3, min(7, size - len(cards)))
            low = rng.randint(0, 13 - length)
            meld = {suit * 13 + r for r in range(low, low + length)}
        else:
            rank = rng.randrange(13)
            meld = set(rng.sample([s * 13 + rank for s in range(4)], rng.randint(3, 4)))
        if not meld & cards and len(cards | meld) <= size:
            cards |= meld
    while len(cards) < size:
        cards.add(rng.choice([c for c in range(52) if c % 13 < 5 and c not in cards]))
    return list(cards)


def hands(rng, count):
    """Seeded hands of ten and eleven cards: random, meld-dense, and built from melds."""
    for index in range(count):
        size = 11 if index % 3 else 10
        kind = index % 4
        cards = (rng.sample(range(52), size) if kind == 0 else dense_hand(rng, size)
                 if kind == 1 else built_hand(rng, size))
        yield sorted(cards)


def chain_position(rng):
    """A knock position whose defender holds cards running on from one end of a knocker's run."""
    spread, defender = knock_position(rng)
    melds = best_melds(spread)
    runs = [m for m in melds if len({c % 13 for c in m}) > 1]
    if not runs:
        return spread, defender, melds
    meld = rng.choice(runs)
    step = rng.choice((1, -1))
    start = max(meld) if step == 1 else min(meld)
    chain = [start + step * k for k in range(1, rng.randint(2, 4) + 1)
             if (start + step * k) // 13 == start // 13 and 0 <= start + step * k < 52]
    chain = [c for c in chain if c not in spread][:rng.randint(1, 4)]
    keep = [c for c in defender if c not in chain][:10 - len(chain)]
    return spread, sorted(keep + chain), melds


def low_hands(rng, count):
    """Seeded eleven-card hands from a few neighbouring ranks, mostly low ones."""
    for _ in range(count):
        width = rng.randint(5, 9)
        low = rng.randint(0, 13 - width)
        yield sorted(rng.sample([s * 13 + r for s in range(4) for r in range(low, low + width)],
                                11))


def positions(rng, count):
    for index in range(count):
        if index % 2:
            yield chain_position(rng)
        else:
            spread, defender = knock_position(rng)
            yield spread, defender, best_melds(spread)


# Making a trap small ------------------------------------------------------------------------

def simpler(cards) -> tuple[int, int]:
    """How busy a hand is: how many melds it holds, then its total value."""
    cards = frozenset(cards)
    return len(every_meld(cards)), sum(value_of(c) for c in cards)


def shrink(cards, keeps, fixed=frozenset(), rounds=3):
    """Swap cards for others while the trap stays the same kind and the hand gets simpler."""
    cards = sorted(cards)
    for _ in range(rounds):
        changed = False
        for index in range(len(cards)):
            for other in range(52):
                if other in cards or other in fixed:
                    continue
                trial = sorted(cards[:index] + [other] + cards[index + 1:])
                if simpler(trial) < simpler(cards) and keeps(trial):
                    cards, changed = trial, True
                    break
        if not changed:
            break
    return cards


# The cases ----------------------------------------------------------------------------------

WHY = {
    "openspiel-refuses-knock": "OpenSpiel refuses a legal knock",
    "openspiel-refuses-gin": "OpenSpiel refuses a legal gin",
    "openspiel-refuses-gin-only-limit": "OpenSpiel refuses gin where only gin may go out",
    "openspiel-refuses-knock-lower-limit": "OpenSpiel refuses a knock under a lower limit",
    "openspiel-overcounts-eleven": "OpenSpiel overcounts eleven cards",
    "rlcard-gin-discard": "RLCard goes gin discarding an inner run card",
    "rlcard-gin-cards": "RLCard lists an inner run card as a gin discard",
}


def fact(description, rules, question, answer, options=None, engine="OpenSpiel"):
    written = {"description": description, "rules": rules}
    if options:
        written["options"] = options
    written.update(question=question, answer=answer, trips=[engine])
    return written


def eleven_case(kind, cards, facts):
    """Facts of an eleven-card trap: every discard's least deadwood, and for a refused knock
    the knock itself."""
    values = discard_values(cards)
    least = min(values.values())
    ordered = sorted(cards)
    best = [NAMES[c] for c in ordered if values[c] == least]
    options, upcard, limit = {}, None, LIMIT
    if kind == "openspiel-refuses-gin-only-limit":
        options, limit = {"knock_limit": 0}, 0  # OpenSpiel's knock_card 0
    elif kind == "openspiel-refuses-knock-lower-limit":
        limit = least
        upcards = [c for c in range(52) if c not in cards and value_of(c) == least]
        if least > 1 and upcards:  # OpenSpiel's Oklahoma: the upcard's value (an ace is 1)
            options, upcard = {"oklahoma": True}, NAMES[upcards[0]]
        else:
            options = {"knock_limit": least}
    answer = {"least": least, "best": best, "may_knock": least <= limit}
    if kind.startswith("openspiel"):
        why = f"{WHY[kind]} (counts {facts['counted']}, least {least})"
    else:
        card = facts["discard"]
        why = f"{WHY[kind]} ({NAMES[card]} leaves {values[card]})"
        answer["after"] = {NAMES[card]: values[card]}
    question = {"hand": names(ordered)}
    if upcard:
        why = (f"OpenSpiel refuses an Oklahoma knock (counts {facts['counted']}, least {least}), "
               f"upcard {upcard}")
        question["upcard"] = upcard
        answer["knock_limit"] = limit
    elif options:
        why += f", limit {limit}"
    rule = ["R-5.1", "R-2.5"] + (["R-5.4"] if least == 0 else []) + (["R-5.6"] if upcard else [])
    engine = "OpenSpiel" if kind.startswith("openspiel") else "RLCard"
    found = [("discards", fact(f"{why}: {text(cards)}", rule, question, answer, options, engine))]
    if kind.startswith("openspiel-refuses"):
        # The knock itself, with a best discard: legal, though OpenSpiel's game offers no knock.
        discard = best[0]
        label = "OpenSpiel refuses an Oklahoma knock" if upcard else WHY[kind]
        knock = {"hand": names(ordered), "discard": discard,
                 **({"upcard": upcard} if upcard else {})}
        found.append(("knock", fact(f"{label}: knocking with {discard} is legal: {text(cards)}",
                                    rule, knock, {"legal": True, "deadwood": least,
                                                  "gin": least == 0}, options)))
    return found


def layoff_case(kind, knocker_melds, defender, facts):
    melds = [names(sorted(m)) for m in sorted(knocker_melds, key=min)]
    exact = defense_count(knocker_melds, defender)
    layable_cards = reference_layable(knocker_melds, defender)
    if kind.startswith("openspiel-layable-chain"):
        nth = {"3": "3rd", "4": "4th or later"}.get(kind[-1], kind[-1])
        why = f"OpenSpiel never offers {NAMES[facts['card']]}, the {nth} card of a chain"
    elif kind == "openspiel-layable-extra":
        why = f"OpenSpiel offers {NAMES[facts['card']]}, which no play lays off"
    else:
        why = f"OpenSpiel's defender keeps {facts['counted']}, not {exact}"
    return ("layoffs", fact(f"{why}: {' '.join(names(sorted(defender)))}", ["R-6.2", "R-6.4"],
                            {"knocker_melds": melds, "defender": names(sorted(defender))},
                            {"deadwood": exact, "layable": names(sorted(layable_cards))}))


def round_case(spread, defender, facts):
    points, knocker_count = best_round(spread, defender, **OPENSPIEL_ROUND)
    winner = "knocker" if points > 0 else "defender" if points < 0 else None
    outcome = ("gin" if knocker_count == 0 else "knock" if points >= 0 else "undercut")
    why = f"OpenSpiel's game scores {facts['played']:+d}, not {points:+d}"
    options = {"undercut_bonus": 25, "undercut_on_tie": False, "taken_card_discard": "allow",
               "wall": "last_discard", "upcard_draw_limit": 50, "repeated_return_draw": True}
    return ("scoring", fact(f"{why}: {text(spread)} v {text(defender)}",
                            ["R-7.6", "R-6.2", "R-10"],
                            {"knocker": {"hand": names(spread)},
                             "defender": {"hand": names(sorted(defender))}},
                            {"outcome": outcome, "winner": winner, "points": abs(points),
                             "knocker_deadwood": knocker_count}, options))


def search(args, engines, log=print):
    rng = random.Random(args.seed)
    found: dict[str, list] = {}
    counts = Counter()
    for cards in hands(rng, args.hands):
        counts[f"hands of {len(cards)}"] += 1
        traps = (eleven_traps if len(cards) == 11 else ten_traps)(cards, engines)
        for kind, facts in traps.items():
            counts[kind] += 1
            found.setdefault(kind, []).append(("hand", cards, facts))
    # OpenSpiel refusing a knock at the knock card itself is rare: screen many low hands by its
    # count and ask the reference about those it refuses.
    os_engine = next((e for e in engines if isinstance(e, OpenSpiel)), None)
    for cards in low_hands(rng, args.low_hands if os_engine else 0):
        counts["low hands of 11 screened"] += 1
        if os_engine.least_deadwood(cards) > LIMIT:
            traps = eleven_traps(cards, [os_engine])
            for kind, facts in traps.items():
                counts[kind] += 1
                found.setdefault(kind, []).append(("hand", cards, facts))
    for spread, defender, melds in positions(rng, args.positions):
        counts["knock positions"] += 1
        for kind, facts in layoff_traps(melds, defender, engines).items():
            counts[kind] += 1
            found.setdefault(kind, []).append(("layoffs", (melds, defender), facts))
        if counts["knock positions"] <= args.rounds:
            counts["rounds played"] += 1
            for kind, facts in round_traps(spread, defender, engines).items():
                counts[kind] += 1
                found.setdefault(kind, []).append(("round", (spread, defender), facts))
    log("searched: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return found, counts


def build_cases(found, engines, per_kind):
    cases, seen = [], set()
    for kind in sorted(found):
        kept = 0
        for what, subject, _ in found[kind]:
            if kept >= per_kind:
                break
            if what == "hand":
                def keeps(trial, kind=kind):
                    return kind in eleven_traps(trial, engines) if len(trial) == 11 \
                        else kind in ten_traps(trial, engines)
                cards = shrink(subject, keeps)
                facts = (eleven_traps if len(cards) == 11 else ten_traps)(cards, engines)[kind]
                key = frozenset(cards)
                if key in seen or kind not in WHY:
                    continue
                cases.extend(eleven_case(kind, cards, facts))
            elif what == "layoffs":
                melds, defender = subject
                melds = [m for m in melds if len({c % 13 for c in m}) > 1] or list(melds)
                needed = list(melds)
                for meld in list(needed):  # drop the knocker's melds the trap does not need
                    rest = [m for m in needed if m != meld]
                    if rest and kind in layoff_traps(rest, defender, engines):
                        needed = rest
                spread = frozenset().union(*needed)
                defender = shrink(defender, lambda t, n=needed, k=kind: k in layoff_traps(
                    n, t, engines), fixed=spread)
                key = (frozenset(spread), frozenset(defender))
                if key in seen:
                    continue
                facts = layoff_traps(needed, defender, engines)[kind]
                cases.append(layoff_case(kind, needed, defender, facts))
            else:
                spread, defender = subject
                key = (frozenset(spread), frozenset(defender))
                if key in seen:
                    continue
                cases.append(round_case(spread, defender,
                                        round_traps(spread, defender, engines)[kind]))
            seen.add(key)
            kept += 1
    return cases


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12000, help="seeded hands of 10 and 11")
    parser.add_argument("--low-hands", type=int, default=60000,
                        help="low eleven-card hands screened by OpenSpiel's count")
    parser.add_argument("--positions", type=int, default=3000, help="seeded knock positions")
    parser.add_argument("--rounds", type=int, default=600,
                        help="of those, how many to play out in OpenSpiel's game")
    parser.add_argument("--per-kind", type=int, default=2, help="cases kept per kind of trap")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--output", type=Path, default=HERE / "facts",
                        help="the folder the facts files are written to")
    args = parser.parse_args(argv)
    try:
        engines = [OpenSpiel(), RLCard()]
    except ImportError as error:
        print(f"traps: {error}: pip install open_spiel rlcard", file=sys.stderr)
        return 2
    found, counts = search(args, engines)
    for kind in sorted(found):
        print(f"{kind}: {len(found[kind])}")
    cases = build_cases(found, engines, args.per_kind)
    for topic, what in DESCRIPTIONS.items():
        facts = [f for t, f in cases if t == topic]
        if not facts:
            continue
        document = {"topic": topic, "description": what + " Answers public engines get wrong "
                    "(the engines each trips are named).", "facts": facts}
        (args.output / f"{topic}-traps.json").write_text(
            json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{len(facts)} facts written to {topic}-traps.json")
    return 0


DESCRIPTIONS = {
    "discards": "Eleven cards: the least deadwood after each discard (R-2.5, R-5.1).",
    "knock": "Knocks legal or not, with the rules they break (R-4.3, R-5).",
    "layoffs": "The defender's least deadwood after layoffs (R-6).",
    "scoring": "A deal's result from the knock on, under named options (R-7).",
}


if __name__ == "__main__":
    sys.exit(main())
