"""Loading libkontor.so and declaring its functions for ctypes.

Where the library is looked for, in order:
  1. the KONTOR_LIB environment variable (a path to libkontor.so.N, N = KT_ABI_VERSION);
  2. the folder `make install` recorded in kontor/_install.py;
  3. the build tree this package sits in (../../build/release/libkontor.so.N);
  4. the system's library search path (libkontor.so.N).

Every function of kontor.h that the package uses is declared here with its
argument and result types; strings the library allocates come back as
c_void_p so that the package can read them and release them with kt_free.
"""

import ctypes
import os
import re


def _header_versions():
    """(KT_VERSION, KT_ABI_VERSION) from their one place, kontor.h: the
    numbers `make install` copied from it into kontor/_install.py, or, in
    the source tree, the header itself."""
    try:
        from . import _install  # written by `make install`
        return _install.VERSION, _install.ABI
    except (ImportError, AttributeError):
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    header = os.path.join(os.path.dirname(os.path.dirname(here)), "include", "kontor", "kontor.h")
    try:
        with open(header) as f:
            text = f.read()
        nums = [re.search(r"^#define %s (\d+)$" % name, text, re.M).group(1)
                for name in ("KT_VERSION_MAJOR", "KT_VERSION_MINOR", "KT_VERSION_PATCH",
                             "KT_ABI_VERSION")]
    except (OSError, AttributeError):
        raise ImportError("kontor: cannot read the version from %s (install the package "
                          "with `make install`)" % header)
    return ".".join(nums[:3]), int(nums[3])


# The kontor.h version this package was installed or is run with
# (KT_VERSION); the library must have the same major version (the ABI, see
# docs/embedding.md).
HEADER_VERSION, ABI = _header_versions()

KT_SPECTATOR = -1
KT_OMNISCIENT = -2
KT_TO_MOVE = -1  # the `player` of the one forms (kt_legal_as...): the player to move
KT_LANG_EN = 0
KT_LANG_DE = 1
KT_COLOR = 0x100
KT_LEGAL_MAX = 4096
KT_MAX_PLAYERS = 6
KT_ERRLEN = 320

# The status codes of kontor.h; their names come from the library itself
# (kt_strerror, see status_name), so Python and C never say it differently.
KT_OK, KT_EINVAL, KT_EUNKNOWN, KT_EILLEGAL, KT_EPARSE, KT_ESTATE, KT_ENOMEM, KT_EOVER, \
    KT_EIO, KT_EINTERNAL = range(10)


class KtErr(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("msg", ctypes.c_char * KT_ERRLEN)]


class KtOptInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("type", ctypes.c_int), ("default", ctypes.c_char_p),
                ("min", ctypes.c_longlong), ("max", ctypes.c_longlong),
                ("choices", ctypes.c_char_p), ("help", ctypes.c_char_p)]


class KtBotInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("help", ctypes.c_char_p),
                ("opts", ctypes.POINTER(KtOptInfo)), ("nopts", ctypes.c_int)]


class KtGameInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("title", ctypes.c_char_p),
                ("summary", ctypes.c_char_p), ("min_players", ctypes.c_int),
                ("max_players", ctypes.c_int), ("default_players", ctypes.c_int),
                ("opts", ctypes.POINTER(KtOptInfo)), ("nopts", ctypes.c_int)]


class KtResult(ctypes.Structure):
    _fields_ = [("nplayers", ctypes.c_int), ("finished", ctypes.c_int),
                ("score", ctypes.c_double * KT_MAX_PLAYERS),
                ("rank", ctypes.c_int * KT_MAX_PLAYERS), ("winners", ctypes.c_uint32),
                ("turns", ctypes.c_uint32), ("reward", ctypes.c_double * KT_MAX_PLAYERS)]


class KtBotProgress(ctypes.Structure):
    _fields_ = [("thinking", ctypes.c_int), ("simulations", ctypes.c_longlong)]


class KtSessionLimits(ctypes.Structure):
    _fields_ = [("allow_files", ctypes.c_int), ("allow_full_state", ctypes.c_int),
                ("max_undo", ctypes.c_int), ("max_request", ctypes.c_size_t),
                ("max_bot_ms", ctypes.c_longlong), ("max_history", ctypes.c_size_t)]


