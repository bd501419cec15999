// lobby.js - the lobby: create a game (any game of the catalogue, its
// options, each seat a human or a bot), the seats this browser holds, and
// the list of open, running and finished games (take a seat, watch, replay).

import { hintsCheckbox, hintsChecked } from './analysis.js';
import { t } from './i18n.js';
import { clear, h } from './util.js';

// One form control per option, from the catalogue's option types.
function optionInput(o) {
  const id = `opt-${o.name}`;
  let input;
  if (o.type === 'bool') {
    input = h('input', { type: 'checkbox', id, 'data-opt': o.name });
    input.checked = o.default === '1' || o.default === 'true';
  } else if (o.type === 'enum') {
    input = h('select', { id, 'data-opt': o.name },
      (o.choices || '').split('|').map((c) => h('option', { value: c }, c)));
    input.value = o.default;
  } else if (o.type === 'int') {
    input = h('input', { type: 'number', id, min: o.min, max: o.max, value: o.default, 'data-opt': o.name });
  } else {
    input = h('input', { type: 'text', id, value: o.default, placeholder: t('optional'), 'data-opt': o.name });
  }
  input.dataset.default = o.default;
  input.dataset.type = o.type;
  return h('label.opt', { title: o.help }, h('span.optname', o.name), input, h('small.help', o.help));
}

function readOptions(form) {
  const out = {};
  form.querySelectorAll('[data-opt]').forEach((el) => {
    const v = el.type === 'checkbox' ? (el.checked ? '1' : '0') : el.value.trim();
    const def = el.dataset.type === 'bool' ? (el.dataset.default === '1' || el.dataset.default === 'true' ? '1' : '0')
      : el.dataset.default;
    if (v !== def && !(v === '' && el.dataset.type === 'text')) out[el.dataset.opt] = v;
  });
  return out;
}

function seatSelect(info, i) {
  const sel = h('select.seatkind', { 'data-seat': i, name: `seat${i}` });
  sel.append(h('option', { value: 'you' }, t('humanYou')));
  sel.append(h('option', { value: 'human' }, t('human')));
  for (const lv of ['easy', 'medium', 'hard'])
    if (info.levels?.[lv]) sel.append(h('option', { value: 'bot:' + lv }, `${t(lv)} (${info.levels[lv]})`));
  for (const b of info.bots || [])
    if (b.name !== 'mcts') sel.append(h('option', { value: 'bot:' + b.name }, `${t('bot')}: ${b.name}`));
  sel.value = i === 0 ? 'you' : (info.levels?.medium ? 'bot:medium' : 'bot:random');
  return sel;
}

function createForm(app, games, box) {
  const gameSel = h('select#game', games.map((g) => h('option', { value: g.name }, g.title)));
  const details = h('div.gamedetails');
  const form = h('form.create', { onsubmit: (e) => { e.preventDefault(); create(); } },
    h('label', h('span', t('game')), gameSel), details);
  const last = localStorage.getItem('kontor.lastGame');
  if (last && games.some((g) => g.name === last)) gameSel.value = last;

  function fill() {
    const info = games.find((g) => g.name === gameSel.value);
    localStorage.setItem('kontor.lastGame', info.name);
    const players = h('input#players', { type: 'number', min: info.min_players, max: info.max_players,
      value: info.default_players });
    const seatsBox = h('div.seats');
    const drawSeats = () => {
      clear(seatsBox);
      const n = Math.max(info.min_players, Math.min(info.max_players, +players.value || info.default_players));
      for (let i = 0; i < n; i++)
        seatsBox.append(h('label.seat', h('span', `${t('seat')} ${i + 1}`), seatSelect(info, i)));
    };
    players.addEventListener('change', drawSeats);
    clear(details).append(...[
      h('p.summary', info.summary),
      info.notice ? h('p.notice', `${t('notice')}: ${info.notice}`) : null,
      h('label', h('span', t('players')), players),
      h('fieldset', h('legend', t('seats')), seatsBox),
      h('details.options', h('summary', t('options')), info.options.map(optionInput)),
      h('label', h('span', t('yourName')), h('input#yourname', { type: 'text', maxlength: 40,
        value: localStorage.getItem('kontor.name') || '' })),
      h('label', h('span', t('gameName')), h('input#tablename', { type: 'text', maxlength: 60 })),
      h('label.check', h('input#listed', { type: 'checkbox', checked: true }), t('listed')),
      hintsCheckbox(app.lang()), // analysis.js (anweb)
      h('p.error#create-error'),
      h('button#create.primary', { type: 'submit' }, t('create'))].filter(Boolean));
    drawSeats();
  }

  async function create() {
    const name = form.querySelector('#yourname').value.trim();
    localStorage.setItem('kontor.name', name);
    const seats = [...form.querySelectorAll('.seatkind')].map((sel) => {
      const v = sel.value;
      if (v.startsWith('bot:')) return { bot: v.slice(4) };
      return v === 'you' ? { human: true, you: true, name } : { human: true };
    });
    const r = await app.net.request({
      cmd: 'create', game: gameSel.value, players: seats.length, seats,
      options: readOptions(form), name: form.querySelector('#tablename').value.trim(),
      listed: form.querySelector('#listed').checked, hints: hintsChecked(form),
    });
    const err = form.querySelector('#create-error');
    if (!r.ok) { err.textContent = `${t('errorPrefix')}: ${r.message}`; return; }
    const kinds = [...form.querySelectorAll('.seatkind')].map((s) => s.value);
    const mine = kinds.indexOf('you');
    const links = r.seats.filter((s) => !s.bot).map((s) => ({ seat: s.seat, token: s.token }));
    localStorage.setItem(`kontor.invites.${r.game}`, JSON.stringify(links));
    const seat = mine >= 0 ? r.seats[mine] : r.seats.find((s) => !s.bot);
    if (seat) app.go(`#/play/${seat.token}`);
    else app.go(`#/watch/${r.game}`);
  }

  gameSel.addEventListener('change', fill);
  fill();
  box.append(form);
}

