#ifndef WORKBENCH_PROCESS_CONTROL_H
#define WORKBENCH_PROCESS_CONTROL_H

#ifdef __cplusplus
extern "C" {
#endif

/// Asks the kernel to send `signal` to the calling process when its parent dies
/// (`prctl(PR_SET_PDEATHSIG)` on Linux), then checks that the parent is still `expected_parent`
/// (it may have died before the request was made: the process was then adopted by another).
///
/// Returns 0 when the request holds and the parent is `expected_parent`; 1 when the parent is
/// already another process (the caller should exit); -1 when the system has no such request
/// (not Linux), after the same parent check (1 if it failed).
int workbench_die_with_parent(int signal, int expected_parent);

#ifdef __cplusplus
}
#endif

#endif
