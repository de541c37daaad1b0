"""Writes the generated facts of the kit (``facts/*-generated.json``, ``facts/perft.json``).

    python conformance/build.py

Every answer comes from the independent reference beside this script (``reference/``), which
shares no code with the service, its tests or the test kit; nothing here imports them.  The
hand-written facts are JSON files edited as such (the JSON is the source): this script writes
only the generated ones, from seeded random numbers, so the same seeds write the same files.

- ``deadwood-generated``, ``discards-generated``: seeded hands of ten and eleven cards, random
  or dense in melds; every optimal arrangement, every discard's deadwood.
- ``layoffs-generated``, ``scoring-generated``: seeded knock positions (a spread within the
  limit, a defender whose cards touch its melds); the defender's least deadwood after
  layoffs and every card some play lays off; the deal's result with the knocker's best
  arrangement (R-7.6).
- ``melds-generated``: seeded cards, some round the corner, some asked ``with`` one card.
- ``games-generated``: games dealt by the documented shuffle and played at random by the
  reference's legal actions, whole or stopped, and copies broken in one place (a stock draw
  on the first turn, a move out of turn, a card dealt twice...): each with its result, or the
  index of its first illegal action and the rule it breaks.
- ``perft``: seeded deals and the number of sequences of legal actions to a small depth.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FACTS = HERE / "facts"
sys.path[:0] = [str(HERE)]

from reference import answers, play, presets  # noqa: E402
from reference.cards import CODES, codes, rank_of  # noqa: E402
from reference.melds import least_deadwood, listed, optimal_arrangements  # noqa: E402

OUTPUT = FACTS
"""Where ``write`` puts the files (``--output``)."""
OPENSPIEL = {k: v for k, v in presets.PRESETS["openspiel"].items()}
"""OpenSpiel's rules, the ``openspiel`` preset, as options."""


def ask(topic: str, options: dict, question: dict) -> dict:
    """The reference's answer under every option (the defaults, then ``options``)."""
    return answers.answer(topic, presets.full_options(options), question)


def fact(description: str, rules: list[str], question: dict, answer: dict,
         options: dict | None = None, **extra) -> dict:
    written = {"description": description, "rules": rules}
    if options:
        written["options"] = options
    written.update(question=question, answer=answer, **extra)
    return written


def write(name: str, topic: str, description: str, facts: list[dict]) -> None:
    OUTPUT.mkdir(exist_ok=True)
    document = {"topic": topic, "description": description, "facts": facts}
    (OUTPUT / f"{name}.json").write_text(json.dumps(document, indent=1, ensure_ascii=False)
                                         + "\n", encoding="utf-8")


# Hands ------------------------------------------------------------------------------------------

def dense(rng: random.Random, size: int) -> list[int]:
    low = rng.randint(0, 9)
    return rng.sample([s * 13 + r for s in range(4) for r in range(low, low + 4)], size)


def hand_facts(rng: random.Random) -> tuple[list[dict], list[dict]]:
    """Hands of ten cards (least deadwood, every optimal arrangement) and of eleven (every
    discard's deadwood)."""
    tens, elevens = [], []
    for index in range(90):
        size = 10 if index % 3 else 11
        is_dense = index % 2 == 0
        cards = dense(rng, size) if is_dense else rng.sample(range(52), size)
        label = (f"{'dense' if is_dense else 'random'} {size} cards #{index}: "
                 f"{' '.join(codes(cards))}")
        question = {"hand": codes(cards)}
        answer = ask("deadwood" if size == 10 else "discards", {}, question)
        if size == 10:
            answer.pop("melds")
            tens.append(fact(label, ["R-2.4", "R-2.5", "R-5.1"], question, answer))
        else:
            least = min(answer["after"].values())
            answer = {"least": least,
                      "best": [c for c, v in answer["after"].items() if v == least],
                      **answer}
            elevens.append(fact(label, ["R-2.5", "R-5.1"], question, answer))
    return tens, elevens


# Knock positions --------------------------------------------------------------------------------

def spread(rng: random.Random) -> list[int]:
    """Ten cards whose least deadwood is within 10: melds, then low cards."""
    while True:
        cards: set[int] = set()
        while len(cards) < 10 - rng.randint(0, 3):
            if rng.random() < 0.5:
                suit, length = rng.randrange(4), rng.randint(3, 5)
                low = rng.randint(0, 13 - length)
                meld = {suit * 13 + r for r in range(low, low + length)}
            else:
                rank = rng.randrange(13)
                meld = set(rng.sample([s * 13 + rank for s in range(4)], rng.randint(3, 4)))
            if not meld & cards and len(cards | meld) <= 10:
                cards |= meld
        rest = [c for c in range(52) if c not in cards and rank_of(c) <= 4]
        cards |= set(rng.sample(rest, 10 - len(cards)))
        if least_deadwood(frozenset(cards)) <= 10:
            return sorted(cards)


