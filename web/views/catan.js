// views/catan.js - the Catan (Cities & Knights) table: an SVG hex board
// (terrain, number tokens, harbours, robber, merchant, roads, settlements,
// cities with walls, knights with strength and activity), the barbarian
// track, dice, your hand, progress cards, city improvements and every
// player's board.  Clicking a vertex, an edge or a hex offers the legal
// actions placed there ("settlement 34", "road 29-34", "robber to K");
// trades, cards and the rest are clicked in the panel or the action list.
//
// Geometry: pointy-top hexes lettered A..S in reading order at axial
// coordinates (rows of 3, 4, 5, 4, 3); the 54 vertices are numbered in
// reading order of their positions (top to bottom, left to right), as on the
// terminal map; the nine harbours sit on fixed vertex pairs.

import { t, playerName } from '../i18n.js';
import { clickable, h, hoverTip, s, PLAYER_COLORS } from '../util.js';

const R = 38; // hex radius in SVG units
const W = Math.sqrt(3) * R;
const HEXES = [[0, -2], [1, -2], [2, -2], [-1, -1], [0, -1], [1, -1], [2, -1], [-2, 0], [-1, 0], [0, 0],
  [1, 0], [2, 0], [-2, 1], [-1, 1], [0, 1], [1, 1], [-2, 2], [-1, 2], [0, 2]];
const PORTS = [[0, 3], [1, 5], [10, 15], [26, 32], [42, 46], [49, 52], [47, 51], [33, 38], [11, 16]];
const TERRAIN = { fields: '#e9c84a', forest: '#3f7d3a', hills: '#c0643a', pasture: '#9ccc5a',
  mountains: '#8d8f93', desert: '#e3d3a0' };
const LETTERS = 'ABCDEFGHIJKLMNOPQRS';

function center([q, r]) { return [W * (q + r / 2), 1.5 * R * r]; }

// Corner k of a hex (0 = N, clockwise).
function corner(c, k) {
  const a = Math.PI / 180 * (60 * k - 90);
  return [c[0] + R * Math.cos(a), c[1] + R * Math.sin(a)];
}

// Vertex positions, numbered in reading order (computed once).
const VERTS = (() => {
  const pts = [];
  for (const hx of HEXES) {
    const c = center(hx);
    for (let k = 0; k < 6; k++) {
      const p = corner(c, k);
      if (!pts.some((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) < 1)) pts.push(p);
    }
  }
  pts.sort((a, b) => (Math.abs(a[1] - b[1]) > 1 ? a[1] - b[1] : a[0] - b[0]));
  return pts;
})();

// Edges: pairs of vertices one side apart.
const EDGES = (() => {
  const out = [];
  for (let a = 0; a < VERTS.length; a++)
    for (let b = a + 1; b < VERTS.length; b++)
      if (Math.abs(Math.hypot(VERTS[a][0] - VERTS[b][0], VERTS[a][1] - VERTS[b][1]) - R) < 1) out.push([a, b]);
  return out;
})();

// Actions placed at vertex v: a number word that is not a player, a trade
// amount or a die value.
function vertexActions(legal, v) {
  return legal.filter((a) => {
    const w = a.text.split(/\s+/);
    return w.some((x, i) => x === String(v) && !/^(player|spieler|red|yellow|rot|gelb|trade|tausche)$/i.test(w[i - 1] || ''));
  });
}
const edgeActions = (legal, a, b) => legal.filter((x) => x.text.includes(`${a}-${b}`) || x.text.includes(`${b}-${a}`));
const hexActions = (legal, letter) => legal.filter((x) => x.text.split(/\s+/).slice(1).includes(letter));

