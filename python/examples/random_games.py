#!/usr/bin/env python3
"""10,000 random games from Python, one library call per action.

    python3 python/examples/random_games.py [--game dominion] [--games 10000]
                                            [--players N] [--batched]

Each action is chosen in Python (random.randrange over the number of legal
actions) and applied with State.step_nth, which returns the number of legal
actions of the new position.  --batched plays the same number of games with
kontor.batch instead (the choices are then made inside the library).
Prints the number of games and actions, actions per second, how often each
seat won and the mean game length.
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import kontor  # noqa: E402
import kontor.batch  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="dominion")
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--options", default=None)
    ap.add_argument("--batched", action="store_true", help="play in batches inside the library")
    args = ap.parse_args()
    game = kontor.Game(args.game, players=args.players, seed=args.seed, options=args.options)
    wins = [0.0] * game.players
    turns = actions = 0
    t0 = time.perf_counter()
    if args.batched:
        b = kontor.batch.Batch(game, min(args.games, 256), seed=args.seed)
        done = 0
        while done < args.games:
            k = min(b.n, args.games - done)
            b.reset(seed=args.seed + done)
            actions += b.play_random()
            for res in b.results()[:k]:
                wins = [w + r for w, r in zip(wins, res["reward"])]
                turns += res["turns"]
            done += k
    else:
        rng = random.Random(args.seed)
        for gi in range(args.games):
            state = game.new_state(seed=args.seed + gi)
            n = state.num_legal()
            step = state.step_nth
            while n:
                n = step(rng.randrange(n))
                actions += 1
            res = state.result()
            wins = [w + r for w, r in zip(wins, res["reward"])]
            turns += res["turns"]
    dt = time.perf_counter() - t0
    print("%s: %d games, %d actions in %.1f s: %.0f actions/s (%s)"
          % (game.name, args.games, actions, dt, actions / dt,
             "batched" if args.batched else "one call per action"))
    print("wins per seat: " + ", ".join("%d: %.1f%%" % (p + 1, 100 * w / args.games)
                                        for p, w in enumerate(wins)))
    print("mean length: %.1f turns, %.1f actions" % (turns / args.games, actions / args.games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
