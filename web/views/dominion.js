// views/dominion.js - the Dominion table: turn bar (phase, and your Actions,
// Buys and coins on your turn), the supply (basic piles and the ten kingdom
// piles with cost and count), Events and Traits, the play area, your hand,
// your deck / discard / trash, and the other players.
//
// What can be clicked comes only from the legal actions' targets (the
// engine's kt_action_info, docs/targets.md): an action {verb, targets:
// [{kind, id}]} lights up the thing of that kind and id — "card" a card in
// your hand, "pile" a Supply pile, "event", "trait", "trash", "discard",
// "deck", "aside", "in_play", "watcher", "mode".  Names are only shown.
// A card's text: tap a card that has nothing to do (or right-click / long-
// press any card) and a details panel opens; the kingdom's texts are also
// listed under "Card texts".

import { playerName } from '../i18n.js';
import { clickable, h, PLAYER_COLORS } from '../util.js';

const WORDS = {
  en: {
    turn: 'Turn', actions: 'Actions', buys: 'Buys', coins: 'Coins', supply: 'Supply', events: 'Event',
    traits: 'Trait', inPlay: 'In play', aside: 'Set aside', nextTime: 'Next time', hand: 'Your hand',
    deck: 'Deck', discard: 'Discard pile', trash: 'Trash', players: 'Players', vp: 'VP', handSize: 'Hand',
    cards: 'Cards', turnOf: (n) => `${n}'s turn`, yourTurn: 'Your turn', over: 'Game over',
    texts: 'Card texts', close: 'Close', choose: 'Choose', deckCards: 'Cards in your deck',
    discardCards: 'Your discard pile', loading: '…', cost: 'Cost',
    modes: { 1: 'now', 2: 'next turn', 3: '+$2', 4: '+1 Buy +$3' },
    types: {},
    verbs: { end_actions: 'End actions', end_turn: 'End turn', play_treasures: 'Play all Treasures', done: 'Done' },
  },
  de: {
    turn: 'Zug', actions: 'Aktionen', buys: 'Käufe', coins: 'Geld', supply: 'Vorrat', events: 'Ereignis',
    traits: 'Merkmal', inPlay: 'Im Spiel', aside: 'Zur Seite gelegt', nextTime: 'Beim nächsten Mal',
    hand: 'Deine Hand', deck: 'Nachziehstapel', discard: 'Ablagestapel', trash: 'Müll', players: 'Spieler',
    vp: 'SP', handSize: 'Hand', cards: 'Karten', turnOf: (n) => `${n} ist am Zug`, yourTurn: 'Du bist am Zug',
    over: 'Spiel vorbei', texts: 'Kartentexte', close: 'Schließen', choose: 'Wähle',
    deckCards: 'Karten in deinem Nachziehstapel', discardCards: 'Dein Ablagestapel', loading: '…', cost: 'Kosten',
    modes: { 1: 'jetzt', 2: 'im nächsten Zug', 3: '+2 Geld', 4: '+1 Kauf +3 Geld' },
    types: { treasure: 'Geld', victory: 'Punkte', curse: 'Fluch', action: 'Aktion', attack: 'Angriff', reaction: 'Reaktion',
      duration: 'Dauer', command: 'Befehl', loot: 'Kostbarkeit', event: 'Ereignis', trait: 'Merkmal' },
    verbs: { end_actions: 'Aktionen beenden', end_turn: 'Zug beenden', play_treasures: 'Alle Geldkarten spielen', done: 'Fertig' },
  },
};

// The card whose details panel is open (kept across redraws).
let details = null;

function injectCss() {
  if (document.getElementById('css-dominion')) return;
  document.head.append(h('link#css-dominion', { rel: 'stylesheet', href: new URL('./dominion.css', import.meta.url).href }));
}

// Legal actions by target: "kind:id" -> [action].
function targetIndex(legal) {
  const m = new Map();
  for (const a of legal) {
    for (const tg of a.targets || []) {
      const k = `${tg.kind}:${tg.id}`;
      if (!m.has(k)) m.set(k, []);
      m.get(k).push(a);
    }
  }
  return m;
}

function cardClass(types) {
  const ts = types || [];
  if (ts.includes('curse')) return 'curse';
  if (ts.includes('victory') && !ts.includes('action') && !ts.includes('treasure')) return 'victory';
  if (ts.includes('treasure') && !ts.includes('action')) return 'treasure';
  if (ts.includes('event') || ts.includes('trait')) return 'landscape';
  return 'kingdom';
}

function openDetails(ctx, name, id) {
  details = { name, id, text: null };
  ctx.help(name).then((text) => {
    if (details && details.name === name) {
      details.text = text || '';
      const el = document.querySelector('.ddetails .dtext');
      if (el) el.textContent = details.text;
    }
  });
  redrawDetails(ctx);
}

