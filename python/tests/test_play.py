"""Bots, records, sessions and kontor.sim from Python."""
import json
import unittest

import kontor
from common import RNG, random_play


class TestBots(unittest.TestCase):
    def test_specs_levels_and_errors(self):
        g = kontor.Game("dominion", seed=2)
        for spec in ("random", "heuristic", "easy", "medium", "mcts:iters=50"):
            b = kontor.Bot(g, spec, seed=1)
            s = g.new_state()
            a = b.choose(s)
            self.assertIn(a, s.legal())
            self.assertIn(b(s), s.legal())
        self.assertEqual(kontor.Bot(g, "easy").spec, g.level("easy"))
        with self.assertRaises(kontor.KontorError) as cm:
            kontor.Bot(g, "grandmaster")
        self.assertEqual(cm.exception.status, "unknown name")
        with self.assertRaises(kontor.KontorError):
            kontor.Bot(g, "mcts:iters=-5")

    def test_bots_play_every_game(self):
        for name in kontor.games():
            g = kontor.Game(name, seed=6)
            bots = [kontor.Bot(g, "heuristic", seed=p) for p in range(g.players)]
            s = g.new_state()
            n = 0
            while not s.is_over() and n < 5000:
                p = s.to_move()
                s.apply(bots[p].choose(s))
                n += 1
            self.assertTrue(s.is_over(), name)

    def test_bot_for_pending_player(self):
        g = kontor.Game("dominion", seed=2)
        s = g.new_state()
        b = kontor.Bot(g, "random")
        self.assertIn(b.choose(s, player=s.to_move()), s.legal())


class TestRecords(unittest.TestCase):
    def test_record_replays_to_the_same_state(self):
        g = kontor.Game("catan", seed=8)
        s = g.new_state()
        r = kontor.Record(g)
        r.set_seat(0, "python")
        rng = RNG(5)
        for _ in range(200):
            if s.is_over():
                break
            a = rng.choice(s.legal())
            r.add(s, a)
            s.apply(a)
        self.assertEqual(len(r), s.action_count())
        self.assertEqual(r.replay(), s)
        text = r.to_json()
        r2, g2 = kontor.Record.load(text)
        self.assertEqual(r2.actions(), r.actions())
        self.assertEqual(r2.replay().to_json(), s.to_json())
        mid = r.replay(10)
        self.assertEqual(mid.action_count(), 10)
        r.truncate(5)
        self.assertEqual(len(r), 5)
        with self.assertRaises(kontor.KontorError):
            kontor.Record.load("{}")


class TestSession(unittest.TestCase):
    def test_requests(self):
        se = kontor.Session()
        v = se.request({"cmd": "version"})
        self.assertEqual(v["kontor"], kontor.version())
        r = se.request({"cmd": "new", "game": "dominion", "players": 2, "seed": 3,
                        "options": "preset=First Game"})
        self.assertTrue(r.get("ok"), r)
        legal = se.request({"cmd": "legal"})["legal"]
        r = se.request({"cmd": "apply", "id": legal[0]["id"]})
        self.assertTrue(r.get("ok"), r)
        r = se.request({"cmd": "undo"})
        self.assertTrue(r.get("ok"), r)
        st = se.request({"cmd": "state"})
        g, s = kontor.load_state(json.dumps(st["state"]))
        self.assertEqual(s.action_count(), 0)
        bad = se.request('{"cmd":"apply","action":"fly to the moon"}')
        self.assertFalse(bad.get("ok"))
        self.assertTrue(bad.get("error"))
        se.close()

    def test_seats_see_only_their_view(self):
        se = kontor.Session(trusted=False)
        r = se.request({"cmd": "new", "game": "dominion", "players": 2, "seed": 3})
        self.assertTrue(r.get("ok"), r)
        r = se.request({"cmd": "state"}, seat=0)
        self.assertFalse(r.get("ok"))
        r = se.request({"cmd": "observe", "player": 1}, seat=0)
        self.assertFalse(r.get("ok"))
        r = se.request({"cmd": "observe"}, seat=0)
        self.assertTrue(r.get("ok"), r)


class TestSim(unittest.TestCase):
    def test_python_policies_against_bots(self):
        def first(state, player):
            return state.legal()[0]

        def by_text(state, player):
            return state.legal_texts()[-1]
        res = kontor.sim("dominion", [first, "random"], games=6, seed=2)
        self.assertEqual(len(res["games"]), 6)
        self.assertEqual(res["summary"][0]["name"], "python:first")
        self.assertAlmostEqual(sum(x["wins"] for x in res["summary"]),
                               sum(1 for x in res["games"] if x["finished"]))
        orders = {tuple(x["order"]) for x in res["games"]}
        self.assertEqual(len(orders), 2)  # seats rotate
        res = kontor.sim(kontor.Game("catan", players=3, seed=1),
                         [by_text, kontor.Bot(kontor.Game("catan", players=3, seed=1), "random"),
                          "heuristic"], games=2)
        self.assertEqual(res["players"], 3)
        with self.assertRaises(ValueError):
            kontor.sim("dominion", ["random"], games=1, players=2)

    def test_sim_reproducible(self):
        a = kontor.sim("mp2", ["random", "random"], games=3, seed=4)
        b = kontor.sim("mp2", ["random", "random"], games=3, seed=4)
        self.assertEqual(a, b)


if __name__ == "__main__":
    unittest.main()
