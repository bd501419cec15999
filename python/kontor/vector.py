"""Vectorised environments stepped in C (kontor.h, "vectorised environments").

    venv = kontor.vector.make("dominion", num_envs=64, opponents="random")
    obs, infos = venv.reset(seed=1)
    for _ in range(1000):
        actions = venv.sample_actions()         # or your policy, masked by
        obs, rewards, terminations, truncations, infos = venv.step(actions)
        masks = infos["action_mask"]            # venv.action_masks()

num_envs games of one configuration; in every game one seat is the learner
(`seat`, or -1 for a seat drawn per game) and the other seats are played by
a kontor bot inside the library (`opponents`: any bot spec).  One step()
is one library call for all games: it applies the learner's actions, lets
the bots move until each learner decides again, deals a new game where one
has ended, and writes observations (float32, num_envs x obs_size), int8
action masks (num_envs x action_space), rewards and the end flags into numpy
arrays this object owns and hands out (no Python object per game or step).

Gymnasium's VectorEnv (1.x): a subclass of gymnasium.vector.VectorEnv when
Gymnasium is installed, the same attributes without it: num_envs,
single_observation_space, single_action_space, observation_space (batched
Box), action_space (MultiDiscrete, or a plain stand-in without Gymnasium),
metadata["autoreset_mode"], reset(seed=, options=) -> (obs, infos), step ->
(obs, rewards, terminations, truncations, infos), close().  Autoreset modes:
"next_step" (the default, Gymnasium's and EnvPool's: the step after an end
deals the new game and ignores that env's action), "same_step" (the ending
step returns the new game's observation and infos["final_obs"]) and
"disabled" (reset(options={"reset_mask": ...}) deals anew).

copy=False (the default, as EnvPool and Gymnasium's copy=False): the arrays
returned are the buffers the next step overwrites; copy=True returns copies.
The library clears masks (and Marco Polo II's and FWM's observations) only
where the last step set them, and rewrites FWM's card cells only for cards
that moved, so do not write into the returned buffers (a value written
there may stay in later observations).
Needs numpy.
"""

import ctypes

from . import _check, _lib, lib, np
from .env import _GymFallback, study_game

if np is None:
    raise ImportError("kontor.vector needs numpy (Debian: python3-numpy)")

try:
    import gymnasium as _gym
    from gymnasium.vector import VectorEnv as _VectorBase
    from gymnasium.vector.utils import batch_space as _batch_space
    try:
        from gymnasium.vector import AutoresetMode as _AutoresetMode
    except ImportError:  # Gymnasium 1.0
        _AutoresetMode = None
except ImportError:
    _gym = None
    _VectorBase = object
    _AutoresetMode = None

from . import spaces

__all__ = ["KontorVectorEnv", "make", "AUTORESET_MODES"]

AUTORESET_MODES = {"next_step": 0, "same_step": 1, "disabled": 2}
_GYM_MODE = {"next_step": "NextStep", "same_step": "SameStep", "disabled": "Disabled"}


class _MultiDiscrete:
    """Stand-in for gymnasium.spaces.MultiDiscrete (num_envs x n) without
    Gymnasium: shape, nvec, contains, sample, seed."""

    def __init__(self, num_envs, n, seed=None):
        self.nvec = np.full(num_envs, n, dtype=np.int64)
        self.shape = (num_envs,)
        self.dtype = np.int64
        self.seed(seed)

    def seed(self, seed=None):
        self.np_random = np.random.default_rng(seed)
        return [seed]

    def sample(self, mask=None, probability=None):
        return self.np_random.integers(self.nvec).astype(np.int64)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and np.issubdtype(x.dtype, np.integer) and \
            bool(np.all((x >= 0) & (x < self.nvec)))

    __contains__ = contains


