"""The pure rules core of ginrules: standard library only, no HTTP, no JSON.

    >>> from ginrules.rules import analyze
    >>> analyze("7S 8S 9S 7H 7D KC KD 2H 3C 4C").deadwood_count
    43
"""

from .hands.analysis import (
    ArrangementChoice,
    HandAnalysis,
    analyze,
    analyze_mask,
    effective_knock_limit,
    hand_melds,
)
from .base.cards import (
    Card,
    card_name,
    cards_mask,
    hand_names,
    mask_cards,
    parse_card,
    parse_hand,
    parse_hand_mask,
)
from .errors import (
    InvalidCardError,
    InvalidHandError,
    InvalidMeldError,
    InvalidRulesError,
    Problem,
    RulesError,
)
from .base.melds import Arrangement, Meld
from .base.sizes import HAND_SIZES
from .hands.solver import (
    DiscardOption,
    Solution,
    best_arrangement,
    cache_info,
    min_deadwood,
    optimal_arrangements,
    solve,
    solve_hand,
)
from .usecases.replay import Replay, replay
from .hands.scoring import RoundFacts, RoundScore, price, score_round
from .base.options import OPTION_NAMES, PRESETS, Rules, get_preset, resolve_rules

__all__ = [
    "analyze",
    "analyze_mask",
    "Arrangement",
    "ArrangementChoice",
    "best_arrangement",
    "cache_info",
    "Card",
    "card_name",
    "cards_mask",
    "DiscardOption",
    "effective_knock_limit",
    "get_preset",
    "hand_names",
    "HAND_SIZES",
    "hand_melds",
    "HandAnalysis",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidRulesError",
    "mask_cards",
    "Meld",
    "min_deadwood",
    "optimal_arrangements",
    "OPTION_NAMES",
    "parse_card",
    "parse_hand",
    "parse_hand_mask",
    "PRESETS",
    "price",
    "Problem",
    "Replay",
    "replay",
    "resolve_rules",
    "RoundFacts",
    "RoundScore",
    "Rules",
    "RulesError",
    "score_round",
    "Solution",
    "solve",
    "solve_hand",
]
