// The game viewer of /play: open an example, paste or upload a game log (an OpenSpiel game is
// imported first) and step through it move by move, each step the replay of the log's prefix
// (POST /v1/games/replay, in one player's view if asked), the table drawn from its reply alone.

import { $, PHASES, analysis, api, cardBack, cardFace, cardText, cardsText, describe, el, faultWords,
  params, roundTitle, scoreBody, setAddress, showProblem, showScores, spreadView } from "./common.js";

const EXAMPLES = JSON.parse($("examples").textContent);
const game = { log: null, name: "", steps: [], at: 0, full: null, replies: new Map(), shown: 0 };

// A round is one table, or two for partnership: a step is a table's first moves.
const tablesOf = (round) => (round ? round.tables || [round] : []);
const tableAt = (round, table) => tablesOf(game.log.rounds[round])[table] || {};

function prefix(round, table, count) {
  const rounds = game.log.rounds.slice(0, round);
  const current = game.log.rounds[round];
  if (current) {
    const cut = (each, index) => ({ ...each, actions: index < table ? each.actions || []
      : index === table ? (each.actions || []).slice(0, count) : [] });
    rounds.push(current.tables ? { ...current, tables: current.tables.map(cut) } : cut(current, 0));
  }
  return { ...game.log, rounds };
}

function replay(round, table, count, view) {
  const key = `${round}/${table}/${count}/${view || ""}`;
  if (!game.replies.has(key)) {
    const log = prefix(round, table, count);
    if (view) log.view = view;
    game.replies.set(key, api("POST", "/v1/games/replay", log));
  }
  return game.replies.get(key);
}

function refusedAt(full) {
  const violation = full.valid ? null : full.violations[0];
  if (!violation) return null;
  const match = /^\/rounds\/(\d+)(?:\/tables\/(\d+))?(?:\/actions\/(\d+))?/.exec(violation.pointer || "");
  const number = (at) => (match && match[at] !== undefined ? Number(match[at]) : 0);
  return { violation, round: number(1), table: number(2), count: number(3) };
}

export async function openLog(log, name) {
  $("game-problem").hidden = true;
  let full;
  try {
    // An OpenSpiel game (its action ids) becomes a log through the import endpoint first.
    if (log && log.format === "openspiel") log = await api("POST", "/v1/games/import", log);
    // The whole log, echoed as the service read it: from here on every card is a canonical
    // code, whatever notation the file used.
    full = await api("POST", "/v1/games/replay", { ...log, view: undefined, echo_log: true });
    log = full.log;
  } catch (error) {
    $("game-view").hidden = true;
    showProblem($("game-problem"), error);
    return;
  }
  Object.assign(game, { log, name, full, replies: new Map(), steps: [], refusal: refusedAt(full) });
  for (const id of ["table", "spread", "scores"]) $(id).replaceChildren();
  const refusal = game.refusal;
  const after = (step) => refusal && (step.round - refusal.round || step.table - refusal.table ||
    step.count - refusal.count) > 0;
  (log.rounds || []).forEach((round, index) => tablesOf(round).forEach((table, at) => {
    for (let count = 0; count <= (table.actions || []).length; count++) {
      const step = { round: index, table: at, count };
      if (!after(step)) game.steps.push(step);
    }
  }));
  if (!game.steps.length) game.steps.push({ round: 0, table: 0, count: 0 });
  const seat = $("game-seat");
  seat.replaceChildren(el("option", { value: "" }, "both hands"),
    ...(log.players || []).map((player) => el("option", { value: player }, `${player}'s view`)));
  seat.value = (log.players || []).includes(params.get("view")) ? params.get("view") : "";
  params.delete("view");
  $("step-range").max = String(game.steps.length - 1);
  $("game-view").hidden = false;
  const wanted = Number(params.get("step"));
  params.delete("step");
  await showStep(Number.isInteger(wanted) && wanted > 0 ? Math.min(wanted, game.steps.length - 1) : 0);
}

