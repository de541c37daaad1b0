// /play: the card table against a bot (player.js), the hand builder (hand.js) and the game
// viewer (viewer.js), each a module of its own on the public API; this one starts them.

import { $, api, params } from "./common.js";
import { setUpHand } from "./hand.js";
import { setUpPlay } from "./player.js";
import { setUpGame } from "./viewer.js";

async function start() {
  let presets = ["standard"];
  try { presets = (await api("GET", "/v1/rules")).presets.map((rules) => rules.preset); } catch (error) { /* offline fallback */ }
  setUpHand(presets);
  setUpGame();
  setUpPlay();
  if (params.get("example") && !params.get("hand")) $("game").scrollIntoView();
}

start();
