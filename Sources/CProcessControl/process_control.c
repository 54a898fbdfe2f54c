#include "process_control.h"

#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

int workbench_die_with_parent(int signal, int expected_parent) {
#ifdef __linux__
    if (prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0) != 0) {
        return getppid() == (pid_t)expected_parent ? -1 : 1;
    }
    // Checked after the request: a parent that died before it is seen here, one that dies
    // after it sends the signal.
    return getppid() == (pid_t)expected_parent ? 0 : 1;
#else
    (void)signal;
    return getppid() == (pid_t)expected_parent ? -1 : 1;
#endif
}
