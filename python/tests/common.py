"""Shared helpers of the Python tests."""
import math
import os
import random

import kontor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def header_version():
    with open(os.path.join(ROOT, "include", "kontor", "kontor.h")) as f:
        for line in f:
            if line.startswith("#define KT_VERSION "):
                return line.split('"')[1]
    return None


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
