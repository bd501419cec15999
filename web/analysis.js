// analysis.js - post-game analysis in the replay viewer and hints at the
// table (issue 33; the server side is src/server/analysis.c, the JSON
// docs/analysis.md).
//
//   analysisPanel(app, ctx)  under the replay's table: for the seat being
//       reviewed, "Analyse this game" (progress, cancel), then the win
//       chance over the game as an SVG graph (a click jumps the replay to
//       that position), a summary and the costliest decisions.
//   markLog(box, analysis)   severity marks (?!, ?, ??) on the log entries
//       of costly decisions, as lichess marks moves.
//   hintBox(app, v, seat)    at a table created with hints: a "Hint" button
//       that asks the server what the search would play now (from this
//       seat's information only) and highlights that action.
//   hintsCheckbox / hintsChecked: the lobby's option for new tables.
//
// Everything shown is read from the analysis JSON's numbers and ids
// (moves[].n, win_after, severity, best_id); the texts it shows are the
// engine's own, already in the player's language.  This file's own words
// are in WORDS (English and German).

import { h, s, clear } from './util.js';
import { playerName } from './i18n.js';

const WORDS = {
  en: {
    analyse: 'Analyse this game', analyseFor: 'Analyse this game for', analysing: 'Analysing…',
    decisions: 'decisions', cancel: 'Cancel', queued: 'Waiting for a free bot thread…',
    choose: 'Choose a player to review their game:', winChance: 'Win chance', fair: 'fair share',
    costly: 'Costliest decisions', played: 'played', preferred: 'the search preferred',
    noneCostly: 'No decision lost more than the noise.', failed: 'The analysis failed:',
    retry: 'Try again', again: 'Ask again', summary: 'Blunders {b} · mistakes {m} · inaccuracies {i} · the search agreed {a} of {n}',
    inaccuracy: 'inaccuracy', mistake: 'mistake', blunder: 'blunder', action: 'action',
    here: 'At this step', loss: 'lost', points: 'points', hint: 'Hint', hintTitle: 'What would the search play here?',
    hintThinking: 'Thinking…', hintSays: 'The search would play', hintWin: 'win chance',
    hintsOption: 'Hints: players may ask what the search would play (not for rated games)',
    clickGraph: 'Click the graph to jump to a position.', by: 'for',
  },
  de: {
    analyse: 'Partie analysieren', analyseFor: 'Partie analysieren für', analysing: 'Analyse läuft…',
    decisions: 'Entscheidungen', cancel: 'Abbrechen', queued: 'Wartet auf einen freien Bot-Thread…',
    choose: 'Wähle einen Spieler, dessen Partie du ansehen willst:', winChance: 'Gewinnchance', fair: 'fairer Anteil',
    costly: 'Die teuersten Entscheidungen', played: 'gespielt', preferred: 'die Suche wollte',
    noneCostly: 'Keine Entscheidung verlor mehr als das Rauschen.', failed: 'Die Analyse ist fehlgeschlagen:',
    retry: 'Nochmal versuchen', again: 'Erneut fragen', summary: 'Patzer {b} · Fehler {m} · Ungenauigkeiten {i} · die Suche stimmte {a} von {n} zu',
    inaccuracy: 'Ungenauigkeit', mistake: 'Fehler', blunder: 'Patzer', action: 'Aktion',
    here: 'Bei diesem Schritt', loss: 'verlor', points: 'Punkte', hint: 'Tipp', hintTitle: 'Was würde die Suche hier spielen?',
    hintThinking: 'Denkt nach…', hintSays: 'Die Suche würde spielen', hintWin: 'Gewinnchance',
    hintsOption: 'Tipps: Spieler dürfen fragen, was die Suche spielen würde (nicht bei gewerteten Partien)',
    clickGraph: 'Klicke in die Kurve, um zu dieser Stellung zu springen.', by: 'für',
  },
};
const w = (lang, k) => (WORDS[lang] || WORDS.en)[k] ?? WORDS.en[k];

// This file's own styles (web/analysis.css), linked once.
if (!document.querySelector('link[href="analysis.css"]'))
  document.head.append(h('link', { rel: 'stylesheet', href: 'analysis.css' }));

// lichess's marks: ?! inaccuracy, ? mistake, ?? blunder
export const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };
const COLORS = { inaccuracy: '#c79100', mistake: '#e06c00', blunder: '#c62828' };
const pct = (x) => (x === null || x === undefined || Number.isNaN(x) ? '–' : `${Math.round(x * 100)}%`);

// ---- the replay's panel ------------------------------------------------------

