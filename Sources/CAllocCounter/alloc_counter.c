#include "alloc_counter.h"

#include <jemalloc/jemalloc.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

// initial-exec: reading the cached pointer never calls __tls_get_addr (which may allocate).
#define WORKBENCH_TLS __thread __attribute__((tls_model("initial-exec")))

static WORKBENCH_TLS const uint64_t *thread_allocatedp = NULL;

static const uint64_t zero_counter = 0;

// Allocation requests are read from jemalloc's own statistics, not counted by an allocation
// hook: jemalloc 5.3's experimental hooks put every thread on its slow path, and with threads
// coming and going (dispatch workers) that crashed the process inside jemalloc.
int workbench_alloc_counter_install(void) {
    return 0;
}

uint64_t workbench_allocation_requests(void) {
    // Merge this thread's cache statistics into its arena, bring the statistics up to date, then
    // read the small and large request counts of all arenas.
    (void)mallctl("thread.tcache.flush", NULL, NULL, NULL, 0);
    uint64_t epoch = 1;
    size_t size = sizeof(epoch);
    (void)mallctl("epoch", &epoch, &size, &epoch, size);
    uint64_t small = 0;
    uint64_t large = 0;
    size = sizeof(uint64_t);
    (void)mallctl("stats.arenas.4096.small.nrequests", &small, &size, NULL, 0);
    size = sizeof(uint64_t);
    (void)mallctl("stats.arenas.4096.large.nrequests", &large, &size, NULL, 0);
    return small + large;
}

const uint64_t *workbench_thread_allocatedp(void) {
    const uint64_t *pointer = thread_allocatedp;
    if (pointer == NULL) {
        uint64_t *looked_up = NULL;
        size_t size = sizeof(looked_up);
        if (mallctl("thread.allocatedp", &looked_up, &size, NULL, 0) == 0 && looked_up != NULL) {
            pointer = looked_up;
        } else {
            pointer = &zero_counter;
        }
        thread_allocatedp = pointer;
    }
    return pointer;
}

uint64_t workbench_thread_allocated_bytes(void) {
    return *workbench_thread_allocatedp();
}

int workbench_malloc_is_jemalloc(void) {
    void *(*volatile allocate)(size_t) = malloc;
    void (*volatile release)(void *) = free;
    uint64_t before = workbench_thread_allocated_bytes();
    void *pointer = allocate(4096);
    uint64_t after = workbench_thread_allocated_bytes();
    release(pointer);
    return pointer != NULL && after - before >= 4096;
}
