"""The table engine (ginrules/rules/table/engine.py): checks, moves, legal moves, copies and
views.

Legal moves are derived from the checks, so the first property asks the checks directly about
every move anyone could try, and compares with the list.
"""

from __future__ import annotations

import random

import pytest

from ginrules.rules.base.cards import mask_cards
from ginrules.rules.table.engine import Deal
from ginrules.rules.table.views import view_of
from ginrules.rules.errors import IllegalMove
from ginrules.rules.table.moves import DealView, Discard, Draw, Knock, LayDown, Pass, Phase
from ginrules.rules.base.options import resolve_rules

PRESETS = ["standard", "oklahoma", "openspiel", "modern", "straight",
           {"preset": "standard", "upcard_draw_limit": 3},
           {"preset": "standard", "wall": "last_discard"},
           {"preset": "standard", "wall": "last_discard", "taken_card_discard": "allow",
            "big_gin_bonus": 31},
           {"preset": "standard", "round_the_corner": True, "ace_deadwood_value": 15}]


def new_deal(rng: random.Random, rules) -> Deal:
    deck = list(range(52))
    rng.shuffle(deck)
    return Deal(resolve_rules(rules), {"ann": deck[:10], "bob": deck[10:20]}, deck[20], "ann",
                deck[21:])


def every_try(deal: Deal) -> list:
    """Every move anyone at the table could try now, legal or not."""
    tries = []
    for player in deal.players:
        tries += [Pass(player), Draw(player, "stock"), LayDown(player), Knock(player, None)]
        if deal.pile:
            tries.append(Draw(player, "discard", deal.pile[-1]))
        for card in range(52):
            tries += [Discard(player, card), Knock(player, card)]
    return tries


def play_randomly(deal: Deal, rng: random.Random, stop: float = 0.0):
    """Random legal moves until the deal ends (or, with ``stop``, sometimes earlier)."""
    while not deal.over:
        if stop and rng.random() < stop:
            return
        yield deal
        deal.play(rng.choice(deal.legal_moves()))


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_r4_r5_r6_legal_moves_are_the_moves_that_pass_the_checks(rules):
    rng = random.Random(str(rules))
    for _ in range(12):
        for deal in play_randomly(new_deal(rng, rules), rng):
            legal = set(deal.legal_moves())
            assert legal, deal  # never a position with no legal move (R-4.7 among others)
            passing = {move for move in every_try(deal) if deal.can(move)}
            assert passing == legal, deal



@pytest.mark.parametrize("rules, offered", [("standard", False), ("openspiel", True)])
def test_r4_3_the_card_just_taken_is_a_candidate_only_where_it_may_be_discarded(rules, offered):
    # The candidates leave out what the check refuses for sure (a refusal raises, which costs a
    # random playout more than its other moves); every other card of the hand stays offered.
    rng = random.Random(f"taken {rules}")
    seen = 0
    for _ in range(20):
        for deal in play_randomly(new_deal(rng, rules), rng):
            if deal.phase is not Phase.DISCARD or deal.taken is None:
                continue
            player = deal.turn
            cards = {move.card for move in deal.candidates() if isinstance(move, Discard)}
            assert cards == set(mask_cards(deal.hands[player])) - (
                set() if offered else {deal.taken}), deal
            assert deal.can(Discard(player, deal.taken)) is offered
            seen += 1
    assert seen > 20


def state_of(deal: Deal) -> dict:
    """Every attribute of a deal, its lists and dicts copied."""
    names = getattr(Deal, "__slots__", ()) or Deal.__mypyc_attrs__
    state = {}
    for name in names:
        value = getattr(deal, name)
        state[name] = value.copy() if isinstance(value, (list, dict)) else value
    return state


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_r4_r5_r6_a_refused_move_leaves_the_deal_as_it_was(rules):
    # What the playouts rely on when they offer their preferred move and take the next where
    # the engine refuses it: a refusal is a check that fails before anything is applied.
    rng = random.Random(f"refused {rules}")
    refused = 0
    for _ in range(2):
        for deal in play_randomly(new_deal(rng, rules), rng, stop=0.02):
            before = state_of(deal)
            for move in every_try(deal):
                if deal.can(move):
                    continue
                with pytest.raises(IllegalMove):
                    deal.apply(move)
                assert state_of(deal) == before, move
                refused += 1
    assert refused > 1000