class KtVecConfig(ctypes.Structure):
    _fields_ = [("num_envs", ctypes.c_int), ("seat", ctypes.c_int), ("opponents", ctypes.c_char_p),
                ("autoreset", ctypes.c_int), ("normalize", ctypes.c_int),
                ("max_steps", ctypes.c_longlong), ("illegal_reward", ctypes.c_float)]


class KtVecBuffers(ctypes.Structure):
    _fields_ = [("obs", ctypes.c_void_p), ("mask", ctypes.c_void_p), ("reward", ctypes.c_void_p),
                ("terminated", ctypes.c_void_p), ("truncated", ctypes.c_void_p),
                ("final_obs", ctypes.c_void_p), ("seat", ctypes.c_void_p)]


class KtGameMeta(ctypes.Structure):
    _fields_ = [("players", ctypes.c_int), ("action_space", ctypes.c_int),
                ("obs_size", ctypes.c_int), ("max_legal", ctypes.c_int),
                ("min_utility", ctypes.c_double), ("max_utility", ctypes.c_double),
                ("utility_sum", ctypes.c_double), ("max_turns", ctypes.c_longlong),
                ("max_actions", ctypes.c_longlong)]


class KtMenuItem(ctypes.Structure):
    _fields_ = [("rank", ctypes.c_int), ("group", ctypes.c_char * 64), ("key", ctypes.c_char * 16)]


class KtTarget(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_char * 16), ("id", ctypes.c_int)]


class KtCost(ctypes.Structure):
    _fields_ = [("what", ctypes.c_char * 16), ("amount", ctypes.c_int)]


class KtActionInfo(ctypes.Structure):
    _fields_ = [("verb", ctypes.c_char * 24), ("ntargets", ctypes.c_int),
                ("targets", KtTarget * 6), ("ncosts", ctypes.c_int), ("costs", KtCost * 6)]


P = ctypes.c_void_p
I = ctypes.c_int
U64 = ctypes.c_uint64
S = ctypes.c_char_p
ERR = ctypes.POINTER(KtErr)
FLOATP = ctypes.POINTER(ctypes.c_float)
INTP = ctypes.POINTER(ctypes.c_int)
ACTP = ctypes.POINTER(ctypes.c_uint32)
ACT = ctypes.c_uint32

