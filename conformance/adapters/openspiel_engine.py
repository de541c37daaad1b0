"""OpenSpiel's ``gin_rummy`` as an engine of the conformance protocol (docs/conformance.md).

    pip install open_spiel
    ginrules conformance --engine "python conformance/adapters/openspiel_engine.py"

Every answer is OpenSpiel's: its ``GinRummyUtils`` (least deadwood, legal knock discards,
layoffs) and its game (``pyspiel.load_game("gin_rummy", params)``) played action by action.
This file only translates: card codes (OpenSpiel numbers a card ``suit * 13 + rank`` with the
suits in the order spades, clubs, diamonds, hearts), options to its parameters, and the kit's
actions to its actions.

OpenSpiel plays its own rules: its parameters are the kit's ``knock_limit`` (its knock card),
``gin_bonus``, ``undercut_bonus`` and ``oklahoma``; everything else is fixed, as the
``openspiel`` preset of docs/rules.md says (a tie scores nothing, the card taken may be thrown
back, the last discard at the wall, 50 draws of the upcard, two returns in a row end a hand),
plus: no big gin, aces worth 1, no run round the corner, no spade doubling under Oklahoma,
where an ace upcard means gin only.  A question under any other value of an option its topic
depends on is answered ``not_implemented``, naming the option; so is a question OpenSpiel has
no way to ask (card notation, presets, whole games of many hands, the variants' bookkeeping,
hands with a card twice).  What is left is asked, and every wrong answer is OpenSpiel's.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pyspiel  # noqa: E402
from pyspiel import gin_rummy  # noqa: E402

from jsonlines import NotImplemented_, needs, serve  # noqa: E402

RANKS, OUR_SUITS, OS_SUITS = "A23456789TJQK", "SHDC", "SCDH"
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
PLAYERS = 2

PLAYS = {"round_the_corner": {False}, "ace_deadwood_value": {1}, "big_gin_bonus": {None},
         "undercut_on_tie": {False}, "scoreless_tie_winner": {"none"},
         "taken_card_discard": {"allow"}, "wall": {"last_discard"}, "upcard_draw_limit": {50},
         "repeated_return_draw": {True}}
"""The options OpenSpiel plays and the one value of each it plays (its parameters aside)."""
HANDS = ["round_the_corner", "ace_deadwood_value"]
SHOWDOWN = HANDS + ["big_gin_bonus"]
PLAY = SHOWDOWN + ["taken_card_discard", "wall", "upcard_draw_limit", "repeated_return_draw"]
"""The options each kind of question depends on.  How a tie is scored (``undercut_on_tie``,
``scoreless_tie_winner``) matters only to a deal that ends in a tie: such a deal under
other values than OpenSpiel's is not answered."""


def tie(options: dict, knocker: int, defender: int) -> None:
    """``NotImplemented_`` for a tie under other tie rules than OpenSpiel's (R-7.2, R-7.7)."""
    if knocker == defender and knocker:
        needs(options, PLAYS, ["undercut_on_tie", "scoreless_tie_winner"])

UTILS = gin_rummy.GinRummyUtils(13, 4, 10)


def os_card(code: str) -> int:
    return OS_SUITS.index(code[1]) * 13 + RANKS.index(code[0])


