// views/anno1701.js - the Anno 1701 table.  Top: the decision bar (phase,
// decision, the dice, trade and sea power) and the decision panel (what you
// may do now that has no place on the table: the voyage with its turned
// cards, the trade composer, an offer to answer, goods to choose, payment
// splits, end of turn).  Below: the two settlements side by side under the
// players' names (queen marks toward 7, village centres with gold,
// discontent and chaos, landscapes with goods, die numbers and a "blocked"
// mark, ship, warehouses, inhabitants, the 16 building spaces, the hand),
// then the era piles and the bank.
//
// Every choice is found from the legal actions' data (verb, targets, costs;
// docs/targets.md) and the observation's ids, never from action texts:
// a hand card carries the actions that target its card id, a pile those
// targeting its pile id, a village centre the payments from it, a landscape
// the placements on it, the ship the voyages.  A thing with several actions
// opens a small chooser (bottom sheet) whose buttons carry data-verb.  The
// labels are written here from the data, in English and German.

import { playerName } from '../i18n.js';
import { h, PLAYER_COLORS } from '../util.js';

// ---- strings ----------------------------------------------------------------

const S = {
  en: {
    costs: 'new one:', yourHand: 'Your hand', queen: 'Queen', gold: 'gold', discontent: 'discontent', chaos: 'CHAOS', blocked: 'blocked',
    full: 'full', centre: 'Village centre', left: 'left', right: 'right', ship: 'Ship',
    damaged: 'damaged', speed: 'speed', strength: 'strength', warehouses: 'Warehouses',
    inhabitants: 'Inhabitants', spaces: 'Building spaces', hand: 'Hand', piles: 'Era piles',
    card: 'card', cards: 'cards', mayDraw: 'you may draw', needSettler: 'needs a settler', needCitizen: 'needs a citizen',
    bank: 'Bank (3:1)', tradePower: 'Trade power',
    seaPower: 'Sea power', nobody: 'nobody', you: 'you', hint: 'Click a highlighted card, pile, centre, landscape or the ship.', waiting: 'Waiting for',
    cancel: 'Close', voyage: 'Voyage', youGive: 'You give', youAsk: 'You ask for', gives: 'gives', asks: 'asks for', nothing: 'nothing', search: 'Pile being searched', die: 'die', produces: 'produces', anyGood: 'any good',
    sails: 'sails', cannons: 'cannons', bags: 'money bags', happy: 'happy', queenMarks: 'queen marks',
    goldBuilt: 'gold when built', era: 'Era', rum: 'rum', tobacco: 'tobacco', goal: 'Goal: 7 queen marks or 2 merchants', winner: 'Winner',
    demands: 'demand', pirates: 'Pirates', lastFight: 'last fight', pirate: 'pirate',
    offersLeft: 'offers left', end_queen: '7 queen marks', end_merchants: 'two merchants',
    end_chaos: 'both village centres of the opponent fell into chaos', hint_pay: 'Click the village centre that pays (or choose a split).',
    hint_place: 'Click the landscape that takes the good.', hint_search: 'Click the card you take.',
    hint_spy: "Click the card you take from your opponent's hand.", hint_lodge: 'Click the hand card to put under a pile.',
    hint_refill: 'Click a pile to draw from.', hint_xdraw: 'Click a pile to draw from.',
    hint_pile: 'Click the era I pile your three start cards come from.',
  },
  de: {
    costs: 'neu:', yourHand: 'Deine Hand', queen: 'Königin', gold: 'Gold', discontent: 'Unzufriedene', chaos: 'CHAOS', blocked: 'gesperrt',
    full: 'voll', centre: 'Dorfzentrum', left: 'links', right: 'rechts', ship: 'Schiff',
    damaged: 'beschädigt', speed: 'Tempo', strength: 'Stärke', warehouses: 'Lagerhäuser',
    inhabitants: 'Einwohner', spaces: 'Bauplätze', hand: 'Hand', piles: 'Epochenstapel',
    card: 'Karte', cards: 'Karten', mayDraw: 'du darfst ziehen', needSettler: 'braucht einen Siedler', needCitizen: 'braucht einen Bürger',
    bank: 'Bank (3:1)', tradePower: 'Handelsmacht',
    seaPower: 'Seemacht', nobody: 'niemand', you: 'du', hint: 'Klicke eine markierte Karte, einen Stapel, ein Zentrum, eine Landschaft oder das Schiff.',
    waiting: 'Warten auf', cancel: 'Schließen', voyage: 'Handelsfahrt',
    youGive: 'Du gibst',
    youAsk: 'Du verlangst', gives: 'gibt', asks: 'verlangt',
    nothing: 'nichts', search: 'Durchsuchter Stapel', die: 'Würfel',
    produces: 'erzeugt', anyGood: 'beliebige Ware', sails: 'Segel', cannons: 'Kanonen',
    bags: 'Geldsäcke', happy: 'zufrieden', queenMarks: 'Königin', goldBuilt: 'Gold beim Bau',
    era: 'Epoche', rum: 'Rum', tobacco: 'Tabak',
    goal: 'Ziel: 7 Königinnenzeichen oder 2 Kaufleute', winner: 'Sieger', pirates: 'Piraten',
    demands: 'fordern', lastFight: 'letzter Kampf', pirate: 'Pirat', offersLeft: 'Angebote übrig',
    end_queen: '7 Königinnenzeichen', end_merchants: 'zwei Kaufleute',
    end_chaos: 'beide Dorfzentren des Gegners fielen ins Chaos',
    hint_pay: 'Klicke das Dorfzentrum, das zahlt (oder wähle eine Aufteilung).',
    hint_place: 'Klicke die Landschaft, die die Ware bekommt.', hint_search: 'Klicke die Karte, die du nimmst.',
    hint_spy: 'Klicke die Karte, die du dem Gegner nimmst.', hint_lodge: 'Klicke die Handkarte, die unter einen Stapel kommt.',
    hint_refill: 'Klicke einen Stapel, um zu ziehen.', hint_xdraw: 'Klicke einen Stapel, um zu ziehen.',
    hint_pile: 'Klicke den Stapel der Epoche I, von dem deine drei Startkarten kommen.',
  },
};
const GOODS = {
  en: { wood: 'wood', cloth: 'cloth', food: 'food', brick: 'brick', tools: 'tools', gold: 'gold',
    rum: 'rum', tobacco: 'tobacco' },
  de: { wood: 'Holz', cloth: 'Tuch', food: 'Nahrung', brick: 'Ziegel', tools: 'Werkzeug', gold: 'Gold',
    rum: 'Rum', tobacco: 'Tabak' },
};
const LEVELS = {
  en: { pioneer: 'Pioneers', settler: 'Settlers', citizen: 'Citizens', merchant: 'Merchants' },
  de: { pioneer: 'Pioniere', settler: 'Siedler', citizen: 'Bürger', merchant: 'Kaufleute' },
};
const ACTS = { // what an action card does (the numbers: data/anno1701/game.txt)
  en: { bishop: 'gold for your chapels and churches', inventor: 'take 2 goods of your choice',
    poisoner: 'opponent with citizens gives up 2 goods', revolutionary: 'opponent loses 2 gold',
    spy: "see the opponent's hand, take a card", pickpocket: 'take 1 gold from the opponent',
    captain: 'voyage: +1 sail, +1 cannon', commander: 'voyage: +2 sails, +2 cannons' },
  de: { bishop: 'Gold für Kapellen und Kirchen', inventor: 'nimm 2 Waren nach Wahl',
    poisoner: 'Gegner mit Bürgern gibt 2 Waren ab', revolutionary: 'Gegner verliert 2 Gold',
    spy: 'Hand des Gegners ansehen, eine Karte nehmen', pickpocket: 'nimm dem Gegner 1 Gold',
    captain: 'Fahrt: +1 Segel, +1 Kanone', commander: 'Fahrt: +2 Segel, +2 Kanonen' },
};
const FUNCS = {
  en: { chapel: 'chapel (Bishop)', church: 'church (Bishop)', harbour: 'harbour: swap a good on its roll',
    fire_station: 'no fire costs', lodge: 'lodge: swap a hand card on its roll',
    theatre: 'theatre: cancel action cards for 1 gold' },
  de: { chapel: 'Kapelle (Bischof)', church: 'Kirche (Bischof)', harbour: 'Hafen: bei seiner Zahl Ware tauschen',
    fire_station: 'kein Feuerschaden', lodge: 'Loge: bei ihrer Zahl Handkarte tauschen',
    theatre: 'Theater: Aktionskarten für 1 Gold abwehren' },
};
const VOY = {
  en: { pirate: 'pirates', siege: 'siege', trader: 'trader', people: 'natives', cliffs: 'cliffs',
    hurricane: 'hurricane', flotsam: 'flotsam', rescue: 'rescue' },
  de: { pirate: 'Piraten', siege: 'Belagerung', trader: 'Händler', people: 'Eingeborene', cliffs: 'Klippen',
    hurricane: 'Hurrikan', flotsam: 'Treibgut', rescue: 'Rettung' },
};
const ROMAN = ['', 'I', 'II', 'III', 'IV'];