function detailsPanel(ctx, W) {
  if (!details) return null;
  const types = (ctx.obs.card_types || {})[details.id] || [];
  return h('div.ddetails', { role: 'dialog', 'aria-label': details.name },
    h('div.dhead', h('b', details.name), h('span.muted', ` ${types.map((x) => W.types[x] || x).join(' · ')}`),
      h('button.dclose', { onclick: (e) => { e.stopPropagation(); details = null; redrawDetails(ctx); } }, `✕ ${W.close}`)),
    h('div.dtext', details.text ?? W.loading));
}

function redrawDetails(ctx) {
  const root = document.querySelector('[data-view="dominion"]');
  if (!root) return;
  root.querySelector('.ddetails')?.remove();
  const p = detailsPanel(ctx, WORDS[ctx.lang] || WORDS.en);
  if (p) root.append(p);
}

// A card: name, cost, count; lights up for the actions targeting (kind, id).
function card(ctx, idx, name, id, kind, extra = {}) {
  const types = (ctx.obs.card_types || {})[id];
  const acts = kind ? idx.get(`${kind}:${id}`) || [] : [];
  const el = h(`div.dcard.${cardClass(types)}${extra.small ? '.small' : ''}${extra.dim ? '.dim' : ''}`,
    { 'data-card': name, 'data-id': id, 'data-zone': kind || '',
      'data-verbs': acts.length ? [...new Set(acts.map((x) => x.verb))].join(' ') : null },
    h('div.dname', name),
    extra.cost !== undefined ? h('div.dcost', `$${extra.cost}`) : null,
    extra.count !== undefined ? h('div.dcount', `×${extra.count}`) : null,
    extra.note ? h('div.dnote', extra.note) : null);
  el.addEventListener('contextmenu', (e) => { e.preventDefault(); openDetails(ctx, name, id); });
  // long press on a phone: the details, and not the click that follows
  let timer = null;
  el.addEventListener('touchstart', () => {
    timer = setTimeout(() => { timer = null; el.dataset.long = '1'; openDetails(ctx, name, id); }, 550);
  }, { passive: true });
  const cancel = () => { if (timer) clearTimeout(timer); timer = null; };
  el.addEventListener('touchend', cancel);
  el.addEventListener('touchmove', cancel, { passive: true });
  el.addEventListener('click', (e) => {
    if (el.dataset.long) { delete el.dataset.long; e.stopImmediatePropagation(); e.preventDefault(); }
  }, true);
  if (acts.length) clickable(el, acts, ctx.act, name);
  else el.addEventListener('click', (e) => { e.stopPropagation(); openDetails(ctx, name, id); });
  return el;
}

function zone(label, kids, empty) {
  return h('div.dzone', h('div.dlabel', label), h('div.drow', kids.length ? kids : h('span.muted', empty || '—')));
}

function supply(ctx, idx, W) {
  const o = ctx.obs;
  const piles = o.supply || [];
  const kingdomNames = new Set(o.kingdom || []);
  const basic = piles.filter((p) => !kingdomNames.has(p.card));
  const king = piles.filter((p) => kingdomNames.has(p.card)).sort((a, b) => a.cost - b.cost);
  const pile = (p) => card(ctx, idx, p.card, p.id, 'pile', { cost: p.cost, count: p.count, dim: p.count === 0 });
  const landscape = [
    ...(o.events || []).map((e) => card(ctx, idx, e.event, e.id, 'event', { cost: e.cost, note: W.events, dim: !e.buyable })),
    ...(o.traits || []).map((x) => card(ctx, idx, x.trait, x.id, 'trait', { note: `${W.traits}: ${x.pile}` })),
  ];
  return h('section.dsupply', h('h3', W.supply),
    h('div.drow.basic', basic.map(pile)),
    h('div.dgrid.kingdom', king.map(pile)),
    landscape.length ? h('div.drow.landscape', landscape) : null);
}

// Every kingdom card, Event and Trait with its text, readable without hover.
function cardTexts(ctx, W) {
  const o = ctx.obs;
  const names = [...(o.kingdom || []), ...(o.events || []).map((e) => e.event), ...(o.traits || []).map((x) => x.trait)];
  const list = h('dl.dtexts');
  for (const n of names) {
    const dd = h('dd', W.loading);
    ctx.help(n).then((text) => { dd.textContent = text || ''; });
    list.append(h('dt', n), dd);
  }
  return h('details.dtextbox', { open: window.innerWidth > 900 }, h('summary', W.texts), list);
}

function opponents(ctx, W) {
  const o = ctx.obs;
  return h('section.dplayers', h('h3', W.players), h('div.dtablewrap', h('table.dtable',
    h('tr', h('th'), h('th', W.vp), h('th', W.handSize), h('th', W.deck), h('th', W.discard), h('th', W.cards)),
    (o.seats || []).map((s, p) => h('tr' + (p === ctx.seat ? '.me' : '') + (p === o.turn_player ? '.turn' : ''),
      h('th', h('span.dot', { style: { background: PLAYER_COLORS[p] } }), playerName(ctx.seats, p)),
      h('td', s.vp), h('td', s.hand_size), h('td', s.deck_size),
      h('td', s.discard_size, s.discard_top ? h('span.muted', ` (${s.discard_top})`) : null),
      h('td', s.cards))))));
}

