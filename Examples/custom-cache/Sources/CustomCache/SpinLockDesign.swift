import Models
import Synchronization

/// A team's own reader-writer store design: one copy of the state behind a test-and-test-and-set
/// spin lock (reads exclude each other, as in the built-in `mutex`), registered as `spinlock`.
/// Short critical sections on few cores are where a spin lock may beat a mutex; the scenario
/// `scenarios/spinlock-vs-mutex.yaml` asks whether it does here.
public final class SpinLockDesign: StoreDesign, @unchecked Sendable {
    private let locked = Atomic<Bool>(false)

    public init() {}

    /// How a program registers it: `try StoreDesignRegistry.register(SpinLockDesign.descriptor)`.
    public static let descriptor = StoreDesignDescriptor(
        name: "spinlock", summary: "One copy behind a test-and-test-and-set spin lock.", make: { SpinLockDesign() })

    private func lock() {
        while true {
            if !locked.exchange(true, ordering: .acquiring) { return }
            while locked.load(ordering: .relaxed) {}
        }
    }

    private func unlock() { locked.store(false, ordering: .releasing) }

    public func beginRead() -> StoreReadTicket? {
        lock()
        return StoreReadTicket(copy: 0, token: 0)
    }

    public func endRead(_ ticket: StoreReadTicket) { unlock() }

    public func read<Read: StoreRead>(_ read: inout Read) { readBracketed(&read) }

    public func write(_ body: (_ copy: Int) -> Void) {
        lock()
        body(0)
        unlock()
    }
}