// ctx: { game (id), seat (viewer: -1 spectator), seats, step, total, lang,
//        state (kept by the caller across redraws), jump(step), setViewer(seat),
//        redraw(), alive() }
export function analysisPanel(app, ctx) {
  const L = ctx.lang;
  const a = ctx.state;
  const box = h('section.analysis#analysis');
  if (ctx.seat < 0) {
    box.append(h('p', w(L, 'choose')), h('div.anbuttons', ctx.seats.map((seat) =>
      h('button.analyse-seat', { 'data-seat': seat.seat, onclick: () => { a.autostart = seat.seat; ctx.setViewer(seat.seat); } },
        `${w(L, 'analyseFor')} ${playerName(ctx.seats, seat.seat)}`))));
    return box;
  }
  if (a.seat !== ctx.seat || a.lang !== L) { // another seat or language: ask what is known
    Object.assign(a, { seat: ctx.seat, lang: L, status: 'asking', data: null, done: 0, decisions: 0 });
    ask(app, ctx, 'analysis');
  }
  const who = playerName(ctx.seats, ctx.seat);
  if (a.status === 'asking') box.append(h('p.muted', '…'));
  else if (a.status === 'none') {
    box.append(h('button#analyse.primary', { onclick: () => ask(app, ctx, 'analyze') },
      `${w(L, 'analyse')} (${w(L, 'by')} ${who})`));
  } else if (a.status === 'queued' || a.status === 'running') {
    box.append(h('div.anprogress',
      h('span', a.status === 'queued' ? w(L, 'queued')
        : a.decisions ? `${w(L, 'analysing')} ${a.done} / ${a.decisions} ${w(L, 'decisions')}` : w(L, 'analysing')),
      h('progress#analyse-progress', { max: a.decisions || 1, value: a.done }),
      a.mine ? h('button#analyse-cancel', { onclick: () => cancel(app, ctx) }, w(L, 'cancel')) : null));
  } else if (a.status === 'failed' || a.status === 'error') {
    box.append(h('p.error', `${w(L, 'failed')} ${a.message || ''}`),
      h('button#analyse', { onclick: () => ask(app, ctx, 'analyze') }, w(L, 'retry')));
  } else if (a.status === 'done' && a.data) {
    box.append(...doneView(ctx, a.data));
  }
  return box;
}

async function ask(app, ctx, cmd) {
  const a = ctx.state;
  const seat = ctx.seat;
  if (cmd === 'analyze') { a.mine = true; a.status = 'queued'; ctx.redraw(); }
  const r = await app.net.request({ cmd, game: ctx.game, seat, lang: ctx.lang }).catch(() => null);
  if (a.seat !== seat || !r) return;
  take(a, r);
  if (a.status === 'none' && a.autostart === seat) { // chosen from the spectator's list
    a.autostart = null;
    ask(app, ctx, 'analyze');
    return;
  }
  ctx.redraw();
  poll(app, ctx);
}

function take(a, r) {
  if (!r.ok) { a.status = 'error'; a.message = r.message; return; }
  a.status = r.status;
  a.done = r.done || 0;
  a.decisions = r.decisions || 0;
  a.message = r.message;
  a.data = r.analysis || null;
}

function poll(app, ctx) {
  const a = ctx.state;
  clearTimeout(a.timer);
  if (a.status !== 'queued' && a.status !== 'running') return;
  const seat = a.seat;
  a.timer = setTimeout(async () => {
    if (!ctx.alive() || a.seat !== seat) return;
    const r = await app.net.request({ cmd: 'analysis', game: ctx.game, seat, lang: ctx.lang }).catch(() => null);
    if (!r || a.seat !== seat || !ctx.alive()) return;
    take(a, r);
    ctx.redraw();
    poll(app, ctx);
  }, 600);
}

async function cancel(app, ctx) {
  const a = ctx.state;
  clearTimeout(a.timer);
  await app.net.request({ cmd: 'analyze_cancel', game: ctx.game, seat: a.seat }).catch(() => null);
  a.status = 'none';
  a.mine = false;
  ctx.redraw();
}

