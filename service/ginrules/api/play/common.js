// What the three parts of /play share: the page's elements, the public API, cards as the service
// draws them, problems in words, a move in words, a round's spreads and the score sheet.
// The page knows no rule: card codes, hands, the pile and the hand sizes all come from the
// service's replies, and the deck (each card's code, words, colour and picture) is embedded by
// the service with the page.

export const PHASES = { first_turn: "to take the upcard or pass", draw: "to draw", discard: "to discard",
  last_discard: "to take the last discard or not", lay_down: "to lay down" };
export const PAGE_PARAMS = ["hand", "example", "step", "view"];
export const $ = (id) => document.getElementById(id);
export const params = new URLSearchParams(location.search);
// The 52 canonical codes in deck order, each with its words, colour and picture (R-1.4).
export const DECK = JSON.parse($("deck-cards").textContent);
const CARD_FACES = new Map(DECK.map((face) => [face.card, face]));

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}

// Cards -----------------------------------------------------------------------------------------
// Drawn from canonical codes only: the service's replies, the deck, a log it echoed.

export const cardText = (card) => (CARD_FACES.has(card) ? CARD_FACES.get(card).text : String(card));
export const redClass = (card) => (CARD_FACES.has(card) && CARD_FACES.get(card).red ? " red" : "");
export const cardsText = (cards) => cards.map(cardText).join(" ") || "none";

/** A card in words, for sentences: its rank and suit sign, in its colour. */
export function cardEl(card, extra = "") {
  return el("span", { class: `card${redClass(card)} ${extra}`.trim(), "data-card": card }, cardText(card));
}

/** Service text with each canonical code of the deck (the service's own list, as it sends
 * them) said in that card's words, so a page shows one notation; nothing else is read. */
const CODES = new RegExp(`\\b(${DECK.map((face) => face.card).join("|")})\\b`, "g");
export const inWords = (text) => String(text).replace(CODES, (code) => cardText(code));

/** A card drawn as a card, as the service's pictures draw it: a button where it can be picked
 * (`button: true`), else a picture; `mark` says why it stands out (drawn, taken, layoff). */
export function cardFace(card, { button = false, mark = "", extra = "", label = "" } = {}) {
  const face = CARD_FACES.get(card);
  const node = el(button ? "button" : "span", {
    class: `card face${redClass(card)}${mark ? " " + mark : ""}${extra ? " " + extra : ""}`,
    "data-card": card, "data-mark": mark || null, type: button ? "button" : null,
    role: button ? null : "img", "aria-label": label || cardText(card), title: cardText(card) });
  if (face) node.insertAdjacentHTML("beforeend", face.picture); // the service's own SVG
  else node.textContent = String(card);
  return node;
}

/** A card face down. */
export const cardBack = () => el("span", { class: "card back", "aria-hidden": "true" });

/** Cards side by side, overlapping like a hand held, with a caption under them. */
export function cardGroup(cards, caption, { kind = "", build = (card) => cardFace(card) } = {}) {
  return el("div", { class: `cards${kind ? " " + kind : ""}`, "data-kind": kind || null },
    el("div", { class: "fan" }, ...cards.map(build)), caption ? el("span", { class: "caption" }, caption) : null);
}

// The API -----------------------------------------------------------------------------------------

