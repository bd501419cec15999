// views/generic.js - a table view for any game, built from nothing but its
// observation JSON and the data of its legal actions (`targets`).  Kept for
// games that have no view of their own yet, and as the "Observation" tab.
//
//   - Scalars become facts; keys are written as words in the page's
//     language (i18n.js genericKey; the German of every game's keys is in
//     i18n_generic.js), names from fixed lists too (terrains, goods, card
//     types: genericValue), card and place names as the engine gives them;
//     a seat number under a key
//     that names a player ("to_move", "owner", "you", ...) becomes the
//     player's name, and -1 (the engines' "none") becomes "—".
//   - Lists of names become chips (tap: the engine's help text in the
//     details panel; hover with a mouse: the same as a tooltip).
//   - Lists of objects become cards, one per entry (one per player, headed
//     by the player's name, when there is one entry per player); only lists
//     of flat rows with few columns become tables, scrolled inside their own
//     box, so nothing is wider than the screen.
//   - "Choices on the table": every {kind, id} the legal actions target,
//     named from the observation where it holds that thing (an entry with
//     that id, or at that index, in a list named after the kind), each a
//     button offering the actions on it.  Observation entries that are
//     targets are highlighted and clickable too.  Action texts are only
//     shown, never read.

import { genericKey, genericValue, playerName, t } from '../i18n.js';
import { clickable, h, hoverTip } from '../util.js';

const MAX_DEPTH = 4;
const MAX_TABLE_COLS = 6;
// keys whose small integers are seats, and keys whose lists of integers are
const PLAYER_KEY = /(^|_)(player|seat|owner|holder|leader|winner|you|to_move|turn_player|start_player|first_player|dealer|active)$/i;
const PLAYERS_KEY = /(^|_)(pending|winners|owners|order|seats|turn_order)$/i;

function isScalar(v) { return v === null || typeof v !== 'object'; }
function isPlayerIndex(ctx, v) { return Number.isInteger(v) && v >= 0 && v < (ctx.seats?.length || 0); }

// The targets of the legal actions: kind -> id (as a string) -> [actions].
function targetIndex(legal) {
  const idx = new Map();
  for (const a of legal || []) {
    for (const x of a.targets || []) {
      if (!idx.has(x.kind)) idx.set(x.kind, new Map());
      const m = idx.get(x.kind);
      const k = String(x.id);
      if (!m.has(k)) m.set(k, []);
      if (!m.get(k).includes(a)) m.get(k).push(a);
    }
  }
  return idx;
}

// Is a list under `key` the list of things of target kind `kind`?
function keyIsKind(key, kind) {
  const k = String(key || '').toLowerCase(), n = String(kind).toLowerCase();
  return k === n || k === `${n}s` || k === `${n}es` || k.endsWith(`_${n}s`) || k.endsWith(`_${n}es`)
    || (n.endsWith('y') && k === `${n.slice(0, -1)}ies`) || (n === 'vertex' && k === 'vertices');
}

function entryName(e) {
  if (isScalar(e)) return e === null || e === -1 ? null : String(e);
  for (const f of ['name', 'card', 'title', 'town', 'label', 'kind', 'type'])
    if (typeof e[f] === 'string' && e[f]) return e[f];
  return null;
}

// Where the observation holds target (kind, id): {entry, name}.  First a
// list named after the kind (the entry with that id, else at that index);
// then any entry with that `id`, or a name beside an "<x>_ids" list (the
// observation's way of giving the ids of the names in "<x>").
function findThing(obs, kind, id) {
  const walk = (o, depth, pass) => {
    if (!o || typeof o !== 'object' || depth > MAX_DEPTH) return null;
    for (const [k, v] of Object.entries(o)) {
      if (Array.isArray(v)) {
        if (pass === 0 && keyIsKind(k, kind)) {
          const byId = v.find((e) => e && typeof e === 'object' && String(e.id) === String(id));
          const e = byId || (Number.isInteger(+id) ? v[+id] : undefined);
          if (e !== undefined) return { entry: e, name: entryName(e) };
        }
        if (pass === 1) {
          const byId = v.find((e) => e && typeof e === 'object' && String(e.id) === String(id) && entryName(e));
          if (byId) return { entry: byId, name: entryName(byId) };
          const names = k.endsWith('_ids') && Array.isArray(o[k.slice(0, -4)]) ? o[k.slice(0, -4)] : null;
          const at = names ? v.findIndex((x) => String(x) === String(id)) : -1;
          if (at >= 0 && typeof names[at] === 'string') return { entry: names[at], name: names[at] };
        }
      }
      if (v && typeof v === 'object') {
        const r = walk(v, depth + 1, pass);
        if (r) return r;
      }
    }
    return null;
  };
  return walk(obs, 0, 0) || walk(obs, 0, 1);
}

function targetLabel(ctx, kind, id) {
  if (kind === 'player' && isPlayerIndex(ctx, +id)) return playerName(ctx.seats, +id);
  const found = findThing(ctx.obs, kind, id);
  const kindWord = t(`kind_${kind}`) !== `kind_${kind}` ? t(`kind_${kind}`) : String(kind).replace(/_/g, ' ');
  return found?.name ? `${found.name}` : `${kindWord} ${id}`;
}

// A name as a chip: shown in the page's language when it is a word from a
// fixed list (i18n_generic.js), explained by the engine's own word.
function chip(ctx, text) {
  const shown = genericValue(text, ctx.obs?.game);
  const el = h('span.chip.thing', { 'data-thing': text }, shown);
  if (typeof text === 'string' && /[A-Za-zÄÖÜäöü]/.test(text)) hoverTip(el, () => ctx.help(text), shown);
  return el;
}