// Labels of the actions, from verb, targets and costs.
const L = {
  en: {
    build: (x) => `Build ${x.card} (space ${x.space + 1})`, play: (x) => `Play ${x.card}`,
    sail: (x) => (x.card ? `Sail with ${x.card}` : 'Set sail'), exchange: (x) => `Exchange ${x.card} under ${x.pile}`,
    lodge: (x) => `Lodge: ${x.card} under ${x.pile}`, draw: (x) => `Draw from ${x.pile}`,
    search: (x) => `Search ${x.pile}`, start_pile: (x) => `Take 3 cards from ${x.pile}`,
    pay: (x) => `Pay ${x.gl} left · ${x.gr} right`, place: (x) => `Put ${x.good} on ${x.land}`,
    take_good: (x) => `Take ${x.good}`, steal: (x) => `Steal ${x.good}`, lose_good: (x) => `Give up ${x.good}`,
    trader_buy: (x) => `Buy ${x.good}`, trader_sell: (x) => `Sell ${x.good} for 1 gold`,
    harbour: (x) => `Get ${x.good}`, give: (x) => `+ ${x.good}`, ask: (x) => `+ ${x.good}`,
    send: () => 'Make the offer', withdraw: () => 'Withdraw', accept: () => 'Accept', decline: () => 'Decline',
    sail_on: () => 'Sail on', return: () => 'Return home', fight: () => 'Fight', pay_pirates: () => 'Pay the pirates',
    buy: (x) => `Buy ${x.offer}`, done: () => 'Done', end_turn: () => 'End turn', let_happen: () => 'Let it happen',
    cancel: () => 'Cancel it with the Theatre', spy_take: (x) => `Take ${x.card}`, pick: (x) => `Take ${x.card}`,
    upgrade: (x) => `Upgrade to ${x.level}`, repair_ship: () => 'Repair the ship', improve_ship: () => 'Improve the ship',
    bank: (x) => `Get 1 ${x.good}`, offer: () => 'Offer a trade…',
  },
  de: {
    build: (x) => `${x.card} bauen (Platz ${x.space + 1})`, play: (x) => `${x.card} spielen`,
    sail: (x) => (x.card ? `Mit ${x.card} segeln` : 'In See stechen'), exchange: (x) => `${x.card} unter ${x.pile} legen`,
    lodge: (x) => `Loge: ${x.card} unter ${x.pile}`, draw: (x) => `Von ${x.pile} ziehen`,
    search: (x) => `${x.pile} durchsuchen`, start_pile: (x) => `3 Karten von ${x.pile}`,
    pay: (x) => `Zahle ${x.gl} links · ${x.gr} rechts`, place: (x) => `${x.good} auf ${x.land} legen`,
    take_good: (x) => `${x.good} nehmen`, steal: (x) => `${x.good} rauben`, lose_good: (x) => `${x.good} abgeben`,
    trader_buy: (x) => `${x.good} kaufen`, trader_sell: (x) => `${x.good} für 1 Gold verkaufen`,
    harbour: (x) => `${x.good} bekommen`, give: (x) => `+ ${x.good}`, ask: (x) => `+ ${x.good}`,
    send: () => 'Angebot machen', withdraw: () => 'Zurückziehen', accept: () => 'Annehmen', decline: () => 'Ablehnen',
    sail_on: () => 'Weitersegeln', return: () => 'Heimkehren', fight: () => 'Kämpfen', pay_pirates: () => 'Piraten bezahlen',
    buy: (x) => `${x.offer} kaufen`, done: () => 'Fertig', end_turn: () => 'Zug beenden', let_happen: () => 'Geschehen lassen',
    cancel: () => 'Mit dem Theater abwehren', spy_take: (x) => `${x.card} nehmen`, pick: (x) => `${x.card} nehmen`,
    upgrade: (x) => `Zu ${x.level} aufwerten`, repair_ship: () => 'Schiff reparieren', improve_ship: () => 'Schiff verbessern',
    bank: (x) => `1 ${x.good} bekommen`, offer: () => 'Handel anbieten…',
  },
};

