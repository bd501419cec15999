"""Players deciding at once (sealed bids in Fugger, Welser, Medici) through
State, kontor.env (one learner, AEC, parallel) and kontor.batch: whole games
in which several seats are pending at the same time."""
import unittest

import kontor
import kontor.batch
import kontor.env
from common import RNG, finite, tolist

GAME = "fwm"
OPTS = {"mode": "trading"}  # always ends by the rules (the calendar runs out)


def have_fwm():
    return GAME in kontor.games() and kontor.Game(GAME).action_space_size > 0


def legal_of(mask):
    return [i for i, m in enumerate(tolist(mask)) if m]


@unittest.skipUnless(have_fwm(), "fwm is not compiled in")
class TestPendingIndices(unittest.TestCase):
    def test_every_pending_player_has_indices_and_masks(self):
        g = kontor.Game(GAME, players=4, seed=2, options=OPTS)
        checked = off_turn = 0
        for seed in range(8):
            s = g.new_state(seed=seed)
            rng = RNG(seed)
            while not s.is_over():
                pend = s.pending()
                self.assertIn(s.to_move(), pend)
                for p in pend:
                    legal = s.legal(p)
                    idx = s.legal_indices(p)
                    self.assertEqual(len(idx), len(legal))
                    self.assertEqual(len(set(idx)), len(idx))
                    for a, i in zip(legal, idx):
                        self.assertEqual(s.action_index(a, p), i)
                        self.assertEqual(s.index_action(i, p), a)
                    self.assertEqual(legal_of(s.action_mask(p)), sorted(idx))
                    checked += 1
                    off_turn += p != s.to_move()
                # a random pending seat answers, by index
                p = pend[rng.randrange(len(pend))]
                idx = s.legal_indices(p)
                s.apply_index(idx[rng.randrange(len(idx))], p)
        self.assertGreater(checked, 1000)
        self.assertGreater(off_turn, 0)  # sealed bids: rare among random players

    def test_a_seat_not_pending_gets_nothing(self):
        g = kontor.Game(GAME, players=3, seed=1, options=OPTS)
        s = g.new_state(seed=1)
        other = (s.to_move() + 1) % 3
        self.assertNotIn(other, s.pending())
        self.assertEqual(s.legal_indices(other), [])
        with self.assertRaises(kontor.KontorError):
            s.index_action(s.legal_indices()[0], other)


class Recorder:
    """A random opponent that checks it is asked only for a pending seat."""

    def __init__(self, test, seed):
        self.test = test
        self.rng = RNG(seed)
        self.calls = 0

    def __call__(self, state, player):
        self.test.assertIn(player, state.pending())
        legal = state.legal(player)
        self.calls += 1
        return legal[self.rng.randrange(len(legal))]


@unittest.skipUnless(have_fwm(), "fwm is not compiled in")
class TestEnvSimultaneous(unittest.TestCase):
    def play(self, env, seed):
        obs, info = env.reset(seed=seed)
        rng = RNG(seed)
        seat = env.seat
        off_turn = steps = 0
        while True:
            self.assertIn(seat, info["pending"])
            self.assertEqual(legal_of(info["action_mask"]), sorted(info["legal_actions"]))
            self.assertEqual(sorted(info["legal_actions"]),
                             sorted(env.state.legal_indices(seat)))
            self.assertEqual(tolist(obs), tolist(env.state.observation_vector(seat)))
            off_turn += info["to_move"] != seat
            obs, reward, terminated, truncated, info = env.step(rng.choice(info["legal_actions"]))
            steps += 1
            if terminated or truncated:
                self.assertTrue(info["result"]["finished"])
                self.assertTrue(terminated)
                self.assertFalse(truncated)
                return off_turn, steps

    def test_learner_is_asked_whenever_pending(self):
        off = 0
        for seed in range(6):
            rec = Recorder(self, seed)
            env = kontor.env.make(GAME, players=4, seat=3, options=OPTS, opponents=rec)
            o, n = self.play(env, seed)
            off += o
            self.assertGreater(rec.calls, 0)
        # the learner (seat 3) was asked while a lower seat was to move
        self.assertGreater(off, 0)

    def test_bots_answer_for_their_seat(self):
        env = kontor.env.make(GAME, players=3, seat=1, options=OPTS, opponents="heuristic")
        for seed in range(2):
            self.play(env, seed)

    def test_aec_serves_every_pending_seat(self):
        env = kontor.env.make_aec(GAME, players=4, options=OPTS)
        several = 0
        for seed in range(3):
            env.reset(seed=seed)
            rng = RNG(seed)
            for agent in env.agent_iter():
                obs, reward, term, trunc, info = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                seat = env.possible_agents.index(agent)
                pend = env.state.pending()
                self.assertIn(seat, pend)
                several += len(pend) > 1
                for other in env.agents:
                    p = env.possible_agents.index(other)
                    self.assertEqual(env.infos[other]["pending"], p in pend)
                    if p in pend:
                        self.assertEqual(sorted(env.infos[other]["legal_actions"]),
                                         sorted(env.state.legal_indices(p)))
                env.step(rng.choice(info["legal_actions"]))
            self.assertTrue(env.state.is_over())
        self.assertGreater(several, 0)

    def test_parallel_takes_all_pending_answers_at_once(self):
        env = kontor.env.make_parallel(GAME, players=4, options=OPTS)
        joint = 0
        for seed in range(4):
            obs, infos = env.reset(seed=seed)
            rng = RNG(seed)
            while env.agents:
                pend = env.pending_agents
                self.assertTrue(pend)
                self.assertEqual(sorted(pend), sorted(a for a in infos if infos[a]["pending"]))
                for a in env.possible_agents:
                    self.assertEqual(len(obs[a]["observation"]),
                                     env.observation_space(a)["observation"].shape[0])
                    self.assertTrue(finite(obs[a]["observation"]))
                    self.assertEqual(legal_of(obs[a]["action_mask"]),
                                     sorted(infos[a]["legal_actions"]))
                joint += len(pend) > 1
                acts = {a: rng.choice(infos[a]["legal_actions"]) for a in pend}
                obs, rewards, terms, truncs, infos = env.step(acts)
            self.assertTrue(all(terms.values()))
            self.assertAlmostEqual(sum(rewards.values()), 1.0)
        self.assertGreater(joint, 0)

    def test_parallel_refuses_missing_answers_and_ignores_idle_ones(self):
        env = kontor.env.make_parallel(GAME, players=3, options=OPTS)
        obs, infos = env.reset(seed=1)
        before = env.state.to_json()
        with self.assertRaises(ValueError):
            env.step({})
        with self.assertRaises(ValueError):
            env.step({"player_7": 0})
        self.assertEqual(env.state.to_json(), before)
        # PettingZoo's parallel_api_test sends an action for every live agent
        # (a masked sample: 0 where the mask is all zeros); idle ones are ignored
        idle = [a for a in env.possible_agents if a not in env.pending_agents]
        self.assertTrue(idle)
        acts = {a: infos[a]["legal_actions"][0] for a in env.pending_agents}
        ref = env.state.clone()
        for a in env.pending_agents:
            ref.apply_index(acts[a], env.possible_agents.index(a))
        acts[idle[0]] = 0
        env.step(acts)
        self.assertEqual(env.state, ref)