function scalar(ctx, v, key) {
  if (v === null || v === undefined || v === -1) return h('span.muted', '—');
  if (typeof v === 'boolean') return h('span', { title: v ? t('yes') : t('no') }, v ? '✓' : '✗');
  if (isPlayerIndex(ctx, v) && PLAYER_KEY.test(key || '')) return h('span.pname', playerName(ctx.seats, v));
  // the decision kind as the engine names it for people (never its internal
  // name), also where the pending decision repeats it as its "kind"
  if ((key === 'decision' || key === 'kind') && v && v === ctx.status?.decision && ctx.decisionLabel)
    return h('span', ctx.decisionLabel);
  if (key === 'decision' && v === ctx.status?.decision) return h('span', '—');
  if (typeof v === 'string') return chip(ctx, v);
  return h('span.num', String(v));
}

function value(ctx, v, depth, key) {
  if (isScalar(v)) return scalar(ctx, v, key);
  if (Array.isArray(v)) {
    if (!v.length) return h('span.muted', '—');
    if (v.every(isScalar)) {
      const players = PLAYERS_KEY.test(key || '') && v.every((x) => isPlayerIndex(ctx, x));
      const kinds = [...ctx.targets.keys()].filter((k) => keyIsKind(key, k));
      const els = v.map((x, i) => {
        const el = players ? h('span.chip', playerName(ctx.seats, x)) : scalar(ctx, x, key);
        for (const k of kinds) hook(ctx, el, k, i, x);
        return el;
      });
      // numbers are no chips: a comma between them ("4, 11, 12", never "41112")
      const plain = !players && !v.every((x) => typeof x === 'string');
      return h('span.chips', plain ? els.flatMap((el, i) => (i ? [', ', el] : [el])) : els);
    }
    if (v.every((x) => x && typeof x === 'object' && !Array.isArray(x))) return rows(ctx, v, depth, key);
    // numbered from 0, as the ids of targets are ("corner 0" is the first
    // entry of vertex_hexes)
    return h('div.list', v.map((x, i) => h('div', h('span.muted', `${i}: `), value(ctx, x, depth + 1, key))));
  }
  if (depth >= MAX_DEPTH) return h('code', JSON.stringify(v));
  return section(ctx, v, depth + 1);
}

// Make an observation element clickable when legal actions target it.
function hook(ctx, el, kind, index, entry) {
  const m = ctx.targets.get(kind);
  if (!m) return el;
  const id = entry && typeof entry === 'object' && 'id' in entry ? String(entry.id) : String(index);
  const acts = m.get(id);
  if (acts) clickable(el, acts, ctx.act, targetLabel(ctx, kind, id));
  return el;
}

// A list of objects: a small table when every row is flat and narrow, else
// one card per entry (headed by the player's name when there is one entry
// per player).
function rows(ctx, list, depth, key) {
  const cols = [];
  for (const r of list) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  const perPlayer = ctx.obs && list.length === ctx.seats?.length && /seat|player|board|hand|mat|view|tableau|area/i.test(key || '');
  const kinds = [...ctx.targets.keys()].filter((k) => keyIsKind(key, k));
  const flat = list.every((r) => Object.values(r).every((x) => isScalar(x) || (Array.isArray(x) && x.length <= 4 && x.every(isScalar))));
  if (flat && cols.length <= MAX_TABLE_COLS && !perPlayer) {
    return h('div.gscroll', h('table.gtable',
      h('thead', h('tr', cols.map((c) => h('th', genericKey(c, ctx.obs?.game))))),
      h('tbody', list.map((r, i) => {
        const tr = h('tr', cols.map((c) => h('td', c in r ? value(ctx, r[c], depth + 1, c) : '')));
        for (const k of kinds) hook(ctx, tr, k, i, r);
        return tr;
      }))));
  }
  return h('div.gcards', list.map((r, i) => {
    const head = perPlayer ? playerName(ctx.seats, i) : (entryName(r) || `${i + 1}`);
    const card = h('div.gcard' + (perPlayer && i === ctx.seat ? '.me' : ''), h('div.gcard-head', head),
      section(ctx, r, depth + 1));
    for (const k of kinds) hook(ctx, card, k, i, r);
    return card;
  }));
}

function section(ctx, obj, depth) {
  const facts = h('dl.facts');
  const parts = [];
  for (const [k, v] of Object.entries(obj)) {
    if (isScalar(v) || (Array.isArray(v) && v.every(isScalar) && v.length <= 12))
      facts.append(h('div.fact', h('dt', genericKey(k, ctx.obs?.game)), h('dd', value(ctx, v, depth, k))));
    else parts.push(h('details.gsection', { open: depth <= 2 }, h('summary', genericKey(k, ctx.obs?.game)), value(ctx, v, depth, k)));
  }
  return h('div.gobj', facts.childNodes.length ? facts : null, parts);
}

// Every thing the legal actions target, grouped by kind, as buttons.
function choices(ctx) {
  if (!ctx.targets.size) return null;
  const groups = [];
  for (const [kind, m] of ctx.targets) {
    const kindWord = t(`kind_${kind}`) !== `kind_${kind}` ? t(`kind_${kind}`) : String(kind).replace(/_/g, ' ');
    groups.push(h('div.fact', h('dt', kindWord), h('dd', [...m].map(([id, acts]) =>
      clickable(h('button.chip.target', { 'data-kind': kind, 'data-id': id }, targetLabel(ctx, kind, id)),
        acts, ctx.act, targetLabel(ctx, kind, id))))));
  }
  return h('section.gtargets', h('h3', t('choicesOn')), h('dl.facts', groups));
}

export function genericView(ctx) {
  const c = { ...ctx, targets: targetIndex(ctx.legal) };
  return h('div.generic', { 'data-view': 'generic' }, choices(c), section(c, ctx.obs, 0));
}
