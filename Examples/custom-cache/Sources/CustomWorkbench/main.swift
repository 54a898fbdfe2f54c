import CustomCache
import Models
import Workbench

// workbench, plus this team's own policy: every subcommand (run, validate, compare, ab, plan,
// bench) knows `lru-2` as it knows the built-in policies.
do {
    try PolicyRegistry.register(LRU2Policy.self)
} catch {
    fatalError("\(error)")
}
WorkbenchCLI.main()
