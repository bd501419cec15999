// views/catan.js - placeholder until its own view is written: generic view.
import { genericView } from './generic.js';
export function catanView(ctx) { return genericView(ctx); }
