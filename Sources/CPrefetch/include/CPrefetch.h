// What Swift cannot say itself: a cache-line prefetch, the size of a block from malloc, and a
// thread's own fetch queue.
// WorkingSet (SegueValues) is their one user (docs/performance.md, "Worlds fetched before their turn").
#ifndef SEGUE_CPREFETCH_H
#define SEGUE_CPREFETCH_H

#include <malloc.h>
#include <stddef.h>

/// Asks the CPU to bring the cache line holding `address` into its caches, to be read soon. Only
/// a hint: a prefetch never faults, so a stale or unmapped address costs at most a useless fetch
/// (GCC, "Other Built-in Functions": __builtin_prefetch).
///
/// Built with SEGUE_FETCH_AS_LOAD (`scripts/cache-profile --uncovered`, never served), the line is
/// read instead: cachegrind does not simulate prefetches, and a read puts the line in its caches,
/// so the misses left are the reads a working set does not cover. It is for profiling alone: an
/// entry gone stale is then read, freed memory and all.
static inline void segue_prefetch(const void *address) {
#ifdef SEGUE_FETCH_AS_LOAD
    (void)*(const volatile char *)address;
#else
    __builtin_prefetch(address, 0, 3);
#endif
}

/// The usable size of `block`, which must be a live block from malloc (every Swift object is one).
static inline size_t segue_allocation_size(const void *block) {
    return malloc_usable_size((void *)block);
}

/// The working set a thread fetches in doses while it serves the item before (WorkingSet.forEach):
/// the entries not yet begun, and the lines left of the one begun. Each thread has its own, so
/// hosts that serve worlds on several threads never share one.
typedef struct segue_fetch_queue {
    const unsigned long long *next;
    const unsigned long long *end;
    const char *line;
    unsigned long lines;
    /// Lines of working sets asked for on this thread since it began (the service benchmark's
    /// per-turn figure).
    unsigned long requested;
} segue_fetch_queue;

/// Initial-exec: the queue is read a few dozen times a turn, and the general model would make
/// each read a call to __tls_get_addr. The module is linked into the executable, never loaded late.
extern __thread segue_fetch_queue segue_fetch_queue_of_thread __attribute__((tls_model("initial-exec")));

static inline segue_fetch_queue *segue_thread_fetch_queue(void) {
    return &segue_fetch_queue_of_thread;
}

#endif
