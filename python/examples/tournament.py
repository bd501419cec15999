#!/usr/bin/env python3
"""A tournament of Python policies against kontor's bots (Dominion, First
Game kingdom, 2 players): every pair of entrants plays --games games with
seats rotating (kontor.sim), and a table shows each entrant's share of wins.

    python3 python/examples/tournament.py [--games 40] [--seed 1]

The Python policies choose among the legal actions by their texts:
  big_money     play all Treasures, buy Province, else Gold, else Silver
  smithy_money  the same, but plays Smithy and buys one Smithy early
  first_legal   always the first legal action (a weak baseline)
The kontor entrants are bot specs: "random", "heuristic" and "bmu".
"""
import argparse
import itertools
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import kontor  # noqa: E402


def pick(texts, wanted):
    for w in wanted:
        if w in texts:
            return w
    return None


def big_money(state, player):
    texts = state.legal_texts(player=player)
    return pick(texts, ["play treasures", "buy Province", "buy Gold", "buy Silver",
                        "end actions", "end turn"]) or texts[0]


def smithy_money(state, player):
    texts = state.legal_texts(player=player)
    owned = state.observation(player)["seats"][player]["owned"]
    wants = ["play Smithy", "play treasures", "buy Province", "buy Gold"]
    if owned.count("Smithy") < 1 + owned.count("Gold") // 3:
        wants.append("buy Smithy")
    return pick(texts, wants + ["buy Silver", "end actions", "end turn"]) or texts[0]


def first_legal(state, player):
    return state.legal(player)[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games per pairing")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = kontor.Game("dominion", players=2, seed=args.seed, options="preset=First Game")
    entrants = [("big_money", big_money), ("smithy_money", smithy_money),
                ("first_legal", first_legal), ("random", "random"),
                ("heuristic", "heuristic"), ("bmu", "bmu")]
    wins = {name: 0.0 for name, _ in entrants}
    played = {name: 0 for name, _ in entrants}
    table = {}
    for (na, a), (nb, b) in itertools.combinations(entrants, 2):
        res = kontor.sim(game, [a, b], games=args.games, seed=args.seed)
        wa, wb = res["summary"][0]["wins"], res["summary"][1]["wins"]
        table[(na, nb)], table[(nb, na)] = wa / args.games, wb / args.games
        wins[na] += wa
        wins[nb] += wb
        played[na] += args.games
        played[nb] += args.games
    names = [n for n, _ in entrants]
    print("share of wins of the row against the column (%d games each):" % args.games)
    print("%-13s" % "" + "".join("%13s" % n for n in names) + "%9s" % "total")
    for r in names:
        cells = "".join("%13s" % ("-" if r == c else "%.0f%%" % (100 * table[(r, c)]))
                        for c in names)
        print("%-13s%s%8.0f%%" % (r, cells, 100 * wins[r] / played[r]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
