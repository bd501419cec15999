// views/mp2.js - the Marco Polo II table: the action board (every action
// space with the dice on it in player colours and what your die would cost
// there), your dice, the map of Asia (cities, oases, routes with their
// costs, figures and trading posts), the books' offers, the Khan's favour,
// city cards and contracts drawn as what they are, and every player's
// board.
//
// Everything is read from the observation JSON (its "table" object holds
// the spaces, locations and routes with the ids the actions use) and from
// the legal actions' verb/targets/costs (docs/targets.md); the view never
// reads an action's or a component's text to find meaning.  Placing a die:
// click the die, then the space (or the space, then the die).  Every other
// choice is a button in the "Your move" panel above the board, labelled
// from the same data; things on the table (towns, offers, contracts, goal
// cards, seals) are clickable too.
//
// Data layout: `ui` (module state, survives the redraw after each push)
// holds the selected die or space; it is cleared when the legal list
// changes.  The cities are placed by their real longitude and latitude
// (GEO, keyed by the observation's location key), so the map is a
// schematic of Asia, not a copy of the printed board.

import { playerName, getLang } from '../i18n.js';
import { h, s, PLAYER_COLORS } from '../util.js';

// ---- words (English and German, this view's own) ----------------------------
const W = {
  en: {
    yourDice: 'Your dice', pickDie: 'Pick a die, then a space (or a space, then a die).',
    pickSpaceFor: 'Now pick a space for', pickDieFor: 'Now pick a die for', cancel: 'Cancel',
    board: 'Action board', books: 'Books (market)', travel: 'Travel', cityCards: 'City cards',
    specialCities: 'Special cities', other: 'More spaces', map: 'Map', players: 'Players',
    yourMove: 'Your move', waiting: 'To move', free: 'free', fee: 'fee', coins: 'coins',
    camels: 'camels', jade: 'jade', pepper: 'pepper', silk: 'silk', gold: 'gold', vp: 'VP',
    contracts: 'Contracts', completed: 'completed', goals: 'Goal card', goalOptions: 'Goal cards (keep one)',
    posts: 'Trading posts', seals: 'Seals', improved: 'improved', caravans: 'Caravans',
    khan: "Khan's favour", offer: 'this round', next: 'next round', lastRound: 'last round',
    dice: 'dice', die: 'die', blackDie: 'black die', piece: 'piece', min: 'die', empty: 'empty',
    cost: 'cost', turnTo: 'turn to', caravan: 'caravan', figure: 'figure', tile: 'tile',
    contractBoard: 'Contract board', draft: 'Characters', final: 'Final scoring', total: 'total',
    noCity: '—', route: 'route', times: '×', option: 'option', bonus: 'bonus actions',
    characterBox: 'Character', none: 'none', start: 'start', oasis: 'oasis', city: 'city',
    used: 'used', cityBonuses: 'City bonuses (each round, with a post there)', outpostTiles: 'Outpost tiles (first post there)', sealRoute: 'route needs a guild seal', f_during_game: 'during the game', f_goal_seals: 'goals + seals', f_shields: 'shields',
    f_goods: 'goods', f_coins: 'coins', f_contracts: 'contracts', f_caravans: 'caravans', f_total: 'total',
  },
  de: {
    yourDice: 'Deine Würfel', pickDie: 'Wähle einen Würfel, dann ein Feld (oder erst das Feld).',
    pickSpaceFor: 'Jetzt ein Feld wählen für', pickDieFor: 'Jetzt einen Würfel wählen für', cancel: 'Abbrechen',
    board: 'Aktionstableau', books: 'Bücher (Markt)', travel: 'Reisen', cityCards: 'Stadtkarten',
    specialCities: 'Sonderstädte', other: 'Weitere Felder', map: 'Karte', players: 'Spieler',
    yourMove: 'Dein Zug', waiting: 'Am Zug', free: 'frei', fee: 'Gebühr', coins: 'Münzen',
    camels: 'Kamele', jade: 'Jade', pepper: 'Pfeffer', silk: 'Seide', gold: 'Gold', vp: 'SP',
    contracts: 'Aufträge', completed: 'erfüllt', goals: 'Zielkarte', goalOptions: 'Zielkarten (eine behalten)',
    posts: 'Handelsposten', seals: 'Siegel', improved: 'verbessert', caravans: 'Karawanen',
    khan: 'Gunst des Khans', offer: 'diese Runde', next: 'nächste Runde', lastRound: 'letzte Runde',
    dice: 'Würfel', die: 'Würfel', blackDie: 'schwarzer Würfel', piece: 'Figur', min: 'Würfel', empty: 'leer',
    cost: 'Kosten', turnTo: 'drehen auf', caravan: 'Karawane', figure: 'Figur', tile: 'Plättchen',
    contractBoard: 'Auftragstafel', draft: 'Charaktere', final: 'Endwertung', total: 'gesamt',
    noCity: '—', route: 'Route', times: '×', option: 'Option', bonus: 'Bonusaktionen',
    characterBox: 'Charakter', none: 'keine', start: 'Start', oasis: 'Oase', city: 'Stadt',
    used: 'belegt', cityBonuses: 'Stadtboni (jede Runde, mit Posten dort)', outpostTiles: 'Handelsplättchen (erster Posten dort)', sealRoute: 'Route nur mit Gildensiegel', f_during_game: 'im Spiel', f_goal_seals: 'Ziele + Siegel', f_shields: 'Wappen',
    f_goods: 'Waren', f_coins: 'Münzen', f_contracts: 'Aufträge', f_caravans: 'Karawanen', f_total: 'gesamt',
  },
};
const VERBS = {
  en: {
    place: 'Place', money_bag: 'Money bag', reroll: 'Reroll', turn_die: 'Turn', buy_black_die: 'Buy a black die',
    complete: 'Complete contract', complete_free: 'Complete contract (free, no VP)', improve: 'Improve seal',
    use_outpost: 'Use outpost tile', exchange_goods: 'Pepper + silk + gold → 5 VP', start_caravan: 'Start caravan',
    finish_caravan: 'Finish caravan route', end_turn: 'End turn', done: 'Done', move: 'Travel to',
    move_caravan: 'Caravan to', choose_character: 'Choose', keep_goal: 'Keep goal card', offer: 'Take',
    take_seal: 'Take seal', take_contract: 'Take contract', discard_contract: 'Discard contract',
    double_bonus: 'Double the bonus of', copy_bonus: 'Copy the bonus of', city_bonus: 'Bonus of',
    reward: 'Take', take_good: 'Take', compensation: 'Coins', doubles: 'Doubles', move_post: 'Move post from',
    extra_post: 'Extra post in', caravan_city: 'Caravan starts in', use_card: 'Use card',
    load_good: 'Load', take_route_tile: 'Route tile', sell_good: 'Sell', upgrade_good: 'Upgrade',
    double_good: 'Double', return_tile: 'Return tile',
  },
  de: {
    place: 'Setzen', money_bag: 'Geldsack', reroll: 'Neu würfeln:', turn_die: 'Drehe', buy_black_die: 'Schwarzen Würfel kaufen',
    complete: 'Auftrag erfüllen', complete_free: 'Auftrag erfüllen (gratis, ohne SP)', improve: 'Siegel verbessern',
    use_outpost: 'Handelsplättchen nutzen', exchange_goods: 'Pfeffer + Seide + Gold → 5 SP', start_caravan: 'Karawane starten',
    finish_caravan: 'Karawanenroute abschließen', end_turn: 'Zug beenden', done: 'Fertig', move: 'Reise nach',
    move_caravan: 'Karawane nach', choose_character: 'Wähle', keep_goal: 'Zielkarte behalten', offer: 'Nimm',
    take_seal: 'Siegel nehmen', take_contract: 'Auftrag nehmen', discard_contract: 'Auftrag abwerfen',
    double_bonus: 'Verdopple den Bonus von', copy_bonus: 'Kopiere den Bonus von', city_bonus: 'Bonus von',
    reward: 'Nimm', take_good: 'Nimm', compensation: 'Münzen', doubles: 'Pasch', move_post: 'Posten versetzen aus',
    extra_post: 'Zusätzlicher Posten in', caravan_city: 'Karawane beginnt in', use_card: 'Karte nutzen',
    load_good: 'Lade', take_route_tile: 'Routenplättchen', sell_good: 'Verkaufe', upgrade_good: 'Veredle',
    double_good: 'Verdopple', return_tile: 'Plättchen zurück',
  },
};
const w = (k) => (W[getLang()] || W.en)[k] ?? W.en[k] ?? k;
const verbWord = (v) => (VERBS[getLang()] || VERBS.en)[v] ?? VERBS.en[v] ?? v;

