// views/mp2.js - the Marco Polo II table: the map of Asia with its cities,
// oases and routes (costs on each route, seal routes dashed), every
// player's figures and posts; the round and phase; the players' boards
// (character with its power on hover, coins, camels, goods, jade, points,
// dice, contracts, goal cards, caravans); the contract board, city cards,
// market offers and outposts, each code explained from the engine's
// component list.  Clicking a city offers the legal actions that name it;
// every action is also in the list beside the table.
//
// The map's routes and city kinds come from the engine's component listing
// (the "components" request); the cities are placed by their real
// longitude and latitude, so the map is a schematic of Asia, not a copy of
// the printed board.

import { t, playerName, getLang } from '../i18n.js';
import { clickable, h, hoverTip, s, PLAYER_COLORS } from '../util.js';

// Approximate longitude/latitude of the places on the map (real geography).
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

const cache = new Map();

// Parse the component listing: cities in order with their kind, routes
// with costs, and a description of each coded card ("K01 ...", "C12: ...").
function parseComponents(text) {
  const out = { cities: [], kinds: {}, routes: [], codes: {} };
  let inCities = false;
  for (const line of text.split('\n')) {
    if (!line.startsWith(' ')) inCities = /^(Cities|Städte):/.test(line);
    const m = line.match(/^\s{2}(\S.*?)\s{2,}(\S+)/);
    if (inCities && m) { out.cities.push(m[1].trim()); out.kinds[m[1].trim()] = m[2]; continue; }
    const r = line.match(/^\s+(.+?) - (.+?): (\d+)c (\d+)cam (\d+)jade(.*?)(\[|$)/);
    if (r) out.routes.push({ a: r[1], b: r[2], coins: +r[3], camels: +r[4], jade: +r[5], seal: /seal/.test(r[6]) });
    const c = line.match(/^\s+([A-Z]{1,2}\d{1,2})\b\s*(.*)$/);
    if (c) out.codes[c[1]] = c[2].replace(/\s*\[[^\]]*\]\s*$/, '');
  }
  return out;
}

// The English listing places cities and routes (the map is keyed by the
// English names); the listing in the page's language names the cities and
// explains the codes.  Cities come in the same order in both.
async function components(ctx) {
  const key = getLang();
  const get = (lang) => ctx.app.net.request({ cmd: 'components', game: 'mp2', lang })
    .then((r) => (r.ok ? parseComponents(r.text) : null)).catch(() => null);
  if (!cache.has(key)) {
    cache.set(key, Promise.all([get('en'), key === 'en' ? null : get(key)]).then(([en, local]) => {
      if (!en) return null;
      const loc = local || en;
      const toEn = {}, toLocal = {};
      en.cities.forEach((c, i) => { const l = loc.cities[i] || c; toEn[l] = c; toLocal[c] = l; });
      return { ...en, codes: loc.codes, toEn, toLocal,
        kind: (enName) => ({ start: 'start', large: 'large', regional: 'regional', oasis: 'oasis' })[en.kinds[enName]] || 'city' };
    }));
  }
  return cache.get(key);
}

function project([lon, lat]) { return [(lon - 40) * 8.3, (49 - lat) * 11.2]; }

function mapSvg(ctx, o, comp) {
  const svg = s('svg', { viewBox: '0 0 700 460', class: 'mp2map', role: 'img' });
  svg.append(s('rect', { x: 0, y: 0, width: 700, height: 460, fill: '#e9dcb8' }));
  for (const r of comp?.routes || []) {
    if (!GEO[r.a] || !GEO[r.b]) continue; // English names (the English listing)
    const [x1, y1] = project(GEO[r.a]), [x2, y2] = project(GEO[r.b]);
    svg.append(s('line', { x1, y1, x2, y2, class: 'route' + (r.seal ? ' seal' : '') }));
    const cost = [r.coins ? `${r.coins}c` : '', r.camels ? `${r.camels}🐪` : '', r.jade ? `${r.jade}j` : '']
      .filter(Boolean).join(' ');
    if (cost) svg.append(s('text', { x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 2, class: 'cost', text: cost.replace('🐪', 'cam') }));
  }
  const posts = {}, figs = {};
  const en = (c) => comp?.toEn?.[c] || c; // observation names are in the page's language
  (o.seats || []).forEach((st, p) => {
    for (const c of st.posts || []) (posts[en(c)] = posts[en(c)] || []).push(p);
    for (const c of st.figures || []) (figs[en(c)] = figs[en(c)] || []).push(p);
  });
  for (const [enName, geo] of Object.entries(GEO)) {
    const [x, y] = project(geo);
    const kind = comp ? comp.kind(enName) : 'city';
    const name = comp?.toLocal?.[enName] || enName;
    const g = s('g', { class: `city ${kind}`, 'data-city': name });
    g.append(kind === 'oasis' ? s('circle', { cx: x, cy: y, r: 6, class: 'oasis' })
      : s('rect', { x: x - (kind === 'large' || kind === 'start' ? 8 : 6), y: y - 6,
        width: kind === 'large' || kind === 'start' ? 16 : 12, height: 12, rx: 2, class: kind }));
    g.append(s('text', { x, y: y - 9, class: 'cname', text: name }));
    (posts[enName] || []).forEach((p, i) => g.append(s('rect', { x: x - 9 + i * 6, y: y + 8, width: 5, height: 5, fill: PLAYER_COLORS[p] })));
    (figs[enName] || []).forEach((p, i) => g.append(s('circle', { cx: x + 12 + i * 7, cy: y, r: 4, fill: PLAYER_COLORS[p], stroke: '#fff' })));
    g.append(s('title', { text: `${name} (${kind})` }));
    const acts = ctx.actionsFor(name);
    if (acts.length) clickable(g, acts, ctx.act, name);
    svg.append(g);
  }
  return svg;
}

