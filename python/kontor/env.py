"""Learning environments over kontor's fixed action spaces (no gym or
PettingZoo needed; the shapes follow theirs).

Single agent, Gym style (the other seats are played by bots or functions):

    env = kontor.env.make("dominion", players=2, opponents="heuristic")
    obs, info = env.reset(seed=1)
    while True:
        a = policy(obs, info["action_mask"])        # an index of env.action_space
        obs, reward, done, info = env.step(a)
        if done:
            break

Multi-agent, PettingZoo AEC style (every seat driven by its own policy):

    env = kontor.env.make_aec("catan", players=3)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else policies[agent](obs, info)
        env.step(action)

Observations are the game's numeric vectors (kt_obs_vector) of the seat
concerned; the action mask marks the legal indices of the fixed action space
(docs/python.md lists both per game).  Arrays are numpy arrays when numpy is
there, lists otherwise.
"""

import random as _random

from . import Game, KontorError, _lib, np
from . import _seat_chooser

__all__ = ["Discrete", "Box", "KontorEnv", "KontorAECEnv", "make", "make_aec"]


class Discrete:
    """The fixed action space: indices 0..n-1 (only the masked ones are legal)."""

    def __init__(self, n, seed=None):
        self.n = n
        self.shape = ()
        self._rng = _random.Random(seed)

    def seed(self, seed=None):
        self._rng.seed(seed)

    def sample(self, mask=None):
        """A random index; with a mask, a random legal one."""
        if mask is None:
            return self._rng.randrange(self.n)
        legal = [i for i, m in enumerate(mask) if m] if np is None else \
            np.flatnonzero(mask).tolist()
        if not legal:
            raise ValueError("the mask has no legal action")
        return self._rng.choice(legal)

    def contains(self, x):
        return isinstance(x, int) and 0 <= x < self.n

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Box:
    """The observation space: float32 vectors of a fixed length (counts and
    flags; not bounded above in general)."""

    def __init__(self, size):
        self.shape = (size,)
        self.dtype = "float32"
        self.low, self.high = float("-inf"), float("inf")

    def __repr__(self):
        return "Box(shape=%r)" % (self.shape,)


def _game(game, players, seed, options):
    if isinstance(game, Game):
        return game
    return Game(game, players=players, seed=seed, options=options)


def _reward(mode, result, seat):
    if callable(mode):
        return float(mode(result, seat))
    if mode == "win":
        return result["reward"][seat]
    if mode == "score":
        return result["score"][seat]
    if mode == "rank":
        return -float(result["rank"][seat])
    raise ValueError("reward must be 'win', 'score', 'rank' or a function (result, seat)")


class KontorEnv:
    """One learner in one seat; the other seats are played by `opponents`
    (a bot spec, a Bot, a function (state, player) -> action, or a list with
    one of those per seat, the learner's entry ignored).

    reset(seed) deals a new game; step(index) applies the learner's action
    (an index of the fixed action space; an illegal one raises KontorError
    and changes nothing), lets the opponents move until the learner decides
    again or the game ends, and returns (observation, reward, done, info).
    The reward is 0 until the end, then `reward` of the result: "win" (1 win,
    1/k shared, 0 otherwise), "score", "rank" (minus the rank) or a function
    (result, seat).  info: "action_mask", "legal_actions" (indices),
    "to_move", "decision", "turn", and at the end "result" and "truncated"
    (the game was stopped by a turn limit or max_actions, not by the rules).

    Bots among the opponents are created anew at each reset, seeded from its
    seed, so that an episode is reproducible.  vary_config=True builds a new configuration from each reset's seed (a new
    Dominion kingdom, a new Catan board); otherwise the configuration of
    `seed` is kept and only the deal changes."""

    def __init__(self, game, players=None, options=None, seat=0, opponents="random",
                 reward="win", seed=0, vary_config=False, max_actions=None):
        self.game = _game(game, players, seed, options)
        if self.game.action_space_size <= 0:
            raise KontorError(_lib.KT_EINVAL, "%s has no fixed action space" % self.game.name)
        self._spec = (self.game.name, self.game.players, options)
        self.seat = seat
        self.reward_mode = reward
        self.vary_config = vary_config
        self.max_actions = max_actions
        self.action_space = Discrete(self.game.action_space_size, seed)
        self.observation_space = Box(self.game.obs_size)
        self._opp_spec = opponents
        self._make_opponents(seed)
        self.state = None
        self._next_seed = seed
        self._steps = 0

    def _make_opponents(self, seed):
        n = self.game.players
        spec = self._opp_spec
        specs = list(spec) if isinstance(spec, (list, tuple)) else [spec] * n
        if len(specs) != n:
            raise ValueError("opponents: %d entries for %d seats" % (len(specs), n))
        self.opponents = [None if p == self.seat else _seat_chooser(self.game, specs[p], p, seed)[0]
                          for p in range(n)]

    def reset(self, seed=None, options=None):
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        if self.vary_config:
            name, players, opts = self._spec
            self.game = Game(name, players=players, seed=seed, options=opts)
        # bots seeded from the episode's seed: the same seed and the same
        # actions give the same episode
        self._make_opponents(seed)
        self.state = self.game.new_state(seed=seed)
        self._steps = 0
        self.action_space.seed(seed)
        self._advance()
        return self._obs(), self._info()

    def _advance(self):
        """Opponents move until the learner decides or the game ends."""
        s = self.state
        while not s.is_over() and s.to_move() != self.seat and not self._truncated():
            p = s.to_move()
            a = self.opponents[p](s, p)
            s.apply(a)
            self._steps += 1

    def _truncated(self):
        return self.max_actions is not None and self._steps >= self.max_actions

    def _obs(self):
        return self.state.observation_vector(self.seat)

    def _info(self):
        s = self.state
        running = not s.is_over() and not self._truncated()
        legal = s.legal_indices() if running else []
        info = {"legal_actions": legal, "action_mask": self._mask(legal), "to_move": s.to_move(),
                "decision": s.decision(), "turn": s.turn()}
        if not running:
            res = s.result()
            info["result"] = res
            info["truncated"] = not res["finished"]
        return info

    def _mask(self, legal):
        n = self.game.action_space_size
        if np is not None:
            m = np.zeros(n, dtype=bool)
            m[legal] = True
            return m
        m = [0] * n
        for i in legal:
            m[i] = 1
        return m

    def step(self, action):
        s = self.state
        if s is None:
            raise RuntimeError("call reset() first")
        if s.is_over() or self._truncated():
            raise KontorError(_lib.KT_EOVER, "the episode is over; call reset()")
        s.apply(s.index_action(int(action)))
        self._steps += 1
        self._advance()
        done = s.is_over() or self._truncated()
        info = self._info()
        reward = _reward(self.reward_mode, info["result"], self.seat) if done else 0.0
        return self._obs(), reward, done, info

    def render(self, lang="en", color=False):
        return self.state.render(self.seat, lang=lang, color=color)

    def close(self):
        self.state = None


