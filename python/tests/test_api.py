"""kontor's core Python API: games, configurations, states, views, errors."""
import json
import unittest

import kontor
from common import RNG, header_version, random_play


class TestLibrary(unittest.TestCase):
    def test_version_matches_header(self):
        self.assertEqual(kontor.__version__, header_version())
        self.assertEqual(kontor.version().split(".")[:2], header_version().split(".")[:2])

    def test_abi_matches_header(self):
        from common import header_number
        self.assertEqual(kontor._lib.ABI, header_number("KT_ABI_VERSION"))
        self.assertTrue(kontor.lib.kontor_path.endswith("libkontor.so.%d" % kontor._lib.ABI))

    def test_constants_match_header(self):
        # Python's copies of kontor.h's numbers cannot drift: each is read
        # back from the header here (status codes in enum order).
        import os
        import re
        from common import ROOT, header_number
        with open(os.path.join(ROOT, "include", "kontor", "kontor.h")) as f:
            text = f.read()
        enum = re.search(r"typedef enum kt_status \{(.*?)\} kt_status;", text, re.S).group(1)
        names = re.findall(r"^\s*(KT_[A-Z]+)", enum, re.M)
        self.assertEqual(names[0], "KT_OK")
        self.assertGreaterEqual(len(names), 10)
        for code, name in enumerate(names):
            self.assertEqual(getattr(kontor._lib, name), code, name)
            self.assertTrue(kontor._lib.status_name(kontor.lib, code))
        for name in ("KT_ERRLEN", "KT_LEGAL_MAX", "KT_MAX_PLAYERS"):
            self.assertEqual(getattr(kontor._lib, name), header_number(name), name)
        for name in ("KT_SPECTATOR", "KT_OMNISCIENT", "KT_TO_MOVE"):
            m = re.search(r"#define %s \((-?\d+)\)" % name, text)
            self.assertEqual(getattr(kontor._lib, name), int(m.group(1)), name)
        m = re.search(r"#define KT_COLOR (0x[0-9a-fA-F]+)", text)
        self.assertEqual(kontor._lib.KT_COLOR, int(m.group(1), 16))

    def test_version_check_refuses_another_major(self):
        with self.assertRaises(ImportError):
            kontor._lib.check_version("9.0.0")
        kontor._lib.check_version(kontor.__version__)

    def test_games_and_info(self):
        names = kontor.games()
        self.assertIn("dominion", names)
        for name in names:
            info = kontor.game_info(name)
            self.assertEqual(info["name"], name)
            self.assertLessEqual(info["min_players"], info["default_players"])
            self.assertLessEqual(info["default_players"], info["max_players"])
            self.assertTrue(kontor.bots(name))
            self.assertIsInstance(info["options"], list)

    def test_unknown_game_and_bad_options(self):
        with self.assertRaises(kontor.KontorError) as cm:
            kontor.Game("chess")
        self.assertEqual(cm.exception.status, "unknown name")
        with self.assertRaises(kontor.KontorError) as cm:
            kontor.Game("dominion", options="kingdom=Nonsense")
        self.assertIn("Nonsense".lower(), str(cm.exception).lower())
        with self.assertRaises(kontor.KontorError):
            kontor.Game("dominion", players=9)
        with self.assertRaises(kontor.KontorError):
            kontor.game_info("chess")


