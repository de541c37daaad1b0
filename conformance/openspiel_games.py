"""Writes ``facts/games-openspiel.json``: hands played by OpenSpiel's ``gin_rummy``, as games facts.

    pip install open_spiel        # or: pip install -e '.[bench]'
    python conformance/openspiel_games.py [--hands 220] [--seed 2026]

OpenSpiel is an engine written independently of this project.  This script plays seeded
hands of its ``gin_rummy`` game, most with its default parameters (knock card 10, gin bonus
25, undercut bonus 25), some with others (Oklahoma, other knock cards and bonuses): some
with uniformly random legal actions for both players, some with one random player against
a simple policy, the rest with the policy for both.  The policy draws
and discards to lower its deadwood, knocks as soon as it may (or, for some players, only at
a lower count or for gin), lays down its melds and lays off every card it can.  Knock wins
without layoffs, the commonest hands, are kept only up to a number (``--plain-knocks``) so
that gin, undercuts, ties and layoffs get more cases.  Each hand (one deal) becomes a
one-round game log (docs/gamelog.md), the question of a fact of the ``games`` topic, whose
answer is that the log is valid, with the round's outcome, winner and points as OpenSpiel's
returns scored them, both deadwood counts as OpenSpiel counted them, and the melds and layoffs
as its players laid them.  No expected value comes from this project's own code.

How an OpenSpiel hand becomes a log:

- Player 0 always acts first, so player 1 ("p1") is the dealer.  The first ten chance
  outcomes are player 0's hand, the next ten player 1's, the next the upcard; every later
  chance outcome is a stock draw, so the stock is those cards in order followed by the cards
  nobody drew (in a seeded order: nobody sees them).
- Draw upcard (also on the first turn) is a draw from the discard pile, draw stock a stock
  draw, a card a discard, pass on the first turn a pass.  At the wall (two stock cards left)
  OpenSpiel's knock takes the last discard and knocks: a draw from the discard pile, then the
  knock (R-4.7); its pass there is the pass that ends the hand as a draw.  OpenSpiel's
  knock is the knock action, its next card the knock discard, and the melds it then lays
  one at a time the knock's declared melds, in that order.  The defender's layoffs and then
  its melds are the ``lay_down``: each layoff names the declared meld it extends, as
  extended by the earlier layoffs (a card that fits two melds gets one of them at random,
  among the assignments that keep every later layoff legal).
- Options: OpenSpiel's values (the ``openspiel`` preset: undercut bonus 25, a tie scores
  nothing, the card taken from the discard pile may be discarded at once, the last discard
  at the wall, R-4.7, the upcard draw limit of 50, R-4.8, and the repeated-move draw, R-4.9),
  with a game target no single hand can reach; a hand played with other parameters says so
  (``knock_limit`` for its knock card; under Oklahoma, ``oklahoma`` without the spade double).
- OpenSpiel's 50th draw of the upcard after the first turn ends the hand at once, its card
  left on the pile: it is the log's last action, a draw from the discard pile (R-4.8).  Its
  repeated move, the second turn in a row whose discard is the card the player took from the
  pile, ends the hand after that discard (R-4.9).  Both are draws: nobody scores.

Every hand is kept (none is left out for an ending the replay lacks).  ``--looping-share``
sets the share of hands played by players who keep taking the upcard, some of them throwing
it straight back, so that both of those endings occur.

``--wall-hands`` sets how many of the cases are hands that reach the wall (a knock there,
or a pass and a draw): uniformly random play reaches it often, the policy players rarely,
so a share of hands (``--patient-share``) is played by policy players who knock only there.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUTPUT = HERE / "facts" / "games-openspiel.json"
PLAYERS = ["p0", "p1"]
RANKS = "A23456789TJQK"
SUITS = "SCDH"  # OpenSpiel's suit order: spades, clubs, diamonds, hearts
OPTIONS = {"undercut_bonus": 25, "undercut_on_tie": False, "taken_card_discard": "allow",
           "game_target": 1000, "wall": "last_discard", "upcard_draw_limit": 50,
           "repeated_return_draw": True}
"""OpenSpiel's defaults (the openspiel preset's options); no hand scores 1000."""
DEFAULTS = {"knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 10}
ORDER = ["knock_limit", "gin_bonus", "undercut_bonus", "undercut_on_tie", "taken_card_discard",
         "oklahoma", "oklahoma_spade_double", "game_target", "wall", "upcard_draw_limit",
         "repeated_return_draw"]
"""The options a hand may change, in the order docs/rules.md lists them."""

# OpenSpiel's action ids.
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56


def name(card: int) -> str:
    """Our code (R-1.4) for an OpenSpiel card id: suit * 13 + rank, suits in SCDH order."""
    return RANKS[card % 13] + SUITS[card // 13]


def rank(card: int) -> int:
    return card % 13


def suit(card: int) -> int:
    return card // 13


# --- the policy --------------------------------------------------------------------------

class Policy:
    """Chooses OpenSpiel actions: uniformly at random, or the simple knocking policy."""

    def __init__(self, rng: random.Random, knocking: tuple[bool, bool], patient: bool = False,
                 looping: bool = False):
        import pyspiel

        self.rng = rng
        self.knocking = knocking
        self.patient = patient
        self.looping = looping
        """Take the upcard whenever it may, throw it straight back half the time, never knock:
        hands end by the upcard draw limit or by two returns in a row."""
        self.returning = rng.random() < 0.5
        """Never knock before the wall (so that hands reach it and knock there)."""
        # Each policy player knocks at its own limit: mostly as soon as it may, else
        # only with less deadwood, or only for gin, so that gin and undercuts both happen.
        self.limit = [rng.choice([10, 10, 10, 5, 0, 0]) for _ in range(2)]
        self.utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        self.gin_rummy = pyspiel.gin_rummy

    def choose(self, state) -> int:
        legal = state.legal_actions()
        player = state.current_player()
        if not self.knocking[player] or self.rng.random() < 0.05:
            return self.rng.choice(legal)
        phase = state.current_phase()
        phases = self.gin_rummy.Phase
        hand = list(state.hands()[player])
        if self.looping and phase in (phases.FIRST_UPCARD, phases.DRAW, phases.DISCARD):
            return self._loop(state, legal, phase, hand)
        if phase in (phases.FIRST_UPCARD, phases.DRAW):
            if DRAW_UPCARD in legal:
                now = self.utils.min_deadwood(hand)
                with_upcard = self.utils.min_deadwood(hand + [state.upcard()])
                if with_upcard < now:
                    return DRAW_UPCARD
            return DRAW_STOCK if DRAW_STOCK in legal else PASS
        if phase == phases.DISCARD:
            if KNOCK in legal and not self.patient and (self.limit[player] >= 10
                                   or self.utils.min_deadwood(hand) <= self.limit[player]):
                return KNOCK
            return self._best_discard(hand, [a for a in legal if a != KNOCK])
        if phase == phases.KNOCK:
            melds = [a for a in legal if a >= MELD_BASE]
            # Lay every meld it can, but now and then stop as soon as the rest is within
            # the limit (a declared arrangement that is not the best one).
            if melds and (PASS not in legal or self.limit[player] < 10
                          or self.rng.random() < 0.9):
                if self.limit[player] < 10:  # keep the least deadwood: gin when it can
                    melds = self._best(melds, lambda a: self.utils.min_deadwood(
                        [c for c in hand if c not in self.utils.int_to_meld[a - MELD_BASE]]))
                return self.rng.choice(melds)
            if PASS in legal:
                return PASS
            return self._best_discard(hand, legal)  # the knock discard
        if phase == phases.LAYOFF:
            plays = [a for a in legal if a != PASS]
            if plays and self.rng.random() < 0.95:
                return self.rng.choice(plays)
            return PASS
        if phase == phases.WALL:
            return KNOCK if KNOCK in legal else PASS
        return self.rng.choice(legal)

    def _loop(self, state, legal: list[int], phase, hand: list[int]) -> int:
        if DRAW_UPCARD in legal:
            return DRAW_UPCARD
        if phase != self.gin_rummy.Phase.DISCARD:
            return DRAW_STOCK if DRAW_STOCK in legal else PASS
        cards = [a for a in legal if a < 52]
        taken = self.taken
        if taken in cards and (self.returning or self.rng.random() < 0.05):
            return taken
        others = [c for c in cards if c != taken] or cards
        return self._best_discard(hand, others)

    taken: int | None = None
    """The card the player to move took from the pile this turn (set by the caller)."""

    def _best_discard(self, hand: list[int], cards: list[int]) -> int:
        """One of the discards that leave the least deadwood, at random."""
        return self.rng.choice(self._best(
            cards, lambda card: self.utils.min_deadwood([c for c in hand if c != card])))

    @staticmethod
    def _best(choices: list[int], cost) -> list[int]:
        """The choices of least cost."""
        scored = [(cost(choice), choice) for choice in choices]
        least = min(score for score, _ in scored)
        return [choice for score, choice in scored if score == least]


# --- layoffs: which declared meld each card extends --------------------------------------

def _extends(meld: dict, card: int) -> bool:
    cards = meld["cards"]
    if meld["kind"] == "set":
        return len(cards) == 3 and rank(card) == rank(cards[0])
    if suit(card) != suit(cards[0]):
        return False
    ranks = [rank(c) for c in cards]
    return rank(card) == min(ranks) - 1 or rank(card) == max(ranks) + 1


def assign_layoffs(melds: list[dict], layoffs: list[int], rng: random.Random) -> list[int]:
    """A meld index for each layoff, in order, each extending its meld as extended so far.

    Every consistent assignment is found; one is picked at random, so that a card fitting
    two melds goes to either.  ``ValueError`` when there is none.
    """
    found: list[list[int]] = []

    def search(i: int, state: list[list[int]], chosen: list[int]) -> None:
        if len(found) >= 64:
            return
        if i == len(layoffs):
            found.append(list(chosen))
            return
        card = layoffs[i]
        for index, meld in enumerate(melds):
            current = {"kind": meld["kind"], "cards": state[index]}
            if _extends(current, card):
                state[index].append(card)
                chosen.append(index)
                search(i + 1, state, chosen)
                chosen.pop()
                state[index].pop()

    search(0, [list(m["cards"]) for m in melds], [])
    if not found:
        raise ValueError(f"no meld takes the layoffs {[name(c) for c in layoffs]}")
    return rng.choice(found)


def meld_of(utils_melds, meld_id: int) -> dict:
    cards = sorted(utils_melds[meld_id], key=lambda c: (suit(c), rank(c)))
    kind = "set" if len({rank(c) for c in cards}) == 1 else "run"
    return {"kind": kind, "cards": cards}


def shown(meld: dict) -> dict:
    return {"kind": meld["kind"], "cards": [name(c) for c in meld["cards"]]}


# --- one hand ----------------------------------------------------------------------------

def _deadwood(state) -> list[int]:
    return [int(x) for x in state.deadwood()]


MODES = {"random": (False, False), "p0 random": (False, True), "p1 random": (True, False),
         "policy": (True, True), "patient": (True, True), "looping": (True, True)}
"""Who plays uniformly at random (False) and who plays the simple policy (True); in
``patient`` both play the policy but knock only at the wall, in ``looping`` both keep taking
the upcard."""

PARAMS = [{}, {}, {}, {"oklahoma": True}, {"knock_card": 5}, {"knock_card": 0},
          {"knock_card": 8, "gin_bonus": 20, "undercut_bonus": 10}]
"""OpenSpiel's parameters of the hands, by seed: mostly its defaults."""


