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
from .hands.scoring import DealFacts, DealScore, price, score_deal
from .base.options import OPTION_NAMES, PRESETS, Rules, get_preset, resolve_rules

# The names before the glossary (docs/architecture.md): a settled knock is a deal's score.
# Kept so that code written against them runs; they go in a later major version.
score_round = score_deal
RoundScore = DealScore
RoundFacts = DealFacts

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
    "DealFacts",
    "DealScore",
    "Rules",
    "RulesError",
    "score_deal",
    "score_round",
    "RoundScore",
    "RoundFacts",
    "Solution",
    "solve",
    "solve_hand",
]