def defender_for(rng: random.Random, cards: list[int]) -> list[int]:
    """Ten other cards, half of them next to the spread's cards (so that layoffs happen)."""
    near = {c + step for c in cards for step in (-1, 1, 13, -13, 26, -26, 39, -39)
            if 0 <= c + step < 52 and (step in (-1, 1) and (c + step) // 13 == c // 13
                                       or step not in (-1, 1))}
    near -= set(cards)
    chosen = set(rng.sample(sorted(near), min(5, len(near))))
    rest = [c for c in range(52) if c not in cards and c not in chosen]
    chosen |= set(rng.sample(rest, 10 - len(chosen)))
    return sorted(chosen)


def showdown_facts(rng: random.Random) -> tuple[list[dict], list[dict]]:
    """The defender's best reply to the knocker's melds, and the whole deal's result."""
    layoffs, rounds = [], []
    for index in range(60):
        cards = spread(rng)
        defender = defender_for(rng, cards)
        melds = listed(min(optimal_arrangements(frozenset(cards)), key=listed))
        question = {"knocker_melds": [codes(m) for m in melds], "defender": codes(defender)}
        reply = ask("layoffs", {}, question)
        answer = {"deadwood": reply["deadwood"], "layable": reply["layable"]}
        layoffs.append(fact(f"layoffs #{index}: {' '.join(codes(defender))}",
                            ["R-6.1", "R-6.2", "R-6.4"], question, answer))
        question = {"knocker": {"hand": codes(cards)}, "defender": {"hand": codes(defender)}}
        score = ask("scoring", {}, question)
        answer = {key: score[key] for key in ("outcome", "winner", "points",
                                              "knocker_deadwood", "defender_deadwood")}
        rounds.append(fact(f"round #{index}: {' '.join(codes(cards))}",
                           ["R-6.1", "R-6.2", "R-6.4", "R-7.1", "R-7.2", "R-7.3", "R-7.6"],
                           question, answer))
    return layoffs, rounds


def meld_facts(rng: random.Random) -> list[dict]:
    """Every meld of seeded cards, some round the corner, some holding one card."""
    facts = []
    for index in range(40):
        corner = index % 2 == 1
        size = rng.randint(6, 12)
        low = rng.randint(0, 12)
        width = rng.randint(3, 4)
        pool = [s * 13 + (low + r) % 13 for s in range(4) for r in range(width)]
        if len(pool) < size:
            pool += rng.sample([c for c in range(52) if c not in pool], size - len(pool))
        cards = rng.sample(pool, size)
        question = {"hand": codes(cards)}
        if index % 4 >= 2:
            question["with"] = CODES[rng.choice(cards)]
        options = {"round_the_corner": True} if corner else {}
        label = (f"#{index}{' corner' if corner else ''}: {' '.join(codes(cards))}"
                 + (f" with {question['with']}" if "with" in question else ""))
        facts.append(fact(label, ["R-2.1", "R-2.2", "R-2.5"] + (["R-2.7"] if corner else []),
                          question, ask("melds", options, question), options))
    return facts


# Games ------------------------------------------------------------------------------------------

