// views/catan.js - the Catan (Cities & Knights, or the base game) table: an
// SVG hex board (terrain, number tokens, harbours, robber, merchant, roads,
// settlements, cities with walls, knights with strength and activity), the
// barbarian track, the dice with the event die drawn as what it shows, your
// hand, your cards, the trade being composed or answered, a panel with the
// choices that are not on the board, and every player's board.
//
// What can be clicked comes only from the legal actions' targets (the
// engine's kt_action_info, docs/targets.md): "vertex" ids are the vertex
// numbers (keys of buildings/knights), "edge" ids index the observation's
// "edges" (vertex pairs), "hex" ids index "terrain"; players, goods, cards,
// tracks and dice faces become buttons labelled from the verb and target.
// Texts of actions are never read (only shown in the menu).
//
// Geometry: pointy-top hexes A..S in reading order at axial coordinates
// (rows of 3, 4, 5, 4, 3); the 54 vertices are numbered in reading order of
// their positions, as the engine numbers them; harbours sit on fixed vertex
// pairs.

import { playerName } from '../i18n.js';
import { clickable, h, s, PLAYER_COLORS } from '../util.js';

const R = 38; // hex radius in SVG units
const W = Math.sqrt(3) * R;
const HEXES = [[0, -2], [1, -2], [2, -2], [-1, -1], [0, -1], [1, -1], [2, -1], [-2, 0], [-1, 0], [0, 0],
  [1, 0], [2, 0], [-2, 1], [-1, 1], [0, 1], [1, 1], [-2, 2], [-1, 2], [0, 2]];
const PORTS = [[0, 3], [1, 5], [10, 15], [26, 32], [42, 46], [49, 52], [47, 51], [33, 38], [11, 16]];
const TERRAIN = { fields: '#e9c84a', forest: '#3f7d3a', hills: '#c0643a', pasture: '#9ccc5a',
  mountains: '#8d8f93', desert: '#e3d3a0' };
const LETTERS = 'ABCDEFGHIJKLMNOPQRS';
const VERTEX_HIT = 27; // hit radius: >= 40 px on a 390 px phone (board about 340 px wide)
const EDGE_HIT = 25;