def options_for(params: dict) -> dict:
    """The options of a hand played with OpenSpiel's ``params`` (R-10), as they differ from
    the defaults."""
    options = dict(OPTIONS)
    if params.get("oklahoma"):
        options.update(oklahoma=True, oklahoma_spade_double=False)
    elif "knock_card" in params:
        options["knock_limit"] = params["knock_card"]
    for name_ in ("gin_bonus", "undercut_bonus"):
        if name_ in params:
            options[name_] = params[name_]
    return {name_: options[name_] for name_ in ORDER
            if name_ in options and options[name_] != DEFAULTS.get(name_)}


def play_hand(game, seed: int, mode: str, params: dict | None = None) -> dict:
    """Play one OpenSpiel hand and convert it."""
    import pyspiel

    rng = random.Random(seed)
    policy = Policy(rng, MODES[mode], patient=mode == "patient", looping=mode == "looping")
    gin = pyspiel.gin_rummy
    phases = gin.Phase
    int_to_meld = {i: list(game_meld) for i, game_meld in enumerate(_all_melds(policy.utils))}
    state = game.new_initial_state()
    dealt: list[int] = []
    actions: list[dict] = []
    knock: dict | None = None
    knocker = None
    lay_down: dict | None = None
    layoff_cards: list[int] = []
    upcard_draws = 0
    taken = None  # the card just drawn from the discard pile, if the last draw was one
    seen: set[str] = set()
    ending = None  # "upcard_draw_limit" or "repeated_move" when the hand ended by one
    wall = None  # "knock" or "pass" when the hand reached the wall
    while not state.is_terminal():
        if state.is_chance_node():
            card = rng.choice([c for c, _ in state.chance_outcomes()])
            dealt.append(card)
            state.apply_action(card)
            continue
        phase = state.current_phase()
        player = state.current_player()
        who = PLAYERS[player]
        policy.taken = taken
        action = policy.choose(state)
        if action == DRAW_UPCARD:
            taken = state.upcard()
        elif action == DRAW_STOCK:
            taken = None
        if phase == phases.FIRST_UPCARD:
            if action == DRAW_UPCARD:
                actions.append({"player": who, "action": "draw", "source": "discard"})
            elif action == PASS:
                actions.append({"player": who, "action": "pass"})
            else:
                actions.append({"player": who, "action": "draw", "source": "stock"})
        elif phase == phases.DRAW:
            if action == DRAW_UPCARD:
                upcard_draws += 1
                if upcard_draws == gin.MAX_NUM_DRAW_UPCARD_ACTIONS:
                    ending = "upcard_draw_limit"
                actions.append({"player": who, "action": "draw", "source": "discard"})
            else:
                actions.append({"player": who, "action": "draw", "source": "stock"})
        elif phase == phases.DISCARD:
            if action == KNOCK:
                knocker = player
                knock = {"player": who, "action": "knock", "discard": None, "melds": []}
                actions.append(knock)
            else:
                actions.append({"player": who, "action": "discard", "card": name(action)})
                if action == taken:
                    seen.add("a discard of the card just taken")
        elif phase == phases.KNOCK:
            if knock["discard"] is None:
                knock["discard"] = name(action)
                if action == taken:
                    seen.add("a knock discarding the card just taken")
            elif action != PASS:
                knock["melds"].append(meld_of(int_to_meld, action - MELD_BASE))
        elif phase == phases.LAYOFF:
            if lay_down is None:
                lay_down = {"player": who, "action": "lay_down", "melds": [], "layoffs": []}
            if action != PASS and not state.finished_layoffs():
                layoff_cards.append(action)
            elif action != PASS:
                lay_down["melds"].append(meld_of(int_to_meld, action - MELD_BASE))
        elif phase == phases.WALL:
            if action == KNOCK:  # takes the last discard, then knocks
                wall, knocker, taken = "knock", player, state.upcard()
                actions.append({"player": who, "action": "draw", "source": "discard"})
                knock = {"player": who, "action": "knock", "discard": None, "melds": []}
                actions.append(knock)
            else:
                wall = "pass"
                actions.append({"player": who, "action": "pass"})
        state.apply_action(action)
        if phase == phases.DISCARD and action != KNOCK and state.is_terminal():
            ending = "repeated_move"
    options = options_for(params or {})
    if knock is None:
        assert wall == "pass" or ending is not None, state.current_phase()
        return _draw(dealt, actions, options, mode, seed, rng, ending or "wall", params or {})
    returns = [int(r) for r in state.returns()]
    deadwood = _deadwood(state)
    # OpenSpiel's own record of the hand, to check the conversion against.
    assert list(state.layed_melds()[knocker]) == [
        _meld_id(int_to_meld, m["cards"]) for m in knock["melds"]]
    assert list(state.layoffs()) == layoff_cards
    layoffs = assign_layoffs(knock["melds"], layoff_cards, rng) if layoff_cards else []
    features = _features(knock, actions, layoff_cards, layoffs, seen)
    if wall:
        features.append("a knock at the wall")
    lay_down["layoffs"] = [{"card": name(c), "meld": m} for c, m in zip(layoff_cards, layoffs)]
    knock["melds"] = [[name(c) for c in meld["cards"]] for meld in knock["melds"]]
    lay_down["melds"] = [shown(m)["cards"] for m in lay_down["melds"]]
    actions.append(lay_down)
    log = _log(dealt, actions, options, seed, rng)
    defender = 1 - knocker
    if deadwood[knocker] == 0:
        outcome, winner, points = "gin", PLAYERS[knocker], returns[knocker]
    elif returns[knocker] > 0:
        outcome, winner, points = "knock", PLAYERS[knocker], returns[knocker]
    elif returns[knocker] < 0:
        outcome, winner, points = "undercut", PLAYERS[defender], returns[defender]
    else:
        outcome, winner, points = "knock", None, 0
    return {
        "log": log, "outcome": outcome, "winner": winner, "points": points, "params": params or {},
        "knocker": PLAYERS[knocker],
        "deadwood": {PLAYERS[0]: deadwood[0], PLAYERS[1]: deadwood[1]},
        "layoffs": len(layoff_cards), "defender_melds": len(lay_down["melds"]),
        "mode": mode, "features": features, "knock": knock, "lay_down": lay_down,
        "wall": wall,
    }


