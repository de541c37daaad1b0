"""The replay's quick paths give exactly what the paths they stand in for give.

Every move of a log is played by the engine with its checks (there is no quicker loop beside
it).  Declared melds are looked up in a catalogue of every set and run
(``documents.declared_melds``), and anything else is read by ``parse_melds``.
The knocker's best arrangement (R-7.6) is the canonical optimal one wherever that scores as
much as any arrangement could, without the search over every legal one.  Each quick path must
give the same state, result and faults as the full path.
"""

from __future__ import annotations

import random

import pytest

from ginrules.rules.base.cards import CARD_SPELLINGS
from ginrules.rules.documents.gamelog import declared_melds
from ginrules.rules.errors import InvalidMeldError
from ginrules.rules.base.melds import parse_melds
from ginrules.rules.hands.arrangements import legal_arrangements
from ginrules.rules.hands.scoring import score_deal, settle
from ginrules.rules.hands.solver import solver_for
from ginrules.rules.base.options import resolve_rules


def random_melds(rng: random.Random) -> list:
    """Declared melds as a client might write them: mostly real sets and runs, some not."""
    melds = []
    for _ in range(rng.randint(0, 4)):
        if rng.random() < 0.5:
            rank = rng.randrange(13)
            cards = rng.sample([suit * 13 + rank for suit in range(4)], rng.randint(2, 4))
        else:
            suit, length = rng.randrange(4), rng.randint(2, 6)
            low = rng.randrange(13)
            cards = [suit * 13 + (low + i) % 13 for i in range(length)]
        if rng.random() < 0.1:
            cards.append(rng.randrange(52))
        tokens = [rng.choice(CARD_SPELLINGS[card]) for card in cards]
        rng.shuffle(tokens)
        if rng.random() < 0.05:
            tokens.append(rng.choice(["XX", 5, None, ["AS"]]))
        if rng.random() < 0.4:
            kind = rng.choice(["set", "run"]) if rng.random() < 0.2 else (
                "set" if len({c % 13 for c in cards}) == 1 else "run")
            melds.append({"kind": kind, "cards": tokens})
        else:
            melds.append(tokens)
    return melds


def read(reader, melds, corner: bool):
    try:
        return "melds", reader(melds, round_the_corner=corner)
    except InvalidMeldError as error:
        return "faults", error.problems


@pytest.mark.parametrize("corner", [False, True], ids=["ace-low", "round-the-corner"])
def test_r2_declared_melds_read_as_parse_melds_reads_them(corner):
    rng = random.Random(f"melds{corner}")
    accepted = 0
    for _ in range(3000):
        melds = random_melds(rng)
        quick = read(declared_melds, melds, corner)
        assert quick == read(parse_melds, melds, corner), melds
        accepted += quick[0] == "melds"
    assert 300 < accepted < 2700  # both kinds of answer were compared


SCORING_RULES = ["standard", "openspiel", "straight",
                 {"preset": "standard", "scoreless_tie_winner": "knocker",
                  "undercut_on_tie": False},
                 {"preset": "standard", "round_the_corner": True, "ace_deadwood_value": 15}]


