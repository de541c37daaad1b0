// The contract as a web or mobile team consumes it: the types openapi-typescript generates from
// openapi.yaml with its default settings (`npm run generate`, into ../src/schema.ts), and a
// sample of real calls written against them, type-checked under `tsc --strict`
// (`npm run check:types`). Each `@ts-expect-error` is a request the contract must refuse: the
// check fails if it type-checks.

import type { components, paths } from "../src/schema.js";

type Body<P extends keyof paths> = paths[P] extends {
  post: { requestBody: { content: { "application/json": infer B } } };
} ? B : never;
type Reply<P extends keyof paths, M extends "get" | "post"> = paths[P][M] extends {
  responses: { 200: { content: { "application/json": infer R } } };
} ? R : never;
type S = components["schemas"];

declare function post<P extends keyof paths>(path: P, body: Body<P>): Reply<P, "post">;
declare function get<P extends keyof paths>(path: P): Reply<P, "get">;

// Requests that leave out every field with a default (all_arrangements, gin, points). -----------

const analysis = post("/v1/hands/analyze", { hand: ["5S", "6S", "7S", "7H", "7D", "7C", "2H", "3C", "9D", "KD"] });
post("/v1/hands/analyze", { hand: ["JS", "QS"], rules: { preset: "standard", knock_limit: 5 }, all_arrangements: true });
const batch = post("/v1/hands/analyze/batch", { hands: [["AS", "2S", "3S"], ["AS", "AS"]] });
const melds = post("/v1/hands/melds", { hand: ["5D", "7D", "8D", "6S", "6H", "6D"], with: "6D" });
post("/v1/hands/melds", { hand: ["QS", "KS", "AS"], rules: { preset: "standard", round_the_corner: true } });
const layoffs = post("/v1/layoffs", { knocker_melds: [["5S", "6S", "7S"], { kind: "set", cards: ["9H", "9D", "9C"] }], defender_hand: ["4S", "3S"] });
const knock = post("/v1/knock", { hand: ["AS"], discard: null });
const round = post("/v1/rounds/score", { knocker: { hand: ["AS"], discard: "KC" }, defender: { hand: ["5S"] } });
const match = post("/v1/matches/score", { rules: "hollywood", players: ["bob", "alexandra"], rounds: [{ winner: "bob" }, { winner: null, points: 0 }] });
const partnership = post("/v1/matches/score", { rules: "partnership", players: ["ann", "bob", "cy", "dee"], teams: [["ann", "cy"], ["bob", "dee"]], rounds: [{ tables: [{ winner: "ann", points: 10 }, { winner: "bob" }] }] });
const replay = post("/v1/games/replay", {
  rules: { preset: "standard", game_target: 20 },
  players: ["ann", "bob"],
  rounds: [{ dealer: "bob", hands: { ann: ["7S"], bob: ["3S"] }, upcard: "TC", actions: [{ player: "ann", action: "pass" }, { player: "bob", action: "draw", source: "stock" }] }],
  view: "ann",
});

const dealt = post("/v1/deals", { rules: "standard", players: ["ann", "bob"], dealer: "ann" });
post("/v1/deals", { rules: "partnership", players: ["ann", "bob", "cy", "dee"], teams: [["ann", "cy"], ["bob", "dee"]], tables: [["ann", "bob"], ["dee", "cy"]], seed: 42, round: 1 });
const dealtSeed: number = dealt.seed;
const dealtRound: number = dealt.round;

// @ts-expect-error a deal's seed is an integer, not a string
post("/v1/deals", { rules: "standard", players: ["ann", "bob"], dealer: "ann", seed: "42" });
// @ts-expect-error a batch's hands are arrays of card codes
post("/v1/hands/analyze/batch", { hands: [[5]] });
// @ts-expect-error a batch's hands are arrays, not strings
post("/v1/hands/analyze/batch", { hands: ["AS 2S"] });
// @ts-expect-error the hand is required
post("/v1/hands/analyze", { all_arrangements: true });
// @ts-expect-error no unknown fields
post("/v1/hands/analyze", { hand: ["AS"], allArrangements: true });
// @ts-expect-error `with` is one card code, not a list
post("/v1/hands/melds", { hand: ["AS"], with: ["AS"] });
// @ts-expect-error a knock names its discard (null for big gin)
post("/v1/knock", { hand: ["AS"] });

// Replies read the way a client reads them. ------------------------------------------------------

const deadwood: number = analysis.deadwood_count;
const kinds: ("set" | "run")[] = analysis.melds.map((meld) => meld.kind);
const firstCard: string | undefined = analysis.melds[0]?.cards[0];
const canKnock: boolean = analysis.can_knock ?? false;
const discardValues: number[] = (analysis.discards ?? []).map((option) => option.deadwood_count);
const alternatives: (string | undefined)[] = (analysis.arrangements ?? []).map((a) => a.discard);
const preset: S["Rules"]["preset"] | undefined = analysis.rules?.preset;

const meldCount: number = melds.count;
const meldCards: string[][] = melds.melds.map((meld) => meld.cards);
const okCount: number = batch.ok_count;
for (const result of batch.results) {
  const value: number | undefined = result.ok ? result.analysis?.deadwood_count : undefined;
  const pointer: string | undefined = result.problem?.errors[0]?.pointer;
  const rule: string | undefined = result.problem?.errors[0]?.rule;
}

const laidOff: [string, number][] = layoffs.layoffs.map((l) => [l.card, l.meld]);
const layable: string[] = layoffs.layable;
const legal: boolean = knock.legal;
const reasons: (string | undefined)[] = knock.violations.map((v) => v.rule);
const judged: number | undefined = knock.arrangement?.deadwood_count;
const winner: "knocker" | "defender" | null = round.winner;
const terms: number = round.breakdown.reduce((sum, term) => sum + term.points, 0);
const defenderLayoffs: number = round.defender.layoffs.length;
const knockerDiscard: string | null = round.knocker.discard;