// The turn bar: your Actions/Buys/coins only on your own turn; on someone
// else's turn (answering their Attack, say) whose turn it is.
function bar(ctx, W) {
  const o = ctx.obs;
  const ts = o.turn_state || {};
  const over = ctx.status?.status === 'over';
  const mine = o.turn_player === ctx.seat;
  const items = [h('span', `${W.turn} ${o.turn}`)];
  if (over) items.push(h('span.big.dover', W.over));
  else if (mine) {
    items.push(h('span', o.phase_label || o.phase),
      h('span.big', `${W.actions}: ${ts.actions ?? '–'}`),
      h('span.big', `${W.buys}: ${ts.buys ?? '–'}`),
      h('span.big', `${W.coins}: $${ts.coins ?? '–'}`));
  } else {
    items.push(h('span.big.dwhose', W.turnOf(playerName(ctx.seats, o.turn_player))), h('span', o.phase_label || o.phase));
  }
  // the turn's big buttons, chosen by verb
  for (const a of ctx.legal) {
    const label = W.verbs[a.verb];
    if (label) items.push(h('button.dverb', { 'data-verb': a.verb, 'data-id': a.id, onclick: () => ctx.act(a) }, label));
  }
  return h('div.dbar', items);
}

// "Choose" decisions (Gondola now / next turn...): the modes as buttons.
function modes(ctx, idx, W) {
  const acts = ctx.legal.filter((a) => (a.targets || []).some((tg) => tg.kind === 'mode'));
  if (!acts.length) return null;
  return h('div.dmodes', h('span.dlabel', `${W.choose}: `), acts.map((a) => {
    const m = a.targets.find((tg) => tg.kind === 'mode').id;
    return h('button.dmode', { 'data-mode': m, onclick: () => ctx.act(a) }, W.modes[m] || String(m));
  }));
}

// Unique cards of a list of names with parallel ids.
function uniq(names, ids) {
  const seen = new Set(), out = [];
  (ids || []).forEach((id, i) => { if (!seen.has(id)) { seen.add(id); out.push([names[i], id]); } });
  return out;
}

export function dominionView(ctx) {
  injectCss();
  const W = WORDS[ctx.lang] || WORDS.en;
  const o = ctx.obs;
  const idx = targetIndex(ctx.legal);
  const has = (kind) => ctx.legal.some((a) => (a.targets || []).some((tg) => tg.kind === kind));
  const me = ctx.seat >= 0 ? (o.seats || [])[ctx.seat] : null;
  const over = ctx.status?.status === 'over';
  const inPlay = (o.in_play || []).map((c) => card(ctx, idx, c.card, c.id, 'in_play', { small: true }));
  const aside = (o.aside || []).filter((a) => a.card).map((a) => card(ctx, idx, a.card, a.id, 'aside', { small: true }));
  const watchers = (o.watchers || []).map((w) => card(ctx, idx, w.card, w.id, 'watcher', { small: true }));
  const inPlayLabel = over || o.turn_player < 0 ? W.inPlay : `${W.inPlay} (${playerName(ctx.seats, o.turn_player)})`;
  const trash = uniq(o.trash || [], o.trash_ids || []);
  const root = h('div.dominion', { 'data-view': 'dominion' },
    bar(ctx, W),
    modes(ctx, idx, W),
    supply(ctx, idx, W),
    h('div.dmid',
      zone(inPlayLabel, inPlay),
      aside.length ? zone(W.aside, aside) : null,
      watchers.length ? zone(W.nextTime, watchers) : null),
    me ? h('section.dhand', h('h3', `${W.hand} (${me.hand_size})`),
      h('div.drow', (me.hand || []).map((n, i) => card(ctx, idx, n, (me.hand_ids || [])[i], 'card')))) : null,
    me && has('discard') ? zone(W.discardCards, uniq(me.discard || [], me.discard_ids).map(([n, id]) => card(ctx, idx, n, id, 'discard', { small: true }))) : null,
    me && has('deck') ? zone(W.deckCards, uniq(me.deck_cards || [], me.deck_ids).map(([n, id]) => card(ctx, idx, n, id, 'deck', { small: true }))) : null,
    me ? h('div.dmid',
      h('div.dzone', h('div.dlabel', W.deck), h('div.pilecount', `${me.deck_size}`)),
      h('div.dzone', h('div.dlabel', W.discard), h('div.pilecount', `${me.discard_size}`),
        me.discard_top ? card(ctx, idx, me.discard_top, me.discard_top_id, null, { small: true }) : null),
      h('div.dzone', h('div.dlabel', W.trash), h('div.pilecount', `${(o.trash || []).length}`),
        h('div.drow', trash.map(([n, id]) => card(ctx, idx, n, id, 'trash', { small: true }))))) : null,
    opponents(ctx, W),
    cardTexts(ctx, W));
  const p = detailsPanel(ctx, W);
  if (p) root.append(p);
  return root;
}
