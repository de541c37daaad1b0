// Playing against a bot on /play. The game lives in the page (the log, the seed, the settings,
// kept in localStorage): each round is dealt by POST /v1/deals, every move is checked by
// replaying the log with it appended (POST /v1/games/replay, with `view` = you, so the page only
// knows what you may see), the opponent's moves come from POST /v1/bots/{bot}/move, hints from
// POST /v1/hints. The table shows what the replies say: your hand grouped as the analysis melds
// it, the piles, the opponent's count and public moves; a button is enabled only for a move the
// reply's `next.legal_actions` offers.

import { $, PHASES, analysis, api, cardBack, cardEl, cardFace, cardGroup, cardText, cardsText, describe,
  el, faultWords, roundTitle, scoreBody, showProblem, showScores, spreadView } from "./common.js";
import { openLog } from "./viewer.js";

const ME = "you";
// What a hint's numbers assume of each bot (the hint's opponent_model): simple plays greedily,
// and so, roughly, do the advisor's lower levels (a random move at 8% or more of their
// decisions); levels 4 and 5 are taken as the advisor.
const OPPONENT_MODELS = { random: "random", simple: "greedy", advisor: "advisor" };
// The opponent chosen: a bot's name, or "advisor:N" for the advisor at level N (GET /v1/bots).
const botName = (choice) => choice.split(":")[0];
const botLevel = (choice) => (choice.includes(":") ? Number(choice.split(":")[1]) : null);
const botLabel = (choice) => (botLevel(choice) ? `advisor level ${botLevel(choice)}` : choice);
const modelWords = (choice) => (!botLevel(choice) ? `${choice} bot`
  : `${botLabel(choice)} bot, taken as ${opponentModel(choice) === "advisor" ? "the advisor" : "a greedy player like simple"}`);
const opponentModel = (choice) => (botLevel(choice) ? (botLevel(choice) >= 4 ? "advisor" : "greedy")
  : OPPONENT_MODELS[choice] || "greedy");
const STORE = "ginrules-play/1";
const play = { log: null, seed: null, bot: "random", reply: null, facts: null, selected: null, busy: false,
  asked: 0, picked: new Set(), why: 0 };

const opponent = () => play.log.players.find((name) => name !== ME);
const currentRound = () => play.log.rounds[play.log.rounds.length - 1];
const actionCount = () => play.log.rounds.reduce((sum, round) => sum + round.actions.length, 0);
// The seeds of the bot and the hint follow from the game's seed and the move, so a game
// replays the same way however often the page is reloaded.
const moveSeed = (salt) => ((play.seed % 2147483647) * 31 + actionCount() * 7 + salt) % 2147483647;

// Each level of the advisor named with its measured win share against simple (GET /v1/bots).
async function labelLevels() {
  const { bots } = await api("GET", "/v1/bots");
  const advisor = bots.find((bot) => bot.name === "advisor");
  for (const level of (advisor && advisor.levels) || []) {
    const option = $("play-bot").querySelector(
      `option[value="${level.level === 5 ? "advisor" : `advisor:${level.level}`}"]`);
    if (!option || !level.against_simple) continue;
    const share = Math.round(level.against_simple.win_share * 100);
    option.textContent = `${option.textContent} \u2014 wins ${share}% against simple`;
    option.title = `${level.description}; measured under the ${level.against_simple.rules} rules`;
  }
}

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

function clearNotes() {
  // A move kept, a round dealt, a game begun: what was said of an earlier try is no longer true.
  for (const id of ["play-refusal", "play-why", "play-problem"]) $(id).hidden = true;
  play.why++;
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
  const name = botName(bot);
  const dealer = first === "you" ? ME : first === "bot" ? name : coin[0] % 2 ? ME : name;
  play.log = { format: "ginrules-log/1", rules: playRules(), players: [ME, name], rounds: [] };
  play.bot = bot;
  play.seed = null;
  clearNotes();
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
  clearNotes();
  savePlay();
  await refreshPlay();
}

