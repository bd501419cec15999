// t_generic_de.mjs - the generic view (views/generic.js, the observation
// tab) in German names every observation key in German (issue 29).
//
// Observations come from a trusted `kontor protocol` session playing random
// games of all five games (Catan in both variants, Marco Polo II with and
// without caravans, FWM in all four modes), observed in German by player 0
// and by a spectator every few actions, the last position included.  Of
// those, every observation that shows a key not seen before is rendered
// with genericView() in the page (lang=de), and
//   - no key of an observation may be untranslated (i18n.js
//     genericKeyKnown: listed in i18n_generic.js, or made of listed words;
//     ids such as "12", "3-7" or "C01" are no words);
//   - no label of the rendered view (dt, summary, th) may be an observation
//     key written as it is ("deck_size" -> "deck size").
// Values from fixed lists (terrains, goods, card types...) are counted, not
// required: the note says how many chips the view translated; the rest are
// as the engine wrote them (card and place names - German ones in a German
// observation -, codes, and the kinds of decisions other than the current
// one, e.g. in a pending stack).  Catan's and Anno's brick must differ.
// With --shots, the observation tab of a Catan table in German against
// bots at 1400x900 and 390x844 (generic-de-desk.png, generic-de-phone.png).

const GAMES = [
  ['dominion', 2, ''], ['catan', 3, ''], ['catan', 3, 'variant=base'], ['mp2', 2, ''],
  ['mp2', 3, 'caravans=1'], ['anno1701', 2, ''], ['fwm', 3, 'mode=trading'], ['fwm', 3, 'mode=nobility'],
  ['fwm', 4, 'mode=manor'], ['fwm', 2, 'mode=full'],
];
const STEPS = 600; // actions per game (each game reaches its main phases well before)
const EVERY = 5;   // observe every EVERY actions

function keysOf(o, out) {
  if (Array.isArray(o)) for (const x of o) keysOf(x, out);
  else if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) { out.add(k); keysOf(v, out); }
  return out;
}

// Observations of random games, each kept when it shows a key not seen before.
async function collect(h) {
  const t = new h.Trusted();
  const seen = new Set(), keep = [];
  try {
    for (const [game, players, options] of GAMES) {
      for (const seed of [1, 2]) {
        const r = await t.req({ cmd: 'new', game, players, seed, options });
        if (!r.ok) throw new Error(`${game} ${options}: ${r.message}`);
        for (let n = 0; ; n++) {
          const st = await t.req({ cmd: 'status' });
          const last = st.status !== 'running' || n >= STEPS;
          if (last || n % EVERY === 0) {
            for (const player of [0, -1]) {
              const o = (await t.req({ cmd: 'observe', player, lang: 'de' })).observation;
              const ks = keysOf(o, new Set());
              if ([...ks].some((k) => !seen.has(k))) {
                for (const k of ks) seen.add(k);
                keep.push({ game, obs: o });
              }
            }
          }
          if (last) break;
          const p = st.pending?.length ? st.pending[0] : st.to_move;
          const b = await t.req({ cmd: 'bot', spec: 'random', seed: n, apply: true, player: p });
          if (!b.ok) throw new Error(`${game}: bot failed at ${n}: ${b.message}`);
        }
      }
    }
  } finally {
    t.close();
  }
  return { keep, keys: seen };
}