// Approximate longitude/latitude of the places (real geography), keyed by
// the observation's location key.
const GEO = {
  Beijing: [116.4, 39.9], Shangdu: [116.2, 42.4], Karakorum: [102.8, 47.2], Kaifeng: [114.3, 34.8],
  Xian: [108.9, 34.3], Yunnan: [105.5, 26.5], Fuzhou: [119.3, 26.1], Guangzhou: [113.3, 23.1],
  Mekong: [102.5, 19.5], Pagan: [94.9, 21.2], Dali: [100.2, 25.6], Chengdu: [104.1, 30.7],
  Lhasa: [91.1, 29.7], Dunhuang: [94.7, 40.1], 'Lop Nur': [89.5, 41.5], Khotan: [79.9, 37.1],
  Taklamakan: [83.5, 38.8], Kashgar: [76.0, 39.5], Samarkand: [66.9, 39.7], Bukhara: [63.0, 40.5],
  Balkh: [66.9, 36.8], Merv: [61.0, 37.6], Herat: [62.2, 34.3], Tabriz: [46.3, 38.1],
  Kabul: [69.2, 34.5], Delhi: [77.2, 28.6], Sistan: [61.5, 31.0], Kerman: [57.1, 30.3],
  Hormuz: [56.5, 27.1], Baghdad: [44.4, 33.3], Calicut: [75.8, 11.3], Thar: [71.0, 26.0],
  Jaipur: [75.8, 24.5], Gobi: [106.0, 43.5], Kyzylkum: [64.0, 42.5],
};
const MAPW = 760, MAPH = 520;
function project([lon, lat]) { return [20 + (lon - 42) * 9.0, 24 + (48.5 - lat) * 13.0]; }