const WORDS = {
  en: {
    turn: 'Turn', dice: 'Dice', barbarians: 'Barbarians', vp: 'VP', to: 'to win', resources: 'Your hand',
    bank: 'Bank', progress: 'Progress cards', improvements: 'Improvements', road: 'Road', knights: 'Knights',
    army: 'Knights played', dev: 'Development cards', devNew: 'new', cards: 'Cards', players: 'Players',
    legend: 'Legend', choices: 'Your choices', trade: 'Trade', offers: (n) => `${n} offers`, asks: 'and asks for',
    yourOffer: 'Your offer so far', give: 'give', get: 'for', nothing: 'nothing yet', everybody: 'everybody',
    event: { none: '—', ship: 'ship (barbarians advance)', trade: 'trade gate', politics: 'politics gate', science: 'science gate' },
    harbor: 'harbour', any: 'any',
    legendBase: '⌂ settlement · ■ city · ● robber · 3:1 / 2:1 harbours',
    legendText: '⌂ settlement · ■ city (dark frame: wall, M: metropolis) · ○ knight (I/II/III strength; filled: active) · ● robber · ◐ merchant · 3:1 / 2:1 harbours',
    goods: { brick: 'brick', lumber: 'lumber', wool: 'wool', grain: 'grain', ore: 'ore', paper: 'paper', cloth: 'cloth', coin: 'coin' },
    tracks: { trade: 'trade', politics: 'politics', science: 'science' },
    devs: { knight: 'Knight', victory_point: 'Victory Point', road_building: 'Road Building', year_of_plenty: 'Year of Plenty', monopoly: 'Monopoly' },
    level: { 1: 'basic', 2: 'strong', 3: 'mighty' },
    verbs: {
      roll: 'Roll the dice', end_turn: 'End turn', done: 'Done', improve: 'Improve', bank_trade: 'Trade with the bank',
      play_progress: 'Play', buy_dev: 'Buy a development card', play_dev: 'Play', discard: 'Discard', steal: 'Steal from',
      take: 'Take', set_dice: 'Dice', propose_trade: 'Propose a trade', offer: 'Offer', ask: 'Ask for',
      send_offer: 'Propose to', send_offer_all: 'Propose to everybody', accept: 'Accept', decline: 'Decline',
      trade_with: 'Trade with', cancel: 'Cancel', draw_progress: 'Draw', discard_progress: 'Discard',
      choose_player: 'Choose', spy_take: 'Take', monopoly: 'Monopoly on', give: 'Give', harbor_offer: 'Offer',
      skip: 'Skip', place_knight: 'Place knight',
    },
  },
  de: {
    turn: 'Zug', dice: 'Würfel', barbarians: 'Barbaren', vp: 'SP', to: 'zum Sieg', resources: 'Deine Hand',
    bank: 'Bank', progress: 'Fortschrittskarten', improvements: 'Ausbau', road: 'Straße', knights: 'Ritter',
    army: 'Gespielte Ritter', dev: 'Entwicklungskarten', devNew: 'neu', cards: 'Karten', players: 'Spieler',
    legend: 'Legende', choices: 'Deine Wahl', trade: 'Handel', offers: (n) => `${n} bietet`, asks: 'und verlangt',
    yourOffer: 'Dein Angebot bisher', give: 'gib', get: 'für', nothing: 'noch nichts', everybody: 'alle',
    event: { none: '—', ship: 'Schiff (Barbaren rücken vor)', trade: 'Tor Handel', politics: 'Tor Politik', science: 'Tor Wissenschaft' },
    harbor: 'Hafen', any: 'beliebig',
    legendBase: '⌂ Siedlung · ■ Stadt · ● Räuber · 3:1 / 2:1 Häfen',
    legendText: '⌂ Siedlung · ■ Stadt (dunkler Rahmen: Mauer, M: Metropole) · ○ Ritter (Stärke I/II/III; gefüllt: aktiv) · ● Räuber · ◐ Händler · 3:1 / 2:1 Häfen',
    goods: { brick: 'Lehm', lumber: 'Holz', wool: 'Wolle', grain: 'Getreide', ore: 'Erz', paper: 'Papier', cloth: 'Tuch', coin: 'Münze' },
    tracks: { trade: 'Handel', politics: 'Politik', science: 'Wissenschaft' },
    devs: { knight: 'Ritter', victory_point: 'Siegpunkt', road_building: 'Straßenbau', year_of_plenty: 'Erfindung', monopoly: 'Monopol' },
    level: { 1: 'einfacher', 2: 'starker', 3: 'mächtiger' },
    verbs: {
      roll: 'Würfeln', end_turn: 'Zug beenden', done: 'Fertig', improve: 'Ausbauen', bank_trade: 'Mit der Bank tauschen',
      play_progress: 'Spielen', buy_dev: 'Entwicklungskarte kaufen', play_dev: 'Spielen', discard: 'Abwerfen',
      steal: 'Stehlen bei', take: 'Nehmen', set_dice: 'Würfel', propose_trade: 'Handel vorschlagen', offer: 'Anbieten',
      ask: 'Verlangen', send_offer: 'Vorschlagen an', send_offer_all: 'Allen vorschlagen', accept: 'Annehmen',
      decline: 'Ablehnen', trade_with: 'Handeln mit', cancel: 'Abbrechen', draw_progress: 'Ziehen',
      discard_progress: 'Abwerfen', choose_player: 'Wählen', spy_take: 'Nehmen', monopoly: 'Monopol auf',
      give: 'Abgeben', harbor_offer: 'Anbieten', skip: 'Auslassen', place_knight: 'Ritter einsetzen',
    },
  },
};
// Progress cards by key, for the buttons (the names are only shown).
const PROGRESS = {
  commercial_harbor: ['Commercial Harbor', 'Handelshafen'], master_merchant: ['Master Merchant', 'Handelsmeister'],
  merchant: ['Merchant', 'Kaufmann'], merchant_fleet: ['Merchant Fleet', 'Handelsflotte'],
  resource_monopoly: ['Resource Monopoly', 'Rohstoffmonopol'], trade_monopoly: ['Trade Monopoly', 'Handelsmonopol'],
  bishop: ['Bishop', 'Bischof'], constitution: ['Constitution', 'Verfassung'], deserter: ['Deserter', 'Deserteur'],
  diplomat: ['Diplomat', 'Diplomat'], intrigue: ['Intrigue', 'Intrige'], saboteur: ['Saboteur', 'Saboteur'],
  spy: ['Spy', 'Spion'], warlord: ['Warlord', 'Kriegsherr'], wedding: ['Wedding', 'Hochzeit'],
  alchemist: ['Alchemist', 'Alchemist'], crane: ['Crane', 'Kran'], engineer: ['Engineer', 'Ingenieur'],
  inventor: ['Inventor', 'Erfinder'], irrigation: ['Irrigation', 'Bewässerung'], medicine: ['Medicine', 'Medizin'],
  mining: ['Mining', 'Bergbau'], printer: ['Printer', 'Buchdruck'], road_building: ['Road Building', 'Straßenbau'],
  smith: ['Smith', 'Schmied'],
};
const EVENT_COLOR = { ship: '#222', trade: '#e3b505', politics: '#2a62c9', science: '#2e9b4f' };