// ---- helpers ----------------------------------------------------------------

const tgt = (a, kind) => (a.targets || []).find((x) => x.kind === kind)?.id;
const tgts = (a, kind) => (a.targets || []).filter((x) => x.kind === kind).map((x) => x.id);
const hasT = (a, kind, id) => (a.targets || []).some((x) => x.kind === kind && x.id === id);

function goodChip(lang, key, n) {
  return h('span.an-good.g-' + key, n !== undefined ? h('b', String(n)) : null, n !== undefined ? ' ' : null, GOODS[lang][key] || key);
}
function costChips(lang, cost) {
  const e = Object.entries(cost || {}).filter(([, n]) => n > 0);
  return e.length ? h('span.an-cost', e.map(([k, n]) => goodChip(lang, k.replace(/^gold_(left|right)$/, 'gold'), n))) : null;
}

// Everything the labels and cards need, built once per draw.
function model(ctx) {
  const o = ctx.obs, lang = ctx.lang === 'de' ? 'de' : 'en';
  const cards = new Map();
  const note = (c) => { if (c && c.def !== undefined) cards.set(c.def, c); };
  for (const p of o.tableau || []) { (p.hand || []).forEach(note); (p.buildings || []).forEach(note); }
  for (const pl of o.piles || []) (pl.contents || []).forEach(note);
  (o.discard || []).forEach(note);
  const me = ctx.seat >= 0 && ctx.seat < 2 ? ctx.seat : -1;
  const pending = o.pending?.player ?? o.to_move;
  const m = { o, lang, s: S[lang], cards, me, ctx, legal: ctx.legal || [] };
  m.label = (a) => label(m, a);
  m.pileName = (k) => (o.piles || [])[k]?.name || `#${k}`;
  m.viewerLands = (o.tableau || [])[pending >= 0 ? pending : 0]?.landscapes || [];
  return m;
}

