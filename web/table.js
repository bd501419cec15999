// table.js - the game page for a seat (#/play/TOKEN) or a spectator
// (#/watch/ID).  The server pushes a view after every change: the session's
// status, observation, legal actions (seats only) and the new log entries,
// as this connection's seat may see them.  The page draws the game's own
// view (views/index.js; the generic view for games without one), the
// decision panel (#actions: what is asked, by whom, and every legal action
// grouped as the engine groups them), the seats, the log, and the undo /
// rematch / leave controls.
//
// Layout: on a desktop the board is on the left and the decision panel,
// seats and log on the right (kept in view while the board scrolls).  On a
// narrow screen (a phone) everything is one column and the decision panel
// comes first, as a bar that sticks to the top of the screen while the
// board scrolls under it (what Board Game Arena does).
//
// What a game view gets (`ctx`, built afresh for every draw):
//   ctx.obs, ctx.legal, ctx.status, ctx.seat (-1: spectator), ctx.seats,
//   ctx.log, ctx.lang, ctx.game, ctx.app
//   ctx.act(action)            send a legal action (asks first if it warns)
//   ctx.actionsOn(kind, id)    the legal actions whose `targets` hold
//                              {kind, id} (the ids of the observation JSON):
//                              choose and highlight by these, never by text
//   ctx.details(title, content) open the details panel: a bottom sheet on a
//                              phone, a box at the side on a desktop.
//                              content: a string (shown as text), a DOM node,
//                              or a function returning either or a promise
//                              of one (e.g. () => ctx.help(name)).  Use it to
//                              make a component readable without hover.
//   ctx.help(name)             a promise of the engine's explanation of a
//                              component, in the page's language
//   ctx.playerName(p)          a seat's name as the page writes it
//   ctx.t(key)                 the shared page's words (i18n.js)
//   ctx.actionsFor(name)       legacy: actions whose TEXT names `name`;
//                              breaks with other wordings (and under
//                              KONTOR_TEST_SCRAMBLE_TEXT): use actionsOn.
// util.js gives views clickable(el, actions, act, title) (one action: do it;
// several: a menu) and hoverTip(el, fetchText, title): a tooltip for a
// mouse, the details panel on a tap of a thing without actions, a long
// press, or the ⓘ entry of the action menu.

import { onlinePanel } from './online.js';
import { t, playerName } from './i18n.js';
import { clear, h, hideMenu, hideTip, mentions, showDetails, PLAYER_COLORS } from './util.js';
import { viewFor, genericView } from './views/index.js';
import { drawLog } from './log.js';
import { hintBox } from './analysis.js'; // the hint button (tables created with hints; anweb)

