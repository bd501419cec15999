"""kontor: Python bindings of the kontor game engine (ctypes over libkontor.so).

    import kontor
    game = kontor.Game("dominion", players=2, seed=1, options={"preset": "First Game"})
    state = game.new_state()
    while not state.is_over():
        state.apply(kontor.Bot(game, "random").choose(state))
    print(state.returns())

Modules: kontor (games, Game, State, Bot, Record, Session, sim), kontor.env
(Gymnasium and PettingZoo environments with fixed action spaces),
kontor.vector (vectorised environments stepped in C), kontor.spaces (their
spaces), kontor.batch (many states stepped in one call).  docs/python.md
describes everything.
"""

import ctypes
import json
import os

from . import _lib
from ._lib import KT_LANG_DE, KT_LANG_EN, KT_OMNISCIENT, KT_SPECTATOR, KT_TO_MOVE

__all__ = [
    "KontorError", "Game", "State", "Bot", "Record", "Session", "games", "game_info", "bots",
    "version", "sim", "load_state", "SPECTATOR", "OMNISCIENT", "TO_MOVE", "HAVE_NUMPY",
]

lib = _lib.load()
__version__ = _lib.HEADER_VERSION
SPECTATOR = KT_SPECTATOR
OMNISCIENT = KT_OMNISCIENT
TO_MOVE = KT_TO_MOVE  # player=TO_MOVE is player=None: the player to move

# numpy is optional: arrays when Debian's python3-numpy is there (and
# KONTOR_NO_NUMPY is not set), plain lists otherwise.
np = None
if not os.environ.get("KONTOR_NO_NUMPY"):
    try:
        import numpy as np  # noqa: F811
    except ImportError:
        np = None
HAVE_NUMPY = np is not None


class KontorError(Exception):
    """An error reported by the engine: `status` names the kind ("illegal
    action", "unknown name", ...), the message says what was wrong."""

    def __init__(self, code, message):
        self.code = code
        self.status = _lib.status_name(lib, code)
        super().__init__(message or self.status)


def _check(code, err):
    if code != _lib.KT_OK:
        raise KontorError(code, err.msg.decode("utf-8", "replace"))


def _take_string(ptr):
    """Read a string the library allocated and release it."""
    if not ptr:
        return None
    try:
        return ctypes.string_at(ptr).decode("utf-8")
    finally:
        lib.kt_free(ptr)


def _player(player):
    """The `player` argument of the library's one forms (kt_legal_as...):
    KT_TO_MOVE, the player to move, for None."""
    return KT_TO_MOVE if player is None else int(player)


def _lang(lang):
    if lang in (KT_LANG_EN, KT_LANG_DE):
        return lang
    if lang in ("en", None):
        return KT_LANG_EN
    if lang == "de":
        return KT_LANG_DE
    raise ValueError("lang must be 'en' or 'de'")


def _b(text):
    return text.encode("utf-8") if isinstance(text, str) else text


def _options_text(options):
    """Options as the engine's "k=v;k=v" text: a string, or a dict whose
    list values are joined with commas."""
    if options is None:
        return None
    if isinstance(options, str):
        return options
    parts = []
    for k, v in options.items():
        if isinstance(v, (list, tuple)):
            v = ",".join(str(x) for x in v)
        elif isinstance(v, bool):
            v = "1" if v else "0"
        parts.append("%s=%s" % (k, v))
    return ";".join(parts)


def version():
    """The library's version ("0.2.0")."""
    return lib.kt_version().decode()


def _optinfo(o):
    types = ["int", "bool", "enum", "str", "path"]
    d = {"name": o.name.decode(), "type": types[o.type] if o.type < len(types) else o.type,
         "default": o.default.decode() if o.default else "",
         "help": o.help.decode() if o.help else ""}
    if o.type == 0:
        d["min"], d["max"] = o.min, o.max
    if o.choices:
        d["choices"] = o.choices.decode().split("|")
    return d


def _gameinfo(gi):
    return {"name": gi.name.decode(), "title": gi.title.decode(), "summary": gi.summary.decode(),
            "min_players": gi.min_players, "max_players": gi.max_players,
            "default_players": gi.default_players,
            "options": [_optinfo(gi.opts[i]) for i in range(gi.nopts)],
            "notice": (lib.kt_game_notice(gi.name) or b"").decode() or None}