def _log(dealt: list[int], actions: list[dict], options: dict, seed: int,
         rng: random.Random) -> dict:
    """The one-round log of a hand and its options: the deal, the stock (the cards drawn in
    order, then the cards nobody drew in a seeded order) and the actions."""
    stock_drawn = dealt[21:]
    if seed % 2:  # stock draws name their card too (optional when the stock is given)
        draws = iter(stock_drawn)
        for action in actions:
            if action["action"] == "draw" and action["source"] == "stock":
                action["card"] = name(next(draws))
    rest = [c for c in range(52) if c not in dealt]
    rng.shuffle(rest)
    return {
        "options": options,
        "players": list(PLAYERS),
        "rounds": [{
            "dealer": PLAYERS[1],
            "hands": {PLAYERS[0]: [name(c) for c in dealt[:10]],
                      PLAYERS[1]: [name(c) for c in dealt[10:20]]},
            "upcard": name(dealt[20]),
            "stock": [name(c) for c in stock_drawn + rest],
            "actions": actions,
        }],
    }


ENDINGS = {"wall": ("a pass at the wall", "R-4.7"),
           "upcard_draw_limit": ("the 50th draw of the upcard", "R-4.8"),
           "repeated_move": ("a second return in a row", "R-4.9")}
"""How a hand without a knock ends: its description and its rule."""


