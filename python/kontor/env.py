"""Learning environments over kontor's fixed action spaces, following
Gymnasium 1.x (one learner) and PettingZoo (AEC and parallel) exactly.

With gymnasium / pettingzoo installed the classes below are subclasses of
gymnasium.Env, pettingzoo.AECEnv and pettingzoo.ParallelEnv, and their spaces
are gymnasium.spaces; without them they have the same methods, attributes and
semantics (kontor.spaces).  docs/python.md, "Environments", describes them.

One learner (the other seats played by bots or functions):

    env = kontor.env.make("dominion", players=2, opponents="heuristic")
    obs, info = env.reset(seed=1)
    terminated = truncated = False
    while not (terminated or truncated):
        action = env.action_space.sample(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)

Every seat its own policy (PettingZoo AEC); the observation is a dict
{"observation": float32 vector, "action_mask": int8 mask}, as in PettingZoo's
classic games:

    env = kontor.env.make_aec("catan", players=3)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \
            env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Decisions named here where the standards leave them open:
- An illegal action index (inside the action space, not legal now) ends the
  game for everybody (terminated) with `illegal_reward` (-1) for the agent
  that took it and 0 for the others, and applies nothing: PettingZoo's
  TerminateIllegalWrapper convention, so that Gymnasium's check_env (which
  steps with unmasked samples) and random agents never crash.
  illegal_action="raise" raises KontorError instead and changes nothing.
  A value outside the action space always raises ValueError.
- reset(seed=s) deals the game of seed s (the same deal as `kontor play
  --seed s` with the same options) and seeds np_random and the bots from s;
  reset() without a seed deals a seed drawn from np_random.
- Players deciding at once (sealed bids): the AEC env asks the pending seats
  one after the other, each with its own mask; the parallel env takes the
  answers of all pending seats in one step and ignores actions of agents
  that have nothing to decide (their mask is all zeros).
"""

import ctypes
import json
import random as _random

from . import (Game, KontorError, _lib, _seat_chooser, _take_string, lib, np, spaces)

try:
    if np is None:
        raise ImportError
    import gymnasium as _gym
    _EnvBase = _gym.Env
except ImportError:
    _gym = None
    _EnvBase = object
try:
    if np is None:
        raise ImportError
    import pettingzoo as _pz
    _AECBase, _ParallelBase = _pz.AECEnv, _pz.ParallelEnv
except ImportError:
    _pz = None
    _AECBase = _ParallelBase = object

__all__ = ["KontorEnv", "KontorAECEnv", "KontorParallelEnv", "make", "make_aec", "make_parallel",
           "study_game", "study_options", "Discrete", "Box", "Dict"]

Discrete, Box, Dict = spaces.Discrete, spaces.Box, spaces.Dict
RENDER_MODES = ["ansi", "human"]


def study_options(game, options=None):
    """`options` (text or dict) plus the game's study options that it does
    not set (kontor.h, kt_options_for_study): finite bounds the rules leave
    open but learning, search and random play need, e.g. "trade_offers=3".
    The environments, kontor.vector and kontor.batch.Batch create their games
    with them; your own value of such an option wins."""
    from . import _b, _check, _options_text
    out, err = ctypes.c_void_p(), _lib.KtErr()
    _check(lib.kt_options_for_study(_b(game), _b(_options_text(options) or ""), None,
                                    ctypes.byref(out), None, ctypes.byref(err)), err)
    return _take_string(out.value)


def study_game(game, players=None, seed=0, options=None):
    """A Game for a study: made with study_options(game, options).  A Game
    object is returned as it is."""
    if isinstance(game, Game):
        return game
    return Game(game, players=players, seed=seed, options=study_options(game, options))


def _reward(mode, result, seat):
    if callable(mode):
        return float(mode(result, seat))
    if mode == "win":
        return float(result["reward"][seat])
    if mode == "score":
        return float(result["score"][seat])
    if mode == "rank":
        return -float(result["rank"][seat])
    raise ValueError("reward must be 'win', 'score', 'rank' or a function (result, seat)")


