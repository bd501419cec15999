/*
 * fuzz.h - shared pieces of the libFuzzer harnesses (tests/fuzz/fuzz_*.c).
 *
 * Each harness checks more than "no crash": whatever the engine accepts must
 * be consistent (check passes, a running game has a legal action, a state it
 * wrote loads back byte for byte, a few random actions keep it consistent).
 * A violated promise aborts, which libFuzzer reports as a finding.
 */
#ifndef KT_FUZZ_H
#define KT_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "kontor/kontor.h"

/* Abort with a message when `ok` is false (a finding). */
void fz_require(int ok, const char *what, const char *detail);
/* The promises for an accepted (g, s): check, a legal action while running,
 * save -> load -> save identical, then up to `steps` random actions chosen
 * by `seed`, each followed by check. */
void fz_exercise(const kt_game *g, kt_state *s, int steps, uint64_t seed);

#endif