class Player:
    """A random player over the reference's legal actions: it draws what lowers its deadwood,
    knocks when it may (mostly), sometimes declares its melds and states its reply."""

    def __init__(self, rng: random.Random, patient: bool = False, greedy: bool = False) -> None:
        self.rng, self.patient, self.greedy = rng, patient, greedy

    def choose(self, deal: play.Deal) -> dict:
        rng = self.rng
        legal = deal.legal_actions()
        hand = frozenset(deal.hands[deal.turn])
        kinds = {a["action"] for a in legal}
        if kinds == {"lay_down"}:
            return self.lay_down(deal)
        knocks = [a for a in legal if a["action"] == "knock"]
        if knocks and (deal.phase == play.WALL_TAKE or not self.patient or deal.stock_left <= 3):
            if rng.random() < (0.97 if deal.phase == play.WALL_TAKE else 0.8):
                return self.knock(deal, rng.choice(knocks))
        if deal.phase == play.WALL:
            take = [a for a in legal if a["action"] == "draw"]
            return take[0] if take and rng.random() < 0.8 else {"action": "pass"}
        draws = [a for a in legal if a["action"] in ("draw", "pass")]
        if draws:
            take = [a for a in draws if a.get("source") == "discard"]
            if take and (self.greedy and rng.random() < 0.6 or rng.random() < 0.3
                         or self.helps(deal, hand)):
                return take[0]
            stock = [a for a in draws if a["action"] == "draw" and a["source"] == "stock"]
            passes = [a for a in draws if a["action"] == "pass"]
            return (passes or stock or draws)[0] if rng.random() < 0.9 else rng.choice(draws)
        discards = [a for a in legal if a["action"] == "discard"]
        scored = sorted(discards, key=lambda a: least_deadwood(hand - {CODES.index(a["card"])}))
        return scored[0] if rng.random() < 0.7 else rng.choice(discards)

    def helps(self, deal: play.Deal, hand: frozenset[int]) -> bool:
        top = deal.pile[-1]
        return min(least_deadwood(hand | {top} - {c}) for c in hand) < least_deadwood(hand)

    def knock(self, deal: play.Deal, action: dict) -> dict:
        if self.rng.random() < 0.5 and action["discard"] is not None:
            kept = frozenset(deal.hands[deal.turn]) - {CODES.index(action["discard"])}
            best = min(optimal_arrangements(kept), key=listed)
            melds = [codes(m) for m in listed(best)]
            self.rng.shuffle(melds)
            return {**action, "melds": melds}
        return action

    def lay_down(self, deal: play.Deal) -> dict:
        if self.rng.random() < 0.5 or deal.knock_melds is None:
            return {"action": "lay_down"}
        defender = sorted(deal.hands[deal.turn])
        reply = answers.layoffs_answer(deal.options, {
            "knocker_melds": [codes(m) for m in deal.knock_melds], "defender": codes(defender)})
        return {"action": "lay_down", "melds": reply["melds"], "layoffs": reply["layoffs"]}


def play_game(seed: int, options: dict, players=("ann", "bob"), stop: float | None = None,
              patient: bool = False, greedy: bool = False, rounds: int = 20) -> dict:
    """A game dealt by the documented shuffle from ``seed`` and played at random; ``stop``
    ends the log at that share of its first round's actions (a game in progress)."""
    rng = random.Random(seed)
    full = presets.full_options(options)
    question = {"players": list(players), "seed": seed, "rounds": []}
    dealer = players[1]
    player = Player(rng, patient, greedy)
    for index in range(rounds):
        other = next(p for p in players if p != dealer)
        deal = play.seeded_deal(seed, index, dealer, other, full)
        actions = []
        while deal.phase != play.OVER:
            if deal.phase == play.LAY_DOWN and deal.result.outcome in ("gin", "big_gin"):
                break
            action = {"player": deal.turn, **player.choose(deal)}
            deal.play(action)
            actions.append(action)
        question["rounds"].append({"dealer": dealer, "actions": actions})
        answer = play.referee(question, full)
        assert answer["valid"], answer
        if answer["complete"]:
            break
        dealer = answer["next_dealer"]
    if stop is not None:
        first = question["rounds"][0]
        first["actions"] = first["actions"][:max(1, int(len(first["actions"]) * stop))]
        question["rounds"] = question["rounds"][:1]
    return question


def outcome(question: dict, options: dict) -> dict:
    """The reference's answer to a game: its results, or its first illegal action."""
    answer = play.referee(question, presets.full_options(options))
    return answer


def _summary(answer: dict) -> dict:
    """A valid game's answer as a fact states it: each round's result, the game's end."""
    keep = {"valid", "rounds", "complete", "winner", "totals", "next_dealer", "next", "bonuses"}
    summary = {k: v for k, v in answer.items() if k in keep}
    summary["rounds"] = [{k: v for k, v in r.items() if k != "layoffs"} for r in answer["rounds"]]
    return summary


def _broken(question: dict, options: dict, fault: str) -> dict:
    """A broken log's answer, with the code the corruption was made to break."""
    answer = outcome(question, options)
    assert not answer["valid"] and answer["code"] == fault, (fault, answer)
    return {"valid": False, "at": answer["at"], "breaks": answer["breaks"]}


def _find(predicate, options: dict, seeds=range(1, 400), **kwargs):
    """The first seeded game with an action for which ``predicate(question, r, a)`` holds."""
    for seed in seeds:
        question = play_game(seed, options, **kwargs)
        for r, round_ in enumerate(question["rounds"]):
            for a in range(len(round_["actions"])):
                if predicate(question, r, a):
                    return question, r, a
    raise AssertionError("no such game")