def test_r4_4_a_move_out_of_turn_says_whose_turn_it_is():
    deal = new_deal(random.Random(1), "standard")
    with pytest.raises(IllegalMove) as caught:
        deal.play(Pass("bob"))
    assert (caught.value.code, caught.value.rule) == ("not_your_turn", "R-4.4")
    assert "ann" in caught.value.detail


def test_r4_4_a_stranger_is_not_at_the_table():
    deal = new_deal(random.Random(1), "standard")
    with pytest.raises(IllegalMove) as caught:
        deal.play(Pass("cy"))
    assert caught.value.code == "not_at_table"


def test_r6_1_after_a_knock_only_the_defender_lays_down():
    rng = random.Random(5)
    for _ in range(200):
        deal = new_deal(rng, "standard")
        for state in play_randomly(deal, rng):
            if state.phase is Phase.LAY_DOWN:
                knocker = state.knock.knocker
                with pytest.raises(IllegalMove) as caught:
                    state.verify(LayDown(knocker))
                assert (caught.value.code, caught.value.rule) == ("round_over", "R-6.1")
                assert state.legal_moves() == (LayDown(state.defender),)
                return
    pytest.fail("no knock in 200 random deals")


def test_r4_2_both_passes_send_the_non_dealer_to_the_stock():
    deal = new_deal(random.Random(2), "standard")
    deal.play(Pass("ann"))
    assert deal.turn == "bob" and deal.phase is Phase.FIRST_TURN
    deal.play(Pass("bob"))
    assert deal.turn == "ann" and deal.phase is Phase.DRAW
    assert deal.legal_moves() == (Draw("ann", "stock"),)


def test_a_copy_is_independent_of_its_original():
    rng = random.Random(3)
    deal = new_deal(rng, "standard")
    for _ in play_randomly(deal, rng, stop=0.05):
        pass
    if deal.over:
        deal = new_deal(rng, "standard")
    before = (dict(deal.hands), list(deal.pile), deal.stock, len(deal.history), deal.phase)
    twin = deal.copy()
    for _ in play_randomly(twin, rng):
        pass
    assert twin.over
    assert (dict(deal.hands), list(deal.pile), deal.stock, len(deal.history),
            deal.phase) == before


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_a_deal_rebuilt_from_a_view_and_the_true_hidden_cards_plays_on_the_same(rules):
    rng = random.Random(f"view {rules}")
    for _ in range(40):
        deal = new_deal(rng, rules)
        for _ in play_randomly(deal, rng, stop=0.04):
            pass
        if deal.over:
            continue
        player = rng.choice(deal.players)
        view = view_of(deal, player)
        rebuilt = Deal.from_view(view, mask_cards(deal.hands[view.opponent]), deal.stock)
        assert view_of(rebuilt, player) == view
        assert view_of(rebuilt, view.opponent).hand == view_of(deal, view.opponent).hand
        seed = rng.random()
        ends = []
        for state in (deal, rebuilt):
            moves = random.Random(seed)
            while not state.over:
                state.play(moves.choice(state.legal_moves()))
            ends.append((state.score, dict(state.hands), state.end_rule))
        assert ends[0] == ends[1]


def test_a_view_shows_no_hidden_card():
    """Rebuilt with any hidden cards consistent with it, a deal gives the same view."""
    rng = random.Random(11)
    checked = 0
    while checked < 60:
        deal = new_deal(rng, "standard")
        for _ in play_randomly(deal, rng, stop=0.05):
            pass
        if deal.over:
            continue
        player = rng.choice(deal.players)
        view = view_of(deal, player)
        known = set(view.opponent_known)
        hidden = [c for c in range(52) if c not in view.hand and c not in view.pile
                  and c not in known]
        rng.shuffle(hidden)
        count = view.opponent_hand_size - len(known)
        other = Deal.from_view(view, [*known, *hidden[:count]], hidden[count:])
        assert isinstance(view_of(other, player), DealView)
        assert view_of(other, player) == view
        checked += 1


