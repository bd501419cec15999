// t_dominion.mjs - browser tests of the Dominion table (web/views/dominion.js):
// a whole game against a bot played by clicking cards and piles while every
// action text is scrambled (the view must choose by the actions' targets),
// a Militia attack answered on the table (only hand cards light up, the
// Moat pile does not, the bar does not show the attacker's coins, a click
// on a pile shows its text instead of discarding), the layout at 390x844
// and 1400x900, and the screenshots.

import { join } from 'node:path';

const KINGDOM = 'Village,Smithy,Moat,Militia,Market,Festival,Laboratory,Cellar,Chapel,Workshop';

// Create a game through the page's own connection (options the lobby form
// would send) and open seat `mine`'s table; returns the seats' tokens.
async function createVia(h, page, server, seats, options, mine = 0) {
  await page.goto(server.url);
  await page.waitForSelector('#game option', { state: 'attached' });
  const r = await page.evaluate(([seats, options]) => window.kontorApp.net.request({
    cmd: 'create', game: 'dominion', players: seats.length, seats, options, name: '', listed: false,
  }), [seats, options]);
  if (!r.ok) throw new Error(`create: ${r.message}`);
  const tokens = r.seats.map((s) => s.token);
  await page.goto(`${server.url}#/play/${tokens[mine]}`);
  await page.waitForSelector('[data-view="dominion"]');
  return tokens;
}

const legalOf = (page) => page.evaluate(() => window.kontorApp.net.request({ cmd: 'legal' }));
const applyId = (page, id) => page.evaluate((id) => window.kontorApp.net.request({ cmd: 'apply', id }), id);
const actionsShown = (page) => page.evaluate(() => +document.querySelector('.tablepage')?.dataset.actions);

// One move on the Dominion table, chosen from what is lit: returns what was
// clicked ('play', 'buy', 'other', 'list') or null when nothing is offered.
async function tableMove(page, rng) {
  return page.evaluate((r) => {
    const lit = [...document.querySelectorAll('[data-view="dominion"] .dcard.can-act')];
    const verbs = (el) => (el.dataset.verbs || '').split(' ');
    const bar = (v) => document.querySelector(`[data-view="dominion"] .dbar button.dverb[data-verb="${v}"]`);
    const click = (el) => { el.click(); const m = document.querySelector('#menu:not(.hidden) button.menu-item'); if (m) m.click(); };
    if (bar('play_treasures')) { bar('play_treasures').click(); return 'other'; }
    const play = lit.filter((el) => el.dataset.zone === 'card' && verbs(el).includes('play'));
    if (play.length) { click(play[Math.floor(r * play.length)]); return 'play'; }
    const buy = lit.filter((el) => el.dataset.zone === 'pile' && verbs(el).includes('buy') &&
      !/^(Curse|Copper|Fluch|Kupfer)$/.test(el.dataset.card));
    if (buy.length) {
      const cost = (el) => +(el.querySelector('.dcost')?.textContent || '$0').slice(1);
      buy.sort((a, b) => cost(b) - cost(a));
      if (cost(buy[0]) >= 3 || r < 0.3) { click(buy[0]); return 'buy'; }
    }
    if (lit.length) { click(lit[0]); return 'other'; }
    const v = document.querySelector('[data-view="dominion"] .dbar button.dverb, [data-view="dominion"] .dmodes button');
    if (v) { v.click(); return 'other'; }
    const b = document.querySelector('#actions button.act');
    if (b) { b.click(); return 'list'; }
    return null;
  }, rng());
}

function rng32(seed) {
  let a = seed >>> 0;
  return () => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}

// The layout measures of the issue: no sideways page scroll, clickable
// things at least 40 px in their smaller dimension (phone).
async function layout(page, phone) {
  return page.evaluate((phone) => {
    const over = document.documentElement.scrollWidth - window.innerWidth;
    const small = [];
    if (phone)
      for (const el of document.querySelectorAll('[data-view="dominion"] .can-act, [data-view="dominion"] button')) {
        const r = el.getBoundingClientRect();
        if (r.width && r.height && Math.min(r.width, r.height) < 40) small.push(`${el.className} ${el.dataset.card || el.textContent} ${r.width}x${r.height}`);
      }
    return { over, small };
  }, phone);
}

