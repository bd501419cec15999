// replay.js - the replay viewer (#/replay/ID) of a finished game: step
// through it as any seat or as a spectator saw it.  The server rebuilds the
// game by replaying its stored actions and sends, for each step, the
// observation and the log as the chosen viewer saw them then.
//
// Under the table: the post-game analysis of the seat being viewed
// (analysis.js): "Analyse this game", then its win-chance graph (a click
// jumps here) and the costly decisions, which are also marked in the log.
// The step buttons are SVG icons (the ⏮/⏭ characters are missing from
// many fonts and showed as empty boxes); their names are in WORDS.

import { t, playerName } from './i18n.js';
import { clear, h, s } from './util.js';
import { viewFor, genericView } from './views/index.js';
import { drawLog } from './log.js';
import { analysisPanel, markLog } from './analysis.js';

const WORDS = {
  en: { first: 'First step', prev: 'Step back', next: 'Step forward', last: 'Last step', play: 'Play', pause: 'Pause' },
  de: { first: 'Erster Schritt', prev: 'Schritt zurück', next: 'Schritt vor', last: 'Letzter Schritt', play: 'Abspielen', pause: 'Pause' },
};
const w = (lang, k) => (WORDS[lang] || WORDS.en)[k];

// Icons drawn as SVG paths (24x24), so that every browser shows them.
const ICONS = {
  first: 'M4 5h2v14H4zM19 5v14l-6.5-7zM12.5 5v14L6 12z',
  prev: 'M16 5v14L7 12z',
  next: 'M8 5v14l9-7z',
  last: 'M5 5v14l6.5-7zM11.5 5v14l6.5-7zM18 5h2v14h-2z',
  play: 'M8 5v14l11-7z',
  pause: 'M7 5h4v14H7zM13 5h4v14h-4z',
};
function icon(name) {
  return s('svg', { class: 'icon', viewBox: '0 0 24 24', width: 20, height: 20, 'aria-hidden': 'true' },
    s('path', { d: ICONS[name], fill: 'currentColor' }));
}

export function replayPage(app, id) {
  const root = h('div.tablepage.replay');
  app.main.append(root);
  const st = { step: 0, viewer: -1, total: 0, log: [], r: null, timer: null, loading: false, an: {} };
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

  function analysisBox() {
    const r = st.r;
    return analysisPanel(app, {
      game: id, seat: st.viewer, seats: r.seats, step: st.step, total: st.total, lang: app.lang(),
      state: st.an, jump: (n) => load(Math.max(0, Math.min(st.total, n)), st.viewer),
      setViewer: (seat) => load(st.step, seat), redraw: draw, alive: () => alive,
    });
  }

  function draw() {
    const r = st.r;
    if (!alive || !r) return;
    const L = app.lang();
    const obs = r.observe?.observation;
    const ctx = { app, game: r.game, obs, legal: [], status: r.status, seat: st.viewer, seats: r.seats,
      log: st.log, act: () => {}, lang: L, actionsFor: () => [], help: (n) => app.help(r.game, n) };
    const own = viewFor(r.game);
    const viewerSel = h('select#viewer', { onchange: (e) => load(st.step, +e.target.value) },
      h('option', { value: -1 }, t('spectator')),
      r.seats.map((seat) => h('option', { value: seat.seat }, playerName(r.seats, seat.seat))));
    viewerSel.value = String(st.viewer);
    const slider = h('input#step', { type: 'range', min: 0, max: st.total, value: st.step,
      onchange: (e) => load(+e.target.value, st.viewer) });
    const btn = (name, fn, idn, label) => h('button.iconbtn#' + idn, { onclick: fn, title: w(L, name), 'aria-label': w(L, name) },
      icon(name), label ? h('span.iconlabel', w(L, name)) : null);
    const playing = !!st.timer;
    const log = drawLog(st.log, r.seats);
    if (st.an.status === 'done' && st.an.seat === st.viewer) markLog(log, st.an.data, L);
    clear(root).append(
      h('div.topbar', h('h2', `${t('replay')}: ${r.title || r.game}`),
        h('label', t('viewer'), ' ', viewerSel),
        h('div.stepper',
          btn('first', () => load(0, st.viewer), 'first'),
          btn('prev', () => load(Math.max(0, st.step - 1), st.viewer), 'prev'),
          slider,
          btn('next', () => load(Math.min(st.total, st.step + 1), st.viewer), 'next'),
          btn('last', () => load(st.total, st.viewer), 'last'),
          btn(playing ? 'pause' : 'play', () => {
            if (st.timer) { clearInterval(st.timer); st.timer = null; draw(); return; }
            st.timer = setInterval(() => {
              if (st.step >= st.total) { clearInterval(st.timer); st.timer = null; draw(); return; }
              load(st.step + 1, st.viewer);
            }, 600);
            draw();
          }, 'play', true)),
        h('span#stepinfo', `${t('step')} ${st.step} / ${st.total}`)),
      h('div.layout',
        h('div.board', h('div.boardbody', obs ? (own ? own(ctx) : genericView(ctx)) : h('p.error', '—')),
          analysisBox()),
        h('aside.side', h('section.log', h('h3', t('log')), log))));
    root.dataset.step = st.step;
  }

  // the graph is drawn for the width it has: draw again when that changes
  let resizeTimer = null;
  const onResize = () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(draw, 150); };
  window.addEventListener('resize', onResize);
  load(0, -1);
  return {
    destroy() {
      alive = false;
      if (st.timer) clearInterval(st.timer);
      clearTimeout(st.an.timer);
      clearTimeout(resizeTimer);
      window.removeEventListener('resize', onResize);
    },
    onlang: () => { st.log = []; st.r = null; st.an.lang = null; load(st.step, st.viewer); },
  };
}
