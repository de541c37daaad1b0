"""The rules options other engines and rule books play (docs/rules.md section 11): the last discard
at the wall (R-4.7), the limit on discard-pile draws (R-4.8), the winner of a scoreless tie
(R-7.7), box bonuses as they are won (R-8.2), a doubled total (R-8.3), and the presets
`straight` and `openspiel` (R-10)."""

from __future__ import annotations

import copy

import pytest

from ginrules.rules import resolve_rules
from ginrules.rules.base.cards import CARDS as DECK, parse_card, parse_hand
from ginrules.rules.errors import IllegalMove
from ginrules.rules.table.engine import Deal
from ginrules.rules.table.moves import Discard, Draw, Knock, Pass, Phase
from ginrules.rules.table.views import view_of
from ginrules.rules.usecases.matches import score_match
from ginrules.rules.usecases.replay import replay
from ginrules.rules.hands.scoring import DealFacts, price
from testkit.generator import random_game

CARDS = list(DECK)


def _tables_of(log):
    for r, entry in enumerate(log["rounds"]):
        yield r, entry


def _find(rules, predicate, seeds=range(300)):
    """A generated game, the round and the action position where ``predicate`` holds."""
    for seed in seeds:
        log = random_game(seed, rules, max_rounds=30)
        for r, table in _tables_of(log):
            actions = table["actions"]
            for a in range(len(actions)):
                if predicate(actions, a):
                    return log, r, a
    raise AssertionError("no generated game has the situation this test needs")


def _cut(log, r, a):
    """The log up to (not including) action ``a`` of round ``r``."""
    cut = copy.deepcopy(log)
    cut["rounds"] = cut["rounds"][: r + 1]
    cut["rounds"][r]["actions"] = cut["rounds"][r]["actions"][:a]
    return cut


def _wall_take(actions, a):
    return (a >= 1 and actions[a]["action"] == "draw" and actions[a]["source"] == "discard"
            and actions[a - 1]["action"] == "discard" and a + 1 < len(actions)
            and actions[a + 1]["action"] == "knock" and _stock_left(actions[: a]) == 2)


def _stock_left(actions):
    return 31 - sum(1 for x in actions if x["action"] == "draw" and x["source"] == "stock")


def test_r4_7_at_the_wall_the_next_player_may_take_the_last_discard_to_knock():
    log, r, a = _find("openspiel", _wall_take)
    assert replay(log).valid
    waiting = replay(_cut(log, r, a)).next
    assert waiting.phase == "last_discard" and waiting.stock_remaining == 2
    kinds = [(type(x), getattr(x, "source", None)) for x in waiting.moves]
    assert kinds == [(Pass, None), (Draw, "discard")]
    taken = replay(_cut(log, r, a + 1)).next
    assert taken.phase == "discard" and {type(x) for x in taken.moves} == {Knock}


def test_r4_7_the_last_discard_taken_must_knock():
    log, r, a = _find("openspiel", _wall_take)
    broken = _cut(log, r, a + 1)
    player = broken["rounds"][r]["actions"][a]["player"]
    card = broken["rounds"][r]["actions"][a - 1]["card"]
    hand = [c for c in broken["rounds"][r]["hands"][player]]
    # Whatever it throws, a discard instead of the knock breaks.
    broken["rounds"][r]["actions"].append({"player": player, "action": "discard",
                                           "card": hand[0] if hand[0] != card else hand[1]})
    (violation,) = replay(broken).violations
    assert (violation.code, violation.rule) == ("must_knock", "R-4.7")


def test_r4_7_a_pass_at_the_wall_is_a_draw_and_the_dealer_deals_again():
    log, r, a = _find("openspiel", lambda actions, a: a == len(actions) - 1 > 2
                      and actions[a]["action"] == "pass")
    cut = copy.deepcopy(log)
    cut["rounds"] = cut["rounds"][: r + 1]
    result = replay(cut)
    assert result.valid and result.rounds[-1].outcome == "draw"
    assert result.next.phase == "deal" and result.next.player == cut["rounds"][r]["dealer"]
    cut["rounds"][r]["actions"].append({"player": cut["rounds"][r]["actions"][-1]["player"],
                                        "action": "pass"})
    (violation,) = replay(cut).violations
    assert (violation.code, violation.rule) == ("round_over", "R-4.7")


