// views/fwm.js - the Fugger, Welser, Medici table: an SVG map of Europe
// (towns, the road, bridge and sea spaces between them, routes, Köln's
// toll, regions with robbers and free-passage cubes, the sea areas closed
// in winter), every merchant as a piece in its player's colour; the
// calendar with the due date of every open deal and the fair; the deals as
// cards; the sealed-bid dialog (quantity and unit price in one step); every
// player's money, warehouse, merchants, nobility track, IOUs and manors;
// the bids revealed after each auction.
//
// Meaning comes only from data: the observation JSON (map, deals, players)
// and each legal action's verb/targets/costs (docs/targets.md).  Action
// texts are never read; names come from the observation and the small word
// table below.  Moving: pick a merchant (on the map or in the panel), the
// spaces it may enter light up with the whole move's cost and accident
// risk; clicking one extends the planned move, clicking its end again (or
// "Go") carries it out.
//
// Map positions: the real longitude and latitude of each town and space
// (see GEO), projected with an equirectangular projection at 48° N and
// nudged apart where two would overlap.

import { getLang, playerName } from '../i18n.js';
import { h, s, PLAYER_COLORS } from '../util.js';

// ---- words (English, German) -------------------------------------------------

const W = {
  en: {
    round: 'Round', year: 'year', winter: 'Winter: the sea is closed', deck: 'Deck', reserve: 'Reserve',
    deals: 'Open deals', calendar: 'Calendar', players: 'Trading houses', revealed: 'Revealed bids',
    demand: 'Demand', supply: 'Supply', noble: 'Noble demand', fair: 'Fair', manor: 'Manor', event: 'Event',
    urgent: 'urgent', due: 'due', now: 'now', inRounds: (n) => `in ${n} round${n === 1 ? '' : 's'}`,
    upTo: 'up to', from: 'from', rent: 'rent', minBid: 'lowest bid', money: 'Money', warehouse: 'Warehouse',
    merchants: 'Merchants', track: 'Nobility track', nobleYes: 'noble', ious: 'IOUs', manors: 'Manors',
    cubes: 'Free passage', off: 'in reserve', lost: 'lost at sea', home: 'Home', rep: 'representative',
    merchant: 'merchant', bid: 'Bid', pass: 'Pass', quantity: 'Quantity', unitPrice: 'Price each (FL)',
    total: 'Total', youPay: 'you pay', youGet: 'you receive', bidTitle: 'Sealed bid', handedIn: 'handed in',
    waitingBid: 'bidding…', badBid: (q, lo, hi) => `Quantity 1–${q}, price ${lo}–${hi} FL in steps of 20.`,
    pickMerchant: 'Choose a merchant to move (on the map or here), then a highlighted space.',
    pickDest: 'Click a highlighted space: its label is what the whole move costs and, laden, the accident risk. Click the end of the planned move again (or Go) to move.',
    go: 'Go', cancel: 'Cancel move', endTurn: 'End turn', risk: 'accident risk', cost: 'cost',
    plan: 'Planned move', choices: 'Your choices', nothing: 'Waiting for the others.', robbers: 'Robbers',
    toll: 'Toll town', tollShort: 'toll', tax: 'payday tax', bridge: 'Bridge (toll)', road: 'Road', sea: 'Sea space',
    town: 'Town', region: 'Region', here: 'Here', none: '–', sold: 'got', winterClosed: 'closed in winter',
    fairHere: 'Fair', payday: 'Payday', rentDay: 'Rent', legend: 'A = representative, B/C = merchants',
    cloth: 'cloth', spice: 'spice', metal: 'metal', iou: 'IOU', choose: 'Choose on the map or here',
    noBidders: 'nobody could bid',
    hintDemand: 'You sell to this deal: the lowest prices are served first, up to the quantity wanted.',
    hintSupply: 'You buy from this deal: the highest prices are served first, while the goods last.',
    hintOther: 'The highest bid wins.', offerBuy: (who, what, at, price) => `${who} wants to buy ${what} from you in ${at}${price}`,
    offerSell: (who, what, at, price) => `${who} offers you ${what} in ${at}${price}`, offerFor: 'for',
    offerMine: 'Your offer', bidFl: 'Your bid (FL)', tradeWith: 'Trade', home_: (t) => `Home: ${t}`, at: 'at', lastAuction: 'Last auction',
  },
  de: {
    round: 'Runde', year: 'Jahr', winter: 'Winter: die See ist gesperrt', deck: 'Stapel', reserve: 'Reserve',
    deals: 'Offene Geschäfte', calendar: 'Kalender', players: 'Handelshäuser', revealed: 'Aufgedeckte Gebote',
    demand: 'Nachfrage', supply: 'Angebot', noble: 'Adlige Nachfrage', fair: 'Messe', manor: 'Landgut', event: 'Ereignis',
    urgent: 'eilig', due: 'fällig', now: 'jetzt', inRounds: (n) => `in ${n} Runde${n === 1 ? '' : 'n'}`,
    upTo: 'bis', from: 'ab', rent: 'Pacht', minBid: 'Mindestgebot', money: 'Geld', warehouse: 'Lager',
    merchants: 'Händler', track: 'Adelsleiste', nobleYes: 'adlig', ious: 'Schuldscheine', manors: 'Landgüter',
    cubes: 'Freies Geleit', off: 'in Reserve', lost: 'auf See verloren', home: 'Heimat', rep: 'Faktor',
    merchant: 'Händler', bid: 'Bieten', pass: 'Passen', quantity: 'Menge', unitPrice: 'Preis je Stück (FL)',
    total: 'Summe', youPay: 'du zahlst', youGet: 'du erhältst', bidTitle: 'Verdecktes Gebot', handedIn: 'abgegeben',
    waitingBid: 'bietet…', badBid: (q, lo, hi) => `Menge 1–${q}, Preis ${lo}–${hi} FL in 20er-Schritten.`,
    pickMerchant: 'Wähle einen Händler (auf der Karte oder hier), dann ein hervorgehobenes Feld.',
    pickDest: 'Klicke ein hervorgehobenes Feld: dort steht, was der ganze Zug kostet und, beladen, das Unfallrisiko. Klicke das Ende des geplanten Zugs erneut (oder Los), um zu ziehen.',
    go: 'Los', cancel: 'Zug verwerfen', endTurn: 'Zug beenden', risk: 'Unfallrisiko', cost: 'Kosten',
    plan: 'Geplanter Zug', choices: 'Deine Wahl', nothing: 'Warte auf die anderen.', robbers: 'Räuber',
    toll: 'Zollstadt', tollShort: 'Zoll', tax: 'Steuer am Zahltag', bridge: 'Brücke (Zoll)', road: 'Straße', sea: 'Seefeld',
    town: 'Stadt', region: 'Gebiet', here: 'Hier', none: '–', sold: 'erhielt', winterClosed: 'im Winter gesperrt',
    fairHere: 'Messe', payday: 'Zahltag', rentDay: 'Pacht', legend: 'A = Faktor, B/C = Händler',
    cloth: 'Tuch', spice: 'Gewürz', metal: 'Metall', iou: 'Schuldschein', choose: 'Auf der Karte oder hier wählen',
    noBidders: 'niemand durfte bieten',
    hintDemand: 'Du verkaufst an dieses Geschäft: die niedrigsten Preise kommen zuerst zum Zug, bis zur gefragten Menge.',
    hintSupply: 'Du kaufst von diesem Geschäft: die höchsten Preise kommen zuerst zum Zug, solange Ware da ist.',
    hintOther: 'Das höchste Gebot gewinnt.', offerBuy: (who, what, at, price) => `${who} will dir ${what} in ${at} abkaufen${price}`,
    offerSell: (who, what, at, price) => `${who} bietet dir ${what} in ${at} an${price}`, offerFor: 'für',
    offerMine: 'Dein Angebot', bidFl: 'Dein Gebot (FL)', tradeWith: 'Handel', home_: (t) => `Heimat: ${t}`, at: 'in', lastAuction: 'Letzte Versteigerung',
  },
};
const L = () => W[getLang()] || W.en;