function seatChips(g) {
  return g.seats.map((s) => h('span.chip' + (s.bot ? '.bot' : s.claimed ? '' : '.free'),
    s.bot ? `bot ${s.spec}` : s.claimed ? (s.name || `${t('seat')} ${s.seat + 1}`) : t('free')));
}

function gameRow(app, g) {
  const free = g.seats.find((s) => !s.bot && !s.claimed);
  return h('tr', { 'data-game': g.game },
    h('td', h('b', g.title), g.label ? h('div.muted', g.label) : null),
    h('td', h('span.status.' + g.status, t('status_' + g.status))),
    h('td', seatChips(g)),
    h('td.num', g.actions),
    h('td.buttons',
      free && g.status === 'open' ? h('button.join', { onclick: async () => {
        const name = localStorage.getItem('kontor.name') || '';
        const r = await app.net.request({ cmd: 'join', game: g.game, seat: free.seat, name });
        if (r.ok) app.go(`#/play/${r.token}`);
        else alert(r.message);
      } }, t('join')) : null,
      g.status !== 'over' ? h('a.button.watch', { href: `#/watch/${g.game}` }, t('watch')) : null,
      g.status === 'over' ? h('a.button.replay', { href: `#/replay/${g.game}` }, t('replay')) : null));
}

export function lobbyPage(app) {
  const listBox = h('div.list');
  const createBox = h('section.card', h('h2', t('newGame')));
  const mineBox = h('section.card.mine');
  app.main.append(h('div.lobby', createBox, h('div.col', mineBox,
    h('section.card', h('h2', t('openGames')), listBox))));
  let timer = null;
  let alive = true;

  async function refresh() {
    const r = await app.net.request({ cmd: 'list', lang: app.lang() }).catch(() => null);
    if (!alive || !r || !r.ok) return;
    clear(listBox);
    if (!r.games.length) listBox.append(h('p.muted', t('noGames')));
    else listBox.append(h('table.games', h('tbody', r.games.map((g) => gameRow(app, g)))));
  }

  function drawMine() {
    const seats = Object.entries(app.mySeats()).sort((a, b) => b[1].at - a[1].at).slice(0, 8);
    clear(mineBox);
    mineBox.hidden = !seats.length;
    if (!seats.length) return;
    mineBox.append(h('h2', t('myGames')), h('ul', seats.map(([tok, s]) =>
      h('li', h('a', { href: `#/play/${tok}` }, `${s.title || s.game} — ${t('seat')} ${s.seat + 1}`)))));
  }

  app.getCatalog().then((games) => { if (alive) createForm(app, games, createBox); });
  drawMine();
  refresh();
  timer = setInterval(refresh, 4000);
  return {
    destroy() { alive = false; clearInterval(timer); },
    onreconnect: refresh,
  };
}