export function tablePage(app, where) {
  const root = h('div.tablepage');
  app.main.append(root);
  const online = onlinePanel(app, where); // clocks and chat, below the table (online.js)
  const st = { view: null, log: [], tab: 'table', seat: null, game: null, info: null,
    banner: null, undoWaiting: false, confirm: null, openGroups: new Map() };
  let alive = true;

  async function attach() {
    const r = where.token
      ? await app.net.request({ cmd: 'attach', token: where.token, lang: app.lang(),
        name: localStorage.getItem('kontor.name') || '' })
      : await app.net.request({ cmd: 'spectate', game: where.watch, lang: app.lang() });
    if (!alive) return;
    if (!r.ok && r.error === 'moved') {
      // another server hosts the game: go there (net.js), or, when it could
      // not be reached, ask here again until this server takes it over
      if (app.net.moveTo(r.ws)) return;
      clear(root).append(h('div.card', h('p.moved', r.message), h('a', { href: '#/' }, t('lobby'))));
      setTimeout(() => { if (alive) attach().catch(() => {}); }, 1000);
      return;
    }
    if (!r.ok) {
      clear(root).append(h('div.card', h('p.error', r.error === 'unknown' && where.token ? t('linkGone') : r.message),
        h('a', { href: '#/' }, t('lobby'))));
      if (where.token && r.error === 'unknown') app.forgetSeat(where.token);
      return;
    }
    st.info = r;
    root.dataset.attached = (+root.dataset.attached || 0) + 1; // tests see a re-attach
    st.seat = r.seat;
    st.game = r.name;
    st.log = [];
    if (where.token) app.rememberSeat(where.token, { game: r.name, title: r.title, seat: r.seat, id: r.game });
    if (r.rematch) st.rematchAvailable = true;
  }

  // A move the game warns about (its legal entry carries "warning", e.g. Anno
  // 1701: spending the last gold loses at once) is sent only after the
  // player confirms it; the server refuses it without "confirm" (error
  // "confirm"), so a misclick cannot lose the game.
  function act(a, confirmed) {
    if (a.warning && !confirmed) { st.confirm = a; draw(); return; }
    const req = { cmd: 'apply', id: a.id };
    if (confirmed) req.confirm = true;
    app.net.request(req).then((r) => {
      if (r.ok) return;
      if (r.error === 'confirm') { st.confirm = { ...a, warning: r.warning || r.message }; draw(); }
      else showBanner('error', r.message);
    });
  }

  function confirmDialog() {
    const a = st.confirm;
    const close = () => { st.confirm = null; draw(); };
    return h('div.modal#confirm', { onclick: (e) => { if (e.target.id === 'confirm') close(); } },
      h('div.card.dialog', { role: 'alertdialog', 'aria-labelledby': 'confirm-title' },
        h('h3#confirm-title', t('really')),
        h('p.warning', a.warning),
        h('p.muted', a.text),
        h('div.row',
          h('button#confirm-yes.danger', { onclick: () => { st.confirm = null; draw(); act(a, true); } }, t('confirmYes')),
          h('button#confirm-no', { onclick: close }, t('confirmNo')))));
  }

  function showBanner(kind, text, extra) {
    st.banner = { kind, text, extra };
    draw();
  }

  function onpush(m) {
    online.onpush(m);
    if (m.push === 'view') {
      if (m.log_from > st.log.length) { // a gap (dropped pushes): ask again
        app.net.request({ cmd: 'view', log_from: st.log.length });
        return;
      }
      st.log.length = m.log_from;
      for (const e of m.log?.log || []) st.log.push(e);
      st.view = m;
      if (!m.undo) st.undoWaiting = false;
      if (st.banner?.kind === 'error') st.banner = null;
      draw();
    } else if (m.push === 'rematch') {
      app.rememberSeat(m.token, { game: st.game, title: st.info?.title, seat: st.seat, id: m.game });
      showBanner('rematch', t('rematchReady'), h('a.button', { href: `#/play/${m.token}` }, t('go')));
    } else if (m.push === 'left') {
      showBanner('error', t('left'));
    } else if (m.push === 'error') {
      showBanner('error', m.message);
    }
  }

  // ---- drawing -------------------------------------------------------------

  // The decision's name for people, from the engine in the page's language
  // (`decision_label`: in the legal reply for a seat, in the status for a
  // spectator).  A game that gives no label answers with its internal name
  // (status.decision, e.g. "buy"): that is never shown.
  function decisionLabel(v) {
    const s = v.status || {};
    const label = v.legal?.decision_label || s.decision_label;
    return label && label !== s.decision ? label : '';
  }

  function names(v, list) { return list.map((p) => playerName(v.seats, p)).join(', '); }

  function statusLine(v) {
    const s = v.status || {};
    if (s.status === 'over') return t('over');
    const label = decisionLabel(v);
    return [`${t('turn')} ${s.turn}`, label, `${t('toMove')}: ${names(v, s.pending || []) || '—'}`]
      .filter(Boolean).join(' · ');
  }

  function controls(v) {
    const over = v.status?.status === 'over';
    const box = h('div.controls');
    if (st.seat >= 0 && !over) {
      box.append(h('button#undo', { onclick: async () => {
        const r = await app.net.request({ cmd: 'undo' });
        // refused after something hidden or random was shown: the message says what
        if (!r.ok) showBanner('error', r.message);
        else if (r.undo === 'asked') { st.undoWaiting = true; draw(); }
      } }, t('undo')));
    }
    if (!over && v.seats.some((s) => s.bot && s.thinking))
      box.append(h('button#hurry', { onclick: () => app.net.request({ cmd: 'hurry' }) }, t('hurry')));
    if (st.seat >= 0 && over)
      box.append(h('button#rematch.primary', { onclick: async () => {
        const r = await app.net.request({ cmd: 'rematch' });
        if (r.ok) {
          app.rememberSeat(r.token, { game: st.game, title: st.info?.title, seat: st.seat, id: r.game });
          app.go(`#/play/${r.token}`);
        } else showBanner('error', r.message);
      } }, t('rematch')));
    if (over) box.append(h('a.button', { href: `#/replay/${v.game}` }, t('replay')));
    if (st.seat >= 0 && !over)
      box.append(h('button#leave', { onclick: async () => {
        if (!confirm(t('lose'))) return;
        await app.net.request({ cmd: 'leave' });
        app.forgetSeat(where.token);
        app.go('#/');
      } }, t('leave')));
    return box;
  }

  function banners(v) {
    const out = [];
    const u = v.undo;
    if (u && st.seat >= 0 && u.by !== st.seat && !u.agreed.includes(st.seat)) {
      out.push(h('div.banner.undo#undo-request', `${playerName(v.seats, u.by)} ${t('undoAsked')}`,
        h('button#undo-accept', { onclick: () => app.net.request({ cmd: 'undo_answer', accept: true }) }, t('accept')),
        h('button#undo-refuse', { onclick: () => app.net.request({ cmd: 'undo_answer', accept: false }) }, t('refuse'))));
    } else if (u && u.by === st.seat) {
      out.push(h('div.banner.undo', t('undoWaiting')));
    }
    const res = v.status?.result;
    if (res) {
      const win = res.winners.map((p) => playerName(v.seats, p)).join(', ');
      out.push(h('div.banner.over#game-over', h('b', t('over')), ' — ',
        `${res.winners.length > 1 ? t('winners') : t('winner')}: ${win} · `,
        res.scores.map((sc, p) => `${playerName(v.seats, p)}: ${sc} ${t('score')}`).join(' · ')));
    }
    if (st.banner) out.push(h('div.banner.' + st.banner.kind, st.banner.text, st.banner.extra || null));
    return out;
  }

  // "bot:medium" -> "medium" / "mittel" (other specs as they are)
  function botLabel(spec) {
    const level = String(spec || '').replace(/^bot:/, '');
    return ['easy', 'medium', 'hard'].includes(level) ? t(`lvl_${level}`) : level;
  }

  function seatsBox(v) {
    const pend = v.status?.pending || [];
    return h('section.seats', h('h3', t('opponents')), h('ul', v.seats.map((s) =>
      h('li' + (pend.includes(s.seat) ? '.tomove' : ''), { 'data-seat': s.seat },
        h('span.dot', { style: { background: PLAYER_COLORS[s.seat] } }),
        playerName(v.seats, s.seat),
        s.seat === st.seat ? h('b', ` (${t('you')})`) : null,
        s.bot ? h('span.muted', ` · ${botLabel(s.spec)}`) : null,
        s.thinking ? h('span.thinking', ` ${t('thinking')}`) : null,
        !s.bot && !s.claimed ? h('span.muted', ` — ${t('free')}`) : null,
        !s.bot && s.claimed && !s.connected ? h('span.muted', ` — ${t('disconnected')}`) : null))));
  }

  function invitesBox(v) {
    const links = JSON.parse(localStorage.getItem(`kontor.invites.${v.game}`) || '[]');
    const others = links.filter((l) => l.seat !== st.seat);
    if (!others.length || v.status?.status === 'over') return null;
    return h('section.invites', h('h3', t('invite')), others.map((l) => {
      const url = `${location.origin}${location.pathname}#/play/${l.token}`;
      const claimed = v.seats[l.seat]?.claimed;
      return h('div.invite', h('span', `${t('seat')} ${l.seat + 1}${claimed ? ' ✓' : ''}`),
        h('input', { type: 'text', readonly: true, value: url, onclick: (e) => e.target.select() }),
        h('button', { onclick: (e) => { navigator.clipboard?.writeText(url); e.target.textContent = t('copied'); } }, t('copy')));
    }));
  }

  // The decision panel: who decides what now, the engine's prompt, and
  // every legal action folded into the engine's groups (the first group
  // open, so a choice is always in sight).  A spectator reads that it is
  // watching and whose turn it is; a waiting player whom it waits for.
  function actionsBox(v) {
    const legal = v.legal?.legal || [];
    const s = v.status || {};
    const watching = st.seat === null || st.seat < 0; // a spectator has no move (issue 29)
    const over = s.status === 'over';
    const label = decisionLabel(v);
    const pend = names(v, s.pending || []) || '—';
    const box = h('section.actions#actions', { 'data-state': over ? 'over' : watching ? 'watching' : legal.length ? 'move' : 'waiting' });
    const head = (text) => box.append(h('h3.decision-head', text));
    if (over) {
      head(t('over'));
      const w = s.result?.winners || [];
      if (w.length) box.append(h('p.prompt', `${w.length > 1 ? t('winners') : t('winner')}: ${names(v, w)}`));
      return box;
    }
    if (watching) {
      head(t('watching'));
      box.append(h('p.prompt', `${t('turnOf')} ${pend}${label ? ` · ${label}` : ''}`));
      return box;
    }
    if (!legal.length) {
      head(label ? `${t('waitingFor')} ${pend} · ${label}` : `${t('waitingFor')} ${pend}`);
      box.append(h('p.prompt.muted', `${pend} ${t('isDeciding')}`));
      return box;
    }
    head(label ? `${t('actions')} · ${label}` : t('actions'));
    box.append(h('p.prompt', v.legal.prompt));
    const groups = new Map();
    const sorted = legal.map((a, i) => ({ a, i })).sort((x, y) => (x.a.rank || 0) - (y.a.rank || 0) || x.i - y.i);
    for (const { a } of sorted) {
      const g = a.group || '';
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(a);
    }
    let firstGroup = true;
    for (const [g, list] of groups) {
      const buttons = list.map((a) => h('button.act', { 'data-action': a.text, 'data-id': a.id,
        'data-verb': a.verb || null, onclick: () => act(a) }, a.key ? h('span.key', a.key) : null, a.text));
      if (!g) box.append(h('div.actlist', buttons));
      else {
        // a group the player opened or closed stays so while the decision lasts
        const open = st.openGroups.get(g) ?? (firstGroup || groups.size <= 3 || list.length <= 4);
        box.append(h('details.group', { open },
          h('summary', { onclick: (e) => st.openGroups.set(g, !e.currentTarget.parentElement.open) }, `${g} (${list.length})`),
          h('div.actlist', buttons)));
      }
      firstGroup = false;
    }
    return box;
  }

  let textCache = null;
  async function drawText(box) {
    const r = await app.net.request({ cmd: 'render', lang: app.lang() });
    textCache = r.ok ? r.text : r.message;
    if (alive) clear(box).append(h('pre.render', textCache));
  }

  function boardBox(v) {
    const obs = v.observe?.observation;
    const legal = v.legal?.legal || [];
    const ctx = {
      app, game: v.name, obs, legal, status: v.status, seat: st.seat, seats: v.seats, log: st.log,
      act, lang: app.lang(), t,
      actionsOn: (kind, id) => legal.filter((a) => (a.targets || []).some((x) => x.kind === kind && String(x.id) === String(id))),
      actionsFor: (name) => legal.filter((a) => mentions(a.text, name) || (a.key && String(a.key) === String(name))),
      help: (name) => app.help(v.name, name),
      details: showDetails,
      decisionLabel: decisionLabel(v),
      playerName: (p) => playerName(v.seats, p),
    };
    const own = viewFor(v.name);
    const tabs = h('div.tabs',
      [['table', t('table')], ['json', t('observation')], ['text', t('terminal')]].map(([k, label]) =>
        h('button.tab' + (st.tab === k ? '.on' : ''), { 'data-tab': k, onclick: () => { st.tab = k; draw(); } }, label)));
    const body = h('div.boardbody');
    if (!obs) body.append(h('p.error', v.observe?.message || '—'));
    else if (st.tab === 'text') drawText(body);
    else if (st.tab === 'json' || !own) body.append(genericView(ctx));
    else {
      try { body.append(own(ctx)); } catch (e) {
        console.error(e);
        body.append(h('p.error', String(e)), genericView(ctx));
      }
    }
    return h('div.board', tabs, body);
  }

  function draw() {
    if (!alive) return;
    const v = st.view;
    if (!v) return;
    hideTip(); // its element is about to go: a tooltip must not outlive it
    if (st.drawnAt !== v.status?.actions) { // after a move: its menu's actions are gone, a new decision begins
      hideMenu();
      st.openGroups.clear();
    }
    st.drawnAt = v.status?.actions;
    const title = st.info?.title || v.name;
    clear(root).append(
      h('div.topbar', h('h2', title), h('span.statusline#statusline', statusLine(v)),
        st.seat < 0 ? h('span.chip.watching', t('watching')) : h('span.chip.me', `${t('you')}: ${playerName(v.seats, st.seat)}`),
        controls(v)),
      h('div.banners', banners(v)),
      h('div.layout', boardBox(v),
        h('aside.side', actionsBox(v), hintBox(app, v, st.seat), seatsBox(v), invitesBox(v),
          h('section.log', h('h3', t('log')), drawLog(st.log, v.seats)))));
    if (st.confirm) root.append(confirmDialog());
    root.dataset.actions = v.status?.actions;
    root.dataset.status = v.status?.status;
    root.dataset.lang = v.lang || app.lang();
  }

  attach();
  return {
    onpush,
    onreconnect: attach,
    onlang: async () => {
      await app.net.request({ cmd: 'view', log_from: 0, lang: app.lang() });
    },
    destroy() { alive = false; online.destroy(); app.net.request({ cmd: 'ping' }).catch(() => {}); },
  };
}