// Labels of actions built from verb, targets and costs (never from text).
const VERBS = {
  en: { home: 'Home {town}', go: 'Go', cancel: 'Cancel', end_turn: 'End turn', done: 'Done', hire: 'Hire a merchant',
    fire: 'Fire {merchant}', discount: 'Discount {amount} FL', discount_trick: 'Discount 1000 FL (Reckoning Trick)',
    cube: 'Free passage: {area}', bribe: 'Pay 100 FL for +1', roll: 'Roll', pay: 'Pay {player} 100 FL',
    keep: 'Keep the Black Sheep', pass_to: 'Pass the sheep to {player}', bet: 'Bet on {number}', accept: 'Accept',
    decline: 'Decline', sell: 'Sell {good} ({slot})', shift: 'Shift {good}: {slot} → {slot2}',
    buy_from: 'Buy from {player} in {town}', sell_to: 'Sell to {player} in {town}', add_good: 'Add {good}',
    price: 'Price {price} FL', lose: 'Lose {good}', pass: 'Pass', bid: 'Bid {amount} × {price} FL',
    move: '{merchant} → {town}' },
  de: { home: 'Heimat {town}', go: 'Los', cancel: 'Verwerfen', end_turn: 'Zug beenden', done: 'Fertig',
    hire: 'Händler einstellen', fire: '{merchant} entlassen', discount: 'Nachlass {amount} FL',
    discount_trick: 'Nachlass 1000 FL (Rechentrick)', cube: 'Freies Geleit: {area}', bribe: '100 FL für +1 zahlen',
    roll: 'Würfeln', pay: '{player} 100 FL zahlen', keep: 'Schwarzes Schaf behalten',
    pass_to: 'Schaf an {player} weitergeben', bet: 'Auf {number} setzen', accept: 'Annehmen', decline: 'Ablehnen',
    sell: '{good} verkaufen ({slot})', shift: '{good} verladen: {slot} → {slot2}',
    buy_from: 'Von {player} in {town} kaufen', sell_to: 'An {player} in {town} verkaufen', add_good: '{good} dazu',
    price: 'Preis {price} FL', lose: '{good} verlieren', pass: 'Passen', bid: 'Biete {amount} × {price} FL',
    move: '{merchant} → {town}' },
};

// ---- geography ----------------------------------------------------------------

