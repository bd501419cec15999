// views/index.js - which table view draws which game.  A game without its
// own view is drawn by the generic view (from its observation JSON and its
// legal actions), so every registered game is playable from the day it
// lands.

import { genericView } from './generic.js';
import { dominionView } from './dominion.js';
import { catanView } from './catan.js';
import { mp2View } from './mp2.js';
import { fwmView } from './fwm.js';
import { anno1701View } from './anno1701.js';

const views = { dominion: dominionView, catan: catanView, mp2: mp2View, fwm: fwmView,
  anno1701: anno1701View };

export function viewFor(game) { return views[game] || null; }
export { genericView };
