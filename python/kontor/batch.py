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
"""

import ctypes

from . import State, _lib, lib, np


class Batch:
    """n states of one configuration, dealt with seeds seed, seed+1, ..."""

    def __init__(self, game, n, seed=0):
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
            lib.kt_state_init_seed(self.game._g, s._s, (self.seed + k) & (2 ** 64 - 1))

    def reset_one(self, k, seed):
        lib.kt_state_init_seed(self.game._g, self.states[k]._s, int(seed) & (2 ** 64 - 1))

    def play_random(self, max_actions=-1, seed=None):
        """Up to max_actions random actions in every state (all to the end by
        default); returns the number applied."""
        self._calls += 1
        s = self.seed * 7919 + self._calls if seed is None else seed
        return lib.kt_play_random(self.game._g, self._ptrs, self.n, int(max_actions),
                                  s & (2 ** 64 - 1), self._over)

    def step(self, indices, seed=None):
        """One action per state by fixed-space index (-1: a random legal
        action).  Returns the status per state: 0 applied, 1 illegal index
        (state unchanged), 2 the game had ended."""
        if len(indices) != self.n:
            raise ValueError("%d indices for %d states" % (len(indices), self.n))
        for k, a in enumerate(indices):
            self._acts[k] = int(a)
        self._calls += 1
        s = self.seed * 7919 + self._calls if seed is None else seed
        lib.kt_step_indices(self.game._g, self._ptrs, self.n, self._acts, s & (2 ** 64 - 1),
                            self._status)
        return list(self._status)

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

    def legal_indices(self):
        return [s.legal_indices() for s in self.states]

    def action_masks(self):
        """n x action_space masks of the legal indices."""
        legal = self.legal_indices()
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
