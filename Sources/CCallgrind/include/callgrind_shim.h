#ifndef WORKBENCH_CALLGRIND_SHIM_H
#define WORKBENCH_CALLGRIND_SHIM_H

#ifdef __cplusplus
extern "C" {
#endif

/// Whether this build knows callgrind's client requests (valgrind's `callgrind.h` was found when
/// it was compiled): 1 or 0. Without it every request below does nothing.
int wb_callgrind_available(void);

/// Whether the process runs under valgrind (`RUNNING_ON_VALGRIND`): 0 natively, else the number
/// of valgrinds it runs under.
int wb_running_on_valgrind(void);

/// Starts collecting instruction counts (`CALLGRIND_TOGGLE_COLLECT` when not collecting). Cheap,
/// and a no-op when not under callgrind.
void wb_callgrind_start(void);

/// Stops collecting (`CALLGRIND_TOGGLE_COLLECT` when collecting). A no-op when not under callgrind.
void wb_callgrind_stop(void);

/// Whether collection is on (started and not stopped): 1 or 0.
int wb_callgrind_collecting(void);

/// Starts callgrind's instrumentation once (`CALLGRIND_START_INSTRUMENTATION`): a process started
/// with `--instr-atstart=no` runs uninstrumented, several times faster, until then. Later calls
/// do nothing (each start flushes valgrind's translations).
void wb_callgrind_instrument(void);

/// Forgets every count collected so far (`CALLGRIND_ZERO_STATS`).
void wb_callgrind_zero(void);

/// Writes the counts collected since the last dump or zero into a new dump file, labelled
/// `name`, and zeroes them (`CALLGRIND_DUMP_STATS_AT`).
void wb_callgrind_dump(const char *name);

#ifdef __cplusplus
}
#endif

#endif
