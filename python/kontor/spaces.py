"""Spaces of the kontor environments: Gymnasium's own when it is installed,
otherwise small classes with the same interface (gymnasium.spaces, 1.x).

    Discrete(n)          actions 0..n-1; contains() takes int, numpy integers and
                         0-d integer arrays; sample(mask=int8 array) draws a legal one
    Box(low, high, shape, dtype)
    Dict({"observation": Box, "action_mask": Box(0, 1, (n,), int8)})

Each space has seed(), sample(), contains() (and `in`), shape, dtype and
np_random, as Gymnasium's.  With Gymnasium installed these names ARE
gymnasium.spaces.Discrete, Box and Dict, so checkers and wrappers see the
real classes.  Without numpy the fallback classes still work on plain lists
(sample() returns Python ints and lists).
"""

import random as _random

from . import np

try:  # the real classes when Gymnasium is there (it needs numpy)
    if np is None:
        raise ImportError
    from gymnasium import spaces as _gs
    Space, Discrete, Box, Dict = _gs.Space, _gs.Discrete, _gs.Box, _gs.Dict
    GYMNASIUM = True
except ImportError:
    GYMNASIUM = False


def _is_int(x):
    """An integer as Gymnasium's Discrete.contains takes it: Python ints
    (bool included, as there), numpy integers, 0-d integer arrays."""
    if isinstance(x, int):
        return True
    if np is not None:
        if isinstance(x, np.integer):
            return True
        if isinstance(x, np.ndarray) and x.shape == () and np.issubdtype(x.dtype, np.integer):
            return True
    return False


