/// A virtual clock and run loop that advance one frame (tick) at a time.
///
/// "The next run-loop iteration" in the seed documents means the next tick here. Work queued with
/// ``perform(onNextTick:)`` during tick *n* runs at the start of tick *n + 1*, in the order it was
/// queued. Memory-pressure notifications are delivered synchronously to observers, in the order
/// they registered.
public final class RunLoop {
    /// A handle to queued work, used to cancel it.
    public struct Token: Hashable, Sendable {
        fileprivate let id: Int
    }

    /// The shared run loop that the shared default caches are bound to.
    nonisolated(unsafe) public static let main = RunLoop(refreshRate: 60)

    /// Ticks per virtual second.
    public let refreshRate: Int
    /// Ticks advanced so far.
    @exclusivity(unchecked) public private(set) var tick: Int = 0

    @exclusivity(unchecked) private var queued: [(token: Token, work: () -> Void)] = []
    @exclusivity(unchecked) private var nextTokenID = 0
    @exclusivity(unchecked) private var observers: [(MemoryPressureLevel) -> Void] = []

    /// Creates a run loop ticking `refreshRate` times per virtual second (60 or 120 in UIKit).
    public init(refreshRate: Int) {
        self.refreshRate = max(1, refreshRate)
    }

    /// The length of one tick, in virtual seconds.
    public var tickInterval: Double { 1.0 / Double(refreshRate) }

    /// The virtual time at the start of the current tick, in seconds.
    public var now: Double { Double(tick) / Double(refreshRate) }

    /// The number of pieces of work waiting for the next tick.
    public var pendingCount: Int { queued.count }

    /// Queues `work` to run at the start of the next tick.
    /// - Returns: a token that ``cancel(_:)`` accepts.
    /// - Complexity: O(1) amortised.
    @discardableResult
    public func perform(onNextTick work: @escaping () -> Void) -> Token {
        nextTokenID += 1
        let token = Token(id: nextTokenID)
        queued.append((token, work))
        return token
    }

    /// Removes queued work that has not run yet. Returns whether it was still queued.
    @discardableResult
    public func cancel(_ token: Token) -> Bool {
        guard let index = queued.firstIndex(where: { $0.token == token }) else { return false }
        queued.remove(at: index)
        return true
    }

    /// Starts the next tick: advances the clock, then runs the work queued before this call.
    /// Work queued while it runs waits for the tick after.
    public func advance() {
        tick += 1
        guard !queued.isEmpty else { return }
        // Take the queue's storage rather than copying it: an idle tick allocates nothing.
        var due: [(token: Token, work: () -> Void)] = []
        swap(&due, &queued)
        for item in due { item.work() }
    }

    /// Registers an observer of memory-pressure notifications.
    public func addMemoryPressureObserver(_ observer: @escaping (MemoryPressureLevel) -> Void) {
        observers.append(observer)
    }

    /// Delivers a memory-pressure notification to every observer, synchronously.
    public func postMemoryPressure(_ level: MemoryPressureLevel) {
        for observer in observers { observer(level) }
    }
}