def games():
    """Names of the games this library plays."""
    return [lib.kt_game_info(i).contents.name.decode() for i in range(lib.kt_game_count())]


def game_info(name):
    """Title, summary, player range and options of a game, as a dict."""
    gi = lib.kt_game_find(_b(name))
    if not gi:
        raise KontorError(_lib.KT_EUNKNOWN, "unknown game '%s' (known: %s)"
                          % (name, ", ".join(games())))
    return _gameinfo(gi.contents)


def bots(name):
    """Bots available for a game: [{"name", "help", "options"}]."""
    out, i = [], 0
    while True:
        b = lib.kt_game_bot(_b(name), i)
        if not b:
            return out
        b = b.contents
        out.append({"name": b.name.decode(), "help": (b.help or b"").decode(),
                    "options": [_optinfo(b.opts[k]) for k in range(b.nopts)]})
        i += 1


class Game:
    """An immutable configuration: game name, options, player count, seed.

    Game("catan", players=3, seed=7, options={"variant": "base"}); options
    may also be the engine's text "variant=base;vp=12".  Options drawn at
    random (a Dominion kingdom) are fixed by the seed: `options` gives the
    canonical text that recreates the configuration exactly."""

    def __init__(self, name, players=None, seed=0, options=None, _handle=None):
        if _handle is not None:
            self._g = _handle
        else:
            info = lib.kt_game_find(_b(name))
            if players is None:
                players = info.contents.default_players if info else 2
            handle = ctypes.c_void_p()
            err = _lib.KtErr()
            opts = _options_text(options)
            _check(lib.kt_game_new(_b(name), _b(opts) if opts is not None else None, int(players),
                                   int(seed) & (2 ** 64 - 1), None, ctypes.byref(handle),
                                   ctypes.byref(err)), err)
            self._g = handle.value
        self.name = lib.kt_game_name(self._g).decode()
        self.players = lib.kt_game_players(self._g)
        self.seed = lib.kt_game_seed(self._g)
        self.options = lib.kt_game_options(self._g).decode()
        self.state_size = lib.kt_state_size(self._g)
        self.action_space_size = lib.kt_action_space(self._g)
        self.obs_size = lib.kt_obs_size(self._g)

    def __del__(self):
        if getattr(self, "_g", None):
            lib.kt_game_free(self._g)
            self._g = None

    def __repr__(self):
        return "Game(%r, players=%d, seed=%d, options=%r)" % (self.name, self.players, self.seed,
                                                              self.options)

    @property
    def info(self):
        return game_info(self.name)

    @property
    def metadata(self):
        """What a learning framework asks before it plays (kt_game_meta_get):
        players, action_space (distinct actions), obs_shape, max_legal,
        min_utility / max_utility (the range of a player's reward: 0, 1),
        utility_sum (1: rewards of a finished game add up to 1), max_turns
        (no game lasts longer, in kt_turn_number's unit: the turn_limit
        option, else the rules' bound; None: unbounded) and length_unit."""
        m = _lib.KtGameMeta()
        lib.kt_game_meta_get(self._g, ctypes.byref(m))
        unit = lib.kt_game_length_unit(_b(self.name), 0)
        return {"players": m.players, "action_space": m.action_space,
                "obs_shape": (m.obs_size,), "max_legal": m.max_legal,
                "min_utility": m.min_utility, "max_utility": m.max_utility,
                "utility_sum": m.utility_sum, "max_turns": m.max_turns or None,
                "max_actions": m.max_actions or None,
                "length_unit": unit.decode() if unit else "turns"}

    def new_state(self, seed=None):
        """The start position (dealt with `seed` instead of the game's seed
        when given: the same configuration, another deal)."""
        return State(self, seed=seed)

    def bot(self, spec, seed=0):
        return Bot(self, spec, seed)

    def level(self, name):
        """The bot spec behind "easy", "medium" or "hard" for this game."""
        s = lib.kt_game_level(_b(self.name), _b(name))
        return s.decode() if s else None

    def describe(self, component, lang="en"):
        """The game's explanation of a component (card, tile, ...)."""
        out = ctypes.c_void_p()
        err = _lib.KtErr()
        _check(lib.kt_game_describe(_b(self.name), _b(component), _lang(lang), None,
                                    ctypes.byref(out), ctypes.byref(err)), err)
        return _take_string(out.value)

    def components(self, lang="en"):
        return _take_string(lib.kt_game_components(_b(self.name), _lang(lang), None))