function label(m, a) {
  const f = L[m.lang][a.verb];
  const kinds = m.o.kinds || [];
  const goodName = (id) => GOODS[m.lang][kinds[id]] || kinds[id] || '?';
  const land = m.viewerLands[tgt(a, 'landscape')];
  const offers = m.o.pending?.offers || [];
  const off = offers[tgt(a, 'offer')];
  const lvl = (m.o.levels || [])[tgt(a, 'level')];
  const c = a.costs || {};
  const x = {
    card: m.cards.get(tgt(a, 'card'))?.name || (m.lang === 'de' ? 'eine Karte' : 'a card'),
    space: tgt(a, 'space') ?? 0, pile: m.pileName(tgt(a, 'pile')),
    good: goodName(tgt(a, 'good')), gl: c.gold_left || 0, gr: c.gold_right || 0,
    land: land ? `${land.letter} (${m.s.die} ${land.die})` : '?',
    offer: off ? GOODS[m.lang][off.item] : '?', level: LEVELS[m.lang][lvl] || lvl,
  };
  return f ? f(x) : a.verb || '?';
}

// An action button: our label, the costs, data-verb for tests and people.
function actBtn(m, a, extra) {
  return h('button.an-act' + (extra || ''), { 'data-verb': a.verb, 'data-id': a.id, 'data-warn': a.warning ? '1' : null, onclick: (e) => { e.stopPropagation(); closeSheet(); m.ctx.act(a); } },
    m.label(a), costChips(m.lang, a.costs));
}

// The chooser for a thing with several actions: a sheet at the bottom of
// the window (reachable on a phone without scrolling back).
let sheetEl = null;
function closeSheet() { sheetEl?.remove(); sheetEl = null; }
function openSheet(m, title, acts) {
  closeSheet();
  sheetEl = h('div.an-sheet', { role: 'dialog', 'data-sheet': '1' },
    h('div.an-sheet-title', title),
    h('div.an-sheet-acts', acts.map((a) => actBtn(m, a))),
    h('button.an-act.an-close', { onclick: closeSheet }, m.s.cancel));
  document.body.append(sheetEl);
}

// Make el act on `acts` (one: at once; several: the chooser).
function actOn(m, el, acts, title) {
  if (!acts.length) return el;
  el.classList.add('can-act');
  el.dataset.verbs = [...new Set(acts.map((a) => a.verb))].join(' ');
  if (acts.some((a) => a.warning)) el.dataset.warn = '1';
  el.setAttribute('role', 'button');
  el.tabIndex = 0;
  const go = (e) => { e.stopPropagation(); if (acts.length === 1) { closeSheet(); m.ctx.act(acts[0]); } else openSheet(m, title, acts); };
  el.addEventListener('click', go);
  el.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(e); } });
  return el;
}

