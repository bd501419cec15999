// i18n.js - the client's own words in English and German.  Game texts
// (actions, prompts, log events, card help) come from the engine in the
// language the client asks for.

import { GAME_DE, KEYS_DE, VALUES_DE } from './i18n_generic.js';

const words = {
  en: {
    brand: 'kontor', language: 'Language', connected: 'online', connecting: 'connecting…',
    offline: 'offline – reconnecting…', newGame: 'New game', game: 'Game', players: 'Players',
    options: 'Options', seats: 'Seats', seat: 'Seat', you: 'You', human: 'Human (invite)',
    humanYou: 'Human (you)', bot: 'Bot', easy: 'Bot: easy', medium: 'Bot: medium', hard: 'Bot: hard',
    create: 'Create and play', listed: 'Show in the lobby (anyone may take a free seat)',
    yourName: 'Your name', gameName: 'Table name (optional)', openGames: 'Games',
    noGames: 'No games yet. Create one!', join: 'Take seat', watch: 'Watch', replay: 'Replay',
    status_open: 'waiting for players', status_running: 'running', status_over: 'finished',
    status_broken: 'broken', actions: 'Your move', waiting: 'Waiting for others.',
    log: 'Game log', undo: 'Take back my move', hurry: 'Bots: answer now', leave: 'Leave seat',
    rematch: 'Rematch', invite: 'Invitation links (one per seat; whoever opens it plays that seat)',
    copy: 'Copy', copied: 'Copied', spectator: 'Spectator', thinking: 'thinking…',
    disconnected: 'away', free: 'free seat', over: 'Game over', winner: 'Winner', winners: 'Winners',
    score: 'points', undoAsked: 'asks to take back their last move', accept: 'Agree', refuse: 'Refuse',
    undoWaiting: 'Waiting for the others to agree to take back your move…',
    turn: 'Turn', decision: 'Decision', toMove: 'To move', step: 'Step', viewer: 'View as',
    first: '⏮', prev: '◀', next: '▶', last: '⏭', play: 'Play', pause: 'Pause',
    myGames: 'My seats (reconnect)', lobby: 'Lobby', observation: 'Observation', terminal: 'Text view',
    table: 'Table', all: 'All actions', more: 'more', linkGone: 'This link no longer has a seat.',
    notice: 'Note', left: 'You left the seat.', rematchReady: 'A rematch is ready:', go: 'Play it',
    hand: 'Hand', inPlay: 'In play', supply: 'Supply', trash: 'Trash', deck: 'Deck', discard: 'Discard',
    actionsLeft: 'Actions', buys: 'Buys', coins: 'Coins', phase: 'Phase', events: 'Events',
    traits: 'Traits', cards: 'cards', vp: 'VP', opponents: 'Players', board: 'Board', bank: 'Bank',
    barbarians: 'Barbarians', improvements: 'City improvements', progress: 'Progress cards',
    resources: 'Resources', dice: 'Dice', map: 'Map', contracts: 'Contracts', goals: 'Goal cards',
    character: 'Character', offers: 'Offers', caravans: 'Caravans', round: 'Round',
    spaces: 'Action spaces', khan: 'Khan', outposts: 'Outposts', cities: 'Cities',
    errorPrefix: 'Error', result: 'Result', optional: 'optional', lose: 'Leave this game?',
    loading: 'Loading…', aside: 'Set aside', mats: 'Mats', legend: 'Legend',
    knights: 'Knights', merchant: 'Merchant', robber: 'Robber', harbor: 'Harbour',
    really: 'Really?', confirmYes: 'Yes, do it', confirmNo: 'No, go back',
    playerN: 'Player', botShort: 'bot', watching: 'You are watching', turnOf: 'To move:',
    waitingFor: 'Waiting for', isDeciding: 'is deciding…', details: 'Details', close: 'Close',
    none: 'none', yes: 'yes', no: 'no', choicesOn: 'Choices on the table',
    lvl_easy: 'easy', lvl_medium: 'medium', lvl_hard: 'hard',
  },
  de: {
    brand: 'kontor', language: 'Sprache', connected: 'verbunden', connecting: 'verbinde…',
    offline: 'getrennt – verbinde neu…', newGame: 'Neues Spiel', game: 'Spiel', players: 'Spieler',
    options: 'Optionen', seats: 'Plätze', seat: 'Platz', you: 'Du', human: 'Mensch (Einladung)',
    humanYou: 'Mensch (du)', bot: 'Bot', easy: 'Bot: leicht', medium: 'Bot: mittel', hard: 'Bot: schwer',
    create: 'Anlegen und spielen', listed: 'In der Lobby zeigen (freie Plätze darf jeder nehmen)',
    yourName: 'Dein Name', gameName: 'Tischname (optional)', openGames: 'Spiele',
    noGames: 'Noch keine Spiele. Leg eins an!', join: 'Platz nehmen', watch: 'Zuschauen',
    replay: 'Wiederholung', status_open: 'wartet auf Spieler', status_running: 'läuft',
    status_over: 'beendet', status_broken: 'defekt', actions: 'Dein Zug', waiting: 'Warte auf die anderen.',
    log: 'Spielprotokoll', undo: 'Meinen Zug zurücknehmen', hurry: 'Bots: jetzt antworten',
    leave: 'Platz verlassen', rematch: 'Revanche',
    invite: 'Einladungslinks (einer je Platz; wer ihn öffnet, spielt diesen Platz)',
    copy: 'Kopieren', copied: 'Kopiert', spectator: 'Zuschauer', thinking: 'denkt…',
    disconnected: 'weg', free: 'freier Platz', over: 'Spiel vorbei', winner: 'Sieger', winners: 'Sieger',
    score: 'Punkte', undoAsked: 'möchte den letzten Zug zurücknehmen', accept: 'Zustimmen',
    refuse: 'Ablehnen', undoWaiting: 'Warte, bis die anderen der Rücknahme zustimmen…',
    turn: 'Zug', decision: 'Entscheidung', toMove: 'Am Zug', step: 'Schritt', viewer: 'Sicht von',
    first: '⏮', prev: '◀', next: '▶', last: '⏭', play: 'Abspielen', pause: 'Pause',
    myGames: 'Meine Plätze (wieder verbinden)', lobby: 'Lobby', observation: 'Beobachtung',
    terminal: 'Textansicht', table: 'Tisch', all: 'Alle Aktionen', more: 'mehr',
    linkGone: 'Zu diesem Link gehört kein Platz mehr.', notice: 'Hinweis',
    left: 'Du hast den Platz verlassen.', rematchReady: 'Eine Revanche steht bereit:', go: 'Spielen',
    hand: 'Hand', inPlay: 'Im Spiel', supply: 'Vorrat', trash: 'Müll', deck: 'Nachziehstapel',
    discard: 'Ablagestapel', actionsLeft: 'Aktionen', buys: 'Käufe', coins: 'Geld', phase: 'Phase',
    events: 'Ereignisse', traits: 'Eigenschaften', cards: 'Karten', vp: 'SP', opponents: 'Spieler',
    board: 'Spielplan', bank: 'Bank', barbarians: 'Barbaren', improvements: 'Stadtausbauten',
    progress: 'Fortschrittskarten', resources: 'Rohstoffe', dice: 'Würfel', map: 'Karte',
    contracts: 'Aufträge', goals: 'Zielkarten', character: 'Person', offers: 'Angebote',
    caravans: 'Karawanen', round: 'Runde', spaces: 'Aktionsfelder', khan: 'Khan',
    outposts: 'Außenposten', cities: 'Städte', errorPrefix: 'Fehler', result: 'Ergebnis',
    optional: 'optional', lose: 'Dieses Spiel verlassen?', loading: 'Lade…', aside: 'Beiseite',
    mats: 'Tableaus', legend: 'Legende', knights: 'Ritter', merchant: 'Händler', robber: 'Räuber',
    harbor: 'Hafen', really: 'Wirklich?', confirmYes: 'Ja, ausführen', confirmNo: 'Nein, zurück',
    playerN: 'Spieler', botShort: 'Bot', watching: 'Du schaust zu', turnOf: 'Am Zug:',
    waitingFor: 'Warte auf', isDeciding: 'entscheidet…', details: 'Details', close: 'Schließen',
    none: 'keine', yes: 'ja', no: 'nein', choicesOn: 'Wahlmöglichkeiten auf dem Tisch',
    lvl_easy: 'leicht', lvl_medium: 'mittel', lvl_hard: 'schwer',
  },
};