class State:
    """A game position.  Actions are the engine's 32-bit codes ("ids"); their
    texts ("buy Silver") parse back.  For learning, each game also has a
    fixed action space: `legal_indices`, `action_mask`, `apply_index`."""

    __slots__ = ("game", "_s", "_g", "__weakref__")

    def __init__(self, game, seed=None, _handle=None):
        self.game = game
        self._g = game._g
        if _handle is not None:
            self._s = _handle
            return
        self._s = lib.kt_state_new(self._g)
        if not self._s:
            raise MemoryError("kontor: out of memory for a state")
        if seed is not None:
            lib.kt_state_init_seed(self._g, self._s, int(seed) & (2 ** 64 - 1))

    def __del__(self):
        if getattr(self, "_s", None):
            lib.kt_state_free(self._g, self._s)
            self._s = None

    # -- copying and comparing
    def clone(self):
        s = lib.kt_state_new(self._g)
        if not s:
            raise MemoryError("kontor: out of memory for a state")
        lib.kt_state_copy(self._g, s, self._s)
        return State(self.game, _handle=s)

    __copy__ = clone

    def copy_from(self, other):
        """Overwrite this state with another of the same game."""
        lib.kt_state_copy(self._g, self._s, other._s)

    def __eq__(self, other):
        return isinstance(other, State) and other._g == self._g and \
            bool(lib.kt_state_equal(self._g, self._s, other._s))

    def __hash__(self):
        return lib.kt_state_hash(self._g, self._s)

    # -- who decides what
    def to_move(self):
        """Player who must decide now, -1 when the game is over."""
        return lib.kt_to_move(self._g, self._s)

    def turn_player(self):
        return lib.kt_turn_player(self._g, self._s)

    def pending(self):
        """Players with a decision pending (several when they decide at once)."""
        m = lib.kt_pending(self._g, self._s)
        return [p for p in range(self.game.players) if m >> p & 1]

    def is_over(self):
        return bool(lib.kt_is_over(self._g, self._s))

    def decision(self):
        return lib.kt_decision(self._g, self._s).decode()

    def decision_label(self, lang="en"):
        """The current decision kind's name for people, in `lang`."""
        return lib.kt_decision_label(self._g, self._s, _lang(lang)).decode()

    def action_info(self, action, player=None):
        """What `action` acts on, as data (kt_action_info): {"verb": str,
        "targets": [{"kind": str, "id": int}], "costs": {what: amount}}."""
        a = self.parse(action, player=player) if isinstance(action, str) else int(action)
        info = _lib.KtActionInfo()
        lib.kt_action_info_get(self._g, self._s, -1 if player is None else int(player), a,
                               ctypes.byref(info))
        return {"verb": info.verb.decode(),
                "targets": [{"kind": info.targets[i].kind.decode(), "id": info.targets[i].id}
                            for i in range(info.ntargets)],
                "costs": {info.costs[i].what.decode(): info.costs[i].amount
                          for i in range(info.ncosts)}}

    def prompt(self, lang="en", player=None):
        ptr = lib.kt_prompt_as(self._g, self._s, _player(player), _lang(lang))
        if not ptr:
            raise KontorError(_lib.KT_EINVAL, "no prompt for player %r" % (player,))
        return _take_string(ptr)

    def action_count(self):
        return lib.kt_action_count(self._g, self._s)

    def turn(self):
        return lib.kt_turn_number(self._g, self._s)

    # -- actions
    def legal(self, player=None):
        """Legal action ids of the player to move (or of a pending player)."""
        buf = (ctypes.c_uint32 * _lib.KT_LEGAL_MAX)()
        n = lib.kt_legal_as(self._g, self._s, _player(player), buf, _lib.KT_LEGAL_MAX)
        if n < 0:
            raise KontorError(_lib.KT_EINVAL, "no player %r in this game" % (player,))
        return list(buf[:n])

    def num_legal(self):
        return lib.kt_legal_as(self._g, self._s, KT_TO_MOVE, None, 0)

    def text(self, action, viewer=None, lang="en", player=None):
        """Text of an action as `viewer` sees it (default: the player who
        takes it; KT_OMNISCIENT shows hidden details)."""
        buf = ctypes.create_string_buffer(512)
        actor = self.to_move() if player is None else player
        if viewer is None:
            viewer = actor if actor >= 0 else KT_OMNISCIENT
        lib.kt_action_text_as(self._g, self._s, _player(player), action, viewer,
                              _lang(lang), buf, 512)
        return buf.value.decode("utf-8")

    def legal_texts(self, lang="en", player=None):
        return [self.text(a, lang=lang, player=player) for a in self.legal(player)]

    def legal_actions(self, lang="en", player=None):
        """[(id, text)] of the legal actions."""
        return [(a, self.text(a, lang=lang, player=player)) for a in self.legal(player)]

    def parse(self, text, player=None):
        """The legal action a text names (English or German)."""
        out = ctypes.c_uint32()
        err = _lib.KtErr()
        _check(lib.kt_action_parse_as(self._g, self._s, _player(player), _b(text),
                                      ctypes.byref(out), ctypes.byref(err)), err)
        return out.value

    def apply(self, action, player=None, events=False, viewer=KT_OMNISCIENT, lang="en"):
        """Apply an action given by id or text (for `player`, default the
        player to move).  Illegal actions raise KontorError and change
        nothing.  With events=True, returns what happened as a list of
        events ({"kind", "player", "text"}) as `viewer` may see it."""
        if isinstance(action, str):
            action = self.parse(action, player)
        actor = self.to_move() if player is None else player
        before = self.clone() if events else None
        err = _lib.KtErr()
        _check(lib.kt_apply_as(self._g, self._s, _player(player), action,
                               ctypes.byref(err)), err)
        if events:
            return before.events(action, self, actor=actor, viewer=viewer, lang=lang)
        return None

    def events(self, action, after, actor=None, viewer=KT_OMNISCIENT, lang="en"):
        """The game log of applying `action` to this state, which gave `after`."""
        err = _lib.KtErr()
        actor = self.to_move() if actor is None else actor
        ptr = lib.kt_events_json(self._g, self._s, actor, action, after._s, viewer, _lang(lang),
                                 ctypes.byref(err))
        if not ptr:
            raise KontorError(err.code or _lib.KT_EINVAL, err.msg.decode("utf-8", "replace"))
        return json.loads(_take_string(ptr))

    def step_nth(self, i):
        """Apply legal action number i (in legal order); returns how many
        legal actions the new state has (0 at the end).  One library call."""
        n = lib.kt_step_nth(self._g, self._s, i)
        if n < 0:
            raise KontorError(_lib.KT_EINVAL, "no legal action number %d" % i)
        return n

    # -- fixed action space (learning)
    def legal_indices(self, player=None):
        """Fixed-space indices of the legal actions of the player to move (or
        of pending player `player`, who may decide at the same time), in
        legal order."""
        buf = (ctypes.c_int * _lib.KT_LEGAL_MAX)()
        n = lib.kt_legal_indices_as(self._g, self._s, _player(player), buf,
                                    _lib.KT_LEGAL_MAX)
        if n < 0:
            raise KontorError(_lib.KT_EINVAL, "%s has no fixed action space" % self.game.name
                              if self.game.action_space_size == 0
                              else "no player %r in this game" % (player,))
        return list(buf[:n])

    def action_mask(self, player=None):
        """1 for each legal index of the fixed action space (numpy bool array
        when numpy is there, else a list of 0/1); of the player to move or of
        pending player `player`."""
        idx = self.legal_indices(player)
        n = self.game.action_space_size
        if np is not None:
            m = np.zeros(n, dtype=bool)
            m[idx] = True
            return m
        m = [0] * n
        for i in idx:
            m[i] = 1
        return m

    def action_index(self, action, player=None):
        """The fixed-space index of a legal action (-1 if not legal)."""
        return lib.kt_action_index_as(self._g, self._s, _player(player), action)

    def index_action(self, index, player=None):
        """The legal action (of the player to move, or of pending player
        `player`) with that fixed-space index; KontorError when none."""
        out = ctypes.c_uint32()
        err = _lib.KtErr()
        _check(lib.kt_index_action_as(self._g, self._s, _player(player), int(index),
                                      ctypes.byref(out), ctypes.byref(err)), err)
        return out.value

    def apply_index(self, index, player=None):
        self.apply(self.index_action(index, player), player)

    def observation_vector(self, player=None):
        """The numeric observation of `player` (default: the player to move;
        SPECTATOR for public information): numpy float32 array or list."""
        if player is None:
            player = self.to_move()
            if player < 0:
                player = KT_SPECTATOR
        n = self.game.obs_size
        if n <= 0:
            raise KontorError(_lib.KT_EINVAL, "%s has no numeric observation" % self.game.name)
        if np is not None:
            out = np.empty(n, dtype=np.float32)
            ptr = out.ctypes.data_as(_lib.FLOATP)
        else:
            out = (ctypes.c_float * n)()
            ptr = out
        if lib.kt_obs_vector(self._g, self._s, player, ptr, n) != n:
            raise KontorError(_lib.KT_EINVAL, "no observation for player %r" % (player,))
        return out if np is not None else list(out)

    # -- results
    def result(self):
        """Scores, ranks, winners, turns, rewards and whether the rules ended it."""
        r = _lib.KtResult()
        lib.kt_result_get(self._g, self._s, ctypes.byref(r))
        n = r.nplayers
        return {"finished": bool(r.finished), "score": list(r.score[:n]), "rank": list(r.rank[:n]),
                "winners": [p for p in range(n) if r.winners >> p & 1], "turns": r.turns,
                "reward": list(r.reward[:n])}

    def returns(self):
        """Reward per player: 1 win, 1/k for a k-way shared win, 0 otherwise
        (all 0 while running or when a turn limit stopped the game)."""
        return self.result()["reward"]

    def evaluate(self):
        """The game's heuristic win chances (exact rewards at the end)."""
        out = (ctypes.c_double * _lib.KT_MAX_PLAYERS)()
        lib.kt_evaluate(self._g, self._s, out)
        return list(out[:self.game.players])

    # -- views
    def observation(self, player=None, lang="en"):
        """What `player` may see (default: the player to move; SPECTATOR for
        public information only), as a dict."""
        if player is None:
            player = self.to_move()
            if player < 0:
                player = KT_SPECTATOR
        out = ctypes.c_void_p()
        err = _lib.KtErr()
        _check(lib.kt_observe(self._g, self._s, player, _lang(lang), ctypes.byref(out),
                              ctypes.byref(err)), err)
        return json.loads(_take_string(out.value))

    def render(self, viewer=None, lang="en", color=False):
        """The terminal view for `viewer` (a player, SPECTATOR, OMNISCIENT)."""
        if viewer is None:
            viewer = self.to_move() if self.to_move() >= 0 else KT_SPECTATOR
        out = ctypes.c_void_p()
        err = _lib.KtErr()
        _check(lib.kt_render_text(self._g, self._s, viewer,
                                  _lang(lang) | (_lib.KT_COLOR if color else 0),
                                  ctypes.byref(out), ctypes.byref(err)), err)
        return _take_string(out.value)

    def __str__(self):
        return self.render(KT_OMNISCIENT)

    def to_json(self):
        """The full state (hidden information included) as JSON text."""
        return _take_string(lib.kt_state_json(self._g, self._s))

    def load_json(self, text):
        """Replace this state by a full-state JSON of the same configuration."""
        err = _lib.KtErr()
        _check(lib.kt_state_load_json(self._g, _b(text), self._s, ctypes.byref(err)), err)

    def determinize(self, player, seed=0):
        """A copy where everything `player` cannot see is resampled."""
        s = self.clone()
        lib.kt_determinize(self._g, self._s, player, int(seed) & (2 ** 64 - 1), s._s)
        return s

    def check(self):
        err = _lib.KtErr()
        _check(lib.kt_check(self._g, self._s, ctypes.byref(err)), err)


