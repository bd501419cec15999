/*
 * stack.h - the pending-decision stack of a game state, one helper for
 * every game that has one (Dominion, Catan, Marco Polo II, Anno 1701).
 *
 * Data layout: three members of the game's flat state (no pointers), by
 * these names so that the macros below find them:
 *   FRAME   stack[CAP];  pending frames, bottom first; the top one is
 *                        stack[nstack - 1]; free slots are all zero bytes
 *                        (states are compared and hashed byte-wise)
 *   uint8_t nstack;      the depth
 *   uint8_t overflow;    0; 1 once a push found the stack full
 * The frame type and CAP are the game's; CAP is taken from the array.
 *
 * Why the overflow mark: a full stack must not lose an effect without a
 * trace.  A push onto a full stack is refused (the macro yields NULL, the
 * caller leaves the effect out) and marks the state; the game's check hook
 * reports the mark with KT_STACK_CHECK, so kt_check fails - and the soaks
 * run kt_check after every action, the core after every load.  The mark
 * sits in bytes that are zero in every reachable state (padding the
 * struct already had), so a normal game's bytes stay the same.
 */
#ifndef KT_STACK_H
#define KT_STACK_H

#include <stdint.h>
#include <string.h>

#include "util/buf.h"

/* The capacity of s->stack. */
#define KT_STACK_CAP(s) ((int)(sizeof (s)->stack / sizeof (s)->stack[0]))

/* Mark an overflow; the refused push yields this NULL. */
static inline void *kt_stack_refuse_(uint8_t *overflow)
{
    *overflow = 1;
    return NULL;
}

/* A new top frame (a free slot: zero bytes) or NULL, with s->overflow set,
 * when the stack is full.  The caller fills the frame. */
#define KT_STACK_PUSH(s)                                                                     \
    ((s)->nstack < KT_STACK_CAP(s) ? (void *)&(s)->stack[(s)->nstack++]                      \
                                   : kt_stack_refuse_(&(s)->overflow))

/* The top frame (the stack must not be empty). */
#define KT_STACK_TOP(s) (&(s)->stack[(s)->nstack - 1])

/* Remove the top frame, leaving its slot zero. */
#define KT_STACK_POP(s) memset(&(s)->stack[--(s)->nstack], 0, sizeof (s)->stack[0])

/* For the game's check hook: 1 when the depth is in range and nothing was
 * refused, else 0 with the reason in `why`. */
static inline int kt_stack_ok(int nstack, int cap, int overflow, kt_buf *why)
{
    if (overflow) {
        kt_buf_printf(why, "the pending-effect stack overflowed (%d frames): an effect was refused",
                      cap);
        return 0;
    }
    if (nstack > cap) {
        kt_buf_printf(why, "stack depth %d out of range (at most %d)", nstack, cap);
        return 0;
    }
    return 1;
}
#define KT_STACK_CHECK(s, why) kt_stack_ok((s)->nstack, KT_STACK_CAP(s), (s)->overflow, (why))

#endif
