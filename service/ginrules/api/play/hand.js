// The hand builder of /play: click or type cards to see a hand's analysis and picture (GET
// /v1/hands/{hand}/analysis and image.svg), every discard's value for eleven cards, and the melds
// a clicked card belongs to (POST /v1/hands/melds).

import { $, DECK, PAGE_PARAMS, api, cardEl, cardText, cardsText, el, params, redClass, setAddress,
  showProblem } from "./common.js";

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
  // Cards clicked are known by their codes (the input shows their words); typed ones go to the
  // service as typed.
  const typed = handTokens();
  const tokens = !typed.length ? [] : hand.cards && hand.cards.length ? hand.cards : typed;
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
    const read = !hand.cards;
    hand.cards = analysis.hand;
    // A hand from the address, once read, is shown in words as if it had been clicked.
    if (hand.fromAddress) hand.input.value = hand.cards.map(cardText).join(" ");
    hand.fromAddress = false;
    showAnalysis(analysis, picture);
    if (read) showMelds();
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
  // named in words, and their cards marked in the deck.
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
    hand.input.value = cards.map(cardText).join(" ");
  } else { // typed cards not read yet (or unreadable): the card is added to them
    hand.clicked = card;
    hand.input.value = `${hand.input.value.trim()} ${cardText(card)}`.trim();
  }
  analyseHand();
}

export function setUpHand(presets) {
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
    hand.fromAddress = false;
    clearTimeout(timer);
    timer = setTimeout(analyseHand, 200);
  });
  hand.preset.addEventListener("change", analyseHand);
  $("hand-clear").addEventListener("click", () => { hand.input.value = ""; hand.cards = []; analyseHand(); });
  if (params.get("hand")) {
    hand.input.value = params.get("hand").split(",").join(" ");
    hand.cards = null;
    hand.fromAddress = true;
    analyseHand();
  }
}
