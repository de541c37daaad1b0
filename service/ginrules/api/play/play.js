"use strict";
// The /play page: a game against a bot (POST /v1/deals, /v1/games/replay in your view,
// /v1/bots/{bot}/move, /v1/hints), a hand builder over GET /v1/hands/{hand}/analysis and its
// picture (and POST /v1/hands/melds for the melds a clicked card belongs to), and a game viewer
// that replays each prefix of a log with POST /v1/games/replay. Public API only. The page knows
// no rule: card codes, hands, the pile and the hand sizes all come from the service's replies
// (a log from a file is read back canonical by the replay's echo_log), and the deck with each
// card's words is embedded by the service with the page.

const PHASES = { first_turn: "to take the upcard or pass", draw: "to draw", discard: "to discard",
  last_discard: "to take the last discard or not", lay_down: "to lay down" };
const PAGE_PARAMS = ["hand", "example", "step", "view"];
const EXAMPLES = JSON.parse(document.getElementById("examples").textContent);
// The 52 canonical codes in deck order, each with its words and colour (R-1.4).
const DECK = JSON.parse(document.getElementById("deck-cards").textContent);
const CARD_FACES = new Map(DECK.map((face) => [face.card, face]));
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "class") node.className = value;
    else node.setAttribute(name, value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

// Cards are drawn from canonical codes only: the service's replies, the deck, a log it echoed.
const cardText = (card) => (CARD_FACES.has(card) ? CARD_FACES.get(card).text : String(card));
const redClass = (card) => (CARD_FACES.has(card) && CARD_FACES.get(card).red ? " red" : "");

const cardsText = (cards) => cards.map(cardText).join(" ") || "none";

function cardEl(card, extra = "") {
  return el("span", { class: `card${redClass(card)} ${extra}`.trim(), "data-card": card }, cardText(card));
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const reply = await fetch(path, init);
  const type = reply.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await reply.json() : await reply.text();
  if (!reply.ok) {
    const error = new Error((data && data.detail) || `HTTP ${reply.status}`);
    error.problem = typeof data === "object" ? data : null;
    throw error;
  }
  return data;
}

function ruleLink(fault) {
  return fault.rule_url ? el("a", { href: fault.rule_url }, fault.rule) : null;
}

function showProblem(box, error) {
  box.hidden = false;
  box.replaceChildren(el("strong", {}, error.message));
  const faults = (error.problem && error.problem.errors) || [];
  if (faults.length) {
    box.append(el("ul", {}, ...faults.map((fault) => el("li", {},
      fault.pointer ? el("code", {}, fault.pointer) : null, " ", fault.detail, " ",
      ruleLink(fault)))));
  }
}

function setAddress(entries) {
  const search = new URLSearchParams();
  for (const [name, value] of entries) if (value !== "" && value !== null) search.set(name, value);
  const text = search.toString().replaceAll("%2C", ",");
  history.replaceState(null, "", location.pathname + (text ? `?${text}` : "") + location.hash);
}

// The hand ------------------------------------------------------------------------------------

// `cards`: the input's cards as canonical codes, known when they were clicked on the deck or
// once the service has read what was typed (its analysis's `hand`); null until then.
const hand = { input: $("hand-input"), preset: $("hand-preset"), asked: 0, clicked: null,
  meldsAsked: 0, cards: [] };

function ruleEntries() {
  // Rules options in the page's address go to the API as they are (the GET analysis query).
  const entries = [...params].filter(([name]) => !PAGE_PARAMS.includes(name) && name !== "preset");
  if (hand.preset.value && hand.preset.value !== "standard") entries.unshift(["preset", hand.preset.value]);
  return entries;
}

function rulesBody() {
  // The same rules as a JSON value for the POST endpoints: options typed as JSON types.
  const rules = {};
  for (const [name, text] of ruleEntries()) {
    rules[name] = name === "preset" ? text : text === "true" ? true : text === "false" ? false
      : text === "null" ? null : /^-?\d+$/.test(text) ? Number(text) : text;
  }
  return Object.keys(rules).length ? rules : undefined;
}

function handTokens() {
  return hand.input.value.split(/[\s,]+/).filter(Boolean);
}

async function analyseHand() {
  const tokens = handTokens();
  const asked = ++hand.asked;
  const rules = ruleEntries();
  setAddress(tokens.length ? [["hand", tokens.join(",")], ...rules] : rules);
  $("hand-problem").hidden = true;
  if (!tokens.length) hand.cards = [];
  if (hand.cards) {
    markDeck(hand.cards);
    showMelds();
  }
  if (!tokens.length) {
    $("hand-picture").replaceChildren();
    $("hand-summary").replaceChildren();
    $("discards").hidden = true;
    return;
  }
  const query = new URLSearchParams(rules).toString();
  const path = `/v1/hands/${encodeURIComponent(tokens.join(","))}`;
  try {
    const [analysis, picture] = await Promise.all([
      api("GET", `${path}/analysis${query ? "?" + query : ""}`),
      api("GET", `${path}/image.svg${query ? "?" + query : ""}`),
    ]);
    if (asked !== hand.asked) return;
    const typed = !hand.cards;
    hand.cards = analysis.hand;
    showAnalysis(analysis, picture);
    if (typed) showMelds();
  } catch (error) {
    if (asked !== hand.asked) return;
    showProblem($("hand-problem"), error);
    if (!hand.cards) { // typed cards the service could not read: nothing to mark
      markDeck([]);
      showMelds();
    }
  }
}

function showAnalysis(analysis, picture) {
  $("hand-picture").innerHTML = picture; // the service's own SVG, with its text alternative
  const verdict = analysis.big_gin ? "big gin" : analysis.gin ? "gin"
    : analysis.can_knock === undefined ? `knock limit ${analysis.knock_limit}`
    : analysis.can_knock ? `can knock (limit ${analysis.knock_limit})`
    : `cannot knock (limit ${analysis.knock_limit})`;
  $("hand-summary").replaceChildren(
    `${analysis.card_count} cards \u00b7 deadwood `, el("strong", { id: "deadwood" }, String(analysis.deadwood_count)),
    ` \u00b7 ${verdict}`,
    analysis.discard ? ` \u00b7 best discard ${cardsText(analysis.best_discards)}` : "");
  const table = $("discards");
  table.hidden = !analysis.discards;
  if (analysis.discards) {
    const best = new Set(analysis.best_discards);
    const rows = [...analysis.discards].sort((a, b) => a.deadwood_count - b.deadwood_count);
    table.tBodies[0].replaceChildren(...rows.map((option) => el("tr",
      { class: best.has(option.card) ? "best" : "" },
      el("td", {}, cardEl(option.card)), el("td", {}, String(option.deadwood_count)),
      el("td", {}, option.melds.map((meld) => cardsText(meld.cards)).join(" \u00b7 ") || "none"))));
  }
  markDeck(analysis.hand);
}

async function showMelds() {
  // The melds the last clicked card belongs to, from every meld of the cards (R-2.1, R-2.2,
  // R-2.7): named in words, and their cards marked in the deck.
  const asked = ++hand.meldsAsked;
  const clicked = hand.clicked;
  const box = $("hand-melds");
  if (!clicked || !hand.cards || !hand.cards.includes(clicked)) {
    hand.clicked = null;
    box.replaceChildren();
    markMelds([], null);
    return;
  }
  const body = { hand: hand.cards, with: clicked };
  const rules = rulesBody();
  if (rules) body.rules = rules;
  let reply;
  try {
    reply = await api("POST", "/v1/hands/melds", body);
  } catch (error) {
    if (asked !== hand.meldsAsked) return;
    box.replaceChildren();
    markMelds([], null);
    return; // the analysis shows what is wrong with the cards
  }
  if (asked !== hand.meldsAsked) return;
  const count = reply.count;
  box.replaceChildren(`${cardText(clicked)} is in ${count ? count : "no"} meld${count === 1 ? "" : "s"}`
    + " of these cards", ...(count ? [": ", el("span", { id: "clicked-melds" },
      reply.melds.map((meld) => `${cardsText(meld.cards)} (${meld.kind})`).join(" \u00b7 "))] : []),
    ".");
  markMelds(reply.melds.flatMap((meld) => meld.cards), clicked);
}

function markMelds(cards, clicked) {
  const inMeld = new Set(cards);
  for (const button of $("deck").children) {
    button.classList.toggle("in-meld", inMeld.has(button.dataset.card));
    button.classList.toggle("clicked", button.dataset.card === clicked);
  }
}

function markDeck(cards) {
  const held = new Set(cards);
  for (const button of $("deck").children) {
    button.setAttribute("aria-pressed", String(held.has(button.dataset.card)));
  }
}

function toggleCard(card) {
  // A deck card is a canonical code: it goes in, or comes out of the cards the service read.
  if (hand.cards) {
    const cards = [...hand.cards];
    const at = cards.indexOf(card);
    if (at >= 0) cards.splice(at, 1); else cards.push(card);
    hand.clicked = at >= 0 ? null : card;
    hand.cards = cards;
    hand.input.value = cards.join(" ");
  } else { // typed cards not read yet (or unreadable): the card is added to them
    hand.clicked = card;
    hand.input.value = `${hand.input.value.trim()} ${card}`.trim();
  }
  analyseHand();
}

function setUpHand(presets) {
  for (const { card } of DECK) {
    const button = el("button", { type: "button", "data-card": card, "aria-pressed": "false",
      "aria-label": cardText(card), class: redClass(card).trim() }, cardText(card));
    button.addEventListener("click", () => toggleCard(card));
    $("deck").append(button);
  }
  for (const name of presets) hand.preset.append(el("option", { value: name }, name));
  hand.preset.value = presets.includes(params.get("preset")) ? params.get("preset") : "standard";
  let timer = 0;
  hand.input.addEventListener("input", () => {
    hand.cards = null; // typed: known once the service has read them
    clearTimeout(timer);
    timer = setTimeout(analyseHand, 200);
  });
  hand.preset.addEventListener("change", analyseHand);
  $("hand-clear").addEventListener("click", () => { hand.input.value = ""; analyseHand(); });
  if (params.get("hand")) {
    hand.input.value = params.get("hand").split(",").join(" ");
    hand.cards = null;
    analyseHand();
  }
}

// The game viewer -----------------------------------------------------------------------------

const game = { log: null, name: "", steps: [], at: 0, full: null, replies: new Map(), shown: 0 };

// A round is one table, or two for partnership (R-9.4): a step is a table's first moves.
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

async function openLog(log, name) {
  $("game-problem").hidden = true;
  let full;
  try {
    // An OpenSpiel game (its action ids) becomes a log through the import endpoint first.
    if (log && log.format === "openspiel") log = await api("POST", "/v1/games/import", log);
    // The whole log, echoed as the service read it: from here on every card is a canonical
    // code, whatever notation the file used (R-1.4).
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

function describe(action, view) {
  if (!action) return "";
  const who = action.player;
  switch (action.action) {
    case "pass": return `${who} passes`;
    case "draw":
      if (action.source === "discard") return `${who} takes ${cardText(action.card)} from the discard pile`;
      return view && view !== who ? `${who} draws from the stock`
        : `${who} draws ${action.card ? cardText(action.card) : "a card"} from the stock`;
    case "discard": return `${who} discards ${cardText(action.card)}`;
    case "knock": return action.discard ? `${who} knocks, discarding ${cardText(action.discard)}`
      : `${who} knocks without a discard (big gin)`;
    case "lay_down": {
      const laid = (action.layoffs || []).map((layoff) => cardText(layoff.card));
      return `${who} lays down` + (laid.length ? `, laying off ${laid.join(" ")}` : "");
    }
    default: return `${who}: ${action.action}`;
  }
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
  showScores(reply, round);
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
    action ? describe(action, "") + ". " : "", violation.detail, " ", ruleLink(violation), " ",
    el("code", {}, violation.pointer));
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
    const drawn = action && action.player === player && action.action === "draw" ? action.card : null;
    let shown;
    if (cards) shown = cards.map((card) => cardEl(card, card === drawn ? "moved" : ""));
    else if (position && position.hand_sizes && player in position.hand_sizes) {
      shown = Array.from({ length: position.hand_sizes[player] },
        () => el("span", { class: "card back", "aria-hidden": "true" }, "??"));
      shown.unshift(el("span", { class: "hint" }, "hidden "));
    } else shown = [];
    const turn = live && next.player === player;
    const facts = el("span", { class: "hint seat-facts" });
    if (cards) handFacts(cards).then((words) => { facts.textContent = words; });
    return el("div", { class: turn ? "seat turn" : "seat", "data-player": player },
      el("h3", {}, player, turn ? ` \u00b7 ${PHASES[next.phase] || next.phase}` : "", " ", facts),
      el("div", {}, ...shown));
  });
  const pile = position ? position.discard_pile : [];
  const stock = position ? position.stock_remaining : null;
  const facts = el("div", { class: "pile", id: "pile" },
    el("span", {}, "Discard pile: ", ...(pile.length ? pile.slice(-6).map((card, i, top) =>
      cardEl(card, i === top.length - 1 ? "moved" : "")) : ["empty"]),
      pile.length > 6 ? ` (${pile.length} cards)` : ""),
    stock === null ? null : el("span", { id: "stock" }, `Stock: ${stock} cards`));
  $("table").replaceChildren(...seats, facts);
}

