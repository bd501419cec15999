#!/usr/bin/env python3
"""Train a small policy with the vectorised environment and draw its learning
curve as an SVG (numpy only).

    python3 python/examples/train_vector.py [--game dominion] [--envs 64]
        [--steps 200000] [--seed 1] [--svg docs/learning_curve.svg]

The learner plays seat 0 against random opponents in `--envs` games stepped
together in C (kontor.vector).  The policy is a softmax over the legal
actions with one learned preference per action of the fixed action space
(state-independent: the smallest policy that can learn which cards to buy
and play), trained by REINFORCE: every action of a game is reinforced by
the game's reward (1 win, 1/k shared, 0 loss) minus the running mean reward.
Each env keeps the sum of (one-hot(action) - probabilities) of its current
game, so an update costs one vector per finished game.

Prints the win rate of every block of finished games and ends with
"improvement: X" (last block's win rate minus the first's, in points).
`make learning-curve` regenerates docs/learning_curve.svg with the defaults.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np  # noqa: E402

import kontor.vector  # noqa: E402


def train(game, envs, steps, seed, lr=0.5, block=200):
    v = kontor.vector.make(game, envs, seed=seed, opponents="random")
    rng = np.random.default_rng(seed)
    pref = np.zeros(v.game.action_space_size)
    trace = np.zeros((envs, v.game.action_space_size))
    obs, infos = v.reset(seed=seed)
    mask = infos["action_mask"]
    baseline, curve, results = 0.5, [], []
    t0 = time.time()
    for step in range(1, steps // envs + 1):
        logits = np.where(mask > 0, pref, -1e30)  # rows without a legal action: unused
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        # one categorical draw per row (rows without a legal action: new deals)
        u = rng.random((envs, 1))
        acts = np.minimum((p.cumsum(axis=1) < u).sum(axis=1), v.game.action_space_size - 1)
        live = mask.any(axis=1)
        trace[live] -= p[live]
        trace[np.flatnonzero(live), acts[live]] += 1.0
        obs, rew, term, trunc, infos = v.step(np.where(live, acts, 0))
        mask = infos["action_mask"]
        for k in np.flatnonzero(term | trunc):
            r = float(rew[k])
            pref += lr * (r - baseline) * trace[k] / 100.0
            baseline += 0.01 * (r - baseline)
            trace[k] = 0.0
            results.append(r)
            if len(results) % block == 0:
                rate = float(np.mean(results[-block:]))
                curve.append((step * envs, rate))
                print("%8d steps  %6d games  win rate %.3f  (%.0f s)"
                      % (step * envs, len(results), rate, time.time() - t0))
                sys.stdout.flush()
    return curve


def svg(curve, path, title):
    """A plain SVG line chart: win rate (0..1) over learner steps."""
    W, H, L, B, R, T = 640, 360, 60, 40, 20, 40
    xmax = max(x for x, _ in curve) or 1
    def px(x):
        return L + (W - L - R) * x / xmax

    def py(y):
        return H - B - (H - B - T) * y

    pts = " ".join("%.1f,%.1f" % (px(x), py(y)) for x, y in curve)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="12">' % (W, H),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="22" font-size="14">%s</text>' % (L, title)]
    for i in range(6):
        y = i / 5
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>'
                   % (L, py(y), W - R, py(y)))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%.1f</text>' % (L - 6, py(y) + 4, y))
    for i in range(5):
        x = xmax * i / 4
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%d</text>'
                   % (px(x), H - B + 16, x))
    out.append('<text x="%d" y="%d" text-anchor="middle">learner steps</text>'
               % ((W + L) // 2, H - 6))
    out.append('<text x="14" y="%d" transform="rotate(-90 14 %d)" text-anchor="middle">'
               'win rate</text>' % ((H - B + T) // 2, (H - B + T) // 2))
    out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="black"/>'
               % (L, py(0), W - R, py(0)))
    out.append('<polyline fill="none" stroke="#1f6fb4" stroke-width="2" points="%s"/>' % pts)
    out.append('</svg>')
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="dominion")
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--steps", type=int, default=200000, help="learner steps in all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--block", type=int, default=100, help="games per point of the curve")
    ap.add_argument("--svg", help="write the learning curve here")
    args = ap.parse_args()
    curve = train(args.game, args.envs, args.steps, args.seed, block=args.block)
    if len(curve) < 2:
        print("too few games for a curve: raise --steps")
        return 1
    print("improvement: %.1f" % (100 * (curve[-1][1] - curve[0][1])))
    if args.svg:
        svg(curve, args.svg, "kontor.vector: REINFORCE in %s, %d games at once, seat 0 vs random "
            "(seed %d)" % (args.game, args.envs, args.seed))
        print("wrote", args.svg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