def load_state(text):
    """Game and state from a full-state JSON (as State.to_json writes)."""
    g, s = ctypes.c_void_p(), ctypes.c_void_p()
    err = _lib.KtErr()
    _check(lib.kt_load_json(_b(text), None, ctypes.byref(g), ctypes.byref(s),
                            ctypes.byref(err)), err)
    game = Game(None, _handle=g.value)
    return game, State(game, _handle=s.value)


class Bot:
    """A bot by spec: "random", "heuristic", "mcts:time=100", or a level
    ("easy", "medium", "hard").  choose() sees only what the player to move
    (or `player`) may see."""

    def __init__(self, game, spec, seed=0):
        self.game = game
        handle = ctypes.c_void_p()
        err = _lib.KtErr()
        _check(lib.kt_bot_new(game._g, _b(spec), int(seed) & (2 ** 64 - 1), ctypes.byref(handle),
                              ctypes.byref(err)), err)
        self._b = handle.value
        self.spec = lib.kt_bot_spec(self._b).decode()

    def __del__(self):
        if getattr(self, "_b", None):
            lib.kt_bot_free(self._b)
            self._b = None

    def __repr__(self):
        return "Bot(%r)" % self.spec

    def choose(self, state, player=None):
        out = ctypes.c_uint32()
        err = _lib.KtErr()
        _check(lib.kt_bot_choose_as(self._b, state._s, _player(player), ctypes.byref(out),
                                    ctypes.byref(err)), err)
        return out.value

    def __call__(self, state, player=None):
        return self.choose(state, player)

    def cancel(self):
        lib.kt_bot_cancel(self._b)

    def set_time_cap(self, ms):
        lib.kt_bot_set_time_cap(self._b, int(ms))

    def simulations(self):
        return lib.kt_bot_simulations(self._b)


