// replay.js - the replay viewer (#/replay/ID) of a finished game: step
// through it as any seat or as a spectator saw it.  The server rebuilds the
// game by replaying its stored actions and sends, for each step, the
// observation and the log as the chosen viewer saw them then.

import { t, playerName } from './i18n.js';
import { clear, h } from './util.js';
import { viewFor, genericView } from './views/index.js';
import { drawLog } from './log.js';

export function replayPage(app, id) {
  const root = h('div.tablepage.replay');
  app.main.append(root);
  const st = { step: 0, viewer: -1, total: 0, log: [], r: null, timer: null, loading: false };
  let alive = true;

  async function load(step, viewer) {
    if (st.loading) return;
    st.loading = true;
    const keep = viewer === st.viewer && step >= st.log.length && st.r;
    const r = await app.net.request({ cmd: 'replay', game: id, step, viewer,
      log_from: keep ? st.log.length : 0, lang: app.lang() }).catch(() => null);
    st.loading = false;
    if (!alive || !r) return;
    if (!r.ok) { clear(root).append(h('p.error', r.message), h('a', { href: '#/' }, t('lobby'))); return; }
    if (!keep) st.log = [];
    st.log.length = r.log_from;
    for (const e of r.log?.log || []) st.log.push(e);
    Object.assign(st, { r, step: r.step, viewer: r.viewer, total: r.actions });
    draw();
  }

  function draw() {
    const r = st.r;
    const obs = r.observe?.observation;
    const ctx = { app, game: r.game, obs, legal: [], status: r.status, seat: st.viewer, seats: r.seats,
      log: st.log, act: () => {}, lang: app.lang(), actionsFor: () => [], help: (n) => app.help(r.game, n) };
    const own = viewFor(r.game);
    const viewerSel = h('select#viewer', { onchange: (e) => load(st.step, +e.target.value) },
      h('option', { value: -1 }, t('spectator')),
      r.seats.map((s) => h('option', { value: s.seat }, playerName(r.seats, s.seat))));
    viewerSel.value = String(st.viewer);
    const slider = h('input#step', { type: 'range', min: 0, max: st.total, value: st.step,
      onchange: (e) => load(+e.target.value, st.viewer) });
    const btn = (label, fn, idn) => h('button' + (idn ? '#' + idn : ''), { onclick: fn }, label);
    const playing = !!st.timer;
    clear(root).append(
      h('div.topbar', h('h2', `${t('replay')}: ${r.game}`),
        h('label', t('viewer'), ' ', viewerSel),
        btn(t('first'), () => load(0, st.viewer), 'first'),
        btn(t('prev'), () => load(Math.max(0, st.step - 1), st.viewer), 'prev'),
        slider,
        btn(t('next'), () => load(Math.min(st.total, st.step + 1), st.viewer), 'next'),
        btn(t('last'), () => load(st.total, st.viewer), 'last'),
        btn(playing ? t('pause') : t('play'), () => {
          if (st.timer) { clearInterval(st.timer); st.timer = null; draw(); return; }
          st.timer = setInterval(() => {
            if (st.step >= st.total) { clearInterval(st.timer); st.timer = null; draw(); return; }
            load(st.step + 1, st.viewer);
          }, 600);
          draw();
        }, 'play'),
        h('span#stepinfo', `${t('step')} ${st.step} / ${st.total}`)),
      h('div.layout',
        h('div.board', h('div.boardbody', obs ? (own ? own(ctx) : genericView(ctx)) : h('p.error', '—'))),
        h('aside.side', h('section.log', h('h3', t('log')), drawLog(st.log, r.seats)))));
    root.dataset.step = st.step;
  }

  load(0, -1);
  return {
    destroy() { alive = false; if (st.timer) clearInterval(st.timer); },
    onlang: () => { st.log = []; st.r = null; load(st.step, st.viewer); },
  };
}