def code(card: int) -> str:
    return RANKS[card % 13] + OS_SUITS[card // 13]


def hand_of(codes: list[str], most: int = 11) -> list[int]:
    """OpenSpiel's cards for a hand of canonical codes, each once."""
    if len(set(codes)) != len(codes) or len(codes) > most or not all(
            len(c) == 2 and c[0] in RANKS and c[1] in OUR_SUITS for c in codes):
        raise NotImplemented_("a hand OpenSpiel does not check (its cards must be distinct "
                              "canonical codes)")
    return [os_card(c) for c in codes]


def _oklahoma(options: dict) -> None:
    if options["oklahoma"]:
        if options["oklahoma_ace"] != "gin":
            raise NotImplemented_('oklahoma_ace: "one"')
        if options["oklahoma_spade_double"]:
            raise NotImplemented_("oklahoma_spade_double: true")


@lru_cache(maxsize=64)
def game(knock: int, gin: int, undercut: int, oklahoma: bool):
    return pyspiel.load_game("gin_rummy", {"knock_card": knock, "gin_bonus": gin,
                                           "undercut_bonus": undercut, "oklahoma": oklahoma})


def game_for(options: dict):
    return game(options["knock_limit"], options["gin_bonus"], options["undercut_bonus"],
                options["oklahoma"])


def knock_card(options: dict, upcard: str | None) -> int:
    """OpenSpiel's knock card for a hand: its state says, once the upcard is dealt."""
    if not options["oklahoma"]:
        return options["knock_limit"]
    if upcard is None:
        raise NotImplemented_("an Oklahoma question without its upcard")
    state = game_for(options).new_initial_state()
    up = os_card(upcard)
    for card in [c for c in range(52) if c != up][:20] + [up]:
        state.apply_action(card)
    return state.knock_card()


def meld_ids(melds: list[list[int]]) -> list[int]:
    """Melds as OpenSpiel's meld ids (it lays melds of three to five cards)."""
    ids = []
    for meld in melds:
        meld = sorted(meld, key=lambda c: (c // 13, c % 13))
        while len(meld) > 5:
            ids.append(UTILS.meld_to_int(meld[:3]))
            meld = meld[3:]
        ids.append(UTILS.meld_to_int(meld))
    return ids


# Hands -------------------------------------------------------------------------------------------

def joined(melds: list[list[int]]) -> list[list[int]]:
    """Melds with runs of a suit that continue each other written as one: OpenSpiel lays runs
    of at most five cards, the kit counts a run of any length as one meld (R-2.2)."""
    runs = sorted((sorted(m) for m in melds if len({c % 13 for c in m}) > 1), key=min)
    others = [m for m in melds if len({c % 13 for c in m}) == 1]
    merged: list[list[int]] = []
    for run in runs:
        if merged and merged[-1][-1] + 1 == run[0] and merged[-1][-1] // 13 == run[0] // 13:
            merged[-1] = merged[-1] + run
        else:
            merged.append(run)
    return others + merged


def deadwood(options: dict, question: dict) -> dict:
    needs(options, PLAYS, HANDS)
    cards = hand_of(question["hand"], most=10)
    best = UTILS.best_meld_group(cards) if cards else []
    return {"deadwood": UTILS.min_deadwood(cards),
            "melds": [[code(c) for c in meld] for meld in joined([list(m) for m in best])]}


def discards(options: dict, question: dict) -> dict:
    needs(options, PLAYS, HANDS)
    _oklahoma(options)
    cards = hand_of(question["hand"])
    if len(cards) != 11:
        raise NotImplemented_("eleven cards are needed")
    limit = knock_card(options, question.get("upcard"))
    after = {code(c): UTILS.min_deadwood([x for x in cards if x != c]) for c in cards}
    # Its game offers the knock when its count of the eleven cards is within the knock card.
    return {"after": after, "may_knock": UTILS.min_deadwood(cards) <= limit,
            "knock_limit": limit}


def knock(options: dict, question: dict) -> dict:
    needs(options, PLAYS, HANDS)
    _oklahoma(options)
    if question["discard"] is None:
        raise NotImplemented_("big gin (R-5.5): OpenSpiel has none")
    if question.get("taken_card") is not None:
        needs(options, PLAYS, ["taken_card_discard"])
    cards = hand_of(question["hand"])
    discard = os_card(question["discard"])
    limit = knock_card(options, question.get("upcard"))
    if discard not in cards:
        return {"legal": False, "knock_limit": limit}
    kept = [c for c in cards if c != discard]
    if question.get("melds") is not None:
        try:
            melds = [[os_card(c) for c in meld] for meld in question["melds"]]
            meld_ids(melds)
        except (RuntimeError, ValueError):
            return {"legal": False, "knock_limit": limit}
        melded = {c for meld in melds for c in meld}
        if not melded <= set(kept) or sum(map(len, melds)) != len(melded):
            return {"legal": False, "knock_limit": limit}
        count = UTILS.total_card_value([c for c in kept if c not in melded])
    else:
        count = UTILS.min_deadwood(kept)
    offered = UTILS.min_deadwood(cards) <= limit and discard in UTILS.legal_discards(cards, limit)
    return {"legal": offered and count <= limit, "deadwood": count, "gin": count == 0,
            "knock_limit": limit}


def _defence(melds: list[list[int]], defender: list[int]) -> tuple[int, set[int]]:
    """The defender's least deadwood when it lays off only what OpenSpiel's ``all_layoffs``
    offers after each earlier layoff, and every card it ever offers."""
    ids = meld_ids(melds)
    hand = frozenset(defender)
    seen, todo, best, ever = set(), [frozenset()], None, set()
    while todo:
        laid = todo.pop()
        if laid in seen:
            continue
        seen.add(laid)
        count = UTILS.min_deadwood(sorted(hand - laid)) if hand - laid else 0
        best = count if best is None else min(best, count)
        offered = set(UTILS.all_layoffs(ids, sorted(laid))) & (hand - laid)
        ever |= offered
        todo.extend(laid | {c} for c in offered)
    return best, ever


def layoffs(options: dict, question: dict) -> dict:
    needs(options, PLAYS, HANDS)
    defender = hand_of(question["defender"], most=10)
    melds = [[os_card(c) for c in meld] for meld in question["knocker_melds"]]
    if question.get("gin"):
        return {"deadwood": UTILS.min_deadwood(defender), "layable": []}
    try:
        count, ever = _defence(melds, defender)
    except RuntimeError as error:
        raise NotImplemented_(f"OpenSpiel refuses these melds: {error}") from None
    return {"deadwood": count, "layable": sorted(code(c) for c in ever)}


# Its game ---------------------------------------------------------------------------------------

def _best(state, memo: dict) -> tuple[int, object]:
    """From the knock on, both sides' best choices (player 0 knocked): the knocker's return and
    the final state."""
    if state.is_terminal():
        return int(state.returns()[0]), state
    key = (int(state.current_phase()), state.current_player(),
           tuple(tuple(sorted(h)) for h in state.hands()),
           tuple(tuple(sorted(m)) for m in state.layed_melds()),
           tuple(sorted(state.layoffs())), state.finished_layoffs())
    if key not in memo:
        children = [_best(state.child(a), memo) for a in state.legal_actions()]
        pick = max if state.current_player() == 0 else min
        memo[key] = pick(children, key=lambda c: c[0])
    return memo[key]


def _result(final, knocker: int) -> dict:
    returns = [int(r) for r in final.returns()]
    counts = [int(x) for x in final.deadwood()]
    if counts[knocker] == 0:
        outcome, winner, points = "gin", "knocker", returns[knocker]
    elif returns[knocker] > 0:
        outcome, winner, points = "knock", "knocker", returns[knocker]
    elif returns[knocker] < 0:
        outcome, winner, points = "undercut", "defender", -returns[knocker]
    else:
        outcome, winner, points = "knock", None, 0
    return {"outcome": outcome, "winner": winner, "points": points,
            "knocker_deadwood": counts[knocker], "defender_deadwood": counts[1 - knocker]}


def scoring(options: dict, question: dict) -> dict:
    """A deal from the knock on, in OpenSpiel's game: player 0 holds the knocker's ten cards and
    the discard (or a card it may knock with), draws nothing else, knocks; then both sides
    make their best choices, or the stated ones."""
    needs(options, PLAYS, SHOWDOWN)
    if options["oklahoma"]:
        raise NotImplemented_("oklahoma: its upcard cannot be set up from the knock on")
    knocker, defender = question["knocker"], question["defender"]
    if "melds" in defender or "layoffs" in defender:
        raise NotImplemented_("a stated defender's reply")
    spread = hand_of(knocker["hand"], most=10)
    their = hand_of(defender["hand"], most=10)
    if len(spread) != 10 or set(spread) & set(their):
        raise NotImplemented_("a knock of other than ten distinct cards")
    used = set(spread) | set(their)
    limit = options["knock_limit"]
    extras = ([os_card(knocker["discard"])] if knocker.get("discard") else
              sorted((c for c in range(52) if c not in used), key=lambda c: -(c % 13)))
    for extra in extras:
        eleven = spread + [extra]
        if UTILS.min_deadwood(eleven) <= limit and extra in UTILS.legal_discards(eleven, limit):
            break
    else:
        return {"outcome": "knock", "winner": None, "points": 0,
                "note": "OpenSpiel's game offers no knock with these cards"}
    state = game_for(options).new_initial_state()
    for card in spread + their + [extra]:  # player 0's hand, player 1's, the upcard
        state.apply_action(card)
    for action in (DRAW_UPCARD, KNOCK, extra):
        state.apply_action(action)
    if knocker.get("melds") is not None:
        for meld in meld_ids([[os_card(c) for c in m] for m in knocker["melds"]]):
            state.apply_action(MELD_BASE + meld)
        if PASS in state.legal_actions():
            state.apply_action(PASS)
    _, final = _best(state, {})
    result = _result(final, 0)
    tie(options, result["knocker_deadwood"], result["defender_deadwood"])
    return result


def _round_options(options: dict, question: dict) -> None:
    needs(options, PLAYS, PLAY)
    _oklahoma(options)
    if question.get("variant", "two_player") != "two_player":
        raise NotImplemented_("a variant (R-9)")


def _deal(question: dict, round_: dict, index: int) -> tuple[list[str], list[str], str, list]:
    """The non-dealer's hand, the dealer's, the upcard and the stock (None: unknown)."""
    players = question["players"]
    dealer = round_["dealer"]
    other = next(p for p in players if p != dealer)
    if "hands" in round_:
        return (round_["hands"].get(other, []), round_["hands"].get(dealer, []),
                round_.get("upcard"), round_.get("stock"))
    deck = _spec_deck(question["seed"], index)
    return deck[:10], deck[10:20], deck[20], deck[21:]


def _spec_deck(seed: int, round_: int) -> list[str]:
    """The documented shuffle (ginrules-deal/1), from docs/rules.md."""
    import hashlib

    message = b"ginrules-deal/1" + seed.to_bytes(8, "big") + round_.to_bytes(4, "big") \
        + (0).to_bytes(4, "big")
    stream = (b for block in range(1 << 20)
              for b in hashlib.sha256(message + block.to_bytes(4, "big")).digest())
    deck = [r + s for s in OUR_SUITS for r in RANKS]
    for i in range(51, 0, -1):
        n = i + 1
        byte = next(stream)
        while byte >= 256 - 256 % n:
            byte = next(stream)
        deck[i], deck[byte % n] = deck[byte % n], deck[i]
    return deck


class Illegal(Exception):
    """OpenSpiel does not allow this: where (a pointer into the question)."""


class Hand:
    """One hand of OpenSpiel's game, fed from a log: the deal, then action by action."""

    def __init__(self, options: dict, question: dict, round_: dict, index: int) -> None:
        self.players = [next(p for p in question["players"] if p != round_["dealer"]),
                        round_["dealer"]]
        first, second, upcard, stock = _deal(question, round_, index)
        self.stock = list(stock) if stock is not None else None
        self.state = game_for(options).new_initial_state()
        at = f"/rounds/{index}"
        dealt = ([(c, f"{at}/hands/{self.players[0]}/{i}") for i, c in enumerate(first)]
                 + [(c, f"{at}/hands/{self.players[1]}/{i}") for i, c in enumerate(second)]
                 + [(upcard, f"{at}/upcard")])
        for card, where in dealt:
            self._chance(card, where)

    def _chance(self, card: str | None, where: str) -> None:
        outcomes = {c for c, _ in self.state.chance_outcomes()}
        if card is None or os_card(card) not in outcomes:
            raise Illegal(where)
        self.state.apply_action(os_card(card))

    def _apply(self, action: int, where: str) -> None:
        if action not in self.state.legal_actions():
            raise Illegal(where)
        self.state.apply_action(action)

    def play(self, action: dict, where: str) -> None:
        state = self.state
        if state.is_terminal() or self.players[state.current_player()] != action.get("player"):
            raise Illegal(where)
        kind = action["action"]
        phase = state.current_phase()
        if kind == "pass":
            self._apply(PASS, where)
        elif kind == "draw" and action.get("source") == "discard":
            if phase == gin_rummy.Phase.WALL:
                self._apply(KNOCK, where)  # its wall: take the last discard to knock
            else:
                self._apply(DRAW_UPCARD, where)
        elif kind == "draw":
            self._apply(DRAW_STOCK, where)
            if self.stock is not None:
                self._chance(self.stock.pop(0), where)
            else:
                self._chance(action.get("card"), where)
        elif kind == "discard":
            self._apply(os_card(action["card"]), where)
        elif kind == "knock":
            if phase != gin_rummy.Phase.KNOCK:
                self._apply(KNOCK, where)
            if action.get("discard") is None:
                raise Illegal(where)
            self._apply(os_card(action["discard"]), where)
            if action.get("melds") is not None:
                melds = [[os_card(c) for c in m] for m in action["melds"]]
            else:
                hand = list(state.hands()[state.current_player()])
                melds = UTILS.best_meld_group(hand) if hand else []
            try:
                ids = meld_ids(melds)
            except RuntimeError:
                raise Illegal(where) from None
            for meld in ids:
                self._apply(MELD_BASE + meld, where)
            if PASS in state.legal_actions():
                self._apply(PASS, where)
        elif kind == "lay_down":
            if phase != gin_rummy.Phase.LAYOFF:
                raise Illegal(where)
            if "melds" not in action and "layoffs" not in action:
                _, final = _best(state, {})
                self.state = final
                return
            for layoff in action.get("layoffs", []):
                self._apply(os_card(layoff["card"]), where)
            if not state.finished_layoffs():
                self._apply(PASS, where)
            for meld in meld_ids([[os_card(c) for c in m] for m in action.get("melds", [])]):
                self._apply(MELD_BASE + meld, where)
            if not state.is_terminal():
                self._apply(PASS, where)
        else:
            raise Illegal(where)

    def legal(self) -> list[dict]:
        """The legal actions now, in the kit's words (a knock once per discard)."""
        state = self.state
        phase = state.current_phase()
        found = []
        for action in state.legal_actions():
            if action == PASS and phase in (gin_rummy.Phase.FIRST_UPCARD, gin_rummy.Phase.WALL):
                found.append({"action": "pass"})
            elif action == DRAW_UPCARD or (action == KNOCK and phase == gin_rummy.Phase.WALL):
                found.append({"action": "draw", "source": "discard",
                              "card": code(state.upcard())})
            elif action == DRAW_STOCK:
                found.append({"action": "draw", "source": "stock"})
            elif action < 52 and phase == gin_rummy.Phase.DISCARD:
                found.append({"action": "discard", "card": code(action)})
            elif action == KNOCK:
                child = state.child(KNOCK)
                found += [{"action": "knock", "discard": code(c)} for c in child.legal_actions()]
        if phase == gin_rummy.Phase.LAYOFF:
            found = [{"action": "lay_down"}]
        return found


def games(options: dict, question: dict) -> dict:
    _round_options(options, question)
    if len(question["rounds"]) != 1:
        raise NotImplemented_("a game of more than one hand: OpenSpiel plays one")
    round_ = question["rounds"][0]
    try:
        hand = Hand(options, question, round_, 0)
        for index, action in enumerate(round_["actions"]):
            hand.play(action, f"/rounds/0/actions/{index}")
    except Illegal as illegal:
        return {"valid": False, "at": str(illegal)}
    state = hand.state
    players = hand.players
    answer: dict = {"valid": True}
    if not state.is_terminal() and state.current_phase() != gin_rummy.Phase.LAYOFF:
        answer["rounds"] = []
        answer["next"] = {"player": players[state.current_player()], "legal": hand.legal()}
        return answer
    provisional = not state.is_terminal()
    final = _best(state, {})[1] if provisional else state
    if final.knocked()[0] or final.knocked()[1]:
        knocker = 0 if final.knocked()[0] else 1
        result = _result(final, knocker)
        tie(options, result["knocker_deadwood"], result["defender_deadwood"])
        counts = [int(x) for x in final.deadwood()]
        winner = {"knocker": players[knocker], "defender": players[1 - knocker],
                  None: None}[result["winner"]]
        entry = {"outcome": result["outcome"], "knocker": players[knocker], "winner": winner,
                 "points": result["points"],
                 "deadwood": {players[0]: counts[0], players[1]: counts[1]}}
        if provisional:
            entry["provisional"] = True
    else:
        entry = {"outcome": "draw", "knocker": None, "winner": None, "points": 0}
    answer["rounds"] = [entry]
    if provisional:
        answer["next"] = {"player": players[state.current_player()], "legal": [
            {"action": "lay_down"}]}
    return answer


def perft(options: dict, question: dict) -> dict:
    """Sequences of legal actions from a seeded deal, as the kit counts them: a knock counts
    once per discard, and nothing after it."""
    _round_options(options, question)
    round_ = {"dealer": question["dealer"]}
    hand = Hand(options, {**question, "rounds": [round_]}, round_, question.get("round", 0))
    stock = list(hand.stock or [])

    def count(state, drawn: int, depth: int) -> int:
        if depth == 0:
            return 1
        if state.is_terminal() or state.current_phase() in (gin_rummy.Phase.KNOCK,
                                                           gin_rummy.Phase.LAYOFF):
            return 0
        total = 0
        for action in state.legal_actions():
            if action == KNOCK and state.current_phase() != gin_rummy.Phase.WALL:
                total += len(state.child(KNOCK).legal_actions()) if depth == 1 else 0
                continue
            child = state.child(action)
            used = drawn
            if action == DRAW_STOCK:
                child.apply_action(os_card(stock[drawn]))
                used += 1
            if action == KNOCK:  # at the wall: the take, then the knock's discard
                total += count(child, used, depth - 1) if depth > 1 else 1
                continue
            total += 1 if depth == 1 else count(child, used, depth - 1)
        return total

    return {"count": count(hand.state, 0, question["depth"])}


TOPICS = {"deadwood": deadwood, "discards": discards, "knock": knock, "layoffs": layoffs,
          "scoring": scoring, "games": games, "perft": perft}


def answer(topic: str, options: dict, question: dict) -> dict:
    return TOPICS[topic](options, question)


if __name__ == "__main__":
    sys.exit(serve(f"OpenSpiel gin_rummy (pyspiel {getattr(pyspiel, '__version__', '')})"
                   .replace(" ()", ""), sorted(TOPICS), answer))
