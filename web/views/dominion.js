// views/dominion.js - placeholder until its own view is written: generic view.
import { genericView } from './generic.js';
export function dominionView(ctx) { return genericView(ctx); }