def test_r4_6_under_wall_draw_the_round_ends_at_the_discard():
    log, r, a = _find("standard", lambda actions, a: a == len(actions) - 1
                      and actions[a]["action"] == "discard" and _stock_left(actions) == 2)
    cut = copy.deepcopy(log)
    cut["rounds"] = cut["rounds"][: r + 1]
    other = next(p for p in cut["rounds"][r]["hands"] if p != cut["rounds"][r]["actions"][a][
        "player"])
    cut["rounds"][r]["actions"].append({"player": other, "action": "pass"})
    (violation,) = replay(cut).violations
    assert (violation.code, violation.rule) == ("round_over", "R-4.6")


LIMITED = {"preset": "standard", "upcard_draw_limit": 2}


def _counted_pile_draws(actions):
    """Draws from the discard pile in normal turns, as R-4.8 counts them: a take that follows
    a discard (under `wall: draw` no take at the wall), not the first turn's take."""
    return sum(1 for i, x in enumerate(actions) if x["action"] == "draw"
               and x["source"] == "discard" and i > 0 and actions[i - 1]["action"] == "discard")


def _first_turn_take(actions):
    return any(x["action"] == "draw" and x["source"] == "discard"
               and (i == 0 or actions[i - 1]["action"] == "pass")
               for i, x in enumerate(actions[:2]))


def test_r4_8_the_draw_that_reaches_the_limit_ends_the_round_at_once():
    log, r, a = _find(LIMITED, lambda actions, a: a == len(actions) - 1
                      and actions[a]["action"] == "draw" and actions[a]["source"] == "discard")
    cut = copy.deepcopy(log)
    cut["rounds"] = cut["rounds"][: r + 1]
    actions = cut["rounds"][r]["actions"]
    assert _counted_pile_draws(actions) == 2  # the second counted draw is the last action
    result = replay(cut)
    assert result.valid and result.rounds[-1].outcome == "draw"
    assert result.next.phase == "deal" and result.next.player == cut["rounds"][r]["dealer"]
    # Nothing may follow that draw: not even the discard of the card it would have taken.
    player = actions[-1]["player"]
    after = copy.deepcopy(cut)
    after["rounds"][r]["actions"].append({"player": player, "action": "discard",
                                         "card": actions[-2]["card"]})
    (violation,) = replay(after).violations
    assert (violation.code, violation.rule) == ("round_over", "R-4.8")
    # Before it, the same draw is offered, and without the limit the play goes on.
    before = replay(_cut(log, r, a)).next
    assert Draw(player, "discard") in [Draw(m.player, m.source) for m in before.moves]
    unlimited = replay({**cut, "rules": "standard"})
    assert unlimited.valid and unlimited.next.phase == "discard"


def test_r4_8_the_card_of_the_draw_that_reaches_the_limit_stays_on_the_pile():
    rules = resolve_rules({"preset": "standard", "upcard_draw_limit": 1})
    deal = Deal(rules, {"ann": CARDS[:10], "bob": CARDS[10:20]}, CARDS[20], "ann", CARDS[21:])
    deal.play(Pass("ann"))
    deal.play(Pass("bob"))
    deal.play(Draw("ann", "stock"))
    deal.play(Discard("ann", CARDS[0]))
    hand = deal.hand("bob")
    record = deal.play(Draw("bob", "discard"))
    assert deal.over and deal.pile[-1] == CARDS[0] and deal.hand("bob") == hand
    assert record.card is None and deal.score is None and deal.pile_draws == 1
    assert view_of(deal, "ann").opponent_known == ()


