// lobby.js - the lobby: the account bar (sign up, log in, log out, log out
// everywhere), create a game (any game of the catalogue, its options, each
// seat a human or a bot, a clock, rated or not), "your games" with the
// ones where it is your turn first, and the list of open, running,
// inactive and finished games (take a seat, watch, replay).  The same page
// shows a player's profile (#/profile/NAME) and a game's leaderboard
// (#/leaders/GAME): app.js sends every address it does not know here.
//
// Accounts go over HTTP (POST /api/...), since only an HTTP answer can set
// the HttpOnly cookie; the page reloads after logging in or out so that the
// WebSocket carries the new cookie.  The lobby's own words and styles are
// here and in lobby.css (i18n.js and style.css belong to the table pages).

import { hintsCheckbox, hintsChecked } from './analysis.js';
import { t, getLang } from './i18n.js';
import { clear, h } from './util.js';

const words = {
  en: {
    account: 'Account', name: 'Name', password: 'Password', login: 'Log in', signup: 'Sign up',
    logout: 'Log out', logoutAll: 'Log out everywhere', loggedIn: 'Logged in as', profile: 'Profile',
    guest: 'Playing without an account works too: invitation links are enough.',
    clock: 'Clock', noClock: 'No clock', rt5: 'Real time: 5 min + 5 s per turn', rt15: 'Real time: 15 min + 10 s per turn',
    rtMove: 'Real time: 2 min per turn', tb1: 'Turn-based: 1 day per move', tb3: 'Turn-based: 3 days per move',
    onTimeout: 'Out of time', toBot: 'a bot takes the seat', toLose: 'the player loses',
    rated: 'Rated (needs an account; no take-backs)', yourGames: 'Your games', yourTurn: 'your turn',
    yourTurns: 'Your turn in', games1: 'game', gamesN: 'games', status_inactive: 'inactive',
    status_abandoned: 'abandoned', leaderboard: 'Leaderboard', leaderboards: 'Leaderboards', rating: 'Rating',
    wins: 'won', losses: 'lost', draws: 'drawn', played: 'games', bots: 'Bots (fixed ratings)', back: 'Lobby',
    finished: 'Finished games', running: 'Running games', place: 'place', noPlayers: 'No rated games yet.',
    unrated: 'unrated', since: 'Member since', noSuchPlayer: 'No player has this name.',
    turnBased: 'turn-based', realtime: 'real time',
  },
  de: {
    account: 'Konto', name: 'Name', password: 'Passwort', login: 'Anmelden', signup: 'Registrieren',
    logout: 'Abmelden', logoutAll: 'Überall abmelden', loggedIn: 'Angemeldet als', profile: 'Profil',
    guest: 'Ohne Konto spielen geht auch: Einladungslinks genügen.',
    clock: 'Uhr', noClock: 'Keine Uhr', rt5: 'Echtzeit: 5 Min. + 5 s je Zug', rt15: 'Echtzeit: 15 Min. + 10 s je Zug',
    rtMove: 'Echtzeit: 2 Min. je Zug', tb1: 'Rundenbasiert: 1 Tag je Zug', tb3: 'Rundenbasiert: 3 Tage je Zug',
    onTimeout: 'Zeit um', toBot: 'ein Bot übernimmt den Platz', toLose: 'der Spieler verliert',
    rated: 'Gewertet (braucht ein Konto; keine Zugrücknahme)', yourGames: 'Deine Spiele', yourTurn: 'du bist dran',
    yourTurns: 'Du bist dran in', games1: 'Spiel', gamesN: 'Spielen', status_inactive: 'ruht',
    status_abandoned: 'aufgegeben', leaderboard: 'Rangliste', leaderboards: 'Ranglisten', rating: 'Wertung',
    wins: 'gewonnen', losses: 'verloren', draws: 'unentschieden', played: 'Spiele', bots: 'Bots (feste Wertung)',
    back: 'Lobby', finished: 'Beendete Spiele', running: 'Laufende Spiele', place: 'Platz',
    noPlayers: 'Noch keine gewerteten Spiele.', unrated: 'ungewertet', since: 'Dabei seit',
    noSuchPlayer: 'Kein Spieler heißt so.', turnBased: 'rundenbasiert', realtime: 'Echtzeit',
  },
};
const w = (k) => (words[getLang()] || words.en)[k] ?? words.en[k] ?? t(k);

const clocks = {
  none: null,
  rt5: { mode: 'realtime', per: 'game', base_s: 300, inc_s: 5 },
  rt15: { mode: 'realtime', per: 'game', base_s: 900, inc_s: 10 },
  rtMove: { mode: 'realtime', per: 'move', base_s: 120 },
  tb1: { mode: 'turn', days: 1 },
  tb3: { mode: 'turn', days: 3 },
};

// The lobby's stylesheet, once per page.
function styles() {
  if (document.getElementById('lobby-css')) return;
  document.head.append(h('link#lobby-css', { rel: 'stylesheet', href: 'lobby.css' }));
}

