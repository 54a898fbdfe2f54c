#include "alloc_counter.h"

#include <jemalloc/jemalloc.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

// jemalloc 5.x experimental hook interface ("experimental.hooks.install"). These declarations
// are not in the public header; they mirror jemalloc's include/jemalloc/internal/hook.h.
typedef void (*workbench_hook_alloc)(void *extra, int type, void *result, uintptr_t result_raw,
                                     uintptr_t args_raw[3]);
typedef void (*workbench_hook_dalloc)(void *extra, int type, void *address, uintptr_t args_raw[3]);
typedef void (*workbench_hook_expand)(void *extra, int type, void *address, size_t old_usize,
                                      size_t new_usize, uintptr_t result_raw,
                                      uintptr_t args_raw[4]);

typedef struct {
    workbench_hook_alloc alloc_hook;
    workbench_hook_dalloc dalloc_hook;
    workbench_hook_expand expand_hook;
    void *extra;
} workbench_hooks_t;

// initial-exec: touching the variable must never call __tls_get_addr (which may allocate)
// from inside an allocator hook.
#define WORKBENCH_TLS __thread __attribute__((tls_model("initial-exec")))

static WORKBENCH_TLS uint64_t thread_alloc_count = 0;
static WORKBENCH_TLS const uint64_t *thread_allocatedp = NULL;

static const uint64_t zero_counter = 0;

static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static int install_result = -1;
static void *hook_handle = NULL;

static void count_alloc(void *extra, int type, void *result, uintptr_t result_raw,
                        uintptr_t args_raw[3]) {
    (void)extra;
    (void)type;
    (void)result_raw;
    (void)args_raw;
    if (result != NULL) {
        thread_alloc_count += 1;
    }
}

static void install_hooks(void) {
    // jemalloc copies the struct into its own table, but keep it static regardless.
    static workbench_hooks_t hooks = {count_alloc, NULL, NULL, NULL};
    void *handle = NULL;
    size_t size = sizeof(handle);
    install_result = mallctl("experimental.hooks.install", &handle, &size, &hooks, sizeof(hooks));
    if (install_result == 0) {
        hook_handle = handle;
    }
}

int workbench_alloc_counter_install(void) {
    pthread_once(&install_once, install_hooks);
    return install_result;
}

uint64_t workbench_alloc_count(void) {
    return thread_alloc_count;
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