async function showStep(index) {
  index = Math.max(0, Math.min(index, game.steps.length - 1));
  const shown = ++game.shown;
  game.at = index;
  const { round, table: at, count } = game.steps[index];
  const view = $("game-seat").value;
  const entries = [["example", game.name], ["step", index ? String(index) : ""], ["view", view]];
  if (game.name) setAddress(entries);
  $("step-range").value = String(index);
  $("step-first").disabled = $("step-back").disabled = index === 0;
  $("step-next").disabled = $("step-last").disabled = index === game.steps.length - 1;
  let reply;
  try {
    reply = await replay(round, at, count, view);
  } catch (error) {
    showProblem($("game-problem"), error);
    return;
  }
  if (shown !== game.shown) return;
  const table = tableAt(round, at);
  const action = count ? table.actions[count - 1] : null;
  const where = game.log.rounds[round] && game.log.rounds[round].tables ? `, table ${at + 1}` : "";
  $("step-caption").textContent = `Move ${index} of ${game.steps.length - 1} \u00b7 round ${round + 1}${where}: ` +
    (action ? describe(action, view) : `the deal (${table.dealer || "?"} deals, upcard ${table.upcard ? cardText(table.upcard) : "none"})`);
  showRefusal(index);
  if (game.refusal && index === game.steps.length - 1) $("step-caption").textContent += " \u00b7 the next move is refused";
  showTable(reply, round, at, action, view);
  await showSpread(reply, round, at, count, shown);
  showScores(reply, round, $("scores"), game.log);
}

function showRefusal(index) {
  const box = $("refusal");
  const refusal = game.refusal;
  box.hidden = !refusal;
  if (!refusal) return;
  const { violation, round, table, count } = refusal;
  const action = (tableAt(round, table).actions || [])[count] || null;
  box.classList.toggle("here", index === game.steps.length - 1);
  box.replaceChildren(el("strong", {}, `Move ${game.steps.length} refused: `),
    action ? describe(action, "") + ". " : "", ...faultWords(violation));
}

function nextAt(reply, at) {
  const next = reply.next;
  return next && next.tables ? next.tables.find((each) => each.table === at) || null : next || null;
}

function positionAt(reply, round, at) {
  // The table as the reply shows it: in play (`next`), or as its round left it (`final`).
  const next = nextAt(reply, at);
  if (next && next.round === round && next.hand_sizes) return next;
  const over = ((reply.next && reply.next.tables_over) || []).find((each) => each.table === at);
  if (over) return over.final;
  const entry = reply.rounds[round];
  const table = entry && (entry.tables ? entry.tables[at] : entry);
  return (table && table.final) || null;
}

function showTable(reply, round, at, action, view) {
  const next = nextAt(reply, at);
  const position = positionAt(reply, round, at);
  const live = position !== null && position === next;
  const players = Object.keys(tableAt(round, at).hands || {});
  const seats = (players.length ? players : game.log.players || []).map((player) => {
    const cards = position && position.hands ? position.hands[player] : null;
    const moved = action && action.player === player && action.action === "draw" ? action.card : null;
    let shown;
    if (cards) shown = cards.map((card) => cardFace(card, { extra: card === moved ? "moved" : "" }));
    else if (position && position.hand_sizes && player in position.hand_sizes) {
      shown = Array.from({ length: position.hand_sizes[player] }, cardBack);
    } else shown = [];
    const turn = live && next.player === player;
    const facts = el("span", { class: "hint seat-facts" });
    if (cards) handFacts(cards).then((words) => { facts.textContent = words; });
    const hidden = !cards && shown.length;
    return el("div", { class: turn ? "seat turn" : "seat", "data-player": player },
      el("h3", {}, player, turn ? ` \u00b7 ${PHASES[next.phase] || next.phase}` : "",
        hidden ? ` \u00b7 ${shown.length} hidden cards` : "", " ", facts),
      el("div", { class: "fan" + (hidden ? " backs" : "") }, ...shown));
  });
  const pile = position ? position.discard_pile : [];
  const stock = position ? position.stock_remaining : null;
  // The pile's last cards, the top one last and marked; the stock as a card back with its count.
  const facts = el("div", { class: "piles" },
    el("div", { class: "cards", id: "pile" }, el("div", { class: "fan" }, ...pile.slice(-6).map((card, i, top) =>
      cardFace(card, { extra: i === top.length - 1 ? "moved" : "" }))),
    el("span", { class: "caption" }, pile.length ? `discard pile, ${pile.length} card${pile.length === 1 ? "" : "s"}`
      : "the discard pile is empty")),
    stock === null ? null : el("div", { class: "cards" }, el("div", { class: "fan" }, cardBack()),
      el("span", { class: "caption", id: "stock" }, `Stock: ${stock} cards`)));
  $("table").replaceChildren(...seats, facts);
}