def test_r4_8_the_first_turn_take_of_the_upcard_is_not_counted():
    log, r, a = _find(LIMITED, lambda actions, a: a == len(actions) - 1
                      and _first_turn_take(actions) and actions[a]["action"] == "draw"
                      and actions[a]["source"] == "discard")
    actions = log["rounds"][r]["actions"]
    pile_draws = sum(1 for x in actions if x["action"] == "draw" and x["source"] == "discard")
    assert pile_draws == 3 and _counted_pile_draws(actions) == 2
    cut = copy.deepcopy(log)
    cut["rounds"] = cut["rounds"][: r + 1]
    assert replay(cut).rounds[-1].outcome == "draw"
    # Counting the first turn's take, the limit would have ended the round one draw earlier.
    assert replay(_cut(log, r, a)).next.phase == "draw"


def test_r4_8_the_last_discard_taken_at_the_wall_is_not_counted():
    ann = parse_hand("2C 5D 9H JS QS TC 4D 8H KC 3H".split())
    bob = parse_hand("AS 2S 3S 4H 5H 6H 7C 8C 9C 2D".split())  # deadwood 2: bob may knock
    upcard = parse_card("KD")
    rest = [c for c in CARDS if c not in (*ann, *bob, upcard)]
    rules = resolve_rules({"preset": "openspiel", "upcard_draw_limit": 1})
    deal = Deal(rules, {"ann": ann, "bob": bob}, upcard, "ann", rest)
    deal.play(Pass("ann"))
    deal.play(Pass("bob"))
    player = "ann"
    while deal.phase is Phase.DRAW:  # every turn draws from the stock and throws that card
        card = deal.play(Draw(player, "stock")).card
        deal.play(Discard(player, card))
        player = deal.other(player)
    assert deal.phase is Phase.LAST_DISCARD and deal.turn == "bob"
    deal.play(Draw("bob", "discard"))
    assert deal.phase is Phase.DISCARD and deal.pile_draws == 0  # not counted: no draw yet
    deal.play(Knock("bob", deal.taken))
    assert deal.knock is not None


def _returns_table(rules, moves):
    deal = Deal(resolve_rules(rules), {"ann": CARDS[:10], "bob": CARDS[10:20]}, CARDS[20],
                "ann", CARDS[21:])
    for move in moves:
        deal.play(move)
    return deal


UP = CARDS[20]


def test_r4_9_two_returns_in_a_row_end_the_round_as_a_draw():
    # The first turn's take counts: ann takes the upcard and throws it back, bob does the same.
    deal = _returns_table("openspiel", [Draw("ann", "discard"), Discard("ann", UP),
                                        Draw("bob", "discard"), Discard("bob", UP)])
    assert deal.over and deal.score is None and deal.end_rule == "R-4.9"
    with pytest.raises(IllegalMove) as caught:
        deal.verify(Draw("ann", "stock"))
    assert (caught.value.code, caught.value.rule) == ("round_over", "R-4.9")
    # Without the option the same play goes on.
    deal = _returns_table({"preset": "openspiel", "repeated_return_draw": False},
                          [Draw("ann", "discard"), Discard("ann", UP), Draw("bob", "discard"),
                           Discard("bob", UP)])
    assert deal.phase is Phase.DRAW and deal.turn == "ann"


def test_r4_9_a_return_followed_by_a_plain_discard_breaks_the_sequence():
    deal = _returns_table("openspiel", [Draw("ann", "discard"), Discard("ann", UP),
                                        Draw("bob", "stock"), Discard("bob", CARDS[21]),
                                        Draw("ann", "discard"), Discard("ann", CARDS[21])])
    assert not deal.over and deal.returns == 1
    deal = _returns_table("openspiel", [Draw("ann", "discard"), Discard("ann", UP),
                                        Draw("bob", "discard"), Discard("bob", CARDS[10])])
    assert not deal.over and deal.returns == 0 and deal.turn == "ann"


