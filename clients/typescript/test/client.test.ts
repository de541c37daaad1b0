// The client against a live server: GINRULES_URL=http://127.0.0.1:8000 npm test

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { describe, test } from "node:test";

import {
  Client,
  ConnectionError,
  type GameLog,
  isHollywoodTotals,
  ProblemError,
} from "../src/index.js";

const BASE = process.env.GINRULES_URL;
if (!BASE) {
  throw new Error("set GINRULES_URL to the address of a running ginrules server");
}
const api = new Client(BASE);

const TEN = ["5S", "6S", "7S", "7H", "7D", "7C", "2H", "3C", "9D", "KD"];

async function example(name: string): Promise<GameLog> {
  const file = new URL(`../../../../examples/${name}`, import.meta.url);
  return JSON.parse(await readFile(file, "utf-8")) as GameLog;
}

/** A loopback port nothing listens on: one just given up by a listener of our own. */
async function closedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const address = listener.address();
  assert.ok(address && typeof address === "object");
  await new Promise((resolve) => listener.close(resolve));
  return address.port;
}

async function problemOf(call: Promise<unknown>): Promise<ProblemError> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof ProblemError, `expected a ProblemError, got ${error}`);
    return error;
  }
  assert.fail("expected the call to be refused");
}

describe("hands", () => {
  test("a request without its defaulted fields gets the least deadwood (R-2.5)", async () => {
    const analysis = await api.analyzeHand({ hand: TEN });
    assert.equal(analysis.deadwood_count, 24);
    assert.deepEqual(analysis.melds.map((meld) => meld.kind), ["run", "set"]);
    assert.equal(analysis.can_knock, false);
    assert.equal(analysis.arrangements, undefined);
  });

  test("all_arrangements lists every optimal arrangement (R-2.6)", async () => {
    const analysis = await api.analyzeHand({
      hand: ["JS", "QS", "KS", "KH", "KD"],
      rules: { preset: "standard", knock_limit: 5 },
      all_arrangements: true,
    });
    assert.equal(analysis.deadwood_count, 20);
    assert.equal(analysis.arrangements?.length, 2);
  });

  test("an eleven-card hand values every discard", async () => {
    const analysis = await api.analyzeHand({ hand: [...TEN.slice(0, 3), "8S", ...TEN.slice(3)],
                                             rules: "standard" });
    assert.equal(analysis.discards?.length, 11);
    assert.deepEqual(analysis.best_discards, ["KD"]);
  });

  test("a repeated card is a ProblemError naming its position (R-1.5)", async () => {
    const error = await problemOf(api.analyzeHand({ hand: ["AS", "AS"] }, { requestId: "ts-dup-1" }));
    assert.equal(error.status, 422);
    assert.equal(error.code, "duplicate_card");
    assert.equal(error.errors[0]?.pointer, "/hand/1");
    assert.equal(error.errors[0]?.rule, "R-1.5");
    assert.equal(error.requestId, "ts-dup-1");
    assert.ok(error instanceof Error && error.message.includes("duplicate_card"));
  });

  test("a body of the wrong shape is a 400 problem", async () => {
    const error = await problemOf(api.analyzeHand({ hand: [5] } as unknown as { hand: string[] }));
    assert.equal(error.status, 400);
    assert.deepEqual(error.errors.map((e) => [e.pointer, e.code]), [["/hand/0", "wrong_type"]]);
  });

  test("the cacheable analysis has an ETag that ignores card order, and a 304 on a match",
       async () => {
    const first = await api.handAnalysis(TEN, { preset: "modern" });
    assert.equal(first.notModified, false);
    assert.equal(first.analysis?.deadwood_count, 24);
    assert.ok(first.etag);
    const reordered = await api.handAnalysis([...TEN].reverse().join(","), { preset: "modern" });
    assert.equal(reordered.etag, first.etag);
    const again = await api.handAnalysis(TEN, { preset: "modern" }, { ifNoneMatch: first.etag });
    assert.deepEqual(again, { notModified: true, analysis: null, etag: first.etag });
  });

  test("the cacheable analysis takes options as query parameters", async () => {
    const reply = await api.handAnalysis(TEN, { knock_limit: 0, all_arrangements: true });
    assert.equal(reply.analysis?.knock_limit, 0);
    assert.ok((reply.analysis?.arrangements?.length ?? 0) >= 1);
    const error = await problemOf(api.handAnalysis(TEN, { knock_limit: 200 }));
    assert.equal(error.status, 422);
    assert.equal(error.errors[0]?.pointer, "?knock_limit");
  });

  test("the hand's picture is SVG with its text alternative, cached by its own ETag", async () => {
    const picture = await api.handImage(TEN, { preset: "modern" });
    assert.equal(picture.notModified, false);
    assert.match(picture.svg ?? "", /^<svg [^>]*role="img"/);
    assert.match(picture.svg ?? "", /<title>Hand of 10 cards: deadwood 24/);
    const analysis = await api.handAnalysis(TEN, { preset: "modern" });
    assert.ok(picture.etag && picture.etag !== analysis.etag);
    const again = await api.handImage(TEN, { preset: "modern" }, { ifNoneMatch: picture.etag });
    assert.deepEqual(again, { notModified: true, svg: null, etag: picture.etag });
  });

  test("a settled round's picture names the winner and its points (R-7)", async () => {
    const svg = await api.roundImage({
      knocker: { hand: ["AS", "2S", "3S", "4S", "7H", "8H", "9H", "AC", "AD", "2D"], discard: "KC" },
      defender: { hand: ["5S", "6S", "KH", "QH", "KD", "QD", "JC", "9C", "7C", "5C"] },
    });
    assert.match(svg, /<title>Knock: knocker wins 74<\/title>/);
    assert.match(await api.playPage(), /<title>ginrules: play<\/title>/);
  });

  test("every meld a hand holds, and those holding one card (R-2.1, R-2.2, R-2.5)", async () => {
    const hand = ["5D", "7D", "8D", "6S", "6H", "2C", "KC", "6D"];
    const every = await api.melds({ hand });
    assert.equal(every.count, every.melds.length);
    const upcard = await api.melds({ hand, with: "6d" });
    assert.deepEqual(upcard, {
      melds: [{ kind: "set", cards: ["6S", "6H", "6D"] }, { kind: "run", cards: ["5D", "6D", "7D"] },
              { kind: "run", cards: ["5D", "6D", "7D", "8D"] }, { kind: "run", cards: ["6D", "7D", "8D"] }],
      count: 4,
    });
    const renotated = await api.melds({ hand: ["8d", "6\u2666", "2c", "6h", "kc", "5d", "6s", "7d"],
                                        with: "6\u2666" });
    assert.deepEqual(renotated, upcard);
  });

  test("round the corner, runs wrap past the king in run order (R-2.7)", async () => {
    const reply = await api.melds({ hand: ["QS", "KS", "AS", "2S"],
                                    rules: { preset: "standard", round_the_corner: true } });
    assert.deepEqual(reply.melds.map((meld) => meld.cards.join(" ")),
                     ["QS KS AS", "QS KS AS 2S", "KS AS 2S"]);
  });

  test("a card `with` that is not in the hand is a 422 at /with", async () => {
    const error = await problemOf(api.melds({ hand: ["AS", "2S", "3S"], with: "4S" }));
    assert.deepEqual([error.status, error.code, error.errors[0]?.pointer, error.errors[0]?.rule],
                     [422, "card_not_in_hand", "/with", "R-2"]);
  });

  test("a batch answers a bad hand at its index and the others in order", async () => {
    const reply = await api.analyzeHands({ hands: [TEN, ["AS", "AS"]] });
    assert.deepEqual([reply.ok_count, reply.error_count], [1, 1]);
    assert.equal(reply.results[0]?.analysis?.deadwood_count, 24);
    assert.equal(reply.results[1]?.problem?.errors[0]?.pointer, "/hands/1/1");
    assert.equal(reply.rules.preset, "standard");
  });
});