if not GYMNASIUM:
    class Space:
        """Base of the fallback spaces: seeding and `x in space`."""

        def __init__(self, shape=None, dtype=None, seed=None):
            self._shape = shape
            self.dtype = dtype
            self._rng = None
            if seed is not None:
                self.seed(seed)

        @property
        def shape(self):
            return self._shape

        @property
        def np_random(self):
            if self._rng is None:
                self.seed(None)
            return self._rng

        def seed(self, seed=None):
            """Seed the sampler; returns [seed] as Gymnasium's does."""
            if np is not None:
                self._rng = np.random.default_rng(seed)
            else:
                self._rng = _random.Random(seed)
            return [seed]

        def __contains__(self, x):
            return self.contains(x)

        def _randint(self, n):
            r = self.np_random
            return int(r.integers(n)) if np is not None else r.randrange(n)

    class Discrete(Space):
        """Integers start .. start+n-1 (kontor: the fixed action space)."""

        def __init__(self, n, seed=None, start=0):
            if not _is_int(n) or int(n) <= 0:
                raise ValueError("n must be a positive integer, not %r" % (n,))
            self.n = int(n)
            self.start = int(start)
            super().__init__((), np.int64 if np is not None else int, seed)

        def sample(self, mask=None, probability=None):
            """A uniform sample; with `mask` (int8, 1 = allowed) one of the
            allowed values (start when none is, as Gymnasium does)."""
            if probability is not None:
                p = [float(v) for v in probability]
                r = self.np_random.random() if np is not None else self.np_random.random()
                acc = 0.0
                for i, v in enumerate(p):
                    acc += v
                    if r < acc:
                        return self._value(i)
                return self._value(len(p) - 1)
            if mask is None:
                return self._value(self._randint(self.n))
            if len(mask) != self.n:
                raise ValueError("the mask has %d entries for %d actions" % (len(mask), self.n))
            legal = np.flatnonzero(mask).tolist() if np is not None else \
                [i for i, m in enumerate(mask) if m]
            if not legal:
                return self._value(0)
            return self._value(legal[self._randint(len(legal))])

        def _value(self, i):
            v = self.start + int(i)
            return np.int64(v) if np is not None else v

        def contains(self, x):
            return _is_int(x) and self.start <= int(x) < self.start + self.n

        def __repr__(self):
            return "Discrete(%d)" % self.n if not self.start else \
                "Discrete(%d, start=%d)" % (self.n, self.start)

        def __eq__(self, other):
            return isinstance(other, Discrete) and (other.n, other.start) == (self.n, self.start)

        __hash__ = Space.__hash__

    class Box(Space):
        """Arrays of `shape` between low and high (scalars here)."""

        def __init__(self, low, high, shape=None, dtype="float32", seed=None):
            self.low_value, self.high_value = float(low), float(high)
            if np is not None:
                dt = np.dtype(dtype)
                self.low = np.full(shape, low, dtype=dt)
                self.high = np.full(shape, high, dtype=dt)
            else:
                dt = dtype
                self.low, self.high = low, high
            super().__init__(tuple(shape), dt, seed)

        def sample(self, mask=None, probability=None):
            size = self._shape[0]
            lo = self.low_value if self.low_value != float("-inf") else -1.0
            hi = self.high_value if self.high_value != float("inf") else lo + 2.0
            integer = np is not None and np.issubdtype(self.dtype, np.integer)
            if np is not None:
                if integer:
                    return self.np_random.integers(int(lo), int(hi) + 1, size).astype(self.dtype)
                return self.np_random.uniform(lo, hi, size).astype(self.dtype)
            return [self.np_random.uniform(lo, hi) for _ in range(size)]

        def contains(self, x):
            if np is not None:
                if not isinstance(x, np.ndarray):
                    try:
                        x = np.asarray(x, dtype=self.dtype)
                    except (ValueError, TypeError):
                        return False
                return bool(x.shape == self._shape and np.can_cast(x.dtype, self.dtype) and
                            np.all(x >= self.low) and np.all(x <= self.high))
            try:
                return len(x) == self._shape[0] and all(
                    self.low_value <= float(v) <= self.high_value for v in x)
            except (TypeError, ValueError):
                return False

        def __repr__(self):
            return "Box(%s, %s, %r, %s)" % (self.low_value, self.high_value, self._shape,
                                             getattr(self.dtype, "name", self.dtype))

        def __eq__(self, other):
            return isinstance(other, Box) and other._shape == self._shape and \
                (other.low_value, other.high_value) == (self.low_value, self.high_value) and \
                other.dtype == self.dtype

        __hash__ = Space.__hash__

    class Dict(Space):
        """A dict of named spaces (kontor: observation and action_mask)."""

        def __init__(self, spaces, seed=None):
            self.spaces = dict(spaces)
            super().__init__(None, None, seed)

        def seed(self, seed=None):
            super().seed(seed)
            for i, s in enumerate(self.spaces.values()):
                s.seed(None if seed is None else seed + i)
            return [seed]

        def sample(self, mask=None, probability=None):
            return {k: s.sample() for k, s in self.spaces.items()}

        def contains(self, x):
            return isinstance(x, dict) and x.keys() == self.spaces.keys() and \
                all(self.spaces[k].contains(x[k]) for k in self.spaces)

        def __getitem__(self, key):
            return self.spaces[key]

        def __iter__(self):
            return iter(self.spaces)

        def keys(self):
            return self.spaces.keys()

        def __len__(self):
            return len(self.spaces)

        def __repr__(self):
            return "Dict(%s)" % ", ".join("%r: %r" % kv for kv in self.spaces.items())

        def __eq__(self, other):
            return isinstance(other, Dict) and other.spaces == self.spaces

        __hash__ = Space.__hash__


def observation_box(size):
    """The observation vector's space: float32 of `size`, unbounded (the
    vectors hold raw counts; kontor.vector can normalise them)."""
    return Box(float("-inf"), float("inf"), shape=(size,), dtype=np.float32 if np is not None
               else "float32")


def mask_box(n):
    """An action mask's space: int8 0/1 over the action space."""
    return Box(0, 1, shape=(n,), dtype=np.int8 if np is not None else "int8")