export function register(h) {
  h.test('generic_view_in_german_translates_every_observation_key', async (server) => {
    const { keep, keys } = await collect(h);
    const page = await h.newPage();
    await page.goto(server.url);
    const res = await page.evaluate(async (list) => {
      const i18n = await import('/i18n.js');
      const { genericView } = await import('/views/generic.js');
      i18n.setLang('de');
      const untranslated = new Map(), raw = new Map();
      let chips = 0, translated = 0;
      const walk = (o, game) => {
        if (Array.isArray(o)) { for (const x of o) walk(x, game); return; }
        if (!o || typeof o !== 'object') return;
        for (const [k, v] of Object.entries(o)) {
          if (!i18n.genericKeyKnown(k)) untranslated.set(k, `${game}: "${i18n.genericKey(k)}"`);
          walk(v, game);
        }
      };
      for (const { game, obs } of list) {
        walk(obs, game);
        const rawLabels = new Map();
        keysOf: for (const k of (function all(o, s) {
          if (Array.isArray(o)) for (const x of o) all(x, s);
          else if (o && typeof o === 'object') for (const [kk, v] of Object.entries(o)) { s.add(kk); all(v, s); }
          return s;
        })(obs, new Set())) {
          if (!/[a-z]/.test(k) || /\d/.test(k)) continue keysOf;
          rawLabels.set(k.replace(/_/g, ' '), k);
        }
        const el = genericView({
          obs, legal: [], seats: Array.from({ length: obs.players || 2 }, () => ({})), seat: 0,
          status: { decision: obs.decision }, decisionLabel: 'Entscheidung', help: async () => '', act: () => {},
        });
        document.body.append(el);
        for (const l of el.querySelectorAll('dt, summary, th')) {
          const text = l.textContent.trim();
          if (rawLabels.has(text)) raw.set(rawLabels.get(text), game);
        }
        for (const c of el.querySelectorAll('.chip.thing')) {
          chips++;
          if (c.textContent !== c.dataset.thing) translated++;
        }
        el.remove();
      }
      // a word two games say differently: the engine's own German (Catan's
      // brick is Lehm, Anno's Ziegel)
      const brick = [i18n.genericValue('brick', 'catan'), i18n.genericValue('brick', 'anno1701')].join('/');
      return { untranslated: [...untranslated], raw: [...raw], chips, translated, brick };
    }, keep);
    const fails = [];
    if (res.untranslated.length)
      fails.push(`${res.untranslated.length} keys untranslated: ${res.untranslated.map(([k, w]) => `${k} (${w})`).join(', ')}`);
    if (res.raw.length) fails.push(`labels shown as the key: ${res.raw.map(([k, g]) => `${k} (${g})`).join(', ')}`);
    if (res.brick !== 'Lehm/Ziegel') fails.push(`brick is ${res.brick}, not Lehm (Catan) / Ziegel (Anno 1701)`);
    if (keep.length < GAMES.length) fails.push(`only ${keep.length} observations rendered`);
    if (keys.size < 300) fails.push(`only ${keys.size} keys seen: the walk did not reach the games' phases`);

    if (h.shots) { // the observation tab of a real table, as a player sees it
      await page.addInitScript(() => localStorage.setItem('kontor.lang', 'de'));
      await h.createGame(page, server, 'catan', ['you', 'bot:easy', 'bot:easy'], 3);
      await page.click('button.tab[data-tab="json"]');
      await page.waitForSelector('[data-view="generic"]');
      await page.setViewportSize({ width: 1400, height: 900 });
      await h.sleep(300);
      await page.screenshot({ path: `${h.shots}/generic-de-desk.png` });
      await page.evaluate(() => [...document.querySelectorAll('[data-view="generic"] summary')].at(-1)?.scrollIntoView());
      await h.sleep(200);
      await page.screenshot({ path: `${h.shots}/generic-de-desk-2.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await h.sleep(300);
      await page.screenshot({ path: `${h.shots}/generic-de-phone.png` });
      // further down: the board's lists and a player's card
      await page.evaluate(() => document.querySelector('[data-view="generic"] .gsection')?.scrollIntoView());
      await h.sleep(200);
      await page.screenshot({ path: `${h.shots}/generic-de-phone-2.png` });
    }
    if (page.errors.length) fails.push('page errors: ' + page.errors.join('; '));
    if (fails.length) throw new Error(fails.join(' | '));
    return `${keys.size} keys in ${keep.length} observations of ${GAMES.length} games; ` +
      `${res.translated} of ${res.chips} name chips translated by the view (the rest as the engine gives them: card and place names, codes, other decisions' kinds)`;
  });
}