const RES = ['coins', 'camels', 'jade', 'pepper', 'silk', 'gold', 'vp'];

// ---- selection state (survives redraws) ----------------------------------
const ui = { sig: '', die: null, space: null, chooser: null };

function injectCss() {
  if (document.getElementById('mp2-css')) return;
  const link = document.createElement('link');
  link.id = 'mp2-css';
  link.rel = 'stylesheet';
  link.href = new URL('./mp2.css', import.meta.url).href;
  document.head.append(link);
}

// ---- the legal actions as data ------------------------------------------------
const dieKey = (t) => `${t.kind}:${t.id}`;
const isDie = (t) => t.kind === 'die' || t.kind === 'black_die' || t.kind === 'piece';
const tg = (a, kind) => (a.targets || []).find((t) => t.kind === kind);
const tgAll = (a, kind) => (a.targets || []).filter((t) => t.kind === kind);
const diceOf = (a) => (a.targets || []).filter(isDie).map(dieKey);

function costText(costs) {
  const parts = Object.entries(costs || {}).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${w(k)}`);
  return parts.length ? '−' + parts.join(', ') : '';
}

function dieFace(key, o, me) {
  const [kind, id] = key.split(':');
  const n = +id;
  if (kind === 'piece') return h('span.mp2die.piece', { style: { background: PLAYER_COLORS[n] }, title: w('piece') }, '6');
  return h('span.mp2die' + (kind === 'black_die' ? '.black' : ''), {
    style: kind === 'die' && me >= 0 ? { background: PLAYER_COLORS[me], color: '#fff' } : null,
  }, String(n));
}

// A label for an action built from its verb, targets and costs (never its text).
function label(ctx, a) {
  const o = ctx.obs, tb = o.table || {}, b = o.board || {};
  const me = ctx.seat >= 0 ? ctx.seat : 0;
  const seat = (o.seats || [])[me] || {};
  const parts = [verbWord(a.verb)];
  for (const t of a.targets || []) {
    switch (t.kind) {
      case 'space': parts.push(tb.spaces?.[t.id]?.name); break;
      case 'die': parts.push(`${w('die')} ${t.id}`); break;
      case 'black_die': parts.push(`${w('blackDie')} ${t.id}`); break;
      case 'piece': parts.push(`${w('piece')} ${t.id + 1}`); break;
      case 'town': parts.push(tb.locations?.[t.id]?.name); break;
      case 'route': break;
      case 'figure': if ((seat.figures || []).length > 1) parts.push(`(${w('figure')} ${t.id + 1})`); break;
      case 'caravan': parts.push(`${w('caravan')} ${t.id + 1}`); break;
      case 'guild': parts.push(tb.guild_names?.[t.id]); break;
      case 'good': parts.push(w(tb.resources?.[t.id])); break;
      case 'option': {
        const opts = o.pending?.options || (a.verb === 'money_bag' ? tb.spaces?.[24]?.options : null);
        if (a.verb === 'offer') parts.push(tb.books?.[tg(a, 'book')?.id]?.options?.[t.id]);
        else if (opts) parts.push(opts[t.id]);
        else parts.push(`${w('option')} ${t.id + 1}`);
        break;
      }
      case 'amount': parts.push(a.verb === 'turn_die' ? `→ ${t.id}` : a.verb === 'use_card' ? `${w('times')}${t.id}` : String(t.id)); break;
      case 'contract': {
        const code = t.id === 2 ? o.pending?.contract : seat.contracts?.[t.id];
        parts.push(code ? contractLine(tb, code) : '');
        break;
      }
      case 'contract_slot': {
        const code = (b.contract_board || []).flat()[t.id];
        parts.push(code ? contractLine(tb, code) : '');
        break;
      }
      case 'character': parts.push(b.draft?.[t.id]); break;
      case 'goal': {
        const code = seat.goal_options?.[t.id];
        parts.push(code ? `${code}: ${tb.goals?.[code]?.text || ''}` : '');
        break;
      }
      case 'marker': parts.push(`(${markerText(tb, b, t.id)})`); break;
      case 'book': break;
      case 'tile': parts.push(`${w('tile')} ${t.id + 1}`); break;
      case 'outpost_tile': parts.push(`${tb.outpost_tiles?.[t.id]?.code}: ${tb.outpost_tiles?.[t.id]?.text}`); break;
      default: parts.push(`${t.kind} ${t.id}`);
    }
  }
  const c = costText(a.costs);
  return parts.filter((x) => x !== undefined && x !== null && x !== '').join(' ') + (c ? `  (${c})` : '');
}

function contractLine(tb, code) {
  const c = tb.contracts?.[code];
  return c ? `${code}: ${c.cost} → ${c.reward}` : code;
}
function markerText(tb, b, i) {
  const code = b.markers?.[i];
  const m = (tb.markers || []).find((x) => x.code === code);
  return m ? m.text : code;
}

// ---- the view ---------------------------------------------------------------
export function mp2View(ctx) {
  injectCss();
  const root = h('div.mp2', { 'data-view': 'mp2' });
  const sig = (ctx.legal || []).map((a) => a.id).join(',') + '|' + (ctx.obs?.turn ?? '');
  if (sig !== ui.sig) { ui.sig = sig; ui.die = null; ui.space = null; ui.chooser = null; }
  const draw = () => root.replaceChildren(...render(ctx, draw).filter(Boolean));
  draw();
  return root;
}

function render(ctx, redraw) {
  const o = ctx.obs;
  const b = o.board || {};
  const tb = o.table || {};
  const over = o.status === 'over' || b.phase === 'over';
  // while a figure or caravan moves, the map comes first (the choice is there)
  const travelling = (ctx.legal || []).some((a) => a.verb === 'move' || a.verb === 'move_caravan');
  const map = h('section.mp2sec#mp2-map', h('h3', w('map')), h('div.mp2mapwrap', mapSvg(ctx, redraw)), mapLegend());
  const board = actionBoard(ctx, redraw);
  return [
    h('div.mp2bar',
      h('span.round#mp2-round', b.round_label || ''),
      h('span', b.phase_label || ''),
      h('span.muted', `${w('waiting')}: ${over ? '—' : playerName(ctx.seats, o.to_move)}`)),
    movePanel(ctx, redraw),
    o.final ? finalBox(ctx) : null,
    h('div.mp2main',
      h('div.mp2col', ...(travelling ? [map, board] : [board, map])),
      h('div.mp2col.side',
        booksBox(ctx),
        khanBox(ctx),
        contractBoardBox(ctx),
        bonusBox(ctx),
        (ctx.legal || []).some((a) => a.verb === 'choose_character') ? draftBox(ctx) : null)),
    h('div.mp2seats', (o.seats || []).map((st, p) => seatBox(ctx, st, p))),
    tb.spaces ? null : h('p.error', 'no table data'),
  ];
}

// The decision: your dice (click one, then a space) and every other choice
// as a button labelled from data.
function movePanel(ctx, redraw) {
  const legal = ctx.legal || [];
  if (!legal.length) return null;
  const o = ctx.obs, me = ctx.seat;
  const placing = legal.filter((a) => a.verb === 'place' || a.verb === 'money_bag');
  const dieActs = legal.filter((a) => a.verb === 'reroll' || a.verb === 'turn_die');
  const rest = legal.filter((a) => !placing.includes(a) && !dieActs.includes(a));
  const box = h('section.mp2move#mp2-move', h('h3', w('yourMove')));
  const seat = o.seats?.[me] || {};
  const held = [...(seat.dice || []).map((v) => `die:${v}`), ...(seat.black || []).map((v) => `black_die:${v}`),
    ...(seat.pieces || []).map((c) => `piece:${['blue', 'yellow', 'green', 'red'].indexOf(c)}`)];
  if (o.turn_player === me && held.length && (placing.length || dieActs.length)) {
    const usable = new Set([...placing, ...dieActs].flatMap(diceOf));
    const spaceActs = ui.space !== null ? placing.filter((a) => tg(a, 'space')?.id === ui.space) : null;
    const fits = spaceActs ? new Set(spaceActs.flatMap(diceOf)) : null;
    const seen = new Set();
    const tray = h('div.mp2tray#mp2-dice', held.filter((k) => !seen.has(k) && seen.add(k)).map((k) => {
      const n = held.filter((x) => x === k).length;
      const el = h('button.mp2diebtn' + (ui.die === k ? '.sel' : ''), { 'data-die': k, type: 'button' },
        dieFace(k, o, me), n > 1 ? h('small', `×${n}`) : null);
      const ok = fits ? fits.has(k) : usable.has(k);
      if (!ok) el.disabled = true;
      else {
        el.classList.add('can-act');
        el.onclick = () => {
          if (spaceActs) return pickFor(ctx, redraw, spaceActs.filter((a) => diceOf(a).includes(k)), k);
          ui.die = ui.die === k ? null : k;
          ui.chooser = null;
          redraw();
        };
      }
      return el;
    }));
    box.append(h('div.mp2trayrow', h('b', w('yourDice') + ': '), tray));
    const hint = ui.die ? `${w('pickSpaceFor')} ${ui.die.split(':')[1]}` : ui.space !== null
      ? `${w('pickDieFor')} ${o.table.spaces[ui.space].name}` : w('pickDie');
    box.append(h('p.hint', hint, ui.die || ui.space !== null
      ? h('button.linkish', { type: 'button', onclick: () => { ui.die = null; ui.space = null; ui.chooser = null; redraw(); } }, w('cancel')) : null));
    if (ui.die) { // what else this die can do: reroll, turn
      const mine = dieActs.filter((a) => diceOf(a).includes(ui.die));
      if (mine.length) box.append(h('div.mp2choices', mine.map((a) => choiceBtn(ctx, a))));
    }
  }
  if (ui.chooser) box.append(h('div.mp2chooser#mp2-chooser', ui.chooser.map((a) => choiceBtn(ctx, a))));
  if (rest.length) box.append(h('div.mp2choices#mp2-choices', rest.map((a) => choiceBtn(ctx, a))));
  return box;
}

function choiceBtn(ctx, a) {
  return h('button.mp2choice' + (a.verb === 'end_turn' || a.verb === 'done' ? '.end' : ''),
    { type: 'button', 'data-verb': a.verb || '', 'data-id': a.id, onclick: () => ctx.act(a) }, label(ctx, a));
}

// One action: do it; several (two-dice spaces, the money bag's three
// rewards): list them to choose.
function pickFor(ctx, redraw, acts) {
  if (!acts.length) return;
  if (acts.length === 1) { ctx.act(acts[0]); return; }
  ui.chooser = acts;
  redraw();
}

function spaceTile(ctx, redraw, sp) {
  const o = ctx.obs, me = ctx.seat;
  const legal = (ctx.legal || []).filter((a) => (a.verb === 'place' || a.verb === 'money_bag') && tg(a, 'space')?.id === sp.id);
  const withDie = ui.die ? legal.filter((a) => diceOf(a).includes(ui.die)) : legal;
  const dice = [];
  const players = sp.players || [];
  players.forEach((p) => dice.push(h('span.mp2die.small', { style: { background: PLAYER_COLORS[p] }, title: playerName(ctx.seats, p) },
    sp.last === p && sp.low ? String(sp.low) : '')));
  const neutral = Math.max(0, sp.used - players.length);
  if (sp.kind !== 'bag') for (let i = 0; i < neutral && i < 4; i++) dice.push(h('span.mp2die.small.neutral', sp.last === -2 && i === 0 && sp.low ? String(sp.low) : ''));
  let costEl = null;
  if (withDie.length) {
    const fees = withDie.map((a) => a.costs?.coins || 0);
    const lo = Math.min(...fees), hi = Math.max(...fees);
    costEl = h('span.cost', lo === 0 && hi === 0 ? w('free') : `${lo === hi ? lo : lo + '–' + hi} ${w('coins')}`);
  } else if (sp.fee && sp.used) costEl = h('span.cost.muted', `${w('fee')} = ${w('die')}`);
  const el = h('div.mp2space' + (sp.used && sp.single ? '.taken' : '') + (ui.space === sp.id ? '.sel' : ''),
    { 'data-space': sp.id, 'data-kind': sp.kind },
    h('div.sname', sp.name, sp.dice > 1 ? h('small', ` ${sp.dice} ${w('dice')}`) : null,
      sp.min > 1 ? h('small', ` ${w('min')} ≥${sp.min}`) : null),
    sp.card ? h('div.scard', h('b', sp.card), ' ', sp.text) : h('div.stext', sp.text),
    h('div.sdice', dice.length ? dice : h('span.muted', sp.kind === 'bag' && sp.used ? `${sp.used}×` : ''), costEl));
  if (withDie.length && ctx.obs.turn_player === me) {
    el.classList.add('can-act');
    el.setAttribute('role', 'button');
    el.onclick = () => {
      if (ui.die) return pickFor(ctx, redraw, withDie);
      const dks = new Set(legal.flatMap(diceOf));
      if (legal.length === 1 || dks.size === 1) return pickFor(ctx, redraw, legal);
      ui.space = ui.space === sp.id ? null : sp.id;
      ui.chooser = null;
      redraw();
    };
  }
  return el;
}

function actionBoard(ctx, redraw) {
  const sps = ctx.obs.table?.spaces || [];
  const group = (kinds) => sps.filter((x) => kinds.includes(x.kind) && (x.kind !== 'card' && x.kind !== 'card_area' || x.card));
  const row = (title, list) => list.length ? h('div.mp2group', h('h4', title), h('div.mp2spaces', list.map((x) => spaceTile(ctx, redraw, x)))) : null;
  return h('section.mp2sec.mp2board#mp2-board', h('h3', w('board')),
    row(w('books'), group(['book'])),
    row(w('other'), group(['khan', 'seals', 'contracts', 'bag'])),
    row(w('travel'), group(['travel'])),
    row(w('specialCities'), group(['city'])),
    row(w('cityCards'), group(['card', 'card_area'])));
}

// ---- books, Khan, contracts, draft --------------------------------------------
function booksBox(ctx) {
  const o = ctx.obs, b = o.board || {}, tb = o.table || {};
  const market = (ctx.legal || []).filter((a) => a.verb === 'offer');
  return h('section.mp2sec#mp2-books', h('h3', w('books')), (tb.books || []).map((bk, i) => {
    const nx = b.offers?.[i]?.next;
    return h('div.mp2book', h('div.bhead', h('b', w(['pepper', 'silk', 'gold'][i])), ' ',
      h('span.chip', bk.offer), ' ', h('small.muted', nx ? `${w('next')}: ${nx}` : w('lastRound'))),
    h('div.bopts', bk.options.map((txt, k) => {
      const a = market.find((x) => tg(x, 'book')?.id === i && tg(x, 'option')?.id === k);
      const el = h('button.mp2opt', { type: 'button', 'data-book': i, 'data-option': k },
        k >= 2 ? h('span.jade', `−${k - 1} ${w('jade')}:`) : null, txt);
      if (a) { el.classList.add('can-act'); el.onclick = () => ctx.act(a); } else el.disabled = true;
      return el;
    })));
  }));
}

function khanBox(ctx) {
  const b = ctx.obs.board || {};
  const slots = (b.khan || []).map((v, i) => {
    const p = b.khan_by?.[i];
    if (!v) return h('span.mp2die.small.emptyslot', '');
    return h('span.mp2die.small' + (p === -2 ? '.neutral' : ''), { style: p >= 0 ? { background: PLAYER_COLORS[p], color: '#fff' } : null,
      title: p >= 0 ? playerName(ctx.seats, p) : '' }, String(v));
  });
  const sp = (ctx.obs.table?.spaces || []).find((x) => x.kind === 'khan');
  return h('section.mp2sec#mp2-khan', h('h3', w('khan')), h('div.khanrow', slots), sp ? h('small.muted', sp.text) : null);
}

function contractBoardBox(ctx) {
  const o = ctx.obs, b = o.board || {}, tb = o.table || {};
  const take = (ctx.legal || []).filter((a) => a.verb === 'take_contract');
  const cities = (tb.locations || []).filter((l) => l.contract_city >= 0).sort((x, y) => x.contract_city - y.contract_city);
  return h('section.mp2sec#mp2-contracts', h('h3', w('contractBoard')),
    (b.contract_board || []).map((pair, ci) => h('div.ccity', h('b', cities[ci]?.name || ''),
      pair.map((code, j) => {
        if (!code) return h('span.mp2card.emptycard', w('empty'));
        const el = contractCard(tb, code);
        const a = take.find((x) => tg(x, 'contract_slot')?.id === ci * 2 + j);
        if (a) { el.classList.add('can-act'); el.onclick = () => ctx.act(a); }
        return el;
      }))),
    h('small.muted', `${b.contract_pile ?? 0} ↓`));
}

function contractCard(tb, code) {
  const c = tb.contracts?.[code];
  return h('span.mp2card.contract', { 'data-contract': code }, h('b', code),
    c ? h('span', h('span.pay', c.cost), ' → ', h('span.gain', c.reward)) : null);
}

function draftBox(ctx) {
  const b = ctx.obs.board || {};
  const acts = (ctx.legal || []).filter((a) => a.verb === 'choose_character');
  return h('section.mp2sec#mp2-draft', h('h3', w('draft')), b.draft.map((name, i) => {
    if (!name) return null;
    const el = h('button.mp2card.character', { type: 'button' }, h('b', name));
    const a = acts.find((x) => tg(x, 'character')?.id === i);
    if (a) { el.classList.add('can-act'); el.onclick = () => ctx.act(a); } else el.disabled = true;
    ctx.help(name).then((txt) => { if (txt) el.append(h('small', ' ' + txt)); }).catch(() => {});
    return el;
  }));
}

// The city-bonus markers and the outpost tiles still on the map, by city.
function bonusBox(ctx) {
  const o = ctx.obs, b = o.board || {}, tb = o.table || {};
  const locs = tb.locations || [];
  const bon = (b.markers || []).map((code, i) => {
    const l = locs.find((x) => x.marker === i);
    const m = (tb.markers || []).find((x) => x.code === code);
    return h('div.mp2line', h('b', l?.name || ''), ': ', m?.text || code);
  });
  const out = (b.outposts || []).map((code, i) => {
    if (!code) return null;
    const l = locs.find((x) => x.outpost === i);
    const t = (tb.outpost_tiles || []).find((x) => x.code === code);
    return h('div.mp2line', h('b', l?.name || ''), ': ', t?.text || code);
  }).filter(Boolean);
  return h('section.mp2sec#mp2-bonuses', h('h3', w('cityBonuses')), bon,
    out.length ? h('h4', w('outpostTiles')) : null, out);
}

// ---- the map -----------------------------------------------------------------
// Labels go above, below, right or left of their place, the first spot that
// overlaps no earlier label or place (Samarkand, Bukhara, Merv and Balkh
// sit close together).
function placeLabels(items) {
  const boxes = [];
  const hit = (a) => boxes.some((b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h);
  for (const it of items) boxes.push({ x: it.x - 9, y: it.y - 9, w: 18, h: 18 });
  const out = [];
  for (const it of items) {
    const tw = it.name.length * 6.4 + 4, th = 13;
    const spots = [[it.x - tw / 2, it.y - 10 - th], [it.x - tw / 2, it.y + 11], [it.x + 11, it.y - th / 2],
      [it.x - 11 - tw, it.y - th / 2], [it.x + 8, it.y - 8 - th], [it.x - tw - 8, it.y - 8 - th],
      [it.x + 8, it.y + 9], [it.x - tw - 8, it.y + 9]];
    let pick = null;
    for (const [x, y] of spots) {
      const bx = { x, y, w: tw, h: th };
      if (x < 0 || y < 0 || x + tw > MAPW || y + th > MAPH) continue;
      if (!hit(bx)) { pick = bx; break; }
    }
    pick = pick || { x: Math.min(MAPW - tw, Math.max(0, spots[0][0])), y: Math.max(0, spots[0][1]), w: tw, h: th };
    boxes.push(pick);
    out.push(pick);
  }
  return out;
}

function mapSvg(ctx, redraw) {
  const o = ctx.obs, tb = o.table || {};
  const locs = tb.locations || [];
  const svg = s('svg', { viewBox: `0 0 ${MAPW} ${MAPH}`, class: 'mp2map', role: 'img' });
  svg.append(s('rect', { x: 0, y: 0, width: MAPW, height: MAPH, fill: '#e9dcb8' }));
  const pos = locs.map((l) => (GEO[l.key] ? project(GEO[l.key]) : null));
  const moves = (ctx.legal || []).filter((a) => tg(a, 'town'));
  const routeHi = new Set(moves.map((a) => tg(a, 'route')?.id).filter((x) => x !== undefined));
  for (const r of tb.routes || []) {
    const pa = pos[r.a], pb = pos[r.b];
    if (!pa || !pb) continue;
    svg.append(s('line', { x1: pa[0], y1: pa[1], x2: pb[0], y2: pb[1], 'data-route': r.id,
      class: 'route' + (r.seal >= 0 ? ' seal' : '') + (routeHi.has(r.id) ? ' hi' : '') }));
    // the route's cost as coloured numbers: coins, camels, jade (legend below the map)
    const parts = [['coins', r.coins], ['camels', r.camels], ['jade', r.jade]].filter(([, n]) => n);
    if (parts.length) {
      const t = s('text', { x: (pa[0] + pb[0]) / 2, y: (pa[1] + pb[1]) / 2 + 4, class: 'cost' });
      parts.forEach(([k, n], i) => t.append(s('tspan', { class: k, text: (i ? '·' : '') + n })));
      svg.append(t);
    }
  }
  const posts = {}, figs = {};
  const idOf = {};
  locs.forEach((l) => { idOf[l.key] = l.id; });
  (o.seats || []).forEach((st, p) => {
    for (const c of st.posts || []) (posts[idOf[c]] = posts[idOf[c]] || []).push(p);
    for (const c of st.figures || []) (figs[idOf[c]] = figs[idOf[c]] || []).push(p);
    for (const cv of st.caravans || []) if (cv.at) (figs[idOf[cv.at]] = figs[idOf[cv.at]] || []).push(`c${p}`);
  });
  const items = locs.map((l, i) => (pos[i] ? { x: pos[i][0], y: pos[i][1], name: l.name, l } : null)).filter(Boolean);
  const labels = placeLabels(items);
  items.forEach((it, k) => {
    const l = it.l, x = it.x, y = it.y;
    const kind = l.kind === 'city' ? (l.large ? 'large' : 'regional') : l.kind;
    const g = s('g', { class: `town ${kind}`, 'data-town': l.id });
    const acts = moves.filter((a) => tg(a, 'town')?.id === l.id);
    g.append(kind === 'oasis' ? s('circle', { cx: x, cy: y, r: 7, class: 'oasis' })
      : s('rect', { x: x - (kind === 'regional' ? 7 : 9), y: y - 7, width: kind === 'regional' ? 14 : 18, height: 14, rx: 2, class: kind }));
    // a target of at least 40 px on a phone (the map is 640 px wide there: 25 units = 21 px)
    if (acts.length) g.append(s('circle', { cx: x, cy: y, r: 25, class: 'hit' }));
    const lb = labels[k];
    g.append(s('text', { x: lb.x + lb.w / 2, y: lb.y + lb.h - 3, class: 'cname', text: l.name }));
    (posts[l.id] || []).forEach((p, i) => g.append(s('rect', { x: x - 9 + i * 7, y: y + 8, width: 6, height: 6, fill: PLAYER_COLORS[p], stroke: '#fff' })));
    (figs[l.id] || []).forEach((p, i) => {
      const cv = typeof p === 'string';
      const col = PLAYER_COLORS[cv ? +p.slice(1) : p];
      g.append(cv ? s('rect', { x: x - 16 - i * 8, y: y - 4, width: 7, height: 7, fill: col, stroke: '#000' })
        : s('circle', { cx: x + 12 + i * 8, cy: y, r: 5, fill: col, stroke: '#fff', 'stroke-width': 1.5 }));
    });
    g.append(s('title', { text: `${l.name} (${w(l.kind)}${l.shield ? ', ' + l.shield : ''})` }));
    if (acts.length) {
      g.classList.add('can-act');
      g.addEventListener('click', () => pickFor(ctx, redraw, acts));
    }
    svg.append(g);
  });
  return svg;
}

function mapLegend() {
  return h('div.mp2legend', h('span.coins', '■'), ` ${w('coins')} `, h('span.camels', '■'), ` ${w('camels')} `,
    h('span.jade', '■'), ` ${w('jade')} · `, h('span.sealroute', '- -'), ` ${w('sealRoute')}`);
}

// ---- players -------------------------------------------------------------------
function seatBox(ctx, st, p) {
  const o = ctx.obs, tb = o.table || {};
  const me = p === ctx.seat;
  const legal = me ? ctx.legal || [] : [];
  const res = h('div.mp2res', RES.map((k) => h('span.res.' + k, h('b', String(st[k] ?? 0)), ' ' + w(k))));
  const dice = [...(st.dice || []).map((v) => dieFace(`die:${v}`, o, p)), ...(st.black || []).map((v) => dieFace(`black_die:${v}`, o, p))];
  const contracts = (st.contracts || []).map((code, i) => {
    if (!code) return null;
    const el = contractCard(tb, code);
    const a = legal.find((x) => (x.verb === 'complete' || x.verb === 'complete_free') && tg(x, 'contract')?.id === i);
    if (a) { el.classList.add('can-act'); el.onclick = () => ctx.act(a); }
    return el;
  });
  const seals = (tb.guilds || []).map((g, i) => {
    const has = (st.seals || []).includes(g), imp = (st.improved || []).includes(g);
    if (!has) return null;
    const el = h('span.chip.seal' + (imp ? '.improved' : ''), tb.guild_names?.[i] || g, imp ? ` (${w('improved')})` : '');
    const a = legal.find((x) => x.verb === 'improve' && tg(x, 'guild')?.id === i);
    if (a) { el.classList.add('can-act'); el.onclick = () => ctx.act(a); }
    return el;
  }).filter(Boolean);
  let goals = null;
  if (st.goal_options) {
    const kept = st.goal >= 0 ? [st.goal_options[st.goal]] : st.goal_options;
    goals = h('div', h('b', st.goal >= 0 ? w('goals') : w('goalOptions')), ': ', kept.map((code, i) => {
      const el = h('span.mp2card.goal', h('b', code), ' ', tb.goals?.[code]?.text || '');
      const a = legal.find((x) => x.verb === 'keep_goal' && tg(x, 'goal')?.id === i);
      if (a && st.goal < 0) { el.classList.add('can-act'); el.onclick = () => ctx.act(a); }
      return el;
    }));
  }
  const nameOf = (key) => (tb.locations || []).find((l) => l.key === key)?.name || key;
  return h('div.mp2seat' + (me ? '.me' : '') + (o.to_move === p ? '.tomove' : ''), { 'data-seat': p },
    h('div.mp2head', h('span.dot', { style: { background: PLAYER_COLORS[p] } }), h('b', playerName(ctx.seats, p))),
    st.character ? characterDetails(ctx, st.character) : null,
    res,
    h('div', h('b', w('dice')), ': ', dice.length ? dice : h('span.muted', '–')),
    h('div', h('b', w('contracts')), ': ', contracts.filter(Boolean).length ? contracts : h('span.muted', '–'),
      (st.completed || []).length ? h('span.muted', ` (${st.completed.length} ${w('completed')})`) : null),
    seals.length ? h('div', h('b', w('seals')), ': ', seals) : null,
    goals,
    h('div.muted', `${w('posts')}: ${(st.posts || []).map(nameOf).join(', ') || '–'}`),
    (st.caravans || []).some((c) => c.at || c.tile) ? h('div', h('b', w('caravans')), ': ',
      st.caravans.map((c) => h('span.chip', `${c.at ? nameOf(c.at) : '–'} ${(c.goods || []).map(w).join('+')}`))) : null);
}

// The character and its power: tap the name to read it (no hover needed).
function characterDetails(ctx, name) {
  const body = h('small.muted', '…');
  const d = h('details.mp2char', h('summary', h('span.chip.character', name)), body);
  d.addEventListener('toggle', () => {
    if (d.open) ctx.help(name).then((txt) => { body.textContent = txt || ''; }).catch(() => {});
  }, { once: true });
  return d;
}

function finalBox(ctx) {
  const o = ctx.obs;
  const keys = ['during_game', 'goal_seals', 'shields', 'goods', 'coins', 'contracts', 'caravans', 'total'];
  return h('section.mp2sec#mp2-final', h('h3', w('final')), h('table.mp2final',
    h('tr', h('th', ''), keys.map((k) => h('th', w('f_' + k)))),
    o.final.map((row, p) => h('tr', h('td', playerName(ctx.seats, p)), keys.map((k) => h('td', String(row[k])))))));
}
