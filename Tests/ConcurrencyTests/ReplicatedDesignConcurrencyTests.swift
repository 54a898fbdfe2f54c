import Foundation
import Models
import Synchronization
import Testing

/// The `replicated` design under real threads: more readers than reader slots (so readers share a
/// replica and replay it in turns), writers appending while barriers run, and the log wrapping
/// many times. Run these under `--sanitize=thread` too: ThreadSanitizer must report nothing.
@Suite("ReaderWriterStore replicated design under concurrency")
struct ReplicatedDesignConcurrencyTests {
    @Test("replicas replaying the log while writers append and barriers run agree, and no read is older than a returned write")
    func replicasAgreeUnderLoad() {
        let store = Store(design: .replicated)
        let keys = 16
        let writers = 2
        let readers = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
        let rounds = 2_000
        let check = FreshnessCheck(keys: keys)
        for key in 0..<keys { store["k\(key)"] = 0 }
        onThreads(writers + readers) { thread in
            if thread < writers {
                let owned = Array(stride(from: thread, to: keys, by: writers))
                for round in 1...rounds {
                    let key = owned[round % owned.count]
                    if round.isMultiple(of: 97) {
                        // A barrier among the logged sets.
                        store.addEntries(["k\(key)": round])
                    } else {
                        store["k\(key)"] = round
                    }
                    check.publish(key, round)
                }
                check.writersDone.increment()
            } else {
                check.readUntilWritersDone(thread: thread, writers: writers, step: 5, increment: 1) { store["k\($0)"] }
            }
        }
        #expect(check.stale.value == 0, "reads older than a returned write")
        #expect(check.backwards.value == 0, "a reader saw a key's versions go backwards")
        #expect(check.reads.value > 0)
        #expect(store.invariantViolation() == nil, "the replicas differ")
    }
}
