// t_mp2.mjs - browser tests of the Marco Polo II table (web/views/mp2.js):
// a whole 2-player game against a bot played through the table with every
// action text scrambled (KONTOR_TEST_SCRAMBLE_TEXT=1: the view must find
// everything through the observation ids and the actions' targets), dice
// placed by clicking a die and then a space; the layout at 390x844 and
// 1400x900 (no horizontal page scroll, targets >= 40 px on the phone, map
// labels that do not overlap); the round in the top bar equals the log's;
// the screenshots (screenshot_mp2).

import { join } from 'node:path';

function mulberry(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (list, rng) => list[Math.floor(rng() * list.length)];

// One move made on the table: a die and a space when dice can be placed,
// else a town on the map, an offer in a book, or a button of the move
// panel.  Returns what was clicked ('place', 'map', 'offer', 'panel') or
// null when nothing could be clicked (not our turn, or a redraw raced).
async function tableMove(page, rng) {
  try {
    const choices = await page.$$('#mp2-choices button.mp2choice');
    const verbs = await Promise.all(choices.map((b) => b.getAttribute('data-verb')));
    const dice = await page.$$('#mp2-dice button.can-act');
    if (dice.length) {
      // pick a die (unless one is picked already: a second click would put it back)
      if (!(await page.$('#mp2-dice button.sel'))) await pick(dice, rng).click({ timeout: 3000 });
      const spaces = await page.$$('.mp2space.can-act');
      const kinds = await Promise.all(spaces.map((e) => e.getAttribute('data-kind')));
      const real = spaces.filter((_, i) => kinds[i] !== 'bag');
      const end = verbs.indexOf('end_turn');
      if (!real.length && end >= 0 && rng() < 0.85) { // only the money bag: end the turn instead
        await choices[end].click({ timeout: 3000 });
        return 'panel';
      }
      if (spaces.length) {
        await pick(real.length ? real : spaces, rng).click({ timeout: 3000 });
        const more = await page.$$('#mp2-chooser button');
        if (more.length) await pick(more, rng).click({ timeout: 3000 });
        else if (await page.$('.mp2space.sel')) { // the space was picked first: now the die
          const fit = await page.$$('#mp2-dice button.can-act');
          if (fit.length) await pick(fit, rng).click({ timeout: 3000 });
          const again = await page.$$('#mp2-chooser button');
          if (again.length) await pick(again, rng).click({ timeout: 3000 });
        }
        return 'place';
      }
      await page.click('.mp2move button.linkish', { timeout: 3000 }); // cancel the die
    }
    const towns = await page.$$('svg.mp2map g.town.can-act');
    if (towns.length && rng() < 0.8) {
      await pick(towns, rng).click({ timeout: 3000 });
      const more = await page.$$('#mp2-chooser button');
      if (more.length) await pick(more, rng).click({ timeout: 3000 });
      return 'map';
    }
    const offers = await page.$$('#mp2-books button.mp2opt.can-act');
    if (offers.length && rng() < 0.8) {
      await pick(offers, rng).click({ timeout: 3000 });
      return 'offer';
    }
    if (!choices.length) return null;
    let i = verbs.indexOf('end_turn');
    if (i < 0 || rng() < 0.2) i = verbs.indexOf('done');
    if (i < 0 || rng() < 0.3) i = Math.floor(rng() * choices.length);
    await choices[i].click({ timeout: 3000 });
    return 'panel';
  } catch {
    return null;
  }
}

async function playMoves(h, page, rng, limit, stats) {
  for (let clicks = 0; clicks < limit;) {
    const v = await h.view(page);
    if (v && v.status === 'over') return true;
    const before = v?.actions;
    const t0 = Date.now();
    const what = await tableMove(page, rng);
    if (process.env.MP2_DEBUG) console.log('move', what, Date.now() - t0, 'ms');
    if (!what) { await h.sleep(40); continue; }
    const moved = await h.waitFor(async () => { const x = await h.view(page); return x && (x.actions !== before || x.status === 'over'); },
      15000, 'the move to show').catch(() => false);
    if (process.env.MP2_DEBUG) console.log('  waited', Date.now() - t0, 'ms', moved ? '' : 'NO MOVE');
    if (!moved) continue;
    clicks++;
    stats[what] = (stats[what] || 0) + 1;
  }
  return false;
}

// Layout measures of the table at the page's current size.
async function measure(page, phone) {
  return page.evaluate((phone) => {
    const out = { scroll: document.documentElement.scrollWidth - window.innerWidth, small: [], overlaps: [] };
    const els = document.querySelectorAll('.mp2 .can-act, .mp2 button:not([disabled])');
    for (const el of els) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      if (phone && Math.min(r.width, r.height) < 39.5)
        out.small.push(`${el.tagName}.${el.getAttribute('class')} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    const labels = [...document.querySelectorAll('svg.mp2map text.cname')].map((t) => ({ t: t.textContent, r: t.getBoundingClientRect() }));
    for (let i = 0; i < labels.length; i++)
      for (let j = i + 1; j < labels.length; j++) {
        const a = labels[i].r, b = labels[j].r;
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
          out.overlaps.push(`${labels[i].t}/${labels[j].t}`);
      }
    out.labels = labels.length;
    out.minFont = Math.min(...labels.map((l) => l.r.height));
    return out;
  }, phone);
}

function check(m, phone, where) {
  if (m.scroll > 0) throw new Error(`${where}: the page scrolls sideways by ${m.scroll} px`);
  if (m.small.length) throw new Error(`${where}: targets under 40 px: ${m.small.slice(0, 5).join('; ')}`);
  if (!m.labels) throw new Error(`${where}: no map labels`);
  if (m.overlaps.length) throw new Error(`${where}: map labels overlap: ${m.overlaps.join(', ')}`);
  if (phone && m.minFont < 9) throw new Error(`${where}: map text ${m.minFont.toFixed(1)} px high`);
}

// The round in the top bar (the observation's round_label) and the last
// round the log announced.
async function rounds(page) {
  return page.evaluate(() => {
    const bar = document.querySelector('#mp2-round')?.textContent || '';
    const log = [...document.querySelectorAll('.log .ev.round')].map((e) => e.textContent);
    let logged = null;
    for (const l of log) { const m = /\b(?:Round|Runde) (\d) (?:of|von) 5/.exec(l); if (m) logged = +m[1]; }
    const m = /(\d) (?:of|von) 5/.exec(bar);
    return { bar: m ? +m[1] : null, logged };
  });
}

async function newGameAt(h, server, w, ht, lang) {
  const context = await h.browser.newContext({ viewport: { width: w, height: ht } });
  if (lang) await context.addInitScript((l) => localStorage.setItem('kontor.lang', l), lang);
  const page = await h.newPage(context);
  await h.createGame(page, server, 'mp2', ['you', 'bot:medium'], 2);
  await page.waitForSelector('[data-view="mp2"]');
  return page;
}

export function register(h) {
  h.test('mp2_table_whole_game_scrambled', async (server) => {
    const page = await newGameAt(h, server, 1400, 900);
    const stats = {};
    const rng = mulberry(11);
    let roundChecks = 0;
    for (let k = 0; k < 150; k++) { // in chunks: between them the round shown is checked against the log
      if (await playMoves(h, page, rng, 6, stats)) break;
      const r = await rounds(page);
      if (r.logged !== null && r.bar !== null) {
        if (r.bar !== r.logged) throw new Error(`the top bar says round ${r.bar}, the log round ${r.logged}`);
        roundChecks++;
      }
    }
    await page.waitForSelector('#game-over', { timeout: 20000 });
    if (process.env.MP2_CLIPS) await page.screenshot({ path: join(process.env.MP2_CLIPS, 'end.png') });
    const scrambled = await page.$$eval('#actions button.act', (bs) => bs.length);
    const endText = await page.$eval('[data-view="mp2"]', (e) => e.textContent);
    if (/null|undefined|NaN/.test(endText)) throw new Error('the end screen shows null/undefined/NaN');
    if (!(await page.$('#mp2-final'))) throw new Error('no final scoring table');
    if (!(stats.place > 0)) throw new Error(`no die was placed by clicking die and space (${JSON.stringify(stats)})`);
    if (roundChecks < 2) throw new Error(`the round was compared only ${roundChecks} times`);
    if (page.errors.length) throw new Error('page errors: ' + page.errors.join('; '));
    return `${JSON.stringify(stats)}, ${roundChecks} round checks, ${scrambled} buttons left`;
  }, { env: { KONTOR_TEST_SCRAMBLE_TEXT: '1' } });

  h.test('mp2_table_goal_kept_shows_one', async (server) => {
    const page = await newGameAt(h, server, 1400, 900);
    const rng = mulberry(3);
    // the set-up: character, then the goal card (kept by clicking the card)
    await h.waitFor(async () => (await page.$$('.mp2seat.me .mp2card.goal.can-act')).length === 3 ||
      (await page.$$('#mp2-draft .can-act')).length > 0, 20000, 'a set-up decision');
    for (let i = 0; i < 6 && (await page.$$('.mp2seat.me .mp2card.goal.can-act')).length !== 3; i++) {
      const ch = await page.$$('#mp2-draft .can-act');
      if (ch.length) await pick(ch, rng).click();
      await h.sleep(500);
    }
    await h.waitFor(async () => (await page.$$('.mp2seat.me .mp2card.goal.can-act')).length === 3, 20000, 'the goal choice');
    await (await page.$$('.mp2seat.me .mp2card.goal.can-act'))[1].click();
    await h.waitFor(async () => (await page.$$('.mp2seat.me .mp2card.goal')).length === 1, 10000, 'one goal card listed');
    return 'one goal card after keeping one';
  }, { env: { KONTOR_TEST_SCRAMBLE_TEXT: '1' } });

  for (const [w, ht, phone] of [[390, 844, true], [1400, 900, false]]) {
    h.test(`mp2_table_layout_${w}`, async (server) => {
      const page = await newGameAt(h, server, w, ht);
      await playMoves(h, page, mulberry(5), 8, {});
      const m = await measure(page, phone);
      check(m, phone, `${w}x${ht}`);
      // with a die picked (the spaces light up with their cost)
      const die = await page.$('#mp2-dice button.can-act');
      if (die) {
        await die.click();
        check(await measure(page, phone), phone, `${w}x${ht} with a die picked`);
      }
      // a travel decision: the destinations on the map are targets too
      let travel = false;
      const rng = mulberry(8);
      for (let i = 0; i < 120 && !travel; i++) {
        if ((await page.$$('svg.mp2map g.town.can-act')).length) {
          check(await measure(page, phone), phone, `${w}x${ht} while travelling`);
          travel = true;
        } else if (await playMoves(h, page, rng, 1, {})) break;
      }
      if (!travel) throw new Error('no travel decision came up');
      return `${m.labels} labels, min label ${m.minFont.toFixed(1)} px, travel checked`;
    });
  }

  h.test('screenshot_mp2', async (server) => {
    const out = [];
    for (const [w, ht, phone, name, lang] of [[1400, 900, false, 'mp2-desktop.png', 'en'], [390, 844, true, 'mp2-phone.png', 'de']]) {
      const page = await newGameAt(h, server, w, ht, lang);
      await playMoves(h, page, mulberry(21), 14, {});
      // pick a die for the picture; a bot's move may redraw the table between
      // finding the die and clicking it, so look it up again then
      for (let k = 0; k < 5; k++) {
        const die = await page.$('#mp2-dice button.can-act');
        if (!die) break;
        try { await die.click({ timeout: 3000 }); break; } catch (e) {
          if (!/not attached|detached/i.test(e.message)) throw e;
          await h.sleep(100);
        }
      }
      if (h.shots) await page.screenshot({ path: join(h.shots, name), fullPage: true });
      if (process.env.MP2_CLIPS) // pieces of the page at the screen's size, for reading the screenshot
        for (let y = 0, i = 0; y < 5 * ht; y += ht, i++)
          await page.screenshot({ path: join(process.env.MP2_CLIPS, `${name}-${i}.png`), clip: { x: 0, y, width: w, height: ht }, fullPage: true }).catch(() => {});
      check(await measure(page, phone), phone, `${w}x${ht}`);
      out.push(name);
    }
    return out.join(', ');
  });
}
