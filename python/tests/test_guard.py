"""Issue 26 from Python: the undo barrier of a Session ("undo" with
"player"), the warnings of the legal listing, and the study options the
learning environments and batches create their games with."""
import unittest

import kontor
import kontor.batch
import kontor.env


class TestUndoBarrier(unittest.TestCase):
    def test_undo_refused_after_the_new_hand_is_drawn(self):
        se = kontor.Session()
        r = se.request({"cmd": "new", "game": "dominion", "players": 2, "seed": 3,
                        "options": "preset=First Game"})
        self.assertTrue(r.get("ok"), r)
        r = se.request({"cmd": "apply", "action": "play treasures"})
        self.assertTrue(r.get("ok"), r)
        r = se.request({"cmd": "undo", "player": 0})  # nothing hidden was shown
        self.assertTrue(r.get("ok"), r)
        r = se.request({"cmd": "apply", "action": "end turn"})
        self.assertTrue(r.get("ok"), r)
        r = se.request({"cmd": "undo", "player": 0, "lang": "de"})
        self.assertFalse(r.get("ok"))
        self.assertIn("Das kann nicht zurückgenommen werden", r["message"])
        self.assertIn("Spieler 1 zieht", r["revealed"]["text"])
        self.assertEqual(r["undoable"], 0)
        r = se.request({"cmd": "undo", "player": 0, "steps": 1, "dry_run": True})
        self.assertFalse(r.get("ok"))
        r = se.request({"cmd": "undo"})  # the host itself (no player): no barrier
        self.assertTrue(r.get("ok"), r)
        se.close()

    def test_legal_lists_carry_warnings_only_where_the_game_has_them(self):
        se = kontor.Session()
        se.request({"cmd": "new", "game": "dominion", "players": 2, "seed": 3})
        legal = se.request({"cmd": "legal"})["legal"]
        self.assertTrue(legal)
        self.assertFalse(any("warning" in a for a in legal))  # Dominion warns about nothing
        se.close()


class TestStudyOptions(unittest.TestCase):
    def test_study_options_keep_the_users_value(self):
        for name in kontor.games():
            so = kontor.lib.kt_game_study_options(name.encode()) or b""
            self.assertEqual(kontor.env.study_options(name), so.decode())
            self.assertEqual(kontor.env.study_options(name, "turn_limit=9").split(";")[0],
                             "turn_limit=9")
        with self.assertRaises(kontor.KontorError):
            kontor.env.study_options("no-such-game")

    def test_environments_and_batches_use_them(self):
        env = kontor.env.KontorEnv("dominion", players=2, options={"preset": "First Game"})
        self.assertEqual(env.game.options, "preset=First Game")
        b = kontor.batch.Batch("dominion", 2, seed=1)
        self.assertEqual(b.game.name, "dominion")
        self.assertGreater(b.play_random(), 0)


if __name__ == "__main__":
    unittest.main()