def _draw(dealt, actions, options, mode, seed, rng, ending, params) -> dict:
    """A hand that ended without a knock (a pass at the wall, R-4.7; the upcard draw limit,
    R-4.8; two returns in a row, R-4.9): a draw, nobody scores."""
    return {"log": _log(dealt, actions, options, seed, rng), "outcome": "draw", "winner": None,
            "points": 0, "knocker": None, "layoffs": 0, "defender_melds": 0, "mode": mode,
            "features": [ENDINGS[ending][0]], "wall": "pass" if ending == "wall" else None,
            "ending": ending, "params": params}


def _features(knock, actions, layoff_cards, layoffs, seen) -> list[str]:
    """What is notable in a converted hand, for the summary the script prints."""
    features = list(seen)
    melds = [{"kind": m["kind"], "cards": list(m["cards"])} for m in knock["melds"]]
    for card, index in zip(layoff_cards, layoffs):
        fits = [i for i, meld in enumerate(melds) if _extends(meld, card)]
        if len(fits) > 1:
            features.append("a layoff that fits two melds")
        if any(abs(rank(card) - rank(c)) == 1 and suit(card) == suit(c)
               for c in layoff_cards[:layoff_cards.index(card)]) and melds[index]["kind"] == "run":
            features.append("a chained layoff")
        melds[index]["cards"].append(card)
    if sum(1 for a in actions if a["action"] in ("draw", "discard", "pass")) <= 3:
        features.append("a knock on the first turn")
    return sorted(set(features))


