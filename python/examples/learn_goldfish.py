#!/usr/bin/env python3
"""A small learning loop on kontor's Gym-style environment: one-player
Dominion ("goldfish", First Game kingdom) stopped after 15 turns; the policy
learns to end with more victory points.

Policy: linear softmax over the legal indices of the fixed action space,
preference(a) = w[a] . features(observation), with 7 features read from the
documented observation vector (coins, Golds, Silvers, Provinces owned, turn,
actions left, a bias).  Learning: REINFORCE with a running baseline, the
return being the victory points at the end.  Pure Python (no numpy needed).

    python3 python/examples/learn_goldfish.py [--episodes 600] [--seed 1]

It prints the policy's mean victory points before training and after, each
over the same evaluation deals (sampling from the policy, not greedy).
"""
import argparse
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import kontor  # noqa: E402
import kontor.env  # noqa: E402

TURNS = 15
OPTIONS = "preset=First Game;turn_limit=%d" % TURNS

# Dominion observation layout (docs/python.md, "Dominion"): general fields,
# and the observer's own player block starting at 1344 with owned counts at
# +16 + card slot (Copper 1, Silver 2, Gold 3, Province 6).
G_TURN, G_ACTIONS, G_COINS = 7, 56, 58
OWN = 1344 + 16
SILVER, GOLD, PROVINCE = 2, 3, 6


def features(obs):
    return (1.0, obs[G_COINS] / 8.0, obs[OWN + GOLD] / 4.0, obs[OWN + SILVER] / 8.0,
            obs[OWN + PROVINCE] / 4.0, obs[G_TURN] / 20.0, min(obs[G_ACTIONS], 3) / 3.0)


class LinearPolicy:
    def __init__(self, nfeat, rng):
        self.w = {}  # action index -> weights (created at 0: uniform at first)
        self.nfeat = nfeat
        self.rng = rng

    def probs(self, phi, legal):
        prefs = []
        for a in legal:
            w = self.w.get(a)
            prefs.append(sum(x * y for x, y in zip(w, phi)) if w else 0.0)
        m = max(prefs)
        e = [math.exp(p - m) for p in prefs]
        z = sum(e)
        return [x / z for x in e]

    def act(self, phi, legal, greedy=False):
        p = self.probs(phi, legal)
        if greedy:
            return legal[max(range(len(legal)), key=p.__getitem__)], p
        return self.rng.choices(legal, weights=p)[0], p

    def update(self, episode, advantage, lr):
        # gradient of log softmax: phi * (1[a] - p(a)) for every legal a
        for phi, legal, chosen, p in episode:
            for a, pa in zip(legal, p):
                g = (1.0 if a == chosen else 0.0) - pa
                if g == 0.0:
                    continue
                w = self.w.setdefault(a, [0.0] * self.nfeat)
                for j in range(self.nfeat):
                    w[j] += lr * advantage * g * phi[j]


def run_episode(env, policy, seed, greedy=False):
    obs, info = env.reset(seed=seed)
    episode = []
    while True:
        phi = features(obs)
        legal = info["legal_actions"]
        a, p = policy.act(phi, legal, greedy)
        episode.append((phi, legal, a, p))
        obs, _, terminated, truncated, info = env.step(a)
        if terminated or truncated:
            return info["result"]["score"][0], episode


def evaluate(env, policy, seeds):
    return sum(run_episode(env, policy, s)[0] for s in seeds) / len(seeds)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--episodes", type=int, default=600)
    ap.add_argument("--eval", type=int, default=40, help="evaluation games")
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    env = kontor.env.make("dominion", players=1, options=OPTIONS, seed=args.seed)
    policy = LinearPolicy(7, random.Random(args.seed))
    eval_seeds = [10 ** 6 + k for k in range(args.eval)]
    before = evaluate(env, policy, eval_seeds)
    print("before training: %.1f VP after %d turns" % (before, TURNS))
    baseline = None
    for ep in range(args.episodes):
        vp, episode = run_episode(env, policy, args.seed * 100003 + ep)
        ret = vp / 10.0
        baseline = ret if baseline is None else 0.95 * baseline + 0.05 * ret
        policy.update(episode, ret - baseline, args.lr)
        if (ep + 1) % max(1, args.episodes // 8) == 0:
            print("  episode %4d: %3d VP (running baseline %.1f)" % (ep + 1, vp, baseline * 10))
    after = evaluate(env, policy, eval_seeds)
    print("after %d episodes: %.1f VP" % (args.episodes, after))
    print("improvement: %+.1f VP" % (after - before))
    return 0


if __name__ == "__main__":
    sys.exit(main())