// Totals: per player, or Hollywood's three games; tell them apart by `games`, then index.
function totalOf(totals: S["Totals"], player: string): number | undefined {
  if (totals.games) return totals.games[0]?.totals[player];
  return totals[player];
}
totalOf(replay.totals, "ann");
totalOf(match.totals, "bob");
const hollywoodWinner: (string | null)[] = match.totals.games?.map((g) => g.winner) ?? [];
const credited: number[][] = match.rounds.map((r) => r.credited ?? []);
const points: (number | undefined)[] = match.rounds.map((r) => r.result?.points);
const netWinner: string | null | undefined = partnership.rounds[0]?.result?.winner;
const tablePoints: (number | undefined)[] = partnership.rounds[0]?.tables?.map((t) => t.points) ?? [];
const roles: string | undefined = match.rounds[0]?.roles?.box;

// Replay: round entries and `next` are unions a client narrows by `tables`.
for (const entry of replay.rounds) {
  if ("tables" in entry) {
    const dealers: string[] = entry.tables.map((table) => table.dealer);
    const team: string | null = entry.result.winner;
  } else {
    const dealer: string = entry.dealer;
    const outcome: S["RoundResult"]["outcome"] = entry.result.outcome;
    const melds: number = entry.result.knocker_melds?.length ?? 0;
    const deadwoodOf: number | undefined = entry.result.deadwood?.ann;
  }
  totalOf(entry.totals, "ann");
}
const next = replay.next;
if (next && !("tables" in next)) {
  const who: string | null = next.player;
  const phase: "first_turn" | "draw" | "discard" | "last_discard" | "lay_down" | "deal" = next.phase;
  const layable: number = next.legal_actions.reduce((n, a) => n + (a.layable?.length ?? 0), 0);
  const actions: (string | null | undefined)[] = next.legal_actions.map((a) => a.card ?? a.discard);
  const hand: string[] | undefined = next.hands?.ann;
  // Any position drawn from the reply: the whole pile and every hand's size (public).
  const pile: string[] = next.discard_pile ?? [];
  const theirs: number | undefined = next.hand_sizes?.bob;
} else if (next) {
  const tables: number[] = next.tables.map((table) => table.table ?? 0);
  const over: [number, string[]][] = (next.tables_over ?? []).map((t) => [t.table, t.final.discard_pile]);
}
for (const entry of replay.rounds) {
  const finals: S["TablePosition"][] = "tables" in entry
    ? entry.tables.flatMap((table) => (table.final ? [table.final] : []))
    : entry.final ? [entry.final] : [];
  const left: number[] = finals.map((final) => final.stock_remaining + (final.hand_sizes["ann"] ?? 0));
}
const echoed = post("/v1/games/replay", {
  rules: "standard", players: ["ann", "bob"], echo_log: true,
  rounds: [{ dealer: "bob", hands: { ann: ["10s"], bob: ["3\u2660"] }, upcard: "tc", actions: [] }],
});
const upcardRead: string | undefined = echoed.log && !("tables" in (echoed.log.rounds[0] ?? {}))
  ? (echoed.log.rounds[0] as S["LogTable"] | undefined)?.upcard : undefined;
// @ts-expect-error echo_log is a boolean
post("/v1/games/replay", { rules: "standard", players: ["ann", "bob"], rounds: [], echo_log: "yes" });

const presets: string[] = get("/v1/rules").presets.map((p) => p.preset);
const optionWords: string | undefined = get("/v1/rules").options.knock_limit;
const cache: number = get("/healthz").solver_cache.hits;
const oklahoma: boolean = get("/v1/rules/{preset}").oklahoma;
const cached: number = get("/v1/hands/{hand}/analysis").deadwood_count;

if ("tables" in dealt.deal) {
  const dealers: string[] = dealt.deal.tables.map((table) => table.dealer);
} else {
  const upcard: string = dealt.deal.upcard;
  const stock: string[] = dealt.deal.stock;
  const firstHand: string[] | undefined = dealt.deal.hands["bob"];
}

// @ts-expect-error Totals are not indexed before telling per-player totals from Hollywood's
const unchecked: number = match.totals["bob"];

// Replies go back into requests as they are: a dealt round into a log, a bot's or a hint's
// action and a legal action (with its player) into its actions, melds and a defence into a
// round's score, the rules a reply names into the next request, an echoed log into a replay.
const move = post("/v1/bots/{bot}/move", { log: { rules: "standard", players: ["ann", "bob"], rounds: [] }, player: "bob" });
const hinted = post("/v1/hints", { log: { rules: "standard", players: ["ann", "bob"], rounds: [] }, player: "bob" });
const log: S["GameLog"] = { rules: analysis.rules ?? "standard", players: ["ann", "bob"], rounds: [dealt.deal] };
const first = log.rounds[0];
const toMove = next && !("tables" in next) ? next.player : null;
if (first && !("tables" in first) && next && !("tables" in next) && toMove !== null) {
  first.actions.push(move.action, ...hinted.options.map((option) => option.action));
  first.actions.push(...next.legal_actions.map((legal) => ({ player: toMove, ...legal })));
}
post("/v1/rounds/score", {
  knocker: { hand: ["AS"], discard: "KC", melds: analysis.melds },
  defender: { hand: ["5S"], melds: layoffs.melds, layoffs: layoffs.layoffs },
  rules: round.rules,
});
post("/v1/knock", { hand: ["AS"], discard: null, melds: knock.arrangement?.melds, rules: get("/v1/rules/{preset}") });
if (echoed.log) post("/v1/games/replay", echoed.log);