class Record:
    """A replayable record: configuration, seed, seats and actions as text."""

    def __init__(self, game, _handle=None):
        self.game = game
        self._r = _handle if _handle is not None else lib.kt_record_new(game._g)
        if not self._r:
            raise MemoryError("kontor: out of memory for a record")

    def __del__(self):
        if getattr(self, "_r", None):
            lib.kt_record_free(self._r)
            self._r = None

    def add(self, before, action, player=None):
        """Append an action about to be applied to `before`."""
        if isinstance(action, str):
            action = before.parse(action, player)
        st = lib.kt_record_add_as(self._r, before._s, _player(player), action)
        if st != _lib.KT_OK:
            raise KontorError(st, "cannot add the action to the record")

    def set_seat(self, seat, label):
        if lib.kt_record_set_seat(self._r, seat, _b(label)) != _lib.KT_OK:
            raise KontorError(_lib.KT_EINVAL, "bad seat %r" % (seat,))

    def __len__(self):
        return lib.kt_record_length(self._r)

    def actions(self):
        return [lib.kt_record_action(self._r, i).decode() for i in range(len(self))]

    def truncate(self, n):
        lib.kt_record_truncate(self._r, n)

    def to_json(self):
        return _take_string(lib.kt_record_json(self._r))

    def replay(self, n=-1):
        """The state after the first n actions (all when n < 0)."""
        s = self.game.new_state()
        err = _lib.KtErr()
        _check(lib.kt_record_replay(self._r, self.game._g, n, s._s, ctypes.byref(err)), err)
        return s

    @staticmethod
    def load(text):
        """(record, game) from a record's JSON."""
        r, g = ctypes.c_void_p(), ctypes.c_void_p()
        err = _lib.KtErr()
        _check(lib.kt_record_load(_b(text), None, ctypes.byref(r), ctypes.byref(g),
                                  ctypes.byref(err)), err)
        game = Game(None, _handle=g.value)
        return Record(game, _handle=r.value), game