def _mask(n, legal):
    if np is not None:
        m = np.zeros(n, dtype=np.int8)
        m[legal] = 1
        return m
    m = [0] * n
    for i in legal:
        m[i] = 1
    return m


def _new_rng(seed):
    if np is not None:
        return np.random.default_rng(seed)
    return _random.Random(seed)


def _draw_seed(rng):
    if np is not None:
        return int(rng.integers(2 ** 63 - 1))
    return rng.randrange(2 ** 63 - 1)


def _check_action(space, action):
    if not spaces._is_int(action) or not space.contains(action):
        raise ValueError("action %r is not in the action space (integers 0 to %d)"
                         % (action, space.n - 1))
    return int(action)


class _InfoStates:
    """Information-state strings (OpenSpiel's InformationStateString): per
    seat, the game log as that seat saw it, one event per line."""

    def __init__(self, nplayers):
        self.lines = [[] for _ in range(nplayers)]

    def record(self, before, actor, action, after):
        for p, lines in enumerate(self.lines):
            err = _lib.KtErr()
            ptr = lib.kt_events_json(before._g, before._s, actor, action, after._s, p,
                                     _lib.KT_LANG_EN, ctypes.byref(err))
            if ptr:
                for ev in json.loads(_take_string(ptr)):
                    lines.append(ev["text"])

    def text(self, seat):
        return "\n".join(self.lines[seat])


class _AgentsFallback:
    """What pettingzoo.AECEnv and ParallelEnv provide, for when PettingZoo is
    not installed (empty when it is)."""

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

    def __str__(self):
        return self.metadata["name"]


class _Rng:
    """np_random kept in self._rng (a numpy Generator; random.Random without
    numpy)."""

    @property
    def np_random(self):
        return self._rng

    @np_random.setter
    def np_random(self, value):
        self._rng = value


class _GymFallback(_Rng):
    """What gymnasium.Env and gymnasium.vector.VectorEnv provide, for when
    Gymnasium is not installed: unwrapped, np_random, spec, `with`."""

    spec = None

    @property
    def unwrapped(self):
        return self

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.close()
        return False


if _pz is not None:
    class _AgentsFallback:  # noqa: F811 (PettingZoo's base provides them)
        pass
if _gym is not None:
    class _GymFallback(_Rng):  # noqa: F811 (Gymnasium's base provides the rest)
        @property
        def _np_random(self):  # what Gymnasium's checker looks at
            return self._rng

        @_np_random.setter
        def _np_random(self, value):
            if value is not None:
                self._rng = value


class _Table:
    """What the three environments share: the configuration, the state, the
    spaces, seeding, illegal actions, the information states."""

    def _setup(self, game, players, seed, options, reward, vary_config, max_actions,
               illegal_action, illegal_reward, info_state, render_mode):
        self.game = study_game(game, players, seed, options)
        if self.game.action_space_size <= 0:
            raise KontorError(_lib.KT_EINVAL, "%s has no fixed action space" % self.game.name)
        if illegal_action not in ("lose", "raise"):
            raise ValueError("illegal_action must be 'lose' or 'raise'")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError("render_mode must be None, 'ansi' or 'human'")
        if not callable(reward) and reward not in ("win", "score", "rank"):
            raise ValueError("reward must be 'win', 'score', 'rank' or a function (result, seat)")
        self._spec = (self.game.name, self.game.players, options)
        self.reward_mode = reward
        self.vary_config = vary_config
        self.max_actions = max_actions
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.info_state = info_state
        self.render_mode = render_mode
        self.state = None
        self._steps = 0
        self._info_states = None
        self._rng = _new_rng(seed)
        self.metadata = {"name": "kontor_%s_v0" % self.game.name, "render_modes": RENDER_MODES,
                         "render_fps": 1, "is_parallelizable": True}

    def _deal(self, seed):
        """Seed np_random and deal; returns the deal's seed."""
        if seed is not None:
            self._rng = _new_rng(seed)
            deal = int(seed)
        else:
            deal = _draw_seed(self._rng)
        if self.vary_config:
            name, players, opts = self._spec
            self.game = study_game(name, players, deal, opts)
        self.state = self.game.new_state(seed=deal)
        self._steps = 0
        self._info_states = _InfoStates(self.game.players) if self.info_state else None
        return deal

    def _apply(self, seat, action_id):
        s = self.state
        before = s.clone() if self._info_states else None
        s.apply(action_id, seat)
        self._steps += 1
        if before is not None:
            self._info_states.record(before, seat, action_id, s)

    def _truncated_by_limit(self):
        return self.max_actions is not None and self._steps >= self.max_actions

    def _legal_id(self, seat, index):
        """The action id of a legal index, or None when it is not legal now
        (KontorError under illegal_action="raise")."""
        try:
            return self.state.index_action(index, seat)
        except KontorError:
            if self.illegal_action == "raise":
                raise
            return None

    def _render_text(self, viewer):
        if self.state is None:
            return ""
        return self.state.render(viewer)

    def information_state(self, seat):
        """The game log as `seat` (or agent "player_k") saw it, one event per
        line: OpenSpiel's information-state string.  Needs info_state=True."""
        if isinstance(seat, str):
            seat = int(seat.rsplit("_", 1)[1])
        if self._info_states is None:
            raise ValueError("create the environment with info_state=True")
        return self._info_states.text(seat)