let lang = localStorage.getItem('kontor.lang') || (navigator.language || 'en').slice(0, 2);
if (!words[lang]) lang = 'en';

export function getLang() { return lang; }
export function setLang(l) {
  lang = words[l] ? l : 'en';
  localStorage.setItem('kontor.lang', lang);
  document.documentElement.lang = lang;
}
// The generic view's words for observation keys and target kinds; the
// German words of every game's keys and of values from fixed lists are in
// i18n_generic.js.  In English a key is written as it is, "_" as spaces.
const KEYS = {
  de: {
    ...KEYS_DE,
    kind_card: 'Karte', kind_pile: 'Stapel', kind_vertex: 'Ecke', kind_edge: 'Kante', kind_hex: 'Feld',
    kind_space: 'Feld', kind_town: 'Stadt', kind_route: 'Route', kind_merchant: 'Händler', kind_die: 'Würfel',
    kind_player: 'Spieler', kind_amount: 'Betrag', kind_good: 'Ware', kind_resource: 'Rohstoff',
  },
  en: {
    to_move: 'to move', turn_player: 'turn player', vp: 'VP', players_view: 'players',
    kind_card: 'card', kind_pile: 'pile', kind_vertex: 'corner', kind_edge: 'edge', kind_hex: 'hex',
    kind_space: 'space', kind_town: 'town', kind_route: 'route', kind_merchant: 'merchant', kind_die: 'die',
    kind_player: 'player', kind_amount: 'amount', kind_good: 'good', kind_resource: 'resource',
  },
};
// An observation key as a label.  A German key not in the list is put
// together from the German of its words (the rest as they are), so that a
// key a game adds later is still readable.
export function genericKey(key, game) {
  const k = String(key);
  const known = (lang === 'de' && GAME_DE[game]?.[k]) || (KEYS[lang][k] ?? KEYS.en[k]);
  if (known !== undefined) return known;
  if (lang === 'de' && k.includes('_')) return k.split('_').map((w) => KEYS.de[w] ?? w).join(' ');
  return k.replace(/_/g, ' ');
}
// Is this key translated in the page's language (for the tests)?
export function genericKeyKnown(key) {
  const k = String(key);
  if (lang !== 'de' || k in KEYS.de || !/[a-z]/.test(k) || /\d/.test(k)) return true;
  return k.includes('_') && k.split('_').every((w) => w in KEYS.de);
}
// A string value of the observation as shown (a name from a fixed list in
// the page's language; anything else, card and place names included, as
// the engine wrote it).  `game` (the observation's "game") picks the
// game's own word where two games differ.
export function genericValue(v, game) {
  if (lang !== 'de' || typeof v !== 'string') return v;
  return GAME_DE[game]?.[v] || VALUES_DE[v] || v;
}

export function t(key) {
  return words[lang][key] ?? words.en[key] ?? (key.startsWith('kind_') ? genericKey(key) : key);
}
// A seat as the page names it.  The engine's texts (log, prompts) say
// "Player 2" / "Spieler 2", so every name keeps that: a bot is "Player 2
// (bot)", a person who gave a name "Ann (Player 1)".  A seat that is not a
// seat (-1, none) is "—", never a raw number.
export function playerName(seats, p) {
  if (typeof p !== 'number' || p < 0 || (seats && p >= seats.length)) return '—';
  const s = seats && seats[p];
  const base = `${t('playerN')} ${p + 1}`;
  if (s && s.bot) return `${base} (${t('botShort')})`;
  return s && s.name ? `${s.name} (${base})` : base;
}
