"""kontor.env against the documented rules of Gymnasium 1.x (Env, spaces) and
PettingZoo (AEC and parallel APIs), written from their documentation so that
CI checks them without either package; and, when they are installed, their
own checkers (gymnasium.utils.env_checker.check_env, pettingzoo.test.api_test
and parallel_api_test) on every game."""
import unittest
import warnings

import kontor
import kontor.env
from common import RNG, learn_games, tolist

OPTS = {"fwm": "mode=trading"}  # ends by the rules


def legal_of(mask):
    return [i for i, m in enumerate(tolist(mask)) if m]


def have(module):
    if not kontor.HAVE_NUMPY:
        return False
    try:
        __import__(module)
        return True
    except ImportError:
        return False


class TestSpaces(unittest.TestCase):
    def test_discrete_contains_and_sample(self):
        d = kontor.env.Discrete(5)
        for x in (0, 4):
            self.assertTrue(d.contains(x))
            self.assertIn(x, d)
        for x in (-1, 5, 2.0, "1", None, [1]):
            self.assertFalse(d.contains(x), x)
        if kontor.HAVE_NUMPY:
            import numpy as np
            self.assertTrue(d.contains(np.int64(4)))
            self.assertTrue(d.contains(np.int32(0)))
            self.assertTrue(d.contains(np.array(3)))
            self.assertFalse(d.contains(np.int64(5)))
            mask = np.array([0, 0, 1, 0, 1], dtype=np.int8)
        else:
            mask = [0, 0, 1, 0, 1]
        d.seed(3)
        draws = {int(d.sample(mask)) for _ in range(50)}
        self.assertEqual(draws, {2, 4})
        self.assertTrue(all(d.contains(d.sample()) for _ in range(20)))
        d.seed(7)
        a = [int(d.sample()) for _ in range(5)]
        d.seed(7)
        self.assertEqual(a, [int(d.sample()) for _ in range(5)])

    def test_observation_and_mask_spaces(self):
        env = kontor.env.make_aec("dominion")
        env.reset(seed=1)
        space = env.observation_space("player_0")
        obs = env.observe("player_0")
        self.assertTrue(space.contains(obs))
        self.assertEqual(set(space.keys()), {"observation", "action_mask"})
        if kontor.HAVE_NUMPY:
            import numpy as np
            self.assertEqual(obs["action_mask"].dtype, np.int8)
            self.assertEqual(obs["observation"].dtype, np.float32)
            self.assertEqual(space["action_mask"].dtype, np.int8)


