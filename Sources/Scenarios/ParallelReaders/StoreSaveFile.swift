import Foundation
import Models

/// The store's periodic save in one parallel-readers run (`store.persistence`,
/// ``StorePersistenceSpec``): where its file lives, when it starts and stops, and how many saves
/// wrote or failed.
///
/// The file goes in a directory of the run's own, made (mode 0700, a random name) inside the
/// process's private temporary directory (``DrawingTierDirectory``: `mkdtemp`, locked while the
/// process lives, `--cache-dir` or the system temporary directory), never at a path another
/// process could predict or plant a link at; the directory is removed when the save stops.
struct StoreSaveFile {
    let spec: StorePersistenceSpec
    /// The run's label in its directory's name (scenario, design, run).
    let label: String
    /// Where the process directory goes.
    var root: URL = DrawingTierDirectory.root
    private(set) var directory: URL?
    /// Saves that could not start because the directory could not be made.
    private var setupFailures = 0
    private var base = (saves: 0, failures: 0)
    private var started = false

    /// The file's name in the run's directory.
    static let fileName = "store.bin"

    init(spec: StorePersistenceSpec, label: String) {
        self.spec = spec
        self.label = label
    }

    /// Makes the run's directory and starts `store`'s periodic save into it: one save at once,
    /// then one every `spec.every` (none after a failure, as the model stops).
    mutating func start(_ store: QuoteStore) {
        guard !started else { return }
        started = true
        base = store.saveCounts
        let made: URL
        do {
            made = try DrawingTierDirectory.makeRunDirectory(in: root, label: label)
            try FileManager.default.createDirectory(
                at: made, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            setupFailures += 1
            return
        }
        directory = made
        store.fileWritingOptions = spec.atomic ? .atomic : []
        // A first save that fails is counted by the store; no timer then starts.
        try? store.startPeriodicSave(to: made.appendingPathComponent(Self.fileName), interval: spec.every.value)
    }

    /// Stops the periodic save, waits for a save in flight, removes the directory; the saves that
    /// wrote the file and those that failed since ``start(_:)`` (none when it never started).
    mutating func stop(_ store: QuoteStore) -> (saves: Int, failures: Int) {
        guard started else { return (0, 0) }
        started = false
        store.stopPeriodicSaveAndWait()
        let counts = store.saveCounts
        if let directory { try? FileManager.default.removeItem(at: directory) }
        directory = nil
        return (counts.saves - base.saves, counts.failures - base.failures + setupFailures)
    }
}