const viewed = (log) => ({ ...log, view: ME });

async function handFacts(reply) {
  // Your hand as the service melds it (the cacheable analysis under the game's rules).
  const next = reply.next;
  const cards = next && next.hands && next.hands[ME] ? next.hands[ME] : [];
  if (!cards.length) return null;
  try { return await analysis(cards, play.log.rules); } catch (error) { return null; }
}

async function refreshPlay() {
  // What you may see now; then the opponent moves until it is your turn or the round is over.
  // While it thinks, the table stays as your move left it (no half-made move of theirs).
  const asked = ++play.asked;
  $("play-view").hidden = false;
  play.reply = null;
  let reply = await api("POST", "/v1/games/replay", viewed(play.log));
  let waited = false;
  while (reply.next && reply.next.player === opponent() && reply.next.phase !== "deal") {
    if (!waited) showPlay(reply, true, await handFacts(reply));
    waited = true;
    const level = botLevel(play.bot);
    const move = await api("POST", `/v1/bots/${encodeURIComponent(botName(play.bot))}/move`,
      { log: play.log, player: opponent(), seed: moveSeed(1), ...(level ? { level } : {}) });
    play.log.rounds[play.log.rounds.length - 1].actions.push(move.action);
    savePlay();
    reply = await api("POST", "/v1/games/replay", viewed(play.log));
    if (!reply.valid) throw new Error(`the opponent's move was refused: ${reply.violations[0].detail}`);
  }
  const facts = await handFacts(reply);
  const drawn = await drawnCard(reply);
  if (asked !== play.asked) return;
  play.reply = reply;
  play.facts = facts;
  play.drawn = drawn;
  showPlay(reply, false, facts);
}

const myCards = (reply) => (reply && reply.next && reply.next.hands && reply.next.hands[ME]) || [];

async function drawnCard(reply) {
  // Your stock draw names no card in the log (the service deals it): the card just drawn is
  // the one your hand holds now and did not hold before it, as the replays of the log with and
  // without that draw show your hand.
  const actions = currentRound().actions;
  const last = actions[actions.length - 1];
  if (!last || last.player !== ME || last.action !== "draw" || last.source !== "stock") return null;
  try {
    const before = await api("POST", "/v1/games/replay", viewed(withActions((all) => all.slice(0, -1))));
    const held = new Set(myCards(before));
    return myCards(reply).find((card) => !held.has(card)) || null;
  } catch (error) { return null; }
}