async function handFacts(cards) {
  // What the hand is worth as it stands, from the cacheable analysis under the log's rules.
  const rules = game.log.rules;
  const query = new URLSearchParams(typeof rules === "string" ? { preset: rules } : rules || {});
  try {
    const analysis = await api("GET", `/v1/hands/${encodeURIComponent(cards.join(","))}/analysis?${query}`);
    const knock = analysis.gin ? "gin" : analysis.can_knock ? "can knock" : "cannot knock";
    return `\u00b7 deadwood ${analysis.deadwood_count}, ${knock}` +
      (analysis.discard ? `, best discard ${cardsText(analysis.best_discards)}` : "");
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
  const title = el("h3", {}, `Round ${round + 1}: ` + (result.outcome === "draw" ? "a draw"
    : `${result.knocker} ${result.outcome === "knock" ? "knocks" : "goes " + result.outcome.replace("_", " ")}` +
      (result.winner ? `, ${result.winner} scores ${result.points}` : ", nobody scores")) +
    (entry.provisional ? " (provisional: the defender has not laid down yet)" : ""));
  const parts = [title];
  const picture = result.knocker ? await spreadPicture(round, at, count, table, result).catch(() => null) : null;
  if (shown !== game.shown) return;
  if (picture) parts.push(el("div", { class: "picture" }));
  else if (result.knocker_melds) {
    parts.push(el("p", {}, `${result.knocker}'s melds: `, ...result.knocker_melds.map((meld, i) => el("span", {},
      ...meld.cards.map((card) => cardEl(card)),
      ...(result.layoffs || []).filter((layoff) => layoff.meld === i).map((layoff) => cardEl(layoff.card, "layoff")), " "))));
  }
  box.replaceChildren(...parts);
  if (picture) box.querySelector(".picture").innerHTML = picture;
}

async function spreadPicture(round, at, count, table, result) {
  // Both spreads, scored again as drawn: the hands as the knock left them (the whole log's
  // replay, since a settled knock shows both), the knock's discard from the log.
  const knock = (table.actions || []).find((action) => action.action === "knock");
  const position = positionAt(await replay(round, at, count, ""), round, at);
  const hands = position && position.hands;
  const defender = Object.keys(hands || {}).find((player) => player !== result.knocker);
  if (!knock || !defender || !hands[result.knocker]) return null;
  const body = {
    knocker: { hand: hands[result.knocker], discard: knock.discard, melds: result.knocker_melds },
    defender: { hand: hands[defender], melds: result.defender_melds || [], layoffs: result.layoffs || [] },
    rules: game.log.rules || "standard",
  };
  if (table.upcard) body.upcard = table.upcard;
  return api("POST", "/v1/rounds/score/image.svg", body);
}

function showScores(reply, round, box = $("scores"), log = game.log, prefix = "") {
  const entries = reply.rounds.filter((entry, index) => index <= round && entry.totals);
  if (!entries.length) { box.replaceChildren(); return; }
  // Totals per player (or team); Hollywood's come per game (R-9.1), shown as text.
  const players = entries[0].totals.games ? [] : Object.keys(entries[0].totals);
  const games = (totals) => totals.games.map((each, i) => `game ${i + 1}: ` +
    Object.entries(each.totals).map(([name, points]) => `${name} ${points}`).join(", ")).join(" \u00b7 ");
  const head = el("tr", {}, el("th", {}, "Round"), el("th", {}, "Result"),
    ...(players.length ? players.map((p) => el("th", {}, p)) : [el("th", {}, "Totals")]));
  const rows = entries.map((entry, index) => el("tr", {}, el("td", {}, String(index + 1)),
    el("td", {}, entry.result.winner ? `${entry.result.winner} +${entry.result.points}` : "no points",
      entry.result.outcome ? ` (${entry.result.outcome.replace("_", " ")})` : "",
      entry.provisional ? " provisional" : ""),
    ...(players.length ? players.map((p) => el("td", {}, String(entry.totals[p])))
      : [el("td", {}, games(entry.totals))])));
  const parts = [el("table", { id: `${prefix}totals` }, el("caption", {}, "The score after each round"), el("thead", {}, head), el("tbody", {}, ...rows))];
  if (reply.complete) {
    const bonuses = (reply.bonuses || []).map((bonus) => `${bonus.player} +${bonus.points} ${bonus.term} (${bonus.rule})`);
    parts.push(el("p", { id: `${prefix}game-result` }, el("strong", {}, `Game over: ${reply.winner} wins`),
      ` \u00b7 final ${players.length ? players.map((p) => `${p} ${reply.totals[p]}`).join(", ") : games(reply.totals)}`,
      bonuses.length ? ` \u00b7 bonuses: ${bonuses.join("; ")}` : ""));
  }
  if (players.length) parts.push(chart(players, entries, log));
  box.replaceChildren(...parts);
}

function chart(players, entries, log = game.log) {
  const width = 360, height = 180, left = 34, bottom = 22, top = 26;
  const target = log.rules && typeof log.rules.game_target === "number" ? log.rules.game_target : 0;
  const most = Math.max(target, 1, ...entries.flatMap((entry) => players.map((p) => entry.totals[p])));
  const x = (i) => left + (i * (width - left - 12)) / Math.max(entries.length, 1);
  const y = (v) => height - bottom - (v * (height - bottom - top)) / most;
  const colours = ["#2e6b45", "#c62828", "#1565c0", "#6a1b9a"];
  const ns = "http://www.w3.org/2000/svg";
  const node = (tag, attrs, text) => {
    const child = document.createElementNS(ns, tag);
    for (const [name, value] of Object.entries(attrs)) child.setAttribute(name, value);
    if (text !== undefined) child.textContent = text;
    return child;
  };
  const summary = players.map((p) => `${p} ${entries[entries.length - 1].totals[p]}`).join(", ");
  const svg = node("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
    "aria-label": `Totals after each round: ${summary}` });
  svg.append(node("title", {}, `Totals after each round: ${summary}`));
  svg.append(node("line", { x1: left, y1: y(0), x2: width - 8, y2: y(0), stroke: "#999" }));
  if (target) {
    svg.append(node("line", { x1: left, y1: y(target), x2: width - 8, y2: y(target), stroke: "#999", "stroke-dasharray": "4 3" }));
    svg.append(node("text", { x: 2, y: y(target) + 4, "font-size": 11, "font-family": "sans-serif" }, String(target)));
  }
  entries.forEach((entry, i) => svg.append(node("text", { x: x(i + 1) - 3, y: height - 6,
    "font-size": 11, "font-family": "sans-serif", fill: "#555" }, String(i + 1))));
  svg.append(node("text", { x: 2, y: y(0) + 4, "font-size": 11, "font-family": "sans-serif" }, "0"));
  players.forEach((player, n) => {
    const points = [[0, 0], ...entries.map((entry, i) => [i + 1, entry.totals[player]])];
    svg.append(node("polyline", { fill: "none", stroke: colours[n % 4], "stroke-width": 2.5,
      points: points.map(([i, v]) => `${x(i)},${y(v)}`).join(" ") }));
    svg.append(node("text", { x: left + 4 + n * 90, y: 14, fill: colours[n % 4], "font-size": 12,
      "font-family": "sans-serif", "font-weight": 700 }, `\u2014 ${player}`));
  });
  return el("div", { class: "chart" }, svg);
}