describe("rules", () => {
  test("the presets and their options (R-10)", async () => {
    const list = await api.listPresets();
    assert.equal(list.default, "standard");
    assert.deepEqual(list.presets.map((p) => p.preset),
                     ["standard", "modern", "classic", "oklahoma", "hollywood", "box",
                      "cutthroat", "partnership", "straight", "openspiel", "eaai"]);
    assert.equal(typeof list.options.knock_limit, "string");
  });

  test("one preset, and an unknown one as a 404 problem", async () => {
    const modern = await api.getPreset("oklahoma");
    assert.equal(modern.oklahoma, true);
    const error = await problemOf(api.getPreset("nope"));
    assert.deepEqual([error.status, error.code], [404, "unknown_preset"]);
  });
});

describe("showdown", () => {
  test("discarding the card just taken is a violation with its rule (R-4.3)", async () => {
    const reply = await api.checkKnock({
      hand: ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "TC", "KC"],
      discard: "KC",
      taken_card: "KC",
    });
    assert.equal(reply.legal, false);
    assert.deepEqual(reply.violations.map((v) => [v.code, v.rule, v.pointer]),
                     [["taken_card_discarded", "R-4.3", "/discard"]]);
    assert.equal(reply.arrangement?.deadwood_count, 10);
  });

  test("layoffs chain below a run and fill a set, naming the meld (R-6.2)", async () => {
    const reply = await api.bestLayoffs({
      knocker_melds: [["5S", "6S", "7S"], { kind: "set", cards: ["9H", "9D", "9C"] }],
      defender_hand: ["4S", "3S", "KH", "KD", "QC", "JC", "9S", "8D", "6C", "2H"],
    });
    assert.deepEqual(reply.layoffs, [{ card: "4S", meld: 0 }, { card: "3S", meld: 0 },
                                     { card: "9S", meld: 1 }]);
    assert.equal(reply.deadwood_count, 56);
  });

  test("nothing is laid off against gin (R-6.3)", async () => {
    const reply = await api.bestLayoffs({
      knocker_melds: [["5S", "6S", "7S"]],
      defender_hand: ["4S", "3S", "KH", "KD", "QC", "JC", "9S", "8D", "6C", "2H"],
      gin: true,
    });
    assert.deepEqual(reply.layoffs, []);
  });

  test("the knocker keeps a run's end card to deny a chain (R-7.6)", async () => {
    const score = await api.scoreRound({
      knocker: { hand: ["AS", "2S", "3S", "4S", "7H", "8H", "9H", "AC", "AD", "2D"], discard: "KC" },
      defender: { hand: ["5S", "6S", "KH", "QH", "KD", "QD", "JC", "9C", "7C", "5C"] },
      rules: "standard",
    });
    assert.deepEqual([score.outcome, score.winner, score.points], ["knock", "knocker", 74]);
    assert.deepEqual(score.breakdown.map((t) => t.rule), ["R-7.1"]);
    assert.ok(score.knocker.deadwood.includes("4S"));
  });
});

