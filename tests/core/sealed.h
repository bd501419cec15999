/*
 * sealed.h - the test-only game "sealed" (simultaneous sealed bids; rules in
 * sealed.c), registered only in the test binary.
 */
#ifndef KT_TEST_SEALED_H
#define KT_TEST_SEALED_H

#include "../../src/core/game.h"

extern const kt_gamedef kt_test_sealed;

#endif
