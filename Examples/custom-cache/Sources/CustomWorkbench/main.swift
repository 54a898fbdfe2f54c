import CustomCache
import Foundation
import Models
import Workbench

// workbench, plus this team's own policy and store design: every subcommand (run, validate,
// compare, ab, plan, bench) knows `lru-2` and `spinlock` as it knows the built-in ones.
do {
    try PolicyRegistry.register(LRU2Policy.self)
    try StoreDesignRegistry.register(SpinLockDesign.descriptor)
} catch {
    FileHandle.standardError.write(Data("custom-workbench: \(error)\n".utf8))
    exit(1)
}
WorkbenchCLI.main()