def _dealt(question: dict, r: int) -> dict:
    """A round with its deal written out (the documented shuffle of the game's seed)."""
    players = question["players"]
    round_ = question["rounds"][r]
    dealer = round_["dealer"]
    other = next(p for p in players if p != dealer)
    first, second, upcard, stock = play.shuffle.deal(question["seed"], r)
    return {"dealer": dealer, "hands": {other: codes(first), dealer: codes(second)},
            "upcard": CODES[upcard], "stock": codes(stock), "actions": round_["actions"]}


def _act(question: dict, r: int, a: int) -> dict:
    return question["rounds"][r]["actions"][a]


def _cut(question: dict, r: int, a: int) -> dict:
    """The log up to (not including) action ``a`` of round ``r``."""
    cut = copy.deepcopy(question)
    cut["rounds"] = cut["rounds"][: r + 1]
    cut["rounds"][r]["actions"] = cut["rounds"][r]["actions"][:a]
    return cut


def _stock_left(actions: list[dict]) -> int:
    return 31 - sum(1 for x in actions if x["action"] == "draw" and x["source"] == "stock")


def exercised(question: dict, answer: dict, options: dict) -> list[str]:
    """The rules a game's log and answer exercise, beyond those its description names (for a
    broken log, the rules its valid part exercises)."""
    if not answer.get("valid") and "/actions/" in answer.get("at", ""):
        _, _, r, _, a = answer["at"].split("/")
        question = _cut(question, int(r), int(a))
        answer = outcome(question, options)
    rules = {"R-3.1", "R-4.1", "R-4.2"}
    actions = [a for r in question["rounds"] for a in r.get("actions", [])]
    if any(a["action"] == "draw" and a.get("source") == "discard" for a in actions):
        rules |= {"R-4.3"}
    if len(question["rounds"]) > 1:
        rules |= {"R-3.3" if options.get("dealer_rotation") == "alternate" else "R-3.2"}
    for result in answer.get("rounds", []):
        rules |= {"knock": {"R-5.1", "R-5.3", "R-7.1", "R-7.6"},
                  "undercut": {"R-5.1", "R-5.3", "R-7.2", "R-7.6"},
                  "gin": {"R-5.1", "R-5.4", "R-7.3"}, "big_gin": {"R-5.5", "R-7.3"},
                  "draw": {"R-4.6" if options.get("wall", "draw") == "draw" else "R-4.7"}
                  | ({"R-4.8"} if options.get("upcard_draw_limit") else set())
                  | ({"R-4.9"} if options.get("repeated_return_draw") else set()),
                  }[result["outcome"]]
        if result.get("layoffs") or result["outcome"] in ("knock", "undercut"):
            rules |= {"R-6.1", "R-6.2", "R-6.4"}
    if answer.get("complete"):
        rules |= {"R-8.1"}
    if answer.get("bonuses"):
        rules |= {b["rule"] for b in answer["bonuses"]}
    return sorted(rules, key=lambda r: tuple(int(n) for n in r[2:].split(".")))


