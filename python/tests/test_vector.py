"""kontor.vector: the vectorised environment in C (kt_vec_*), checked against
the single-game API (State), Gymnasium's VectorEnv semantics in its three
autoreset modes, seeding, bots, illegal actions and normalisation."""
import unittest

import kontor
from common import learn_games

try:
    import numpy as np
    import kontor.vector
except ImportError:
    np = None

OPTS = {"fwm": "mode=trading"}


@unittest.skipIf(np is None or not kontor.HAVE_NUMPY, "kontor.vector needs numpy")
class TestVector(unittest.TestCase):
    def test_rows_match_the_games_every_game(self):
        """Observation row = the learner's kt_obs_vector of game k, mask =
        its legal indices, reward and flags = the game's result, for random
        play through several games per row (auto-reset)."""
        for name in learn_games():
            v = kontor.vector.make(name, 4, seed=3, options=OPTS.get(name), seat=-1)
            obs, infos = v.reset(seed=5)
            ended = 0
            for step in range(600):
                for k in range(v.num_envs):
                    s = v.state(k)
                    seat = int(infos["seat"][k])
                    self.assertEqual(obs[k].tolist(), s.observation_vector(seat).tolist())
                    legal = s.legal_indices(seat) if not s.is_over() else []
                    self.assertEqual(np.flatnonzero(infos["action_mask"][k]).tolist(),
                                     sorted(legal), (name, step, k))
                acts = v.sample_actions()
                before = [v.state(k) for k in range(v.num_envs)]
                obs, rew, term, trunc, infos = v.step(acts)
                for k in range(v.num_envs):
                    b = before[k]
                    if b.is_over():  # next-step autoreset: a new game, the action ignored
                        self.assertEqual((rew[k], term[k], trunc[k]), (0.0, False, False))
                        continue
                    if term[k] or trunc[k]:
                        ended += 1
                        res = v.state(k).result()
                        self.assertEqual(bool(term[k]), res["finished"])
                        self.assertAlmostEqual(float(rew[k]), res["reward"][int(infos["seat"][k])])
                    else:
                        self.assertEqual(rew[k], 0.0)
            self.assertGreater(ended, 0, name)

    def test_same_seed_same_games_and_random_actions_in_c(self):
        g = kontor.Game("catan", seed=1)  # one configuration (the board)
        a = kontor.vector.make(g, 3, seed=1)
        b = kontor.vector.make(g, 3, seed=99)
        oa, _ = a.reset(seed=7)
        ob, _ = b.reset(seed=7)
        self.assertTrue(np.array_equal(oa, ob))
        for _ in range(200):
            ra = a.step(np.full(3, -1))
            rb = b.step(np.full(3, -1))
            for x, y in zip(ra[:4], rb[:4]):
                self.assertTrue(np.array_equal(x, y))
        self.assertEqual(a.actions_applied, b.actions_applied)
        oc, _ = b.reset(seed=8)
        self.assertFalse(np.array_equal(oa, oc))

    def test_same_step_autoreset_gives_final_obs(self):
        v = kontor.vector.make("anno1701", 2, seed=1, autoreset_mode="same_step")
        self.assertIn("same", str(v.metadata["autoreset_mode"]).lower())
        v.reset(seed=2)
        seen = 0
        for _ in range(3000):
            obs, rew, term, trunc, infos = v.step(v.sample_actions())
            done = term | trunc
            self.assertTrue(np.array_equal(infos["_final_obs"], done))
            for k in np.flatnonzero(done):
                seen += 1
                self.assertFalse(np.array_equal(infos["final_obs"][k], obs[k]))
                self.assertFalse(v.state(k).is_over())  # already the next game
                self.assertTrue(infos["action_mask"][k].any())
            if seen >= 2:
                break
        self.assertGreaterEqual(seen, 2)

    def test_disabled_autoreset_needs_reset_mask(self):
        v = kontor.vector.make("dominion", 2, seed=1, autoreset_mode="disabled",
                               max_steps=3)
        v.reset(seed=1)
        for _ in range(3):
            obs, rew, term, trunc, infos = v.step(v.sample_actions())
        self.assertTrue(trunc.all())
        self.assertFalse(term.any())
        with self.assertRaises(kontor.KontorError):
            v.step(v.sample_actions())
        v.reset(options={"reset_mask": np.array([True, True])})
        v.step(v.sample_actions())

    def test_illegal_action_ends_the_game(self):
        v = kontor.vector.make("dominion", 2, seed=1, illegal_reward=-2.0)
        obs, infos = v.reset(seed=1)
        bad = int(np.flatnonzero(infos["action_mask"][0] == 0)[0])
        state0 = v.state(0).to_json()
        obs, rew, term, trunc, infos = v.step(np.array([bad, -1]))
        self.assertEqual((float(rew[0]), bool(term[0]), bool(trunc[0])), (-2.0, True, False))
        self.assertEqual(v.state(0).to_json(), state0)
        self.assertFalse(infos["action_mask"][0].any())
        with self.assertRaises(ValueError):
            v.step(np.array([v.game.action_space_size, 0]))
        with self.assertRaises(ValueError):
            v.step(np.array([0]))

    def test_bots_and_normalisation(self):
        v = kontor.vector.make("catan", 2, seed=1, opponents="heuristic", normalize=True)
        scale = v.obs_scale
        self.assertEqual(scale.shape, (v.game.obs_size,))
        self.assertTrue(np.all(scale > 0) and np.all(scale <= 1))
        self.assertTrue(np.any(scale < 1))
        obs, infos = v.reset(seed=3)
        raw = v.state(0).observation_vector(0)
        self.assertTrue(np.allclose(obs[0], raw * scale))
        v.set_obs_scale(np.ones(v.game.obs_size))
        with self.assertRaises(ValueError):
            v.set_obs_scale(np.ones(3))
        with self.assertRaises(kontor.KontorError):
            kontor.vector.make("catan", 2, opponents="no_such_bot")
        with self.assertRaises(kontor.KontorError):
            kontor.vector.make("catan", 0)

    def test_gymnasium_shapes(self):
        v = kontor.vector.make("mp2", 5, seed=2)
        self.assertEqual(v.observation_space.shape, (5, v.game.obs_size))
        self.assertEqual(v.single_action_space.n, v.game.action_space_size)
        a = v.action_space.sample()
        self.assertEqual(np.asarray(a).shape, (5,))
        obs, infos = v.reset(seed=1)
        self.assertEqual(obs.dtype, np.float32)
        self.assertEqual(infos["action_mask"].dtype, np.int8)
        obs, rew, term, trunc, infos = v.step(v.sample_actions())
        self.assertEqual((rew.dtype, term.dtype, trunc.dtype), (np.float32, np.bool_, np.bool_))
        c = kontor.vector.make("mp2", 2, seed=2, copy=True)
        o1, _ = c.reset(seed=1)
        o2, *_ = c.step(c.sample_actions())
        self.assertFalse(o1 is o2)
        v.close()
        v.close()


class TestMetadata(unittest.TestCase):
    def test_every_game(self):
        for name in kontor.games():
            g = kontor.Game(name)
            m = g.metadata
            self.assertEqual(m["action_space"], g.action_space_size)
            self.assertEqual(m["obs_shape"], (g.obs_size,))
            self.assertEqual((m["min_utility"], m["max_utility"], m["utility_sum"]),
                             (0.0, 1.0, 1.0))
            self.assertGreater(m["max_legal"], 0)
            self.assertEqual(kontor.Game(name, options="turn_limit=30").metadata["max_turns"],
                             30 if not m["max_turns"] else min(30, m["max_turns"]))


if __name__ == "__main__":
    unittest.main()