export async function api(method, path, body) {
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

export function rulesQuery(rules) {
  return new URLSearchParams(typeof rules === "string" ? { preset: rules } : rules || {}).toString();
}

/** The cacheable analysis of some cards under a log's rules: melds, deadwood, knock. */
export function analysis(cards, rules) {
  const query = rulesQuery(rules);
  return api("GET", `/v1/hands/${encodeURIComponent(cards.join(","))}/analysis${query ? "?" + query : ""}`);
}

// Problems in words -----------------------------------------------------------------------------

export function ruleLink(fault, rule = fault.rule) {
  if (!fault.rule_url || !rule) return null;
  return el("a", { href: fault.rule_url.replace(fault.rule, rule), class: "rule" }, rule);
}

/** A fault for people: its detail with cards in words and each rule it cites linked, then its
 * own rule's link unless the detail cites it already; never the JSON pointer. */
export function faultWords(fault) {
  const parts = [];
  const text = inWords(fault.detail || "");
  let at = 0;
  const cited = new Set();
  for (const match of text.matchAll(/\bR-\d+(?:\.\d+)?\b/g)) {
    parts.push(text.slice(at, match.index));
    parts.push(ruleLink(fault, match[0]) || match[0]);
    cited.add(match[0]);
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  if (fault.rule && !cited.has(fault.rule)) parts.push(" (", ruleLink(fault) || fault.rule, ")");
  return parts.filter((part) => part !== "" && part !== null);
}

export function showProblem(box, error) {
  box.hidden = false;
  const faults = (error.problem && error.problem.errors) || [];
  // One fault: its words say it all; several: the summary, then each.
  if (faults.length === 1) box.replaceChildren(el("strong", {}, ...faultWords(faults[0])));
  else {
    box.replaceChildren(el("strong", {}, inWords(error.message)));
    if (faults.length) box.append(el("ul", {}, ...faults.map((fault) => el("li", {}, ...faultWords(fault)))));
  }
}

export function setAddress(entries) {
  const search = new URLSearchParams();
  for (const [name, value] of entries) if (value !== "" && value !== null) search.set(name, value);
  const text = search.toString().replaceAll("%2C", ",");
  history.replaceState(null, "", location.pathname + (text ? `?${text}` : "") + location.hash);
}

// A move in words -------------------------------------------------------------------------------

export function describe(action, view) {
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

// A round's spreads ----------------------------------------------------------------------------

/** The body of POST /v1/rounds/score for a knock: the hands as the knock left them (a replay's
 * `final`), the knock's discard, the melds and layoffs of the round's result. */
export function scoreBody(hands, knock, result, rules, upcard) {
  const defender = Object.keys(hands || {}).find((player) => player !== result.knocker);
  if (!knock || !defender || !hands[result.knocker]) return null;
  const body = {
    knocker: { hand: hands[result.knocker], discard: knock.discard, melds: result.knocker_melds },
    defender: { hand: hands[defender], melds: result.defender_melds || [], layoffs: result.layoffs || [] },
    rules: rules || "standard",
  };
  if (upcard) body.upcard = upcard;
  return body;
}

const meldCaption = (meld) => `${meld.kind} of ${meld.cards.length}`;

/** Both spreads of a settled knock, as cards (the POST /v1/rounds/score reply): the knocker's
 * melds with the cards laid off on each, the discard, each deadwood, and the score's terms. */
export function spreadView(score, knocker, defender) {
  const laid = new Map();
  for (const layoff of score.defender.layoffs || []) {
    if (!laid.has(layoff.meld)) laid.set(layoff.meld, []);
    laid.get(layoff.meld).push(layoff.card);
  }
  const deadwood = (side) => cardGroup(side.deadwood, `deadwood ${side.deadwood_count}`, { kind: "deadwood" });
  const knockerGroups = score.knocker.melds.map((meld, index) => {
    const extra = laid.get(index) || [];
    return cardGroup([...meld.cards, ...extra], meldCaption(meld) + (extra.length ? ` + ${extra.length} laid off` : ""),
      { kind: "meld", build: (card) => cardFace(card, { mark: extra.includes(card) ? "layoff" : "" }) });
  });
  if (score.knocker.deadwood.length) knockerGroups.push(deadwood(score.knocker));
  if (score.knocker.discard) knockerGroups.push(cardGroup([score.knocker.discard], "discard", { kind: "discard" }));
  const defenderGroups = score.defender.melds.map((meld) => cardGroup(meld.cards, meldCaption(meld), { kind: "meld" }));
  if (score.defender.deadwood.length) defenderGroups.push(deadwood(score.defender));
  const side = (name, role, cards, groups) => el("div", { class: "side", "data-player": name },
    el("h4", {}, `${name} ${role} \u00b7 deadwood ${cards.deadwood_count}`), el("div", { class: "groups" }, ...groups));
  const layoffs = (score.defender.layoffs || []).map((layoff) =>
    `${cardText(layoff.card)} on ${cardsText(score.knocker.melds[layoff.meld].cards)}`);
  return el("div", { class: "spread" },
    side(knocker, "knocks", score.knocker, knockerGroups),
    side(defender, "defends", score.defender, defenderGroups),
    el("p", { class: "layoffs" }, layoffs.length ? `${defender} laid off ${layoffs.join(", ")}.` : `${defender} laid nothing off.`),
    el("ul", { class: "breakdown" }, ...(score.breakdown || []).map((term) =>
      el("li", {}, `${term.term}: ${term.points} `, el("a", { href: `/rules#${term.rule}` }, term.rule)))));
}

export function roundTitle(index, result, provisional) {
  return `Round ${index + 1}: ` + (result.outcome === "draw" ? "a draw, nobody scores"
    : `${result.knocker} ${result.outcome === "knock" ? "knocks" : "goes " + result.outcome.replace("_", " ")}` +
      (result.winner ? `, ${result.winner} scores ${result.points}` : ", nobody scores")) +
    (provisional ? " (provisional: the defender has not laid down yet)" : "");
}

// The score sheet ------------------------------------------------------------------------------

export function showScores(reply, round, box, log, prefix = "") {
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
  const parts = [el("table", { id: `${prefix}totals`, class: "totals" }, el("caption", {}, "The score after each round"),
    el("thead", {}, head), el("tbody", {}, ...rows))];
  if (reply.complete) {
    const bonuses = (reply.bonuses || []).map((bonus) => `${bonus.player} +${bonus.points} ${bonus.term} (${bonus.rule})`);
    parts.push(el("p", { id: `${prefix}game-result`, class: "game-result" }, el("strong", {}, `Game over: ${reply.winner} wins`),
      ` \u00b7 final ${players.length ? players.map((p) => `${p} ${reply.totals[p]}`).join(", ") : games(reply.totals)}`,
      bonuses.length ? ` \u00b7 bonuses: ${bonuses.join("; ")}` : ""));
  }
  if (players.length) parts.push(chart(players, entries, log));
  box.replaceChildren(...parts);
}

function chart(players, entries, log) {
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
  const small = { "font-size": 12, "font-family": "system-ui, sans-serif" };
  if (target) {
    svg.append(node("line", { x1: left, y1: y(target), x2: width - 8, y2: y(target), stroke: "#999", "stroke-dasharray": "4 3" }));
    svg.append(node("text", { x: 2, y: y(target) + 4, ...small }, String(target)));
  }
  entries.forEach((entry, i) => svg.append(node("text", { x: x(i + 1) - 3, y: height - 6, ...small, fill: "#555" }, String(i + 1))));
  svg.append(node("text", { x: 2, y: y(0) + 4, ...small }, "0"));
  players.forEach((player, n) => {
    const points = [[0, 0], ...entries.map((entry, i) => [i + 1, entry.totals[player]])];
    svg.append(node("polyline", { fill: "none", stroke: colours[n % 4], "stroke-width": 2.5,
      points: points.map(([i, v]) => `${x(i)},${y(v)}`).join(" ") }));
    svg.append(node("text", { x: left + 4 + n * 90, y: 14, fill: colours[n % 4], "font-size": 13,
      "font-family": "system-ui, sans-serif", "font-weight": 700 }, `\u2014 ${player}`));
  });
  return el("div", { class: "chart" }, svg);
}
