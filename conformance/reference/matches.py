"""A game's bookkeeping from its rounds' results (R-3.2, R-8, R-9): who wins, the totals,
who deals next, for the two-player game and its variants.

The question lists each round's result, ``{"winner": name or null, "points": n}`` (for
partnership ``{"tables": [result, result]}``), and what the variant needs: the first dealer
(``dealer``), the box's first roles (``roles``), the teams (``teams``).
"""

from __future__ import annotations

from typing import Any

from .play import final_totals, next_dealer


class MatchRefused(Exception):
    """Results that break a rule: the rules and where."""

    def __init__(self, rules: list[str], at: list[str]) -> None:
        super().__init__(f"{rules} at {at}")
        self.rules, self.at = rules, at


def _game_over(index: int) -> MatchRefused:
    return MatchRefused(["R-8.1"], [f"/rounds/{index}"])


def two_player(options: dict, question: dict) -> dict:
    """R-8, R-3.2 and R-3.3: totals to the target, the end-of-game bonuses, the next dealer."""
    players = question["players"]
    round_points = {p: 0 for p in players}
    wins = {p: 0 for p in players}
    immediate = options["box_bonus_timing"] == "immediate"
    dealer = question.get("dealer")
    winner = None
    rounds = []
    for index, result in enumerate(question["rounds"]):
        if winner is not None:
            raise _game_over(index)
        won = result.get("winner")
        if won is not None:
            if won not in players:
                raise MatchRefused(["R-8.1"], [f"/rounds/{index}/winner"])
            round_points[won] += result.get("points", 0)
            wins[won] += 1
            dealer = next_dealer(options, players, dealer, won)
        totals = {p: round_points[p] + (wins[p] * options["box_bonus"] if immediate else 0)
                  for p in players}
        rounds.append({"totals": totals})
        leaders = [p for p in players if totals[p] >= options["game_target"]]
        if leaders:
            winner = max(leaders, key=lambda p: totals[p])
    answer: dict[str, Any] = {"rounds": rounds, "complete": winner is not None, "winner": winner}
    if winner is not None:
        answer["totals"], answer["bonuses"] = final_totals(players, round_points, wins, winner,
                                                           options)
    else:
        answer["totals"] = rounds[-1]["totals"] if rounds else {p: 0 for p in players}
        answer["next_dealer"] = dealer
    return answer


def hollywood(options: dict, question: dict) -> dict:
    """R-9.1: three games at once, each win credited to the open games it reaches."""
    players = question["players"]
    target = options["game_target"]
    games = [{"totals": {p: 0 for p in players}, "winner": None, "closed": False}
             for _ in range(3)]
    wins = {p: 0 for p in players}
    dealer = question.get("dealer")
    rounds = []
    for index, result in enumerate(question["rounds"]):
        if games[2]["closed"]:
            raise _game_over(index)
        won = result.get("winner")
        credited: list[int] = []
        if won is not None:
            wins[won] += 1
            shut_out = sum(1 for g in games if g["closed"] and g["totals"][won] == 0)
            reach = min(wins[won] + shut_out, 3)
            credited = [g for g in range(reach) if not games[g]["closed"]]
            for g in credited:
                games[g]["totals"][won] += result.get("points", 0)
                if games[g]["totals"][won] >= target:
                    games[g]["closed"], games[g]["winner"] = True, won
            dealer = next_dealer(options, players, dealer, won)
        rounds.append({"credited": credited,
                       "totals": {"games": [dict(g, totals=dict(g["totals"])) for g in games]}})
    complete = games[2]["closed"]
    series = None
    if complete:
        counts = {p: sum(1 for g in games if g["winner"] == p) for p in players}
        series = max(players, key=lambda p: counts[p])
    answer: dict[str, Any] = {"rounds": rounds, "totals": {"games": games}, "complete": complete,
                              "winner": series}
    if not complete:
        answer["next_dealer"] = dealer
    return answer