function injectCss() {
  if (document.getElementById('css-catan')) return;
  document.head.append(h('link#css-catan', { rel: 'stylesheet', href: new URL('./catan.css', import.meta.url).href }));
}

function center([q, r]) { return [W * (q + r / 2), 1.5 * R * r]; }
function corner(c, k) {
  const a = Math.PI / 180 * (60 * k - 90);
  return [c[0] + R * Math.cos(a), c[1] + R * Math.sin(a)];
}
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

// Legal actions by target: "kind:id" -> [action].
function targetIndex(legal) {
  const m = new Map();
  for (const a of legal)
    for (const tg of a.targets || []) {
      const k = `${tg.kind}:${tg.id}`;
      if (!m.has(k)) m.set(k, []);
      if (!m.get(k).includes(a)) m.get(k).push(a);
    }
  return m;
}

function board(ctx, o, idx, Wd) {
  const svg = s('svg', { viewBox: `${-5.2 * W / 2 - 44} ${-5.5 * R} ${5.2 * W + 88} ${11 * R}`,
    class: 'catanboard', role: 'img' });
  svg.append(s('rect', { x: -400, y: -400, width: 800, height: 800, fill: '#4f8fc4' }));
  HEXES.forEach((hx, i) => {
    const c = center(hx);
    const pts = [0, 1, 2, 3, 4, 5].map((k) => corner(c, k).map((x) => x.toFixed(1)).join(',')).join(' ');
    const terr = o.terrain[i];
    const acts = idx.get(`hex:${i}`) || [];
    const g = s('g', { 'data-hex': LETTERS[i], 'data-hex-id': i, class: 'hex' + (acts.length ? ' target' : '') });
    g.append(s('polygon', { points: pts, fill: TERRAIN[terr] || '#ccc', stroke: '#f3e6c4', 'stroke-width': 3 }));
    // the letter on the hex's west side, clear of the corner numbers
    g.append(s('text', { x: c[0] - 22, y: c[1] + 4, class: 'hexletter', 'text-anchor': 'middle', text: LETTERS[i] }));
    const n = o.numbers[i];
    if (n) {
      g.append(s('circle', { cx: c[0], cy: c[1], r: 12, fill: '#fbf3dc', stroke: '#7a6a4f' }));
      g.append(s('text', { x: c[0], y: c[1] + 4.5, class: 'num' + (n === 6 || n === 8 ? ' hot' : ''), text: n }));
    }
    g.append(s('title', { text: `${LETTERS[i]}: ${terr}${n ? ' ' + n : ''}` }));
    if (o.robber_hex === i) g.append(s('circle', { cx: c[0] + 14, cy: c[1] + 14, r: 7, fill: '#222', class: 'robber' }));
    if (o.merchant_hex === i)
      g.append(s('circle', { cx: c[0] - 14, cy: c[1] + 14, r: 7, fill: PLAYER_COLORS[o.merchant_owner] || '#fff',
        stroke: '#fff', 'stroke-width': 2, class: 'merchant' }));
    if (acts.length) clickable(g, acts, ctx.act, LETTERS[i]);
    svg.append(g);
  });
  // harbours: out from the coast, clear of the vertex numbers
  PORTS.forEach(([a, b], i) => {
    const m = [(VERTS[a][0] + VERTS[b][0]) / 2, (VERTS[a][1] + VERTS[b][1]) / 2];
    const len = Math.hypot(m[0], m[1]);
    const p = [m[0] * (1 + 30 / len), m[1] * (1 + 30 / len)];
    const kind = o.harbors[i];
    for (const v of [a, b])
      svg.append(s('line', { x1: VERTS[v][0], y1: VERTS[v][1], x2: p[0], y2: p[1], stroke: '#d9c79b', 'stroke-width': 2 }));
    svg.append(s('circle', { cx: p[0], cy: p[1], r: 14, fill: kind === 'any' ? '#f7edd2' : '#fff', stroke: '#7a6a4f', class: `port-${kind}` }));
    svg.append(s('text', { x: p[0], y: p[1] + (kind === 'any' ? 3.5 : -1), class: 'port', text: kind === 'any' ? '3:1' : '2:1' },
      s('title', { text: `${Wd.harbor}: ${kind === 'any' ? Wd.any : Wd.goods[kind] || kind}` })));
    if (kind !== 'any') svg.append(s('text', { x: p[0], y: p[1] + 8, class: 'portkind', text: (Wd.goods[kind] || kind).slice(0, 5) }));
  });
  // roads and free edges to click (ids: the observation's "edges")
  (o.edges || []).forEach(([a, b], e) => {
    const owner = o.roads[`${a}-${b}`] ?? o.roads[`${b}-${a}`];
    const acts = idx.get(`edge:${e}`) || [];
    if (owner === undefined && !acts.length) return;
    const g = s('g', { class: 'edge' + (acts.length ? ' target' : ''), 'data-edge': `${a}-${b}`, 'data-edge-id': e });
    if (acts.length) {
      const m = [(VERTS[a][0] + VERTS[b][0]) / 2, (VERTS[a][1] + VERTS[b][1]) / 2];
      g.append(s('circle', { cx: m[0], cy: m[1], r: EDGE_HIT, class: 'hit' }));
    }
    g.append(s('line', { x1: VERTS[a][0], y1: VERTS[a][1], x2: VERTS[b][0], y2: VERTS[b][1],
      class: owner === undefined ? 'free' : 'road',
      stroke: owner === undefined ? 'rgba(255,236,190,.75)' : PLAYER_COLORS[owner], 'stroke-width': owner === undefined ? 6 : 7,
      'stroke-dasharray': owner === undefined ? '4 3' : null, 'stroke-linecap': 'round' }));
    if (acts.length) clickable(g, acts, ctx.act, `${a}-${b}`);
    svg.append(g);
  });
  // vertices: buildings, knights, free sites
  VERTS.forEach(([x, y], v) => {
    const b = o.buildings[v], k = o.knights[v];
    const acts = idx.get(`vertex:${v}`) || [];
    const g = s('g', { 'data-vertex': v, class: 'vertex' + (acts.length ? ' target' : '') });
    if (acts.length) g.append(s('circle', { cx: x, cy: y, r: VERTEX_HIT, class: 'hit' }));
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
      g.append(s('title', { text: `${v}: ${Wd.knights} ${k.level} (${playerName(ctx.seats, k.player)})` }));
    } else if (acts.length) {
      g.append(s('circle', { cx: x, cy: y, r: 7, class: 'site' }));
    }
    if (acts.length) {
      // the number inward, toward the island's centre: the harbours are outward
      const d = Math.hypot(x, y) || 1;
      g.append(s('text', { x: x - 12 * x / d, y: y - 12 * y / d + 3, class: 'vnum', text: v }));
      clickable(g, acts, ctx.act, `${v}`);
    }
    if (b || k || acts.length) svg.append(g);
  });
  return svg;
}

