// t_analysis.mjs - the replay's post-game analysis and the table's hint
// button in the browser (issue 33; web/analysis.js, web/replay.js,
// src/server/analysis.c), and issue 29's replay items (icons that render,
// the game's display name in the title).

import { join } from 'node:path';

// The default analysis budget (300 per decision: a random player's costly
// moves stand out of the noise); hints short.
const OPTS = { args: ['--hint-budget', '60'] };

// A Dominion game between the heuristic bot and the random bot, created
// through the page's own connection and played to its end by the server.
async function finishedGame(h, page, server, seats = [{ bot: 'heuristic' }, { bot: 'random' }]) {
  await page.goto(server.url);
  await page.waitForSelector('#game option', { state: 'attached' });
  const id = await h.withTimeout(page.evaluate(async (seats) => {
    const r = await window.kontorApp.net.request({ cmd: 'create', game: 'dominion', players: 2,
      seats, options: 'preset=First Game', listed: false });
    return r.ok ? r.game : `error: ${r.message}`;
  }, seats), 15000, 'create');
  if (id.startsWith('error')) throw new Error(id);
  await h.waitFor(async () => {
    const r = await page.evaluate((g) => window.kontorApp.net.request({ cmd: 'replay', game: g, step: 0 }), id);
    return r.ok;
  }, 120000, 'the bot game to end');
  return id;
}

// Open the replay as seat `seat` and analyse it; returns the page's facts.
async function analyse(h, page, server, id, seat) {
  await page.goto(`${server.url}#/replay/${id}`);
  await page.waitForSelector('#viewer');
  await page.selectOption('#viewer', String(seat));
  await page.waitForSelector('#analyse');
  await page.click('#analyse');
  let sawProgress = false;
  await h.waitFor(async () => {
    sawProgress ||= !!(await page.$('#analyse-progress'));
    return page.$('svg#wingraph');
  }, 180000, 'the analysis graph');
  return { sawProgress };
}

const step = (page) => page.evaluate(() => +document.querySelector('.tablepage').dataset.step);

