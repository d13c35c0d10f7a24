// What Swift cannot say itself: a cache-line prefetch, and the size of a block from malloc.
// WorkingSet (SegueValues) is their one user (docs/performance.md, "Worlds fetched before their turn").
#ifndef SEGUE_CPREFETCH_H
#define SEGUE_CPREFETCH_H

#include <malloc.h>
#include <stddef.h>

/// Asks the CPU to bring the cache line holding `address` into its caches, to be read soon. Only
/// a hint: a prefetch never faults, so a stale or unmapped address costs at most a useless fetch
/// (GCC, "Other Built-in Functions": __builtin_prefetch).
static inline void segue_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// The usable size of `block`, which must be a live block from malloc (every Swift object is one).
static inline size_t segue_allocation_size(const void *block) {
    return malloc_usable_size((void *)block);
}

#endif