function board(ctx, o) {
  const legal = ctx.legal;
  const svg = s('svg', { viewBox: `${-5.2 * W / 2 - 40} ${-5.3 * R} ${5.2 * W + 80} ${10.6 * R}`,
    class: 'catanboard', role: 'img' });
  svg.append(s('rect', { x: -400, y: -400, width: 800, height: 800, fill: '#4f8fc4' }));
  // hexes
  HEXES.forEach((hx, i) => {
    const c = center(hx);
    const pts = [0, 1, 2, 3, 4, 5].map((k) => corner(c, k).map((x) => x.toFixed(1)).join(',')).join(' ');
    const terr = o.terrain[i];
    const g = s('g', { 'data-hex': LETTERS[i], class: 'hex' });
    g.append(s('polygon', { points: pts, fill: TERRAIN[terr] || '#ccc', stroke: '#f3e6c4', 'stroke-width': 3 }));
    g.append(s('text', { x: c[0] - R * 0.55, y: c[1] - R * 0.35, class: 'hexletter', text: LETTERS[i] }));
    const n = o.numbers[i];
    if (n) {
      g.append(s('circle', { cx: c[0], cy: c[1], r: 12, fill: '#fbf3dc', stroke: '#7a6a4f' }));
      g.append(s('text', { x: c[0], y: c[1] + 4.5, class: 'num' + (n === 6 || n === 8 ? ' hot' : ''), text: n }));
    }
    g.append(s('title', { text: `${LETTERS[i]}: ${terr}${n ? ' ' + n : ''}` }));
    if (o.robber === LETTERS[i]) g.append(s('circle', { cx: c[0] + 14, cy: c[1] + 14, r: 7, fill: '#222', class: 'robber' }));
    if (o.merchant === LETTERS[i])
      g.append(s('circle', { cx: c[0] - 14, cy: c[1] + 14, r: 7, fill: PLAYER_COLORS[o.merchant_owner] || '#fff',
        stroke: '#fff', 'stroke-width': 2, class: 'merchant' }));
    const acts = hexActions(legal, LETTERS[i]);
    if (acts.length) clickable(g, acts, ctx.act, `${LETTERS[i]}`);
    svg.append(g);
  });
  // harbours
  PORTS.forEach(([a, b], i) => {
    const m = [(VERTS[a][0] + VERTS[b][0]) / 2, (VERTS[a][1] + VERTS[b][1]) / 2];
    const len = Math.hypot(m[0], m[1]);
    const p = [m[0] * (1 + 22 / len), m[1] * (1 + 22 / len)];
    const kind = o.harbors[i];
    svg.append(s('line', { x1: VERTS[a][0], y1: VERTS[a][1], x2: p[0], y2: p[1], stroke: '#d9c79b', 'stroke-width': 2 }));
    svg.append(s('line', { x1: VERTS[b][0], y1: VERTS[b][1], x2: p[0], y2: p[1], stroke: '#d9c79b', 'stroke-width': 2 }));
    svg.append(s('circle', { cx: p[0], cy: p[1], r: 12, fill: '#f7edd2', stroke: '#7a6a4f' }));
    svg.append(s('text', { x: p[0], y: p[1] + 3.5, class: 'port', text: kind === 'any' ? '3:1' : '2:1' },
      s('title', { text: `${t('harbor')}: ${kind}` })));
    if (kind !== 'any') svg.append(s('text', { x: p[0], y: p[1] + 22, class: 'portkind', text: kind }));
  });
  // roads (and free edges to click)
  for (const [a, b] of EDGES) {
    const owner = o.roads[`${a}-${b}`] ?? o.roads[`${b}-${a}`];
    const acts = edgeActions(legal, a, b);
    if (owner === undefined && !acts.length) continue;
    const line = s('line', { x1: VERTS[a][0], y1: VERTS[a][1], x2: VERTS[b][0], y2: VERTS[b][1],
      class: owner === undefined ? 'edge free' : 'edge road', 'data-edge': `${a}-${b}`,
      stroke: owner === undefined ? 'rgba(255,255,255,.01)' : PLAYER_COLORS[owner], 'stroke-width': owner === undefined ? 9 : 7,
      'stroke-linecap': 'round' });
    if (acts.length) clickable(line, acts, ctx.act, `${a}-${b}`);
    svg.append(line);
  }
  // vertices: buildings, knights, free sites
  VERTS.forEach(([x, y], v) => {
    const b = o.buildings[v], k = o.knights[v];
    const acts = vertexActions(legal, v);
    const g = s('g', { 'data-vertex': v, class: 'vertex' });
    if (b) {
      const col = PLAYER_COLORS[b.player];
      if (b.kind === 'city') {
        if (b.wall) g.append(s('rect', { x: x - 12, y: y - 12, width: 24, height: 24, fill: '#5b4a3a', rx: 3 }));
        g.append(s('rect', { x: x - 9, y: y - 9, width: 18, height: 18, fill: col, stroke: '#fff', 'stroke-width': 2 }));
        if (b.metropolis) g.append(s('text', { x, y: y + 4, class: 'metro', text: 'M' }));
      } else {
        g.append(s('polygon', { points: `${x - 7},${y + 6} ${x + 7},${y + 6} ${x + 7},${y - 2} ${x},${y - 9} ${x - 7},${y - 2}`,
          fill: col, stroke: '#fff', 'stroke-width': 2 }));
      }
      g.append(s('title', { text: `${v}: ${b.kind}${b.wall ? ' + wall' : ''} (${playerName(ctx.seats, b.player)})` }));
    } else if (k) {
      g.append(s('circle', { cx: x, cy: y, r: 10, fill: k.active ? PLAYER_COLORS[k.player] : '#fff',
        stroke: PLAYER_COLORS[k.player], 'stroke-width': 3 }));
      g.append(s('text', { x, y: y + 4, class: 'knight' + (k.active ? ' active' : ''), text: 'I'.repeat(k.level) }));
      g.append(s('title', { text: `${v}: ${t('knights')} ${k.level} ${k.active ? '(active)' : '(inactive)'} (${playerName(ctx.seats, k.player)})` }));
    } else if (acts.length) {
      g.append(s('circle', { cx: x, cy: y, r: 7, class: 'site' }));
    }
    if (acts.length) {
      g.append(s('text', { x: x + 9, y: y - 7, class: 'vnum', text: v }));
      clickable(g, acts, ctx.act, `${v}`);
    }
    if (b || k || acts.length) svg.append(g);
  });
  return svg;
}