// ---- cards --------------------------------------------------------------------

function cardFunction(m, c) {
  const s = m.s, lang = m.lang;
  if (c.family === 'action') return [h('div.an-fn.first', ACTS[lang][c.action] || c.action)];
  const out = [];
  if (c.produces) out.push(h('div.an-fn', `${s.die} ${c.die}: ${s.produces} `, c.produces === 'any' ? s.anyGood : goodChip(lang, c.produces)));
  else if (c.die) out.push(h('div.an-fn', `${s.die} ${c.die}`));
  if (c.function) out.push(h('div.an-fn', FUNCS[lang][c.function] || c.function));
  const marks = [['sails', s.sails], ['cannons', s.cannons], ['money_bags', s.bags], ['happy', s.happy],
    ['queen_marks', s.queenMarks], ['gold_when_built', s.goldBuilt]].filter(([k]) => c[k]);
  if (out[0]) out[0].classList.add('first');
  if (marks.length) out.push(h('div.an-marks', marks.map(([k, n]) => h('span.an-mark.m-' + k, `${c[k]} ${n}`))));
  return out;
}

function cardEl(m, c, opts = {}) {
  if (c.def === undefined) // a card whose face the viewer does not see: its back shows the era
    return h('div.an-card.back', { 'data-era': c.era }, h('div.an-era', `${m.s.era} ${ROMAN[c.era]}`));
  const el = h(`div.an-card.${c.family}${opts.small ? '.small' : ''}`, { 'data-card': c.def, 'data-era': c.era },
    h('div.an-cname', c.name, h('span.an-cera', ROMAN[c.era])),
    c.family === 'building' ? costChips(m.lang, c.cost) : null,
    cardFunction(m, c));
  return el;
}

// ---- settlement -----------------------------------------------------------------

function centreEl(m, p, ce, lands, mine) {
  const s = m.s;
  const pays = mine ? m.legal.filter((a) => a.verb === 'pay' && tgts(a, 'centre').length === 1 && hasT(a, 'centre', ce.id)) : [];
  const el = h('div.an-centre' + (ce.chaos ? '.chaos' : ''), { 'data-centre': ce.id, 'data-player': p },
    h('div.an-ctitle', `${s.centre} (${s[ce.side]})`),
    h('div.an-cgold', h('b', `${ce.gold}`), ` ${s.gold}`, h('span.an-coins', Array.from({ length: 4 }, (_, i) => h('i' + (i < ce.gold ? '.on' : ''))))),
    h('div.an-cdis', ce.chaos ? h('b.an-chaos', s.chaos) : `${ce.discontent} ${s.discontent}`));
  actOn(m, el, pays, s.centre);
  return h('div.an-side', el, lands.map((l) => landEl(m, p, l, mine)));
}

function landEl(m, p, l, mine) {
  const s = m.s;
  const acts = mine ? m.legal.filter((a) => a.verb === 'place' && hasT(a, 'landscape', l.id)) : [];
  const el = h('div.an-land.g-' + l.good + (l.blocked ? '.blocked' : ''), { 'data-landscape': l.id, 'data-player': p },
    h('span.an-letter', l.letter), h('span.an-die', { title: s.die }, String(l.die)),
    h('span.an-lgood', GOODS[m.lang][l.good]),
    h('span.an-dots', Array.from({ length: 3 }, (_, i) => h('i' + (i < l.goods ? '.on' : '')))),
    l.blocked ? h('span.an-blocked', s.blocked) : !l.open ? h('span.an-full', s.full) : null);
  return actOn(m, el, acts, GOODS[m.lang][l.good]);
}

function shipEl(m, p, pl, mine) {
  const s = m.s, sh = pl.ship || {};
  const acts = mine ? m.legal.filter((a) => ['sail', 'repair_ship', 'improve_ship', 'sail_on'].includes(a.verb) &&
    hasT(a, 'ship', p) && tgt(a, 'card') === undefined) : [];
  const el = h('div.an-ship' + (sh.damaged ? '.damaged' : ''), { 'data-ship': p },
    h('div.an-stitle', s.ship, ' ', h('b.an-sstate', sh.damaged ? s.damaged : ROMAN[sh.state])),
    h('div.an-sstats', `${s.speed} ${sh.speed} · ${s.strength} ${sh.strength} · ${s.die} ${sh.die}`));
  return actOn(m, el, acts, s.ship);
}