async function tryMove(action) {
  // The move is kept only if the replay of the log with it appended is valid.
  if (play.busy || !play.reply || !play.reply.next) return;
  play.busy = true;
  setButtons();
  const box = $("play-refusal");
  const move = { player: ME, ...action };
  const candidate = withMove(move);
  try {
    const reply = await api("POST", "/v1/games/replay", viewed(candidate));
    if (!reply.valid) {
      // Your own move: the service says why in full (your cards are yours to see).
      box.hidden = false;
      box.replaceChildren(el("strong", {}, `Refused: ${yourMove(move)}. `), ...faultWords(reply.violations[0]));
      return;
    }
    clearNotes();
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

function withActions(change) {
  // The game's log with the current round's actions changed (a move tried, the last one taken
  // back), the log itself untouched.
  const round = currentRound();
  return { ...play.log, rounds: [...play.log.rounds.slice(0, -1), { ...round, actions: change(round.actions) }] };
}

const withMove = (move) => withActions((actions) => [...actions, move]);

async function explainPicked(card) {
  // A card picked that the service offers no discard of: ask it why (the replay of that
  // discard, in your view, refuses it with its reason), as a note, not a refusal.
  const box = $("play-why");
  const asked = ++play.why;
  box.hidden = true;
  if (!card || legalDiscard(card) || !legal("discard")) return;
  try {
    const reply = await api("POST", "/v1/games/replay", viewed(withMove({ player: ME, action: "discard", card })));
    if (asked !== play.why || reply.valid) return;
    box.replaceChildren(el("strong", {}, `${cardText(card)} cannot be discarded now: `), ...faultWords(reply.violations[0]));
    box.hidden = false;
  } catch (error) { /* the note is a courtesy: the button stays disabled either way */ }
}

function toYou(node) {
  // The shared words name players in the third person; said to you, they read "you knock".
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text.parentNode && text.parentNode.closest("svg")) continue;
    text.textContent = text.textContent.replace(/\byou's\b/g, "your")
      .replace(/\byou (knock|score|win|go|lay|draw|discard|take|pass|defend)(e?s)\b/g, "you $1");
  }
  return node;
}

function yourMove(action) {
  // The viewer's words, said to you: "you discard 9♣".
  const verbs = { passes: "pass", draws: "draw", takes: "take", discards: "discard", knocks: "knock", lays: "lay" };
  return describe(action, ME).replace(/^you (\w+)/, (whole, verb) => `you ${verbs[verb] || verb}`);
}

function offered() {
  // The moves the service offers you in the position shown (none while the opponent moves).
  const next = play.reply && play.reply.next;
  return next && next.player === ME ? next.legal_actions : [];
}

// A move you may make now: offered, and the page not busy with another.
const legal = (kind, test = () => true) => !play.busy && offered().some((action) => action.action === kind && test(action));
const legalDiscard = (card) => legal("discard", (a) => a.card === card);
const legalKnock = (card) => legal("knock", (a) => (a.discard || null) === (card || null));
const layable = () => {
  const answer = offered().find((action) => action.action === "lay_down");
  return answer ? answer.layable || [] : [];
};

function setButtons() {
  const next = play.reply && play.reply.next;
  const mine = !play.busy && next && next.player === ME;
  const phase = mine ? next.phase : null;
  const chosen = play.selected;
  // Each button is enabled only for a move the service offers now (`next.legal_actions`).
  $("play-stock").disabled = !legal("draw", (a) => a.source === "stock");
  $("play-discard").disabled = !legal("draw", (a) => a.source === "discard");
  $("play-pass").disabled = !legal("pass");
  $("play-discard-card").disabled = !(chosen && legalDiscard(chosen));
  $("play-knock").disabled = !legalKnock(chosen);
  $("play-lay-down").disabled = !legal("lay_down");
  $("play-lay-off").disabled = !legal("lay_down") || !play.picked.size;
  // Only the buttons of the phase at hand are shown (the last one shown while the opponent moves).
  if (phase) play.phase = phase;
  const shown = play.busy || !next || next.player !== ME ? play.phase : phase;
  $("play-pass").hidden = !(shown === "first_turn" || shown === "last_discard");
  $("play-discard-card").hidden = $("play-knock").hidden = shown !== "discard";
  $("play-lay-down").hidden = $("play-lay-off").hidden = shown !== "lay_down";
  $("play-melds-box").hidden = !(phase === "discard" && legal("knock"));
  $("play-melds").disabled = play.busy;
  $("play-next-round").disabled = play.busy || !(next && next.phase === "deal");
  // Between rounds and after the game only the buttons that still mean something are shown.
  const between = !!(play.reply && (play.reply.complete || (next && next.phase === "deal")));
  if (between) {
    play.phase = null;
    for (const id of ["play-pass", "play-discard-card", "play-knock", "play-lay-down", "play-lay-off"]) $(id).hidden = true;
  }
  $("play-hint").hidden = between;
  $("play-next-round").hidden = !(next && next.phase === "deal");
  $("play-hint").disabled = !mine || phase === "deal";
  const laid = new Set(layable().map((each) => each.card));
  for (const button of $("play-hand").querySelectorAll("button")) {
    button.disabled = !(phase === "discard" || (phase === "lay_down" && laid.has(button.dataset.card)));
  }
  if (!play.busy && play.reply && play.wantFocus) {
    play.wantFocus = false;
    focusPlay(play.reply);
  }
  // One word for what the table waits for (your phase, "wait", "deal", "over"): for scripts.
  $("play-view").dataset.state = play.busy || !play.reply ? "wait" : play.reply.complete ? "over"
    : !next ? "wait" : next.phase === "deal" ? "deal" : mine ? next.phase : "wait";
}

function knockDiscards() {
  return offered().filter((a) => a.action === "knock" && a.discard).map((a) => a.discard);
}

const offersDiscard = (card) => offered().some((a) => a.action === "discard" && a.card === card);

function status(reply, waiting) {
  const next = reply.next;
  const other = opponent();
  const index = play.log.rounds.length - 1;
  let words;
  if (reply.complete) words = `Game over: ${reply.winner === ME ? "you win" : `${reply.winner} wins`}.`;
  else if (waiting) words = `${other} is thinking\u2026`;
  else if (!next) words = "";
  else if (next.phase === "deal") words = `Round ${index + 1} is over. ${next.player === ME ? "You deal" : `${next.player} deals`} the next round.`;
  else if (next.player === ME) words = `Round ${index + 1}: your turn ${PHASES[next.phase] || next.phase}.`;
  else words = `Round ${index + 1}: ${other} to move.`;
  // The opponent's moves since yours, in words.
  const theirs = theirTurn().map((action) => describe(action, ME));
  if (theirs.length && !waiting) words = `${theirs.join(", then ").replace(new RegExp(`, then ${other} `, "g"), ", then ")}. ${words}`;
  return words;
}

function theirTurn() {
  // The opponent's moves of this round since your last one.
  const actions = currentRound().actions;
  let since = actions.length;
  while (since > 0 && actions[since - 1].player === opponent()) since--;
  return actions.slice(since);
}

function theirLastTurn() {
  // The opponent's last moves of this round, before any of yours since.
  const actions = currentRound().actions;
  let end = actions.length;
  while (end > 0 && actions[end - 1].player !== opponent()) end--;
  let start = end;
  while (start > 0 && actions[start - 1].player === opponent()) start--;
  return actions.slice(start, end);
}

function opponentSeat(next, round) {
  // Their hidden hand as backs (the service's count), their last moves and every card they took
  // from the pile this round (both public), each drawn as the card.
  const other = opponent();
  const count = next && next.hand_sizes ? next.hand_sizes[other] || 0 : 0;
  const label = other === botLabel(play.bot) ? `${other} bot` : `${other} (${botLabel(play.bot)} bot)`;
  const moves = theirLastTurn();
  const verb = { pass: "passed", knock: "knocked, discarding", discard: "discarded", lay_down: "laid down" };
  const shown = moves.map((action) => {
    if (action.action === "draw") {
      return action.source === "discard" ? el("li", { class: "took" }, "took ", cardFace(action.card, { mark: "taken" }))
        : el("li", { class: "drew" }, "drew from the stock");
    }
    const card = action.card || action.discard;
    return el("li", { class: action.action }, verb[action.action] || action.action, card ? " " : "", card ? cardFace(card) : null);
  });
  const taken = round.actions.filter((action) => action.player === other && action.action === "draw" && action.source === "discard");
  $("play-opponent").replaceChildren(...[
    el("h3", {}, label, round.dealer === other ? " \u00b7 deals" : "", ` \u00b7 ${count} cards`),
    el("div", { class: "fan backs", role: "img", "aria-label": `${count} hidden cards` }, ...Array.from({ length: count }, cardBack)),
    shown.length ? el("ul", { id: "play-their-moves", "aria-label": `${other}'s last moves` },
      el("li", { class: "hint" }, "last turn:"), ...shown) : null,
    taken.length ? el("p", { id: "play-their-takes", class: "takes" }, "Taken from the pile this round: ",
      ...taken.map((action) => cardEl(action.card))) : null].filter(Boolean));
}

function piles(next) {
  const stock = next && typeof next.stock_remaining === "number" ? next.stock_remaining : 0;
  $("play-stock").replaceChildren(cardBack(), el("span", { class: "caption" }, `Stock \u00b7 ${stock}`));
  $("play-stock").setAttribute("aria-label", `Draw from the stock, ${stock} cards`);
  const pile = next && next.discard_pile ? next.discard_pile : [];
  const top = pile.length ? pile[pile.length - 1] : null;
  // The card under the top one peeks out: the pile is public.
  const under = pile.length > 1 ? pile[pile.length - 2] : null;
  $("play-discard").replaceChildren(
    el("span", { class: "fan" }, under ? cardFace(under, { extra: "under" }) : null,
      top ? cardFace(top, { extra: "top" }) : el("span", { class: "card slot", "aria-hidden": "true" })),
    el("span", { class: "caption" }, top ? `Discard pile \u00b7 ${cardText(top)}` : "Discard pile"));
  $("play-discard").setAttribute("aria-label", top ? `Take ${cardText(top)} from the discard pile` : "The discard pile has no card");
}

function handGroups(cards, facts, drawn, layingDown) {
  // The melds the analysis finds, each a group, then the cards in no meld; a card just drawn or
  // taken says so.
  const knocks = new Set(knockDiscards());
  const build = (card) => {
    const button = cardFace(card, { button: true, mark: drawn && drawn.card === card ? drawn.mark : "",
      extra: `${knocks.has(card) ? "can-knock" : ""}${drawn && drawn.card === card ? " moved" : ""}`.trim(),
      label: cardText(card) + (knocks.has(card) ? ", you can knock with it" : "") +
        (drawn && drawn.card === card ? `, just ${drawn.mark}` : "") });
    button.setAttribute("aria-pressed", String(layingDown ? play.picked.has(card) : card === play.selected));
    button.addEventListener("click", () => pick(card, layingDown));
    return button;
  };
  const held = new Set(cards);
  const melds = facts ? facts.melds.filter((meld) => meld.cards.every((card) => held.has(card))) : [];
  const inMelds = new Set(melds.flatMap((meld) => meld.cards));
  const rest = cards.filter((card) => !inMelds.has(card));
  const groups = melds.map((meld) => cardGroup(meld.cards, `${meld.kind} of ${meld.cards.length}`, { kind: "meld", build }));
  if (rest.length) {
    const discard = facts && facts.discard;
    const words = !facts ? "" : melds.length || facts.deadwood.length ? `deadwood ${facts.deadwood_count}` +
      (discard && offersDiscard(discard) ? ` after discarding ${cardText(discard)}` : "") : "";
    groups.push(cardGroup(rest, melds.length ? `not in a meld \u00b7 ${words}` : words, { kind: "deadwood", build }));
  }
  return groups;
}

function pick(card, layingDown) {
  // Answering a knock, you pick the cards to lay off; otherwise the one card to play.
  if (layingDown) {
    if (play.picked.has(card)) play.picked.delete(card); else play.picked.add(card);
  } else play.selected = play.selected === card ? null : card;
  showPlay(play.reply, false, play.facts);
  if (!layingDown) explainPicked(play.selected);
  const again = $("play-hand").querySelector(`[data-card="${card}"]`);
  if (again) again.focus();
}

function showPlay(reply, waiting, facts) {
  const next = reply.next;
  const round = currentRound();
  $("play-status").textContent = status(reply, waiting);
  // The table while a round is played; between rounds the result below says it all.
  $("play-table").hidden = !next || next.phase === "deal";
  if (!$("play-table").hidden) {
    opponentSeat(next, round);
    piles(next);
  }
  // Your hand, grouped by its melds; the card picked raised, the ones you could knock with marked.
  const cards = next && next.hands && next.hands[ME] ? next.hands[ME] : [];
  if (play.selected && !cards.includes(play.selected)) play.selected = null;
  const layingDown = !!(next && next.player === ME && next.phase === "lay_down");
  if (!layingDown) play.picked.clear();
  for (const card of [...play.picked]) if (!cards.includes(card)) play.picked.delete(card);
  const last = round.actions[round.actions.length - 1];
  const drawn = last && last.player === ME && last.action === "draw"
    ? { card: last.source === "discard" ? last.card : play.drawn, mark: last.source === "discard" ? "taken" : "drawn" } : null;
  if (!waiting) play.reply = reply;
  $("play-hand").replaceChildren(...handGroups(cards, facts, drawn, layingDown));
  const knocks = knockDiscards();
  const dealer = round.dealer === ME ? " \u00b7 you deal" : "";
  $("play-mine-title").textContent = `Your hand${dealer}` +
    (facts ? ` \u00b7 deadwood ${facts.deadwood_count}${facts.gin ? ", gin" : ""}` : "") +
    (knocks.length ? ` \u00b7 you can knock, discarding ${knocks.map(cardText).join(" or ")}` : "");
  const knock = $("play-knock");
  knock.textContent = play.selected ? `Knock, discarding ${cardText(play.selected)}`
    : offered().some((a) => a.action === "knock" && !a.discard) ? "Knock without a discard (big gin)" : "Knock";
  $("play-discard-card").textContent = play.selected ? `Discard ${cardText(play.selected)}` : "Discard";
  setButtons();
  showKnockToAnswer(reply);
  if (!waiting) {
    showPlayResults(reply);
    play.wantFocus = true;
  }
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
  const laid = answer.layable || [];
  box.replaceChildren(el("strong", {}, `${opponent()} knocks with`),
    el("div", { class: "groups" }, ...melds.map((meld) => cardGroup(meld.cards, `${meld.kind} of ${meld.cards.length}`, { kind: "meld" }))),
    el("p", {}, laid.length ? `You can lay off ${laid.map((each) => `${cardText(each.card)} on ${cardsText(melds[each.meld].cards)}`).join(", ")}.`
      : "You have nothing to lay off.",
    " Lay down: the service spreads your best reply. Or pick the cards to lay off and lay them off: the rest of your hand is melded as well as it can be."));
}

async function layOffPicked() {
  // Your own spread: the picked cards laid off on the knocker's melds (each on the meld the
  // service says it fits), the rest of your hand melded as well as it can be; the replay
  // checks it all.
  const next = play.reply && play.reply.next;
  if (!next || next.phase !== "lay_down" || play.busy) return;
  const fits = layable();
  const hand = next.hands[ME];
  const picked = hand.filter((card) => play.picked.has(card));
  const layoffs = picked.map((card) => ({ card, meld: (fits.find((each) => each.card === card) || { meld: 0 }).meld }));
  const rest = hand.filter((card) => !play.picked.has(card));
  let melds = [];
  play.busy = true; // from the click on: the table waits, as for any move
  setButtons();
  try {
    if (rest.length) melds = (await analysis(rest)).melds.map((meld) => meld.cards);
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
    : phase === "discard" ? [...$("play-hand").querySelectorAll("button")].find((button) => offersDiscard(button.dataset.card))
      : phase === "lay_down" ? $("play-lay-down")
      : phase === "deal" ? $("play-next-round") : null;
  if (target && !target.disabled) target.focus({ preventScroll: true });
}

async function showPlayResults(reply) {
  const index = play.log.rounds.length - 1;
  const box = $("play-round");
  const entry = reply.rounds[index];
  const result = entry && entry.result;
  showScores(reply, reply.rounds.length - 1, $("play-scores"), play.log, "play-");
  toYou($("play-scores"));
  if (!result || !result.outcome || entry.provisional) { box.replaceChildren(); return; }
  box.replaceChildren(el("h3", { id: "play-round-title" }, roundTitle(index, result, false)));
  toYou(box);
  if (!result.knocker) return;
  const score = await roundScore(index, result).catch(() => null);
  if (!score || play.reply !== reply) return;
  const defender = play.log.players.find((p) => p !== result.knocker);
  box.append(toYou(spreadView(score, result.knocker, defender)));
}

async function roundScore(index, result) {
  // Both spreads scored by the service: the hands as the knock left them (the round is over,
  // so the whole log may be replayed), the knock from the log.
  const round = play.log.rounds[index];
  const knock = round.actions.find((action) => action.action === "knock");
  const upto = { ...play.log, rounds: play.log.rounds.slice(0, index + 1) };
  const entry = (await api("POST", "/v1/games/replay", upto)).rounds[index];
  const body = scoreBody(entry && entry.final ? entry.final.hands : null, knock, result, play.log.rules, round.upcard);
  return body ? api("POST", "/v1/rounds/score", body) : null;
}

async function showHints() {
  if (!play.reply || play.busy) return;
  const box = $("play-hints");
  box.replaceChildren(el("p", { class: "hint" }, "Thinking\u2026"));
  try {
    // The numbers assume an opponent (opponent_model): the one you chose to play.
    const hint = await api("POST", "/v1/hints", { log: play.log, player: ME, seed: moveSeed(2), budget_ms: 100,
      opponent_model: opponentModel(play.bot) });
    box.replaceChildren(el("table", { id: "play-hint-table" },
      el("caption", {}, `Your options, best first (the numbers assume the ${modelWords(play.bot)}; `
        + "\u00b1 one standard error)"),
      el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, "Move"), el("th", {}, "Why"),
        el("th", {}, "Expected points"), el("th", {}, "Win chance"))),
      el("tbody", {}, ...hint.options.map((option, index) => {
        const button = el("button", { type: "button", class: "hint-play" }, yourMove(option.action).replace(/^you (.)/, (whole, first) => first.toUpperCase()));
        button.addEventListener("click", () => tryMove(option.action));
        // The reply's tier: an option in the previous option's tier is about equal to it.
        const previous = hint.options[index - 1];
        const equal = previous && option.tier !== null && option.tier === previous.tier;
        const rank = el("td", {}, String(option.rank));
        if (equal) rank.append(" ", el("span", { class: "about-equal" }, "about equal"));
        // An option without numbers (too few playouts) shows none: the reply says why.
        const shown = option.expected_points !== null && option.expected_points !== undefined;
        const why = shown ? {} : { title: option.numbers_withheld || "" };
        return el("tr", { class: option.rank === 1 ? "best" : "", "data-tier": String(option.tier ?? "") },
          rank, el("td", {}, button), el("td", {}, inWordsOf(option.reason)),
          el("td", { class: "hint-points", ...why }, shown ? hintPoints(option) : null),
          el("td", { class: "hint-chance", ...why }, shown ? hintChance(option) : null));
      }))));
  } catch (error) {
    showProblem(box, error);
  }
}