export function register(h) {
  const { test, newPage, waitFor, sleep } = h;

  h.test('dominion_table_whole_game_scrambled', async (server) => {
    // The server deals from its own seed: a money-heavy game may end before
    // the test player draws an Action card, so another game is dealt then (at most 3).
    const page = await newPage();
    const rng = rng32(5);
    const n = { play: 0, buy: 0, other: 0, list: 0 };
    let games = 0;
    for (; games < 3 && !(n.play && n.buy); games++) {
    await createVia(h, page, server, [{ human: true, you: true, name: 'Ann' }, { bot: 'medium' }], { kingdom: KINGDOM });
    for (let i = 0; ; i++) {
      const st = await page.evaluate(() => document.querySelector('.tablepage')?.dataset.status);
      if (st === 'over') break;
      if (i > 600) throw new Error(`not over after 600 moves (${JSON.stringify(n)})`);
      const before = await actionsShown(page);
      const what = await tableMove(page, rng).catch(() => null);
      if (!what) { await sleep(60); continue; }
      n[what]++;
      await waitFor(async () => (await actionsShown(page)) !== before ||
        (await page.evaluate(() => document.querySelector('.tablepage')?.dataset.status)) === 'over', 15000, 'the move to show');
    }
    }
    if (!n.play || !n.buy) throw new Error(`plays ${n.play}, buys ${n.buy} in ${games} games: the table was not used`);
    // issue 29: the end screen names nobody "Player 0"
    const bar = await page.$eval('[data-view="dominion"]', (e) => e.textContent);
    if (/Player 0|Spieler 0|To move/.test(bar)) throw new Error(`end screen says: ${bar.slice(0, 200)}`);
    if (page.errors.length) throw new Error('page errors: ' + page.errors.join('; '));
    return `${games} game(s): ${n.play} plays, ${n.buy} buys, ${n.other} other table clicks, ${n.list} from the list`;
  }, { env: { KONTOR_TEST_SCRAMBLE_TEXT: '1' } });

  // Issue 29: a Militia attack answered on the table.  Seat 0 (driven through
  // the protocol) buys Militias and plays them; seat 1 (the page) buys Moats.
  h.test('dominion_militia_and_moat_on_the_table', async (server) => {
    const page = await newPage();
    const tokens = await createVia(h, page, server, [{ human: true, you: true, name: 'A' }, { human: true, name: 'B' }],
      { kingdom: KINGDOM }, 1);
    const other = await newPage();
    await other.goto(`${server.url}#/play/${tokens[0]}`);
    await other.waitForSelector('[data-view="dominion"]');
    const seen = { react: false, discard: false };
    const pick = (legal, verb, name) => legal.find((a) => a.verb === verb && (!name || a.text.endsWith(' ' + name)));
    for (let step = 0; step < 900 && !(seen.react && seen.discard); step++) {
      const l1 = await legalOf(page);
      const mine = l1.legal || [];
      if (mine.length) {
        const reacting = mine.some((a) => a.verb === 'reveal');
        const discarding = mine.some((a) => a.verb === 'discard');
        if (reacting || discarding) {
          await page.waitForFunction(() => document.querySelector('[data-view="dominion"] .dcard.can-act'));
          const c = await page.evaluate(() => ({
            piles: document.querySelectorAll('[data-view="dominion"] .dcard.can-act[data-zone="pile"]').length,
            hand: document.querySelectorAll('[data-view="dominion"] .dhand .dcard.can-act').length,
            moatPile: !!document.querySelector('[data-view="dominion"] .dsupply .dcard.can-act[data-card="Moat"]'),
            bar: document.querySelector('[data-view="dominion"] .dbar').textContent,
          }));
          if (c.piles || c.moatPile) throw new Error(`a Supply pile lights up while answering Militia (${c.piles} piles, Moat pile ${c.moatPile})`);
          if (!c.hand) throw new Error('no hand card lights up');
          if (/Coins|Actions:/.test(c.bar)) throw new Error(`the bar shows the attacker's turn state: ${c.bar}`);
          if (discarding) {
            // clicking the Copper pile must not discard; it shows the card's text
            const before = await actionsShown(page);
            await page.click('[data-view="dominion"] .dsupply .dcard[data-card="Copper"]');
            await sleep(400);
            if ((await actionsShown(page)) !== before) throw new Error('a click on the Copper pile changed the game');
            await page.waitForSelector('[data-view="dominion"] .ddetails .dtext');
            await waitFor(() => page.$eval('[data-view="dominion"] .ddetails .dtext', (e) => e.textContent.length > 3), 5000, 'card text');
            await page.click('[data-view="dominion"] .ddetails .dclose');
            // discard by clicking a hand card
            const b2 = await actionsShown(page);
            await page.click('[data-view="dominion"] .dhand .dcard.can-act');
            const m = await page.$('#menu:not(.hidden) button.menu-item');
            if (m) await m.click();
            await waitFor(async () => (await actionsShown(page)) !== b2, 10000, 'the discard');
            seen.discard = true;
          } else {
            seen.react = true;
            await applyId(page, mine.find((a) => a.verb === 'done').id);
          }
          continue;
        }
        const a = pick(mine, 'play_treasures') || pick(mine, 'buy', 'Moat') || pick(mine, 'end_actions') ||
          pick(mine, 'end_turn') || pick(mine, 'done') || mine[0];
        await applyId(page, a.id);
        continue;
      }
      const l0 = await legalOf(other);
      const theirs = l0.legal || [];
      if (theirs.length) {
        const a = pick(theirs, 'play', 'Militia') || pick(theirs, 'play_treasures') || pick(theirs, 'buy', 'Militia') ||
          pick(theirs, 'end_actions') || pick(theirs, 'end_turn') || pick(theirs, 'done') || theirs[0];
        await applyId(other, a.id);
        continue;
      }
      await sleep(50);
    }
    if (!seen.react || !seen.discard) throw new Error(`no ${seen.react ? 'discard' : 'reaction'} came up`);
    return 'Moat reaction and Militia discard answered on the table';
  });

  for (const [w, hgt, phone] of [[390, 844, true], [1400, 900, false]]) {
    h.test(`dominion_layout_${w}`, async (server) => {
      const ctx = await h.browser.newContext({ viewport: { width: w, height: hgt }, hasTouch: phone, isMobile: phone });
      const page = await newPage(ctx);
      await createVia(h, page, server, [{ human: true, you: true, name: 'Ann' }, { bot: 'medium' }], { kingdom: KINGDOM });
      const rng = rng32(9);
      for (let i = 0; i < 12; i++) { // a few moves, so the table is in play
        const before = await actionsShown(page);
        if (await tableMove(page, rng)) await waitFor(async () => (await actionsShown(page)) !== before, 15000, 'move');
      }
      for (let i = 0; i < 30 && !(await page.$('[data-view="dominion"] .dhand .dcard')); i++) {
        const before = await actionsShown(page); // a hand was played out: on to the next
        if (await tableMove(page, rng)) await waitFor(async () => (await actionsShown(page)) !== before, 15000, 'move');
        else await h.sleep(300);
      }
      await waitFor(() => page.$('[data-view="dominion"] .dhand .dcard'), 15000, 'a hand');
      const m = await layout(page, phone);
      if (m.over > 0) throw new Error(`the page scrolls sideways by ${m.over} px`);
      if (m.small.length) throw new Error(`targets under 40 px: ${m.small.slice(0, 5).join('; ')}`);
      // a card's text without hover: a pile that has nothing to do opens its details
      // (the bot's moves redraw the table: a pile found just before may be
      // gone when clicked, so find it again)
      const idleSel = '[data-view="dominion"] .dsupply .dcard:not(.can-act)';
      let shown = !(await page.$(idleSel));
      for (let i = 0; i < 5 && !shown; i++) {
        const idle = await page.$(idleSel);
        if (!idle) { shown = true; break; }
        try {
          await idle.click();
          await waitFor(() => page.$eval('[data-view="dominion"] .ddetails .dtext', (e) => e.textContent.length > 3).catch(() => false), 5000, 'details');
          shown = true;
        } catch (e) {
          if (!/not attached|detached|timed out/.test(e.message)) throw e;
        }
      }
      if (!shown) throw new Error('a pile with nothing to do did not open its details');
      return `scroll ${m.over}, ${phone ? 'all targets >= 40 px' : 'desktop'}`;
    });
  }

  h.test('screenshot_dominion', async (server) => {
    for (const [w, hgt, phone, file] of [[1400, 900, false, 'dominion-desktop.png'], [390, 844, true, 'dominion-phone.png']]) {
      const ctx = await h.browser.newContext({ viewport: { width: w, height: hgt }, hasTouch: phone, isMobile: phone });
      const page = await newPage(ctx);
      await createVia(h, page, server, [{ human: true, you: true, name: 'Ann' }, { bot: 'medium' }], { kingdom: KINGDOM });
      const rng = rng32(3);
      for (let i = 0; i < 25; i++) {
        const before = await actionsShown(page);
        if (await tableMove(page, rng)) await waitFor(async () => (await actionsShown(page)) !== before, 15000, 'move');
      }
      // a picture with cards in hand: after playing every card of a hand
      // (the server's seed differs from run to run) go on to the next one
      for (let i = 0; i < 30 && !(await page.$('[data-view="dominion"] .dhand .dcard')); i++) {
        const before = await actionsShown(page);
        if (await tableMove(page, rng)) await waitFor(async () => (await actionsShown(page)) !== before, 15000, 'move');
        else await h.sleep(300);
      }
      await waitFor(() => page.$('[data-view="dominion"] .dhand .dcard'), 15000, 'a hand');
      const m = await layout(page, phone);
      if (m.over > 0) throw new Error(`${w}px: the page scrolls sideways by ${m.over} px`);
      if (m.small.length) throw new Error(`${w}px: targets under 40 px: ${m.small.slice(0, 5).join('; ')}`);
      if (h.shots) await page.screenshot({ path: join(h.shots, file), fullPage: !phone });
      await ctx.close();
    }
    return h.shots ? 'written' : 'measured';
  });
}
