"""The rules object and its presets (R-10).

A :class:`Rules` value is frozen: every option of docs/rules.md with the value a preset gives it,
possibly overridden.  :func:`resolve_rules` turns what a client sends (a preset name, or a
mapping ``{"preset": name, option: value, ...}``, or a ``Rules``) into a ``Rules`` and rejects
any unknown preset or option and any value out of range: nothing is silently replaced.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Final, Literal

from .cards import CARD_RANKS, CARD_SUITS, RANK_VALUES, card_values
from ..errors import InvalidRulesError, Problem, did_you_mean

_VALUES_BY_ACE: Final = tuple(card_values(ace) for ace in range(16))
"""``card_values`` of every ace value the option takes (R-2.7), read by index: a property the
playouts read at every move."""

VariantName = Literal["two_player", "hollywood", "box", "cutthroat", "partnership"]
"""The variants by name; each has its bookkeeping (match/variants.py, ``VARIANTS``)."""

DEFAULT_PRESET = "standard"


@dataclass(frozen=True)
class Rules:
    """Every option of docs/rules.md; ``preset`` and ``variant`` say which game the options
    belong to."""

    preset: str = DEFAULT_PRESET
    variant: VariantName = "two_player"
    knock_limit: int = 10
    gin_bonus: int = 25
    undercut_bonus: int = 10
    undercut_on_tie: bool = True
    big_gin_bonus: int | None = None
    taken_card_discard: Literal["forbid", "allow"] = "forbid"
    oklahoma: bool = False
    oklahoma_ace: Literal["gin", "one"] = "gin"
    oklahoma_spade_double: bool = True
    box_bonus: int = 0
    game_bonus: int = 0
    shutout: Literal["none", "game_bonus_200", "double", "double_total"] = "none"
    game_target: int = 100
    wall: Literal["draw", "last_discard"] = "draw"
    upcard_draw_limit: int | None = None
    repeated_return_draw: bool = False
    round_the_corner: bool = False
    ace_deadwood_value: int = 1
    scoreless_tie_winner: Literal["none", "knocker"] = "none"
    box_bonus_timing: Literal["end", "immediate"] = "end"
    dealer_rotation: Literal["winner", "alternate"] = "winner"

    def __reduce__(self) -> tuple[type["Rules"], tuple[Any, ...]]:
        """Pickled as the call that makes it (to worker processes): a compiled frozen class
        cannot be restored field by field."""
        return Rules, tuple([getattr(self, field.name) for field in fields(self)])

    def knock_limit_for(self, upcard: int | None) -> int | None:
        """The round's knock limit (R-5.1): under Oklahoma the lower of the first upcard's value
        and ``knock_limit`` (R-5.6).

        ``None`` under Oklahoma when the upcard is not known.
        """
        if not self.oklahoma:
            return self.knock_limit
        if upcard is None:
            return None
        rank = CARD_RANKS[upcard]
        if rank == 1:
            return min(0 if self.oklahoma_ace == "gin" else 1, self.knock_limit)
        return min(RANK_VALUES[rank], self.knock_limit)

    @property
    def card_values(self) -> tuple[int, ...]:
        """Every card's deadwood value under these rules, by card number (R-1.3, R-2.7)."""
        ace = self.ace_deadwood_value
        return _VALUES_BY_ACE[ace] if 0 <= ace < len(_VALUES_BY_ACE) else card_values(ace)

    def doubles_round(self, upcard: int | None) -> bool:
        """Whether an Oklahoma round's points are doubled by a spade upcard (R-5.6, R-7.4)."""
        return (
            self.oklahoma
            and self.oklahoma_spade_double
            and upcard is not None
            and CARD_SUITS[upcard] == 0
        )

    def options(self) -> dict[str, Any]:
        """The option values by name (everything but ``preset`` and ``variant``)."""
        return {name: getattr(self, name) for name in OPTION_NAMES}


OPTION_NAMES: tuple[str, ...] = tuple(
    f.name for f in fields(Rules) if f.name not in ("preset", "variant")
)

PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "modern": Rules(
        preset="modern", undercut_bonus=25, box_bonus=20, game_bonus=100,
        shutout="game_bonus_200",
    ),
    "classic": Rules(
        preset="classic", gin_bonus=20, box_bonus=20, game_bonus=100, shutout="game_bonus_200",
    ),
    "oklahoma": Rules(preset="oklahoma", oklahoma=True, game_target=150),
    "hollywood": Rules(preset="hollywood", variant="hollywood"),
    "box": Rules(preset="box", variant="box"),
    "cutthroat": Rules(preset="cutthroat", variant="cutthroat"),
    "partnership": Rules(preset="partnership", variant="partnership", game_target=125),
    "straight": Rules(preset="straight", knock_limit=0),
    "openspiel": Rules(
        preset="openspiel", undercut_bonus=25, undercut_on_tie=False, taken_card_discard="allow",
        wall="last_discard", upcard_draw_limit=50, repeated_return_draw=True,
    ),
    # The EAAI-2021 Gin Rummy AI challenge: undercut bonus 25, no big gin and no box, game or
    # shutout bonus (the defaults), a wall that ends the round as a draw, and the deal
    # alternating after every scored round.
    "eaai": Rules(preset="eaai", undercut_bonus=25, dealer_rotation="alternate"),
}
"""The presets of R-10, by name."""


def _non_negative_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