describe("games", () => {
  test("a whole game replays to its winner", async () => {
    const reply = await api.replayGame(await example("game.json"));
    assert.equal(reply.valid, true);
    assert.equal(reply.complete, true);
    assert.equal(reply.winner, "ann");
    assert.ok(!isHollywoodTotals(reply.totals));
    assert.equal(reply.totals.ann, 39);
    const last = reply.rounds.at(-1);
    assert.ok(last && !("tables" in last));
    assert.equal(last.result.winner, "ann");
  });

  test("a game in progress says whose move it is and what is legal", async () => {
    const reply = await api.replayGame(await example("game-in-progress.json"));
    const next = reply.next;
    assert.ok(next && !("tables" in next));
    assert.deepEqual([next.player, next.phase, next.discard_top], ["bob", "draw", "8S"]);
    assert.deepEqual(next.legal_actions.map((a) => a.source), ["stock", "discard"]);
  });

  test("a broken rule is a 200 with the violation's pointer", async () => {
    const log = await example("game.json");
    const round = log.rounds[0];
    assert.ok(round && !("tables" in round));
    round.dealer = "ann";
    const reply = await api.replayGame(log);
    assert.equal(reply.valid, false);
    assert.equal(reply.violations[0]?.pointer.startsWith("/rounds/0"), true);
  });

  test("an OpenSpiel hand imports as a log that replays with OpenSpiel's score", async () => {
    const log = await api.importGame({
      format: "openspiel",
      actions: [1, 2, 3, 19, 32, 45, 34, 35, 36, 12, 4, 5, 6, 33, 24, 25, 51, 41, 16, 21, 39,
                52, 55, 12, 122, 86, 151, 54, 4, 5, 6, 33, 54, 54],
    });
    assert.deepEqual(log.players, ["p0", "p1"]);
    const reply = await api.replayGame(log);
    const round = reply.rounds[0];
    assert.ok(round && !("tables" in round));
    assert.deepEqual([round.result.outcome, round.result.winner, round.result.points],
                     ["knock", "p0", 45]);
  });

  test("an action OpenSpiel would not allow is a problem naming its index", async () => {
    await assert.rejects(
      api.importGame({ format: "openspiel", actions: [1, 2, 3, 19, 32, 45, 34, 35, 36, 12, 4, 5,
                                                      6, 33, 24, 25, 51, 41, 16, 21, 39, 53] }),
      (error: unknown) => error instanceof ProblemError && error.status === 422
        && error.problem.errors[0]?.pointer === "/actions/21");
  });

  test("a Hollywood match scores three games at once (R-9.1)", async () => {
    const score = await api.scoreMatch({
      rules: "hollywood",
      players: ["bob", "alexandra"],
      rounds: [{ winner: "bob", points: 10 }, { winner: "alexandra", points: 18 },
               { winner: "bob", points: 30 }, { winner: "bob", points: 4 }],
    });
    assert.ok(isHollywoodTotals(score.totals));
    // Round entries and the final totals share one shape: {totals, winner, closed} per game.
    assert.deepEqual(score.totals.games.map((game) => game.totals.bob), [44, 34, 4]);
    const first = score.rounds[0]?.totals;
    assert.ok(first && isHollywoodTotals(first));
    assert.deepEqual(first.games.map((game) => game.closed), [false, false, false]);
    assert.deepEqual(score.rounds.map((round) => round.credited), [[0], [0], [0, 1], [0, 1, 2]]);
    assert.equal(score.rounds[0]?.result?.winner, "bob");
  });

  test("a partnership round nets its two tables per team (R-9.4)", async () => {
    const score = await api.scoreMatch({
      rules: "partnership",
      players: ["ann", "bob", "cy", "dee"],
      teams: [["ann", "cy"], ["bob", "dee"]],
      rounds: [{ tables: [{ winner: "ann", points: 10 }, { winner: "bob" }] }],
    });
    assert.ok(!isHollywoodTotals(score.totals));
    assert.deepEqual(score.totals, { "ann+cy": 10, "bob+dee": 0 });
    assert.deepEqual(score.rounds[0]?.result, { winner: "ann+cy", points: 10 });
  });

  test("a winner who is not a player is a 422 problem", async () => {
    const error = await problemOf(api.scoreMatch({ rules: "standard", players: ["ann", "bob"],
                                                   rounds: [{ winner: "cy", points: 3 }] }));
    assert.equal(error.status, 422);
    assert.equal(error.errors[0]?.pointer, "/rounds/0/winner");
  });
});