async function api(path, body) {
  const r = await fetch(`/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body || {}), credentials: 'same-origin' });
  return r.json().catch(() => ({ ok: false, message: `HTTP ${r.status}` }));
}

// Logged in: the name and the ways out; else the forms to get in.
function accountBar(app, me) {
  const box = h('section.card.account#account');
  if (me) {
    box.append(h('span', `${w('loggedIn')} `), h('a#me', { href: `#/profile/${encodeURIComponent(me.name)}` }, me.name),
      h('span.spacer'),
      h('button#logout', { onclick: async () => { await api('logout'); location.reload(); } }, w('logout')),
      h('button#logout-all', { onclick: async () => { await api('logout-all'); location.reload(); } }, w('logoutAll')));
    return box;
  }
  const name = h('input#acct-name', { type: 'text', autocomplete: 'username', maxlength: 20, placeholder: w('name') });
  const pw = h('input#acct-pw', { type: 'password', autocomplete: 'current-password', placeholder: w('password') });
  const err = h('span.error#acct-error');
  const go = async (path) => {
    const r = await api(path, { name: name.value.trim(), password: pw.value });
    if (r.ok) location.reload();
    else err.textContent = r.message || r.error;
  };
  box.append(h('form.acct', { onsubmit: (e) => { e.preventDefault(); go('login'); } },
    name, pw, h('button#login.primary', { type: 'submit' }, w('login')),
    h('button#signup', { type: 'button', onclick: () => go('signup') }, w('signup'))),
  err, h('p.muted.small', w('guest')));
  return box;
}

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