_RANGES: dict[str, tuple[str, Any]] = {
    "knock_limit": (
        "an integer from 0 to 100",
        lambda v: _non_negative_int(v) and v <= 100,
    ),
    "gin_bonus": ("an integer >= 0", _non_negative_int),
    "undercut_bonus": ("an integer >= 0", _non_negative_int),
    "undercut_on_tie": ("true or false", lambda v: isinstance(v, bool)),
    "big_gin_bonus": ("null (no big gin) or an integer >= 0",
                      lambda v: v is None or _non_negative_int(v)),
    "taken_card_discard": ('"forbid" or "allow"', lambda v: v in ("forbid", "allow")),
    "oklahoma": ("true or false", lambda v: isinstance(v, bool)),
    "oklahoma_ace": ('"gin" or "one"', lambda v: v in ("gin", "one")),
    "oklahoma_spade_double": ("true or false", lambda v: isinstance(v, bool)),
    "box_bonus": ("an integer >= 0", _non_negative_int),
    "game_bonus": ("an integer >= 0", _non_negative_int),
    "shutout": ('"none", "game_bonus_200", "double" or "double_total"',
                lambda v: v in ("none", "game_bonus_200", "double", "double_total")),
    "game_target": ("an integer >= 1", lambda v: _non_negative_int(v) and v >= 1),
    "wall": ('"draw" or "last_discard"', lambda v: v in ("draw", "last_discard")),
    "upcard_draw_limit": ("null (no limit) or an integer >= 1",
                          lambda v: v is None or (_non_negative_int(v) and v >= 1)),
    "repeated_return_draw": ("true or false", lambda v: isinstance(v, bool)),
    "round_the_corner": ("true or false", lambda v: isinstance(v, bool)),
    "ace_deadwood_value": ("an integer from 1 to 15",
                           lambda v: _non_negative_int(v) and 1 <= v <= 15),
    "scoreless_tie_winner": ('"none" or "knocker"', lambda v: v in ("none", "knocker")),
    "box_bonus_timing": ('"end" or "immediate"', lambda v: v in ("end", "immediate")),
    "dealer_rotation": ('"winner" or "alternate"', lambda v: v in ("winner", "alternate")),
}
assert set(_RANGES) == set(OPTION_NAMES)

OPTION_RANGES: dict[str, str] = {name: text for name, (text, _) in _RANGES.items()}
"""A human description of each option's allowed values (R-10)."""


def _shown(value: Any) -> str:
    """A client's value for an error message, cut short when long: a name quoted, any other
    value as the JSON it came as (``true``, ``null``, ``[1, 2]``), not as Python writes it."""
    text = repr(value) if isinstance(value, str) else json.dumps(value, default=repr)
    return text if len(text) <= 40 else text[:37] + "..."


def get_preset(name: str) -> Rules:
    """The preset of that name (R-10); :class:`InvalidRulesError` naming the presets if none."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        detail = (f"unknown preset {_shown(name)}{did_you_mean(name, PRESETS)}; presets are "
                  f"{', '.join(PRESETS)}")
        problem = Problem((), "unknown_preset", detail, "R-10")
        raise InvalidRulesError(problem.detail, [problem]) from None


def resolve_rules(spec: Rules | str | Mapping[str, Any] | None) -> Rules:
    """The ``Rules`` a client means: a preset name, ``{"preset": ..., option: value}``, or None.

    Every fault is reported at once; problem paths are relative to the rules value.
    """
    if spec is None:
        return PRESETS[DEFAULT_PRESET]
    if isinstance(spec, Rules):
        return spec
    if isinstance(spec, str):
        return get_preset(spec)
    if not isinstance(spec, Mapping):
        problem = Problem((), "invalid_rules",
                          "rules are a preset name or an object {\"preset\": name, option: value}",
                          "R-10")
        raise InvalidRulesError(problem.detail, [problem])
    problems: list[Problem] = []
    preset_name = spec.get("preset", DEFAULT_PRESET)
    base = PRESETS.get(preset_name) if isinstance(preset_name, str) else None
    if base is None:
        problems.append(Problem(("preset",), "unknown_preset",
                                f"unknown preset {_shown(preset_name)}"
                                f"{did_you_mean(preset_name, PRESETS)}; presets are "
                                f"{', '.join(PRESETS)}", "R-10"))
        base = PRESETS[DEFAULT_PRESET]
    overrides: dict[str, Any] = {}
    for name, value in spec.items():
        if name == "preset":
            continue
        if name == "variant":
            # Not an option but every reply's rules name it: sent back, it must be the preset's.
            if value != base.variant:
                problems.append(Problem(("variant",), "invalid_option_value",
                                        f"variant follows the preset, {base.variant!r} for "
                                        f"{base.preset!r}, got {_shown(value)}", "R-10"))
            continue
        if name not in _RANGES:
            problems.append(Problem((name,), "unknown_option",
                                    f"unknown option {_shown(name)}"
                                    f"{did_you_mean(name, OPTION_NAMES)}; options are "
                                    f"{', '.join(OPTION_NAMES)}", "R-10"))
            continue
        text, accepts = _RANGES[name]
        if not accepts(value):
            problems.append(Problem((name,), "invalid_option_value",
                                    f"{name} must be {text}, got {_shown(value)}", "R-10"))
            continue
        overrides[name] = value
    if problems:
        raise InvalidRulesError("; ".join(p.detail for p in problems), problems)
    return replace(base, **overrides)