def knocks(seed: int, count: int):
    """Ten-card spreads, most of them knockable, and defender hands from one deck, many of
    them meld-dense, so that layoffs are common."""
    rng = random.Random(seed)
    for _ in range(count):
        low = rng.randrange(9)
        pool = [suit * 13 + rank for suit in range(4) for rank in range(low, low + 5)]
        suit, start = rng.randrange(4), rng.randrange(9)
        spread = {suit * 13 + start + i for i in range(rng.randint(3, 5))}
        rank = rng.randrange(13)
        spread |= set(rng.sample([s * 13 + rank for s in range(4)], 3))
        while len(spread) < 10:
            spread.add(rng.choice(pool) if rng.random() < 0.5 else rng.randrange(52))
        spread = set(list(spread)[:10]) if len(spread) > 10 else spread
        rest = [card for card in range(52) if card not in spread]
        near = [card for card in rest if card in pool or card // 13 == suit]
        defender = set(rng.sample(near, min(len(near), rng.randint(3, 8))))
        defender |= set(rng.sample([c for c in rest if c not in defender], 10 - len(defender)))
        upcard = rng.choice([card for card in rest if card not in defender])
        yield sum(1 << c for c in spread), sum(1 << c for c in defender), upcard


@pytest.mark.parametrize("rules", SCORING_RULES, ids=str)
def test_r2_5_the_canonical_arrangement_is_the_first_optimal_legal_one(rules):
    solver = solver_for(resolve_rules(rules))
    for spread, defender, _ in knocks(11, 1000):
        for hand in (spread, defender):
            least = solver.min_deadwood(hand)
            first = next(a for a in legal_arrangements(hand, least, resolve_rules(rules))
                         if a.deadwood_count == least)
            assert first == solver.best_arrangement(hand)


def _signed(score) -> int:
    return {"knocker": score.points, "defender": -score.points, None: 0}[score.winner]


@pytest.mark.parametrize("rules", [r for r in SCORING_RULES if r != "straight"], ids=str)
def test_r7_6_the_knockers_best_arrangement_is_the_full_searchs(rules):
    rules = resolve_rules(rules)
    solver = solver_for(rules)
    checked = searched = 0
    for spread, defender, upcard in knocks(13, 4000):
        limit = rules.knock_limit_for(upcard)
        if solver.min_deadwood(spread) > limit:
            continue
        best, best_key = None, None
        for arrangement in legal_arrangements(spread, limit, rules):
            defense, _, result = settle(arrangement, defender, rules, upcard)
            key = (-_signed(result), arrangement.deadwood_count)
            if best_key is None or key < best_key:
                best, best_key = (arrangement, defense, result), key
        score = score_deal(spread, defender, rules, limit, upcard=upcard)
        assert (score.knocker, score.defense, score.price) == best
        given = score_deal(spread, defender, rules, limit, upcard=upcard,
                            knocker_arrangement=solver.best_arrangement(spread))
        assert given == score
        checked += 1
        searched += score.knocker != solver.best_arrangement(spread)
    assert checked > 400 and searched > 10  # cases either side of the shortcut


def mutated(rng: random.Random, item):
    """An action as a careless client might write it: a field left out, added or mistyped."""
    item = dict(item)
    roll = rng.random()
    name = rng.choice(sorted(item))
    if roll < 0.2:
        del item[name]
    elif roll < 0.35:
        item[rng.choice(["extra", "card", "melds", "layoffs", "discard"])] = "5S"
    elif roll < 0.6:
        item[name] = rng.choice([None, 5, True, "XX", "ZZ", ["AS"], {"x": 1}, "stock", "5s"])
    elif roll < 0.8 and "melds" in item and item["melds"]:
        melds = [m if type(m) is list else dict(m) for m in item["melds"]]
        meld = rng.randrange(len(melds))
        if type(melds[meld]) is dict:
            field = rng.choice(["kind", "cards", "other"])
            melds[meld][field] = rng.choice(["run", "pair", ["9Z"]])
        else:
            melds[meld] = melds[meld] + [rng.choice(["QQ", 4, "KD"])]
        item["melds"] = melds
    elif "layoffs" in item:
        item["layoffs"] = rng.choice([[{"card": "5S"}], "none", [{"card": "5S", "meld": True}],
                                      [{"card": "5Z", "meld": 0}]])
    return item


@pytest.mark.parametrize("preset", ["standard", "openspiel", "hollywood", "partnership"])
def test_actions_are_read_as_the_full_reading_reads_them(preset):
    from ginrules.rules.documents.gamelog import _Reader, _read_action_fully, _read_actions
    from testkit.generator import random_game

    rng = random.Random(preset)
    items = []
    for seed in range(6):
        log = random_game(seed, preset)
        for entry in log["rounds"]:
            for table in entry.get("tables", [entry]):
                items += table["actions"]
    kinds = set()
    for item in items + [mutated(rng, item) for item in items for _ in range(2)]:
        quick, full = _Reader(), _Reader()
        read = _read_actions(quick, [item], ("actions",))
        whole = _read_action_fully(full, item, ("actions", 0))
        assert read == ([] if whole is None else [whole]), item
        assert quick.problems == full.problems, item
        kinds.add((str(item.get("action")), whole is None))
    assert {("knock", False), ("knock", True), ("lay_down", False), ("lay_down", True),
            ("draw", True), ("discard", True)} <= kinds


def mutated_table(rng: random.Random, table: dict) -> dict:
    """A deal as a careless client might write it: a field left out, added or mistyped."""
    table = dict(table)
    roll = rng.random()
    name = rng.choice(sorted(table))
    if roll < 0.25:
        del table[name]
    elif roll < 0.4:
        table[rng.choice(["extra", "stock"])] = rng.choice([None, ["AS"], "AS"])
    elif roll < 0.8:
        table[name] = rng.choice([None, 5, "XX", "5s", ["AS", "ZZ"], {"ann": ["AS"]}, [],
                                  [{"player": "ann", "action": "pass"}] * 201])
    else:
        hands = dict(table.get("hands") or {})
        if hands:
            player = rng.choice(sorted(hands))
            hands[player] = rng.choice([None, "AS", ["AS", 3], list(hands[player])[:5]])
            table["hands"] = hands
    return table


@pytest.mark.parametrize("preset", ["standard", "partnership"])
def test_deals_are_read_as_the_full_reading_reads_them(preset):
    from ginrules.rules.documents.gamelog import _Reader, _read_table, _read_table_fully
    from ginrules.rules.errors import LogTooLargeError
    from testkit.generator import random_game

    rng = random.Random(preset)
    tables = []
    for seed in range(8):
        for entry in random_game(seed, preset)["rounds"]:
            tables += entry.get("tables", [entry])
    outcomes = set()
    for table in tables + [mutated_table(rng, table) for table in tables for _ in range(3)]:
        answers = []
        for read in (_read_table, _read_table_fully):
            reader = _Reader()
            try:
                answers.append((read(reader, table, ("rounds", 0)), reader.problems))
            except LogTooLargeError as error:
                answers.append(("too large", error.problems))
        assert answers[0] == answers[1], table
        outcomes.add(answers[0][0] is None)
    assert outcomes == {True, False}


def test_the_draws_and_discards_made_once_are_shared_and_their_record_is_bounded():
    from ginrules.rules.documents.gamelog import _Reader, _read_actions
    from ginrules.rules.documents.made import MADE, MADE_PLAYERS
    from ginrules.rules.table.moves import Discard, Draw

    def read(items):
        reader = _Reader()
        moves = _read_actions(reader, items, ("actions",))
        assert reader.problems == []
        return moves

    items = [{"player": "ann", "action": "draw", "source": "stock", "card": "7D"},
             {"player": "ann", "action": "discard", "card": "ts"},
             {"player": "ann", "action": "draw", "source": "discard"},
             {"player": "ann", "action": "draw", "source": "stock", "card": None}]
    first = read(items)
    # Another log spelling the same moves, its strings new objects: the same moves, shared.
    again = read([{key: "".join(value) if type(value) is str else value
                   for key, value in item.items()} for item in items])
    assert first == [Draw("ann", "stock", "7D"), Discard("ann", "TS"),
                     Draw("ann", "discard", None), Draw("ann", "stock", None)]
    assert all(a is b for a, b in zip(first, again))
    # Another spelling of a card is another key, the same move.
    assert read([{"player": "ann", "action": "discard", "card": "10♠"}]) == [first[1]]
    # A client naming new players in every log cannot make the record grow past its bound.
    for number in range(3 * MADE_PLAYERS):
        name = f"player {number}"
        assert read([{"player": name, "action": "discard", "card": "AS"}]) == [
            Discard(name, "AS")]
        assert len(MADE) <= MADE_PLAYERS
