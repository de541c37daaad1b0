"""``POST /v1/hints``: numbers that agree with the order, over many positions.

Positions come from the testkit's seeded games of several presets, cut at a random action of
their last round; every reply goes through the contract-checking client.  No reply ranks an
option with numbers below another valued less by more than twice their combined standard error
(the reply's own numbers); an option without numbers says why and comes last.
"""

from __future__ import annotations

import math
import random

from testkit.generator import random_game

PRESETS = ["standard", "oklahoma", "straight", "eaai", "modern"]


def positions(client, count: int, seed: int) -> list[tuple[dict, str]]:
    """Logs in progress at a decision of the player to move (not a lay_down)."""
    rng = random.Random(seed)
    found: list[tuple[dict, str]] = []
    game = 0
    while len(found) < count:
        game += 1
        log = random_game(seed * 1000 + game, PRESETS[game % len(PRESETS)],
                          max_rounds=rng.randint(1, 2))
        table = log["rounds"][-1]
        table["actions"] = table["actions"][: rng.randrange(len(table["actions"]) + 1)]
        reply = client.post("/v1/games/replay", json=log).get_json()
        move = reply.get("next")
        if reply["valid"] and move is not None and move["phase"] not in ("deal", "lay_down"):
            found.append((log, move["player"]))
    return found


def test_no_hint_reply_values_a_lower_ranked_option_clearly_above_a_higher_one(client):
    pairs = tiers_split = withheld = 0
    for index, (log, player) in enumerate(positions(client, 40, seed=41)):
        # At 20 ms a race's first round gives a discard's options fewer playouts than numbers
        # need (playouts.RACE), so some are withheld; at 100 and 400 ms all start with enough.
        budget = (400, 100, 20, 100)[index % 4]
        reply = client.post("/v1/hints", json={"log": log, "player": player, "seed": index,
                                                "budget_ms": budget}).get_json()
        options = reply["options"]
        shown = [o for o in options if o["expected_points"] is not None]
        assert options[:len(shown)] == shown  # the options without numbers come last
        for option in options[len(shown):]:
            assert option["numbers_withheld"] and option["tier"] is None
            assert option["win_chance"] is None and option["expected_points_std_error"] is None
            withheld += 1
        for high_index, high in enumerate(shown):
            for low in shown[high_index + 1:]:
                combined = math.hypot(high["expected_points_std_error"],
                                      low["expected_points_std_error"])
                # 0.02: the reply rounds values and errors to hundredths.
                assert low["expected_points"] - high["expected_points"] <= 2 * combined + 0.02, \
                    (index, high, low)
                assert low["tier"] >= high["tier"]
                pairs += 1
        tiers_split += len({o["tier"] for o in shown}) > 1
    assert pairs >= 40 and tiers_split >= 3 and withheld >= 20
