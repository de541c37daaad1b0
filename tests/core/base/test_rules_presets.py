"""The rules object and its presets (R-10)."""

from __future__ import annotations

import pytest

from ginrules.rules import OPTION_NAMES, PRESETS, InvalidRulesError, Rules, resolve_rules
from ginrules.rules.base.options import get_preset

# docs/rules.md section 10, column by column.
TABLE = {
    #              knock gin und tie  big   box bonus shutout           target
    "standard":    (10, 25, 10, True, None, 0, 0, "none", 100),
    "modern":      (10, 25, 25, True, None, 20, 100, "game_bonus_200", 100),
    "classic":     (10, 20, 10, True, None, 20, 100, "game_bonus_200", 100),
    "oklahoma":    (10, 25, 10, True, None, 0, 0, "none", 150),
    "hollywood":   (10, 25, 10, True, None, 0, 0, "none", 100),
    "box":         (10, 25, 10, True, None, 0, 0, "none", 100),
    "cutthroat":   (10, 25, 10, True, None, 0, 0, "none", 100),
    "partnership": (10, 25, 10, True, None, 0, 0, "none", 125),
    "straight":    (0, 25, 10, True, None, 0, 0, "none", 100),
    "openspiel":   (10, 25, 25, False, None, 0, 0, "none", 100),
    "eaai":        (10, 25, 25, True, None, 0, 0, "none", 100),
}
# The columns every preset shares, and the presets that differ (docs/rules.md section 10).
COMMON = {"taken_card_discard": "forbid", "oklahoma_ace": "gin", "oklahoma_spade_double": True,
          "wall": "draw", "upcard_draw_limit": None, "round_the_corner": False,
          "ace_deadwood_value": 1, "scoreless_tie_winner": "none", "box_bonus_timing": "end",
          "dealer_rotation": "winner"}
DIFFERENT = {"openspiel": {"taken_card_discard": "allow", "wall": "last_discard",
                           "upcard_draw_limit": 50},
             "eaai": {"dealer_rotation": "alternate"}}
COLUMNS = ("knock_limit", "gin_bonus", "undercut_bonus", "undercut_on_tie", "big_gin_bonus",
           "box_bonus", "game_bonus", "shutout", "game_target")


@pytest.mark.parametrize("name", list(TABLE))
def test_r10_every_preset_has_the_values_of_the_table(name):
    preset = get_preset(name)
    assert tuple(getattr(preset, column) for column in COLUMNS) == TABLE[name]
    assert preset.preset == name
    shared = {**COMMON, **DIFFERENT.get(name, {})}
    assert {option: getattr(preset, option) for option in shared} == shared
    assert preset.oklahoma == (name == "oklahoma")


def test_r10_the_presets_are_exactly_those_of_the_table():
    assert set(PRESETS) == set(TABLE)


def test_r10_variants_of_the_multiplayer_presets():
    assert {n: p.variant for n, p in PRESETS.items() if p.variant != "two_player"} == {
        "hollywood": "hollywood", "box": "box", "cutthroat": "cutthroat",
        "partnership": "partnership"}


def test_r10_overrides_apply_to_the_named_preset():
    rules = resolve_rules({"preset": "modern", "gin_bonus": 20, "big_gin_bonus": 31})
    assert (rules.preset, rules.gin_bonus, rules.big_gin_bonus, rules.undercut_bonus) == (
        "modern", 20, 31, 25)


def test_r10_no_rules_means_standard():
    assert resolve_rules(None) == PRESETS["standard"] == Rules()
    assert resolve_rules({}) == PRESETS["standard"]