def game_facts() -> list[dict]:
    facts = []
    short = {"game_target": 25}

    def add(description, rules, question, answer, options=short, **extra):
        full = outcome(question, options)
        rules = rules + [r for r in exercised(question, full, options) if r not in rules]
        facts.append(fact(description, rules, question, answer, options, **extra))

    whole = play_game(1, short)
    add("a whole legal game, dealt from its seed", ["R-3.1", "R-3.2", "R-4.1", "R-8.1"],
        whole, _summary(outcome(whole, short)))
    for seed in (2, 3, 4):
        game = play_game(seed, short)
        add(f"a whole game of seed {seed}", ["R-3.1", "R-3.2", "R-4.1", "R-7.1", "R-8.1"],
            game, _summary(outcome(game, short)))
    dealt = play_game(5, short)
    dealt["rounds"] = [_dealt(dealt, r) for r in range(len(dealt["rounds"]))]
    del dealt["seed"]
    add("a game with each deal written out", ["R-3.1", "R-4.5"], dealt,
        _summary(outcome(dealt, short)))
    named = copy.deepcopy(dealt)
    for round_ in named["rounds"]:
        stock = iter(round_.pop("stock"))
        for action in round_["actions"]:
            if action["action"] == "draw" and action["source"] == "stock":
                action["card"] = next(stock)
    add("a game without the stock names each drawn card", ["R-4.5"], named,
        _summary(outcome(named, short)))
    progress = play_game(6, short, stop=0.5)
    add("a game in progress: whose turn and what they may do", ["R-4.1", "R-4.2", "R-5.1"],
        progress, _summary(outcome(progress, short)))
    start = play_game(7, short, stop=0.0)
    start["rounds"][0]["actions"] = []
    add("the upcard is offered to the non-dealer first", ["R-4.2"], start,
        _summary(outcome(start, short)))

    # One thing broken -------------------------------------------------------------------------
    bad = copy.deepcopy(whole)
    first = bad["rounds"][0]["actions"][0]
    bad["rounds"][0]["actions"][0] = {"player": first["player"], "action": "draw",
                                      "source": "stock"}
    add("the first turn may not draw from the stock", ["R-4.2"], bad,
        _broken(bad, short, "must_pass_or_take_upcard"), fault="must_pass_or_take_upcard")
    passes = _find(lambda q, r, a: a == 2 and _act(q, r, 0)["action"] == "pass"
                   and _act(q, r, 1)["action"] == "pass", short)
    bad = copy.deepcopy(passes[0])
    r = passes[1]
    bad["rounds"][r]["actions"][2] = {"player": _act(bad, r, 2)["player"], "action": "draw",
                                      "source": "discard"}
    bad["rounds"] = bad["rounds"][: r + 1]
    add("after both pass, the non-dealer draws from the stock", ["R-4.2"], bad,
        _broken(bad, short, "must_draw_from_stock"), fault="must_draw_from_stock")
    question, r, a = _find(lambda q, r, a: _act(q, r, a)["action"] == "discard", short)
    bad = copy.deepcopy(question)
    act = bad["rounds"][r]["actions"][a]
    act["player"] = next(p for p in bad["players"] if p != act["player"])
    add("a move out of turn", ["R-4.4"], bad, _broken(bad, short, "not_your_turn"),
        fault="not_your_turn")
    question, r, a = _find(lambda q, r, a: _act(q, r, a)["action"] == "draw"
                           and _act(q, r, a)["source"] == "discard" and a > 1
                           and _act(q, r, a + 1)["action"] == "discard", short)
    bad = copy.deepcopy(question)
    taken = play.referee(_cut(question, r, a + 1), presets.full_options(short))
    top = next(x for x in taken["next"]["legal"] if x["action"] == "discard")
    pile_top = _pile_top(question, r, a)
    bad["rounds"][r]["actions"][a + 1]["card"] = pile_top
    add("the taken card may not be discarded at once", ["R-4.3"], bad,
        _broken(bad, short, "taken_card_discarded"), fault="taken_card_discarded")
    allowed = copy.deepcopy(bad)
    allowed["rounds"] = allowed["rounds"][: r + 1]
    allowed["rounds"][r]["actions"] = allowed["rounds"][r]["actions"][: a + 2]
    options = {**short, "taken_card_discard": "allow"}
    add("with taken_card_discard allow, the taken card may be discarded", ["R-4.3"], allowed,
        _summary(outcome(allowed, options)), options)
    del top
    question, r, a = _find(lambda q, r, a: _act(q, r, a)["action"] == "draw"
                           and _act(q, r, a)["source"] == "stock", short)
    bad = copy.deepcopy(question)
    bad["rounds"] = [_dealt(bad, i) for i in range(len(bad["rounds"]))]
    del bad["seed"]
    bad["rounds"][r]["actions"][a]["card"] = bad["rounds"][r]["stock"][1]
    add("a stock draw takes the next card of the stock", ["R-4.5"], bad,
        _broken(bad, short, "wrong_stock_card"), fault="wrong_stock_card")
    bad = copy.deepcopy(whole)
    bad["rounds"] = [_dealt(bad, 0)] + bad["rounds"][1:2]
    del bad["seed"]
    bad["rounds"] = bad["rounds"][:1]
    first, second = bad["players"]
    bad["rounds"][0]["hands"][second][3] = bad["rounds"][0]["hands"][first][0]
    add("a card dealt twice", ["R-1.5", "R-3.1"], bad, _broken(bad, short, "duplicate_card"),
        fault="duplicate_card")
    question, r, a = _find(lambda q, r, a: r > 0 and a == 0, short)
    bad = copy.deepcopy(question)
    bad["rounds"][r]["dealer"] = next(p for p in bad["players"]
                                      if p != bad["rounds"][r]["dealer"])
    add("a round dealt by another than the last winner", ["R-3.2"], bad,
        _broken(bad, short, "wrong_dealer"), fault="wrong_dealer")
    question, r, a = _find(lambda q, r, a: _act(q, r, a)["action"] == "discard" and a > 6
                           and least_deadwood(_hand_after(q, r, a)) > 10, short)
    bad = copy.deepcopy(question)
    act = bad["rounds"][r]["actions"][a]
    bad["rounds"][r]["actions"][a] = {"player": act["player"], "action": "knock",
                                      "discard": act["card"]}
    add("a knock over the limit", ["R-5.1"], bad, _broken(bad, short, "deadwood_over_limit"),
        fault="deadwood_over_limit")
    bad = copy.deepcopy(whole)
    bad["rounds"].append({"dealer": outcome(whole, short)["winner"], "actions": []})
    add("no round after the game is won", ["R-8.1"], bad, _broken(bad, short, "game_over"),
        fault="game_over")
    question, r, a = _find(lambda q, r, a: a == len(q["rounds"][r]["actions"]) - 1
                           and _act(q, r, a)["action"] == "discard"
                           and r + 1 < len(q["rounds"]), short)
    add("the wall ends the round as a draw", ["R-4.6", "R-3.2"], question,
        _summary(outcome(question, short)))
    bad = copy.deepcopy(question)
    bad["rounds"] = bad["rounds"][: r + 1]
    bad["rounds"][r]["actions"].append({"player": _act(question, r, a)["player"],
                                        "action": "pass"})
    add("nothing follows the wall", ["R-4.6"], bad, _broken(bad, short, "round_over"),
        fault="round_over")
    question, r, a = _find(lambda q, r, a: _act(q, r, a)["action"] == "discard"
                           and _could_knock(q, r, a), short)
    cut = _cut(question, r, a + 1)
    add("a player who may knock may discard instead", ["R-5.2", "R-4.1"], cut,
        _summary(outcome(cut, short)))
    modern = {"box_bonus": 20, "game_bonus": 100, "shutout": "game_bonus_200",
              "undercut_bonus": 25, "game_target": 25}
    for seed in range(1, 400):
        game = play_game(seed, modern)
        answer = outcome(game, modern)
        loser = next(p for p in game["players"] if p != answer["winner"])
        if all(x["winner"] != loser for x in answer["rounds"]) and len(answer["rounds"]) == 1:
            add("a modern shutout makes the game bonus 200 plus the box bonus",
                ["R-8.2", "R-8.3"], game, _summary(answer), modern)
            break
    facts += wall_facts() + limit_facts() + rotation_facts()
    return facts