class TestGameAndState(unittest.TestCase):
    def setUp(self):
        self.g = kontor.Game("dominion", players=2, seed=5, options={"preset": "First Game"})

    def test_canonical_options_recreate_configuration(self):
        g = kontor.Game("dominion", players=2, seed=77)
        h = kontor.Game("dominion", players=2, seed=77, options=g.options)
        self.assertEqual(g.options, h.options)
        self.assertEqual(g.new_state().to_json(), h.new_state().to_json())
        d = kontor.Game("dominion", options={"kingdom": ["Village", "Smithy"], "sets": "base"})
        self.assertIn("Village", d.options)

    def test_legal_apply_by_id_and_text(self):
        s = self.g.new_state()
        legal = s.legal()
        texts = s.legal_texts()
        self.assertEqual(len(legal), len(texts))
        self.assertEqual(s.num_legal(), len(legal))
        self.assertEqual(dict(s.legal_actions()), dict(zip(legal, texts)))
        t = s.clone()
        s.apply(legal[-1])
        t.apply(texts[-1])
        self.assertEqual(s, t)
        self.assertEqual(hash(s), hash(t))
        self.assertEqual(s.action_count(), 1)

    def test_german_text_parses(self):
        s = self.g.new_state()
        de = s.legal_texts(lang="de")
        a = s.parse(de[0])
        self.assertEqual(a, s.legal()[0])

    def test_illegal_action_raises_and_changes_nothing(self):
        s = self.g.new_state()
        before = s.to_json()
        with self.assertRaises(kontor.KontorError) as cm:
            s.apply(0xFFFFFF)
        self.assertEqual(cm.exception.status, "illegal action")
        with self.assertRaises(kontor.KontorError):
            s.apply("build a castle")
        self.assertEqual(before, s.to_json())

    def test_clone_is_independent(self):
        s = self.g.new_state()
        c = s.clone()
        c.apply(c.legal()[0])
        self.assertNotEqual(s, c)
        self.assertEqual(s.action_count(), 0)

    def test_random_game_to_the_end(self):
        for name in kontor.games():
            g = kontor.Game(name, seed=3)
            s = g.new_state()
            self.assertEqual(s.to_move() >= 0, True)
            self.assertIn(s.to_move(), s.pending())
            random_play(s, RNG(1))
            self.assertTrue(s.is_over(), name)
            self.assertEqual(s.to_move(), -1)
            self.assertEqual(s.legal(), [])
            res = s.result()
            self.assertTrue(res["finished"])
            self.assertAlmostEqual(sum(res["reward"]), 1.0)
            self.assertEqual(s.returns(), res["reward"])
            self.assertTrue(res["winners"])
            self.assertEqual(s.decision(), "over")
            s.check()

    def test_new_state_seed_deals_differently(self):
        a = self.g.new_state(seed=1)
        b = self.g.new_state(seed=2)
        self.assertNotEqual(a.to_json(), b.to_json())
        self.assertEqual(a, self.g.new_state(seed=1))

    def test_views(self):
        s = self.g.new_state()
        obs = s.observation()
        self.assertEqual(obs["game"], "dominion")
        self.assertEqual(obs["you"], 0)
        spec = s.observation(kontor.SPECTATOR)
        self.assertEqual(spec["you"], -1)
        self.assertNotEqual(json.dumps(spec, sort_keys=True), json.dumps(
            dict(obs, you=-1), sort_keys=True))  # the player sees more (their hand)
        with self.assertRaises(kontor.KontorError):
            s.observation(7)
        self.assertIsInstance(s.render(), str)
        self.assertIsInstance(s.render(kontor.SPECTATOR, lang="de"), str)
        import re
        plain = re.sub("\x1b\\[[0-9;]*m", "", s.render(0, color=True))
        self.assertEqual(plain, s.render(0))
        self.assertIsInstance(str(s), str)
        self.assertTrue(s.prompt())
        self.assertTrue(s.prompt(lang="de"))
        ev = s.evaluate()
        self.assertEqual(len(ev), 2)
        self.assertAlmostEqual(sum(ev), 1.0, places=3)

    def test_full_state_json_round_trip(self):
        s = self.g.new_state()
        random_play(s, RNG(2), max_actions=40)
        text = s.to_json()
        g2, s2 = kontor.load_state(text)
        self.assertEqual(g2.options, self.g.options)
        self.assertEqual(s2.to_json(), text)
        t = self.g.new_state()
        t.load_json(text)
        self.assertEqual(t, s)
        with self.assertRaises(kontor.KontorError):
            t.load_json('{"kontor":1}')
        self.assertEqual(t, s)
        with self.assertRaises(kontor.KontorError):
            kontor.load_state("not json")

    def test_determinize_keeps_the_players_view(self):
        for name in kontor.games():
            g = kontor.Game(name, seed=4)
            s = g.new_state()
            random_play(s, RNG(3), max_actions=30)
            p = s.to_move()
            d = s.determinize(p, seed=9)
            self.assertEqual(s.observation(p), d.observation(p), name)
            self.assertEqual(s.legal(), d.legal())

    def test_events(self):
        s = self.g.new_state()
        a = s.legal()[0]
        ev = s.apply(a, events=True)
        self.assertEqual(ev[0]["kind"], "action")
        self.assertEqual(ev[0]["player"], 0)
        for name in kontor.games():
            c = kontor.Game(name, seed=1).new_state()
            rng = RNG(4)
            steps = 0
            while steps < 50 and not c.is_over():
                # a player with a decision: the one to move, or the first of
                # those deciding at once (sealed bids)
                actor = c.to_move() if c.to_move() >= 0 else c.pending()[0]
                legal = c.legal(player=actor)
                self.assertTrue(legal, name)
                ev = c.apply(rng.choice(legal), player=actor, events=True,
                             viewer=kontor.SPECTATOR)
                steps += 1
                self.assertEqual(ev[0]["kind"], "action")
                self.assertEqual(ev[0]["player"], actor)
                self.assertTrue(all(set(e) >= {"kind", "text"} for e in ev))
            self.assertGreater(steps, 10, name)

    def test_describe_and_components(self):
        with self.assertRaises(kontor.KontorError) as cm:
            self.g.describe("No Such Card")
        self.assertEqual(cm.exception.status, "unknown name")
        self.assertTrue(self.g.components())
        for lvl in ("easy", "medium", "hard"):
            self.assertTrue(self.g.level(lvl))
        self.assertIsNone(self.g.level("grandmaster"))


if __name__ == "__main__":
    unittest.main()


class TestOneForm(unittest.TestCase):
    """The package calls the library's one forms (kt_legal_as, ...):
    player=None and player=TO_MOVE are the player to move, a number that is
    no player is refused and changes nothing."""

    def test_to_move_is_none_and_bad_players_are_refused(self):
        for name in kontor.games():
            g = kontor.Game(name, seed=3)
            s = g.new_state()
            rng = RNG(11)
            for _ in range(20):
                if s.is_over():
                    break
                tm = s.to_move()
                for p in (None, kontor.TO_MOVE, tm):
                    self.assertEqual(s.legal(p), s.legal(), name)
                    self.assertEqual(s.prompt(player=p), s.prompt(), name)
                    self.assertEqual(s.legal_texts(player=p), s.legal_texts(), name)
                before = s.to_json()
                for bad in (7, -5):
                    with self.assertRaises(kontor.KontorError) as cm:
                        s.legal(bad)
                    self.assertEqual(cm.exception.code, kontor._lib.KT_EINVAL)
                    with self.assertRaises(kontor.KontorError) as cm:
                        s.apply(s.legal()[0], player=bad)
                    self.assertEqual(cm.exception.code, kontor._lib.KT_EINVAL)
                    self.assertIn("not a player number", str(cm.exception))
                    with self.assertRaises(kontor.KontorError):
                        s.prompt(player=bad)
                    with self.assertRaises(kontor.KontorError):
                        kontor.Bot(g, "random", seed=1).choose(s, player=bad)
                    self.assertEqual(s.to_json(), before, name)
                a = s.legal()[rng.randrange(len(s.legal()))]
                s.apply(a, player=kontor.TO_MOVE)
