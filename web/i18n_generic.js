// i18n_generic.js - German words for the generic view (views/generic.js):
// every observation key of the five games (walked over random games of
// each, tests/web/t_generic_de.mjs checks that none stays English) and the
// values that are names from a fixed list (terrains, goods, phases, card
// types...).  Keys that are ids ("12", "3-7", "C01") are shown as they are.
// A key not listed here is put together from its words ("deck_size" ->
// "Stapel Größe"), so a new key is still readable in German.

export const KEYS_DE = {
  // shared by several games
  game: 'Spiel', players: 'Spieler', player: 'Spieler', you: 'Du', status: 'Status', to_move: 'am Zug',
  turn_player: 'Spieler am Zug', decision: 'Entscheidung', decision_label: 'Entscheidung', turn: 'Zug',
  turns: 'Züge', round: 'Runde', round_label: 'Runde', phase: 'Phase', phase_label: 'Phase',
  stage: 'Abschnitt', era: 'Epoche', year: 'Jahr', start_player: 'Startspieler', first_player: 'Startspieler',
  hand: 'Hand', hands: 'Hände', deck: 'Nachziehstapel', discard: 'Ablage', trash: 'Müll', supply: 'Vorrat',
  pile: 'Stapel', piles: 'Stapel', card: 'Karte', cards: 'Karten', count: 'Anzahl', cost: 'Kosten',
  name: 'Name', score: 'Punkte', scores: 'Punkte', vp: 'SP', points: 'Punkte', money: 'Geld',
  coins: 'Münzen', coin: 'Münze', gold: 'Gold', resources: 'Rohstoffe', goods: 'Waren', good: 'Ware',
  dice: 'Würfel', die: 'Würfel', board: 'Spielplan', boards: 'Spielertableaus', map: 'Karte',
  towns: 'Städte', town: 'Stadt', cities: 'Städte', city: 'Stadt', routes: 'Routen', route: 'Route',
  bank: 'Bank', open: 'offen', seat: 'Platz', seats: 'Plätze', owner: 'Besitzer', winner: 'Sieger',
  winners: 'Sieger', pending: 'am Zug', mode: 'Modus', calendar: 'Kalender', warehouse: 'Lager',
  merchants: 'Händler', merchant: 'Händler', ships: 'Schiffe', ship: 'Schiff', buildings: 'Gebäude',
  building: 'Gebäude', settlement: 'Siedlung', settlements: 'Siedlungen', due: 'fällig',
  seq: 'Reihenfolge', reserve: 'Reserve', actions: 'Aktionen', action: 'Aktion', buys: 'Käufe',
  buy: 'Kauf', tokens: 'Marker', players_view: 'Spieler', log: 'Protokoll', options: 'Optionen',
  offers: 'Angebote', offer: 'Angebot', deals: 'Geschäfte', deal: 'Geschäft', kind: 'Art', kinds: 'Arten',
  type: 'Typ', id: 'Nummer', uid: 'Kennung', key: 'Schlüssel', label: 'Bezeichnung', title: 'Titel',
  text: 'Text', info: 'Angaben', prompt: 'Aufforderung', variant: 'Variante', table: 'Tisch',
  total: 'Summe', number: 'Zahl', numbers: 'Zahlen', amount: 'Betrag', quantity: 'Menge', qty: 'Menge',
  price: 'Preis', fee: 'Gebühr', tax: 'Steuer', rent: 'Pacht', toll: 'Zoll', reward: 'Belohnung',
  bonus: 'Bonus', level: 'Stufe', levels: 'Stufen', state: 'Zustand', reason: 'Grund', flags: 'Merkmale',
  effect: 'Wirkung', function: 'Funktion', task: 'Aufgabe', plan: 'Plan', path: 'Weg', via: 'über',
  from: 'von', to: 'nach', at: 'bei', after: 'danach', next: 'als Nächstes', now: 'jetzt', last: 'zuletzt',
  old: 'alt', fresh: 'neu', first: 'zuerst', final: 'Schlusswertung', end: 'Ende', done: 'erledigt',
  used: 'benutzt', made: 'gemacht', got: 'erhalten', kept: 'behalten', placed: 'gesetzt', bought: 'gekauft',
  turned: 'umgedreht', owned: 'im Besitz', accepted: 'angenommen', declined: 'abgelehnt',
  completed: 'erfüllt', promoted: 'befördert', damaged: 'beschädigt', blocked: 'gesperrt',
  bound: 'gebunden', entitled: 'berechtigt', handed_in: 'abgegeben', min: 'mindestens', lo: 'von',
  hi: 'bis', low: 'niedrig', large: 'groß', short: 'knapp', single: 'einzeln', special: 'besonders',
  forever: 'dauerhaft', urgent: 'dringend', n: 'Anzahl', a: 'erster Wert', b: 'zweiter Wert',
  side: 'Seite', set: 'Satz', code: 'Kürzel', letter: 'Buchstabe', space: 'Feld', spaces: 'Felder',
  tile: 'Plättchen', area: 'Bereich', areas: 'Bereiche', contents: 'Inhalt', queue: 'Warteschlange',
  host: 'Gastgeber', watchers: 'Zuschauer', active: 'aktiv', speed: 'Geschwindigkeit', strength: 'Stärke',
  get: 'erhalten', give: 'geben', events: 'Ereignisse', event: 'Ereignis', event_text: 'Ereignistext',
  catalog: 'Verzeichnis', demand: 'Nachfrage', produces: 'erzeugt',
  // cards and piles
  card_id: 'Kartennummer', card_slot: 'Kartenplatz', card_slots: 'Kartenplätze', card_types: 'Kartentypen',
  cards_in_deck: 'Karten im Stapel', deck_cards: 'Karten im Stapel', deck_ids: 'Stapel (Nummern)',
  deck_left: 'im Stapel übrig', deck_size: 'Stapelgröße', deck_top_known: 'oberste Karte bekannt',
  decks: 'Stapel', discard_ids: 'Ablage (Nummern)', discard_size: 'Ablagegröße',
  discard_top: 'oberste Karte der Ablage', discard_top_id: 'oberste Karte der Ablage (Nummer)',
  empty_piles: 'leere Stapel', ended_by: 'beendet durch', hand_count: 'Handkarten', hand_ids: 'Hand (Nummern)',
  hand_known: 'bekannte Handkarten', hand_known_ids: 'bekannte Handkarten (Nummern)', hand_size: 'Handgröße',
  in_play: 'im Spiel', aside: 'beiseitegelegt', trash_ids: 'Müll (Nummern)', pile_bottom: 'unterste Karte',
  pile_id: 'Stapelnummer', kingdom: 'Königreich', buyable: 'kaufbar', tableau: 'Auslage',
  loot_pile: 'Beutestapel', traits: 'Eigenschaften', trait: 'Eigenschaft', family: 'Kartenart',
  extra_turn: 'Extrazug', extra_turns: 'Extrazüge', turn_flags: 'Zugmerkmale', turn_state: 'Zugzustand',
  during_game: 'während des Spiels', may_draw: 'darf ziehen', draft: 'Auswahl', pieces: 'Spielsteine',
  // Catan
  barbarians: 'Barbaren', attacks: 'Angriffe', basic_knights: 'einfache Ritter', strong_knights: 'starke Ritter',
  mighty_knights: 'mächtige Ritter', knight: 'Ritter', knights: 'Ritter', knights_played: 'gespielte Ritter',
  defender: 'Verteidiger', def: 'Verteidigung', dev: 'Entwicklungskarten', dev_cards: 'Entwicklungskarten',
  dev_deck: 'Entwicklungsstapel', dev_played: 'Entwicklungskarte gespielt', my_dev: 'meine Entwicklungskarten',
  my_dev_new: 'neue Entwicklungskarten', edges: 'Kanten', vertex_hexes: 'Felder je Ecke', terrain: 'Gelände',
  harbors: 'Häfen', robber: 'Räuber', robber_hex: 'Räuberfeld', merchant_hex: 'Händlerfeld',
  merchant_owner: 'Besitzer des Händlers', improvements: 'Stadtausbauten', improved: 'ausgebaut',
  largest_army: 'größte Rittermacht', longest_road: 'längste Handelsstraße', road_length: 'Straßenlänge',
  roads: 'Straßen', walls: 'Stadtmauern', wall: 'Stadtmauer', sideways: 'auf der Seite', metropolis: 'Metropole', progress: 'Fortschrittskarten', progress_seen: 'gesehene Fortschrittskarten',
  my_progress: 'meine Fortschrittskarten', my_progress_ids: 'meine Fortschrittskarten (Nummern)',
  victim_progress: 'Fortschrittskarten des Opfers', victim_progress_ids: 'Fortschrittskarten des Opfers (Nummern)',
  politics: 'Politik', science: 'Wissenschaft', trade: 'Handel', track: 'Leiste', tracks: 'Leisten',
  event_die: 'Ereigniswürfel', vp_cards: 'Siegpunktkarten', vp_target: 'Siegpunkte zum Sieg',
  victory_point: 'Siegpunkt', year_of_plenty: 'Erfindung', monopoly: 'Monopol', road_building: 'Straßenbau',
  brick: 'Lehm', lumber: 'Holz', wool: 'Wolle', grain: 'Getreide', ore: 'Erz', paper: 'Papier',
  cloth: 'Tuch', proposals: 'Vorschläge',
  // Marco Polo II
  camels: 'Kamele', jade: 'Jade', pepper: 'Pfeffer', silk: 'Seide', black: 'schwarzer Würfel',
  black_placed: 'schwarzer Würfel gesetzt', black_pool: 'schwarze Würfel', character: 'Person',
  contract: 'Auftrag', contracts: 'Aufträge', contract_board: 'Auftragstafel', contract_city: 'Auftragsstadt',
  contract_pile: 'Auftragsstapel', goal: 'Ziel', goals: 'Zielkarten', goal_options: 'Zielkarten zur Wahl',
  goal_seals: 'Siegel der Zielkarten', guilds: 'Gilden', guild_names: 'Gildennamen', seal: 'Siegel',
  seals: 'Siegel', khan: 'Khan', khan_by: 'Khan durch', locations: 'Orte', marker: 'Marker',
  markers: 'Marker', money_bags: 'Geldsäcke', outpost: 'Handelsposten', outposts: 'Handelsposten',
  outpost_tiles: 'Handelspostenplättchen', posts: 'Handelsposten', route_tiles: 'Routenplättchen',
  caravans: 'Karawanen', books: 'Bücher', home: 'Heimat', home_space: 'Heimatfeld', journey: 'Reise',
  fp_rank: 'Rang', main_done: 'Hauptaktion erledigt', figures: 'Figuren', next_first: 'nächster Startspieler',
  // Anno 1701
  citizen: 'Bürger', pioneer: 'Pioniere', settler: 'Siedler', inhabitants: 'Bewohner', upgrades: 'Aufstiege',
  cannons: 'Kanonen', sails: 'Segel', sea_power: 'Seemacht', trade_power: 'Handelsmacht', fleet: 'Flotte',
  voyage: 'Seereise', cargo: 'Ladung', discontent: 'Unzufriedenheit', happy: 'zufrieden',
  happy_buildings: 'Gebäude der Zufriedenheit', happy_marks: 'Zufriedenheitsmarken', marks: 'Marken',
  queen_marks: 'Königinmarken', crane: 'Kran', food: 'Nahrung', tools: 'Werkzeug', wood: 'Holz',
  rum: 'Rum', tobacco: 'Tabak', spice: 'Gewürz', metal: 'Metall', landscapes: 'Landschaften',
  shield: 'Schild', shields: 'Schilde', plus: 'Plus', plus_shields: 'Plus-Schilde', sea: 'Meer',
  gold_when_built: 'Gold beim Bau', treasure: 'Schatz', victory: 'Sieg',
  // Fugger, Welser, Medici
  auction: 'Versteigerung', last_auction: 'letzte Versteigerung', bid_price: 'Gebotspreis',
  bid_qty: 'Gebotsmenge', bid_stage: 'Gebotsschritt', bids: 'Gebote', has_bid: 'hat geboten',
  blockade: 'Blockade', boom: 'Aufschwung', cal_index: 'Kalenderstelle', centre: 'Mitte', centres: 'Zentren',
  chaos: 'Chaos', corruption: 'Korruption', cubes: 'Würfelchen', decider: 'Entscheider', due_cal: 'fällig am',
  due_in: 'fällig in', fair: 'Messe', fair_deal: 'Messegeschäft', ious: 'Schuldscheine', last_fight: 'letzter Kampf',
  manor_first: 'zuerst Landgut', manors: 'Landgüter', noble: 'Adliger', offers_made: 'abgegebene Angebote',
  payday: 'Zahltag', qmax: 'Höchstmenge', reckoning_trick: 'Abrechnung', robbers: 'Räuber', sheep: 'Schafe',
  trades: 'Handel', winter: 'Winter',
};