@pytest.mark.parametrize(
    "spec, codes",
    [
        ("Standard", ["unknown_preset"]),
        ({"preset": 3}, ["unknown_preset"]),
        ({"knock_limit": 101}, ["invalid_option_value"]),
        ({"knock_limit": False}, ["invalid_option_value"]),
        ({"gin_bonus": -1}, ["invalid_option_value"]),
        ({"big_gin_bonus": "none"}, ["invalid_option_value"]),
        ({"game_target": 0}, ["invalid_option_value"]),
        ({"taken_card_discard": "maybe"}, ["invalid_option_value"]),
        ({"oklahoma_ace": 1}, ["invalid_option_value"]),
        ({"wall": "pass"}, ["invalid_option_value"]),
        ({"upcard_draw_limit": 0}, ["invalid_option_value"]),
        ({"ace_deadwood_value": 16}, ["invalid_option_value"]),
        ({"ace_deadwood_value": 0}, ["invalid_option_value"]),
        ({"scoreless_tie_winner": "defender"}, ["invalid_option_value"]),
        ({"box_bonus_timing": "later"}, ["invalid_option_value"]),
        ({"dealer_rotation": "loser"}, ["invalid_option_value"]),
        ({"shutout": "triple"}, ["invalid_option_value"]),
        ({"variant": "box"}, ["invalid_option_value"]),  # the preset says the variant
        ({"knock": 5, "gin_bonus": "x"}, ["unknown_option", "invalid_option_value"]),
        (42, ["invalid_rules"]),
    ],
)
def test_r10_invalid_rules_are_errors_never_defaults(spec, codes):
    with pytest.raises(InvalidRulesError) as raised:
        resolve_rules(spec)
    assert [p.code for p in raised.value.problems] == codes


def test_r10_every_option_is_range_checked_and_overridable():
    for name in OPTION_NAMES:
        value = getattr(Rules(), name)
        assert getattr(resolve_rules({name: value}), name) == value


@pytest.mark.parametrize(
    "upcard, ace, limit",
    [(4, "gin", 5), (10, "gin", 10), (11, "gin", 10), (12, "gin", 10), (0, "gin", 0),
     (0, "one", 1)],
)
def test_r5_6_oklahoma_knock_limit_from_the_upcard(upcard, ace, limit):
    # upcard given as a spade card number: 0 = AS, 4 = 5S, 10 = JS, 11 = QS, 12 = KS.
    rules = resolve_rules({"preset": "oklahoma", "oklahoma_ace": ace})
    assert rules.knock_limit_for(upcard) == limit


@pytest.mark.parametrize("upcard, knock_limit, limit",
                         [(9, 5, 5), (3, 5, 4), (12, 0, 0), (0, 5, 0)])
def test_r5_6_oklahoma_limit_is_the_lower_of_the_upcard_and_knock_limit(upcard, knock_limit, limit):
    rules = resolve_rules({"preset": "oklahoma", "knock_limit": knock_limit})
    assert rules.knock_limit_for(upcard) == limit


def test_r5_6_spade_upcard_doubles_only_under_oklahoma_with_the_option():
    assert PRESETS["oklahoma"].doubles_round(5) is True  # 6S
    assert PRESETS["oklahoma"].doubles_round(13 + 5) is False  # 6H
    no_double = resolve_rules({"preset": "oklahoma", "oklahoma_spade_double": False})
    assert no_double.doubles_round(5) is False
    assert PRESETS["standard"].doubles_round(5) is False


@pytest.mark.parametrize("name", list(PRESETS))
def test_r10_the_rules_a_reply_names_read_back_as_the_same_rules(name):
    # Every reply names its rules with the preset's variant: sent back, they are the same rules.
    import dataclasses

    rules = dataclasses.replace(PRESETS[name], knock_limit=7)
    assert resolve_rules(dataclasses.asdict(rules)) == rules


def test_r10_a_variant_other_than_the_presets_is_an_error():
    with pytest.raises(InvalidRulesError) as raised:
        resolve_rules({"preset": "standard", "variant": "hollywood"})
    (problem,) = raised.value.problems
    assert (problem.path, problem.code, problem.rule) == (("variant",), "invalid_option_value",
                                                           "R-10")
    assert problem.detail == ("variant follows the preset, 'two_player' for 'standard', got "
                              "'hollywood'")
