"""The Python client (ginrules.client) against the real server: every endpoint of the contract."""

from __future__ import annotations

import pytest

from ginrules.client import Client, ProblemError, Reply

from tests.conftest import SPEC

# Each operation of openapi.yaml and the client method that calls it.
METHODS = {
    "analyzeHand": "analyze", "handAnalysis": "hand_analysis", "analyzeHands": "analyze_batch",
    "listPresets": "presets", "getPreset": "preset", "checkKnock": "knock",
    "bestLayoffs": "layoffs", "scoreRound": "score_round", "replayGame": "replay",
    "scoreMatch": "score_match", "health": "health", "ready": "ready", "metrics": "metrics",
    "openapi": "contract", "docs": "docs_page", "rulesText": "rules_text",
    "rulesMarkdown": "rules_text", "gamelogText": "gamelog_text",
    "gamelogMarkdown": "gamelog_text", "importGame": "import_game", "handImage": "hand_image",
    "roundImage": "round_image", "playPage": "play_page",
    "listBots": "bots", "botMove": "bot_move", "hint": "hint", "melds": "melds",
    "deal": "deal", "guidePage": "guide_text", "guidePicture": "guide_picture",
}
HAND = "5S 6S 7S 7H 7D 7C 2H 3C 9D KD".split()


def test_every_operation_of_the_contract_has_a_client_method():
    operations = {op["operationId"] for path in SPEC["paths"].values()
                  for method, op in path.items() if isinstance(op, dict) and "operationId" in op}
    assert operations == set(METHODS)
    assert all(callable(getattr(Client, name, None)) for name in METHODS.values())


@pytest.mark.server
def test_the_cacheable_analysis_returns_an_etag_and_none_when_unchanged(server):
    api = Client(server)
    rules = {"preset": "modern", "knock_limit": 5, "big_gin_bonus": None, "oklahoma": False}
    first = api.hand_analysis(HAND, rules)
    assert isinstance(first, Reply) and first.deadwood_count == 24
    assert first.rules.knock_limit == 5 and first.can_knock is False  # 24 > 5
    assert first.etag and first.etag.startswith('"')
    reordered = list(reversed(HAND))
    assert api.hand_analysis(reordered, rules, if_none_match=first.etag) is None
    other = api.hand_analysis(reordered, "standard")
    assert other.etag != first.etag and other.deadwood_count == 24
    oklahoma = api.hand_analysis(HAND + ["8S"], "oklahoma", upcard="9C", all_arrangements=True)
    assert oklahoma.knock_limit == 9 and len(oklahoma.arrangements) >= 1
    with pytest.raises(ProblemError) as raised:
        api.hand_analysis(["AS", "AS"])
    assert raised.value.status == 422 and raised.value.errors[0].rule_url == "/rules#R-1.5"


@pytest.mark.server
def test_the_client_scores_a_match_and_reads_the_service_texts(server):
    api = Client(server)
    match = api.score_match(["bob", "alexandra"], [
        {"winner": "bob", "points": 10}, {"winner": "alexandra", "points": 18},
        {"winner": "bob", "points": 30}, {"winner": "bob", "points": 4}], rules="hollywood")
    games = [game.totals for game in match.totals.games]
    assert games == [{"bob": 44, "alexandra": 18}, {"bob": 34, "alexandra": 0},
                     {"bob": 4, "alexandra": 0}]
    with pytest.raises(ProblemError) as raised:
        api.score_match(["bob", "alexandra"], [{"winner": "carol", "points": 1}])
    assert raised.value.status == 422
    assert api.ready().status == "ready"
    assert "ginrules_requests_total" in api.metrics()
    assert api.contract().startswith("openapi: 3.1")
    assert "swagger" in api.docs_page().lower()
    assert "### R-4.3 " in api.rules_text() and 'id="R-4.3"' in api.rules_text(markdown=False)
    assert "ginrules-log/1" in api.gamelog_text()
    assert "<!DOCTYPE html>" in api.gamelog_text(markdown=False)
    assert api.guide_text("cli", markdown=True).startswith("# The command line")
    assert "<title>The command line</title>" in api.guide_text("cli")
    assert api.guide_picture("advisor-simple.svg").startswith("<svg")


