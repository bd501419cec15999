// views/dominion.js - the Dominion table: turn bar (phase, Actions, Buys,
// coins), the supply (basic piles and the ten kingdom piles with cost and
// count; card text on hover from the engine's help), Events and Traits, the
// play area, your hand, your deck / discard / trash, and the other players.
// Clicking a card offers the legal actions that name it (play, buy, gain,
// discard, trash, ...); everything else is in the action list beside.

import { t, playerName } from '../i18n.js';
import { clickable, h, hoverTip, PLAYER_COLORS } from '../util.js';

const TREASURE = /^(Copper|Silver|Gold|Platinum|Kupfer|Silber|Gold)$/;
const VICTORY = /^(Estate|Duchy|Province|Colony|Anwesen|Herzogtum|Provinz|Kolonie)$/;
const CURSE = /^(Curse|Fluch)$/;

function kind(name) {
  if (TREASURE.test(name)) return 'treasure';
  if (VICTORY.test(name)) return 'victory';
  if (CURSE.test(name)) return 'curse';
  return 'kingdom';
}

function card(ctx, name, extra = {}) {
  const el = h(`div.dcard.${kind(name)}${extra.small ? '.small' : ''}${extra.dim ? '.dim' : ''}`,
    { 'data-card': name },
    h('div.dname', name),
    extra.cost !== undefined ? h('div.dcost', `$${extra.cost}`) : null,
    extra.count !== undefined ? h('div.dcount', `×${extra.count}`) : null,
    extra.note ? h('div.dnote', extra.note) : null);
  // A card in a hand or in play is played/discarded/trashed, a pile in the
  // supply is bought or gained: each place offers only its own verbs.
  const skip = extra.pile ? /^(play|spiele)\b/i : /^(buy|kaufe)\b/i;
  if (!extra.noAct) clickable(el, ctx.actionsFor(name).filter((a) => !skip.test(a.text)), ctx.act, name);
  hoverTip(el, () => ctx.help(name));
  return el;
}

function stack(ctx, label, names, empty) {
  return h('div.dzone', h('div.dlabel', label),
    h('div.drow', names.length ? names.map((n) => card(ctx, n, { small: true })) : h('span.muted', empty || '—')));
}

function supply(ctx, o) {
  const piles = o.supply || [];
  const kingdom = new Set(o.kingdom || []);
  const basic = piles.filter((p) => !kingdom.has(p.card));
  const king = piles.filter((p) => kingdom.has(p.card)).sort((a, b) => a.cost - b.cost);
  const pile = (p) => card(ctx, p.card, { cost: p.cost, count: p.count, dim: p.count === 0, pile: true });
  const landscape = [
    ...(o.events || []).map((e) => card(ctx, e.event, { cost: e.cost, note: t('events'), dim: !e.buyable, pile: true })),
    ...(o.traits || []).map((x) => card(ctx, x.trait, { note: `${t('traits')}: ${x.pile}` })),
  ];
  return h('section.dsupply', h('h3', t('supply')),
    h('div.drow.basic', basic.map(pile)),
    h('div.dgrid.kingdom', king.map(pile)),
    landscape.length ? h('div.drow.landscape', landscape) : null);
}

function opponents(ctx, o) {
  return h('section.dplayers', h('h3', t('opponents')), h('table.dtable',
    h('tr', h('th'), h('th', t('vp')), h('th', t('hand')), h('th', t('deck')), h('th', t('discard')),
      h('th', t('cards'))),
    (o.seats || []).map((s, p) => h('tr' + (p === ctx.seat ? '.me' : '') + (p === o.turn_player ? '.turn' : ''),
      h('th', h('span.dot', { style: { background: PLAYER_COLORS[p] } }), playerName(ctx.seats, p)),
      h('td', s.vp), h('td', s.hand_size), h('td', s.deck_size),
      h('td', s.discard_size, s.discard_top ? h('span.muted', ` (${s.discard_top})`) : null),
      h('td', s.cards)))));
}

export function dominionView(ctx) {
  const o = ctx.obs;
  const me = ctx.seat >= 0 ? (o.seats || [])[ctx.seat] : null;
  const ts = o.turn_state || {};
  const inPlay = (o.in_play || []).map((c) => c.card);
  const aside = (o.aside || []).filter((a) => a.card).map((a) => a.card);
  return h('div.dominion', { 'data-view': 'dominion' },
    h('div.dbar',
      h('span', `${t('turn')} ${o.turn}`), h('span', `${t('phase')}: ${o.phase}`),
      h('span.big', `${t('actionsLeft')}: ${ts.actions ?? '–'}`),
      h('span.big', `${t('buys')}: ${ts.buys ?? '–'}`),
      h('span.big', `${t('coins')}: $${ts.coins ?? '–'}`),
      h('span.muted', `${t('toMove')}: ${playerName(ctx.seats, o.to_move)}`)),
    supply(ctx, o),
    h('div.dmid',
      stack(ctx, `${t('inPlay')} (${playerName(ctx.seats, o.turn_player)})`, inPlay),
      aside.length ? stack(ctx, t('aside'), aside) : null,
      (o.watchers || []).length ? stack(ctx, 'Next time', o.watchers.map((w) => w.card)) : null),
    me ? h('section.dhand', h('h3', `${t('hand')} (${me.hand_size})`),
      h('div.drow', (me.hand || []).map((n) => card(ctx, n)))) : null,
    me ? h('div.dmid',
      h('div.dzone', h('div.dlabel', t('deck')), h('div.pilecount', `${me.deck_size}`)),
      h('div.dzone', h('div.dlabel', t('discard')), h('div.pilecount', `${me.discard_size}`),
        me.discard_top ? card(ctx, me.discard_top, { small: true, noAct: true }) : null),
      h('div.dzone', h('div.dlabel', t('trash')), h('div.pilecount', `${(o.trash || []).length}`),
        h('div.drow', (o.trash || []).slice(-6).map((n) => card(ctx, n, { small: true }))))) : null,
    opponents(ctx, o));
}
