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

Players deciding at once (sealed bids in Fugger, Welser, Medici): the game
names the set of pending players (State.pending()); the order in which they
answer never changes the outcome, and a committed answer stays hidden from
the others.  KontorEnv asks the learner as soon as it is pending, whether or
not it is the player to move; masks and indices are those of the seat asked
(kt_legal_indices_as), and bots answer for their own seat (kt_bot_choose_as).
KontorAECEnv serves pending seats one after the other, giving every pending
seat its own mask in its info; KontorParallelEnv (make_parallel) takes the
answers of all pending seats in one step.
"""

import ctypes as _ctypes
import random as _random

from . import Game, KontorError, _lib, np
from . import _seat_chooser

__all__ = ["Discrete", "Box", "KontorEnv", "KontorAECEnv", "KontorParallelEnv", "make",
           "make_aec", "make_parallel"]


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


def study_options(game, options=None):
    """`options` (text or dict) plus the game's study options that it does
    not set (kontor.h, kt_options_for_study): finite bounds the rules leave
    open but learning, search and random play need, e.g. "trade_offers=3".
    The environments and kontor.batch.Batch create their games with them;
    your own value of such an option wins."""
    from . import _b, _check, _options_text, _take_string, lib
    out, err = _ctypes.c_void_p(), _lib.KtErr()
    _check(lib.kt_options_for_study(_b(game), _b(_options_text(options) or ""), _ctypes.byref(out),
                                    None, _ctypes.byref(err)), err)
    return _take_string(out.value)


def _game(game, players, seed, options):
    if isinstance(game, Game):
        return game
    return Game(game, players=players, seed=seed, options=study_options(game, options))


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
    (result, seat).  info: "action_mask", "legal_actions" (indices, of the
    learner's seat), "to_move", "pending" (seats with a decision now: several
    when players decide at once; the learner is asked whenever it is among
    them, even if another seat is to move), "decision", "turn", and at the
    end "result" and "truncated" (the game was stopped by a turn limit or
    max_actions, not by the rules).

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
            self.game = Game(name, players=players, seed=seed, options=study_options(name, opts))
        # bots seeded from the episode's seed: the same seed and the same
        # actions give the same episode
        self._make_opponents(seed)
        self.state = self.game.new_state(seed=seed)
        self._steps = 0
        self.action_space.seed(seed)
        self._advance()
        return self._obs(), self._info()

    def _advance(self):
        """Opponents move until the learner has a decision pending or the game
        ends.  The player to move is always pending, so it answers next; a
        bot answers for its own seat (kt_bot_choose_as / kt_apply_as)."""
        s = self.state
        while not s.is_over() and not self._truncated() and self.seat not in s.pending():
            p = s.to_move()
            a = self.opponents[p](s, p)
            s.apply(a, p)
            self._steps += 1

    def _truncated(self):
        return self.max_actions is not None and self._steps >= self.max_actions

    def _obs(self):
        return self.state.observation_vector(self.seat)

    def _info(self):
        s = self.state
        running = not s.is_over() and not self._truncated()
        legal = s.legal_indices(self.seat) if running else []
        info = {"legal_actions": legal, "action_mask": self._mask(legal), "to_move": s.to_move(),
                "pending": s.pending(), "decision": s.decision(), "turn": s.turn()}
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
        s.apply(s.index_action(int(action), self.seat), self.seat)
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
    to move; seats that decide at once are served one after the other, and
    each pending seat finds its own mask in its info, "pending" True).
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
            self.game = Game(name, players=players, seed=seed, options=study_options(name, opts))
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
        pend = s.pending()
        for a in self.agents:
            self.infos[a] = {"to_move": s.to_move(), "pending": self._seat(a) in pend,
                             "decision": s.decision(), "turn": s.turn()}
        if not self.agents or self.terminations[self.agent_selection] or \
                self.truncations[self.agent_selection]:
            return
        for a in self.agents:
            seat = self._seat(a)
            if seat in pend:
                legal = s.legal_indices(seat)
                self.infos[a]["legal_actions"] = legal
                self.infos[a]["action_mask"] = self._mask(legal)

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
        seat = self._seat(a)
        self._cumulative_rewards[a] = 0.0
        s.apply(s.index_action(int(action), seat), seat)
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


class KontorParallelEnv:
    """Every seat is an agent; one step takes the answers of all seats with a
    decision pending at once (PettingZoo's parallel API, restricted to the
    pending seats).  Most of the time that is one seat; during sealed bids
    (Fugger, Welser, Medici) it is every bidder, and each answers from its
    own observation without seeing the others' answers of the same step.

    reset(seed) -> (observations, infos); step({agent: index}) for exactly
    the agents in `pending_agents` -> (observations, rewards, terminations,
    truncations, infos).  infos[agent]["pending"] tells whether the agent
    must answer; pending agents find "action_mask" and "legal_actions".  An
    illegal index raises KontorError; the answers before it in seat order
    stay applied (check the masks first).  Rewards come at the end."""

    def __init__(self, game, players=None, options=None, reward="win", seed=0, vary_config=False,
                 max_actions=None):
        self._aec = KontorAECEnv(game, players=players, options=options, reward=reward, seed=seed,
                                 vary_config=vary_config, max_actions=max_actions)
        self.possible_agents = list(self._aec.possible_agents)
        self.metadata = {"name": self._aec.metadata["name"], "is_parallelizable": True}
        self.agents = []
        self.pending_agents = []

    @property
    def game(self):
        return self._aec.game

    @property
    def state(self):
        return self._aec.state

    def action_space(self, agent):
        return self._aec.action_space(agent)

    def observation_space(self, agent):
        return self._aec.observation_space(agent)

    def _view(self):
        s = self.state
        over = s.is_over() or self._truncated()
        pend = [] if over else s.pending()
        self.pending_agents = [self.possible_agents[p] for p in pend]
        obs, infos = {}, {}
        for a in self.possible_agents:
            p = self._aec._seat(a)
            obs[a] = s.observation_vector(p)
            info = {"to_move": s.to_move(), "pending": p in pend, "decision": s.decision(),
                    "turn": s.turn()}
            if p in pend:
                legal = s.legal_indices(p)
                info["legal_actions"] = legal
                info["action_mask"] = self._aec._mask(legal)
            infos[a] = info
        return obs, infos

    def _truncated(self):
        m = self._aec.max_actions
        return m is not None and self._aec._steps >= m

    def reset(self, seed=None, options=None):
        self._aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        return self._view()

    def step(self, actions):
        s = self.state
        if s is None:
            raise RuntimeError("call reset() first")
        if not self.agents:
            raise KontorError(_lib.KT_EOVER, "the episode is over; call reset()")
        want = set(self.pending_agents)
        given = {a for a, v in actions.items() if v is not None}
        if given != want:
            raise ValueError("answers for %s, but the pending agents are %s"
                             % (sorted(given), sorted(want)))
        # every answer is checked against the position all of them saw, then
        # applied (the order of pending answers does not change the outcome)
        moves = []
        for a in sorted(want, key=self._aec._seat):
            p = self._aec._seat(a)
            moves.append((p, s.index_action(int(actions[a]), p)))
        for p, act in moves:
            s.apply(act, p)
            self._aec._steps += 1
        obs, infos = self._view()
        rewards = {a: 0.0 for a in self.agents}
        done = s.is_over() or self._truncated()
        terms = {a: False for a in self.agents}
        truncs = {a: False for a in self.agents}
        if done:
            res = s.result()
            stopped = self._truncated() or not res["finished"]
            for a in self.agents:
                rewards[a] = _reward(self._aec.reward_mode, res, self._aec._seat(a))
                truncs[a] = stopped
                terms[a] = not stopped
                infos[a]["result"] = res
            self.agents = []
        return obs, rewards, terms, truncs, infos

    def render(self, lang="en", color=False):
        return self._aec.render(lang=lang, color=color)

    def close(self):
        self._aec.close()


def make_parallel(game, **kwargs):
    """A multi-agent environment whose steps take all pending seats' answers
    at once (see KontorParallelEnv)."""
    return KontorParallelEnv(game, **kwargs)