class Session:
    """A game played through JSON requests (docs/protocol.md): undo, the
    game log, records and bots, as `kontor protocol` offers them.

    Session(trusted=True) serves a local host; trusted=False applies the
    limits of a server facing untrusted clients.  request() takes a dict (or
    JSON text) and returns the reply as a dict."""

    def __init__(self, trusted=True):
        lim = _lib.KtSessionLimits()
        if trusted:
            lib.kt_session_limits_trusted(ctypes.byref(lim))
        else:
            lib.kt_session_limits_server(ctypes.byref(lim))
        handle = ctypes.c_void_p()
        err = _lib.KtErr()
        _check(lib.kt_session_new(ctypes.byref(lim), None, ctypes.byref(handle),
                                  ctypes.byref(err)), err)
        self._s = handle.value

    def __del__(self):
        self.close()

    def close(self):
        if getattr(self, "_s", None):
            lib.kt_session_free(self._s)
            self._s = None

    def request(self, req, seat=KT_OMNISCIENT):
        text = req if isinstance(req, (str, bytes)) else json.dumps(req)
        data = _b(text)
        quit_ = ctypes.c_int(0)
        reply = _take_string(lib.kt_session_request(self._s, seat, data, len(data),
                                                    ctypes.byref(quit_)))
        if reply is None:
            raise MemoryError("kontor: out of memory answering a session request")
        return json.loads(reply)

    def cancel(self):
        lib.kt_session_cancel(self._s)