function resources(ctx, hand) {
  return h('div.cres', Object.entries(hand || {}).map(([k, n]) =>
    h('span.res.' + k, { 'data-res': k }, h('b', n), ' ', k)));
}

function players(ctx, o) {
  return h('table.dtable.cplayers', h('tr', h('th'), h('th', t('vp')), h('th', t('cards')), h('th', t('progress')),
    h('th', t('improvements')), h('th', 'road'), h('th', t('knights'))),
    o.boards.map((b, p) => h('tr' + (p === ctx.seat ? '.me' : '') + (p === o.turn_player ? '.turn' : ''),
      h('th', h('span.dot', { style: { background: PLAYER_COLORS[p] } }), playerName(ctx.seats, p)),
      h('td', b.vp), h('td', b.cards),
      h('td', `${b.progress.trade}/${b.progress.politics}/${b.progress.science}`),
      h('td', `${b.improvements.trade}/${b.improvements.politics}/${b.improvements.science}`),
      h('td', b.road_length + (o.longest_road === p ? ' ★' : '')),
      h('td', b.knights_played ?? ''))));
}

export function catanView(ctx) {
  const o = ctx.obs;
  const progress = (o.my_progress || []).map((c) => {
    const el = h('span.chip.card', { 'data-card': c }, c);
    clickable(el, ctx.legal.filter((a) => a.text.toLowerCase().includes(String(c).toLowerCase())), ctx.act, c);
    hoverTip(el, () => ctx.help(c));
    return el;
  });
  const ck = o.variant === 'ck';
  return h('div.catan', { 'data-view': 'catan' },
    h('div.dbar',
      h('span', `${t('turn')} ${o.turn}`),
      h('span.big', `${t('dice')}: ${(o.dice || []).filter((d, i) => i < 2 || ck).join(' · ') || '–'}`),
      ck ? h('span', `${t('barbarians')}: ${o.barbarians}/7`, h('span.track', Array.from({ length: 7 }, (_, i) =>
        h('span.step' + (i < o.barbarians ? '.on' : ''))))) : null,
      h('span.muted', `${t('vp')} → ${o.vp_target}`)),
    h('div.catanlayout',
      h('div.boardwrap', board(ctx, o)),
      h('div.cside',
        ctx.seat >= 0 ? h('section', h('h3', t('resources')), resources(ctx, o.hand)) : null,
        ck && ctx.seat >= 0 ? h('section', h('h3', t('progress')), progress.length ? progress : h('span.muted', '—')) : null,
        h('section', h('h3', t('bank')), resources(ctx, o.bank)),
        h('section', h('h3', t('legend')), h('p.legend',
          '⌂ settlement · ■ city (dark frame: wall, M: metropolis) · ○ knight (I/II/III strength; filled: active) · ● robber · ◐ merchant · 3:1 / 2:1 harbours')))),
    h('section', h('h3', t('opponents')), players(ctx, o)));
}