const goodsOf = (o) => (o.variant === 'ck' ? o.catalog?.goods : (o.catalog?.goods || []).slice(0, 5)) || [];

function resources(o, hand, Wd) {
  return h('div.cres', goodsOf(o).map((k) =>
    h('span.res.' + k, { 'data-res': k }, h('b', (hand || {})[k] ?? 0), ' ', Wd.goods[k] || k)));
}

function goodsList(o, vec, Wd) {
  const parts = goodsOf(o).filter((k) => (vec || {})[k]).map((k) => `${vec[k]} ${Wd.goods[k] || k}`);
  return parts.length ? parts.join(', ') : Wd.nothing;
}

// A button's label from its verb and targets (never from its text).
function label(ctx, a, Wd, bare) {
  const o = ctx.obs;
  const L = ctx.lang === 'de' ? 1 : 0;
  const goods = o.catalog?.goods || [];
  const parts = bare ? [] : [Wd.verbs[a.verb] || a.verb.replace(/_/g, ' ')];
  for (const tg of a.targets || []) {
    if (tg.kind === 'player') parts.push(playerName(ctx.seats, tg.id));
    else if (tg.kind === 'good') parts.push(Wd.goods[goods[tg.id]] || goods[tg.id]);
    else if (tg.kind === 'give') parts.push(`${a.costs?.[goods[tg.id]] ?? ''} ${Wd.goods[goods[tg.id]] || goods[tg.id]} →`);
    else if (tg.kind === 'get') parts.push(Wd.goods[goods[tg.id]] || goods[tg.id]);
    else if (tg.kind === 'track') parts.push(Wd.tracks[o.catalog.tracks[tg.id]]);
    else if (tg.kind === 'dev') parts.push(Wd.devs[o.catalog.dev[tg.id]]);
    else if (tg.kind === 'card') {
      const ids = o.my_progress_ids || [], keys = o.my_progress || [];
      const vids = o.pending?.victim_progress_ids || [], vkeys = o.pending?.victim_progress || [];
      const key = keys[ids.indexOf(tg.id)] || vkeys[vids.indexOf(tg.id)];
      parts.push(PROGRESS[key]?.[L] || key || `#${tg.id}`);
    } else if (tg.kind === 'red') parts.push(`${ctx.lang === 'de' ? 'rot' : 'red'} ${tg.id}`);
    else if (tg.kind === 'yellow') parts.push(`${ctx.lang === 'de' ? 'gelb' : 'yellow'} ${tg.id}`);
    else if (tg.kind === 'level') parts.push(Wd.level[tg.id]);
  }
  return parts.join(' ');
}