function doneView(ctx, an) {
  const L = ctx.lang;
  const moves = (an.moves || []).filter((m) => m.analysed);
  const sm = an.summary || {};
  const agree = moves.filter((m) => m.agrees).length;
  const out = [h('h3', `${w(L, 'winChance')} — ${playerName(ctx.seats, an.seat)}`),
    graph(ctx, an, moves),
    h('p.muted.ansummary', w(L, 'summary').replace('{b}', sm.blunders ?? 0).replace('{m}', sm.mistakes ?? 0)
      .replace('{i}', sm.inaccuracies ?? 0).replace('{a}', agree).replace('{n}', moves.length)
      + ' · ' + w(L, 'clickGraph'))];
  const here = moves.find((m) => m.n + 1 === ctx.step);
  if (here) out.push(h('p.anhere', h('b', `${w(L, 'here')}: `), moveLine(L, here)));
  const ranked = (an.ranking || []).map((i) => an.moves[i]).filter((m) => m && m.severity).slice(0, 5);
  out.push(h('h4', w(L, 'costly')));
  if (!ranked.length) out.push(h('p.muted', w(L, 'noneCostly')));
  else out.push(h('ol.costly', ranked.map((m) => h('li', h('button.costly-move.sev-' + m.severity,
    { 'data-n': m.n, onclick: () => ctx.jump(m.n + 1) }, h('span.sevmark', MARKS[m.severity]),
    ` ${w(L, 'action')} ${m.n + 1}: `, moveLine(L, m))))));
  return out;
}

function moveLine(L, m) {
  const sev = m.severity ? ` (${w(L, m.severity)}, ${w(L, 'loss')} ${(m.loss * 100).toFixed(1)} ${w(L, 'points')})` : '';
  const best = m.agrees ? '' : ` — ${w(L, 'preferred')}: ${m.best} ${pct(m.win_best)}`;
  return `${w(L, 'played')}: ${m.played} ${pct(m.win_after)}${best}${sev}`;
}

// The win chance after each analysed decision over the record's actions.
function graph(ctx, an, moves) {
  // drawn at about the size it is shown, so that its labels stay readable
  const vw = window.innerWidth;
  const W = vw < 700 ? 360 : vw < 1200 ? 640 : 900, H = 180, left = 42, right = 8, top = 8, bottom = 20;
  const total = Math.max(1, ctx.total);
  const x = (n) => left + (Math.min(n, total) / total) * (W - left - right);
  const y = (p) => top + (1 - p) * (H - top - bottom);
  const svg = s('svg', { id: 'wingraph', viewBox: `0 0 ${W} ${H}`, role: 'img',
    'aria-label': `${w(ctx.lang, 'winChance')}`, 'data-moves': moves.length,
    'data-left': left, 'data-right': right });
  for (const p of [0, 0.5, 1]) {
    svg.append(s('line', { x1: left, x2: W - right, y1: y(p), y2: y(p), stroke: '#e0d6c4' }),
      s('text', { x: left - 4, y: y(p) + 4, 'text-anchor': 'end', 'font-size': 11, fill: '#6b5e4b', text: `${p * 100}%` }));
  }
  const fair = 1 / Math.max(1, an.players || ctx.seats.length);
  svg.append(s('line', { x1: left, x2: W - right, y1: y(fair), y2: y(fair), stroke: '#9b8d77', 'stroke-dasharray': '4 4' }),
    s('text', { x: W - right, y: y(fair) - 3, 'text-anchor': 'end', 'font-size': 10, fill: '#6b5e4b', text: w(ctx.lang, 'fair') }));
  const path = (key) => moves.filter((m) => typeof m[key] === 'number')
    .map((m, i) => `${i ? 'L' : 'M'}${x(m.n + 1).toFixed(1)},${y(m[key]).toFixed(1)}`).join(' ');
  svg.append(s('path', { d: path('win_best'), fill: 'none', stroke: '#b9b0a2', 'stroke-width': 1 }),
    s('path', { d: path('win_after'), fill: 'none', stroke: '#2d5f8b', 'stroke-width': 2.5 }));
  svg.append(s('line', { class: 'cursor', x1: x(ctx.step), x2: x(ctx.step), y1: top, y2: H - bottom, stroke: '#333', 'stroke-width': 1 }));
  for (const m of moves) {
    if (!m.severity) continue;
    svg.append(s('circle', { class: 'pt sev-' + m.severity, 'data-n': m.n, cx: x(m.n + 1), cy: y(m.win_after),
      r: m.severity === 'blunder' ? 6 : 5, fill: COLORS[m.severity], stroke: '#fff' },
    s('title', { text: `${MARKS[m.severity]} ${w(ctx.lang, m.severity)}: ${m.played}` })));
  }
  svg.append(s('text', { x: left, y: H - 5, 'font-size': 11, fill: '#6b5e4b', text: '0' }),
    s('text', { x: W - right, y: H - 5, 'text-anchor': 'end', 'font-size': 11, fill: '#6b5e4b', text: String(total) }));
  // a click anywhere jumps to the nearest analysed decision (after it)
  svg.addEventListener('click', (e) => {
    const pt = svg.createSVGPoint(); // the click in the graph's own units
    pt.x = e.clientX;
    pt.y = e.clientY;
    const px = pt.matrixTransform(svg.getScreenCTM().inverse()).x;
    let best = null;
    for (const m of moves) if (!best || Math.abs(x(m.n + 1) - px) < Math.abs(x(best.n + 1) - px)) best = m;
    if (best) ctx.jump(best.n + 1);
  });
  return h('div.graphbox', svg);
}