# name: (result type, argument types)
PROTOTYPES = {
    "kt_version": (S, []),
    "kt_version_number": (I, []),
    "kt_strerror": (S, [I]),
    "kt_free": (None, [P]),
    "kt_game_count": (I, []),
    "kt_game_info": (ctypes.POINTER(KtGameInfo), [I]),
    "kt_game_find": (ctypes.POINTER(KtGameInfo), [S]),
    "kt_common_options": (ctypes.POINTER(KtOptInfo), [INTP]),
    "kt_game_bot": (ctypes.POINTER(KtBotInfo), [S, I]),
    "kt_game_components": (P, [S, I, P]),
    "kt_game_describe": (I, [S, S, I, P, ctypes.POINTER(P), ERR]),
    "kt_game_title": (S, [S, I]),
    "kt_game_summary": (S, [S, I]),
    "kt_game_notice": (S, [S]),
    "kt_game_study_options": (S, [S]),
    "kt_game_length_unit": (S, [S, I]),
    "kt_options_for_study": (I, [S, S, P, ctypes.POINTER(P), ctypes.POINTER(P), ERR]),
    "kt_game_level": (S, [S, S]),
    "kt_game_new": (I, [S, S, I, U64, P, ctypes.POINTER(P), ERR]),
    "kt_game_free": (None, [P]),
    "kt_game_name": (S, [P]),
    "kt_game_players": (I, [P]),
    "kt_game_seed": (U64, [P]),
    "kt_game_options": (S, [P]),
    "kt_state_size": (ctypes.c_size_t, [P]),
    "kt_game_max_legal": (I, [P]),
    "kt_state_new": (P, [P]),
    "kt_state_free": (None, [P, P]),
    "kt_state_init": (None, [P, P]),
    "kt_state_init_seed": (None, [P, P, U64]),
    "kt_state_restart": (None, [P, P, U64]),
    "kt_state_copy": (None, [P, P, P]),
    "kt_state_equal": (I, [P, P, P]),
    "kt_state_hash": (U64, [P, P]),
    "kt_to_move": (I, [P, P]),
    "kt_turn_player": (I, [P, P]),
    "kt_is_over": (I, [P, P]),
    "kt_decision": (S, [P, P]),
    "kt_action_count": (U64, [P, P]),
    "kt_turn_number": (ctypes.c_uint32, [P, P]),
    "kt_is_legal": (I, [P, P, ACT]),
    "kt_apply_trusted": (None, [P, P, ACT]),
    "kt_menu_item_get_as": (None, [P, P, I, ACT, I, ctypes.POINTER(KtMenuItem)]),
    "kt_action_info_get": (None, [P, P, I, ACT, ctypes.POINTER(KtActionInfo)]),
    "kt_decision_label": (S, [P, P, I]),
    "kt_pending": (ctypes.c_uint32, [P, P]),
    "kt_legal_as": (I, [P, P, I, ACTP, I]),
    "kt_apply_as": (I, [P, P, I, ACT, ERR]),
    "kt_action_parse_as": (I, [P, P, I, S, ACTP, ERR]),
    "kt_action_text_as": (ctypes.c_size_t, [P, P, I, ACT, I, I, ctypes.c_char_p, ctypes.c_size_t]),
    "kt_prompt_as": (P, [P, P, I, I]),
    "kt_action_space": (I, [P]),
    "kt_action_index_as": (I, [P, P, I, ACT]),
    "kt_index_action_as": (I, [P, P, I, I, ACTP, ERR]),
    "kt_legal_indices_as": (I, [P, P, I, INTP, I]),
    "kt_obs_size": (I, [P]),
    "kt_obs_vector": (I, [P, P, I, FLOATP, I]),
    "kt_step_nth": (I, [P, P, I]),
    "kt_play_random": (ctypes.c_longlong, [P, ctypes.POINTER(P), I, ctypes.c_longlong, U64,
                                           ctypes.POINTER(ctypes.c_uint8)]),
    "kt_step_indices": (I, [P, ctypes.POINTER(P), I, INTP, U64, INTP]),
    "kt_obs_batch": (I, [P, ctypes.POINTER(P), I, INTP, FLOATP]),
    "kt_events_json": (P, [P, P, I, ACT, P, I, I, ERR]),
    "kt_game_meta_get": (None, [P, ctypes.POINTER(KtGameMeta)]),
    "kt_vec_config_init": (None, [ctypes.POINTER(KtVecConfig)]),
    "kt_vec_new": (I, [P, ctypes.POINTER(KtVecConfig), U64, ctypes.POINTER(P), ERR]),
    "kt_vec_free": (None, [P]),
    "kt_vec_bind": (I, [P, ctypes.POINTER(KtVecBuffers), ERR]),
    "kt_vec_reset": (I, [P, U64, ERR]),
    "kt_vec_reset_env": (I, [P, I, ERR]),
    "kt_vec_step": (I, [P, P, ERR]),
    "kt_vec_num_envs": (I, [P]),
    "kt_vec_obs_scale": (FLOATP, [P]),
    "kt_vec_set_obs_scale": (I, [P, FLOATP, ERR]),
    "kt_vec_state": (P, [P, I]),
    "kt_vec_actions": (ctypes.c_longlong, [P]),
    "kt_vec_episodes": (ctypes.c_longlong, [P]),
    "kt_result_get": (None, [P, P, ctypes.POINTER(KtResult)]),
    "kt_evaluate": (None, [P, P, ctypes.c_double * KT_MAX_PLAYERS]),
    "kt_determinize": (None, [P, P, I, U64, P]),
    "kt_observe": (I, [P, P, I, I, ctypes.POINTER(P), ERR]),
    "kt_state_json": (P, [P, P]),
    "kt_render_text": (I, [P, P, I, I, ctypes.POINTER(P), ERR]),
    "kt_load_json": (I, [S, P, ctypes.POINTER(P), ctypes.POINTER(P), ERR]),
    "kt_state_load_json": (I, [P, S, P, ERR]),
    "kt_check": (I, [P, P, ERR]),
    "kt_bot_new": (I, [P, S, U64, ctypes.POINTER(P), ERR]),
    "kt_bot_choose_as": (I, [P, P, I, ACTP, ERR]),
    "kt_bot_spec": (S, [P]),
    "kt_bot_cancel": (None, [P]),
    "kt_bot_progress_get": (None, [P, ctypes.POINTER(KtBotProgress)]),
    "kt_bot_set_time_cap": (None, [P, ctypes.c_longlong]),
    "kt_bot_simulations": (ctypes.c_longlong, [P]),
    "kt_bot_free": (None, [P]),
    "kt_record_new": (P, [P]),
    "kt_record_add_as": (I, [P, P, I, ACT]),
    "kt_record_actor": (I, [P, I]),
    "kt_record_set_seat": (I, [P, I, S]),
    "kt_record_length": (I, [P]),
    "kt_record_action": (S, [P, I]),
    "kt_record_seat": (S, [P, I]),
    "kt_record_truncate": (None, [P, I]),
    "kt_record_json": (P, [P]),
    "kt_record_load": (I, [S, P, ctypes.POINTER(P), ctypes.POINTER(P), ERR]),
    "kt_record_replay": (I, [P, P, I, P, ERR]),
    "kt_record_free": (None, [P]),
    "kt_session_limits_trusted": (None, [ctypes.POINTER(KtSessionLimits)]),
    "kt_session_limits_server": (None, [ctypes.POINTER(KtSessionLimits)]),
    "kt_session_new": (I, [ctypes.POINTER(KtSessionLimits), P, ctypes.POINTER(P), ERR]),
    "kt_session_free": (None, [P]),
    "kt_session_request": (P, [P, I, ctypes.c_char_p, ctypes.c_size_t, INTP]),
    "kt_session_cancel": (None, [P]),
    "kt_session_progress": (None, [P, ctypes.POINTER(KtBotProgress)]),
    # post-game analysis (kontor/analysis.py defines the structures behind P)
    "kt_analysis_options": (ctypes.POINTER(KtOptInfo), [INTP]),
    "kt_analysis_new": (I, [P, P, I, S, ctypes.POINTER(P), ERR]),
    "kt_analysis_new_position": (I, [P, P, I, ACTP, S, ctypes.POINTER(P), ERR]),
    "kt_analysis_run": (I, [P, P, P, ERR]),
    "kt_analysis_cancel": (None, [P]),
    "kt_analysis_progress_get": (None, [P, P]),
    "kt_analysis_seat": (I, [P]),
    "kt_analysis_options_text": (S, [P]),
    "kt_analysis_count": (I, [P]),
    "kt_analysis_forced": (I, [P]),
    "kt_analysis_move_at": (P, [P, I]),
    "kt_analysis_ranked": (I, [P, I]),
    "kt_analysis_json": (P, [P, I]),
    "kt_analysis_free": (None, [P]),
}