// Longitude (E) and latitude (N) in degrees of the place each town or space
// is named after: the cities' coordinates as given by public gazetteers
// (Wikipedia / GeoNames, rounded to 0.01°).  Reconstructed map places:
// "Portugal/Spain" at Lisbon, "Southern Italy" between Naples and Bari, the
// Pyrenees at the Roncesvalles pass, the Brenner at the pass; the sea
// spaces at the middle of the sea they are named after.
const GEO = {
  AUG: [10.90, 48.37], NUR: [11.08, 49.45], FLO: [11.26, 43.77], KOL: [6.96, 50.94], VEN: [12.34, 45.44],
  SUD: [15.55, 41.00], POR: [-9.14, 38.72], LON: [-0.13, 51.51], ANT: [4.40, 51.22], HAM: [9.99, 53.55],
  LUB: [10.69, 53.87], DAN: [18.65, 54.35], FRA: [8.68, 50.11], LEI: [12.37, 51.34], PRA: [14.42, 50.08],
  WIE: [16.37, 48.21], LYO: [4.84, 45.76], MAI: [9.19, 45.46], GEN: [8.93, 44.41],
  MAA: [5.69, 50.85], KOB: [7.59, 50.36], MUN: [7.63, 51.96], BRM: [8.80, 53.08], MAG: [11.63, 52.13],
  DRE: [13.74, 51.05], ERF: [11.03, 50.98], FUL: [9.68, 50.55], COB: [10.96, 50.26], WUR: [9.93, 49.79],
  HEI: [8.67, 49.40], ULM: [9.99, 48.40], DON: [10.78, 48.72], AMB: [11.86, 49.44], PIL: [13.38, 49.75],
  IGL: [15.59, 49.40], BRL: [17.04, 51.11], POS: [16.93, 52.41], MUE: [11.58, 48.14], PAS: [13.43, 48.57],
  INN: [11.40, 47.27], BRN: [11.51, 47.00], TRI: [11.12, 46.07], KEM: [10.32, 47.73], CHU: [9.53, 46.85],
  COM: [9.09, 45.81], STR: [7.75, 48.58], BAS: [7.59, 47.56], BES: [6.02, 47.24], CAM: [3.24, 50.18],
  REI: [4.03, 49.26], DIJ: [5.04, 47.32], CHA: [5.92, 45.56], TUR: [7.69, 45.07], AVI: [4.81, 43.95],
  TOU: [1.44, 43.60], PYR: [-1.32, 43.01], PAV: [9.16, 45.19], BRS: [10.21, 45.54], VER: [10.99, 45.44],
  FER: [11.62, 44.84], BOL: [11.34, 44.49], LUC: [10.50, 43.84], SIE: [11.33, 43.32], ROM: [12.50, 41.90],
  GRA: [15.44, 47.07], VIL: [13.85, 46.61], UDI: [13.23, 46.06],
  NS1: [1.60, 51.05], NS2: [5.80, 53.70], NS3: [7.90, 54.30], AT1: [-3.00, 49.90], AT2: [-5.00, 45.70],
  AT3: [-9.60, 42.80], OS1: [11.60, 54.35], OS2: [14.30, 54.20], MM1: [8.60, 43.70], MM2: [4.20, 42.90],
  MM3: [1.60, 40.50], MM4: [13.40, 44.80], MM5: [16.30, 42.50],
};
const VW = 800, VH = 690, COSL = Math.cos(48 * Math.PI / 180), FOCUS = [11.0, 48.6], GAMMA = 0.72;
// Equirectangular at 48° N, then a mild fisheye around Franconia (distances
// from FOCUS raised to GAMMA): the dense middle of the map gets room, the
// coasts come closer; every direction and neighbourhood stays as on a map.
function project([lon, lat]) {
  const x = (lon - FOCUS[0]) * COSL, y = FOCUS[1] - lat, d = Math.hypot(x, y);
  const f = d ? Math.pow(d, GAMMA) / d : 1;
  return [x * f, y * f];
}

// Towns whose name goes above them (below, it would cover a neighbour).
const LABEL_ABOVE = new Set(['LUB', 'ANT', 'DAN']);