function setUpGame() {
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

// Playing against a bot ----------------------------------------------------------------------
// The game lives in the page (the log, the seed, the settings, kept in localStorage): each
// round is dealt by POST /v1/deals, every move is checked by replaying the log with it
// appended (POST /v1/games/replay, with `view` = you, so the page only knows what you may see),
// the opponent's moves come from POST /v1/bots/{bot}/move, hints from POST /v1/hints.

const ME = "you";
// What a hint's numbers assume of each bot (the hint's opponent_model): simple plays greedily.
const OPPONENT_MODELS = { random: "random", simple: "greedy", advisor: "advisor" };
const STORE = "ginrules-play/1";
const play = { log: null, seed: null, bot: "random", reply: null, selected: null, busy: false,
  asked: 0, picked: new Set() };

const opponent = () => play.log.players.find((name) => name !== ME);
const currentRound = () => play.log.rounds[play.log.rounds.length - 1];
const actionCount = () => play.log.rounds.reduce((sum, round) => sum + round.actions.length, 0);
// The seeds of the bot and the hint follow from the game's seed and the move, so a game
// replays the same way however often the page is reloaded.
const moveSeed = (salt) => ((play.seed % 2147483647) * 31 + actionCount() * 7 + salt) % 2147483647;

function savePlay() {
  try {
    localStorage.setItem(STORE, JSON.stringify({ log: play.log, seed: play.seed, bot: play.bot }));
  } catch (error) { /* private mode: the game still plays, it just does not survive a reload */ }
}

function playRules() {
  const rules = { preset: $("play-preset").value };
  const target = Number($("play-target").value);
  if (Number.isInteger(target) && target > 0) rules.game_target = target;
  return rules;
}

function playProblem(error) {
  // A failed request (the network, the service) keeps the game: Try again asks once more.
  const box = $("play-problem");
  showProblem(box, error);
  if (play.log && play.log.rounds.length) {
    const again = el("button", { type: "button", id: "play-retry" }, "Try again");
    again.addEventListener("click", () => {
      box.hidden = true;
      play.busy = true;
      setButtons();
      refreshPlay().catch(playProblem).finally(() => { play.busy = false; setButtons(); });
    });
    box.append(" ", again);
  }
}

async function newGame(event) {
  if (event) event.preventDefault();
  const bot = $("play-bot").value;
  const first = $("play-first").value;
  const coin = new Uint32Array(1);
  crypto.getRandomValues(coin);
  const dealer = first === "you" ? ME : first === "bot" ? bot : coin[0] % 2 ? ME : bot;
  play.log = { format: "ginrules-log/1", rules: playRules(), players: [ME, bot], rounds: [] };
  play.bot = bot;
  play.seed = null;
  $("play-problem").hidden = true;
  $("play-refusal").hidden = true;
  for (const id of ["play-hints", "play-round", "play-scores"]) $(id).replaceChildren();
  play.busy = true;
  setButtons();
  try {
    await dealRound(dealer);
  } catch (error) {
    playProblem(error);
  } finally {
    play.busy = false;
    setButtons();
  }
}

async function dealRound(dealer) {
  const body = { rules: play.log.rules, players: play.log.players, dealer,
    round: play.log.rounds.length };
  if (play.seed !== null) body.seed = play.seed;
  const dealt = await api("POST", "/v1/deals", body);
  play.seed = dealt.seed;
  play.log.rounds.push(dealt.deal);
  savePlay();
  await refreshPlay();
}

function viewed(log) {
  return { ...log, view: ME };
}

async function refreshPlay() {
  // What you may see now; then the opponent moves until it is your turn or the round is over.
  const asked = ++play.asked;
  $("play-view").hidden = false;
  play.reply = null;
  let reply = await api("POST", "/v1/games/replay", viewed(play.log));
  while (reply.next && reply.next.player === opponent() && reply.next.phase !== "deal") {
    showPlay(reply, true);
    const move = await api("POST", `/v1/bots/${encodeURIComponent(play.bot)}/move`,
      { log: play.log, player: opponent(), seed: moveSeed(1) });
    play.log.rounds[play.log.rounds.length - 1].actions.push(move.action);
    savePlay();
    reply = await api("POST", "/v1/games/replay", viewed(play.log));
    if (!reply.valid) throw new Error(`the opponent's move was refused: ${reply.violations[0].detail}`);
  }
  if (asked !== play.asked) return;
  play.reply = reply;
  showPlay(reply, false);
}

async function tryMove(action) {
  // The move is kept only if the replay of the log with it appended is valid.
  if (play.busy || !play.reply || !play.reply.next) return;
  play.busy = true;
  setButtons();
  const box = $("play-refusal");
  const move = { player: ME, ...action };
  const round = currentRound();
  const candidate = { ...play.log, rounds: [...play.log.rounds.slice(0, -1),
    { ...round, actions: [...round.actions, move] }] };
  try {
    const reply = await api("POST", "/v1/games/replay", viewed(candidate));
    if (!reply.valid) {
      const violation = reply.violations[0];
      box.hidden = false;
      box.replaceChildren(el("strong", {}, `Refused: ${yourMove(move)}. `), violation.detail,
        " ", ruleLink(violation));
      return;
    }
    box.hidden = true;
    if (move.action === "knock") $("play-melds").value = "";
    play.log = candidate;
    play.selected = null;
    play.picked.clear();
    $("play-hints").replaceChildren();
    savePlay();
    await refreshPlay();
  } catch (error) {
    playProblem(error);
  } finally {
    play.busy = false;
    setButtons();
  }
}

function toYou(node) {
  // The shared words name players in the third person; said to you, they read "you knock".
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    text.textContent = text.textContent.replace(/\byou's\b/g, "your")
      .replace(/\byou (knock|score|win|go|lay|draw|discard|take|pass)(e?s)\b/g, "you $1");
  }
  return node;
}

function yourMove(action) {
  // The viewer's words, said to you: "you discard 9♣".
  const verbs = { passes: "pass", draws: "draw", takes: "take", discards: "discard", knocks: "knock", lays: "lay" };
  return describe(action, ME).replace(/^you (\w+)/, (whole, verb) => `you ${verbs[verb] || verb}`);
}

function legal(kind, test = () => true) {
  const next = play.reply && play.reply.next;
  return !!(next && next.player === ME && next.legal_actions.some((action) => action.action === kind && test(action)));
}

function setButtons() {
  const next = play.reply && play.reply.next;
  const mine = !play.busy && next && next.player === ME;
  const phase = mine ? next.phase : null;
  const drawing = phase === "first_turn" || phase === "draw" || phase === "last_discard";
  const chosen = play.selected;
  $("play-stock").disabled = !(drawing && legal("draw", (a) => a.source === "stock"));
  $("play-discard").disabled = !(drawing && legal("draw", (a) => a.source === "discard"));
  $("play-pass").disabled = !(drawing && legal("pass"));
  // Discard and knock act on the card you picked; trying a card the rules refuse says why.
  $("play-discard-card").disabled = !(phase === "discard" && chosen);
  $("play-knock").disabled = !(phase === "discard" && (chosen || legal("knock", (a) => a.discard === null)));
  $("play-lay-down").disabled = phase !== "lay_down";
  $("play-lay-off").disabled = phase !== "lay_down" || !play.picked.size;
  $("play-lay-off").hidden = phase !== "lay_down";
  $("play-melds-label").hidden = $("play-melds-help").hidden = phase !== "discard";
  $("play-melds").disabled = play.busy;
  $("play-next-round").disabled = play.busy || !(next && next.phase === "deal");
  // Between rounds and after the game only the buttons that still mean something are shown.
  const between = !!(play.reply && (play.reply.complete || (next && next.phase === "deal")));
  for (const id of ["play-pass", "play-discard-card", "play-knock", "play-lay-down", "play-hint"]) $(id).hidden = between;
  $("play-next-round").hidden = !(next && next.phase === "deal");
  $("play-hint").disabled = !mine || phase === "deal";
  for (const button of $("play-hand").children) button.disabled = play.busy;
  if (!play.busy && play.reply && play.wantFocus) {
    play.wantFocus = false;
    focusPlay(play.reply);
  }
  // One word for what the table waits for (your phase, "wait", "deal", "over"): for scripts.
  $("play-view").dataset.state = play.busy || !play.reply ? "wait" : play.reply.complete ? "over"
    : !next ? "wait" : next.phase === "deal" ? "deal" : mine ? next.phase : "wait";
}

function knockDiscards() {
  const next = play.reply && play.reply.next;
  if (!next || next.player !== ME || next.phase !== "discard") return [];
  return next.legal_actions.filter((a) => a.action === "knock" && a.discard).map((a) => a.discard);
}

function showPlay(reply, waiting) {
  const next = reply.next;
  const round = currentRound();
  const other = opponent();
  const index = play.log.rounds.length - 1;
  let status;
  if (reply.complete) status = `Game over: ${reply.winner === ME ? "you win" : `${reply.winner} wins`}.`;
  else if (waiting) status = `${other} is thinking\u2026`;
  else if (!next) status = "";
  else if (next.phase === "deal") status = `Round ${index + 1} is over. ${next.player === ME ? "You deal" : `${next.player} deals`} the next round.`;
  else if (next.player === ME) status = `Round ${index + 1}: your turn ${PHASES[next.phase] || next.phase}.`;
  else status = `Round ${index + 1}: ${other} to move.`;
  const last = round.actions[round.actions.length - 1];
  // The opponent's moves since yours, in words.
  let since = round.actions.length;
  while (since > 0 && round.actions[since - 1].player === other) since--;
  const theirMoves = round.actions.slice(since).map((action) => describe(action, ME));
  if (theirMoves.length && !waiting) status = `${theirMoves.join(", then ").replace(new RegExp(`, then ${other} `, "g"), ", then ")}. ${status}`;
  $("play-status").textContent = status;
  // The table while a round is played; between rounds the result below says it all.
  $("play-table").hidden = !next || next.phase === "deal";
  // The opponent: only the number of cards, as the service counts them.
  const theirs = next && next.hand_sizes ? next.hand_sizes[other] || 0 : 0;
  $("play-opponent").replaceChildren(el("h3", {}, `${other} (${play.bot} bot)`,
    round.dealer === other ? " \u00b7 deals" : ""),
  el("div", { "aria-label": `${theirs} hidden cards` }, ...Array.from({ length: theirs },
    () => el("span", { class: "card back", "aria-hidden": "true" }, "??"))));
  // The piles.
  const stock = next && next.stock_remaining !== null && next.stock_remaining !== undefined ? next.stock_remaining : 0;
  $("play-stock").replaceChildren(el("span", { class: "card back", "aria-hidden": "true" }, "??"),
    ` Stock (${stock}): draw`);
  $("play-stock").setAttribute("aria-label", `Draw from the stock, ${stock} cards`);
  const top = next && next.discard_top ? next.discard_top : null;
  $("play-discard").replaceChildren(...(top ? [cardEl(top), " Discard pile: take"] : ["Discard pile: empty"]));
  $("play-discard").setAttribute("aria-label", top ? `Take ${cardText(top)} from the discard pile` : "The discard pile is empty");
  // Your hand: buttons, the one picked pressed, the ones you could knock with marked.
  const cards = next && next.hands && next.hands[ME] ? next.hands[ME] : [];
  if (play.selected && !cards.includes(play.selected)) play.selected = null;
  const knocks = new Set(knockDiscards());
  const layingDown = !!(next && next.player === ME && next.phase === "lay_down");
  if (!layingDown) play.picked.clear();
  for (const card of [...play.picked]) if (!cards.includes(card)) play.picked.delete(card);
  const drawn = last && last.player === ME && last.action === "draw" ? last.card : null;
  $("play-hand").replaceChildren(...cards.map((card) => {
    const button = el("button", { type: "button", class: `card${redClass(card)}${knocks.has(card) ? " can-knock" : ""}${card === drawn ? " moved" : ""}`,
      "data-card": card, "aria-pressed": String(layingDown ? play.picked.has(card) : card === play.selected),
      "aria-label": cardText(card) + (knocks.has(card) ? ", you can knock with it" : "") }, cardText(card));
    button.addEventListener("click", () => {
      // Answering a knock, you pick the cards to lay off; otherwise the one card to play.
      if (layingDown) {
        if (play.picked.has(card)) play.picked.delete(card); else play.picked.add(card);
      } else play.selected = play.selected === card ? null : card;
      showPlay(play.reply, false);
      const again = $("play-hand").querySelector(`[data-card="${card}"]`);
      if (again) again.focus();
    });
    return button;
  }));
  const dealer = round.dealer === ME ? " \u00b7 you deal" : "";
  $("play-mine-title").textContent = `Your hand${dealer}` + (knocks.size
    ? ` \u00b7 you can knock, discarding ${[...knocks].map(cardText).join(" or ")}` : "");
  if (cards.length) {
    handFactsUnder(cards, play.log.rules).then((words) => {
      if (play.reply === reply) $("play-mine-title").append(" ", el("span", { class: "hint" }, words));
    });
  }
  const knock = $("play-knock");
  knock.textContent = play.selected ? `Knock, discarding ${cardText(play.selected)}`
    : legal("knock", (a) => a.discard === null) ? "Knock without a discard (big gin)" : "Knock";
  $("play-discard-card").textContent = play.selected ? `Discard ${cardText(play.selected)}` : "Discard";
  if (!waiting) play.reply = reply;
  setButtons();
  showKnockToAnswer(reply);
  showPlayResults(reply);
  if (!waiting) play.wantFocus = true;
}

function showKnockToAnswer(reply) {
  // The opponent knocked: their melds, and the cards you could lay off on them.
  const box = $("play-knocked");
  const next = reply.next;
  const answer = next && next.player === ME && next.phase === "lay_down"
    ? next.legal_actions.find((action) => action.action === "lay_down") : null;
  box.hidden = !answer;
  if (!answer) { box.replaceChildren(); return; }
  const melds = answer.knocker_melds || [];
  const layable = answer.layable || [];
  box.replaceChildren(el("strong", {}, `${opponent()} knocks with `),
    ...melds.flatMap((meld, i) => [i ? " · " : "", ...meld.cards.map((card) => cardEl(card))]),
    el("br"), layable.length ? `You can lay off ${layable.map((each) => `${cardText(each.card)} on ${cardsText(melds[each.meld].cards)}`).join(", ")}.`
      : "You have nothing to lay off.",
    " Lay down: the service spreads your best reply. Or pick the cards to lay off and lay them off: the rest of your hand is melded as well as it can be.");
}

async function layOffPicked() {
  // Your own spread: the picked cards laid off on the knocker's melds (each on the first meld
  // it fits), the rest of your hand melded as well as it can be; the replay checks it all.
  const next = play.reply && play.reply.next;
  if (!next || next.phase !== "lay_down" || play.busy) return;
  const answer = next.legal_actions.find((action) => action.action === "lay_down") || {};
  const layable = answer.layable || [];
  const hand = next.hands[ME];
  const picked = hand.filter((card) => play.picked.has(card));
  const layoffs = picked.map((card) => {
    const fits = layable.find((each) => each.card === card);
    return { card, meld: fits ? fits.meld : 0 };
  });
  const rest = hand.filter((card) => !play.picked.has(card));
  let melds = [];
  play.busy = true; // from the click on: the table waits, as for any move
  setButtons();
  try {
    if (rest.length) melds = (await api("GET", `/v1/hands/${encodeURIComponent(rest.join(","))}/analysis`)).melds.map((meld) => meld.cards);
  } catch (error) {
    play.busy = false;
    setButtons();
    playProblem(error);
    return;
  } finally {
    play.busy = false; // tryMove takes over at once, with nothing awaited in between
  }
  await tryMove({ action: "lay_down", melds, layoffs });
}

function focusPlay(reply) {
  // By keyboard, the focus goes where the next move is made, unless you are elsewhere.
  const active = document.activeElement;
  if (active && active !== document.body && !$("play-view").contains(active) && active.id !== "play-new") return;
  if (active && $("play-view").contains(active) && !active.disabled && active.isConnected && !active.hidden) return;
  const next = reply.next;
  const phase = next && next.player === ME ? next.phase : next && next.phase === "deal" ? "deal" : null;
  const target = phase === "draw" ? $("play-stock") : phase === "first_turn" || phase === "last_discard" ? $("play-discard")
    : phase === "discard" ? $("play-hand").querySelector("button") : phase === "lay_down" ? $("play-lay-down")
      : phase === "deal" ? $("play-next-round") : null;
  if (target && !target.disabled) target.focus({ preventScroll: true });
}

async function handFactsUnder(cards, rules) {
  const query = new URLSearchParams(typeof rules === "string" ? { preset: rules } : rules || {});
  try {
    const analysis = await api("GET", `/v1/hands/${encodeURIComponent(cards.join(","))}/analysis?${query}`);
    return `\u00b7 deadwood ${analysis.deadwood_count}` + (analysis.gin ? ", gin" : "");
  } catch (error) {
    return "";
  }
}

async function showPlayResults(reply) {
  const index = play.log.rounds.length - 1;
  const box = $("play-round");
  const entry = reply.rounds[index];
  const result = entry && entry.result;
  showScores(reply, reply.rounds.length - 1, $("play-scores"), play.log, "play-");
  toYou($("play-scores"));
  if (!result || !result.outcome || entry.provisional) { box.replaceChildren(); return; }
  const title = result.outcome === "draw" ? `Round ${index + 1}: a draw, nobody scores`
    : `Round ${index + 1}: ${result.knocker} ${result.outcome === "knock" ? "knocks" : "goes " + result.outcome.replace("_", " ")}` +
      (result.winner ? `, ${result.winner} scores ${result.points}` : ", nobody scores");
  const parts = [el("h3", { id: "play-round-title" }, title)];
  if (result.knocker) {
    const meldsText = (melds) => (melds || []).map((meld) => cardsText(meld.cards)).join(" \u00b7 ") || "none";
    const knockerMelds = result.knocker_melds || [];
    parts.push(el("ul", { class: "spread-words" },
      el("li", {}, `${result.knocker}'s melds: ${meldsText(knockerMelds)} (deadwood ${result.deadwood[result.knocker]})`),
      ...Object.keys(result.deadwood).filter((p) => p !== result.knocker).map((p) => el("li", {},
        `${p}'s melds: ${meldsText(result.defender_melds)}` +
        ((result.layoffs || []).length ? `; laid off ${result.layoffs.map((l) => `${cardText(l.card)} on ${cardsText(knockerMelds[l.meld] ? knockerMelds[l.meld].cards : [])}`).join(", ")}` : "; nothing laid off") +
        ` (deadwood ${result.deadwood[p]})`))));
  }
  parts.push(el("ul", { class: "breakdown" }, ...(result.breakdown || []).map((term) =>
    el("li", {}, `${term.term}: ${term.points} `, el("a", { href: `/rules#${term.rule}` }, term.rule)))));
  const picture = el("div", { class: "picture" });
  parts.push(picture);
  box.replaceChildren(...parts);
  toYou(box);
  if (result.knocker) {
    const svg = await playSpread(index, result).catch(() => null);
    if (svg && play.reply === reply) picture.innerHTML = svg; // the service's own SVG
  }
}

async function playSpread(index, result) {
  // Both spreads as the service draws them: the hands as the knock left them (the round is
  // over, so the whole log may be replayed), scored again as the picture.
  const round = play.log.rounds[index];
  const knock = round.actions.find((action) => action.action === "knock");
  if (!knock) return null;
  const upto = { ...play.log, rounds: play.log.rounds.slice(0, index + 1) };
  const entry = (await api("POST", "/v1/games/replay", upto)).rounds[index];
  const hands = entry && entry.final ? entry.final.hands : null;
  const defender = play.log.players.find((p) => p !== result.knocker);
  if (!hands || !hands[result.knocker] || !hands[defender]) return null;
  const body = {
    knocker: { hand: hands[result.knocker], discard: knock.discard, melds: result.knocker_melds },
    defender: { hand: hands[defender], melds: result.defender_melds || [], layoffs: result.layoffs || [] },
    rules: play.log.rules, upcard: round.upcard,
  };
  return api("POST", "/v1/rounds/score/image.svg", body);
}

async function showHints() {
  if (!play.reply || play.busy) return;
  const box = $("play-hints");
  box.replaceChildren(el("p", { class: "hint" }, "Thinking\u2026"));
  try {
    // The numbers assume an opponent (opponent_model): the one you chose to play.
    const hint = await api("POST", "/v1/hints", { log: play.log, player: ME, seed: moveSeed(2), budget_ms: 100,
      opponent_model: OPPONENT_MODELS[play.bot] || "greedy" });
    const percent = (value) => (value === null || value === undefined ? "\u2013" : `${Math.round(value * 100)}%`);
    const points = (value) => (value === null || value === undefined ? "\u2013" : value.toFixed(1));
    box.replaceChildren(el("table", { id: "play-hint-table" },
      el("caption", {}, `Your options, best first (the numbers assume the ${play.bot} bot)`),
      el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, "Move"), el("th", {}, "Why"),
        el("th", {}, "Expected points"), el("th", {}, "Win chance"))),
      el("tbody", {}, ...hint.options.map((option) => {
        const button = el("button", { type: "button", class: "hint-play" }, yourMove(option.action).replace(/^you (.)/, (whole, first) => first.toUpperCase()));
        button.addEventListener("click", () => tryMove(option.action));
        return el("tr", { class: option.rank === 1 ? "best" : "" }, el("td", {}, String(option.rank)),
          el("td", {}, button), el("td", {}, option.reason), el("td", {}, points(option.expected_points)),
          el("td", {}, percent(option.win_chance)));
      }))));
  } catch (error) {
    showProblem(box, error);
  }
}

