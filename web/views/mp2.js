// views/mp2.js - placeholder until its own view is written: generic view.
import { genericView } from './generic.js';
export function mp2View(ctx) { return genericView(ctx); }