describe("bots and hints", () => {
  test("the bots are listed with what each does", async () => {
    const { bots } = await api.listBots();
    assert.deepEqual(bots.map((bot) => bot.name).sort(), ["advisor", "random", "simple"]);
    assert.ok(bots.every((bot) => bot.description.length > 0));
  });

  test("a bot's move is one of the player's legal actions and extends the log (R-4)",
    async () => {
      const log = await example("game-in-progress.json");
      const legal = (await api.replayGame(log)).next;
      assert.ok(legal && !("tables" in legal));
      for (const bot of ["random", "simple", "advisor"]) {
        const { action } = await api.botMove(bot, { log, player: "bob", seed: 7 });
        assert.equal(action.player, "bob");
        assert.ok(legal.legal_actions.some((option) => option.action === action.action
          && option.source === action.source), `${bot}: ${JSON.stringify(action)}`);
        if (action.source === "stock") {
          // This log has no stock: the bot cannot know the card, the app names what it drew.
          assert.equal(action.card, undefined);
          continue;
        }
        const longer = structuredClone(log);
        const longerRound = longer.rounds[0];
        assert.ok(longerRound && !("tables" in longerRound));
        longerRound.actions.push(action);
        assert.equal((await api.replayGame(longer)).valid, true);
      }
    });

  test("a hint ranks every option and is the same for the same seed", async () => {
    const log = await example("game-in-progress.json");
    const request = { log, player: "bob", seed: 3, budget_ms: 20 };
    const hint = await api.hint(request);
    assert.equal(hint.decision, "draw");
    assert.deepEqual(hint.options.map((option) => option.rank), [1, 2]);
    assert.deepEqual(hint.options.map((option) => option.action.source).sort(),
                     ["discard", "stock"]);
    assert.ok(hint.options.every((option) => option.reason.length > 0));
    assert.deepEqual(await api.hint(request), hint);
    assert.equal(hint.opponent_model, "greedy");
  });

  test("a hint takes the opponent model its numbers assume, and names it", async () => {
    const log = await example("game-in-progress.json");
    const hint = await api.hint({ log, player: "bob", seed: 3, budget_ms: 60,
                                  opponent_model: "random" });
    assert.equal(hint.opponent_model, "random");
    // An option shows numbers, or says why it has none (fewer playouts than an estimate needs).
    assert.ok(hint.options[0]?.win_chance != null);
    assert.ok(hint.options.every((option) =>
      (option.win_chance !== null) === (option.numbers_withheld == null)));
  });

  test("asking for the player who is not to move is a 422 saying whose turn it is (R-4.4)",
    async () => {
      const log = await example("game-in-progress.json");
      await assert.rejects(api.hint({ log, player: "ann" }),
        (error: unknown) => error instanceof ProblemError && error.status === 422
          && error.problem.code === "not_your_turn" && JSON.stringify(error.problem).includes("bob"));
    });

  test("the advisor plays at a level, listed with its measured strength", async () => {
    const { bots } = await api.listBots();
    const levels = bots.find((bot) => bot.name === "advisor")?.levels ?? [];
    assert.deepEqual(levels.map((level) => level.level), [1, 2, 3, 4, 5]);
    const shares = levels.map((level) => level.against_simple?.win_share ?? -1);
    assert.deepEqual([...shares].sort((a, b) => a - b), shares);
    const log = await example("game-in-progress.json");
    const { action } = await api.botMove("advisor", { log, player: "bob", seed: 7, level: 2 });
    assert.equal(action.player, "bob");
    await assert.rejects(api.botMove("simple", { log, player: "bob", level: 2 }),
      (error: unknown) => error instanceof ProblemError && error.status === 422
        && error.problem.code === "level_not_offered");
  });

  test("an unknown bot is a 404 problem", async () => {
    const log = await example("game-in-progress.json");
    await assert.rejects(api.botMove("nobody", { log, player: "bob" }),
      (error: unknown) => error instanceof ProblemError && error.status === 404);
  });
});

