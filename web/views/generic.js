// views/generic.js - a table view for any game, built from nothing but its
// observation JSON and its legal actions.  Scalars become facts, lists of
// names become chips, lists of objects become tables (one row per player
// when the list has one entry per player), nested objects become sections.
// A chip or cell whose text is named by legal actions can be clicked to
// take them; hovering a chip asks the engine's component help.

import { playerName } from '../i18n.js';
import { clickable, h, hoverTip } from '../util.js';

const MAX_DEPTH = 4;

function label(key) { return String(key).replace(/_/g, ' '); }

function chip(ctx, text) {
  const el = h('span.chip.thing', { 'data-thing': text }, text);
  if (typeof text === 'string' && /[A-Za-zÄÖÜäöü]/.test(text)) {
    clickable(el, ctx.actionsFor(text), ctx.act, text);
    hoverTip(el, () => ctx.help(text));
  }
  return el;
}

function scalar(ctx, v) {
  if (v === null || v === undefined) return h('span.muted', '–');
  if (typeof v === 'boolean') return h('span', v ? '✓' : '✗');
  if (typeof v === 'string') return chip(ctx, v);
  return h('span.num', String(v));
}

function isScalar(v) { return v === null || typeof v !== 'object'; }

function value(ctx, v, depth, key) {
  if (isScalar(v)) return scalar(ctx, v);
  if (Array.isArray(v)) {
    if (!v.length) return h('span.muted', '—');
    if (v.every(isScalar)) return h('span.chips', v.map((x) => scalar(ctx, x)));
    if (v.every((x) => x && typeof x === 'object' && !Array.isArray(x))) return table(ctx, v, depth, key);
    return h('div.list', v.map((x, i) => h('div', h('span.muted', `${i}: `), value(ctx, x, depth + 1))));
  }
  if (depth >= MAX_DEPTH) return h('code', JSON.stringify(v));
  return section(ctx, v, depth + 1);
}

// Rows of objects: columns are every key that appears.
function table(ctx, rows, depth, key) {
  const cols = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  const perPlayer = ctx.obs && rows.length === ctx.obs.players && /seat|player|board|hand|mat/i.test(key || '');
  return h('table.gtable', h('thead', h('tr', perPlayer ? h('th') : null, cols.map((c) => h('th', label(c))))),
    h('tbody', rows.map((r, i) => h('tr' + (perPlayer && i === ctx.seat ? '.me' : ''),
      perPlayer ? h('th', playerName(ctx.seats, i)) : null,
      cols.map((c) => h('td', c in r ? value(ctx, r[c], depth + 1, c) : ''))))));
}

function section(ctx, obj, depth) {
  const facts = h('dl.facts');
  const parts = [];
  for (const [k, v] of Object.entries(obj)) {
    if (isScalar(v) || (Array.isArray(v) && v.every(isScalar) && v.length <= 12))
      facts.append(h('div.fact', h('dt', label(k)), h('dd', value(ctx, v, depth, k))));
    else parts.push(h('details.gsection', { open: depth <= 2 }, h('summary', label(k)), value(ctx, v, depth, k)));
  }
  return h('div.gobj', facts, parts);
}

export function genericView(ctx) {
  return h('div.generic', { 'data-view': 'generic' }, section(ctx, ctx.obs, 0));
}