// The choices that are not places on the board, as labelled buttons
// grouped by verb (the verb once, then one button per target).
function choices(ctx, Wd) {
  const onBoard = (a) => (a.targets || []).some((tg) => tg.kind === 'vertex' || tg.kind === 'edge' || tg.kind === 'hex');
  const list = ctx.legal.filter((a) => !onBoard(a));
  if (!list.length) return null;
  const groups = new Map();
  for (const a of list) {
    const k = a.targets?.length ? a.verb : '';
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(a);
  }
  const button = (a, text) => h('button.cchoice', { 'data-verb': a.verb, 'data-id': a.id,
    title: a.costs ? Object.entries(a.costs).map(([k, n]) => `${n} ${Wd.goods[k] || k}`).join(', ') : null,
    onclick: () => ctx.act(a) }, text);
  const rows = [];
  for (const [verb, acts] of groups) {
    if (!verb || acts.length === 1) rows.push(h('div.cbtns', acts.map((a) => button(a, label(ctx, a, Wd)))));
    else rows.push(h('div.cgroup', h('div.dlabel', Wd.verbs[verb] || verb.replace(/_/g, ' ')),
      h('div.cbtns', acts.map((a) => button(a, label(ctx, a, Wd, true))))));
  }
  return h('section.cchoices', h('h3', ctx.obs.pending?.label || Wd.choices), rows);
}

// The trade being composed (proposer) or answered (the others).
function tradeBox(ctx, Wd) {
  const tr = ctx.obs.trade;
  if (!tr) return null;
  const o = ctx.obs;
  const who = playerName(ctx.seats, tr.from);
  const text = tr.state === 'compose' && tr.from === ctx.seat
    ? [h('b', `${Wd.yourOffer}: `), `${Wd.give} ${goodsList(o, tr.give, Wd)} ${Wd.get} ${goodsList(o, tr.get, Wd)}`]
    : [h('b', `${Wd.offers(who)}: `), `${goodsList(o, tr.give, Wd)} ${Wd.asks} ${goodsList(o, tr.get, Wd)}`,
      tr.to >= 0 ? ` (→ ${playerName(ctx.seats, tr.to)})` : ''];
  return h('section.ctrade', { 'data-trade': tr.state }, h('h3', Wd.trade), h('p', text));
}

function players(ctx, o, Wd) {
  const ck = o.variant === 'ck';
  return h('div.ctablewrap', h('table.dtable.cplayers', h('tr', h('th'), h('th', Wd.vp), h('th', Wd.cards),
    ck ? h('th', Wd.progress) : h('th', Wd.dev), ck ? h('th', Wd.improvements) : null, h('th', Wd.road),
    ck ? h('th', Wd.knights) : h('th', Wd.army)),
  o.boards.map((b, p) => h('tr' + (p === ctx.seat ? '.me' : '') + (p === o.turn_player ? '.turn' : ''),
    h('th', h('span.dot', { style: { background: PLAYER_COLORS[p] } }), playerName(ctx.seats, p)),
    h('td', b.vp), h('td', b.cards),
    ck ? h('td', `${b.progress.trade}/${b.progress.politics}/${b.progress.science}`) : h('td', b.dev_cards),
    ck ? h('td', `${b.improvements.trade}/${b.improvements.politics}/${b.improvements.science}`) : null,
    h('td', b.road_length + (o.longest_road === p ? ' ★' : '')),
    h('td', (b.knights_played ?? '') + (!ck && o.largest_army === p ? ' ★' : ''))))));
}