class TestGymnasiumRules(unittest.TestCase):
    """Gymnasium's Env: spaces, reset(seed=, options=) -> (obs, info),
    step -> (obs, reward, terminated, truncated, info), determinism under a
    seed, np_random, unwrapped, spec, metadata, render_mode."""

    def test_every_game(self):
        for name in learn_games():
            env = kontor.env.make(name, options=OPTS.get(name))
            self.assertIs(env.unwrapped, env)
            self.assertIsNone(env.spec)
            self.assertIn("render_modes", env.metadata)
            self.assertIsNone(env.render_mode)
            obs, info = env.reset(seed=123, options={})
            self.assertIsInstance(info, dict)
            self.assertTrue(env.observation_space.contains(obs), name)
            self.assertIsNotNone(env.np_random)
            self.assertEqual(tolist(env.reset(seed=123)[0]), tolist(obs))
            o2 = tolist(env.reset()[0])
            env.reset(seed=123)
            self.assertEqual(tolist(env.reset()[0]), o2, name)
            # a whole episode with masked random actions
            env.reset(seed=5)
            env.action_space.seed(5)
            info = env._info()
            steps = 0
            while True:
                out = env.step(env.action_space.sample(info["action_mask"]))
                self.assertEqual(len(out), 5)
                obs, reward, terminated, truncated, info = out
                self.assertIsInstance(reward, float)
                self.assertIsInstance(terminated, bool)
                self.assertIsInstance(truncated, bool)
                self.assertTrue(env.observation_space.contains(obs))
                steps += 1
                if terminated or truncated:
                    break
                self.assertEqual(reward, 0.0)
            self.assertTrue(terminated, name)
            self.assertEqual(reward, info["result"]["reward"][0])
            self.assertIsInstance(env.render(), str)

    def test_unmasked_sample_ends_the_episode_not_the_program(self):
        # check_env steps with env.action_space.sample() (no mask)
        env = kontor.env.make("dominion")
        obs, info = env.reset(seed=1)
        bad = next(i for i in range(env.action_space.n) if not info["action_mask"][i])
        before = env.state.to_json()
        obs, reward, terminated, truncated, info = env.step(bad)
        self.assertEqual((reward, terminated, truncated), (-1.0, True, False))
        self.assertTrue(info["illegal_action"])
        self.assertEqual(env.state.to_json(), before)  # nothing applied
        with self.assertRaises(kontor.KontorError):
            env.step(0)
        with self.assertRaises(ValueError):
            env.reset(seed=1)
            env.step(env.action_space.n)  # outside the space: always an error

    def test_step_is_deterministic_under_a_seed(self):
        env = kontor.env.make("catan", opponents="heuristic")
        runs = []
        for _ in range(2):
            obs, info = env.reset(seed=9)
            trace = []
            for _ in range(30):
                a = info["legal_actions"][len(info["legal_actions"]) // 2]
                obs, r, te, tr, info = env.step(a)
                trace.append((a, tolist(obs)[:50]))
                if te or tr:
                    break
            runs.append(trace)
        self.assertEqual(runs[0], runs[1])

    def test_obs_dict_and_action_masks(self):
        env = kontor.env.make("mp2", obs_dict=True)
        obs, info = env.reset(seed=2)
        self.assertTrue(env.observation_space.contains(obs))
        self.assertEqual(legal_of(obs["action_mask"]), sorted(info["legal_actions"]))
        self.assertEqual(legal_of(env.action_masks()), sorted(info["legal_actions"]))

    def test_render_modes(self):
        env = kontor.env.make("anno1701", render_mode="ansi")
        env.reset(seed=1)
        self.assertIn("Player", env.render())
        with self.assertRaises(ValueError):
            kontor.env.make("anno1701", render_mode="rgb_array")


class TestPettingZooAECRules(unittest.TestCase):
    """The AEC rules: agents leave after a step(None) once done and never come
    back; rewards/terminations/truncations/infos have exactly the live
    agents as keys; last() returns the reward accumulated since the agent
    last acted; every step clears the rewards of the step before."""

    def play(self, name, seed, max_iter=200000):
        env = kontor.env.make_aec(name, options=OPTS.get(name))
        env.reset(seed=seed, options={"x": 1})
        self.assertFalse(any(env.terminations.values()))
        self.assertEqual(env.num_agents, len(env.possible_agents))
        acc = {a: 0.0 for a in env.possible_agents}
        summed = {a: 0.0 for a in env.possible_agents}
        finished, seen = set(), set()
        for agent in env.agent_iter(max_iter):
            self.assertNotIn(agent, finished, "an agent came back")
            seen.add(agent)
            obs, reward, term, trunc, info = env.last()
            self.assertIsNone(env.last(observe=False)[0])
            self.assertEqual(reward, acc[agent], "last() must give the accumulated reward")
            self.assertEqual((term, trunc), (env.terminations[agent], env.truncations[agent]))
            acc[agent] = 0.0
            if term or trunc:
                finished.add(agent)
                self.assertIsNone(env.step(None))
            else:
                self.assertTrue(obs["action_mask"].any() if kontor.HAVE_NUMPY
                                else any(obs["action_mask"]))
                env.step(env.action_space(agent).sample(obs["action_mask"]))
            for a, r in env.rewards.items():
                acc[a] += r
                summed[a] += r
            for d in (env.rewards, env.terminations, env.truncations, env.infos):
                self.assertEqual(set(d), set(env.agents))
            self.assertEqual(env.num_agents, len(env.agents))
        self.assertEqual(env.agents, [])
        self.assertEqual(finished, set(env.possible_agents))
        return env, summed

    def test_rewards_summed_over_whole_games_equal_the_result(self):
        """The reward bug of issue 30: after a done agent's step(None) the
        other agents' rewards were not cleared, so summing env.rewards after
        every step counted the winner's reward once per done agent."""
        for name in learn_games():
            for seed in range(2):
                env, summed = self.play(name, seed)
                res = env.state.result()
                want = {a: res["reward"][p] for p, a in enumerate(env.possible_agents)}
                self.assertEqual(summed, want, (name, seed))
                self.assertAlmostEqual(sum(summed.values()), 1.0)

    def test_illegal_action_ends_the_game_once(self):
        env = kontor.env.make_aec("catan", players=3)
        env.reset(seed=1)
        obs, *_ = env.last()
        bad = next(i for i, m in enumerate(tolist(obs["action_mask"])) if not m)
        mover = env.agent_selection
        env.step(bad)
        self.assertEqual(env.rewards[mover], -1.0)
        self.assertTrue(all(env.terminations.values()))
        total = dict(env.rewards)
        while env.agents:
            a = env.agent_selection
            self.assertEqual(env.last()[1], total[a])
            env.step(None)
            for k, r in env.rewards.items():
                self.assertEqual(r, 0.0)
        with self.assertRaises(ValueError):
            env.reset(seed=1)
            env.step(env.action_space("player_0").n + 1)

    def test_information_state_is_the_players_log(self):
        env = kontor.env.make_aec("dominion", info_state=True)
        env.reset(seed=3)
        for _ in range(40):
            obs, *_ = env.last()
            env.step(env.action_space(env.agent_selection).sample(obs["action_mask"]))
        a, b = env.information_state("player_0"), env.information_state("player_1")
        self.assertTrue(a and b)
        self.assertNotEqual(a, b)  # each sees its own draws
        with self.assertRaises(ValueError):
            kontor.env.make_aec("dominion").information_state(0)


class TestPettingZooParallelRules(unittest.TestCase):
    def test_whole_games(self):
        for name in learn_games():
            env = kontor.env.make_parallel(name, options=OPTS.get(name))
            obs, infos = env.reset(seed=4, options={"x": 1})
            self.assertEqual(set(obs), set(env.agents))
            live = set(env.agents)
            summed = {a: 0.0 for a in env.possible_agents}
            rng = RNG(4)
            while env.agents:
                # an answer for every live agent, as parallel_api_test sends
                acts = {a: (rng.choice(legal_of(obs[a]["action_mask"]))
                            if legal_of(obs[a]["action_mask"]) else 0) for a in env.agents}
                obs, rew, term, trunc, infos = env.step(acts)
                for d in (rew, term, trunc, infos):
                    self.assertEqual(set(d), live)
                for a, r in rew.items():
                    summed[a] += r
                live -= {a for a in live if term[a] or trunc[a]}
                self.assertEqual(set(env.agents), live)
            res = env.state.result()
            self.assertEqual(summed, {a: res["reward"][p]
                                      for p, a in enumerate(env.possible_agents)}, name)


@unittest.skipUnless(have("gymnasium"), "gymnasium is not installed")
class TestGymnasiumCheckEnv(unittest.TestCase):
    def test_check_env_every_game(self):
        import gymnasium
        from gymnasium.utils.env_checker import check_env
        for name in learn_games():
            self.assertIsInstance(kontor.env.make(name), gymnasium.Env)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                check_env(kontor.env.make(name, options=OPTS.get(name)))
                check_env(gymnasium.make("kontor/%s-v0" % name.capitalize()).unwrapped,
                          skip_render_check=True)


@unittest.skipUnless(have("pettingzoo"), "pettingzoo is not installed")
class TestPettingZooApiTests(unittest.TestCase):
    def test_api_test_every_game(self):
        from pettingzoo.test import api_test, parallel_api_test
        for name in learn_games():
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                api_test(kontor.env.make_aec(name, options=OPTS.get(name)), num_cycles=1000)
                parallel_api_test(kontor.env.make_parallel(name, options=OPTS.get(name)),
                                  num_cycles=1000)


if __name__ == "__main__":
    unittest.main()