def _pile_top(question: dict, r: int, a: int) -> str:
    """The top of the discard pile before action ``a`` of round ``r``."""
    answer = play.referee(_cut(question, r, a), presets.full_options({"game_target": 25}))
    take = next(x for x in answer["next"]["legal"] if x.get("source") == "discard")
    return take["card"]


def _position(question: dict, r: int, a: int, options: dict) -> play.Deal:
    """The deal of round ``r`` before its action ``a``."""
    full = presets.full_options(options)
    players = question["players"]
    round_ = question["rounds"][r]
    other = next(p for p in players if p != round_["dealer"])
    deal = play.seeded_deal(question["seed"], r, round_["dealer"], other, full)
    for action in round_["actions"][:a]:
        deal.play(action)
    return deal


def _hand_after(question: dict, r: int, a: int) -> frozenset[int]:
    """The ten cards a discard at action ``a`` would keep."""
    deal = _position(question, r, a, {"game_target": 25})
    act = _act(question, r, a)
    return frozenset(deal.hands[deal.turn]) - {CODES.index(act["card"])}


def _could_knock(question: dict, r: int, a: int) -> bool:
    deal = _position(question, r, a, {"game_target": 25})
    return bool(deal.knock_discards(deal.turn))


def cited(description: str, rules: list[str], question: dict, answer: dict, options: dict,
          **extra) -> dict:
    """A games fact citing, beyond ``rules``, what its log and answer exercise."""
    full = outcome(question, options)
    rules = rules + [r for r in exercised(question, full, options) if r not in rules]
    return fact(description, rules, question, answer, options, **extra)


def rotation_facts() -> list[dict]:
    """R-3.3: games under the EAAI rules, where the deal alternates after every round won."""
    facts = []
    eaai = {"undercut_bonus": 25, "dealer_rotation": "alternate", "game_target": 25}

    def dealer_won(question: dict, r: int, a: int) -> bool:
        # a round after one its dealer won: there the two rotations part
        if r == 0 or a != 0:
            return False
        before = outcome({**question, "rounds": question["rounds"][:r]}, eaai)["rounds"][-1]
        return before["winner"] == question["rounds"][r - 1]["dealer"]

    question, r, _ = _find(dealer_won, eaai)
    facts.append(cited("a whole game under the EAAI rules: the deal alternates", ["R-3.3"],
                       question, _summary(outcome(question, eaai)), eaai))
    bad = copy.deepcopy(question)
    bad["rounds"] = bad["rounds"][: r + 1]
    bad["rounds"][r]["dealer"] = question["rounds"][r - 1]["dealer"]
    facts.append(cited("when the deal alternates, the winning dealer does not deal again",
                       ["R-3.3"], bad, _broken(bad, eaai, "wrong_dealer"), eaai,
                       fault="wrong_dealer"))
    return facts


