// log.js - the game log as the server sends it: one entry per action, each
// a list of events ({kind, player, text}); the first event is the action
// itself, the others what followed (dice, cards drawn, production...).
// Whatever kinds of events a game writes are shown; nothing is assumed.

import { playerName } from './i18n.js';
import { h, PLAYER_COLORS } from './util.js';

const SHOWN = 300; // the newest entries (the whole log stays in memory)

export function drawLog(entries, seats) {
  const list = h('ol.logentries', { start: Math.max(0, entries.length - SHOWN) + 1 });
  for (const e of entries.slice(-SHOWN)) {
    const evs = e.events || [];
    const li = h('li.logentry', { 'data-n': e.n });
    evs.forEach((ev, i) => {
      const who = ev.player >= 0 ? playerName(seats, ev.player) : '';
      if (i === 0 && ev.kind === 'action')
        li.append(h('div.ev.action', h('span.who', { style: { color: PLAYER_COLORS[ev.player] || '#444' } }, who),
          ' ', ev.text));
      else li.append(h('div.ev.' + String(ev.kind || 'event').replace(/[^\w-]/g, ''), ev.text)); // the kind is internal: a class, never shown
    });
    list.append(li);
  }
  const box = h('div.logbox', list);
  requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
  return box;
}
