// online.js - what a table shows of playing online (issue 32), below the
// table: the clocks (counting down between views; the server is the judge
// of time) and the chat, with the table's channel and the spectators'
// apart.  Chat text is always inserted as text (h() makes text nodes),
// never as HTML, so whatever a player writes is shown as written.
//
// table.js makes one panel per table page: onlinePanel(app, where) returns
// { el, onpush(m), destroy() }; pushes are "view" (its "table" object:
// timing and clocks), "chat" (history or new messages) and "timeout".

import { getLang } from './i18n.js';
import { clear, h } from './util.js';

const words = {
  en: {
    chat: 'Chat', tableChat: 'Table', specChat: 'Spectators', send: 'Send', say: 'Write to the table…',
    sayspec: 'Write to the other spectators…', readSpec: 'Read the spectators’ chat',
    mute: 'Mute', unmute: 'Unmute', muted: 'muted', clocks: 'Clocks', perMove: 'per move',
    perGame: 'per game', turnBased: 'Turn-based', realtime: 'Real time', timeoutBot: 'out of time: a bot takes the seat',
    timeoutLose: 'out of time: the player loses', outOfTime: 'out of time', ranOut: 'You ran out of time: a bot plays your seat now.',
    rated: 'rated', spectatorsMuted: 'spectators', days: 'd', empty: 'No messages yet.',
    ended: 'The game ended: a player ran out of time.',
  },
  de: {
    chat: 'Chat', tableChat: 'Tisch', specChat: 'Zuschauer', send: 'Senden', say: 'An den Tisch schreiben…',
    sayspec: 'An die anderen Zuschauer schreiben…', readSpec: 'Chat der Zuschauer lesen',
    mute: 'Stumm', unmute: 'Laut', muted: 'stumm', clocks: 'Uhren', perMove: 'je Zug',
    perGame: 'je Partie', turnBased: 'Rundenbasiert', realtime: 'Echtzeit', timeoutBot: 'Zeit um: ein Bot übernimmt den Platz',
    timeoutLose: 'Zeit um: der Spieler verliert', outOfTime: 'Zeit um', ranOut: 'Deine Zeit ist um: ein Bot spielt jetzt deinen Platz.',
    rated: 'gewertet', spectatorsMuted: 'Zuschauer', days: 'T', empty: 'Noch keine Nachrichten.',
    ended: 'Das Spiel ist vorbei: ein Spieler hat die Zeit überschritten.',
  },
};
const w = (k) => (words[getLang()] || words.en)[k] ?? words.en[k];

