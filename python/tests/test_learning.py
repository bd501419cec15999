"""Fixed action spaces, observation vectors, environments and batches."""
import os
import unittest

import kontor
import kontor.batch
import kontor.env
from common import RNG, finite, learn_games, random_play, tolist


def legal_of(mask):
    return [i for i, m in enumerate(tolist(mask)) if m]


class TestActionSpaces(unittest.TestCase):
    def test_every_game_has_spaces(self):
        names = learn_games()
        for name in ("dominion", "catan", "mp2", "anno1701", "fwm"):
            if name in kontor.games():
                self.assertIn(name, names)

    def test_indices_masks_and_observations_along_random_games(self):
        for name in learn_games():
            g = kontor.Game(name, seed=11)
            rng = RNG(7)
            s = g.new_state()
            steps = 0
            while not s.is_over() and steps < 400:
                legal = s.legal()
                idx = s.legal_indices()
                self.assertEqual(len(idx), len(legal))
                self.assertEqual(len(set(idx)), len(idx), name)
                for a, i in zip(legal, idx):
                    self.assertTrue(0 <= i < g.action_space_size)
                    self.assertEqual(s.action_index(a), i)
                    self.assertEqual(s.index_action(i), a)
                mask = tolist(s.action_mask())
                self.assertEqual(len(mask), g.action_space_size)
                self.assertEqual(sorted(i for i, m in enumerate(mask) if m), sorted(idx))
                if steps % 25 == 0:
                    p = s.to_move()
                    o = s.observation_vector(p)
                    self.assertEqual(len(o), g.obs_size)
                    self.assertTrue(finite(o))
                    d = s.determinize(p, seed=steps)
                    self.assertEqual(tolist(d.observation_vector(p)), tolist(o), name)
                    self.assertEqual(len(s.observation_vector(kontor.SPECTATOR)), g.obs_size)
                s.apply_index(idx[rng.randrange(len(idx))])
                steps += 1

    def test_bad_indices(self):
        g = kontor.Game("dominion", seed=1)
        s = g.new_state()
        legal = set(s.legal_indices())
        bad = next(i for i in range(g.action_space_size) if i not in legal)
        before = s.to_json()
        with self.assertRaises(kontor.KontorError) as cm:
            s.apply_index(bad)
        self.assertEqual(cm.exception.status, "illegal action")
        with self.assertRaises(kontor.KontorError) as cm:
            s.apply_index(g.action_space_size)
        self.assertEqual(cm.exception.status, "invalid argument")
        with self.assertRaises(kontor.KontorError):
            s.observation_vector(5)
        self.assertEqual(s.to_json(), before)


class TestEnv(unittest.TestCase):
    def run_episode(self, env, seed, rng):
        obs, info = env.reset(seed=seed)
        total, n = 0.0, 0
        trace = [tolist(obs)[:40]]
        while True:
            a = rng.choice(info["legal_actions"])
            self.assertTrue(tolist(info["action_mask"])[a])
            obs, r, terminated, truncated, info = env.step(a)
            self.assertEqual(len(obs), env.observation_space.shape[0])
            total += r
            n += 1
            trace.append(a)
            if terminated or truncated:
                self.assertTrue(terminated)
                return total, n, info, trace

    def test_single_agent_episodes(self):
        for name in learn_games():
            env = kontor.env.make(name, opponents="random", seed=3)
            self.assertEqual(env.action_space.n, env.game.action_space_size)
            total, n, info, trace = self.run_episode(env, 5, RNG(1))
            res = info["result"]
            self.assertEqual(total, res["reward"][0])
            self.assertEqual(info["legal_actions"], [])
            self.assertTrue(res["finished"])
            # same seed, same choices: the same episode
            total2, n2, _, trace2 = self.run_episode(env, 5, RNG(1))
            self.assertEqual((total, n, trace), (total2, n2, trace2))
            with self.assertRaises(kontor.KontorError):
                env.step(0)

    def test_illegal_step_changes_nothing(self):
        env = kontor.env.make("dominion", opponents="heuristic", illegal_action="raise")
        obs, info = env.reset(seed=1)
        bad = next(i for i in range(env.action_space.n) if not tolist(info["action_mask"])[i])
        before = env.state.to_json()
        with self.assertRaises(kontor.KontorError):
            env.step(bad)
        self.assertEqual(env.state.to_json(), before)

    def test_seat_opponents_reward_modes_and_truncation(self):
        calls = []

        def opp(state, player):
            calls.append(player)
            return state.legal()[0]
        env = kontor.env.make("catan", players=3, seat=2, opponents=["heuristic", opp, None],
                              reward="score", max_actions=60)
        obs, info = env.reset(seed=2)
        terminated = truncated = False
        while not (terminated or truncated):
            obs, r, terminated, truncated, info = env.step(info["legal_actions"][0])
        self.assertTrue(truncated)
        self.assertFalse(terminated)
        self.assertIn(1, calls)
        self.assertNotIn(2, calls)
        self.assertEqual(r, info["result"]["score"][2])

    def test_vary_config(self):
        env = kontor.env.make("dominion", vary_config=True)
        env.reset(seed=1)
        a = env.game.options
        env.reset(seed=2)
        self.assertNotEqual(a, env.game.options)
        env.reset(seed=1)
        self.assertEqual(a, env.game.options)

    def test_multi_agent_aec(self):
        for name in learn_games():
            env = kontor.env.make_aec(name, seed=1)
            env.reset(seed=4)
            rng = RNG(2)
            policies = {a: (lambda obs, info, r=rng: r.choice(info["legal_actions"]))
                        for a in env.possible_agents}
            space = env.observation_space("player_0")
            seen, final = set(), {}
            for agent in env.agent_iter(max_iter=100000):
                obs, reward, term, trunc, info = env.last()
                self.assertEqual(len(obs["observation"]), space["observation"].shape[0])
                self.assertEqual(sorted(legal_of(obs["action_mask"])), sorted(info["legal_actions"]))
                if term or trunc:
                    final[agent] = reward
                    env.step(None)
                    continue
                self.assertEqual(env.possible_agents.index(agent), env.state.to_move())
                seen.add(agent)
                env.step(policies[agent](obs, info))
            self.assertEqual(env.agents, [])
            self.assertEqual(set(final), set(env.possible_agents))
            self.assertAlmostEqual(sum(final.values()), 1.0)
            self.assertEqual(seen, set(env.possible_agents))


