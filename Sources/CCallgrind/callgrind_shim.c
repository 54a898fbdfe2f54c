#include "callgrind_shim.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define WB_HAVE_CALLGRIND 1
#endif
#endif

#ifndef WB_HAVE_CALLGRIND
#define WB_HAVE_CALLGRIND 0
#endif

/* Whether collection is on: start and stop toggle only when it changes, so that a stop without a
   start (or two starts) never inverts the state. Collection starts off (--collect-atstart=no). */
static int collecting = 0;

int wb_callgrind_collecting(void) { return collecting; }

int wb_callgrind_available(void) { return WB_HAVE_CALLGRIND; }

int wb_running_on_valgrind(void) {
#if WB_HAVE_CALLGRIND
    return (int)RUNNING_ON_VALGRIND;
#else
    return 0;
#endif
}

void wb_callgrind_start(void) {
#if WB_HAVE_CALLGRIND
    if (!collecting) {
        collecting = 1;
        CALLGRIND_TOGGLE_COLLECT;
    }
#endif
}

void wb_callgrind_stop(void) {
#if WB_HAVE_CALLGRIND
    if (collecting) {
        CALLGRIND_TOGGLE_COLLECT;
        collecting = 0;
    }
#endif
}

static int instrumented = 0;

void wb_callgrind_instrument(void) {
#if WB_HAVE_CALLGRIND
    if (!instrumented) {
        instrumented = 1;
        CALLGRIND_START_INSTRUMENTATION;
    }
#endif
}

void wb_callgrind_zero(void) {
#if WB_HAVE_CALLGRIND
    CALLGRIND_ZERO_STATS;
#endif
}

void wb_callgrind_dump(const char *name) {
#if WB_HAVE_CALLGRIND
    CALLGRIND_DUMP_STATS_AT(name);
#else
    (void)name;
#endif
}