function inhabitantsEl(m, p, pl, mine) {
  const levels = m.o.levels || ['pioneer', 'settler', 'citizen', 'merchant'];
  return h('div.an-inh', levels.map((lv, i) => {
    const acts = mine ? m.legal.filter((a) => a.verb === 'upgrade' && hasT(a, 'level', i)) : [];
    const n = (pl.inhabitants || {})[lv] || 0;
    const up = (m.o.upgrades || {})[lv];
    const el = h('div.an-level', { 'data-level': i }, h('b', String(n)), ' ', LEVELS[m.lang][lv],
      up ? h('div.an-upcost', h('span.muted', `${m.s.costs} `), costChips(m.lang, up.cost)) : null);
    return actOn(m, el, acts, LEVELS[m.lang][lv]);
  }));
}

function spacesEl(m, pl) {
  const b = pl.buildings || [];
  return h('div.an-spaces', (pl.spaces || []).map((sp, i) => (b[i]
    ? h('div.an-space.built', { 'data-space': sp.id }, cardEl(m, b[i], { small: true }))
    : h('div.an-space.free', { 'data-space': sp.id }, String(sp.id + 1)))));
}

function handEl(m, p, pl, mine) {
  const s = m.s, o = m.o;
  const spy = o.pending?.task === 'spy' && o.pending.player === m.me && p !== m.me;
  const cards = (pl.hand || []).map((c) => {
    const el = cardEl(m, c);
    let acts = [];
    if (mine && c.def !== undefined)
      acts = m.legal.filter((a) => hasT(a, 'card', c.def) && ['build', 'play', 'sail', 'exchange', 'lodge'].includes(a.verb));
    if (spy && c.def !== undefined) acts = m.legal.filter((a) => a.verb === 'spy_take' && hasT(a, 'card', c.def));
    return actOn(m, el, acts, c.name);
  });
  return h('div.an-hand', { 'data-hand': p }, cards.length ? cards : h('span.muted', '—'));
}

function settlement(m, p) {
  const o = m.o, s = m.s, pl = o.tableau[p];
  const mine = p === m.me;
  const lands = pl.landscapes || [], cs = pl.centres || [];
  const powers = [o.trade_power === p ? s.tradePower : null, o.sea_power === p ? s.seaPower : null].filter(Boolean);
  const q = pl.queen_marks || 0;
  return h('section.an-player' + (mine ? '.me' : '') + (o.turn_player === p ? '.turn' : ''), { 'data-player': p },
    h('div.an-phead', { style: { borderColor: PLAYER_COLORS[p] } },
      h('span.dot', { style: { background: PLAYER_COLORS[p] } }),
      h('b.an-pname', playerName(m.ctx.seats, p)), mine ? h('span.muted', ` (${s.you})`) : null,
      h('span.an-set', pl.set === 'lion' ? (m.lang === 'de' ? 'Löwe' : 'Lion') : (m.lang === 'de' ? 'Drache' : 'Dragon')),
      powers.map((x) => h('span.an-power', x))),
    h('div.an-queen', { title: s.goal }, `${s.queen} ${q}/7`,
      h('span.an-track', Array.from({ length: 7 }, (_, i) => h('i' + (i < q ? '.on' : ''))))),
    h('div.an-summary', `${pl.gold} ${s.gold} · ${pl.discontent} ${s.discontent} · `,
      h('span.an-ware', `${s.rum} ${pl.rum}/3`), ' · ', h('span.an-ware', `${s.tobacco} ${pl.tobacco}/3`)),
    h('div.an-village',
      centreEl(m, p, cs[0] || {}, lands.filter((l) => l.centre === 'left'), mine),
      centreEl(m, p, cs[1] || {}, lands.filter((l) => l.centre === 'right'), mine)),
    h('div.an-row', shipEl(m, p, pl, mine),
      h('div.an-wh', h('div.an-stitle', s.warehouses), goodChip(m.lang, 'rum', `${pl.rum}/3`), ' ', goodChip(m.lang, 'tobacco', `${pl.tobacco}/3`))),
    h('div.an-sub', s.inhabitants), inhabitantsEl(m, p, pl, mine),
    h('div.an-sub', `${s.spaces} (${(pl.buildings || []).length}/16)`), spacesEl(m, pl),
    mine ? null : h('div.an-sub', `${s.hand} (${pl.hand_count})`), mine ? null : handEl(m, p, pl, mine));
}