class KontorEnv(_Table, _GymFallback, _EnvBase):
    """One learner in one seat (gymnasium.Env); the other seats are played by
    `opponents`: a bot spec, a Bot, a function (state, player) -> action, or
    a list with one of those per seat (the learner's entry ignored).

    step(index) applies the learner's action (an index of the fixed action
    space), lets the opponents move until the learner decides again or the
    game ends, and returns (observation, reward, terminated, truncated,
    info).  The observation is the learner's vector (float32; with
    obs_dict=True a dict {"observation", "action_mask"}); info carries
    "action_mask" (int8), "legal_actions", "to_move", "pending", "decision",
    "turn", and at the end "result".  Rewards come at the end: "win" (1, 1/k
    for a shared win, 0), "score", "rank" (minus the rank) or a function
    (result, seat); `illegal_reward` for an illegal action (see the module's
    doc).  terminated: the rules ended the game (or an illegal action);
    truncated: a turn limit or max_actions stopped it."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 1}

    def __init__(self, game, players=None, options=None, seat=0, opponents="random",
                 reward="win", seed=0, vary_config=False, max_actions=None, obs_dict=False,
                 illegal_action="lose", illegal_reward=-1.0, info_state=False, render_mode=None):
        self._setup(game, players, seed, options, reward, vary_config, max_actions,
                    illegal_action, illegal_reward, info_state, render_mode)
        if not 0 <= seat < self.game.players:
            raise ValueError("seat must be 0 to %d" % (self.game.players - 1))
        self.seat = seat
        self.obs_dict = obs_dict
        n = self.game.action_space_size
        self.action_space = spaces.Discrete(n, seed=seed)
        box = spaces.observation_box(self.game.obs_size)
        self.observation_space = spaces.Dict({"observation": box, "action_mask":
                                              spaces.mask_box(n)}) if obs_dict else box
        self._opp_spec = opponents
        self._make_opponents(seed)
        self._over = False

    def _make_opponents(self, seed):
        n = self.game.players
        spec = self._opp_spec
        specs = list(spec) if isinstance(spec, (list, tuple)) else [spec] * n
        if len(specs) != n:
            raise ValueError("opponents: %d entries for %d seats" % (len(specs), n))
        self.opponents = [None if p == self.seat else _seat_chooser(self.game, specs[p], p, seed)[0]
                          for p in range(n)]

    def reset(self, *, seed=None, options=None):
        deal = self._deal(seed)
        # bots seeded from the deal: the same seed and actions, the same game
        self._make_opponents(deal)
        self.action_space.seed(deal & (2 ** 32 - 1))
        self._over = False
        self._advance()
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._info()

    def _advance(self):
        """Opponents move until the learner has a decision pending or the
        game ends (a bot answers for its own seat)."""
        s = self.state
        while not s.is_over() and not self._truncated_by_limit() and \
                self.seat not in s.pending():
            p = s.to_move()
            a = self.opponents[p](s, p)
            self._apply(p, a)

    def _legal(self):
        if self._over or self.state.is_over() or self._truncated_by_limit():
            return []
        return self.state.legal_indices(self.seat)

    def _obs(self, legal=None):
        vec = self.state.observation_vector(self.seat)
        if not self.obs_dict:
            return vec
        legal = self._legal() if legal is None else legal
        return {"observation": vec, "action_mask": _mask(self.game.action_space_size, legal)}

    def _info(self, legal=None):
        s = self.state
        legal = self._legal() if legal is None else legal
        info = {"action_mask": _mask(self.game.action_space_size, legal), "legal_actions": legal,
                "to_move": s.to_move(), "pending": s.pending(), "decision": s.decision(),
                "turn": s.turn()}
        if s.is_over() or self._truncated_by_limit():
            info["result"] = s.result()
        return info

    def action_masks(self):
        """The current mask as a bool array (sb3-contrib's MaskablePPO asks
        for this method)."""
        m = _mask(self.game.action_space_size, self._legal())
        return m.astype(bool) if np is not None else [bool(x) for x in m]

    def step(self, action):
        if self.state is None:
            raise RuntimeError("call reset() first")
        if self._over or self.state.is_over() or self._truncated_by_limit():
            raise KontorError(_lib.KT_EOVER, "the episode is over; call reset()")
        index = _check_action(self.action_space, action)
        aid = self._legal_id(self.seat, index)
        if aid is None:  # an illegal action ends the episode (see the module's doc)
            self._over = True
            info = self._info([])
            info["illegal_action"] = True
            return self._obs([]), self.illegal_reward, True, False, info
        self._apply(self.seat, aid)
        self._advance()
        s = self.state
        over = s.is_over()
        limit = self._truncated_by_limit() and not over
        legal = self._legal()
        info = self._info(legal)
        reward = 0.0
        terminated = truncated = False
        if over or limit:
            res = info["result"]
            reward = _reward(self.reward_mode, res, self.seat)
            terminated = bool(over and res["finished"])
            truncated = not terminated
        if self.render_mode == "human":
            self.render()
        return self._obs(legal), reward, terminated, truncated, info

    def render(self):
        """The learner's terminal view: returned as text (render_mode None or
        "ansi"), printed ("human")."""
        text = self._render_text(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        self.state = None


def make(game, **kwargs):
    """A single-agent environment (see KontorEnv for the arguments)."""
    return KontorEnv(game, **kwargs)


class KontorAECEnv(_Table, _AgentsFallback, _AECBase):
    """Every seat is an agent ("player_0", ...), acting when the game asks it
    (pettingzoo.AECEnv).  Seats that decide at once are asked one after the
    other.  observe(agent) is {"observation": float32 vector, "action_mask":
    int8 mask} (all zeros for an agent with nothing to decide); infos carry
    "legal_actions", "to_move", "pending", "decision", "turn" (and "result"
    at the end).  Rewards come at the end (see KontorEnv's `reward`); last()
    gives an agent's reward accumulated since it last acted, and every step
    clears the rewards of the step before, a step of a done agent (None)
    included, so summing env.rewards after every step counts each reward
    once."""

    def __init__(self, game, players=None, options=None, reward="win", seed=0, vary_config=False,
                 max_actions=None, illegal_action="lose", illegal_reward=-1.0, info_state=False,
                 render_mode=None):
        self._setup(game, players, seed, options, reward, vary_config, max_actions,
                    illegal_action, illegal_reward, info_state, render_mode)
        self.possible_agents = ["player_%d" % p for p in range(self.game.players)]
        n = self.game.action_space_size
        self._aspace = spaces.Discrete(n, seed=seed)
        self._ospace = spaces.Dict({"observation": spaces.observation_box(self.game.obs_size),
                                    "action_mask": spaces.mask_box(n)})
        self.observation_spaces = {a: self._ospace for a in self.possible_agents}
        self.action_spaces = {a: self._aspace for a in self.possible_agents}
        self.agents = []
        self.rewards, self._cumulative_rewards = {}, {}
        self.terminations, self.truncations, self.infos = {}, {}, {}
        self.agent_selection = None
        self._illegal = False

    def action_space(self, agent):
        return self._aspace

    def observation_space(self, agent):
        return self._ospace

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def reset(self, seed=None, options=None):
        deal = self._deal(seed)
        self._aspace.seed(deal & (2 ** 32 - 1))
        self._illegal = False
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.state.to_move()]
        self._update_infos()

    def _running(self):
        return not self._illegal and not self.state.is_over() and \
            not self._truncated_by_limit()

    def _update_infos(self):
        s = self.state
        pend = s.pending() if self._running() else []
        for a in self.agents:
            seat = self._seat(a)
            info = {"to_move": s.to_move(), "pending": seat in pend, "decision": s.decision(),
                    "turn": s.turn(), "legal_actions": s.legal_indices(seat) if seat in pend
                    else []}
            self.infos[a] = info

    def observe(self, agent):
        seat = self._seat(agent)
        legal = self.infos[agent]["legal_actions"] if agent in self.infos else []
        return {"observation": self.state.observation_vector(seat),
                "action_mask": _mask(self.game.action_space_size, legal)}

    def last(self, observe=True):
        a = self.agent_selection
        obs = self.observe(a) if observe else None
        return (obs, self._cumulative_rewards[a], self.terminations[a], self.truncations[a],
                self.infos[a])

    if _pz is None:
        def agent_iter(self, max_iter=2 ** 63):
            n = 0
            while self.agents and n < max_iter:
                yield self.agent_selection
                n += 1

    def _remove_done(self, action):
        """step(None) of an agent that is done: it leaves; the next done agent
        (or the agent whose turn it is) is selected; rewards are cleared."""
        if action is not None:
            raise ValueError("%s is done: its only action is None" % self.agent_selection)
        a = self.agent_selection
        for d in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards,
                  self.infos):
            del d[a]
        self.agents.remove(a)
        done = [x for x in self.agents if self.terminations[x] or self.truncations[x]]
        if done:
            self.agent_selection = done[0]
        elif self.agents:
            self.agent_selection = self._skip_agent_selection or self.agents[0]
            self._skip_agent_selection = None
        for k in self.rewards:
            self.rewards[k] = 0.0

    def step(self, action):
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            self._remove_done(action)
            return
        seat = self._seat(a)
        index = _check_action(self._aspace, action)
        if seat not in self.state.pending():
            raise KontorError(_lib.KT_EILLEGAL, "%s has nothing to decide now" % a)
        self._cumulative_rewards[a] = 0.0
        for k in self.rewards:
            self.rewards[k] = 0.0
        aid = self._legal_id(seat, index)
        if aid is None:
            self._illegal = True
            for k in self.agents:
                self.rewards[k] = self.illegal_reward if k == a else 0.0
            self._end(terminated=True)
            for k in self.agents:
                self.infos[k]["illegal_action"] = k == a
            return
        self._apply(seat, aid)
        s = self.state
        if s.is_over() or self._truncated_by_limit():
            res = s.result()
            for k in self.agents:
                self.rewards[k] = _reward(self.reward_mode, res, self._seat(k))
            self._end(terminated=s.is_over() and res["finished"])
            for k in self.agents:
                self.infos[k]["result"] = res
            return
        self.agent_selection = self.possible_agents[s.to_move()]
        self._update_infos()
        for k in self.agents:
            self._cumulative_rewards[k] += self.rewards[k]
        if self.render_mode == "human":
            self.render()

    def _end(self, terminated):
        for k in self.agents:
            self.terminations[k] = terminated
            self.truncations[k] = not terminated
            self._cumulative_rewards[k] += self.rewards[k]
        self._update_infos()
        self._skip_agent_selection = None
        self.agent_selection = self.agents[0]

    def render(self):
        """The spectator's terminal view (text; printed in "human" mode)."""
        text = self._render_text(_lib.KT_SPECTATOR)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def state_vector(self):
        """The spectator's observation vector (public information)."""
        return self.state.observation_vector(_lib.KT_SPECTATOR)

    def close(self):
        pass


def make_aec(game, **kwargs):
    """A multi-agent environment, PettingZoo AEC (see KontorAECEnv)."""
    return KontorAECEnv(game, **kwargs)


class KontorParallelEnv(_AgentsFallback, _ParallelBase):
    """Every seat is an agent; one step takes the answers of all seats with a
    decision pending (pettingzoo.ParallelEnv).  Most of the time that is one
    seat; during sealed bids (Fugger, Welser, Medici) it is every bidder, and
    each answers from its own observation.  step(actions) takes a dict with
    an action for any live agents: those of `pending_agents` are applied
    (each checked against the position all of them saw), those of agents
    with nothing to decide are ignored (their mask is all zeros, so a masked
    sample gives 0).  A pending agent without an answer is a ValueError.
    Observations are dicts {"observation", "action_mask"}; rewards come at
    the end (see KontorEnv)."""

    def __init__(self, game, **kwargs):
        self._aec = KontorAECEnv(game, **kwargs)
        self.possible_agents = list(self._aec.possible_agents)
        self.metadata = dict(self._aec.metadata)
        self.render_mode = self._aec.render_mode
        self.observation_spaces = self._aec.observation_spaces
        self.action_spaces = self._aec.action_spaces
        self.agents = []
        self.pending_agents = []

    @property
    def game(self):
        return self._aec.game

    @property
    def state(self):
        return self._aec.state

    def information_state(self, agent):
        return self._aec.information_state(agent)

    def action_space(self, agent):
        return self._aec.action_space(agent)

    def observation_space(self, agent):
        return self._aec.observation_space(agent)

    def _view(self):
        aec = self._aec
        pend = aec.state.pending() if aec._running() else []
        self.pending_agents = [self.possible_agents[p] for p in pend]
        obs = {a: aec.observe(a) for a in aec.agents}
        infos = {a: dict(aec.infos[a]) for a in aec.agents}
        return obs, infos

    def reset(self, seed=None, options=None):
        self._aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        return self._view()

    def step(self, actions):
        aec = self._aec
        if aec.state is None:
            raise RuntimeError("call reset() first")
        if not self.agents:
            raise KontorError(_lib.KT_EOVER, "the episode is over; call reset()")
        missing = [a for a in self.pending_agents if actions.get(a) is None]
        if missing:
            raise ValueError("no answer from %s (pending: %s)" % (missing, self.pending_agents))
        for a in actions:
            if a not in self.agents:
                raise ValueError("%s is not a live agent" % (a,))
        # every answer is checked against the position all pending agents saw
        moves = []
        for a in sorted(self.pending_agents, key=aec._seat):
            index = _check_action(aec._aspace, actions[a])
            moves.append((a, index, aec._legal_id(aec._seat(a), index)))
        live = list(self.agents)
        bad = next((m for m in moves if m[2] is None), None)
        if bad is not None:
            aec.agent_selection = bad[0]
            aec.step(bad[1])  # ends the game with the illegal reward
        else:
            for a, index, _ in moves:
                aec.agent_selection = a
                aec.step(index)
        obs, infos = self._view()
        rewards = {a: float(aec.rewards.get(a, 0.0)) for a in live}
        terms = {a: bool(aec.terminations.get(a, False)) for a in live}
        truncs = {a: bool(aec.truncations.get(a, False)) for a in live}
        if any(terms.values()) or any(truncs.values()):
            self.agents = []
            aec.agents = []
        return obs, rewards, terms, truncs, infos

    def render(self):
        return self._aec.render()

    def state_vector(self):
        return self._aec.state_vector()

    def close(self):
        self._aec.close()


def make_parallel(game, **kwargs):
    """A multi-agent environment whose steps take all pending seats' answers
    at once (see KontorParallelEnv)."""
    return KontorParallelEnv(game, **kwargs)


def _register():
    """Gymnasium ids kontor/<Game>-v0 (gymnasium.make("kontor/Dominion-v0")),
    when Gymnasium is installed."""
    if _gym is None:
        return
    from gymnasium.envs.registration import register, registry
    from . import games
    for name in games():
        gid = "kontor/%s-v0" % name.capitalize()
        if gid not in registry:
            register(id=gid, entry_point="kontor.env:KontorEnv", kwargs={"game": name})


_register()