def wall_facts() -> list[dict]:
    """R-4.7: the last discard at the wall, under OpenSpiel's rules."""
    facts = []
    wall = {**OPENSPIEL, "game_target": 25}
    fact = cited

    def at_wall(q, r, a):
        actions = q["rounds"][r]["actions"]
        return (a >= 1 and actions[a - 1]["action"] == "discard"
                and _stock_left(actions[:a]) == 2)

    # In a game's first round, so that an engine that plays one hand can be asked too.
    question, r, a = _find(lambda q, r, a: r == 0 and at_wall(q, r, a)
                           and _act(q, r, a)["action"] == "draw", wall, patient=True)
    question = {**question, "rounds": question["rounds"][:1]}
    facts.append(fact("openspiel: the last discard at the wall is taken to knock", ["R-4.7"],
                      question, _summary(outcome(question, wall)), wall))
    cut = _cut(question, r, a)
    facts.append(fact("at the wall the next player may pass or take the last discard",
                      ["R-4.7"], cut, _summary(outcome(cut, wall)), wall))
    bad = copy.deepcopy(cut)
    taker = _act(question, r, a)
    bad["rounds"][r]["actions"] += [taker, {"player": taker["player"], "action": "discard",
                                            "card": _act(question, r, a - 1)["card"]}]
    facts.append(fact("the last discard taken at the wall must knock", ["R-4.7"], bad,
                      _broken(bad, wall, "must_knock"), wall, fault="must_knock"))
    passed = copy.deepcopy(cut)
    passed["rounds"][r]["actions"].append({"player": taker["player"], "action": "pass"})
    facts.append(fact("a pass at the wall ends the round as a draw", ["R-4.7", "R-3.2"],
                      passed, _summary(outcome(passed, wall)), wall))
    after = copy.deepcopy(passed)
    after["rounds"][r]["actions"].append({"player": taker["player"], "action": "pass"})
    facts.append(fact("nothing follows a pass at the wall", ["R-4.7"], after,
                      _broken(after, wall, "round_over"), wall, fault="round_over"))

    def hopeless(q, r, a):
        if not (r == 0 and at_wall(q, r, a) and _act(q, r, a)["action"] == "pass"):
            return False
        return _position(q, r, a, wall).legal_actions() == [{"action": "pass"}]

    question, r, a = _find(hopeless, wall, patient=True)
    cut = _cut(question, r, a)
    facts.append(fact("at the wall the last discard is not offered where no knock could follow",
                      ["R-4.7"], cut, _summary(outcome(cut, wall)), wall))
    taken = copy.deepcopy(cut)
    taken["rounds"][r]["actions"].append({"player": _act(question, r, a)["player"],
                                          "action": "draw", "source": "discard"})
    facts.append(fact("the last discard may not be taken where no knock could follow",
                      ["R-4.7"], taken, _broken(taken, wall, "take_without_knock"), wall,
                      fault="take_without_knock"))
    return facts