class KontorVectorEnv(_GymFallback, _VectorBase):
    """See the module's documentation; make() builds one."""

    def __init__(self, game, num_envs=8, players=None, options=None, seat=0, opponents="random",
                 seed=0, autoreset_mode="next_step", normalize=False, max_steps=0,
                 illegal_reward=-1.0, copy=False, obs_scale=None):
        if autoreset_mode not in AUTORESET_MODES:
            raise ValueError("autoreset_mode must be one of %s" % ", ".join(AUTORESET_MODES))
        self.game = study_game(game, players, seed, options)
        g = self.game
        cfg = _lib.KtVecConfig()
        lib.kt_vec_config_init(ctypes.byref(cfg))
        cfg.num_envs = int(num_envs)
        cfg.seat = int(seat)
        self._opp = (opponents or "random").encode()
        cfg.opponents = self._opp
        cfg.autoreset = AUTORESET_MODES[autoreset_mode]
        cfg.normalize = 1 if normalize else 0
        cfg.max_steps = int(max_steps or 0)
        cfg.illegal_reward = float(illegal_reward)
        handle = ctypes.c_void_p()
        err = _lib.KtErr()
        _check(lib.kt_vec_new(g._g, ctypes.byref(cfg), int(seed) & (2 ** 64 - 1),
                              ctypes.byref(handle), ctypes.byref(err)), err)
        self._v = handle.value
        self.num_envs = n = cfg.num_envs
        self.autoreset = autoreset_mode
        self.copy = copy
        self.normalize = bool(normalize)
        A, O = g.action_space_size, g.obs_size
        self._obs = np.zeros((n, O), dtype=np.float32)
        self._mask = np.zeros((n, A), dtype=np.int8)
        self._rew = np.zeros(n, dtype=np.float32)
        self._term = np.zeros(n, dtype=np.bool_)
        self._trunc = np.zeros(n, dtype=np.bool_)
        self._final = np.zeros((n, O), dtype=np.float32) if autoreset_mode == "same_step" \
            else None
        self._seat = np.zeros(n, dtype=np.int8)
        self._ashape = (n,)
        self._bufs = _lib.KtVecBuffers(self._obs.ctypes.data, self._mask.ctypes.data,
                                       self._rew.ctypes.data, self._term.ctypes.data,
                                       self._trunc.ctypes.data,
                                       self._final.ctypes.data if self._final is not None
                                       else None, self._seat.ctypes.data)
        _check(lib.kt_vec_bind(self._v, ctypes.byref(self._bufs), ctypes.byref(err)), err)
        if obs_scale is not None:
            self.set_obs_scale(obs_scale)
        self.single_action_space = spaces.Discrete(A, seed=seed)
        self.single_observation_space = spaces.observation_box(O)
        if _gym is not None:
            self.action_space = _batch_space(self.single_action_space, n)
            self.observation_space = _batch_space(self.single_observation_space, n)
        else:
            self.action_space = _MultiDiscrete(n, A, seed)
            self.observation_space = spaces.Box(float("-inf"), float("inf"), shape=(n, O),
                                                dtype=np.float32)
        mode = _AutoresetMode(_GYM_MODE[autoreset_mode]) if _AutoresetMode is not None \
            else autoreset_mode
        self.metadata = {"autoreset_mode": mode, "name": "kontor_%s_v0" % g.name}
        self.render_mode = None
        self.spec = None
        self.closed = False
        self._rng = np.random.default_rng(seed)
        self._next_seed = int(seed)
        self._reset_done = False
        # the step's fixed arguments, made once (a step is one C call)
        self._err = _lib.KtErr()
        self._errp = ctypes.byref(self._err)
        self._space = A

    def __del__(self):
        self.close()

    def close(self, **kwargs):
        if getattr(self, "_v", None):
            lib.kt_vec_free(self._v)
            self._v = None
        self.closed = True

    def _out(self, x):
        return x.copy() if self.copy else x

    def _infos_now(self, extra=None):
        infos = {"action_mask": self._out(self._mask), "seat": self._out(self._seat)}
        if extra:
            infos.update(extra)
        return infos

    def reset(self, *, seed=None, options=None):
        """Deal a new game everywhere (game k from the generator of (seed, k);
        seed None: a seed drawn from np_random).  options={"reset_mask":
        bool array} deals anew only where it is True (for autoreset
        "disabled")."""
        err = _lib.KtErr()
        if options and "reset_mask" in options:
            m = np.asarray(options["reset_mask"])
            if m.shape != (self.num_envs,) or m.dtype != np.bool_:
                raise ValueError("reset_mask must be a bool array of shape (%d,)" % self.num_envs)
            for k in np.flatnonzero(m):
                _check(lib.kt_vec_reset_env(self._v, int(k), ctypes.byref(err)), err)
            return self._out(self._obs), self._infos_now()
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            s = int(seed)
        else:
            s = int(self._rng.integers(2 ** 63 - 1))
        _check(lib.kt_vec_reset(self._v, s & (2 ** 64 - 1), ctypes.byref(err)), err)
        self._reset_done = True
        return self._out(self._obs), self._infos_now()

    def step(self, actions):
        """One step of every game: actions[k] is the learner's index in game k
        (-1: a uniformly random legal action, drawn in C).  Returns (obs,
        rewards, terminations, truncations, infos); infos["action_mask"] is
        the int8 mask of the new positions, and with autoreset "same_step"
        infos["final_obs"] / infos["_final_obs"] the ended games' last
        observations."""
        if not self._reset_done:
            raise RuntimeError("call reset() first")
        a = actions
        if type(a) is not np.ndarray or a.dtype != np.int64 or a.shape != self._ashape or \
                not a.flags.c_contiguous:
            a = np.asarray(actions)
            if a.shape != self._ashape or a.dtype.kind not in "iu":
                raise ValueError("actions must be %d integers" % self.num_envs)
            a = np.ascontiguousarray(a, dtype=np.int64)
        # the library checks the range (-1 .. action_space - 1) before it steps
        rc = lib.kt_vec_step(self._v, a.ctypes.data, self._errp)
        if rc:
            if rc == _lib.KT_EINVAL:
                raise ValueError(self._err.msg.decode())
            _check(rc, self._err)
        extra = None
        if self._final is not None:
            ended = self._term | self._trunc
            extra = {"final_obs": self._final.copy(), "_final_obs": ended.copy()}
        return (self._out(self._obs), self._out(self._rew), self._out(self._term),
                self._out(self._trunc), self._infos_now(extra))

    def action_masks(self):
        """num_envs x action_space masks (bool) of the current positions."""
        return self._mask.astype(bool)

    def sample_actions(self):
        """A uniformly random legal index per game (numpy; for tests and
        baselines; step([-1] * num_envs) draws them in C instead)."""
        r = self._rng.random(self._mask.shape) * self._mask
        return r.argmax(axis=1).astype(np.int64)

    @property
    def obs_scale(self):
        """The factors observations are multiplied by when normalize=True."""
        p = lib.kt_vec_obs_scale(self._v)
        return np.ctypeslib.as_array(p, shape=(self.game.obs_size,)).copy()

    def set_obs_scale(self, scale):
        s = np.ascontiguousarray(scale, dtype=np.float32)
        if s.shape != (self.game.obs_size,):
            raise ValueError("the scale needs %d values" % self.game.obs_size)
        err = _lib.KtErr()
        _check(lib.kt_vec_set_obs_scale(self._v, s.ctypes.data_as(_lib.FLOATP),
                                        ctypes.byref(err)), err)

    def state(self, k):
        """Game k's position as a kontor.State (a copy)."""
        if not 0 <= k < self.num_envs:
            raise IndexError(k)
        from . import State
        s = State(self.game)
        lib.kt_state_copy(self.game._g, s._s, lib.kt_vec_state(self._v, k))
        return s

    @property
    def actions_applied(self):
        """Actions applied so far, by learners and bots together."""
        return lib.kt_vec_actions(self._v)

    @property
    def episodes(self):
        """Games ended so far."""
        return lib.kt_vec_episodes(self._v)

    def __repr__(self):
        return "KontorVectorEnv(%r, num_envs=%d)" % (self.game.name, self.num_envs)


def make(game, num_envs=8, **kwargs):
    """A vectorised environment (see KontorVectorEnv for the arguments)."""
    return KontorVectorEnv(game, num_envs=num_envs, **kwargs)