@unittest.skipUnless(have_fwm(), "fwm is not compiled in")
class TestBatchSimultaneous(unittest.TestCase):
    def test_whole_games_answering_for_to_move(self):
        g = kontor.Game(GAME, players=4, seed=3, options=OPTS)
        b = kontor.batch.Batch(g, 6, seed=5)
        rng = RNG(5)
        several = 0
        for _ in range(20000):
            if all(b.is_over()):
                break
            masks = b.action_masks()
            obs = b.observations()
            self.assertEqual(len(obs), 6)
            idx = []
            for k, s in enumerate(b.states):
                several += len(s.pending()) > 1
                legal = legal_of(masks[k])
                self.assertEqual(sorted(s.legal_indices()), legal)
                idx.append(rng.choice(legal) if legal else 0)
            st = b.step(idx)
            for k, over in enumerate(b.is_over()):
                self.assertIn(st[k], (0, 2))
        self.assertTrue(all(b.is_over()))
        self.assertTrue(all(r["finished"] for r in b.results()))
        self.assertGreater(several, 0)

    def test_whole_games_answering_for_any_pending_player(self):
        g = kontor.Game(GAME, players=4, seed=3, options=OPTS)
        b = kontor.batch.Batch(g, 6, seed=9)
        rng = RNG(9)
        off_turn = 0
        for _ in range(20000):
            if all(b.is_over()):
                break
            pend = b.pending()
            players = [p[rng.randrange(len(p))] if p else None for p in pend]
            masks = b.action_masks(players)
            obs = b.observations([p if p is not None else kontor.SPECTATOR for p in players])
            self.assertEqual(len(obs[0]), g.obs_size)
            idx = []
            for k, p in enumerate(players):
                legal = legal_of(masks[k])
                off_turn += p is not None and p != b.states[k].to_move()
                idx.append(rng.choice(legal) if legal else 0)
            st = b.step(idx, players=players)
            self.assertTrue(all(x in (0, 2) for x in st), st)
        self.assertTrue(all(b.is_over()))
        self.assertGreater(off_turn, 0)

    def test_illegal_index_for_a_pending_player_changes_nothing(self):
        g = kontor.Game(GAME, players=3, seed=3, options=OPTS)
        b = kontor.batch.Batch(g, 2, seed=1)
        before = [s.to_json() for s in b.states]
        bad = [i for i in range(g.action_space_size) if i not in b.states[0].legal_indices()][0]
        self.assertEqual(b.step([bad, bad], players=[b.states[0].to_move(), None]), [1, 1])
        self.assertEqual([s.to_json() for s in b.states], before)

    def test_play_random_ends_every_game(self):
        g = kontor.Game(GAME, players=5, seed=1, options=OPTS)
        b = kontor.batch.Batch(g, 8, seed=2)
        self.assertGreater(b.play_random(), 8 * 100)
        self.assertTrue(all(b.is_over()))


if __name__ == "__main__":
    unittest.main()