def _seat_chooser(game, seat, k, seed):
    """A function (state, player) -> action id for one seat of sim()."""
    if isinstance(seat, str):
        bot = Bot(game, seat, seed=seed * 131 + k)
        return bot.choose, seat
    if isinstance(seat, Bot):
        return seat.choose, seat.spec
    if callable(seat):
        name = getattr(seat, "__name__", None) or type(seat).__name__

        def choose(state, player, fn=seat):
            a = fn(state, player)
            return state.parse(a, player) if isinstance(a, str) else a
        return choose, "python:" + name
    raise TypeError("a seat is a bot spec, a Bot or a function (state, player) -> action")


def sim(game, seats, games=1, seed=1, options=None, players=None, rotate=True, max_actions=None):
    """Play `games` games with one chooser per seat and return the results.

    `seats`: per seat a bot spec ("random", "hard", "mcts:time=50"), a Bot,
    or a Python function (state, player) -> action id or text.  With
    rotate=True the seats move round the table from game to game (as
    `kontor sim` does), so no chooser always plays first.  Returns a dict:
    "games" (per game: seed, order, scores, rewards per chooser, turns,
    finished) and "summary" (per chooser: name, games, wins (shared wins
    count 1/k), mean score, mean reward)."""
    if isinstance(game, str):
        game = Game(game, players=players or len(seats), seed=seed, options=options)
    n = game.players
    if len(seats) != n:
        raise ValueError("%d seats for a %d-player game" % (len(seats), n))
    choosers = [_seat_chooser(game, seat, k, seed) for k, seat in enumerate(seats)]
    per_game = []
    wins = [0.0] * n
    score = [0.0] * n
    for gi in range(games):
        order = [(k + gi) % n for k in range(n)] if rotate else list(range(n))
        # order[p] = chooser sitting at player p
        state = game.new_state(seed=seed * 1000003 + gi)
        steps = 0
        while not state.is_over():
            p = state.to_move()
            state.apply(choosers[order[p]][0](state, p))
            steps += 1
            if max_actions is not None and steps >= max_actions:
                break
        res = state.result()
        reward = [0.0] * n
        sc = [0.0] * n
        for p in range(n):
            reward[order[p]] = res["reward"][p]
            sc[order[p]] = res["score"][p]
        for k in range(n):
            wins[k] += reward[k]
            score[k] += sc[k]
        per_game.append({"seed": seed * 1000003 + gi, "order": order, "reward": reward,
                         "score": sc, "turns": res["turns"], "finished": res["finished"],
                         "actions": steps})
    summary = [{"name": choosers[k][1], "games": games, "wins": wins[k],
                "win_rate": wins[k] / games if games else 0.0,
                "mean_score": score[k] / games if games else 0.0} for k in range(n)]
    return {"game": game.name, "options": game.options, "players": n, "games": per_game,
            "summary": summary}
