#ifndef SEGUE_CLIBWEBSOCKETS_SHIM_H
#define SEGUE_CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>
#include <ev.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/timerfd.h>

/*
 * Swift cannot import function-like or computed macros or variadic C functions, so each value or
 * helper SegueServer needs from them is re-exported here under a `segue_` prefix. Besides those,
 * the header only includes what SegueServer calls directly: libev (the epoll loop it hands lws),
 * timerfd (its timers), and the two memory hints its `PrefetchList` needs, which Swift cannot say.
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
 * `prctl` is variadic. A worker of `serve --workers` asks for SIGTERM when its supervisor dies, so
 * no worker outlives it.
 */
static inline int segue_terminate_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGTERM); }

/*
 * Asks the CPU to bring the cache line holding `address` into its first-level cache, to be read
 * soon. Only a hint: a prefetch never faults, so a stale address costs at most a useless fetch
 * (GCC, "Other Built-in Functions": __builtin_prefetch).
 */
static inline void segue_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

/* The usable size of `block`, which must be a live block from malloc (every Swift object is one). */
static inline size_t segue_allocation_size(const void *block) { return malloc_usable_size((void *)block); }

#endif