export function register(h) {
  h.test('analysis_replay_graph_jumps_and_marks_costly_moves', async (server) => {
    const page = await h.newPage();
    // the random player's costly moves must stand out of the noise: in a rare
    // game none does (it lost early); then another game is played, three at most
    let id, sawProgress, games = 0;
    do {
      id = await finishedGame(h, page, server);
      ({ sawProgress } = await analyse(h, page, server, id, 1));
      games++;
    } while (!(await page.$('svg#wingraph circle.pt')) && games < 3);
    // the title: the game's display name, not its internal one
    const title = await page.textContent('.topbar h2');
    if (/: dominion$/.test(title) || !/Dominion/.test(title)) throw new Error(`title "${title}"`);
    // the icons render: an SVG with a box of non-zero width in every step button
    for (const b of ['first', 'prev', 'next', 'last', 'play']) {
      const m = await page.$eval(`#${b}`, (el) => {
        const svg = el.querySelector('svg');
        const bb = svg?.querySelector('path')?.getBBox();
        return { w: el.getBoundingClientRect().width, svg: svg ? svg.getBoundingClientRect().width : 0, path: bb ? bb.width : 0, label: el.getAttribute('aria-label') };
      });
      if (!(m.w >= 40 && m.svg > 0 && m.path > 0 && m.label)) throw new Error(`button #${b}: ${JSON.stringify(m)}`);
    }
    const nmoves = +(await page.getAttribute('svg#wingraph', 'data-moves'));
    if (!(nmoves > 5)) throw new Error(`graph with ${nmoves} decisions`);
    const total = await page.evaluate(() => +document.querySelector('#step').max);
    // a click in the middle of the graph jumps near the middle of the game
    const before = await step(page);
    // the middle of the plot, in screen coordinates (the graph keeps its aspect)
    // as a player would, scroll the graph into sight first (the table above it
    // may push it below the window)
    await page.$eval('svg#wingraph', (el) => el.scrollIntoView({ block: 'center' }));
    const at = await page.$eval('svg#wingraph', (el) => {
      const vb = el.viewBox.baseVal, left = +el.dataset.left, right = +el.dataset.right;
      const p = el.createSVGPoint();
      p.x = left + 0.5 * (vb.width - left - right);
      p.y = vb.height / 2;
      const q = p.matrixTransform(el.getScreenCTM());
      return { x: q.x, y: q.y };
    });
    await page.mouse.click(at.x, at.y);
    await h.waitFor(async () => (await step(page)) !== before, 15000, 'the replay to move');
    const mid = await step(page);
    if (Math.abs(mid - total / 2) > total * 0.1) throw new Error(`clicked the middle of ${total} steps, went to ${mid}`);
    // a costly decision's dot: the replay shows the position after it, and
    // the log's last entry (that decision) carries its mark
    const dot = await page.$('svg#wingraph circle.pt');
    if (!dot) throw new Error('no costly decision marked on the graph (the random player)');
    const n = +(await dot.getAttribute('data-n'));
    const sev = (await dot.getAttribute('class')).replace(/.*sev-/, '');
    await page.click('ol.costly button.costly-move'); // the list jumps too
    await h.waitFor(async () => (await step(page)) !== mid, 15000, 'the list to jump');
    await page.$eval('#last', (b) => b.click());
    await h.waitFor(async () => (await step(page)) === total, 15000, 'the last step');
    const marks = await page.$$eval('li.logentry.costly .sevmark', (els) => els.map((e) => e.textContent.trim()));
    if (!marks.length || !marks.every((m) => ['?!', '?', '??'].includes(m))) throw new Error(`log marks ${JSON.stringify(marks)}`);
    const markedN = await page.$eval(`li.logentry[data-n="${n}"]`, (li) => li.className).catch(() => '');
    if (!markedN.includes(`sev-${sev}`)) throw new Error(`log entry ${n} is "${markedN}", expected sev-${sev}`);
    // a second viewer gets the stored analysis at once
    const other = await h.newPage();
    await other.goto(`${server.url}#/replay/${id}`);
    await other.waitForSelector('#viewer');
    await other.selectOption('#viewer', '1');
    await other.waitForSelector('svg#wingraph', { timeout: 5000 });
    if (await other.$('#analyse')) throw new Error('the second viewer was offered to analyse again');
    if (page.errors.length || other.errors.length) throw new Error(page.errors.concat(other.errors).join('; '));
    return `${nmoves} decisions, ${marks.length} marked in the log${sawProgress ? ', progress shown' : ''}, game ${games}`;
  }, { args: ['--analysis-budget', '1000'] }); // fewer costly moves hide in the noise

  h.test('analysis_hint_button_only_at_tables_with_hints', async (server) => {
    const page = await h.newPage();
    await page.goto(server.url);
    await page.waitForSelector('#game option', { state: 'attached' });
    const tok = await page.evaluate(async () => {
      const r = await window.kontorApp.net.request({ cmd: 'create', game: 'dominion', players: 2,
        seats: [{ human: true, you: true }, { bot: 'random' }], listed: false });
      return r.seats[0].token;
    });
    await page.goto(`${server.url}#/play/${tok}`);
    await page.waitForSelector('#actions button.act');
    await h.sleep(1000); // the page has asked whether the table has hints
    if (await page.$('#hint')) throw new Error('a hint button at a table created without hints');
    // the lobby's checkbox creates a table with hints
    await page.goto(server.url);
    await page.waitForSelector('#game option', { state: 'attached' });
    await page.selectOption('#game', 'dominion');
    await page.check('#hints');
    await page.click('#create');
    await page.waitForSelector('#actions button.act');
    await page.waitForSelector('#hint');
    await page.click('#hint');
    await page.waitForSelector('#hint-result', { timeout: 60000 });
    const best = +(await page.getAttribute('#hint-result', 'data-id'));
    const ids = await page.$$eval('#actions button.act', (bs) => bs.map((b) => +b.dataset.id));
    if (!ids.includes(best)) throw new Error(`hint ${best} is not among the legal actions ${ids}`);
    await h.waitFor(() => page.$('#actions button.act.hinted'), 5000, 'the hinted action to be marked');
    if (h.shots) { // not in docs/screenshots: for looking at it (--shots DIR)
      await page.$eval('#hintbox', (el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: join(h.shots, 'hint-desktop.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await h.sleep(400);
      await page.$eval('#hintbox', (el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: join(h.shots, 'hint-phone.png') });
    }
    if (page.errors.length) throw new Error(page.errors.join('; '));
    return `hint: action ${best} of ${ids.length}`;
  }, { ...OPTS, env: { KONTOR_TEST_SCRAMBLE_TEXT: '1' } });

  // From the spectator's view: "Analyse ... for random (2)" switches to that
  // seat and starts; the progress shows and Cancel stops it (a long budget
  // keeps it running meanwhile); the server then has nothing for the seat.
  h.test('analysis_starts_from_the_spectator_view_and_can_be_cancelled', async (server) => {
    const page = await h.newPage();
    const id = await finishedGame(h, page, server);
    await page.goto(`${server.url}#/replay/${id}`);
    await page.click('button.analyse-seat[data-seat="1"]');
    await page.waitForSelector('#analyse-progress', { timeout: 30000 });
    if ((await page.inputValue('#viewer')) !== '1') throw new Error('the viewer did not switch to the analysed seat');
    await page.click('#analyse-cancel');
    await page.waitForSelector('#analyse');
    await h.sleep(1500);
    const r = await page.evaluate((g) => window.kontorApp.net.request({ cmd: 'analysis', game: g, seat: 1 }), id);
    if (r.status !== 'none') throw new Error(`after cancel the server says ${JSON.stringify(r).slice(0, 200)}`);
    if (await page.$('svg#wingraph')) throw new Error('a graph after cancelling');
    if (page.errors.length) throw new Error(page.errors.join('; '));
    return 'cancelled';
  }, { args: ['--analysis-budget', '50000'] });

  h.test('screenshot_replay', async (server) => {
    const page = await h.newPage();
    // the heuristic bot against a short search: a curve with ups and downs
    const id = await finishedGame(h, page, server, [{ bot: 'heuristic' }, { bot: 'mcts:iters=300' }]);
    await analyse(h, page, server, id, 0);
    await page.$eval('svg#wingraph', (el) => el.scrollIntoView({ block: 'center' }));
    const box = await page.$eval('svg#wingraph', (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
    await page.mouse.click(box.x + box.w * 0.4, box.y + box.h / 2); // a position in the game
    await h.waitFor(async () => (await step(page)) > 0, 15000, 'the replay to move');
    await h.sleep(300);
    const out = [];
    for (const [name, width, height] of [['desktop', 1400, 900], ['phone', 390, 844]]) {
      await page.setViewportSize({ width, height });
      await h.sleep(600); // the page draws the graph again for its new width
      const m = await page.evaluate(() => {
        const small = [...document.querySelectorAll('.replay button, .replay select, .replay input[type=range]')]
          .filter((e) => e.offsetParent).map((e) => { const r = e.getBoundingClientRect(); return { id: e.id || e.className, min: Math.min(r.width, r.height) }; })
          .filter((x) => x.min < 40);
        return { scroll: document.documentElement.scrollWidth, inner: innerWidth, small };
      });
      if (m.scroll > m.inner) throw new Error(`${name}: the page scrolls sideways (${m.scroll} > ${m.inner})`);
      if (name === 'phone' && m.small.length) throw new Error(`phone: targets under 40 px: ${JSON.stringify(m.small.slice(0, 5))}`);
      if (h.shots) {
        await page.$eval('#analysis', (el) => el.scrollIntoView({ block: name === 'phone' ? 'start' : 'center' }));
        await page.screenshot({ path: join(h.shots, `replay-${name}.png`) });
      }
      out.push(`${name} ok`);
    }
    return out.join(', ');
  }, OPTS);
}