// Values that are names from a fixed list; the chip keeps the engine's
// word for its help text and shows this one.
export const VALUES_DE = {
  // card types (Dominion)
  action: 'Aktion', treasure: 'Geld', victory: 'Punkte', curse: 'Fluch', reaction: 'Reaktion',
  attack: 'Angriff', duration: 'Dauer', loot: 'Beute',
  // terrains, goods, harbours (Catan)
  desert: 'Wüste', fields: 'Acker', forest: 'Wald', hills: 'Hügel', mountains: 'Gebirge', pasture: 'Weide',
  brick: 'Lehm', lumber: 'Holz', wool: 'Wolle', grain: 'Getreide', ore: 'Erz', paper: 'Papier',
  cloth: 'Tuch', coin: 'Münze', any: 'beliebig', base: 'Basisspiel', ck: 'Städte & Ritter',
  politics: 'Politik', science: 'Wissenschaft', trade: 'Handel', ship: 'Schiff', none: 'keins',
  knight: 'Ritter', monopoly: 'Monopol', road_building: 'Straßenbau', victory_point: 'Siegpunkt',
  year_of_plenty: 'Erfindung', constitution: 'Verfassung', printer: 'Buchdruck', compose: 'zusammenstellen',
  // Catan's progress cards (the German names the engine gives them)
  commercial_harbor: 'Handelshafen', master_merchant: 'Handelsmeister', merchant_fleet: 'Handelsflotte',
  resource_monopoly: 'Rohstoffmonopol', trade_monopoly: 'Handelsmonopol', bishop: 'Bischof',
  deserter: 'Deserteur', diplomat: 'Diplomat', intrigue: 'Intrige', saboteur: 'Saboteur', spy: 'Spion',
  warlord: 'Kriegsherr', wedding: 'Hochzeit', alchemist: 'Alchemist', crane: 'Kran', engineer: 'Ingenieur',
  inventor: 'Erfinder', irrigation: 'Bewässerung', medicine: 'Medizin', mining: 'Bergbau', smith: 'Schmied',
  // what a pending effect or task is (Marco Polo II, Anno 1701, FWM stages)
  card: 'Karte', compensation: 'Ausgleich', contract: 'Auftrag', discard: 'Abwerfen', draft: 'Auswahl',
  goal: 'Ziel', good: 'Ware', market: 'Markt', move: 'Reise', seal: 'Siegel', cvload: 'Karawane beladen',
  cvmove: 'Karawane bewegen', cvtile: 'Karawanenplättchen', xpost: 'zusätzlicher Handelsposten',
  pay: 'zahlen', pile: 'Stapel', pirate: 'Pirat', place: 'setzen', sail: 'segeln', search: 'suchen',
  xdraw: 'Tausch ziehen', bid: 'Gebot', home: 'Heimat', offer_goods: 'Waren anbieten',
  offer_price: 'Preis anbieten', offer_reply: 'Antwort auf ein Angebot', payday: 'Zahltag', sheep: 'Schwarzes Schaf',
  open: 'offen', book: 'Buch', bag: 'Geldsack', bridge: 'Brücke', card_area: 'Kartenbereich', city: 'Stadt',
  contracts: 'Aufträge', khan: 'Khan', oasis: 'Oase', people: 'Leute', road: 'Straße', look: 'ansehen',
  nextturn: 'nächster Zug', settlement: 'Siedlung',
  // Marco Polo II
  camels: 'Kamele', coins: 'Münzen', gold: 'Gold', jade: 'Jade', pepper: 'Pfeffer', silk: 'Seide',
  vp: 'SP', farmer: 'Bauer', jeweler: 'Juwelier', spicer: 'Gewürzhändler', tailor: 'Schneider',
  left: 'links', right: 'rechts', printed: 'gedruckt',
  // Anno 1701
  food: 'Nahrung', tools: 'Werkzeug', wood: 'Holz', building: 'Gebäude', citizen: 'Bürger',
  merchant: 'Kaufmann', pioneer: 'Pioniere', settler: 'Siedler', chapel: 'Kapelle', fire_station: 'Feuerwehr',
  fire: 'Feuer', pirate_hunt: 'Piratenjagd', queen: 'Königin', tax: 'Steuer', trade_advantage: 'Handelsvorteil',
  trader: 'Händler', off: 'aus', dragon: 'Drache', lion: 'Löwe', keep: 'behalten', remove: 'entfernen',
  reserve: 'Reserve',
  // Fugger, Welser, Medici
  demand: 'Nachfrage', fair: 'Messe', supply: 'Angebot', trading: 'Handel', metal: 'Metall', chaos: 'Chaos',
  // statuses and phases
  running: 'läuft', finished: 'beendet', over: 'vorbei', setup: 'Aufbau', start: 'Beginn', play: 'Spielen',
  buy: 'Kaufen', cleanup: 'Aufräumen', final: 'Schlusswertung', round: 'Runde', voyage: 'Seereise',
  piles: 'Stapel', held: 'gehalten', up: 'offen',
};

// Where a game's German word differs from the shared one (keys and values).
export const GAME_DE = {
  anno1701: { brick: 'Ziegel' },
  fwm: { track: 'Adelsleiste', merchants: 'Handelsgehilfen', merchant: 'Handelsgehilfe' },
};