// ---- shared display ---------------------------------------------------------------

function pilesEl(m) {
  const s = m.s;
  return h('section.an-shared', h('div.an-sub', s.piles), h('div.an-piles', (m.o.piles || []).map((pl) => {
    const acts = m.legal.filter((a) => ['draw', 'search', 'start_pile'].includes(a.verb) && hasT(a, 'pile', pl.id));
    const el = h('div.an-pile' + (pl.may_draw === false ? '.locked' : ''), { 'data-pile': pl.id, 'data-era': pl.era },
      h('div.an-pname', pl.name), h('div.an-pcount', `${pl.cards} ${pl.cards === 1 ? s.card : s.cards}`),
      pl.may_draw === undefined ? null : h('div.an-pnote', pl.may_draw ? s.mayDraw : pl.era === 2 ? s.needSettler : s.needCitizen));
    return actOn(m, el, acts, pl.name);
  })));
}

function bankEl(m) {
  const acts = m.legal.filter((a) => a.verb === 'bank');
  if (!acts.length) return null;
  const by = new Map();
  for (const a of acts) {
    const give = Object.keys(a.costs || {})[0];
    if (!by.has(give)) by.set(give, []);
    by.get(give).push(a);
  }
  return h('details.an-bank', h('summary', m.s.bank),
    [...by].map(([give, list]) => h('div.an-bankrow', goodChip(m.lang, give, 3), ' →', list.map((a) => actBtn(m, a, '.small')))));
}

function diceEl(m) {
  const o = m.o, s = m.s;
  const holder = (p) => (p === null || p === undefined ? s.nobody : playerName(m.ctx.seats, p));
  return h('div.an-bar',
    h('span.an-phase', o.phase_label || o.phase),
    o.dice ? h('span.an-dice', h('span.an-die6', String(o.dice.number)), h('span.an-event', o.dice.event_text || o.dice.event)) : null,
    h('span', `${s.tradePower}: `, h('b', holder(o.trade_power))),
    h('span', `${s.seaPower}: `, h('b', holder(o.sea_power))));
}

// ---- the decision panel -------------------------------------------------------------

function voyageEl(m) {
  const v = m.o.voyage, s = m.s;
  if (!v) return null;
  const pend = m.o.pending || {};
  return h('div.an-voyage', h('div.an-vhead', `${s.voyage}: ${playerName(m.ctx.seats, v.player)} · ${s.speed} ${v.speed} · ${s.strength} ${v.strength}`),
    h('div.an-vrow', (v.turned || []).map((c, i) => h('div.an-vcard.k-' + c.kind, { 'data-voyage': i },
      h('div.an-vname', c.name), h('div.an-vkind', VOY[m.lang][c.kind] || c.kind),
      c.strength ? h('div', `${s.strength} ${c.strength}`) : null,
      c.demand ? h('div', `${s.demands} ${c.demand} ${s.gold}`) : null)),
    Array.from({ length: Math.max(0, v.speed - (v.turned || []).length) }, () => h('div.an-vcard.unturned', '?'))),
    (pend.task === 'pirate' || pend.task === 'buy') ? h('div.an-vinfo', pend.task === 'pirate'
      ? `${s.pirates}: ${s.strength} ${pend.strength} · ${s.demands} ${pend.demand} ${s.gold}`
      : (pend.offers || []).map((of) => h('span.an-offer', goodChip(m.lang, of.item), ` ${of.price} ${s.gold} (${of.left})`))) : null,
    v.last_fight && v.last_fight[0] ? h('div.muted', `${s.lastFight}: ${playerName(m.ctx.seats, v.player)} ${v.last_fight[0]} · ${s.pirate} ${v.last_fight[1]}`) : null);
}

function offerSide(m, side) {
  const e = Object.entries(side || {});
  return e.length ? e.map(([k, n]) => goodChip(m.lang, k, n)) : h('span.muted', m.s.nothing);
}