async function handFacts(cards) {
  // What the hand is worth as it stands, from the cacheable analysis under the log's rules.
  try {
    const facts = await analysis(cards, game.log.rules);
    const knock = facts.gin ? "gin" : facts.can_knock ? "can knock" : "cannot knock";
    return `\u00b7 deadwood ${facts.deadwood_count}, ${knock}` +
      (facts.discard ? `, best discard ${cardsText(facts.best_discards)}` : "");
  } catch (error) {
    return "";
  }
}

async function showSpread(reply, round, at, count, shown) {
  const box = $("spread");
  const entry = reply.rounds[round];
  const table = tableAt(round, at);
  const result = entry && (entry.tables ? (entry.tables[at] || {}).result : entry.result);
  if (!result || !result.outcome) { box.replaceChildren(); return; }
  const parts = [el("h3", {}, roundTitle(round, result, entry.provisional))];
  const score = result.knocker ? await spreadScore(round, at, count, table, result).catch(() => null) : null;
  if (shown !== game.shown) return;
  if (score) parts.push(spreadView(score, result.knocker, result.defender || otherThan(table, result.knocker)));
  box.replaceChildren(...parts);
}

const otherThan = (table, player) => Object.keys(table.hands || {}).find((each) => each !== player);

async function spreadScore(round, at, count, table, result) {
  // Both spreads, scored again: the hands as the knock left them (the whole log's replay,
  // since a settled knock shows both), the knock's discard from the log.
  const knock = (table.actions || []).find((action) => action.action === "knock");
  const position = positionAt(await replay(round, at, count, ""), round, at);
  const body = scoreBody(position && position.hands, knock, result, game.log.rules, table.upcard);
  return body ? api("POST", "/v1/rounds/score", body) : null;
}

export function setUpGame() {
  const select = $("game-example");
  select.append(el("option", { value: "" }, "choose\u2026"),
    ...Object.keys(EXAMPLES).map((name) => el("option", { value: name }, name)));
  select.addEventListener("change", () => {
    if (select.value) { location.hash = "game"; openLog(EXAMPLES[select.value], select.value); }
  });
  const fromText = (text, name) => {
    try { openLog(JSON.parse(text), name); }
    catch (error) { showProblem($("game-problem"), new Error(`not JSON: ${error.message}`)); }
  };
  $("game-paste").addEventListener("click", () => { select.value = ""; fromText($("game-text").value, ""); });
  $("game-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (file) { select.value = ""; fromText(await file.text(), ""); }
  });
  $("step-first").addEventListener("click", () => showStep(0));
  $("step-back").addEventListener("click", () => showStep(game.at - 1));
  $("step-next").addEventListener("click", () => showStep(game.at + 1));
  $("step-last").addEventListener("click", () => showStep(game.steps.length - 1));
  $("step-range").addEventListener("input", (event) => showStep(Number(event.target.value)));
  $("game-seat").addEventListener("change", () => showStep(game.at));
  document.addEventListener("keydown", (event) => {
    if (!game.log || event.target.closest("input, textarea, select")) return;
    if (event.key === "ArrowRight") showStep(game.at + 1);
    if (event.key === "ArrowLeft") showStep(game.at - 1);
  });
  const example = params.get("example");
  if (example && EXAMPLES[example]) {
    select.value = example;
    openLog(EXAMPLES[example], example);
  } else if (example) {
    showProblem($("game-problem"), new Error(`no example ${example}; examples are ${Object.keys(EXAMPLES).join(", ")}`));
  }
}