def test_a_view_is_the_view_its_class_makes_from_the_same_fields():
    """``view_of`` sets a view's fields at once, past the dataclass's constructor: it sets
    every field and no other, and the view equals, hashes and prints as the constructor's."""
    from dataclasses import fields, replace

    rng = random.Random(12)
    names = {field.name for field in fields(DealView)}
    for _ in range(30):
        deal = new_deal(rng, rng.choice(PRESETS))
        for _ in play_randomly(deal, rng, stop=0.03):
            pass
        for player in deal.players:
            view = view_of(deal, player)
            assert set(vars(view)) == names
            made = DealView(**{name: getattr(view, name) for name in names})
            assert made == view and hash(made) == hash(view) and repr(made) == repr(view)
            assert replace(view, stock_count=view.stock_count) == view
            with pytest.raises(AttributeError):
                view.stock_count = 0


def test_r4_5_another_players_stock_draw_is_hidden_in_a_view():
    rng = random.Random(4)
    deal = new_deal(rng, "standard")
    deal.play(Pass("ann"))
    deal.play(Pass("bob"))
    record = deal.play(Draw("ann", "stock"))
    assert record.card is not None
    assert view_of(deal, "bob").history[-1].card is None
    assert view_of(deal, "bob").history[-1].move == Draw("ann", "stock")
    assert view_of(deal, "ann").history[-1].card == record.card


def test_a_replayed_log_in_progress_hands_over_its_live_deal():
    """``replay(log).deals`` is the engine's state where the log stops: its legal moves are
    the ``next`` a client is shown, and a move played on it is what the log would accept."""
    from ginrules.rules.usecases.replay import replay
    from testkit.generator import random_game

    rng = random.Random(9)
    for seed in range(30):
        log = random_game(seed, rng.choice(["standard", "openspiel", "oklahoma"]))
        r = rng.randrange(len(log["rounds"]))
        actions = log["rounds"][r]["actions"]
        cut = rng.randrange(len(actions))
        prefix = {**log, "rounds": log["rounds"][:r] + [{**log["rounds"][r],
                                                         "actions": actions[:cut]}]}
        result = replay(prefix)
        assert result.valid
        (deal,) = result.deals
        if deal.phase is Phase.LAY_DOWN:
            continue
        assert result.next.moves == deal.legal_moves()
        move = rng.choice(deal.legal_moves())
        if deal.stock is None and move == Draw(deal.turn, "stock"):
            continue  # without a stock in the log, the stock card is the client's to name
        deal.play(move)  # the replay's own deal is not shared with the next replay
        assert replay(prefix).next.moves == result.next.moves


def test_r1_4_moves_and_records_print_as_the_constructor_calls_that_make_them():
    from ginrules.rules.base.melds import Meld
    from ginrules.rules.hands.layoffs import Layoff
    from ginrules.rules.table.moves import Record

    names = {"Pass": Pass, "Draw": Draw, "Discard": Discard, "Knock": Knock,
             "LayDown": LayDown, "Record": Record, "Meld": Meld, "Layoff": Layoff}
    rng = random.Random(3)
    seen = 0
    for rules in PRESETS:
        for deal in play_randomly(new_deal(rng, rules), rng):
            for record in deal.history:
                text = repr(record)
                assert "card=" not in text and eval(text, names) == record, text
                seen += 1
            for move in deal.legal_moves():
                assert eval(repr(move), names) == move
    assert seen > 1000
    assert repr(Discard("ann", "KD")) == "Discard('ann', 'KD')"
    assert Discard("ann", "kd") == Discard("ann", 38) and Draw("ann", "discard", "10h").card == 22
    knock = Knock("ann", "7S", (Meld.of("AS 2S 3S"),))
    assert eval(repr(knock), names) == knock
    lay_down = LayDown("bob", (), (Layoff(4, 0),))
    assert repr(lay_down) == "LayDown('bob', (), (Layoff('5S', 0),))"
    assert eval(repr(lay_down), names) == lay_down