class TestBatch(unittest.TestCase):
    def test_play_random_reproducible(self):
        g = kontor.Game("dominion", seed=1)
        a = kontor.batch.Batch(g, 8, seed=3)
        b = kontor.batch.Batch(g, 8, seed=3)
        n1 = a.play_random(seed=5)
        n2 = b.play_random(seed=5)
        self.assertEqual(n1, n2)
        self.assertTrue(all(a.is_over()))
        self.assertEqual([s.to_json() for s in a.states], [s.to_json() for s in b.states])
        self.assertEqual(n1, sum(s.action_count() for s in a.states))

    def test_step_observations_masks(self):
        for name in learn_games():
            g = kontor.Game(name, seed=2)
            b = kontor.batch.Batch(g, 4, seed=1)
            ref = [g.new_state(seed=1 + k) for k in range(4)]
            for step in range(30):
                idx = b.legal_indices()
                acts = [ix[step % len(ix)] if ix else 0 for ix in idx]
                st = b.step(acts)
                for k in range(4):
                    if idx[k]:
                        ref[k].apply_index(acts[k])
                        self.assertEqual(st[k], 0)
                    self.assertEqual(ref[k], b.states[k])
            obs = b.observations()
            self.assertEqual(len(obs), 4)
            for k in range(4):
                self.assertEqual(tolist(obs[k]), tolist(ref[k].observation_vector()))
            masks = b.action_masks()
            for k in range(4):
                self.assertEqual(sorted(i for i, m in enumerate(tolist(masks[k])) if m),
                                 sorted(ref[k].legal_indices()))
            # a game may end within the 30 steps (Anno 1701: spending the last
            # gold loses at once): it answers "over" (2), the others move (0)
            over = [2 if not ix else 0 for ix in b.legal_indices()]
            self.assertTrue(0 in over, name)
            st = b.step([-1] * 4)
            self.assertEqual(st, over)
            over = [2 if not ix else 1 for ix in b.legal_indices()]
            bad = b.step([g.action_space_size + 5] * 4)
            self.assertEqual(bad, over)


class TestNumpyOrLists(unittest.TestCase):
    def test_types_follow_numpy_availability(self):
        g = kontor.Game("dominion", seed=1)
        s = g.new_state()
        o, m = s.observation_vector(), s.action_mask()
        if os.environ.get("KONTOR_NO_NUMPY"):
            self.assertFalse(kontor.HAVE_NUMPY)
        if kontor.HAVE_NUMPY:
            import numpy
            self.assertIsInstance(o, numpy.ndarray)
            self.assertEqual(o.dtype, numpy.float32)
            self.assertEqual(m.dtype, bool)
        else:
            self.assertIsInstance(o, list)
            self.assertIsInstance(m, list)
            self.assertIsInstance(kontor.batch.Batch(g, 2).observations(), list)

    def test_numpy_is_used_when_present(self):
        try:
            import numpy  # noqa: F401
        except ImportError:
            self.skipTest("numpy is not installed")
        if not os.environ.get("KONTOR_NO_NUMPY"):
            self.assertTrue(kontor.HAVE_NUMPY)


if __name__ == "__main__":
    unittest.main()


class TestDocumentedLayouts(unittest.TestCase):
    """Spot checks of the indices docs/python.md gives as examples."""

    def expect(self, name, rules, games=3):
        checked = 0
        for seed in range(games):
            s = kontor.Game(name, seed=seed).new_state()
            rng = RNG(seed)
            while not s.is_over() and s.action_count() < 400:
                for a, text in s.legal_actions():
                    for pattern, index in rules:
                        want = index(text) if callable(index) else (index if text == pattern
                                                                     else None)
                        if want is not None:
                            self.assertEqual(s.action_index(a), want, (name, text))
                            checked += 1
                s.step_nth(rng.randrange(s.num_legal()))
        self.assertGreater(checked, 0)

    def test_dominion(self):
        self.expect("dominion", [("end turn", 1024), ("play treasures", 256),
                                 ("buy Province", 518), ("buy Copper", 513), ("play Copper", 1)])

    def test_fwm(self):
        def qty(t):
            w = t.split()
            return 3 + int(w[1]) if len(w) == 2 and w[0] == "quantity" and w[1].isdigit() \
                else None
        self.expect("fwm", [("pass", 3), ("bid", 4), ("", qty), ("end turn", 530), ("go", 528),
                            ("done", 531), ("roll", 534)])

    def test_catan(self):
        def vertex(prefix, base):
            return lambda t: base + int(t.split()[-1]) if t.startswith(prefix) and \
                t.split()[-1].isdigit() and len(t.split()) == 2 else None
        self.expect("catan", [("roll", 0), ("end turn", 1), ("", vertex("settlement ", 3)),
                              ("", vertex("city ", 57))])