// The event die's face: a black ship, or a city gate in its track's colour.
function eventFace(ev) {
  const svg = s('svg', { viewBox: '0 0 24 24', width: 24, height: 24, class: 'cevface' });
  svg.append(s('rect', { x: 1, y: 1, width: 22, height: 22, rx: 4, fill: '#fbf7ef', stroke: '#555' }));
  if (ev === 'ship') {
    svg.append(s('polygon', { points: '4,15 20,15 17,19 7,19', fill: '#222' }));
    svg.append(s('polygon', { points: '11,4 11,14 5,14', fill: '#222' }));
    svg.append(s('polygon', { points: '13,6 13,14 18,14', fill: '#222' }));
  } else if (ev !== 'none') {
    svg.append(s('path', { d: 'M5 20 V9 Q12 2 19 9 V20 H15 V13 Q12 10 9 13 V20 Z', fill: EVENT_COLOR[ev] || '#888' }));
  }
  return svg;
}

function diceBar(o, Wd) {
  const ck = o.variant === 'ck';
  const d = o.dice || [];
  const die = (cls, v) => h(`span.cdie.${cls}`, v || '–');
  const ev = o.event_die || 'none';
  return h('span.cdice', `${Wd.dice}: `, die('red', d[0]), die('yellow', d[1]),
    ck ? h('span.cevent', { 'data-event': ev, title: Wd.event[ev] },
      eventFace(ev),
      ' ', Wd.event[ev]) : null);
}

function devCards(o, Wd) {
  const mine = o.my_dev || {}, fresh = o.my_dev_new || {};
  const keys = (o.catalog?.dev || []).filter((k) => mine[k]);
  return h('section.cdev', h('h3', Wd.dev), keys.length ? h('div.cbtns', keys.map((k) =>
    h('span.chip.cdevcard', { 'data-dev': k }, `${Wd.devs[k] || k} ×${mine[k]}`, fresh[k] ? h('small', ` (${fresh[k]} ${Wd.devNew})`) : null)))
    : h('span.muted', '—'));
}

export function catanView(ctx) {
  injectCss();
  const Wd = WORDS[ctx.lang] || WORDS.en;
  const o = ctx.obs;
  const idx = targetIndex(ctx.legal);
  const ck = o.variant === 'ck';
  const L = ctx.lang === 'de' ? 1 : 0;
  const progress = (o.my_progress || []).map((key, i) => {
    const id = (o.my_progress_ids || [])[i];
    const el = h('span.chip.card', { 'data-card': key, 'data-id': id }, PROGRESS[key]?.[L] || key);
    return clickable(el, idx.get(`card:${id}`) || [], ctx.act, PROGRESS[key]?.[L] || key);
  });
  return h('div.catan', { 'data-view': 'catan', 'data-variant': o.variant },
    h('div.dbar',
      h('span', `${Wd.turn} ${o.turn}`),
      diceBar(o, Wd),
      ck ? h('span', `${Wd.barbarians}: ${o.barbarians}/7`, h('span.track', Array.from({ length: 7 }, (_, i) =>
        h('span.step' + (i < o.barbarians ? '.on' : ''))))) : null,
      h('span.muted', `${o.vp_target} ${Wd.vp} ${Wd.to}`)),
    h('div.catanlayout',
      h('div.boardwrap', board(ctx, o, idx, Wd)),
      h('div.cside',
        choices(ctx, Wd),
        tradeBox(ctx, Wd),
        ctx.seat >= 0 ? h('section', h('h3', Wd.resources), resources(o, o.hand, Wd)) : null,
        ck && ctx.seat >= 0 ? h('section', h('h3', Wd.progress), progress.length ? progress : h('span.muted', '—')) : null,
        !ck && ctx.seat >= 0 ? devCards(o, Wd) : null,
        h('section', h('h3', Wd.bank), resources(o, o.bank, Wd)),
        h('section', h('h3', Wd.legend), h('p.legend', ck ? Wd.legendText : Wd.legendBase)))),
    h('section', h('h3', Wd.players), players(ctx, o, Wd)));
}