function code(ctx, comp, c) {
  if (c === null || c === undefined) return h('span.muted', '–');
  const el = h('span.chip.code', { 'data-thing': c }, c);
  const desc = comp?.codes?.[c];
  if (desc) el.append(h('small', ' ' + desc));
  clickable(el, ctx.actionsFor(c), ctx.act, c);
  hoverTip(el, async () => desc || (await ctx.help(c)));
  return el;
}

function seatCard(ctx, o, comp, st, p) {
  const goods = ['coins', 'camels', 'pepper', 'silk', 'gold', 'jade', 'vp'];
  const ch = st.character ? h('span.chip.character', st.character) : h('span.muted', '—');
  if (st.character) {
    hoverTip(ch, () => ctx.help(st.character));
    clickable(ch, ctx.actionsFor(st.character), ctx.act, st.character);
  }
  return h('div.mp2seat' + (p === ctx.seat ? '.me' : '') + (o.to_move === p ? '.tomove' : ''),
    h('div.mp2head', h('span.dot', { style: { background: PLAYER_COLORS[p] } }), h('b', playerName(ctx.seats, p)), ' ', ch),
    h('div.goods', goods.map((g) => h('span.res', h('b', st[g] ?? 0), ' ', g))),
    h('div', t('dice'), ': ', (st.dice || []).length ? (st.dice || []).map((d) => h('span.die', String(d))) : h('span.muted', '–'),
      (st.black || []).map((d) => h('span.die.black', String(d)))),
    h('div', t('contracts'), ': ', (st.contracts || []).map((c) => code(ctx, comp, c)),
      (st.completed || []).length ? h('span.muted', ` (${st.completed.length} ✓)`) : null),
    st.goal_options ? h('div', t('goals'), ': ', st.goal_options.map((c) => code(ctx, comp, c))) : null,
    h('div.muted', `posts: ${(st.posts || []).join(', ') || '–'}`),
    (st.caravans || []).some((c) => c.at) ? h('div', t('caravans'), ': ',
      st.caravans.map((c) => h('span.chip', `${c.at || '–'} ${(c.goods || []).join('+')}`))) : null);
}

export function mp2View(ctx) {
  const o = ctx.obs;
  const b = o.board || {};
  const root = h('div.mp2', { 'data-view': 'mp2' });
  const draw = (comp) => {
    root.replaceChildren(
      h('div.dbar', h('span', `${t('round')} ${b.round}`), h('span', `${t('phase')}: ${b.phase}`),
        h('span', `${t('turn')} ${o.turn}`), h('span.muted', `${t('toMove')}: ${playerName(ctx.seats, o.to_move)}`)),
      h('div.mp2layout',
        h('div.mapwrap', mapSvg(ctx, o, comp)),
        h('div.mp2board',
          h('section', h('h3', t('contracts')), h('div.codes', (b.contract_board || []).flat().map((c) => code(ctx, comp, c)))),
          h('section', h('h3', t('cities')), h('div.codes', (b.card_slots || []).map((c) => code(ctx, comp, c)))),
          h('section', h('h3', t('offers')), h('div.codes', (b.offers || []).map((x) => h('span.chip', `${x.now} → ${x.next}`)))),
          (b.draft || []).some(Boolean) ? h('section', h('h3', t('character')),
            h('div.codes', b.draft.filter(Boolean).map((c) => code(ctx, comp, c)))) : null,
          h('section', h('h3', t('khan')), h('div', (b.khan || []).join(' · '))))),
      h('div.mp2seats', (o.seats || []).map((st, p) => seatCard(ctx, o, comp, st, p))));
  };
  draw(null);
  components(ctx).then((comp) => { if (comp) draw(comp); });
  return root;
}