def make(game, **kwargs):
    """A single-agent environment (see KontorEnv for the arguments)."""
    return KontorEnv(game, **kwargs)


class KontorAECEnv:
    """Every seat is an agent ("player_0", ...), acting in turn (the player
    to move; seats that decide at once are served one after the other).
    API as PettingZoo's AEC environments: reset, agent_iter, last, step
    (None for agents that are done), observe, action_space(agent),
    observation_space(agent), and the dicts rewards, terminations,
    truncations, infos.  Rewards come at the end (see KontorEnv's `reward`)."""

    def __init__(self, game, players=None, options=None, reward="win", seed=0, vary_config=False,
                 max_actions=None):
        self.game = _game(game, players, seed, options)
        if self.game.action_space_size <= 0:
            raise KontorError(_lib.KT_EINVAL, "%s has no fixed action space" % self.game.name)
        self._spec = (self.game.name, self.game.players, options)
        self.reward_mode = reward
        self.vary_config = vary_config
        self.max_actions = max_actions
        self.possible_agents = ["player_%d" % p for p in range(self.game.players)]
        self.metadata = {"name": "kontor_" + self.game.name, "is_parallelizable": False}
        self._aspace = Discrete(self.game.action_space_size, seed)
        self._ospace = Box(self.game.obs_size)
        self._next_seed = seed
        self.state = None
        self.agents = []

    def action_space(self, agent):
        return self._aspace

    def observation_space(self, agent):
        return self._ospace

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def reset(self, seed=None, options=None):
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        if self.vary_config:
            name, players, opts = self._spec
            self.game = Game(name, players=players, seed=seed, options=opts)
        self.state = self.game.new_state(seed=seed)
        self._steps = 0
        self._aspace.seed(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.to_move()]
        self._update_info()

    def _update_info(self):
        s = self.state
        for a in self.agents:
            self.infos[a] = {"to_move": s.to_move(), "decision": s.decision(), "turn": s.turn()}
        if self.agents and not self.terminations[self.agent_selection] and \
                not self.truncations[self.agent_selection]:
            legal = s.legal_indices()
            info = self.infos[self.agent_selection]
            info["legal_actions"] = legal
            info["action_mask"] = self._mask(legal)

    def _mask(self, legal):
        n = self.game.action_space_size
        if np is not None:
            m = np.zeros(n, dtype=bool)
            m[legal] = True
            return m
        m = [0] * n
        for i in legal:
            m[i] = 1
        return m

    def observe(self, agent):
        return self.state.observation_vector(self._seat(agent))

    def last(self, observe=True):
        a = self.agent_selection
        obs = self.observe(a) if observe else None
        return (obs, self._cumulative_rewards[a], self.terminations[a], self.truncations[a],
                self.infos[a])

    def agent_iter(self, max_iter=2 ** 63):
        n = 0
        while self.agents and n < max_iter:
            yield self.agent_selection
            n += 1

    def step(self, action):
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            if action is not None:
                raise ValueError("%s is done: step(None)" % a)
            self.agents.remove(a)
            del self.rewards[a]
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        s = self.state
        self._cumulative_rewards[a] = 0.0
        s.apply(s.index_action(int(action)))
        self._steps += 1
        for k in self.rewards:
            self.rewards[k] = 0.0
        truncated = self.max_actions is not None and self._steps >= self.max_actions
        if s.is_over() or truncated:
            res = s.result()
            stopped = truncated or not res["finished"]
            for k in self.agents:
                self.rewards[k] = _reward(self.reward_mode, res, self._seat(k))
                self._cumulative_rewards[k] += self.rewards[k]
                if stopped:
                    self.truncations[k] = True
                else:
                    self.terminations[k] = True
            self.agent_selection = self.agents[0]
            self._update_info()
            for k in self.agents:
                self.infos[k]["result"] = res
            return
        self.agent_selection = self.possible_agents[s.to_move()]
        self._update_info()

    def render(self, lang="en", color=False):
        return self.state.render(_lib.KT_SPECTATOR, lang=lang, color=color)

    def close(self):
        self.state = None


def make_aec(game, **kwargs):
    """A multi-agent environment (see KontorAECEnv for the arguments)."""
    return KontorAECEnv(game, **kwargs)
