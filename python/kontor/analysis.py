"""Post-game analysis: how well did one player play a recorded game?

    import kontor
    from kontor.analysis import Analysis, analyze
    record, game = kontor.Record.load(open("game.json").read())
    report = analyze(record, seat=0, budget=400, threads=2)
    for i in report["ranking"][:3]:
        m = report["moves"][i]
        print(m["played"], "->", m["best"], round(100 * m["loss"], 1), m["severity"])

At each decision of the player with a choice, a search from that player's
information only finds the action it prefers; both actions are then played
on in the same sampled worlds, which gives the player's chance to win after
each (a shared win counts 1/k) and the difference with its standard error.
The same record, seat and options give the same result for any number of
threads.  docs/analysis.md describes the method, the options and the JSON.
"""

import ctypes
import json

from . import KontorError, Record, _b, _check, _lang, _lib, _take_string, lib

__all__ = ["Analysis", "analyze", "options", "AnalysisMove", "AnalysisProgress"]

SEVERITY = ["", "inaccuracy", "mistake", "blunder"]


class AnalysisMove(ctypes.Structure):
    """kt_analysis_move (kontor.h)."""
    _fields_ = [("index", ctypes.c_int), ("turn", ctypes.c_uint32), ("legal", ctypes.c_int),
                ("done", ctypes.c_int), ("has_played", ctypes.c_int),
                ("played", ctypes.c_uint32), ("best", ctypes.c_uint32),
                ("win_played", ctypes.c_double), ("win_best", ctypes.c_double),
                ("win_before", ctypes.c_double), ("loss", ctypes.c_double),
                ("loss_se", ctypes.c_double), ("score_played", ctypes.c_double),
                ("score_best", ctypes.c_double), ("place_played", ctypes.c_double),
                ("place_best", ctypes.c_double), ("alone_played", ctypes.c_double),
                ("alone_best", ctypes.c_double), ("worlds", ctypes.c_int),
                ("simulations", ctypes.c_longlong), ("severity", ctypes.c_int)]


class AnalysisProgress(ctypes.Structure):
    """kt_analysis_progress (kontor.h)."""
    _fields_ = [("decisions", ctypes.c_int), ("done", ctypes.c_int),
                ("simulations", ctypes.c_longlong), ("running", ctypes.c_int),
                ("cancelled", ctypes.c_int)]


_PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(AnalysisProgress))


def options():
    """The analysis options: a list of dicts (name, type, default, help...)."""
    n = ctypes.c_int()
    o = lib.kt_analysis_options(ctypes.byref(n))
    from . import _optinfo
    return [_optinfo(o[i]) for i in range(n.value)]


def _options_text(opts, kw):
    parts = []
    if isinstance(opts, str):
        parts.append(opts)
    elif opts:
        parts += ["%s=%s" % (k, v) for k, v in opts.items()]
    parts += ["%s=%s" % (k, v) for k, v in kw.items() if v is not None]
    return ";".join(p for p in parts if p)


def _progress_dict(p):
    return {"decisions": p.decisions, "done": p.done, "simulations": p.simulations,
            "running": bool(p.running), "cancelled": bool(p.cancelled)}


