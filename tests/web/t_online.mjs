// t_online.mjs - playing online in the browser (issue 32; the lobby items
// of issue 29): sign-up, login and logout (the cookie is HttpOnly and
// SameSite, a script never sees it), logging out everywhere, chat that
// shows markup as text, a turn-based clock that runs out, "your turn" in
// the lobby, and the lobby on a phone (no sideways scroll, the create form
// whole, targets at least 40 px).

import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';

// A port nobody listens on now (the servers must know theirs for --public-url).
function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => res(port)); });
  });
}

export function register(h) {
  const { test, newPage, waitFor, sleep, shots, view, playToEnd, Server, root } = h;

  async function signup(page, server, name, pw) {
    await page.goto(server.url);
    await page.waitForSelector('#acct-name');
    await page.fill('#acct-name', name);
    await page.fill('#acct-pw', pw);
    await page.click('#signup');
    await page.waitForSelector('#me');
  }

  test('online_signup_login_logout', async (server) => {
    const page = await newPage();
    await signup(page, server, 'Greta', 'correct horse');
    if ((await page.textContent('#me')) !== 'Greta') throw new Error('not logged in after sign-up');
    const cookies = await page.context().cookies();
    const c = cookies.find((x) => x.name === 'kontor_session');
    if (!c || !c.httpOnly || c.sameSite !== 'Strict') throw new Error(`cookie: ${JSON.stringify(c)}`);
    if (await page.evaluate(() => document.cookie.includes('kontor_session'))) throw new Error('a script sees the session');
    // the same name again (another case) is refused with a reason
    const other = await newPage();
    await other.goto(server.url);
    await other.waitForSelector('#acct-name');
    await other.fill('#acct-name', 'GRETA');
    await other.fill('#acct-pw', 'something else');
    await other.click('#signup');
    await waitFor(async () => /taken/.test(await other.textContent('#acct-error')), 5000, 'taken');
    // a wrong password says so; the right one logs in
    await other.fill('#acct-name', 'greta');
    await other.fill('#acct-pw', 'wrong horse');
    await other.click('#login');
    await waitFor(async () => /wrong name or password/.test(await other.textContent('#acct-error')), 5000, 'wrong');
    await other.fill('#acct-pw', 'correct horse');
    await other.click('#login');
    await other.waitForSelector('#me');
    // logout everywhere from the second browser: the first one's socket is
    // closed and it is logged out after it reconnects
    await other.click('#logout-all');
    await other.waitForSelector('#acct-name');
    await page.reload();
    await page.waitForSelector('#acct-name');
    // log in again, then log out here only
    await page.fill('#acct-name', 'Greta');
    await page.fill('#acct-pw', 'correct horse');
    await page.click('#login');
    await page.waitForSelector('#me');
    await page.click('#logout');
    await page.waitForSelector('#acct-name');
    if ((await page.context().cookies()).some((x) => x.name === 'kontor_session' && x.value))
      throw new Error('the cookie stayed after logout');
    if (page.errors.length) throw new Error(page.errors.join('; '));
  });

  test('online_chat_shows_markup_as_text', async (server) => {
    const page = await newPage();
    await page.goto(server.url);
    await page.waitForSelector('#game option', { state: 'attached' });
    await page.selectOption('#game', 'dominion');
    await page.click('#create');
    await page.waitForSelector('#actions');
    const watcher = await newPage();
    const list = await page.evaluate(async () => (await window.kontorApp.net.request({ cmd: 'list' })).games[0].game);
    await watcher.goto(`${server.url}#/watch/${list}`);
    await watcher.waitForSelector('#chatinput');
    // issue 29: a spectator was told "Your move - Waiting for others"
    await watcher.waitForSelector('#actions h3');
    const head = await watcher.textContent('#actions');
    if (/Your move|Waiting for others/.test(head)) throw new Error(`spectator sees: ${head}`);
    if (!/Spectator|You are watching/.test(head)) throw new Error(`spectator's box says: ${head}`);
    const evil = '<img src=x onerror="window.pwned=1"><b>bold</b> & "quotes"';
    await page.fill('#chatinput', evil);
    await page.click('#chatsend');
    await waitFor(async () => (await watcher.$$('#chatlog .msg')).length > 0, 5000, 'the message');
    const seen = await watcher.$eval('#chatlog .msg .text', (e) => e.textContent);
    if (seen !== evil) throw new Error(`shown as ${seen}`);
    if (await watcher.$('#chatlog img, #chatlog b b')) throw new Error('markup became elements');
    if (await watcher.evaluate(() => window.pwned)) throw new Error('script ran');
    // the spectator writes in the spectators' chat: the player does not see it
    await watcher.fill('#chatinput', 'watchers only');
    await watcher.click('#chatsend');
    await waitFor(async () => (await watcher.$$('#chatlog .msg')).length === 2, 5000, 'own message');
    await sleep(300);
    if ((await page.$$('#chatlog .msg')).length !== 1) throw new Error('the player read the spectators\' chat');
    if (page.errors.length || watcher.errors.length) throw new Error([...page.errors, ...watcher.errors].join('; '));
  });

  test('online_turn_based_clock_runs_out_and_the_lobby_says_whose_turn', async (server) => {
    const page = await newPage();
    await page.goto(server.url);
    await page.waitForSelector('#game option', { state: 'attached' });
    // a turn-based game with a 4-second clock (the form offers days; the
    // protocol takes seconds for tests)
    const r = await page.evaluate(async () => window.kontorApp.net.request({
      cmd: 'create', game: 'dominion', players: 2, seats: [{ human: true, you: true, name: 'Ida' }, { bot: 'random' }],
      options: 'preset=First Game', timing: { mode: 'turn', base_s: 4, timeout: 'lose' } }));
    if (!r.ok) throw new Error(r.message);
    const token = r.seats[0].token;
    await page.evaluate((tk) => window.kontorApp.rememberSeat(tk, { game: 'dominion', seat: 0 }), token);
    // the lobby: your turn
    await page.reload();
    await page.waitForSelector('#mine li.myturn');
    if (!/1/.test(await page.textContent('#turncount'))) throw new Error('no count of your turns');
    await page.goto(`${server.url}#/play/${token}`);
    await page.waitForSelector('#clocks .clock.running');
    const t1 = await page.textContent('#clocks .clock.running');
    await sleep(1200);
    const t2 = await page.textContent('#clocks .clock.running').catch(() => '');
    if (t1 === t2) throw new Error(`the clock does not count down (${t1})`);
    await waitFor(async () => /ran out of time/.test(await page.textContent('#online-notice')), 10000, 'time out');
    await page.waitForSelector('#clocks .clock.out');
    await sleep(500);
    const acts = await page.$$eval('#actions button.act', (bs) => bs.map((b) => b.dataset.action));
    if (acts.length) throw new Error(`moves offered after the game ended: ${acts.join(', ')}`);
    await page.goto(server.url);
    await page.waitForSelector('#mine li');
    if (await page.$('#mine li.myturn')) throw new Error('still "your turn" after the end');
    if (page.errors.length) throw new Error(page.errors.join('; '));
  });

  test('online_lobby_fits_a_phone_and_a_desktop', async (server) => {
    for (const [wd, ht, name] of [[390, 844, 'phone'], [1400, 900, 'desktop']]) {
      const ctx = await h.browser.newContext({ viewport: { width: wd, height: ht } });
      const page = await newPage(ctx);
      await page.goto(server.url);
      await page.waitForSelector('#create');
      await page.waitForSelector('#account');
      const m = await page.evaluate(() => {
        const b = document.querySelector('#create').getBoundingClientRect();
        const small = [...document.querySelectorAll('main button, main a.button, main select, main input:not([type=checkbox])')]
          .filter((e) => e.offsetParent).map((e) => e.getBoundingClientRect())
          .filter((r) => Math.min(r.width, r.height) < 40);
        const wide = [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1)
          .map((e) => e.tagName + '.' + e.className);
        return { scroll: document.documentElement.scrollWidth, inner: innerWidth, right: b.right, small: small.length, wide };
      });
      if (m.scroll > m.inner) throw new Error(`${name}: page ${m.scroll} px wide at ${m.inner} (${m.wide.slice(0, 5).join(', ')})`);
      if (m.right > m.inner) throw new Error(`${name}: the create button is cut off`);
      if (name === 'phone' && m.small) throw new Error(`phone: ${m.small} targets under 40 px`);
      if (shots) await page.screenshot({ path: join(shots, `lobby-${name}.png`), fullPage: true });
      if (page.errors.length) throw new Error(page.errors.join('; '));
    }
  });

  // Two `kontor serve` processes on one throw-away PostgreSQL cluster, each
  // with its public URL (the other's origin allowed).  1) A player whose
  // page comes from B opens a game that A hosts: B answers "moved" with A's
  // address, the page reconnects to A by itself and the game is played to
  // its end there.  2) The same for a second game, then A is killed
  // (SIGKILL) mid-game: the page goes back to B by itself, B takes the game
  // over once A's lease (1.5 s) has expired, with every move the page saw,
  // and the game is played to its end on B.  No reload anywhere.
  test('online_two_servers_redirect_to_the_host_and_take_over_after_kill9', async () => {
    const pgbin = existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
    if (!pgbin) return 'SKIPPED: PostgreSQL server binaries not installed (scripts/setup.sh installs postgresql)';
    const dir = `/tmp/kontor-pg-web-${process.pid}`;
    const pg = join(root, 'scripts/pg-cluster.sh');
    execFileSync(pg, ['stop', dir]);
    const conninfo = execFileSync(pg, ['start', dir]).toString().trim();
    const ports = [await freePort(), await freePort()];
    const origin = (p) => `http://127.0.0.1:${p}`;
    const servers = [];
    try {
      for (const [i, id] of ['a', 'b'].entries()) {
        const s = new Server({ args: ['--db', conninfo, '--server-id', id, '--lease-ms', '1500',
          '--public-url', `${origin(ports[i])}/`, '--allow-origin', origin(ports[1 - i])] });
        s.port = ports[i];
        await s.start();
        servers.push(s);
      }
      const [A, B] = servers;
      let stage = 'creating game 1 on A';
      const host = await newPage(); // the creator, on A
      async function gameOnA() {
        await host.goto(A.url);
        await host.waitForSelector('#game option', { state: 'attached' });
        await host.selectOption('#game', 'dominion');
        await host.click('details.options summary');
        await host.fill('#opt-turn_limit', '8');
        await host.click('#create');
        await host.waitForSelector('#actions');
        return (await host.evaluate(() => location.hash)).split('/')[2];
      }
      async function openOnB(token) {
        const page = await newPage();
        const sockets = [];
        page.on('websocket', (ws) => sockets.push(ws.url()));
        await host.goto(A.url); // the creator leaves the table
        await page.goto(`${B.url}#/play/${token}`);
        await page.waitForSelector('.tablepage[data-actions]', { timeout: 20000 });
        await page.waitForSelector('#actions');
        if (!sockets.some((u) => u.startsWith(`ws://127.0.0.1:${ports[0]}/ws`)))
          throw new Error(`the page did not follow B's "moved" to A: ${sockets.join(' ')}`);
        if (!page.url().startsWith(B.url)) throw new Error(`the page left B: ${page.url()}`);
        return page;
      }
      // 1) played to its end on A through a page from B
      try {
      const one = await openOnB(await gameOnA());
      stage = 'playing game 1 on A from B';
      await playToEnd(one, 400);
      if ((await view(one)).status !== 'over') throw new Error('game 1 not over');
      const ended = (await view(one)).actions;
      // 2) the host killed mid-game: the page goes back to B, which takes over
      stage = 'game 2 on A from B';
      const page = await openOnB(await gameOnA());
      await playToEnd(page, 6).catch(() => {}); // six moves on A
      const seen = (await view(page)).actions;
      if (!(seen >= 6)) throw new Error(`only ${seen} actions on A`);
      const attached = () => page.evaluate(() => +document.querySelector('.tablepage').dataset.attached);
      const before = await attached();
      const t0 = Date.now();
      stage = 'the takeover after the kill';
      await A.kill9();
      await waitFor(async () => (await attached()) > before && (await page.$('#actions')),
        30000, 'B to take the game over');
      const onB = (await view(page)).actions;
      const handover = Date.now() - t0;
      stage = 'playing game 2 on B';
      if (onB < seen) throw new Error(`B has ${onB} actions, the page saw ${seen} on A`);
      await playToEnd(page, 400);
      if ((await view(page)).status !== 'over') throw new Error('game 2 not over on B');
      for (const p of [one, page]) if (p.errors.length) throw new Error(p.errors.join('; '));
      return `(game 1: ${ended} actions on A from B's page; game 2: ${seen} actions on A, ` +
        `${onB} after the takeover, page playing on B ${handover} ms after the kill)`;
      } catch (e) { throw new Error(`${stage}: ${e.message}`); }
    } finally {
      for (const s of servers) await s.stop().catch(() => {});
      execFileSync(pg, ['stop', dir]);
    }
  }, { ms: 600000 });
}
