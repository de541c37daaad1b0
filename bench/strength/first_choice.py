"""How often the hint's first choice changed when the order became the values' (tiers).

Before, the heuristic's first option was displaced only by the contender (of the best three)
with the largest paired gain over it above two standard errors, with at least 8 playouts;
now the options are ranked by value in tiers (estimates.order_by_value).  Both rules are
applied to the same playouts of every decision of the advisor in self-play, so the count is
exact for those decisions::

    python bench/strength/first_choice.py --games 12 --seed 3 --rules eaai
"""

from __future__ import annotations

import argparse

from ginrules.rules.players import hints
from ginrules.rules.players.playouts import CONTENDERS


def rule_before(scored, played):
    """The first option under the rule before the tiers."""
    first = played[0]
    best_index, best_gain = 0, 0.0
    for index in range(1, min(CONTENDERS, len(scored))):
        diffs = [b.points - a.points for a, b in zip(first, played[index])]
        n = len(diffs)
        if n == 0:
            continue
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        if n >= 8 and mean > 2 * (var / n) ** 0.5 and mean > best_gain:
            best_index, best_gain = index, mean
    return scored[best_index].move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rules", default="eaai")
    args = parser.parse_args()
    ranked = hints.ranked_options
    counts = {"decisions with a choice": 0, "first choice changed": 0}

    def both(scored, played, model, family):
        options = ranked(scored, played, model, family)
        if len(scored) > 1:
            counts["decisions with a choice"] += 1
            counts["first choice changed"] += options[0].move != rule_before(scored, played)
        return options

    hints.ranked_options = both  # the advisor looks it up at each hint
    from ginrules.cli import main as cli

    cli(["selfplay", "--bots", "advisor,simple", "--games", str(args.games), "--rules",
         args.rules, "--seed", str(args.seed), "--jobs", "1"])
    print(", ".join(f"{name}: {count}" for name, count in counts.items()))


if __name__ == "__main__":
    main()