function downloadLog() {
  const text = JSON.stringify(play.log, null, 1);
  const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
    download: `ginrules-game-${play.seed}.json` });
  document.body.append(link);
  link.click();
  setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
}

function setUpPlay() {
  $("play-setup").addEventListener("submit", newGame);
  $("play-stock").addEventListener("click", () => tryMove({ action: "draw", source: "stock" }));
  $("play-discard").addEventListener("click", () => tryMove({ action: "draw", source: "discard",
    card: play.reply.next.discard_top }));
  $("play-pass").addEventListener("click", () => tryMove({ action: "pass" }));
  $("play-discard-card").addEventListener("click", () => tryMove({ action: "discard", card: play.selected }));
  $("play-knock").addEventListener("click", () => {
    // Your own arrangement, if you typed one: melds split by commas (or semicolons), cards by
    // spaces; the service checks it (R-5.3) and a refused one says why.
    const melds = $("play-melds").value.split(/[,;]/).map((group) => group.trim().split(/\s+/)
      .filter(Boolean)).filter((group) => group.length);
    const knock = { action: "knock", discard: play.selected || null };
    tryMove(melds.length ? { ...knock, melds } : knock);
  });
  $("play-lay-down").addEventListener("click", () => tryMove({ action: "lay_down" }));
  $("play-lay-off").addEventListener("click", layOffPicked);
  $("play-next-round").addEventListener("click", async () => {
    play.busy = true;
    setButtons();
    try { await dealRound(play.reply.next_dealer || play.reply.next.player); }
    catch (error) { playProblem(error); }
    finally { play.busy = false; setButtons(); }
  });
  $("play-hint").addEventListener("click", showHints);
  $("play-download").addEventListener("click", downloadLog);
  $("play-view-log").addEventListener("click", () => {
    $("game-example").value = "";
    openLog(JSON.parse(JSON.stringify(play.log)), "");
    $("game").scrollIntoView();
  });
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(STORE) || "null"); } catch (error) { saved = null; }
  if (saved && saved.log && saved.log.rounds && saved.log.rounds.length) {
    Object.assign(play, { log: saved.log, seed: saved.seed, bot: saved.bot });
    const rules = saved.log.rules || {};
    if (rules.preset) $("play-preset").value = rules.preset;
    if (rules.game_target) $("play-target").value = String(rules.game_target);
    $("play-bot").value = saved.bot;
    play.busy = true;
    refreshPlay().catch(playProblem).finally(() => { play.busy = false; setButtons(); });
  }
}

async function start() {
  let presets = ["standard"];
  try { presets = (await api("GET", "/v1/rules")).presets.map((rules) => rules.preset); } catch (error) { /* offline fallback */ }
  setUpHand(presets);
  setUpGame();
  setUpPlay();
  if (params.get("example") && !params.get("hand")) $("game").scrollIntoView();
}

start();
