// A tiny engine in JavaScript, to show that the conformance protocol is not Python's.
//
//     ginrules conformance --engine "node conformance/adapters/tiny_engine.js"
//
// It answers three topics from docs/rules.md alone: `deadwood` (the least deadwood of up to
// ten cards, by trying every meld the lowest card can be in), `discards` (the same for each
// discard of eleven cards) and `shuffle` (the documented shuffle ginrules-deal/1, with Node's
// SHA-256). Anything else, and round the corner, it says it does not implement.
"use strict";

const crypto = require("crypto");
const readline = require("readline");

const RANKS = "A23456789TJQK";
const SUITS = "SHDC";
const CODES = [...SUITS].flatMap((s) => [...RANKS].map((r) => r + s));
const rank = (card) => (card % 13) + 1;
const suit = (card) => Math.floor(card / 13);
const value = (card, ace) => (rank(card) === 1 ? ace : Math.min(rank(card), 10));

// Every meld of the cards that holds `card`: sets of three or four, runs.
function meldsWith(card, cards) {
  const held = new Set(cards);
  const melds = [];
  const same = cards.filter((c) => rank(c) === rank(card) && c !== card);
  for (let i = 0; i < same.length; i++) {
    for (let j = i + 1; j < same.length; j++) {
      melds.push([card, same[i], same[j]]);
      for (let k = j + 1; k < same.length; k++) melds.push([card, same[i], same[j], same[k]]);
    }
  }
  for (let low = rank(card); low >= 1 && held.has(suit(card) * 13 + low - 1); low--) {
    for (let high = rank(card); high <= 13 && held.has(suit(card) * 13 + high - 1); high++) {
      if (high - low >= 2) {
        const run = [];
        for (let r = low; r <= high; r++) run.push(suit(card) * 13 + r - 1);
        melds.push(run);
      }
    }
  }
  return melds;
}

// The least deadwood: the lowest card is deadwood, or in one of its melds.
function leastDeadwood(cards, ace, memo = new Map()) {
  if (cards.length === 0) return 0;
  const key = cards.join(",");
  if (memo.has(key)) return memo.get(key);
  const [low, ...rest] = cards;
  let best = value(low, ace) + leastDeadwood(rest, ace, memo);
  for (const meld of meldsWith(low, cards)) {
    const left = cards.filter((c) => !meld.includes(c));
    best = Math.min(best, leastDeadwood(left, ace, memo));
  }
  memo.set(key, best);
  return best;
}

function handOf(codes) {
  const cards = codes.map((c) => CODES.indexOf(c));
  if (cards.includes(-1) || new Set(cards).size !== cards.length) return null;
  return cards.sort((a, b) => a - b);
}

// ginrules-deal/1 (docs/rules.md, R-3): SHA-256 blocks, Fisher-Yates from position 51 down.
function deck(seed, round, table) {
  const message = Buffer.alloc(31);
  message.write("ginrules-deal/1", 0, "ascii");
  message.writeBigUInt64BE(BigInt(seed), 15);
  message.writeUInt32BE(round, 23);
  message.writeUInt32BE(table, 27);
  let block = 0;
  let bytes = [];
  const next = () => {
    if (bytes.length === 0) {
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(block++);
      bytes = [...crypto.createHash("sha256").update(Buffer.concat([message, counter])).digest()];
    }
    return bytes.shift();
  };
  const cards = [...CODES];
  for (let i = 51; i > 0; i--) {
    const n = i + 1;
    let byte = next();
    while (byte >= 256 - (256 % n)) byte = next();
    const j = byte % n;
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

const TOPICS = {
  deadwood(options, question) {
    const cards = handOf(question.hand);
    if (!cards || cards.length > 10) return { not_implemented: "a hand of up to ten distinct cards" };
    return { deadwood: leastDeadwood(cards, options.ace_deadwood_value) };
  },
  discards(options, question) {
    const cards = handOf(question.hand);
    if (!cards || cards.length !== 11) return { not_implemented: "eleven distinct cards" };
    const after = {};
    for (const card of cards) {
      after[CODES[card]] = leastDeadwood(cards.filter((c) => c !== card), options.ace_deadwood_value);
    }
    return { after };
  },
  shuffle(options, question) {
    return { deck: deck(question.seed, question.round || 0, question.table || 0) };
  },
};

function reply(message) {
  if ("hello" in message) {
    return { hello: "ginrules-conformance/1", engine: "a tiny engine in JavaScript", topics: Object.keys(TOPICS) };
  }
  const topic = TOPICS[message.topic];
  if (!topic) return { id: message.id, not_implemented: "topic" };
  if (message.options.round_the_corner) return { id: message.id, not_implemented: "round_the_corner: true" };
  const found = topic(message.options, message.question);
  return "not_implemented" in found ? { id: message.id, ...found } : { id: message.id, answer: found };
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  if (message.bye) {
    lines.close();
    return;
  }
  process.stdout.write(JSON.stringify(reply(message)) + "\n");
});
