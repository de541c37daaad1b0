"""The options, their defaults and ranges, and the presets (R-10), from docs/rules.md."""

from __future__ import annotations

from typing import Any

DEFAULTS: dict[str, Any] = {
    "knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 10, "undercut_on_tie": True,
    "big_gin_bonus": None, "taken_card_discard": "forbid", "oklahoma": False,
    "oklahoma_ace": "gin", "oklahoma_spade_double": True, "box_bonus": 0, "game_bonus": 0,
    "shutout": "none", "game_target": 100, "wall": "draw", "upcard_draw_limit": None,
    "repeated_return_draw": False, "round_the_corner": False, "ace_deadwood_value": 1,
    "scoreless_tie_winner": "none", "box_bonus_timing": "end", "dealer_rotation": "winner",
}
"""Every option with its default: the ``standard`` preset."""

PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "modern": {"undercut_bonus": 25, "box_bonus": 20, "game_bonus": 100,
               "shutout": "game_bonus_200"},
    "classic": {"gin_bonus": 20, "box_bonus": 20, "game_bonus": 100, "shutout": "game_bonus_200"},
    "oklahoma": {"oklahoma": True, "game_target": 150},
    "hollywood": {}, "box": {}, "cutthroat": {}, "partnership": {"game_target": 125},
    "straight": {"knock_limit": 0},
    "openspiel": {"undercut_bonus": 25, "undercut_on_tie": False, "taken_card_discard": "allow",
                  "wall": "last_discard", "upcard_draw_limit": 50, "repeated_return_draw": True},
    "eaai": {"undercut_bonus": 25, "dealer_rotation": "alternate"},
}
"""Each preset's options that differ from the defaults (the table of R-10)."""

VARIANTS = {"hollywood": "hollywood", "box": "box", "cutthroat": "cutthroat",
            "partnership": "partnership"}
"""The presets that are variants of the two-player game (R-9)."""


def _integer(value: Any, low: int, high: int | None = None) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool) and value >= low
            and (high is None or value <= high))


RANGES = {
    "knock_limit": lambda v: _integer(v, 0, 100),
    "gin_bonus": lambda v: _integer(v, 0), "undercut_bonus": lambda v: _integer(v, 0),
    "undercut_on_tie": lambda v: isinstance(v, bool),
    "big_gin_bonus": lambda v: v is None or _integer(v, 0),
    "taken_card_discard": lambda v: v in ("forbid", "allow"),
    "oklahoma": lambda v: isinstance(v, bool), "oklahoma_ace": lambda v: v in ("gin", "one"),
    "oklahoma_spade_double": lambda v: isinstance(v, bool),
    "box_bonus": lambda v: _integer(v, 0), "game_bonus": lambda v: _integer(v, 0),
    "shutout": lambda v: v in ("none", "game_bonus_200", "double", "double_total"),
    "game_target": lambda v: _integer(v, 1), "wall": lambda v: v in ("draw", "last_discard"),
    "upcard_draw_limit": lambda v: v is None or _integer(v, 1),
    "repeated_return_draw": lambda v: isinstance(v, bool),
    "round_the_corner": lambda v: isinstance(v, bool),
    "ace_deadwood_value": lambda v: _integer(v, 1, 15),
    "scoreless_tie_winner": lambda v: v in ("none", "knocker"),
    "box_bonus_timing": lambda v: v in ("end", "immediate"),
    "dealer_rotation": lambda v: v in ("winner", "alternate"),
}


def full_options(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every option: the defaults with the given ones over them."""
    return {**DEFAULTS, **(options or {})}


def resolve(rules: Any) -> tuple[dict[str, Any] | None, list[tuple[str, str]]]:
    """A rules value of R-10 (a preset name, or ``{"preset": name, option: value}``) as every
    option, or None with every fault as (where, code)."""
    if isinstance(rules, str):
        if rules not in PRESETS:
            return None, [("", "unknown_preset")]
        return full_options(PRESETS[rules]), []
    if not isinstance(rules, dict):
        return None, [("", "invalid_rules")]
    faults = []
    name = rules.get("preset", "standard")
    if name not in PRESETS:
        faults.append(("/preset", "unknown_preset"))
    options = full_options(PRESETS.get(name, {}))
    for key, value in rules.items():
        if key == "preset":
            continue
        if key not in RANGES:
            faults.append((f"/{key}", "unknown_option"))
        elif not RANGES[key](value):
            faults.append((f"/{key}", "invalid_option_value"))
        else:
            options[key] = value
    return (None, faults) if faults else (options, [])