def limit_facts() -> list[dict]:
    """R-4.8: the draw from the discard pile that would reach the limit ends the deal."""
    facts = []
    limited = {"upcard_draw_limit": 2, "game_target": 25}
    fact = cited

    def counted(actions):
        return sum(1 for i, x in enumerate(actions) if x["action"] == "draw"
                   and x["source"] == "discard" and i > 0
                   and actions[i - 1]["action"] == "discard")

    def first_take(actions):
        return any(x["action"] == "draw" and x["source"] == "discard"
                   and (i == 0 or actions[i - 1]["action"] == "pass")
                   for i, x in enumerate(actions[:2]))

    def ends_at_take(q, r, a):
        actions = q["rounds"][r]["actions"]
        return (a == len(actions) - 1 and actions[a]["action"] == "draw"
                and actions[a]["source"] == "discard" and _stock_left(actions) > 2)

    question, r, a = _find(lambda q, r, a: ends_at_take(q, r, a)
                           and not first_take(q["rounds"][r]["actions"]), limited, greedy=True)
    cut = copy.deepcopy(question)
    cut["rounds"] = cut["rounds"][: r + 1]
    assert counted(cut["rounds"][r]["actions"]) == 2
    facts.append(fact("the draw that reaches the limit on discard-pile draws ends the round",
                      ["R-4.8", "R-3.2"], cut, _summary(outcome(cut, limited)), limited))
    bad = copy.deepcopy(cut)
    last = bad["rounds"][r]["actions"][-1]
    bad["rounds"][r]["actions"].append({"player": last["player"], "action": "discard",
                                        "card": bad["rounds"][r]["actions"][-2]["card"]})
    facts.append(fact("the card of the draw that reaches the limit stays on the pile",
                      ["R-4.8"], bad, _broken(bad, limited, "round_over"), limited,
                      fault="round_over"))
    before = _cut(cut, r, a)
    facts.append(fact("the draw that would reach the limit is offered", ["R-4.8"], before,
                      _summary(outcome(before, limited)), limited))
    question, r, a = _find(lambda q, r, a: ends_at_take(q, r, a)
                           and first_take(q["rounds"][r]["actions"]), limited, greedy=True)
    cut = _cut(question, r, a)
    assert counted(cut["rounds"][r]["actions"]) == 1
    facts.append(fact("the first turn's take of the upcard is not counted toward the limit",
                      ["R-4.8", "R-4.2"], cut, _summary(outcome(cut, limited)), limited))
    return facts


# Perft ------------------------------------------------------------------------------------------

PERFT_RULES = [
    ("standard", {}, ["R-4.1", "R-4.2", "R-4.3", "R-5.1"]),
    ("openspiel", OPENSPIEL, ["R-4.1", "R-4.2", "R-4.3", "R-5.1"]),
    ("straight", {"knock_limit": 0}, ["R-4.1", "R-4.2", "R-4.3", "R-5.1", "R-5.4"]),
    ("big gin", {"big_gin_bonus": 31}, ["R-4.1", "R-4.2", "R-4.3", "R-5.1", "R-5.5"]),
]


def perft_facts() -> list[dict]:
    """Sequences of legal actions from seeded deals, to a small depth, as chess's perft."""
    facts = []
    for seed in (1, 2, 3):
        for depth in (1, 2, 3, 4):
            question = {"players": ["ann", "bob"], "dealer": "bob", "seed": seed, "round": 0,
                        "depth": depth}
            facts.append(fact(f"seed {seed}, depth {depth}", PERFT_RULES[0][2], question,
                              ask("perft", {}, question)))
    for seed, (name, options, rules) in zip((4, 5, 6), PERFT_RULES[1:]):
        question = {"players": ["ann", "bob"], "dealer": "bob", "seed": seed, "round": 0,
                    "depth": 4}
        facts.append(fact(f"{name}: seed {seed}, depth 4", rules, question,
                          ask("perft", options, question), options))
    for seed in range(7, 400):
        question = {"players": ["ann", "bob"], "dealer": "bob", "seed": seed, "round": 0,
                    "depth": 3}
        first, _, upcard, _ = play.shuffle.deal(seed, 0)
        hand = frozenset(first) | {upcard}
        if min(least_deadwood(hand - {c}) for c in hand) <= 10:
            facts.append(fact(f"a knock on the first turn: seed {seed}, depth 3",
                              ["R-4.2", "R-4.3", "R-5.1"], question, ask("perft", {}, question)))
            break
    return facts


def main(argv: list[str] | None = None) -> None:
    global OUTPUT
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=FACTS,
                        help="the folder to write the files to (default: facts/)")
    OUTPUT = parser.parse_args(argv).output
    rng = random.Random(2026)
    tens, elevens = hand_facts(rng)
    write("deadwood-generated", "deadwood",
          "Seeded hands of ten cards; answers from the reference.", tens)
    write("discards-generated", "discards",
          "Seeded hands of eleven cards; answers from the reference.", elevens)
    layoffs, rounds = showdown_facts(rng)
    write("layoffs-generated", "layoffs",
          "Seeded knock positions; the defender's reply from the reference.", layoffs)
    write("scoring-generated", "scoring",
          "Seeded knock positions; the deal's result from the reference.", rounds)
    write("melds-generated", "melds", "Seeded cards; every meld from the reference.",
          meld_facts(random.Random(2027)))
    write("games-generated", "games", "Games dealt by the documented shuffle and played at "
          "random, some broken in one place; answers from the reference's referee.",
          game_facts())
    write("perft", "perft", "Sequences of legal actions from seeded deals; counts from the "
          "reference.", perft_facts())


if __name__ == "__main__":
    main()
