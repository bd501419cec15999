#!/usr/bin/env python3
"""Speed of kontor from Python, per game, on one core (docs/python.md, "Speed").

    python3 python/bench.py [--seconds 3] [--games dominion,catan,mp2]

Three measurements per game, each for about --seconds of wall time:
  per-action  random play with one library call per action: Python draws
              random.randrange(n) and calls State.step_nth, which applies that
              legal action and returns the number of legal actions of the new
              position (target: >= 100,000 actions/s);
  batched     kontor.batch.Batch(game, 256).play_random(): whole random games
              for 256 states in one call (target: >= 1,000,000 actions/s);
  env step    kontor.env single-agent steps (random legal index from the
              mask, opponents random): the cost of a learning step with an
              observation vector and a mask each time (no target);
  vector      kontor.vector (kt_vec_step): 64 games per call, the learner's
              action a random legal index drawn in C (-1), random opponents,
              observation and int8 mask written every step; agent steps per
              CPU second of this thread (target: >= 1,000,000).  With
              --vector-only also the observation bytes written per second
              next to the write bandwidth of main memory (numpy filling 512
              MB) and of a buffer as large as the observations of --envs
              games (the caches they stay in).
The process is pinned to one CPU (os.sched_setaffinity) and the load average
is printed, since other work on the machine slows every figure.
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kontor  # noqa: E402
import kontor.batch  # noqa: E402
import kontor.env  # noqa: E402
try:
    import numpy as np  # noqa: E402
    import kontor.vector  # noqa: E402
except ImportError:
    np = None


def per_action(game, seconds):
    rng = random.Random(1)
    actions = 0
    seed = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_state(seed=seed)
        seed += 1
        n = state.num_legal()
        step = state.step_nth
        randrange = rng.randrange
        while n:
            n = step(randrange(n))
            actions += 1
    return actions / (time.perf_counter() - t0)


def batched(game, seconds, n=256):
    b = kontor.batch.Batch(game, n, seed=1)
    actions = 0
    t0 = time.perf_counter()
    rounds = 0
    while time.perf_counter() - t0 < seconds:
        b.reset(seed=1 + rounds * n)
        actions += b.play_random()
        rounds += 1
    return actions / (time.perf_counter() - t0)


def env_steps(game, seconds):
    env = kontor.env.make(game, opponents="random")
    rng = random.Random(1)
    steps = 0
    t0 = time.perf_counter()
    seed = 0
    while time.perf_counter() - t0 < seconds:
        obs, info = env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            obs, r, term, trunc, info = env.step(rng.choice(info["legal_actions"]))
            done = term or trunc
            steps += 1
    return steps / (time.perf_counter() - t0)


def vector_steps(game, seconds, n=64):
    """Agent steps per CPU second of kt_vec_step (random legal actions in C)."""
    v = kontor.vector.make(game, n, seed=1)
    v.reset(seed=1)
    acts = np.full(n, -1, dtype=np.int64)
    steps = 0
    t0 = time.thread_time()
    w0 = time.perf_counter()
    while time.perf_counter() - w0 < seconds:
        for _ in range(16):
            v.step(acts)
        steps += 16 * n
    return steps / (time.thread_time() - t0)


def write_bandwidth(nbytes=512 * 1024 * 1024, seconds=0.5):
    """Bytes per CPU second numpy writes zeros into an array of nbytes (one
    core): 512 MB measures main memory; the size of a vector env's
    observation buffer measures the caches it stays in."""
    a = np.ones(max(1, nbytes // 4), dtype=np.float32)
    done = 0
    t0 = time.thread_time()
    w0 = time.perf_counter()
    while time.perf_counter() - w0 < seconds or done == 0:
        a.fill(0.0)
        done += a.nbytes
    return done / (time.thread_time() - t0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--games", default=",".join(kontor.games()))
    ap.add_argument("--no-env", action="store_true", help="skip the env measurement")
    ap.add_argument("--vector-only", action="store_true", help="only the vector env, with "
                    "write bandwidths: of main memory and of a buffer the size of the "
                    "observations of --envs games")
    ap.add_argument("--envs", type=int, default=64, help="games of the vector env")
    args = ap.parse_args()
    try:
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
        pinned = "pinned to one CPU"
    except (AttributeError, OSError):
        pinned = "not pinned"
    print("kontor %s, Python %s, numpy %s, %s, load average %.1f"
          % (kontor.version(), sys.version.split()[0], "yes" if kontor.HAVE_NUMPY else "no",
             pinned, os.getloadavg()[0]))
    if args.vector_only:
        if np is None:
            print("kontor.vector needs numpy")
            return 1
        bw = write_bandwidth()
        print("write bandwidth, 512 MB (main memory): %.1f GB/s per CPU second" % (bw / 1e9))
        print("%-10s %12s %9s %10s %12s %9s %10s" % ("game", "vector/s", "obs B", "obs GB/s",
                                                     "cache GB/s", "of cache", "of memory"))
        for name in args.games.split(","):
            game = kontor.Game(name, seed=1)
            r = vector_steps(game, args.seconds, args.envs)
            ob = r * game.obs_size * 4
            cache = write_bandwidth(args.envs * game.obs_size * 4)
            print("%-10s %12.0f %9d %10.2f %12.2f %8.0f%% %9.0f%%" % (
                name, r, game.obs_size * 4, ob / 1e9, cache / 1e9, 100 * ob / cache,
                100 * ob / bw))
            sys.stdout.flush()
        return 0
    print("%-10s %16s %16s %16s %16s" % ("game", "per-action/s", "batched/s", "env steps/s",
                                         "vector/s"))
    for name in args.games.split(","):
        game = kontor.Game(name, seed=1)
        a = per_action(game, args.seconds)
        b = batched(game, args.seconds)
        e = env_steps(name, args.seconds) if not args.no_env else float("nan")
        vv = vector_steps(game, args.seconds) if np is not None else float("nan")
        print("%-10s %16.0f %16.0f %16.0f %16.0f" % (name, a, b, e, vv))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
