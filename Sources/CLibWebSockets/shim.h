#ifndef SEGUE_CLIBWEBSOCKETS_SHIM_H
#define SEGUE_CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>
#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <sys/prctl.h>

/*
 * Swift cannot import function-like or computed macros or variadic C functions, so each value or
 * helper SegueServer needs from them is re-exported here under a `segue_` prefix. Nothing else
 * belongs in this header.
 */

/*
 * `LWS_PRE` is computed by `_LWS_PAD(...)`, which Swift does not import. Every `lws_write` buffer
 * needs this many writable bytes in front of the payload for the frame header lws prepends.
 */
static inline size_t segue_lws_pre(void) { return LWS_PRE; }

/*
 * The per-connection user memory lws allocates (zeroed) and releases with `free()`. It holds one
 * plain id; the Swift objects it names live in tables on the server, cleaned up on close.
 */
typedef struct segue_connection_data {
    uint64_t id;
} segue_connection_data;

/*
 * lws hands a timer callback nothing but the `lws_sorted_usec_list_t` it scheduled. Embedding that
 * list node in a struct with an owner pointer lets the callback find its server again through
 * `lws_container_of`, a macro Swift cannot call.
 */
typedef struct segue_timer {
    lws_sorted_usec_list_t sul;
    void *owner;
} segue_timer;

_Static_assert(offsetof(segue_timer, sul) == 0, "segue_timer must start with its lws timer node");

static inline lws_sorted_usec_list_t *segue_timer_node(segue_timer *timer) { return &timer->sul; }

static inline void *segue_timer_owner(lws_sorted_usec_list_t *sul) {
    return lws_container_of(sul, segue_timer, sul)->owner;
}

/*
 * `prctl` is variadic. A worker of `serve --workers` asks for SIGTERM when its supervisor dies, so
 * no worker outlives it.
 */
static inline int segue_terminate_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGTERM); }

#endif