@pytest.mark.server
def test_the_client_imports_an_openspiel_hand_and_replays_it(server):
    from tests.core.documents.test_import import KNOCK_DEAL, KNOCK_GAME

    api = Client(server)
    log = api.import_game(KNOCK_GAME, {"knock_card": 10})
    assert log.players == ["p0", "p1"] and log.rounds[0].dealer == "p1"
    assert api.replay(log.to_json()).rounds[0].result.points == 45
    with pytest.raises(ProblemError) as raised:
        api.import_game(KNOCK_DEAL + [53])
    assert raised.value.status == 422


@pytest.mark.server
def test_the_client_asks_a_bot_to_move_and_for_a_hint(server):
    import json

    from tests.conftest import ROOT

    api = Client(server)
    log = json.loads((ROOT / "examples" / "game-in-progress.json").read_text("utf-8"))
    assert [bot.name for bot in api.bots().bots] == ["random", "simple", "advisor"]
    move = api.bot_move("simple", log, "bob", seed=3)
    assert move.action.player == "bob" and move.action.action == "draw"
    hint = api.hint(log, "bob", seed=3, budget_ms=10)
    assert hint.decision == "draw" and hint.playouts == 60  # 6 a millisecond
    assert {option.action.source for option in hint.options} == {"stock", "discard"}
    with pytest.raises(ProblemError) as raised:
        api.hint(log, "ann")
    assert raised.value.status == 422 and raised.value.code == "not_your_turn"


@pytest.mark.server
def test_the_client_lists_every_meld_and_those_holding_a_card(server):
    api = Client(server)
    hand = ["5D", "7D", "8D", "6S", "6H", "2C", "KC", "6D"]
    every = api.melds(hand)
    assert every.count == len(every.melds) == 4
    upcard = api.melds(hand, "standard", with_card="6d")
    assert [meld.cards for meld in upcard.melds] == [
        ["6S", "6H", "6D"], ["5D", "6D", "7D"], ["5D", "6D", "7D", "8D"], ["6D", "7D", "8D"]]
    corner = api.melds(["QS", "KS", "AS"], {"preset": "standard", "round_the_corner": True})
    assert corner.to_json() == {"melds": [{"kind": "run", "cards": ["QS", "KS", "AS"]}],
                                "count": 1}
    with pytest.raises(ProblemError) as raised:
        api.melds(hand, with_card="9S")
    assert raised.value.status == 422 and raised.value.code == "card_not_in_hand"
    assert raised.value.errors[0].pointer == "/with"


@pytest.mark.server
def test_r3_the_client_deals_the_same_round_for_the_same_seed(server):
    from ginrules.rules.usecases.deals import deal_document

    from tests.core.table.test_deals import EXAMPLE_DEALER, EXAMPLE_NON_DEALER

    api = Client(server)
    dealt = api.deal(["ann", "bob"], rules="standard", dealer="ann", seed=42)
    assert (dealt.shuffle, dealt.seed, dealt.round) == ("ginrules-deal/1", 42, 0)
    assert " ".join(dealt.deal.hands.bob) == EXAMPLE_NON_DEALER
    assert " ".join(dealt.deal.hands.ann) == EXAMPLE_DEALER
    assert api.deal(["ann", "bob"], dealer="ann", seed=42) == dealt
    library = deal_document({"rules": "standard", "players": ["ann", "bob"], "dealer": "ann",
                             "seed": 42})
    assert list(dealt.deal.stock) == [str(c) for c in library.tables[0].stock]
    partnership = api.deal(["ann", "bob", "cy", "dee"], rules="partnership", seed=7, round=1,
                           teams=[["ann", "cy"], ["bob", "dee"]],
                           tables=[["ann", "bob"], ["dee", "cy"]])
    assert [t.dealer for t in partnership.deal.tables] == ["ann", "dee"]
    box = api.deal(["ann", "bob", "cy"], rules="box", seed=7,
                   roles={"box": "cy", "captain": "ann", "sitter": "bob"})
    assert box.deal.dealer == "cy" and list(box.deal.hands) == ["ann", "cy"]
    drawn = api.deal(["ann", "bob"], dealer="bob")
    assert drawn.seed != api.deal(["ann", "bob"], dealer="bob").seed
    with pytest.raises(ProblemError) as raised:
        api.deal(["ann", "bob"], dealer="cy", seed=1)
    assert raised.value.status == 422 and raised.value.errors[0].pointer == "/dealer"