function tradeEl(m) {
  const of = m.o.offer, s = m.s;
  if (!of) return null;
  const composing = !of.made;
  const give = m.legal.filter((a) => a.verb === 'give'), ask = m.legal.filter((a) => a.verb === 'ask');
  if (composing)
    return h('div.an-trade', { 'data-trade': 'compose' },
      h('div.an-tcol', h('div.an-ttitle', s.youGive), h('div.an-tnow', offerSide(m, of.give)), h('div.an-tbtns', give.map((a) => actBtn(m, a)))),
      h('div.an-tcol', h('div.an-ttitle', s.youAsk), h('div.an-tnow', offerSide(m, of.get)), h('div.an-tbtns', ask.map((a) => actBtn(m, a)))));
  return h('div.an-trade', { 'data-trade': 'answer' },
    h('div.an-tcol', h('div.an-ttitle', `${playerName(m.ctx.seats, of.from)} ${s.gives}`), h('div.an-tnow', offerSide(m, of.give))),
    h('div.an-tcol', h('div.an-ttitle', `${playerName(m.ctx.seats, of.from)} ${s.asks}`), h('div.an-tnow', offerSide(m, of.get))));
}

function searchEl(m) {
  const pile = (m.o.piles || []).find((p) => p.contents);
  if (!pile) return null;
  return h('div.an-search', h('div.an-ttitle', `${m.s.search}: ${pile.name}`),
    h('div.an-hand', pile.contents.map((c) => actOn(m, cardEl(m, c), m.legal.filter((a) => a.verb === 'pick' && hasT(a, 'card', c.def)), c.name))));
}

// Verbs the table itself offers (on a card, pile, centre, landscape, ship,
// inhabitant, the bank or a trade/voyage column); the rest are buttons here.
function onTable(m, a) {
  switch (a.verb) {
    case 'build': case 'play': case 'exchange': case 'lodge': return true;
    case 'sail': return true;
    case 'draw': case 'search': case 'start_pile': return true;
    case 'pay': return tgts(a, 'centre').length === 1;
    case 'place': case 'upgrade': case 'repair_ship': case 'improve_ship': case 'bank': return true;
    case 'give': case 'ask': return true;
    case 'spy_take': case 'pick': return true;
    default: return false;
  }
}

function decisionEl(m) {
  const o = m.o, s = m.s;
  const over = o.status === 'over' || o.end;
  const mineNow = m.legal.length > 0;
  const rest = m.legal.filter((a) => !onTable(m, a));
  const who = o.pending?.player ?? o.to_move;
  return h('section.an-decision' + (mineNow ? '.mine' : ''),
    h('div.an-dhead', h('b.an-dlabel', o.decision_label || o.decision),
      over && o.end ? h('span.an-win', `${s.winner}: ${playerName(m.ctx.seats, o.end.winner)}`,
        s['end_' + o.end.reason] ? ` — ${s['end_' + o.end.reason]}` : '')
        : !mineNow && who >= 0 ? h('span.muted', `${s.waiting} ${playerName(m.ctx.seats, who)}…`) : null,
      mineNow && o.pending?.amount && o.pending.task !== 'place' ? h('span.an-amount', `× ${o.pending.amount}`) : null,
      o.offers_left !== undefined && mineNow && !o.pending ? h('span.muted', `${o.offers_left} ${s.offersLeft}`) : null),
    voyageEl(m), tradeEl(m), searchEl(m),
    mineNow && rest.length ? h('div.an-dacts', rest.map((a) => actBtn(m, a))) : null,
    mineNow && rest.length < m.legal.length ? h('div.an-hint.muted', s['hint_' + (o.pending?.task || '')] || s.hint) : null,
    mineNow ? bankEl(m) : null);
}

// ---- the view ---------------------------------------------------------------------------

let cssDone = false;
function css() {
  if (cssDone || typeof document === 'undefined') return;
  cssDone = true;
  document.head.append(h('link', { rel: 'stylesheet', href: new URL('./anno1701.css', import.meta.url).href }));
}

export function anno1701View(ctx) {
  css();
  closeSheet();
  const m = model(ctx);
  const o = m.o;
  // your settlement first (left; on top on a phone)
  const order = m.me === 1 ? [1, 0] : [0, 1];
  const mine = m.me >= 0 ? (o.tableau || [])[m.me] : null;
  return h('div.anno', { 'data-view': 'anno1701' },
    diceEl(m),
    decisionEl(m),
    h('div.an-top', mine ? h('section.an-myhand', h('div.an-sub', `${m.s.yourHand} (${mine.hand_count})`),
      handEl(m, m.me, mine, true)) : null, pilesEl(m)),
    h('div.an-settlements', order.filter((p) => (o.tableau || [])[p]).map((p) => settlement(m, p))),
  );
}

