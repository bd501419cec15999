"""Shared helpers of the Python tests."""
import math
import os
import random

import kontor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def header_number(name):
    """A number #defined in kontor.h (KT_VERSION_MAJOR, KT_ABI_VERSION...)."""
    with open(os.path.join(ROOT, "include", "kontor", "kontor.h")) as f:
        for line in f:
            w = line.split()
            if len(w) == 3 and w[:2] == ["#define", name] and w[2].isdigit():
                return int(w[2])
    return None


def header_version():
    """KT_VERSION as the header builds it from its three numbers."""
    parts = [header_number("KT_VERSION_" + k) for k in ("MAJOR", "MINOR", "PATCH")]
    return None if None in parts else ".".join(str(x) for x in parts)


def random_play(state, rng, max_actions=100000):
    """Play random legal actions to the end (or max_actions); returns the count."""
    n = state.num_legal()
    k = 0
    while n and k < max_actions:
        n = state.step_nth(rng.randrange(n))
        k += 1
    return k


def finite(vec):
    return all(math.isfinite(float(x)) for x in vec)


def tolist(x):
    return x.tolist() if hasattr(x, "tolist") else list(x)


def learn_games():
    """Names of the games with a fixed action space."""
    out = []
    for name in kontor.games():
        if kontor.Game(name).action_space_size > 0:
            out.append(name)
    return out


RNG = random.Random
