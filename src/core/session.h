/*
 * session.h - typed calls into a kt_session, for the programs built with
 * the library (the server, the command line): the operations of the JSON
 * protocol (docs/protocol.md) with their values given as C values, so a
 * caller neither writes a request as text nor reads the reply back to learn
 * whether it worked.
 *
 * Each call returns the status and, when `r` is not NULL, fills it:
 *   r->st       the same status;
 *   r->json     the reply object exactly as the protocol sends it for the
 *               same request without "ref" ({"ok":true,...} or
 *               {"ok":false,"error":..,"message":..}), whole, of any length;
 *   r->message  on failure the message, whole (kt_sreply_message).
 * A failing call changes nothing, as a failing request does.  `seat` is who
 * asks, as in kt_session_request (KT_OMNISCIENT: the host); calls without a
 * seat are the host's.  `lang` is KT_LANG_EN or KT_LANG_DE.
 *
 * kt_session_call answers a request that is already parsed (the server
 * parses every message once, to route it): the reply is byte for byte
 * kt_session_request's for the same text.
 */
#ifndef KT_SESSION_H
#define KT_SESSION_H

#include "util/buf.h"
#include "util/json.h"
#include "kontor/kontor.h"

typedef struct kt_sreply {
    kt_status st;
    kt_buf json;
    kt_buf message;
} kt_sreply;

void kt_sreply_init(kt_sreply *r);
void kt_sreply_free(kt_sreply *r);
/* "" when it worked; otherwise the whole message. */
const char *kt_sreply_message(const kt_sreply *r);

/* "new": a game of `game` with `options` ("k=v;k=v"), `players` (0: the
 * game's default) and `seed`. */
kt_status kt_session_start(kt_session *S, const char *game, const char *options, int players,
                           uint64_t seed, kt_sreply *r);
/* "apply" by the host: `player` takes action `a` (an id from "legal"). */
kt_status kt_session_apply(kt_session *S, int player, kt_action a, kt_sreply *r);
/* "undo" by the host: take back `steps` actions, refused past an action that
 * showed one of `players` (a bit set; 0: none) something hidden or random
 * (the lowest of them is the one asking).  dry_run: only check. */
kt_status kt_session_undo(kt_session *S, int steps, uint32_t players, int dry_run, int lang,
                          kt_sreply *r);
/* "status" (lang -1: without "decision_label"). */
kt_status kt_session_status(kt_session *S, int seat, int lang, kt_sreply *r);
/* "observe" of `viewer` (a player or KT_SPECTATOR; a seat only its own). */
kt_status kt_session_observe(kt_session *S, int seat, int viewer, int lang, kt_sreply *r);
/* "legal" of `player` (a seat: its own). */
kt_status kt_session_legal(kt_session *S, int seat, int player, int lang, kt_sreply *r);
/* "log" of `viewer`: actions since..since+limit-1. */
kt_status kt_session_log(kt_session *S, int seat, int viewer, int since, int limit, int lang,
                         kt_sreply *r);
/* Any request, parsed; `len` is its text's length (the session's limit);
 * *quit (may be NULL) is set after "quit". */
kt_status kt_session_call(kt_session *S, int seat, const kt_jv *req, size_t len, kt_sreply *r,
                          int *quit);

/* The protocol's name of an option type ("int", "bool", "enum", "text",
 * "path"), as "games" lists options (the server's lobby writes the same). */
const char *kt_opttype_name(kt_opttype t);

#endif
