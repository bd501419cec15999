/*
 * guard.h - the test-only game "guard" (hidden cards, dice, a move that
 * loses at once, a study bound; rules in guard.c), registered only in the
 * test binary.
 */
#ifndef KT_TEST_GUARD_H
#define KT_TEST_GUARD_H

#include "../../src/core/game.h"

extern const kt_gamedef kt_test_guard;

#endif