// 1 d 03:04:05, 12:34, 0:07
export function clockText(ms) {
  if (ms < 0) return '';
  const s = Math.ceil(ms / 1000);
  const d = Math.floor(s / 86400), hh = Math.floor((s % 86400) / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (x) => String(x).padStart(2, '0');
  if (d) return `${d} ${w('days')} ${two(hh)}:${two(mm)}`;
  if (hh) return `${hh}:${two(mm)}:${two(ss)}`;
  return `${mm}:${two(ss)}`;
}

export function onlinePanel(app, where) {
  const el = h('section.card.online#online');
  const st = { seat: null, view: null, table: null, at: 0, msgs: [], spectators: false,
    muted: new Set(), tab: 'table', notice: null };
  const clockBox = h('div.clocks#clocks');
  const chatBox = h('div.chatlog#chatlog', { 'aria-live': 'polite' });
  const tabs = h('div.chattabs');
  const input = h('input#chatinput', { type: 'text', maxlength: 500, autocomplete: 'off' });
  const err = h('p.error.chaterr');
  const form = h('form.chatform', { onsubmit: (e) => { e.preventDefault(); send(); } },
    input, h('button#chatsend', { type: 'submit' }, w('send')));
  const noticeEl = h('p.notice#online-notice');
  el.append(noticeEl, clockBox, h('h3', w('chat')), tabs, chatBox, form, err);
  app.main.append(el);
  const timer = setInterval(drawClocks, 500);

  async function send() {
    const text = input.value.trim();
    if (!text) return;
    const r = await app.net.request({ cmd: 'chat', text }).catch(() => null);
    if (r && r.ok) { input.value = ''; err.textContent = ''; } else err.textContent = r ? r.message : '';
  }

  function names() { return st.view?.seats || []; }
  function who(m) {
    if (m.seat >= 0) return m.name || names()[m.seat]?.name || `${getLang() === 'de' ? 'Spieler' : 'Player'} ${m.seat + 1}`;
    return `${m.name || w('specChat')} (${w('specChat').toLowerCase()})`;
  }

  function drawTabs() {
    clear(tabs);
    const player = st.seat !== null && st.seat >= 0;
    if (player) {
      const cb = h('input#readspec', { type: 'checkbox', checked: st.spectators,
        onchange: (e) => app.net.request({ cmd: 'chat_prefs', spectators: e.target.checked }) });
      tabs.append(h('label.check', cb, w('readSpec')));
      const seats = names();
      for (let p = 0; p < seats.length; p++) {
        if (p === st.seat || seats[p]?.bot) continue;
        const on = st.muted.has(p);
        tabs.append(h('button.mute', { 'data-seat': p, onclick: () => app.net.request({ cmd: 'mute', seat: p, on: !on }) },
          `${on ? w('unmute') : w('mute')}: ${seats[p]?.name || p + 1}`));
      }
      const sm = st.muted.has(-1);
      tabs.append(h('button.mute', { 'data-seat': -1, onclick: () => app.net.request({ cmd: 'mute', seat: -1, on: !sm }) },
        `${sm ? w('unmute') : w('mute')}: ${w('spectatorsMuted')}`));
    }
    input.placeholder = player ? w('say') : w('sayspec');
  }

  function drawChat() {
    clear(chatBox);
    if (!st.msgs.length) chatBox.append(h('p.muted', w('empty')));
    for (const m of st.msgs) {
      chatBox.append(h('div.msg' + (m.channel === 'spectators' ? '.spec' : ''), { 'data-n': m.n },
        h('b', who(m)), ': ', h('span.text', m.text)));
    }
    chatBox.scrollTop = chatBox.scrollHeight;
  }

  function drawClocks() {
    const t = st.table;
    clear(clockBox);
    if (!t || t.mode === 'none') { clockBox.hidden = true; return; }
    clockBox.hidden = false;
    const kind = t.mode === 'turn' ? w('turnBased') : w('realtime');
    const base = t.per_move ? `${clockText(t.base_ms)} ${w('perMove')}`
      : `${clockText(t.base_ms)} + ${Math.round(t.inc_ms / 1000)} s ${w('perGame')}`;
    clockBox.append(h('div.muted', `${kind}: ${base} · ${t.timeout === 'lose' ? w('timeoutLose') : w('timeoutBot')}` +
      (t.rated ? ` · ${w('rated')}` : '')));
    const since = Date.now() - st.at;
    const seats = names();
    (t.clocks || []).forEach((c, p) => {
      const left = c.running ? Math.max(0, c.left_ms - since) : c.left_ms;
      const out = (t.forfeit || []).includes(p);
      clockBox.append(h('span.clock' + (c.running ? '.running' : '') + (out ? '.out' : '') + (p === st.seat ? '.me' : ''),
        { 'data-seat': p },
        `${seats[p]?.name || p + 1}: ${out ? w('outOfTime') : seats[p]?.bot && !out ? '—' : clockText(left)}`));
    });
  }

  function onpush(m) {
    if (m.push === 'view') {
      st.view = m;
      st.seat = m.seat;
      st.table = m.table || null;
      st.at = Date.now();
      if (m.table?.ended) noticeEl.textContent = w('ended');
      drawTabs();
      drawClocks();
    } else if (m.push === 'chat') {
      if (m.history) {
        st.msgs = m.messages || [];
        st.spectators = !!m.spectators;
        st.muted = new Set(m.muted || []);
        drawTabs();
      } else {
        for (const x of m.messages || []) st.msgs.push(x);
        if (st.msgs.length > 200) st.msgs.splice(0, st.msgs.length - 200);
      }
      drawChat();
    } else if (m.push === 'timeout') {
      noticeEl.textContent = w('ranOut');
    }
  }

  drawChat();
  return {
    el,
    onpush,
    destroy() { clearInterval(timer); el.remove(); },
  };
}