// Positions by space id, fitted to the picture, nudged apart (at least MIN
// units) and cached per map.
const MIN = 26, PAD = 34;
let geoCache = null;
function positions(map) {
  if (geoCache && geoCache.n === map.spaces.length) return geoCache.pos;
  const raw = map.spaces.map((sp, i) => (GEO[sp.code] ? project(GEO[sp.code]) : [i % 10, 0]));
  const xs = raw.map((p) => p[0]), ys = raw.map((p) => p[1]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
  const k = Math.min((VW - 2 * PAD) / (x1 - x0 || 1), (VH - 2 * PAD) / (y1 - y0 || 1));
  const pos = raw.map(([x, y]) => [PAD + (x - x0) * k, PAD + (y - y0) * k]);
  for (let it = 0; it < 60; it++) {
    for (let a = 0; a < pos.length; a++) {
      for (let b = a + 1; b < pos.length; b++) {
        const dx = pos[b][0] - pos[a][0], dy = pos[b][1] - pos[a][1], d = Math.hypot(dx, dy) || 0.01;
        if (d >= MIN) continue;
        const push = (MIN - d) / 2, ux = dx / d, uy = dy / d;
        pos[a][0] -= ux * push; pos[a][1] -= uy * push;
        pos[b][0] += ux * push; pos[b][1] += uy * push;
      }
    }
  }
  geoCache = { n: map.spaces.length, pos };
  return pos;
}

// ---- helpers ----------------------------------------------------------------------

const tg = (a, kind) => (a.targets || []).find((x) => x.kind === kind);
const tgs = (a, kind) => (a.targets || []).filter((x) => x.kind === kind);
const fl = (n) => `${Number(n).toLocaleString(getLang() === 'de' ? 'de-DE' : 'en-US')} FL`;
const GOODC = ['#b0413e', '#d9a21b', '#6d7b8a'];

// What the view remembers between redraws (the page redraws on every push).
const ui = { merchant: null, info: null, bidKey: null, q: 1, p: 0, history: [], histKey: '', lastSeen: '' };

function spaceName(o, id) { return o.map.spaces[id]?.name ?? '?'; }
function goodName(o, id) { return id === undefined ? '?' : (o.map.goods[id]?.name ?? '?'); }
function merchName(k) { return 'ABC'[k] ?? '?'; }

function slotName(o, t) {
  if (!t) return '?';
  return t.kind === 'warehouse' ? L().warehouse : `${merchName(t.id)}`;
}

// A legal action's label from its verb and targets, in the page's language.
function label(ctx, a) {
  const o = ctx.obs, V = VERBS[getLang()] || VERBS.en;
  let f = V[a.verb] || a.verb;
  if (a.verb === 'cube') {
    const ar = o.map.areas[tg(a, 'area')?.id];
    if (ar?.sea) f = getLang() === 'de' ? 'Seegeleit: {area}' : 'Sea escort: {area}';
  }
  const slots = tgs(a, 'warehouse').concat(tgs(a, 'merchant'));
  const ordered = (a.targets || []).filter((x) => x.kind === 'warehouse' || x.kind === 'merchant');
  const town = tg(a, 'town') || tg(a, 'space');
  const good = tg(a, 'good');
  const rep = {
    town: town ? spaceName(o, town.id) : '',
    merchant: merchName(tg(a, 'merchant')?.id),
    amount: tg(a, 'amount')?.id ?? '',
    price: (tg(a, 'price')?.id ?? 0).toLocaleString(),
    area: o.map.areas[tg(a, 'area')?.id]?.name ?? '',
    player: tg(a, 'player') ? playerName(ctx.seats, tg(a, 'player').id) : '',
    number: tg(a, 'number')?.id ?? '',
    good: good ? goodName(o, good.id) : tg(a, 'iou') ? L().iou : '',
    slot: slotName(o, ordered[0] || slots[0]),
    slot2: slotName(o, ordered[1]),
  };
  let text = f.replace(/\{(\w+)\}/g, (_, k) => String(rep[k] ?? ''));
  const money = a.costs?.money;
  if (money && !['bid', 'move', 'go'].includes(a.verb)) text += ` (${fl(money)})`;
  return text;
}

// ---- the map ----------------------------------------------------------------------

function areaCentres(o, pos) {
  const acc = o.map.areas.map(() => [0, 0, 0]);
  o.map.spaces.forEach((sp, i) => { const c = acc[sp.area]; if (c) { c[0] += pos[i][0]; c[1] += pos[i][1]; c[2]++; } });
  return acc.map((c) => (c[2] ? [c[0] / c[2], c[1] / c[2]] : null));
}

function mapSvg(ctx, st) {
  const o = ctx.obs, map = o.map, pos = positions(map), l = L();
  const svg = s('svg', { viewBox: `0 0 ${VW} ${VH}`, class: 'fwmmap', role: 'img', 'aria-label': 'map' });
  svg.append(s('rect', { x: 0, y: 0, width: VW, height: VH, class: 'land' }));
  const centres = areaCentres(o, pos);
  // regions and sea areas: names, robbers, cubes
  const robbers = new Set(o.robbers || []);
  map.areas.forEach((ar, i) => {
    const c = centres[i];
    if (!c) return;
    const dy = ar.sea ? 22 : -16;
    svg.append(s('text', { x: c[0], y: c[1] + dy, class: ar.sea ? 'sealabel' : 'arealabel',
      text: ar.name + (ar.sea && o.winter ? ` ❄ ${l.winterClosed}` : '') }));
    if (robbers.has(ar.key))
      svg.append(s('text', { x: c[0], y: c[1] + dy + 14, class: 'robbers', text: `⚔ ${ar.sea ? '' : ''}${l.robbers}` }));
    let k = 0;
    o.players_view.forEach((pl, p) => {
      if (!(pl.cubes || []).includes(ar.key)) return;
      svg.append(s('rect', { x: c[0] - 18 + 10 * k++, y: c[1] + dy + 4, width: 8, height: 8, fill: PLAYER_COLORS[p],
        stroke: '#222', 'stroke-width': 0.8, class: 'cube' }, s('title', { text: `${l.cubes}: ${playerName(ctx.seats, p)}` })));
    });
  });
  // routes
  for (const r of map.routes) {
    const ids = [r.a, ...r.via, r.b];
    const sea = r.via.some((v) => map.spaces[v].kind === 'sea');
    svg.append(s('polyline', { points: ids.map((i) => pos[i].map((x) => x.toFixed(1)).join(',')).join(' '),
      class: 'route' + (sea ? ' searoute' : '') + (sea && o.winter ? ' closed' : ''), 'data-route': r.id }));
  }
  // the planned move
  if (o.plan && o.plan.path.length) {
    const pl = o.players_view[o.plan.player];
    const from = pl?.merchants[o.plan.merchant]?.space;
    const ids = [from, ...o.plan.path].filter((x) => x >= 0);
    svg.append(s('polyline', { points: ids.map((i) => pos[i].join(',')).join(' '), class: 'plan' }));
  }
  // spaces
  const dealTowns = new Set((o.deals || []).map((d) => d.town));
  map.spaces.forEach((sp, i) => {
    const [x, y] = pos[i];
    const g = s('g', { class: `sp ${sp.kind}`, 'data-space': i });
    if (sp.kind === 'town') {
      if (dealTowns.has(i)) g.append(s('circle', { cx: x, cy: y, r: 15, class: 'dealring' }));
      g.append(s('circle', { cx: x, cy: y, r: sp.tax ? 11 : 9, class: 'town' + (sp.tax ? ' homecity' : '') }));
      if (sp.tax) g.append(s('circle', { cx: x, cy: y, r: 6, class: 'homeinner' }));
      g.append(s('text', { x, y: LABEL_ABOVE.has(sp.code) ? y - 15 : y + 23, class: 'townlabel', text: sp.name }));
      if (sp.toll) g.append(s('text', { x: x + 12, y: y - 8, class: 'tollmark', text: l.tollShort }, s('title', { text: l.toll })));
    } else if (sp.kind === 'bridge') {
      g.append(s('rect', { x: x - 7, y: y - 5, width: 14, height: 10, rx: 2, class: 'bridge' }));
      g.append(s('path', { d: `M${x - 6},${y + 3} Q${x},${y - 5} ${x + 6},${y + 3}`, class: 'arch' }));
    } else if (sp.kind === 'sea') {
      g.append(s('circle', { cx: x, cy: y, r: 7, class: 'seasp' + (o.winter ? ' closed' : '') }));
      g.append(s('path', { d: `M${x - 4},${y + 1} L${x + 4},${y + 1} L${x + 2},${y + 4} L${x - 2},${y + 4} Z M${x},${y + 1} L${x},${y - 5} L${x + 3},${y - 1} Z`, class: 'ship' }));
    } else {
      g.append(s('circle', { cx: x, cy: y, r: 5, class: 'road' }));
    }
    g.append(s('title', { text: sp.name }));
    g.addEventListener('click', () => { ui.info = i; ctx.redraw(); });
    svg.append(g);
  });
  if (ui.info !== null && pos[ui.info]) {
    const [x, y] = pos[ui.info];
    svg.append(s('circle', { cx: x, cy: y, r: 16, class: 'inforing' }));
  }
  // pieces
  const at = new Map();
  o.players_view.forEach((pl, p) => pl.merchants.forEach((m, k) => {
    if (m.space < 0) return;
    if (!at.has(m.space)) at.set(m.space, []);
    at.get(m.space).push({ p, k, m });
  }));
  const movers = st.movers;
  for (const [sp, list] of at) {
    const [x, y] = pos[sp];
    // one piece on its space; several in rows of up to 4 just above it
    list.forEach((pc, j) => {
      const row = Math.floor(j / 4), inRow = Math.min(4, list.length - row * 4), col = j % 4;
      const px = list.length === 1 ? x : x + (col - (inRow - 1) / 2) * 15;
      const py = list.length === 1 ? y : y - 13 - row * 15;
      const mine = pc.p === ctx.seat && movers.has(pc.k);
      const sel = mine && ui.merchant === pc.k;
      const g = s('g', { class: 'fwm-piece' + (mine ? ' can-act' : '') + (sel ? ' selected' : ''),
        'data-player': pc.p, 'data-merchant': pc.k });
      const cargo = pc.m.cargo.cloth + pc.m.cargo.spice + pc.m.cargo.metal;
      g.append(s('circle', { cx: px, cy: py, r: pc.k === 0 ? 9 : 8, fill: PLAYER_COLORS[pc.p], class: 'pawn' + (pc.k === 0 ? ' rep' : '') }));
      g.append(s('text', { x: px, y: py + 3.5, class: 'pawnletter', text: merchName(pc.k) }));
      if (cargo) g.append(s('circle', { cx: px + 7, cy: py - 7, r: 4, class: 'laden' }));
      g.append(s('title', { text: `${playerName(ctx.seats, pc.p)}: ${merchName(pc.k)} (${pc.k ? l.merchant : l.rep})` }));
      if (mine) {
        g.append(s('circle', { cx: px, cy: py, r: 14, class: 'hit' }));
        g.addEventListener('click', (e) => { e.stopPropagation(); ui.merchant = pc.k; ui.info = null; ctx.redraw(); });
      }
      svg.append(g);
    });
  }
  // destinations of the chosen merchant, homes to choose, the planned end
  for (const d of st.dests) {
    const [x, y] = pos[d.space];
    const g = s('g', { class: 'fwm-dest can-act', 'data-space': d.space, 'data-verb': d.a.verb, 'data-id': d.a.id });
    g.append(s('circle', { cx: x, cy: y, r: 13, class: 'destring' }));
    if (d.badge) {
      const w = d.badge.length * 6.2 + 8;
      g.append(s('rect', { x: x - w / 2, y: y - 31, width: w, height: 15, rx: 4, class: 'badge' }));
      g.append(s('text', { x, y: y - 20, class: 'badgetext', text: d.badge }));
    }
    g.append(s('circle', { cx: x, cy: y, r: 18, class: 'hit' }));
    g.addEventListener('click', (e) => { e.stopPropagation(); ctx.act(d.a); });
    svg.append(g);
  }
  return svg;
}

// After the map is in the page: hit areas at least 40 px across whatever the
// map's drawn size, and the chosen merchant scrolled into view on a phone.
function fitHits(box) {
  const fit = () => {
    const svg = box.querySelector('svg.fwmmap');
    const w = svg?.getBoundingClientRect().width;
    if (!w) return;
    const unit = VW / w; // SVG units per pixel
    for (const c of svg.querySelectorAll('circle.hit')) c.setAttribute('r', Math.max(14, 21 * unit).toFixed(1));
    const focus = svg.querySelector('.fwm-dest, .fwm-piece.selected, .fwm-piece.can-act');
    if (focus && box.scrollWidth > box.clientWidth) {
      const r = focus.getBoundingClientRect(), b = box.getBoundingClientRect();
      box.scrollLeft += r.left + r.width / 2 - b.left - b.width / 2;
    }
  };
  requestAnimationFrame(fit);
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(fit).observe(box);
}

// ---- panels ------------------------------------------------------------------------

function header(ctx) {
  const o = ctx.obs, l = L();
  return h('div.fwm-bar',
    h('b.fwm-phase', o.phase_label || ''),
    h('span', `${o.calendar} · ${l.year} ${o.year} · ${l.round} ${o.round}`),
    o.winter ? h('span.fwm-winter', `❄ ${l.winter}`) : null,
    h('span.muted', `${l.deck} ${o.deck} · ${l.reserve} ${o.reserve}`));
}

function dealTypeName(d) {
  const l = L();
  return { demand: l.demand, supply: l.supply, noble: l.noble, fair: l.fair, manor: l.manor, event: l.event }[d.type] || d.type;
}

function lineText(o, ln, demand) {
  const l = L();
  return `${ln.qty} × ${goodName(o, ln.good)} ${demand ? l.upTo : l.from} ${fl(ln.bound)}`;
}

function dealCard(ctx, d, n, active) {
  const o = ctx.obs, l = L();
  const due = d.due_cal !== undefined ? o.map.calendar[d.due_cal]?.name : null;
  return h(`div.fwm-deal.${d.type}${active ? '.active' : ''}`, { 'data-deal': d.deal },
    h('div.fwm-dealhead', n ? h('span.fwm-num', String(n)) : null, h('b', dealTypeName(d)),
      d.urgent ? h('span.fwm-urgent', l.urgent) : null),
    d.type === 'event' ? h('div.fwm-dealtown', d.event + (d.area >= 0 ? ` (${o.map.areas[d.area]?.name})` : ''))
      : h('div.fwm-dealtown', d.town >= 0 ? spaceName(o, d.town) : ''),
    (d.demand || []).map((ln) => h('div.fwm-line', h('span.gdot', { style: { background: GOODC[ln.good] } }),
      `${l.demand}: ${lineText(o, ln, true)}`)),
    (d.supply || []).map((ln) => h('div.fwm-line', h('span.gdot', { style: { background: GOODC[ln.good] } }),
      `${l.supply}: ${lineText(o, ln, false)}`)),
    d.type === 'manor' ? h('div.fwm-line', `${l.minBid} ${fl(d.min)} · ${l.rent} ${fl(d.rent)}`) : null,
    due ? h('div.fwm-due', `${l.due}: ${due} (${d.due_in > 0 ? l.inRounds(d.due_in) : l.now})`) : null);
}

function calendar(ctx) {
  const o = ctx.obs, l = L();
  const marks = new Map();
  (o.deals || []).forEach((d, i) => {
    if (d.due_cal === undefined) return;
    if (!marks.has(d.due_cal)) marks.set(d.due_cal, []);
    marks.get(d.due_cal).push(i + 1);
  });
  return h('section.fwm-cal', h('h3', l.calendar), h('div.fwm-calrow', o.map.calendar.map((c) =>
    h('div.fwm-calcell' + (c.id === o.cal_index ? '.now' : '') + (c.winter ? '.winter' : ''),
      { 'data-cal': c.id, title: c.name },
      h('div.fwm-calname', c.short),
      h('div.fwm-calflags', c.winter ? '❄' : '', c.fair ? h('span.fwm-fairflag', l.fairHere) : null,
        c.payday ? h('span.fwm-payflag', l.payday) : null, c.rent ? h('span.fwm-rentflag', l.rentDay) : null),
      h('div.fwm-calmarks', (marks.get(c.id) || []).map((n) => h('span.fwm-num', String(n))))))));
}

function playersBox(ctx) {
  const o = ctx.obs, l = L();
  return h('section.fwm-players', h('h3', l.players), h('div.fwm-pgrid', o.players_view.map((pl, p) => {
    const goods = (g) => o.map.goods.map((gd) => (g[gd.key] ? h('span.fwm-good', h('span.gdot', { style: { background: GOODC[gd.id] } }),
      `${g[gd.key]} ${gd.name}`) : null));
    return h('div.fwm-player' + (p === ctx.seat ? '.me' : ''), { 'data-player': p, style: { borderColor: PLAYER_COLORS[p] } },
      h('div.fwm-pname', h('span.dot', { style: { background: PLAYER_COLORS[p] } }), playerName(ctx.seats, p),
        pl.has_bid !== undefined ? h('span.fwm-bidstate', pl.has_bid ? `✓ ${l.handedIn}` : l.waitingBid) : null),
      h('div', h('b', fl(pl.money)), pl.home_space >= 0 ? h('span.muted', ` · ${l.home}: ${spaceName(o, pl.home_space)}`) : null),
      h('div', `${l.warehouse}: `, goods(pl.warehouse).some(Boolean) ? goods(pl.warehouse) : l.none),
      h('div.fwm-merchs', pl.merchants.map((m, k) => h('div',
        h('span.pawnchip', { style: { background: PLAYER_COLORS[p] } }, merchName(k)), ' ',
        m.space >= 0 ? spaceName(o, m.space) : m.space === -2 ? l.lost : l.off, ' ',
        goods(m.cargo)))),
      h('div', `${l.track}: ${pl.track}${pl.noble ? ` · ${l.nobleYes}` : ''} · ${l.ious}: ${pl.ious} · ${l.manors}: ${pl.manors}`),
      (pl.cubes || []).length ? h('div.muted', `${l.cubes}: `,
        pl.cubes.map((k) => o.map.areas.find((a) => a.key === k)?.name).join(', ')) : null);
  })));
}

function infoPanel(ctx) {
  const o = ctx.obs, l = L();
  if (ui.info === null || !o.map.spaces[ui.info]) return null;
  const sp = o.map.spaces[ui.info];
  const kind = { town: l.town, road: l.road, bridge: l.bridge, sea: l.sea }[sp.kind];
  const here = [];
  o.players_view.forEach((pl, p) => pl.merchants.forEach((m, k) => {
    if (m.space === ui.info) here.push(`${playerName(ctx.seats, p)} ${merchName(k)}`);
  }));
  const deals = (o.deals || []).filter((d) => d.town === ui.info);
  return h('section.fwm-info', { 'data-space': ui.info },
    h('button.fwm-close', { onclick: () => { ui.info = null; ctx.redraw(); }, 'aria-label': 'close' }, '×'),
    h('b', sp.name), ` · ${kind} · ${l.region}: ${o.map.areas[sp.area]?.name}`,
    sp.toll ? h('div', l.toll) : null, sp.tax ? h('div', `${l.tax}: ${fl(sp.tax)}`) : null,
    sp.kind === 'sea' ? h('div', l.winterClosed) : null,
    h('div', `${l.here}: ${here.join(', ') || l.none}`),
    deals.map((d) => dealCard(ctx, d, 0, false)));
}

// The revealed bids of every auction seen in this page (and the last one).
function revealedBox(ctx) {
  const o = ctx.obs, l = L();
  const key = `${ctx.seats?.map((x) => x.name).join('|')}`;
  if (ui.histKey !== key) { ui.histKey = key; ui.history = []; ui.lastSeen = ''; }
  const la = o.last_auction;
  if (la) {
    const sig = JSON.stringify([o.round, la]);
    if (sig !== ui.lastSeen) {
      ui.lastSeen = sig;
      const deal = la.info;
      const title = deal ? `${dealTypeName(deal)} ${deal.town >= 0 ? spaceName(o, deal.town) : deal.event}` : l.lastAuction;
      const last = ui.history[0];
      const same = last && last.deal === la.deal && last.good === la.good && last.la.lo === la.lo && last.la.kind === la.kind;
      if (same) ui.history[0] = { ...last, la };
      else ui.history.unshift({ deal: la.deal, good: la.good, round: o.round, title, la });
      ui.history.length = Math.min(ui.history.length, 12);
    }
  }
  if (!ui.history.length) return null;
  return h('section.fwm-revealed', h('h3', l.revealed), ui.history.map((e) => h('div.fwm-rev',
    h('b', `${e.title}`), (e.la.kind === 'demand' || e.la.kind === 'supply') ? ` · ${goodName(o, e.la.good)}` : '',
    e.la.bids.length ? null : h('div.muted', l.noBidders),
    h('div', e.la.bids.map((b) => h('span.chip', { style: { borderColor: PLAYER_COLORS[b.player] } },
      `${playerName(ctx.seats, b.player)}: ${b.qty ? `${b.qty} × ${fl(b.price)}` : L().pass}${b.got ? ` → ${l.sold} ${b.got}` : ''}`))))));
}

// ---- the sealed-bid dialog ---------------------------------------------------------

function bidDialog(ctx, bids, pass) {
  const o = ctx.obs, l = L(), u = o.auction || {};
  const qs = bids.map((a) => tg(a, 'amount').id), ps = bids.map((a) => tg(a, 'price').id);
  const qmax = Math.max(...qs, 1), lo = Math.min(...ps), hi = Math.max(...ps);
  const key = `${u.deal}|${u.good_id}|${u.lo}|${u.hi}|${o.round}`;
  if (ui.bidKey !== key) {
    ui.bidKey = key;
    ui.q = qmax;
    ui.p = u.kind === 'demand' ? hi : lo;
  }
  const find = () => bids.find((a) => tg(a, 'amount').id === ui.q && tg(a, 'price').id === ui.p);
  const deal = (o.deals || []).find((d) => d.deal === u.deal) || (o.fair_deal?.deal === u.deal ? o.fair_deal : null);
  const msg = h('div.fwm-bidmsg');
  const total = h('div.fwm-total');
  const send = h('button.primary#fwm-bid-send', { onclick: () => { const a = find(); if (a) ctx.act(a); } }, l.bid);
  const qIn = h('input#fwm-bid-q', { type: 'number', min: 1, max: qmax, step: 1, value: ui.q, inputmode: 'numeric', 'aria-label': l.quantity });
  const pIn = h('input#fwm-bid-p', { type: 'number', min: lo, max: hi, step: 20, value: ui.p, inputmode: 'numeric', 'aria-label': l.unitPrice });
  const update = () => {
    const a = find();
    send.disabled = !a;
    msg.textContent = a ? '' : l.badBid(qmax, lo, hi);
    total.textContent = a ? `${l.total}: ${fl(ui.q * ui.p)} (${u.kind === 'demand' ? l.youGet : l.youPay})` : '';
  };
  qIn.addEventListener('input', () => { ui.q = Math.round(+qIn.value); update(); });
  pIn.addEventListener('input', () => { ui.p = Math.round(+pIn.value); update(); });
  const step = (which, d) => () => {
    if (which === 'q') { ui.q = Math.min(qmax, Math.max(1, ui.q + d)); qIn.value = ui.q; }
    else { ui.p = Math.min(hi, Math.max(lo, Math.round((ui.p + d - lo) / 20) * 20 + lo)); pIn.value = ui.p; }
    update();
  };
  update();
  const single = qmax === 1 && qs.length === ps.length && new Set(qs).size === 1;
  return h('section.fwm-bid', { role: 'dialog', 'aria-label': l.bidTitle, 'data-qmax': qmax, 'data-lo': lo, 'data-hi': hi,
    'data-kind': u.kind },
    h('h3', l.bidTitle),
    deal ? dealCard(ctx, deal, 0, true) : null,
    single ? (u.kind === 'demand' || u.kind === 'supply' ? h('div.fwm-field', h('span', l.quantity), h('b', '1')) : null)
      : h('label.fwm-field', h('span', l.quantity),
      h('button.fwm-step', { onclick: step('q', -1), 'aria-label': '−1' }, '−'), qIn,
      h('button.fwm-step', { onclick: step('q', 1), 'aria-label': '+1' }, '+'), h('span.muted', `1–${qmax}`)),
    h('label.fwm-field', h('span', single && u.kind !== 'demand' && u.kind !== 'supply' ? l.bidFl : l.unitPrice),
      h('button.fwm-step', { onclick: step('p', -100) }, '−100'), h('button.fwm-step', { onclick: step('p', -20) }, '−20'), pIn,
      h('button.fwm-step', { onclick: step('p', 20) }, '+20'), h('button.fwm-step', { onclick: step('p', 100) }, '+100'),
      h('span.muted', `${lo}–${hi}`)),
    h('div.fwm-help', u.kind === 'demand' ? l.hintDemand : u.kind === 'supply' ? l.hintSupply : l.hintOther),
    total, msg,
    h('div.fwm-row', send, pass ? h('button#fwm-bid-pass', { onclick: () => ctx.act(pass), 'data-verb': 'pass' }, l.pass) : null));
}

// ---- the decision panel -------------------------------------------------------------

function decision(ctx, st) {
  const o = ctx.obs, l = L(), legal = ctx.legal;
  if (!legal.length) return h('section.fwm-decide.idle', h('span.muted', l.nothing));
  const box = h('section.fwm-decide', h('h3', `${l.choices}: ${o.phase_label || ''}`));
  const bids = legal.filter((a) => a.verb === 'bid');
  const pass = legal.find((a) => a.verb === 'pass');
  let rest = legal.filter((a) => a.verb !== 'bid' && a.verb !== 'pass');
  if (bids.length) box.append(bidDialog(ctx, bids, pass));
  else if (pass) rest.push(pass);
  const moves = legal.filter((a) => a.verb === 'move');
  if (moves.length || o.plan) {
    box.append(h('p.fwm-help', o.plan || ui.merchant !== null ? l.pickDest : l.pickMerchant));
    if (o.plan) {
      const go = legal.find((a) => a.verb === 'go');
      box.append(h('div.fwm-plan', `${l.plan}: ${merchName(o.plan.merchant)} → `,
        o.plan.path.map((i) => spaceName(o, i)).join(' → '),
        go ? ` · ${fl(go.costs?.money || 0)}${go.costs?.risk_pct !== undefined ? ` · ${l.risk} ${go.costs.risk_pct}%` : ''}` : ''));
    } else {
      box.append(h('div.fwm-row.fwm-merchpick', [...st.movers].map((k) => {
        const m = o.players_view[ctx.seat].merchants[k];
        return h('button.fwm-pick' + (ui.merchant === k ? '.on' : ''), { 'data-merchant': k,
          onclick: () => { ui.merchant = k; ctx.redraw(); } },
        h('span.pawnchip', { style: { background: PLAYER_COLORS[ctx.seat] } }, merchName(k)), ` ${spaceName(o, m.space)}`);
      })));
    }
    if (st.dests.length) {
      box.append(h('div.fwm-row.fwm-destlist', st.dests.filter((d) => d.a.verb === 'move').map((d) =>
        h('button.fwm-destbtn', { 'data-id': d.a.id, 'data-verb': 'move', onclick: () => ctx.act(d.a) },
          `${spaceName(o, d.space)} · ${d.badge}`))));
    }
    rest = rest.filter((a) => a.verb !== 'move');
  }
  const of = offerLine(ctx);
  if (of) box.append(h('p.fwm-offer', of));
  const homes = legal.filter((a) => a.verb === 'home');
  if (homes.length) box.append(h('p.fwm-help', l.choose));
  const order = ['go', 'end_turn', 'done', 'cancel'];
  rest.sort((a, b) => (order.includes(b.verb) ? 1 : 0) - (order.includes(a.verb) ? 1 : 0));
  if (rest.length) {
    box.append(h('div.fwm-row.fwm-choices', rest.map((a) =>
      h('button.fwm-choice' + (['go', 'end_turn', 'done'].includes(a.verb) ? '.primary' : ''),
        { 'data-verb': a.verb, 'data-id': a.id, onclick: () => ctx.act(a) },
        a.verb === 'go' ? `${l.go} (${fl(a.costs?.money || 0)}${a.costs?.risk_pct !== undefined ? ` · ${a.costs.risk_pct}%` : ''})`
          : label(ctx, a)))));
  }
  return box;
}

// The offer between players being made or answered, from the observation.
function offerLine(ctx) {
  const o = ctx.obs, f = o.offer, l = L();
  if (!f || !['offer_goods', 'offer_price', 'offer_reply'].includes(o.stage)) return null;
  const goods = o.map.goods.map((g) => (f.goods[g.key] ? `${f.goods[g.key]} ${g.name}` : null)).filter(Boolean);
  if (f.ious) goods.push(`${f.ious} ${l.iou}`);
  const what = goods.join(', ') || l.none;
  const price = f.price !== undefined && o.stage !== 'offer_goods' ? ` ${l.offerFor} ${fl(f.price)}` : '';
  const at = o.map.spaces.find((sp) => sp.code === f.at)?.name ?? '';
  if (f.from === ctx.seat) return `${l.offerMine}: ${what}${price} (${at})`;
  const who = playerName(ctx.seats, f.from);
  return f.buy ? l.offerBuy(who, what, at, price) : l.offerSell(who, what, at, price);
}

// What can be chosen on the map now: the merchants that may move and the
// spaces to click (steps of the chosen merchant, the planned end, homes).
function mapChoices(ctx) {
  const o = ctx.obs, legal = ctx.legal;
  const moves = legal.filter((a) => a.verb === 'move');
  const movers = new Set(moves.map((a) => tg(a, 'merchant')?.id));
  if (o.plan) ui.merchant = o.plan.merchant;
  if (ui.merchant !== null && !movers.has(ui.merchant) && !o.plan) ui.merchant = null;
  if (ui.merchant === null && movers.size === 1) ui.merchant = [...movers][0];
  const l = L(), dests = [];
  for (const a of moves) {
    if (tg(a, 'merchant')?.id !== ui.merchant) continue;
    const t = tg(a, 'town') || tg(a, 'space');
    const risk = a.costs?.risk_pct;
    dests.push({ a, space: t.id, badge: `${fl(a.costs?.money || 0)}${risk !== undefined ? ` · ${risk}%` : ''}` });
  }
  const go = legal.find((a) => a.verb === 'go');
  if (go && o.plan) {
    const end = o.plan.path[o.plan.path.length - 1];
    dests.push({ a: go, space: end, badge: `${l.go} ${fl(go.costs?.money || 0)}${go.costs?.risk_pct !== undefined ? ` · ${go.costs.risk_pct}%` : ''}` });
  }
  for (const a of legal.filter((x) => x.verb === 'home')) dests.push({ a, space: tg(a, 'town').id, badge: '' });
  return { movers: o.plan ? new Set() : movers, dests };
}

// ---- the view ------------------------------------------------------------------------

let cssDone = false;
function css() {
  if (cssDone || typeof document === 'undefined') return;
  cssDone = true;
  document.head.append(h('link', { rel: 'stylesheet', href: new URL('./fwm.css', import.meta.url).href }));
}

export function fwmView(ctx) {
  css();
  const o = ctx.obs;
  const root = h('div.fwm', { 'data-view': 'fwm' });
  if (!o || !o.map) return root;
  const draw = () => {
    const c = { ...ctx, redraw: draw };
    const st = mapChoices(c);
    const mapbox = h('div.fwm-mapbox', mapSvg(c, st));
    const l = L();
    root.replaceChildren(
      header(c),
      decision(c, st),
      h('div.fwm-layout',
        h('div.fwm-left', mapbox, h('div.fwm-legend.muted', l.legend), infoPanel(c), calendar(c)),
        h('div.fwm-right',
          h('section.fwm-deals', h('h3', l.deals), h('div.fwm-dealgrid',
            (o.deals || []).map((d, i) => dealCard(c, d, i + 1, o.auction?.deal === d.deal)),
            o.fair_deal ? dealCard(c, { ...o.fair_deal, type: 'fair' }, 0, o.auction?.deal === o.fair_deal.deal) : null)),
          revealedBox(c))),
      playersBox(c));
    fitHits(mapbox);
  };
  draw();
  return root;
}
