// What the client returns goes back into a request as it is, typed, with no cast: each reply that
// holds part of a request (a dealt round, a bot's or a hint's action, a legal action, an imported
// or echoed log, melds, a defence, rules) is sent again and the server takes it.
// GINRULES_URL=http://127.0.0.1:8000 npm test

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";

import { Client, type GameLog, type LogTable } from "../src/index.js";

const BASE = process.env.GINRULES_URL;
if (!BASE) {
  throw new Error("set GINRULES_URL to the address of a running ginrules server");
}
const api = new Client(BASE);

async function example(name: string): Promise<GameLog> {
  const file = new URL(`../../../../examples/${name}`, import.meta.url);
  return JSON.parse(await readFile(file, "utf-8")) as GameLog;
}

/** The log's first round, a two-player table. */
function table(log: GameLog): LogTable {
  const round = log.rounds[0];
  assert.ok(round && !("tables" in round));
  return round;
}

describe("replies that go back in", () => {
  test("a bot's action is appended to the log and replayed", async () => {
    const log = await example("game-in-progress.json");
    for (const bot of ["random", "simple", "advisor"]) {
      const { action } = await api.botMove(bot, { log, player: "bob", seed: 7 });
      if (action.source === "stock") continue; // this log has no stock: the app names the card
      const longer = structuredClone(log);
      table(longer).actions.push(action);
      const reply = await api.replayGame(longer);
      assert.equal(reply.valid, true, `${bot}: ${JSON.stringify(reply.violations)}`);
    }
  });

  test("each of a hint's actions is appended to the log and replayed", async () => {
    const log = await example("game-in-progress.json");
    table(log).actions.push({ player: "bob", action: "draw", source: "discard" });
    const hint = await api.hint({ log, player: "bob", seed: 3, budget_ms: 10 });
    assert.equal(hint.decision, "discard");
    for (const option of hint.options) {
      const longer = structuredClone(log);
      table(longer).actions.push(option.action);
      assert.equal((await api.replayGame(longer)).valid, true, JSON.stringify(option.action));
    }
  });

  test("a dealt round is the log's next round, and legal actions extend it", async () => {
    const dealt = await api.deal({ rules: "standard", players: ["ann", "bob"], dealer: "ann",
                                   seed: 42 });
    const log: GameLog = { rules: "standard", players: ["ann", "bob"], rounds: [dealt.deal] };
    for (let move = 0; move < 6; move += 1) {
      const reply = await api.replayGame(log);
      assert.equal(reply.valid, true);
      const next = reply.next;
      assert.ok(next && !("tables" in next) && next.player !== null);
      const legal = next.legal_actions.at(-1);
      assert.ok(legal);
      table(log).actions.push({ player: next.player, ...legal });
    }
    assert.equal((await api.replayGame(log)).valid, true);
  });

  test("an imported log and an echoed log replay as they are", async () => {
    const openspiel = JSON.parse(await readFile(
      new URL("../../../../examples/openspiel-game.json", import.meta.url), "utf-8")) as {
      actions: number[];
      params: Record<string, number>;
    };
    const imported = await api.importGame({ format: "openspiel", ...openspiel });
    assert.equal((await api.replayGame(imported)).valid, true);
    const echoed = (await api.replayGame({ ...(await example("game.json")), echo_log: true })).log;
    assert.ok(echoed);
    const again = await api.replayGame(echoed);
    assert.deepEqual([again.valid, again.winner], [true, "ann"]);
  });

  test("a hand's melds and a defence settle the round they came from", async () => {
    const knocker = ["5S", "6S", "7S", "9H", "9D", "9C", "KH", "KD", "KC", "AS"];
    const defender = ["4S", "3S", "8S", "9S", "QD", "JC", "2H", "TH", "2D", "4D"];
    const analysis = await api.analyzeHand({ hand: knocker });
    const knock = await api.checkKnock({ hand: [...knocker, "QC"], discard: "QC",
                                         melds: analysis.melds });
    assert.equal(knock.legal, true);
    const defence = await api.bestLayoffs({ knocker_melds: analysis.melds, defender_hand: defender });
    const score = await api.scoreRound({
      knocker: { hand: knocker, discard: "QC", melds: analysis.melds },
      defender: { hand: defender, melds: defence.melds, layoffs: defence.layoffs },
    });
    assert.deepEqual(score.warnings, []);
    assert.equal(score.defender.deadwood_count, defence.deadwood_count);
  });

  test("a defence is the lay-down a log awaits", async () => {
    const log = await example("game-awaiting-lay-down.json");
    const offer = (await api.replayGame(log)).next;
    assert.ok(offer && !("tables" in offer) && offer.player !== null && offer.hands);
    const legal = offer.legal_actions[0];
    const hand = offer.hands[offer.player];
    assert.ok(legal?.knocker_melds && hand);
    const defence = await api.bestLayoffs({ knocker_melds: legal.knocker_melds, defender_hand: hand });
    table(log).actions.push({ player: offer.player, action: "lay_down", melds: defence.melds,
                              layoffs: defence.layoffs });
    const reply = await api.replayGame(log);
    assert.equal(reply.valid, true);
    const result = reply.rounds[0]?.result;
    assert.ok(result && "layoffs" in result);
    assert.deepEqual(result.layoffs, defence.layoffs);
  });

  test("the rules of a reply are the rules of the next request", async () => {
    const hand = ["5S", "6S", "7S", "7H", "7D", "7C", "2H", "3C", "9D", "KD"];
    const named = await api.analyzeHand({ hand, rules: { preset: "standard", knock_limit: 5 } });
    for (const rules of [await api.getPreset("oklahoma"), named.rules,
                         ...(await api.listPresets()).presets]) {
      const again = await api.analyzeHand({ hand, rules, upcard: "9C" });
      assert.deepEqual(again.rules, rules);
    }
  });
});
