#ifndef WORKBENCH_ALLOC_COUNTER_H
#define WORKBENCH_ALLOC_COUNTER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Installs the jemalloc allocation hook that counts allocations per thread.
///
/// Idempotent and thread-safe (pthread_once); every call after the first returns the first
/// call's result. Returns 0 on success, otherwise the mallctl error code (for example ENOENT when
/// the allocator is not jemalloc 5.x with experimental hooks). Allocations made before the hook
/// is installed are not counted.
int workbench_alloc_counter_install(void);

/// Allocations made by the calling thread since the hook was installed.
///
/// Counts every call jemalloc reports to an allocation hook: malloc, calloc, posix_memalign,
/// aligned_alloc, memalign, valloc, mallocx, and realloc/rallocx when they move the block.
/// In-place growth (realloc that expands without moving) is not an allocation. Reads a
/// thread-local counter: no lock, no allocation.
/// Allocation requests (small + large) over all arenas, after flushing the calling thread's cache
/// (so its requests are counted; other threads' cached requests may not be yet). Not cheap: an
/// epoch refresh. Read it at measurement boundaries, not per operation.
uint64_t workbench_allocation_requests(void);

/// jemalloc's `thread.allocatedp` for the calling thread: a pointer to the counter of bytes
/// (usable sizes) the thread has allocated since it started.
///
/// The pointer is looked up with mallctl once per thread and then cached in thread-local
/// storage, so later calls neither lock nor allocate. If the lookup fails (jemalloc built
/// without stats, or not the allocator), the result points at a constant zero.
const uint64_t *workbench_thread_allocatedp(void);

/// Bytes the calling thread has allocated since it started: `*workbench_thread_allocatedp()`.
uint64_t workbench_thread_allocated_bytes(void);

/// Whether the C library's `malloc` symbol is served by jemalloc: true (1) when a 4096-byte
/// `malloc` moves the calling thread's `thread.allocated`.
///
/// malloc and free are called through volatile function pointers, so an optimising compiler
/// cannot remove the unused allocation (as it would a plain `free(malloc(n))`).
int workbench_malloc_is_jemalloc(void);

#ifdef __cplusplus
}
#endif

#endif
