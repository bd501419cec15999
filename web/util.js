// util.js - small DOM helpers shared by every page and view: the action
// menu (a click on a thing lists the legal actions about it), the details
// panel (a component's text without hover) and the tooltip.

import { t } from './i18n.js';

// h('div.cls#id', {attr: v, onclick: f}, child, ...) -> element.
export function h(spec, attrs, ...kids) {
  const m = /^([a-z0-9]+)?((?:[.#][\w-]+)*)$/i.exec(spec) || [];
  const el = document.createElement(m[1] || 'div');
  for (const part of (m[2] || '').match(/[.#][\w-]+/g) || []) {
    if (part[0] === '.') el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  if (attrs !== undefined && attrs !== null && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    kids.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'style' && typeof v === 'object') Object.assign(el.style, v);
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  add(el, kids);
  return el;
}

function add(el, kids) {
  for (const k of kids) {
    if (k === null || k === undefined || k === false) continue;
    if (Array.isArray(k)) add(el, k);
    else el.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
}

// SVG element with attributes.
export function s(tag, attrs, ...kids) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v);
  }
  for (const k of kids) if (k) el.append(k);
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

// Does action `text` name the thing `name` (case-insensitive, whole words)?
// The first word of an action is its verb ("buy Silver"), so a thing named
// like a verb ("buy") is not matched there.
export function mentions(text, name) {
  if (!name) return false;
  const norm = (x) => String(x).toLowerCase().replace(/[^\p{L}\p{N}&'\- ]+/gu, ' ').replace(/\s+/g, ' ').trim();
  const t = norm(text), n = norm(name);
  if (!n) return false;
  if (t === n) return true;
  const rest = ' ' + t.slice(t.indexOf(' ') + 1) + ' ';
  return t.includes(' ') && rest.includes(' ' + n + ' ');
}

// The floating menu of actions shown after clicking a thing.  A thing
// that also has an explanation (hoverTip below) gets a last entry "ⓘ"
// that opens it in the details panel: the way to read a clickable
// component on a touch screen.
let menuEl = null;
export function showMenu(ev, actions, act, title, info) {
  menuEl = menuEl || document.getElementById('menu');
  hideTip();
  clear(menuEl);
  if (title) menuEl.append(h('div.menu-title', title));
  for (const a of actions)
    menuEl.append(h('button.menu-item', {
      'data-action': a.text, 'data-id': a.id,
      onclick: (e) => { e.stopPropagation(); hideMenu(); act(a); },
    }, a.text));
  if (info)
    menuEl.append(h('button.menu-info', { onclick: (e) => { e.stopPropagation(); hideMenu(); info(); } },
      `ⓘ ${title || ''}`));
  menuEl.classList.remove('hidden');
  const x = Math.min(ev.clientX + 4, window.innerWidth - menuEl.offsetWidth - 8);
  const y = Math.min(ev.clientY + 4, window.innerHeight - menuEl.offsetHeight - 8);
  menuEl.style.left = Math.max(4, x) + 'px';
  menuEl.style.top = Math.max(4, y) + 'px';
}
export function hideMenu() {
  (menuEl || document.getElementById('menu'))?.classList.add('hidden');
}
document.addEventListener('click', (e) => {
  if (menuEl && !menuEl.contains(e.target)) hideMenu();
});
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') { hideMenu(); hideDetails(); hideTip(); } });

// Click handler for a thing: one action -> do it; several -> menu.
export function clickable(el, actions, act, title) {
  if (!actions.length) return el;
  el.classList.add('can-act');
  el.addEventListener('click', (e) => {
    e.stopPropagation();
    if (actions.length === 1) act(actions[0]);
    else showMenu(e, actions, act, title, el.kontorInfo);
  });
  return el;
}

// ---- the details panel -------------------------------------------------
// One panel for reading a component without hover: a sheet at the bottom
// of a phone's screen, a box at the right on a desktop.  `content` is a
// string (shown as text, line breaks kept), a DOM node, or a function that
// returns either (or a promise of one: the engine's help is fetched on
// demand).  Closed by its ✕, Escape, or a click elsewhere.
let detailsEl = null;
let detailsSeq = 0;
export async function showDetails(title, content) {
  detailsEl = detailsEl || document.getElementById('details');
  if (!detailsEl) return;
  hideTip();
  hideMenu();
  const seq = ++detailsSeq;
  const body = h('div.details-body', h('span.muted', '…'));
  clear(detailsEl).append(
    h('div.details-head', h('b.details-title', title || ''),
      h('button.details-close', { 'aria-label': t('close'), onclick: (e) => { e.stopPropagation(); hideDetails(); } }, '✕')),
    body);
  detailsEl.classList.remove('hidden');
  let c = content;
  try { if (typeof c === 'function') c = await c(); } catch { c = ''; }
  if (seq !== detailsSeq) return; // another one was opened meanwhile
  clear(body).append(c instanceof Node ? c : h('div.details-text', c ? String(c) : '—'));
}
export function hideDetails() {
  detailsSeq++;
  (detailsEl || document.getElementById('details'))?.classList.add('hidden');
}
document.addEventListener('pointerdown', (e) => {
  if (detailsEl && !detailsEl.classList.contains('hidden') && !detailsEl.contains(e.target)
      && !e.target.closest?.('.has-info')) hideDetails();
}, true);

// ---- hover text and tap-to-read ------------------------------------------
// hoverTip(el, fetchText, title): the component's text (fetched lazily by
// the caller's function) as a tooltip while a mouse rests on it, and in the
// details panel on a tap or click when the thing has no action of its own,
// on a long press / right click (contextmenu) always, and from the ⓘ entry
// of its action menu.  The tooltip never stays: it goes on any press,
// scroll or redraw (table.js calls hideTip), and when the pointer leaves.
let tipEl = null;
export function hideTip() { (tipEl || document.getElementById('tip'))?.classList.add('hidden'); }
export function hoverTip(el, fetchText, title) {
  const name = () => title || el.dataset.card || el.dataset.thing || el.textContent.trim().split('\n')[0].slice(0, 60);
  const info = () => showDetails(name(), fetchText);
  el.kontorInfo = info;
  el.classList.add('has-info');
  el.addEventListener('pointerenter', async (e) => {
    if (e.pointerType !== 'mouse') return; // a touch has no hover: tap or long press instead
    tipEl = tipEl || document.getElementById('tip');
    const text = await fetchText();
    if (!text || !el.isConnected || !el.matches(':hover')) return;
    tipEl.textContent = text;
    tipEl.classList.remove('hidden');
    const r = el.getBoundingClientRect();
    tipEl.style.left = Math.max(4, Math.min(r.left, window.innerWidth - 340)) + 'px';
    tipEl.style.top = (r.bottom + 6 + window.scrollY) + 'px';
  });
  el.addEventListener('pointerleave', hideTip);
  el.addEventListener('click', (e) => {
    if (el.classList.contains('can-act')) return; // clickable() acts; the menu offers ⓘ
    e.stopPropagation();
    info();
  });
  el.addEventListener('contextmenu', (e) => { e.preventDefault(); info(); });
  return el;
}
document.addEventListener('pointerdown', hideTip, true);
window.addEventListener('scroll', hideTip, { passive: true });

export const PLAYER_COLORS = ['#d0342c', '#2867c7', '#e8a317', '#2e9b4f', '#8e44ad', '#6d4c41'];