class Analysis:
    """The analysis of one player's decisions in a record (or of one
    position, see Analysis.position).  Nothing is searched until run().

    `record`: a kontor.Record or a record's JSON text.  `seat`: the player,
    0-based.  Options as keywords (budget=400, threads=2, seed=7, depth=-1,
    time=..., worlds=..., search=..., z=..., from_=..., to=..., mcts="c=1.5")
    or as `options` (a dict or "k=v;k=v")."""

    def __init__(self, record, seat, options=None, _handle=None, _keep=None, **kw):
        if _handle is not None:
            self._a, self._keep = _handle, _keep
            return
        if isinstance(record, (str, bytes)):
            record, game = Record.load(record)
        elif isinstance(record, Record):
            game = record.game
        else:
            raise TypeError("record must be a kontor.Record or a record's JSON text")
        if "from_" in kw:
            kw["from"] = kw.pop("from_")
        handle = ctypes.c_void_p()
        err = _lib.KtErr()
        _check(lib.kt_analysis_new(game._g, record._r, int(seat), _b(_options_text(options, kw)),
                                   ctypes.byref(handle), ctypes.byref(err)), err)
        self._a = handle.value
        self._keep = (record, game)  # the analysis refers to both

    @classmethod
    def position(cls, state, player=None, played=None, options=None, **kw):
        """Analyse one position for `player` (default: the player to move):
        the search's preferred action and its win chance, and with `played`
        (an action id or text) how much that action would lose."""
        if player is None:
            player = state.to_move()
        act = None
        if played is not None:
            if isinstance(played, str):
                played = state.parse(played, player)
            act = ctypes.c_uint32(played)
        handle = ctypes.c_void_p()
        err = _lib.KtErr()
        _check(lib.kt_analysis_new_position(state.game._g, state._s, int(player),
                                            ctypes.byref(act) if act is not None else None,
                                            _b(_options_text(options, kw)),
                                            ctypes.byref(handle), ctypes.byref(err)), err)
        return cls(None, player, _handle=handle.value, _keep=(state.clone(), state.game))

    def __del__(self):
        if getattr(self, "_a", None):
            lib.kt_analysis_free(self._a)
            self._a = None

    def __len__(self):
        return lib.kt_analysis_count(self._a)

    @property
    def seat(self):
        return lib.kt_analysis_seat(self._a)

    @property
    def options(self):
        """The canonical options: every one that shapes the result."""
        return lib.kt_analysis_options_text(self._a).decode()

    def run(self, progress=None):
        """Analyse every decision not done yet.  `progress(p)` (optional) is
        called after each decision with a dict (decisions, done,
        simulations, ...); a true return value cancels.  Another thread may
        call cancel().  Returns self."""
        raised = []
        cb = None
        if progress is not None:
            def call(_ud, p):
                try:
                    return 1 if progress(_progress_dict(p.contents)) else 0
                except BaseException as e:  # noqa: B902 - re-raised below
                    raised.append(e)
                    return 1
            cb = _PROGRESS(call)
        err = _lib.KtErr()
        code = lib.kt_analysis_run(self._a, ctypes.cast(cb, ctypes.c_void_p) if cb else None,
                                   None, ctypes.byref(err))
        if raised:
            raise raised[0]
        _check(code, err)
        return self

    def cancel(self):
        """From any thread: end the running run() soon (what is done stays)."""
        lib.kt_analysis_cancel(self._a)

    def progress(self):
        p = AnalysisProgress()
        lib.kt_analysis_progress_get(self._a, ctypes.addressof(p))
        return _progress_dict(p)

    def moves(self):
        """Per decision a dict of the figures (action ids, no texts: see
        to_dict for those); NaN where a figure could not be measured."""
        out = []
        for i in range(len(self)):
            m = ctypes.cast(lib.kt_analysis_move_at(self._a, i),
                            ctypes.POINTER(AnalysisMove)).contents
            d = {name: getattr(m, name) for name, _ in AnalysisMove._fields_}
            d["done"] = bool(d["done"])
            d["has_played"] = bool(d["has_played"])
            d["severity"] = SEVERITY[m.severity] if 0 <= m.severity < 4 else str(m.severity)
            out.append(d)
        return out

    def ranked(self):
        """Indices of the analysed decisions, costliest first."""
        out = []
        while True:
            i = lib.kt_analysis_ranked(self._a, len(out))
            if i < 0:
                return out
            out.append(i)

    def to_json(self, lang="en"):
        """The analysis as JSON text (docs/analysis.md), action texts as the
        player saw them, in English or German."""
        text = _take_string(lib.kt_analysis_json(self._a, _lang(lang)))
        if text is None:
            raise KontorError(_lib.KT_ENOMEM, "out of memory")
        return text

    def to_dict(self, lang="en"):
        return json.loads(self.to_json(lang))


def analyze(record, seat, progress=None, lang="en", options=None, **kw):
    """Analyse `seat`'s decisions in a record (kontor.Record or JSON text)
    and return the JSON result as a dict (see Analysis for the options)."""
    return Analysis(record, seat, options, **kw).run(progress).to_dict(lang)