def box(options: dict, question: dict) -> dict:
    """R-9.2: the box deals and plays the captain; a losing box sits out next."""
    players = question["players"]
    roles = dict(question["roles"])
    totals = {p: 0 for p in players}
    winner = None
    rounds = []
    for index, result in enumerate(question["rounds"]):
        if winner is not None:
            raise _game_over(index)
        won = result.get("winner")
        played = dict(roles)
        if won is not None:
            if won not in (roles["box"], roles["captain"]):
                raise MatchRefused(["R-9.2"], [f"/rounds/{index}/winner"])
            totals[won] += result.get("points", 0)
            if won == roles["box"]:
                roles = {"box": won, "captain": roles["sitter"], "sitter": roles["captain"]}
            else:
                roles = {"box": roles["captain"], "captain": roles["sitter"],
                         "sitter": roles["box"]}
        rounds.append({"roles": played, "totals": dict(totals)})
        leaders = [p for p in players if totals[p] >= options["game_target"]]
        if leaders:
            winner = max(leaders, key=lambda p: totals[p])
    answer: dict[str, Any] = {"rounds": rounds, "totals": totals, "complete": winner is not None,
                              "winner": winner}
    if winner is None:
        answer["next_dealer"] = roles["box"]
    return answer


def cutthroat(options: dict, question: dict) -> dict:
    """R-9.3: the dealer sits out; the loser deals next; after a draw the same dealer."""
    players = question["players"]
    dealer = question.get("dealer")
    totals = {p: 0 for p in players}
    winner = None
    rounds = []
    for index, result in enumerate(question["rounds"]):
        if winner is not None:
            raise _game_over(index)
        won = result.get("winner")
        if won is not None:
            if won == dealer or won not in players:
                raise MatchRefused(["R-9.3"], [f"/rounds/{index}/winner"])
            totals[won] += result.get("points", 0)
            dealer = next(p for p in players if p not in (won, dealer))
        rounds.append({"totals": dict(totals)})
        leaders = [p for p in players if totals[p] >= options["game_target"]]
        if leaders:
            winner = max(leaders, key=lambda p: totals[p])
    answer: dict[str, Any] = {"rounds": rounds, "totals": totals, "complete": winner is not None,
                              "winner": winner}
    if winner is None:
        answer["next_dealer"] = dealer
    return answer


def partnership(options: dict, question: dict) -> dict:
    """R-9.4: two tables a round; the net result goes to one team."""
    teams = question["teams"]
    names = ["+".join(team) for team in teams]
    team_of = {player: names[i] for i, team in enumerate(teams) for player in team}
    totals = {name: 0 for name in names}
    winner = None
    rounds = []
    for index, round_ in enumerate(question["rounds"]):
        if winner is not None:
            raise _game_over(index)
        score = {name: 0 for name in names}
        for table in round_["tables"]:
            if table.get("winner") is not None:
                score[team_of[table["winner"]]] += table.get("points", 0)
        first, second = names
        net = score[first] - score[second]
        result = {"winner": None if net == 0 else first if net > 0 else second,
                  "points": abs(net)}
        if result["winner"] is not None:
            totals[result["winner"]] += abs(net)
        rounds.append({"result": result, "totals": dict(totals)})
        leaders = [n for n in names if totals[n] >= options["game_target"]]
        if leaders:
            winner = max(leaders, key=lambda n: totals[n])
    answer: dict[str, Any] = {"rounds": rounds, "totals": totals, "complete": winner is not None,
                              "winner": winner}
    if winner is None:
        answer["next_dealer"] = None
    return answer


VARIANTS = {"two_player": two_player, "hollywood": hollywood, "box": box,
            "cutthroat": cutthroat, "partnership": partnership}


def answer(options: dict, question: dict) -> dict:
    """A game's bookkeeping from its rounds' results."""
    return VARIANTS[question.get("variant", "two_player")](options, question)