def _all_melds(utils):
    """OpenSpiel's meld ids 0..184, each as its cards (the utils' own table)."""
    return [utils.int_to_meld[i] for i in range(185)]


def _meld_id(int_to_meld, cards) -> int:
    wanted = sorted(cards)
    for i, meld in int_to_meld.items():
        if sorted(meld) == wanted:
            return i
    raise KeyError(cards)


# --- the case file -----------------------------------------------------------------------

def rules_of(hand: dict) -> list[str]:
    if hand["outcome"] == "draw":
        return ["R-3.1", "R-4.1", "R-4.2", "R-4.3", ENDINGS[hand["ending"]][1]]
    rules = ["R-3.1", "R-4.1", "R-4.2", "R-4.3", "R-5.1", "R-5.3"]
    if hand["wall"]:
        rules.append("R-4.7")
    if hand["outcome"] == "gin":
        rules += ["R-5.4", "R-7.3"]
    elif hand["outcome"] == "undercut":
        rules += ["R-7.2"]
    elif hand["winner"] is None:
        rules += ["R-7.2"]
    else:
        rules += ["R-7.1"]
    if hand["layoffs"]:
        rules += ["R-6.1", "R-6.2", "R-6.4"]
    return rules


def to_fact(index: int, seed: int, hand: dict) -> dict:
    """A hand as a fact of the games topic: its log, valid, scored as OpenSpiel scored it."""
    log = dict(hand["log"])
    options = log.pop("options")
    params = _params_text(hand["params"])
    if hand["outcome"] == "draw":
        what, rule = ENDINGS[hand["ending"]]
        description = f"OpenSpiel hand {index} (seed {seed}, {hand['mode']}{params}): " \
                      f"{what}, a draw ({rule})"
        result = {"outcome": "draw", "winner": None, "points": 0}
    else:
        what = "a scoreless tie" if hand["outcome"] == "knock" and hand["winner"] is None \
            else hand["outcome"]
        if hand["wall"]:
            what += " at the wall"
        description = (f"OpenSpiel hand {index} (seed {seed}, {hand['mode']}{params}): {what}, "
                       f"{hand['layoffs']} layoffs, {hand['defender_melds']} defender melds")
        result = {"outcome": hand["outcome"], "knocker": hand["knocker"],
                  "winner": hand["winner"], "points": hand["points"],
                  "deadwood": hand["deadwood"], "layoffs": hand["lay_down"]["layoffs"],
                  "knocker_melds": hand["knock"]["melds"],
                  "defender_melds": hand["lay_down"]["melds"]}
    return {"description": description, "rules": rules_of(hand), "options": options,
            "question": log, "answer": {"valid": True, "rounds": [result]},
            "source": {"engine": "OpenSpiel gin_rummy", "repository": "google-deepmind/open_spiel",
                       "path": "open_spiel/games/gin_rummy"}}