def _candidates():
    env = os.environ.get("KONTOR_LIB")
    if env:
        return [env]
    out = []
    try:
        from . import _install  # written by `make install`
        out.append(os.path.join(_install.LIBDIR, "libkontor.so.%d" % ABI))
    except ImportError:
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    out.append(os.path.join(root, "build", "release", "libkontor.so.%d" % ABI))
    out.append("libkontor.so.%d" % ABI)
    return out


def load():
    """Open the library, declare its functions and check its version."""
    errors = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            errors.append("%s: not found" % path)
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            errors.append("%s: %s" % (path, e))
            continue
        for name, (res, args) in PROTOTYPES.items():
            fn = getattr(lib, name)
            fn.restype = res
            fn.argtypes = args
        check_version(lib.kt_version().decode())
        lib.kontor_path = path
        return lib
    raise ImportError("kontor: cannot load libkontor.so.%d (build it with `make`, or set "
                      "KONTOR_LIB):\n  " % ABI + "\n  ".join(errors))


def check_version(found):
    """The library must have the major version the package was written for."""
    want = HEADER_VERSION.split(".")
    have = found.split(".")
    if have[0] != want[0] or (want[0] == "0" and have[1] != want[1]):
        raise ImportError("kontor: the library is version %s but this package needs %s.x"
                          % (found, ".".join(want[:2]) if want[0] == "0" else want[0]))


def status_name(lib, code):
    """The library's name of a status code (kt_strerror), e.g. "illegal action"."""
    return lib.kt_strerror(int(code)).decode()
