import Foundation
import Models

/// A store design of the test target's own: one copy behind an `NSLock`, registered by name
/// (`test-lock`) as a program embedding workbench registers its designs.
public final class TestLockDesign: StoreDesign, @unchecked Sendable {
    private let lock = NSLock()

    public init() {}

    public func beginRead() -> StoreReadTicket? {
        lock.lock()
        return StoreReadTicket(copy: 0, token: 0)
    }

    public func endRead(_ ticket: StoreReadTicket) { lock.unlock() }

    public func read<Read: StoreRead>(_ read: inout Read) { readBracketed(&read) }

    public func write(_ body: (_ copy: Int) -> Void) {
        lock.lock()
        body(0)
        lock.unlock()
    }

    /// Registers the design once per test process.
    public static let registered: Bool = {
        do {
            try StoreDesignRegistry.register(
                StoreDesignDescriptor(name: "test-lock", summary: "One copy behind an NSLock (a test design).") { TestLockDesign() })
            return true
        } catch {
            return false
        }
    }()
}