// ---- the log's marks -----------------------------------------------------------

// Entries are <li class="logentry" data-n=N>, N the action number, which is
// moves[].n of the analysis.
export function markLog(box, an, lang) {
  if (!an) return;
  const sev = new Map((an.moves || []).filter((m) => m.severity).map((m) => [m.n, m]));
  for (const li of box.querySelectorAll('li.logentry')) {
    const m = sev.get(+li.dataset.n);
    if (!m) continue;
    li.classList.add('costly', 'sev-' + m.severity);
    const first = li.querySelector('.ev') || li;
    first.append(h('span.sevmark', { title: `${w(lang, m.severity)}: ${w(lang, 'preferred')} ${m.best}` }, ` ${MARKS[m.severity]}`));
  }
}

// ---- hints at the table ----------------------------------------------------------

const hintStates = new Map(); // game id + seat -> { enabled, node, at, status, hint }

export function hintBox(app, v, seat) {
  if (seat === null || seat < 0 || !v || v.status?.status === 'over') return null;
  const key = `${v.game}|${seat}`;
  let hs = hintStates.get(key);
  if (!hs) {
    hs = { enabled: undefined, node: h('section.hint#hintbox'), at: -1, status: '', hint: null, timer: null };
    hintStates.set(key, hs);
    app.net.request({ cmd: 'hint', check: true }).then((r) => {
      hs.enabled = !!(r.ok && r.hints);
      drawHint(app, v, seat, hs);
    }).catch(() => {});
  }
  hs.v = v;
  drawHint(app, v, seat, hs);
  return hs.node; // empty (and hidden) until the server says the table has hints
}

function drawHint(app, v, seat, hs) {
  const L = app.lang();
  const acts = v.status?.actions;
  const myTurn = (v.legal?.legal || []).length > 0;
  if (hs.at !== acts) { hs.at = acts; hs.status = ''; hs.hint = null; clearTimeout(hs.timer); }
  const n = clear(hs.node);
  if (!hs.enabled) return;
  n.append(h('button#hint', { disabled: !myTurn || hs.status === 'thinking', title: w(L, 'hintTitle'),
    onclick: () => askHint(app, hs) }, w(L, 'hint')));
  if (hs.status === 'thinking') n.append(h('span.muted', ` ${w(L, 'hintThinking')}`));
  if (hs.status === 'error') n.append(h('span.error', ` ${hs.message}`));
  const m = hs.hint?.moves?.[0];
  if (hs.status === 'done' && m) {
    n.append(h('p.hintsays#hint-result', { 'data-id': m.best_id }, `${w(L, 'hintSays')}: `, h('b', m.best),
      ` (${w(L, 'hintWin')} ${pct(m.win_best)})`));
    requestAnimationFrame(() => {
      for (const b of document.querySelectorAll('#actions button.act')) b.classList.toggle('hinted', +b.dataset.id === m.best_id);
    });
  }
}

async function askHint(app, hs) {
  const at = hs.at;
  hs.status = 'thinking';
  drawHint(app, hs.v, null, hs);
  const r = await app.net.request({ cmd: 'hint', lang: app.lang() }).catch(() => null);
  if (hs.at !== at) return;
  if (!r || !r.ok) { hs.status = 'error'; hs.message = r?.message || ''; drawHint(app, hs.v, null, hs); return; }
  if (r.status === 'done') { hs.status = 'done'; hs.hint = r.hint; drawHint(app, hs.v, null, hs); return; }
  if (r.status === 'failed') { hs.status = 'error'; hs.message = r.message; drawHint(app, hs.v, null, hs); return; }
  hs.timer = setTimeout(() => { if (hs.at === at) askHint(app, hs); }, 300);
}

// ---- the lobby's option ------------------------------------------------------------

export function hintsCheckbox(lang) {
  return h('label.check', h('input#hints', { type: 'checkbox' }), w(lang, 'hintsOption'));
}
export function hintsChecked(form) { return !!form.querySelector('#hints')?.checked; }