const inWordsOf = (text) => faultWords({ detail: text });

// A hint's numbers as the reply gives them, with their standard errors: "\u22122.8 \u00b1 0.6",
// "43% \u00b1 3%". A chance that would round to 0% or 100% reads "<1%" or ">99%": a hint's
// chance is never 0 or 1 (it is a sample of playouts), and the table does not round it there.
const signed = (value) => value.toFixed(1).replace(/^-/, "\u2212");
const hintPoints = (option) => option.expected_points_std_error === null
  || option.expected_points_std_error === undefined ? signed(option.expected_points)
  : `${signed(option.expected_points)} \u00b1 ${option.expected_points_std_error.toFixed(1)}`;
const hintChance = (option) => {
  const percent = option.win_chance * 100;
  const chance = percent >= 99.5 ? ">99%" : percent < 0.5 ? "<1%" : `${Math.round(percent)}%`;
  const error = option.win_chance_std_error;
  if (error === null || error === undefined) return chance;
  return `${chance} \u00b1 ${error * 100 < 1 ? "<1" : Math.round(error * 100)}%`;
};

function downloadLog() {
  const text = JSON.stringify(play.log, null, 1);
  const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
    download: `ginrules-game-${play.seed}.json` });
  document.body.append(link);
  link.click();
  setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
}

export function setUpPlay() {
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
  labelLevels().catch(() => { /* the options keep their plain names */ });
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