describe("service", () => {
  test("the rules and the game-log format, as pages and as Markdown", async () => {
    assert.match(await api.rulesText(), /id="R-4\.3"/);
    assert.match(await api.rulesMarkdown(), /### R-4\.3 /);
    assert.match(await api.gamelogText(), /ginrules-log\/1/);
    assert.match(await api.gamelogMarkdown(), /ginrules-log\/1/);
  });

  test("a guide, as a page and as Markdown, and an unknown one as a 404 naming the guides",
    async () => {
      assert.match(await api.guidePage("cli"), /<title>The command line<\/title>/);
      assert.match(await api.guidePage("cli", { markdown: true }), /^# The command line/);
      const error = await problemOf(api.guidePage("clli"));
      assert.equal(error.status, 404);
      assert.match(error.detail, /did you mean 'cli'\?/);
      assert.match(await api.guidePicture("advisor-simple.svg"), /^<svg/);
    });

  test("health, readiness, metrics, the contract and the docs", async () => {
    const health = await api.health();
    assert.equal(health.status, "ok");
    assert.ok(health.solver_cache.max_size > 0);
    assert.deepEqual(await api.ready(), { status: "ready" });
    assert.match(await api.metrics(), /ginrules_requests_total/);
    assert.match(await api.openapi(), /^openapi: 3\.1/);
    assert.match(await api.docs(), /<html/i);
  });

  test("the client has a method for every operation of the served contract", async () => {
    const contract = await api.openapi();
    const operations = [...contract.matchAll(/^\s+operationId:\s*(\w+)\s*$/gm)].map((m) => m[1]!);
    assert.ok(operations.length >= 15);
    const methods = new Set(Object.getOwnPropertyNames(Client.prototype));
    assert.deepEqual(operations.filter((id) => !methods.has(id)), []);
  });

  test("an unknown path is a 404 problem, raised as a ProblemError", async () => {
    const error = await problemOf(api.getPreset("a/b"));
    assert.equal(error.status, 404);
  });

  test("a server that is not there is a ConnectionError naming the address", async () => {
    const port = await closedPort();
    const nowhere = new Client(`http://127.0.0.1:${port}`);
    await assert.rejects(nowhere.health(), (error: unknown) => {
      assert.ok(error instanceof ConnectionError);
      assert.equal(error.message.split(" (")[0],
                   `cannot reach http://127.0.0.1:${port}/healthz: ECONNREFUSED`);
      return true;
    });
  });
});

describe("deals", () => {
  const worked = { rules: "standard", players: ["ann", "bob"], dealer: "ann", seed: 42 };

  test("the shuffle's worked example: seed 42, ann deals to bob", async () => {
    const reply = await api.deal(worked);
    assert.deepEqual([reply.shuffle, reply.seed, reply.round], ["ginrules-deal/1", 42, 0]);
    const deal = reply.deal;
    assert.ok(!("tables" in deal));
    assert.equal(deal.dealer, "ann");
    assert.deepEqual(Object.keys(deal.hands), ["bob", "ann"]);
    assert.equal(deal.hands["bob"]?.join(" "), "AS 3C 7H 3D 4S 2D 5C KD 2S AC");
    assert.equal(deal.hands["ann"]?.join(" "), "JS 9S TD 6H KH 2C 3S AD 5H 4H");
    assert.equal(deal.upcard, "6C");
    assert.deepEqual(deal.stock.slice(0, 3), ["7D", "8S", "7C"]);
    assert.equal(deal.stock.length, 31);
  });

  test("the same seed and round give the same deal; another round another", async () => {
    const first = await api.deal({ ...worked, round: 3 });
    assert.deepEqual(await api.deal({ ...worked, round: 3 }), first);
    assert.notDeepEqual((await api.deal({ ...worked, round: 4 })).deal, first.deal);
  });

  test("without a seed the service draws one, and that seed deals the same again", async () => {
    const drawn = await api.deal({ rules: "standard", players: ["ann", "bob"], dealer: "bob" });
    assert.ok(Number.isSafeInteger(drawn.seed) && drawn.seed >= 0);
    const again = await api.deal({ rules: "standard", players: ["ann", "bob"], dealer: "bob",
                                        seed: drawn.seed });
    assert.deepEqual(again, drawn);
  });

  test("a dealt round is the next round of a log", async () => {
    const dealt = await api.deal(worked);
    const reply = await api.replayGame({ rules: "standard", players: ["ann", "bob"],
                                         rounds: [dealt.deal] });
    assert.equal(reply.valid, true);
    const next = reply.next;
    assert.ok(next && !("tables" in next));
    assert.deepEqual([next.player, next.phase, next.discard_top], ["bob", "first_turn", "6C"]);
  });

  test("partnership deals two tables, each dealer first", async () => {
    const reply = await api.deal({
      rules: "partnership", players: ["ann", "bob", "cy", "dee"], seed: 7, round: 1,
      teams: [["ann", "cy"], ["bob", "dee"]], tables: [["ann", "bob"], ["dee", "cy"]],
    });
    assert.ok("tables" in reply.deal);
    assert.deepEqual(reply.deal.tables.map((table) => table.dealer), ["ann", "dee"]);
  });

  test("a dealer who is not a player is a problem naming the field", async () => {
    const problem = await problemOf(api.deal({ ...worked, dealer: "cy" }));
    assert.equal(problem.status, 422);
    assert.equal(problem.errors[0]?.pointer, "/dealer");
    assert.equal(problem.errors[0]?.code, "not_a_player");
  });
});