SHORT = {"oklahoma": "oklahoma", "knock_card": "knock", "gin_bonus": "gin",
         "undercut_bonus": "undercut"}


def _params_text(params: dict) -> str:
    """The parameters that differ from OpenSpiel's defaults, briefly (``knock 5``)."""
    return "".join(f", {SHORT[key]}" + ("" if value is True else f" {value}")
                   for key, value in params.items())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=220,
                        help="cases to write (default 220)")
    parser.add_argument("--seed", type=int, default=2026, help="the first hand's seed")
    parser.add_argument("--random-share", type=float, default=0.25,
                        help="share of hands played uniformly at random (default 0.25)")
    parser.add_argument("--mixed-share", type=float, default=0.15,
                        help="share of hands with player 0 random and the policy for player 1,"
                             " and again the other way round (default 0.15 each)")
    parser.add_argument("--patient-share", type=float, default=0.1,
                        help="share of hands with the policy for both players knocking only at "
                             "the wall (default 0.1)")
    parser.add_argument("--looping-share", type=float, default=0.08,
                        help="share of hands with players who keep taking the upcard, to reach "
                             "the upcard draw limit and two returns in a row (default 0.08)")
    parser.add_argument("--plain-knocks", type=int, default=50,
                        help="at most this many knock wins without layoffs, the commonest kind"
                             " of hand, so that the others get more cases (default 50)")
    parser.add_argument("--wall-hands", type=int, default=40,
                        help="at most this many hands that reach the wall (a knock there or a "
                             "pass), half of them passes at most (default 40)")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed: pip install open_spiel", file=sys.stderr)
        return 2
    games: dict[str, object] = {}
    cases, kept, played, skipped = [], Counter(), 0, 0
    seed = args.seed
    while len(cases) < args.hands:
        pick = random.Random(seed * 7919).random()
        mode = ("looping" if pick >= 1 - args.looping_share else
                "patient" if pick >= 1 - args.patient_share - args.looping_share else
                "random" if pick < args.random_share else
                "policy" if pick >= args.random_share + 2 * args.mixed_share else
                "p0 random" if pick < args.random_share + args.mixed_share else "p1 random")
        played += 1
        params = PARAMS[seed % len(PARAMS)]
        key = json.dumps(params, sort_keys=True)
        if key not in games:
            games[key] = pyspiel.load_game("gin_rummy", params)
        hand = play_hand(games[key], seed, mode, params)
        plain = (hand["outcome"] == "knock" and hand["winner"] is not None
                 and not hand["layoffs"] and not hand["wall"])
        passes = kept["wall passes kept"]
        too_many_walls = hand["wall"] and (
            kept["wall hands kept"] >= args.wall_hands
            or hand["wall"] == "pass" and passes >= args.wall_hands // 2)
        if plain and kept["plain knocks kept"] >= args.plain_knocks or too_many_walls:
            skipped += 1
            seed += 1
            continue
        kept["plain knocks kept"] += plain
        kept["wall hands kept"] += bool(hand["wall"])
        kept["wall passes kept"] += hand["wall"] == "pass"
        cases.append(to_fact(len(cases), seed, hand))
        kept[f"{hand['mode']}: {hand['outcome']}"
             + (" (tie)" if hand["winner"] is None and hand["outcome"] != "draw"
                else "")] += 1
        kept["with layoffs"] += bool(hand["layoffs"])
        for feature in hand["features"]:
            kept["with " + feature] += 1
        kept["with defender melds"] += bool(hand["defender_melds"])
        seed += 1
    document = {
        "topic": "games",
        "description": ("Hands played by OpenSpiel's gin_rummy (its rules, with its parameters "
                        "where a hand had others): valid, scored as OpenSpiel scored them, "
                        "knocks and passes at the wall, its upcard draw limit and its "
                        "repeated-move draw included (R-4, R-5, R-6, R-7)."),
        "facts": cases,
    }
    args.output.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n",
                           encoding="utf-8")
    print(f"played {played}, converted every one, of which {skipped} plain knocks or wall "
          f"hands not kept; {len(cases)} cases")
    for key, count in sorted(kept.items()):
        print(f"  converted, {key}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
