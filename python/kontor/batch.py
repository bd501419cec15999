"""Many states stepped in one library call (kontor.h, "batches").

    b = kontor.batch.Batch(kontor.Game("dominion"), 64, seed=1)
    b.play_random()                        # every game to its end, in C
    b.reset()
    b.step([idx0, idx1, ...])              # one action index per state (-1: random)
    obs = b.observations()                 # n x obs_size (numpy array or lists)
    masks = b.action_masks()               # n x action_space

Each call crosses into the library once for the whole batch, which is what
makes a million actions per second from Python possible (docs/python.md,
"Speed").

Players deciding at once (sealed bids in Fugger, Welser, Medici): by default
every call acts, observes and masks for the player to move of each state,
who is always among the pending players; answering for to_move after to_move
serves every pending player in turn (the order does not change the
outcome).  To answer for another pending player, pass `players` to step(),
observations() and action_masks(); pending() lists who may answer.
"""

import ctypes

from . import Game, KontorError, State, _lib, lib, np


class Batch:
    """n states of one configuration, dealt with seeds seed, seed+1, ...
    `game`: a Game, or a game's name (then made with its study options,
    kontor.env.study_options)."""

    def __init__(self, game, n, seed=0):
        if isinstance(game, str):
            from .env import study_options
            game = Game(game, options=study_options(game))
        self.game = game
        self.n = n
        self.states = [State(game) for _ in range(n)]
        self._ptrs = (ctypes.c_void_p * n)(*[s._s for s in self.states])
        self._over = (ctypes.c_uint8 * n)()
        self._status = (ctypes.c_int * n)()
        self._acts = (ctypes.c_int * n)()
        self._calls = 0
        self.seed = seed
        self.reset()

    def reset(self, seed=None):
        """Deal every state anew (state k with seed + k)."""
        if seed is not None:
            self.seed = seed
        for k, s in enumerate(self.states):
            lib.kt_state_restart(self.game._g, s._s, (self.seed + k) & (2 ** 64 - 1))

    def reset_one(self, k, seed):
        lib.kt_state_restart(self.game._g, self.states[k]._s, int(seed) & (2 ** 64 - 1))

    def play_random(self, max_actions=-1, seed=None):
        """Up to max_actions random actions in every state (all to the end by
        default); returns the number applied."""
        self._calls += 1
        s = self.seed * 7919 + self._calls if seed is None else seed
        return lib.kt_play_random(self.game._g, self._ptrs, self.n, int(max_actions),
                                  s & (2 ** 64 - 1), self._over)

    def step(self, indices, seed=None, players=None):
        """One action per state by fixed-space index (-1: a random legal
        action).  Returns the status per state: 0 applied, 1 illegal index
        (state unchanged), 2 the game had ended.  `players` (optional, one
        per state, None for the player to move) answers for another pending
        player of that state; those states are stepped one by one (a random
        index is not available for them)."""
        if len(indices) != self.n:
            raise ValueError("%d indices for %d states" % (len(indices), self.n))
        if players is not None and len(players) != self.n:
            raise ValueError("%d players for %d states" % (len(players), self.n))
        own = [False] * self.n
        if players is not None:
            own = [p is not None and p != self.states[k].to_move() for k, p in enumerate(players)]
        for k, a in enumerate(indices):
            if own[k] and int(a) < 0:
                raise ValueError("state %d: a random action is only drawn for the player to move"
                                 % k)
            # states answered here for another pending player: skipped in C
            # (an index no action has leaves them unchanged)
            self._acts[k] = 2 ** 31 - 1 if own[k] else int(a)
        self._calls += 1
        s = self.seed * 7919 + self._calls if seed is None else seed
        lib.kt_step_indices(self.game._g, self._ptrs, self.n, self._acts, s & (2 ** 64 - 1),
                            self._status)
        status = list(self._status)
        for k in range(self.n):
            if own[k]:
                status[k] = self._step_as(k, int(indices[k]), players[k])
        return status

    def _step_as(self, k, index, player):
        st = self.states[k]
        if st.is_over():
            return 2
        try:
            st.apply(st.index_action(index, player), player)
        except KontorError:
            return 1
        return 0

    def pending(self):
        """Per state, the players with a decision pending (several when they
        decide at once)."""
        return [s.pending() for s in self.states]

    def is_over(self):
        return [bool(lib.kt_is_over(self.game._g, p)) for p in self._ptrs]

    def to_move(self):
        return [lib.kt_to_move(self.game._g, p) for p in self._ptrs]

    def observations(self, players=None):
        """Observation vectors (of the player to move, or players[k]):
        an n x obs_size float32 array, or a list of lists without numpy."""
        size = self.game.obs_size
        pl = None
        if players is not None:
            pl = (ctypes.c_int * self.n)(*players)
        if np is not None:
            out = np.empty((self.n, size), dtype=np.float32)
            ptr = out.ctypes.data_as(_lib.FLOATP)
        else:
            out = (ctypes.c_float * (self.n * size))()
            ptr = out
        if lib.kt_obs_batch(self.game._g, self._ptrs, self.n, pl, ptr) != size:
            raise ValueError("no observation for these players")
        if np is not None:
            return out
        return [list(out[k * size:(k + 1) * size]) for k in range(self.n)]

    def legal_indices(self, players=None):
        if players is None:
            return [s.legal_indices() for s in self.states]
        return [s.legal_indices(p) for s, p in zip(self.states, players)]

    def action_masks(self, players=None):
        """n x action_space masks of the legal indices (of the player to
        move, or of players[k], a pending player of state k)."""
        legal = self.legal_indices(players)
        size = self.game.action_space_size
        if np is not None:
            m = np.zeros((self.n, size), dtype=bool)
            for k, idx in enumerate(legal):
                m[k, idx] = True
            return m
        out = []
        for idx in legal:
            row = [0] * size
            for i in idx:
                row[i] = 1
            out.append(row)
        return out

    def results(self):
        return [s.result() for s in self.states]
