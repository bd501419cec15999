"""Post-game analysis from Python (kontor.analysis)."""
import json
import math
import threading
import unittest

import kontor
from kontor.analysis import Analysis, analyze, options


def bot_record(game_name, seats, seed):
    """A finished game between bots, as (record, game)."""
    g = kontor.Game(game_name, players=len(seats), seed=seed)
    bots = [kontor.Bot(g, spec, seed=seed + p) for p, spec in enumerate(seats)]
    rec = kontor.Record(g)
    s = g.new_state()
    while not s.is_over():
        a = bots[s.to_move()].choose(s)
        rec.add(s, a)
        s.apply(a)
    return rec, g


class TestAnalysis(unittest.TestCase):
    def test_options_are_listed(self):
        names = [o["name"] for o in options()]
        for name in ("budget", "seed", "threads", "depth", "time"):
            self.assertIn(name, names)

    def test_analyze_a_record_and_json(self):
        rec, _ = bot_record("dominion", ["random", "heuristic"], 5)
        seen = []
        d = analyze(rec, 0, budget=100, progress=lambda p: seen.append(p["done"]))
        self.assertEqual(d["seat"], 0)
        self.assertTrue(d["complete"])
        self.assertEqual(len(d["moves"]), d["analysed"])
        self.assertEqual(seen, list(range(1, d["analysed"] + 1)))
        self.assertEqual(sorted(d["ranking"]), list(range(len(d["moves"]))))
        losses = [d["moves"][i]["loss"] for i in d["ranking"]]
        self.assertEqual(losses, sorted(losses, reverse=True))
        # the random player makes mistakes the analysis sees
        self.assertGreater(d["summary"]["inaccuracies"] + d["summary"]["mistakes"] +
                           d["summary"]["blunders"], 0)
        # the same from the record's JSON text, in German
        d2 = analyze(rec.to_json(), 0, budget=100, lang="de")
        self.assertEqual([m["win_after"] for m in d2["moves"]],
                         [m["win_after"] for m in d["moves"]])
        self.assertNotEqual(d2["moves"][0]["played"], d["moves"][0]["played"])  # German text

    def test_threads_and_the_structs(self):
        rec, _ = bot_record("anno1701", ["heuristic", "heuristic"], 3)
        a1 = Analysis(rec, 1, budget=20, to=60).run()
        a2 = Analysis(rec, 1, budget=20, to=60, threads=2).run()
        self.assertEqual(a1.to_json(), a2.to_json())
        self.assertEqual(a1.options, a2.options)
        self.assertNotIn("threads", a1.options)
        moves = a1.moves()
        self.assertEqual(len(moves), len(a1))
        for m in moves:
            self.assertTrue(m["done"])
            self.assertTrue(0 <= m["win_played"] <= 1)
            self.assertLess(m["index"], 60)
        self.assertEqual(a1.ranked(), a1.to_dict()["ranking"])

    def test_cancel_from_another_thread_and_resume(self):
        rec, _ = bot_record("dominion", ["heuristic", "heuristic"], 8)
        whole = Analysis(rec, 0, budget=300).run().to_json()
        a = Analysis(rec, 0, budget=300, threads=2)
        started = threading.Event()
        t = threading.Thread(target=lambda: a.run(lambda p: started.set()))
        t.start()
        started.wait(30)
        a.cancel()
        t.join()
        p = a.progress()
        self.assertTrue(p["cancelled"])
        self.assertLess(p["done"], p["decisions"])
        self.assertFalse(a.to_dict()["complete"])
        a.run()
        self.assertEqual(a.to_json(), whole)

    def test_progress_callback_cancels_and_errors_propagate(self):
        rec, _ = bot_record("anno1701", ["heuristic", "heuristic"], 4)
        a = Analysis(rec, 0, budget=10)
        a.run(lambda p: p["done"] >= 3)
        self.assertEqual(a.progress()["done"], 3)

        def boom(p):
            raise ValueError("stop here")
        with self.assertRaises(ValueError):
            Analysis(rec, 0, budget=10).run(boom)

    def test_position_what_would_the_bot_do(self):
        g = kontor.Game("dominion", seed=1, options={"preset": "First Game"})
        s = g.new_state()
        hint = Analysis.position(s, budget=60).run().to_dict()
        m = hint["moves"][0]
        self.assertIn(m["best_id"], s.legal())
        self.assertNotIn("played", m)
        self.assertTrue(0 <= m["win_best"] <= 1)
        judged = Analysis.position(s, played="play treasures", budget=60).run().moves()[0]
        self.assertTrue(judged["has_played"])
        self.assertFalse(math.isnan(judged["loss"]))

    def test_bad_input(self):
        rec, g = bot_record("anno1701", ["heuristic", "heuristic"], 2)
        with self.assertRaises(kontor.KontorError) as cm:
            Analysis(rec, 2)
        self.assertIn("no player 2", str(cm.exception))
        with self.assertRaises(kontor.KontorError) as cm:
            Analysis(rec, 0, bogus=1)
        self.assertEqual(cm.exception.status, "unknown name")
        with self.assertRaises(kontor.KontorError):
            Analysis(rec, 0, options="budget=abc")
        with self.assertRaises(kontor.KontorError):
            Analysis('{"kontor_record":1}', 0)
        with self.assertRaises(TypeError):
            Analysis(42, 0)
        s = g.new_state()
        with self.assertRaises(kontor.KontorError):
            Analysis.position(s, player=1 - s.to_move())

    def test_session_command(self):
        sess = kontor.Session()
        sess.request({"cmd": "new", "game": "anno1701", "seed": 3})
        for _ in range(20):
            sess.request({"cmd": "bot", "spec": "heuristic", "apply": True})
        r = sess.request({"cmd": "analyze", "player": 0, "options": "budget=8"})
        self.assertTrue(r["ok"], r)
        self.assertEqual(r["analysis"]["seat"], 0)
        self.assertTrue(r["analysis"]["moves"])
        self.assertEqual(json.loads(json.dumps(r))["analysis"]["kontor_analysis"], 1)


if __name__ == "__main__":
    unittest.main()
