import CProcessControl
import Foundation
import Scenarios

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `workbench` started by another (a repetition's process, a build `ab` runs) dies with it.
///
/// The parent puts its process id in the environment (``ChildProcessWatch/parentVariable``);
/// the child, first thing, asks the kernel to send it a signal when that parent dies
/// (`prctl(PR_SET_PDEATHSIG)`, Linux) and checks that its parent is still that process: one that
/// died before the request was made has left the child to another parent, and the child stops
/// there. So a parent killed outright (SIGKILL: a CI job's hard kill, the OOM killer) leaves no
/// child running on.
enum ParentDeath {
    /// Arranges `signal` for when the parent named in the environment dies (the variable is then
    /// removed, so this process's own children get their own); false when that parent is already
    /// gone. True without the variable.
    static func arrange(signal: Int32) -> Bool {
        guard let text = getenv(ChildProcessWatch.parentVariable).map({ String(cString: $0) }) else { return true }
        unsetenv(ChildProcessWatch.parentVariable)
        guard let parent = Int32(text), parent > 0 else { return true }
        return workbench_die_with_parent(signal, parent) != 1
    }
}
