"""The pure rules core of ginrules: standard library only, no HTTP, no JSON.

    >>> from service.rules import analyze
    >>> analyze("7S 8S 9S 7H 7D KC KD 2H 3C 4C").deadwood_count
    43
"""

from .analysis import (
    HAND_SIZES,
    ArrangementChoice,
    HandAnalysis,
    analyze,
    analyze_mask,
    effective_knock_limit,
)
from .cards import (
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
from .melds import Arrangement, Meld
from .solver import (
    DiscardOption,
    Solution,
    best_arrangement,
    cache_info,
    min_deadwood,
    optimal_arrangements,
    solve,
    solve_hand,
)
from .variants import OPTION_NAMES, PRESETS, Rules, get_preset, resolve_rules

__all__ = [
    "HAND_SIZES", "ArrangementChoice", "HandAnalysis", "analyze", "analyze_mask", "effective_knock_limit",
    "Card", "card_name", "cards_mask", "hand_names", "mask_cards", "parse_card", "parse_hand", "parse_hand_mask",
    "InvalidCardError", "InvalidHandError", "InvalidMeldError", "InvalidRulesError", "Problem",
    "RulesError", "Arrangement", "Meld", "DiscardOption", "Solution", "solve", "solve_hand", "best_arrangement", "cache_info",
    "min_deadwood", "optimal_arrangements", "OPTION_NAMES", "PRESETS", "Rules", "get_preset",
    "resolve_rules",
]