function createForm(app, games, box, me) {
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
      h('label', h('span', w('clock')), h('select#clock', Object.keys(clocks).map((k) =>
        h('option', { value: k }, k === 'none' ? w('noClock') : w(k))))),
      h('label', h('span', w('onTimeout')), h('select#ontimeout',
        h('option', { value: 'bot' }, w('toBot')), h('option', { value: 'lose' }, w('toLose')))),
      me ? h('label.check', h('input#rated', { type: 'checkbox' }), w('rated')) : null,
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
    const clock = clocks[form.querySelector('#clock').value];
    const r = await app.net.request({
      cmd: 'create', game: gameSel.value, players: seats.length, seats,
      options: readOptions(form), name: form.querySelector('#tablename').value.trim(),
      listed: form.querySelector('#listed').checked,
      timing: clock ? { ...clock, timeout: form.querySelector('#ontimeout').value } : undefined,
      rated: !!form.querySelector('#rated')?.checked,
      hints: hintsChecked(form),
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
    h('td', h('span.status.' + g.status, w('status_' + g.status)),
      g.mode !== 'none' ? h('div.muted.small', g.mode === 'turn' ? w('turnBased') : w('realtime')) : null,
      g.rated ? h('div.muted.small', w('rated').split(' (')[0]) : null),
    h('td', seatChips(g)),
    h('td.num', g.actions),
    h('td.buttons',
      free && g.status === 'open' ? h('button.join', { onclick: async () => {
        const name = localStorage.getItem('kontor.name') || '';
        const r = await app.net.request({ cmd: 'join', game: g.game, seat: free.seat, name });
        if (r.ok) app.go(`#/play/${r.token}`);
        else alert(r.message);
      } }, t('join')) : null,
      g.status !== 'over' && g.status !== 'abandoned' ? h('a.button.watch', { href: `#/watch/${g.game}` }, t('watch')) : null,
      g.status === 'over' ? h('a.button.replay', { href: `#/replay/${g.game}` }, t('replay')) : null));
}

// "Your games": the account's and the links this browser holds; the ones
// where it is your turn first.
function drawMine(box, r) {
  clear(box);
  const games = (r?.games || []).slice().sort((a, b) => (b.your_turn - a.your_turn));
  box.hidden = !games.length;
  if (!games.length) return;
  const n = r.your_turn;
  box.append(h('h2', w('yourGames'), n ? h('span.turnbadge#turncount', ` ${w('yourTurns')} ${n} ${n === 1 ? w('games1') : w('gamesN')}`) : null),
    h('ul.mine', games.map((g) => h('li' + (g.your_turn ? '.myturn' : ''), { 'data-game': g.game },
      g.token ? h('a', { href: `#/play/${g.token}` }, `${g.title}${g.label ? ' · ' + g.label : ''} — ${t('seat')} ${g.seat + 1}`)
        : h('a', { href: `#/watch/${g.game}` }, g.title),
      ' ', h('span.status.' + g.status, w('status_' + g.status)),
      g.your_turn ? h('b.yourturn', ` ${w('yourTurn')}`) : null))));
}

function leaderLinks(games) {
  return h('section.card', h('h2', w('leaderboards')), h('p.links', games.map((g) =>
    h('a.button', { href: `#/leaders/${g.name}` }, g.title))));
}

// #/leaders/GAME
async function leaderPage(app, game) {
  const box = h('section.card.leaders#leaders');
  app.main.append(h('p', h('a', { href: '#/' }, `← ${w('back')}`)), box);
  const r = await app.net.request({ cmd: 'leaderboard', game, lang: app.lang() });
  if (!r.ok) { box.append(h('p.error', r.message)); return; }
  box.append(h('h2', `${w('leaderboard')}: ${r.title}`));
  if (!r.players.length) box.append(h('p.muted', w('noPlayers')));
  else {
    box.append(h('table.games', h('tbody', r.players.map((p, i) => h('tr',
      h('td.num', i + 1), h('td', h('a', { href: `#/profile/${encodeURIComponent(p.name)}` }, p.name)),
      h('td.num', p.rating), h('td.muted', `${p.games} ${w('played')}: ${p.wins} ${w('wins')}, ${p.losses} ${w('losses')}, ${p.draws} ${w('draws')}`))))));
  }
  if (r.bots.length) {
    box.append(h('h3', w('bots')), h('table.games', h('tbody', r.bots.map((b) =>
      h('tr', h('td', `${t(b.level)}${b.spec !== b.level ? ' (' + b.spec + ')' : ''}`), h('td.num', b.at_least ? `≥ ${b.rating}` : b.rating))))));
  }
}

// #/profile/NAME
async function profilePage(app, name) {
  const box = h('section.card.profile#profile');
  app.main.append(h('p', h('a', { href: '#/' }, `← ${w('back')}`)), box);
  const r = await app.net.request({ cmd: 'profile', name, lang: app.lang() });
  if (!r.ok) { box.append(h('p.error', r.error === 'unknown' ? w('noSuchPlayer') : r.message)); return; }
  box.append(h('h2', r.name), h('p.muted', `${w('since')} ${new Date(r.created * 1000).toLocaleDateString(getLang())}`));
  if (r.ratings.length) {
    box.append(h('table.games.ratings', h('tbody', r.ratings.map((x) => h('tr',
      h('td', h('a', { href: `#/leaders/${x.game}` }, x.title)), h('td.num', x.rating),
      h('td.muted', `${x.games} ${w('played')}: ${x.wins} ${w('wins')}, ${x.losses} ${w('losses')}, ${x.draws} ${w('draws')}`))))));
  }
  if (r.running.length) {
    box.append(h('h3', w('running')), h('ul', r.running.map((g) =>
      h('li', h('a', { href: `#/watch/${g.game}` }, `${g.title} — ${t('seat')} ${g.seat + 1}`)))));
  }
  box.append(h('h3', w('finished')));
  box.append(h('table.games.finished', h('tbody', r.finished.map((g) => h('tr',
    h('td', g.title), h('td', `${g.rank + 1}. ${w('place')}`),
    h('td.num', g.rated ? `${g.before} → ${g.after}` : w('unrated')),
    h('td.buttons', h('a.button.replay', { href: `#/replay/${g.game}` }, t('replay'))))))));
}

export function lobbyPage(app) {
  styles();
  const parts = (location.hash || '#/').slice(2).split('/');
  if (parts[0] === 'profile' && parts[1]) { profilePage(app, decodeURIComponent(parts[1])); return {}; }
  if (parts[0] === 'leaders' && parts[1]) { leaderPage(app, parts[1]); return {}; }
  const listBox = h('div.list');
  const createBox = h('section.card', h('h2', t('newGame')));
  const mineBox = h('section.card.mine#mine');
  const acctBox = h('div.acctslot');
  const leadBox = h('div.leadslot');
  app.main.append(acctBox, h('div.lobby', createBox, h('div.col', mineBox,
    h('section.card', h('h2', t('openGames')), listBox), leadBox)));
  let timer = null;
  let alive = true;

  async function refresh() {
    const tokens = Object.keys(app.mySeats()).slice(-64);
    const [r, mine] = await Promise.all([
      app.net.request({ cmd: 'list', lang: app.lang() }).catch(() => null),
      app.net.request({ cmd: 'mygames', tokens, lang: app.lang() }).catch(() => null)]);
    if (!alive) return;
    if (mine?.ok) drawMine(mineBox, mine);
    if (!r || !r.ok) return;
    clear(listBox);
    if (!r.games.length) listBox.append(h('p.muted', t('noGames')));
    else listBox.append(h('table.games', h('tbody', r.games.map((g) => gameRow(app, g)))));
  }

  app.net.request({ cmd: 'whoami' }).then(async (r) => {
    if (!alive) return;
    const me = r.ok ? r.account : null;
    acctBox.append(accountBar(app, me));
    const games = await app.getCatalog();
    if (!alive) return;
    createForm(app, games, createBox, me);
    leadBox.append(leaderLinks(games));
  });
  mineBox.hidden = true;
  refresh();
  timer = setInterval(refresh, 4000);
  return {
    destroy() { alive = false; clearInterval(timer); },
    onreconnect: refresh,
  };
}
