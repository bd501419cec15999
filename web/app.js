// app.js - the client's shell: one WebSocket (net.js), the language, and
// the pages behind the address's #fragment:
//   #/                the lobby (lobby.js)
//   #/play/TOKEN      a seat (table.js); the token is the invitation link
//   #/watch/ID        a spectator's table (table.js)
//   #/replay/ID       the replay viewer of a finished game (replay.js)
// Pages get the shared context `app` and may define onpush(msg),
// onreconnect() and destroy().

import { Net } from './net.js';
import { t, getLang, setLang } from './i18n.js';
import { clear, h } from './util.js';
import { lobbyPage } from './lobby.js';
import { tablePage } from './table.js';
import { replayPage } from './replay.js';

const app = {
  net: new Net(),
  main: document.getElementById('main'),
  page: null,
  catalog: null,
  helpCache: new Map(),
  lang: getLang,
  // Component help for hover texts (asked once per name and language).
  async help(game, name) {
    const key = `${game}|${getLang()}|${name}`;
    if (!app.helpCache.has(key)) {
      app.helpCache.set(key, app.net.request({ cmd: 'help', game, name, lang: getLang() })
        .then((r) => (r.ok ? r.text : '')).catch(() => ''));
    }
    return app.helpCache.get(key);
  },
  async getCatalog() {
    if (!app.catalog || app.catalog.lang !== getLang()) {
      const r = await app.net.request({ cmd: 'catalog', lang: getLang() });
      app.catalog = { lang: getLang(), games: r.games || [] };
    }
    return app.catalog.games;
  },
  go(hash) { location.hash = hash; },
  // Remember seats this browser holds, for the lobby's "my seats".
  rememberSeat(token, info) {
    const all = JSON.parse(localStorage.getItem('kontor.seats') || '{}');
    all[token] = { ...(all[token] || {}), ...info, at: Date.now() };
    localStorage.setItem('kontor.seats', JSON.stringify(all));
  },
  forgetSeat(token) {
    const all = JSON.parse(localStorage.getItem('kontor.seats') || '{}');
    delete all[token];
    localStorage.setItem('kontor.seats', JSON.stringify(all));
  },
  mySeats() { return JSON.parse(localStorage.getItem('kontor.seats') || '{}'); },
};
window.kontorApp = app; // for tests and debugging

function route() {
  app.page?.destroy?.();
  app.page = null;
  clear(app.main);
  const parts = (location.hash || '#/').slice(2).split('/');
  if (parts[0] === 'play' && parts[1]) app.page = tablePage(app, { token: parts[1] });
  else if (parts[0] === 'watch' && parts[1]) app.page = tablePage(app, { watch: parts[1] });
  else if (parts[0] === 'replay' && parts[1]) app.page = replayPage(app, parts[1]);
  else app.page = lobbyPage(app);
}

const connEl = document.getElementById('conn');
let connState = '';
function applyLang() {
  document.querySelectorAll('[data-i18n]').forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.getElementById('lang').value = getLang();
  if (connState) connEl.textContent = t(connState); // the connection's word too
}

app.net.onstate = (st) => {
  connState = st;
  connEl.textContent = t(st);
  connEl.className = 'conn ' + st;
  document.body.dataset.conn = st;
};
app.net.onpush = (m) => app.page?.onpush?.(m);
app.net.onreconnect = () => app.page?.onreconnect?.();

document.getElementById('lang').addEventListener('change', (e) => {
  setLang(e.target.value);
  applyLang();
  if (app.page?.onlang) app.page.onlang();
  else route();
});

setLang(getLang());
applyLang();
window.addEventListener('hashchange', route);
route();
export { h };