def test_r4_9_a_knock_whose_discard_is_the_taken_card_is_no_return():
    ann = parse_hand("2C 5D 9H JS QS TC 4D 8H KC 3H".split())
    bob = parse_hand("AS 2S 3S 4H 5H 6H 7C 8C 9C 2D".split())  # deadwood 2: bob may knock
    upcard = parse_card("KD")
    rest = [c for c in CARDS if c not in (*ann, *bob, upcard)]
    deal = Deal(resolve_rules("openspiel"), {"ann": ann, "bob": bob}, upcard, "ann", rest)
    deal.play(Draw("ann", "discard"))
    deal.play(Discard("ann", upcard))  # a return
    deal.play(Draw("bob", "discard"))
    deal.play(Knock("bob", upcard))  # discards the card just taken (R-4.3 allow): a knock
    assert deal.phase is Phase.LAY_DOWN and deal.knock is not None
    deal.settle()
    assert deal.score is not None and deal.winner == "bob"


def test_r7_7_a_scoreless_tie_goes_to_the_knocker_with_no_points():
    tie = DealFacts(knocker_count=7, defender_count=7)
    rules = resolve_rules({"preset": "openspiel", "scoreless_tie_winner": "knocker"})
    priced = price(tie, rules)
    assert (priced.outcome, priced.winner, priced.points) == ("knock", "knocker", 0)
    assert [t.rule for t in priced.breakdown] == ["R-7.2", "R-7.7"]
    assert price(tie, resolve_rules("openspiel")).winner is None


def test_r7_7_the_knocker_of_a_scoreless_tie_deals_next_and_takes_hollywood_credit():
    rules = resolve_rules({"preset": "hollywood", "undercut_on_tie": False,
                           "scoreless_tie_winner": "knocker"})
    result = score_match(rules, ["ann", "bob"], [{"winner": "ann", "points": 0},
                                                 {"winner": "ann", "points": 20}])
    assert [r.tally.credited for r in result.rounds] == [(0,), (0, 1)]
    assert [g.totals["ann"] for g in result.totals.games] == [20, 20, 0]


def test_r8_2_an_immediate_box_bonus_counts_towards_the_target():
    rounds = [{"winner": "bob", "points": 30}, {"winner": "bob", "points": 30}]
    immediate = resolve_rules({"preset": "standard", "box_bonus": 25,
                               "box_bonus_timing": "immediate"})
    result = score_match(immediate, ["ann", "bob"], rounds)
    assert [r.totals["bob"] for r in result.rounds] == [55, 110]
    assert result.complete and result.winner == "bob" and result.totals["bob"] == 110
    assert not [b for b in result.bonuses if b.rule == "R-8.2"]  # not added twice
    at_end = score_match(resolve_rules({"preset": "standard", "box_bonus": 25}),
                         ["ann", "bob"], rounds)
    assert not at_end.complete and at_end.totals["bob"] == 60


def test_r8_3_double_total_doubles_the_winners_final_total_bonuses_included():
    rules = resolve_rules({"preset": "modern", "shutout": "double_total", "game_target": 50})
    result = score_match(rules, ["ann", "bob"], [{"winner": "bob", "points": 30},
                                                 {"winner": "bob", "points": 25}])
    # 55 round points, box bonus 2 x 20, game bonus 100: 195, doubled.
    assert result.totals == {"ann": 0, "bob": 390}
    assert [b.term for b in result.bonuses][-1] == "shutout doubles the winner's total"
    spoiled = score_match(rules, ["ann", "bob"], [{"winner": "ann", "points": 5},
                                                  {"winner": "bob", "points": 55}])
    assert spoiled.totals["bob"] == 55 + 20 + 100


def test_r10_straight_only_gin_ends_a_round(client):
    one = client.post("/v1/knock", json={"hand": "AS 2S 3S 4H 5H 6H 7D 8D 9D AC KC".split(),
                                         "discard": "KC", "rules": "straight"}).get_json()
    assert not one["legal"] and one["violations"][0]["code"] == "deadwood_over_limit"
    assert one["knock_limit"] == 0


def test_r10_openspiel_games_replay_valid_and_complete():
    for seed in range(30):
        log = random_game(seed, "openspiel")
        result = replay(log)
        assert result.valid and result.complete, (seed, result.violations)
