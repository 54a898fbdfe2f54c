/// How a ``ReaderWriterStore`` serialises access to its state: the one seam between the store's
/// semantics (change tracking, eviction, loading, persistence, all written once) and a
/// synchronisation design.
///
/// A design is only the synchronisation; the store owns the state, as ``copies`` identical copies
/// (two for `left-right`, one per reader slot for `replicated`, one elsewhere), and touches a copy
/// only inside the bodies it passes here, with the copy's index (and in the inlined read paths of
/// `left-right` and `replicated`, and `replicated`'s inlined `set`). The operations give the
/// store's access rules:
/// - ``read(_:)`` runs its read on the caller's thread against one copy, concurrently with other
///   reads (except in the `mutex` design), never alongside a write to that copy;
/// - ``write(_:)`` runs its body once per copy, each alone with its copy, and has finished, visibly
///   to every later read, when it returns;
/// - ``enqueueWrite(_:)`` applies a ``StoreWrite`` the same way and may return before it has run
///   (only `gcd-barrier` does: ``writesAsynchronously``), but every read or write that starts after
///   it returns, on any thread, is ordered after it.
///
/// A read is a ``StoreRead`` value passed `inout`, not a closure, so that the read path allocates
/// nothing in any design: libdispatch takes a C function and a context pointer, and turning a
/// Swift closure into either costs a heap allocation. For the same reason an asynchronous write is
/// a ``StoreWrite`` object the store recycles, not an escaping closure. Bodies must not call back
/// into the design: the store guarantees that by refusing calls from deciders and loaders
/// (``ReaderWriterStoreError/reentrantCall(operation:)``).
public protocol StoreDesign: AnyObject, Sendable {
    /// How many copies of the state the design reads and writes: 2 for `left-right`, one per
    /// reader slot for `replicated`, else 1.
    var copies: Int { get }

    /// Whether ``enqueueWrite(_:)`` may return before the write has run (`gcd-barrier`).
    var writesAsynchronously: Bool { get }

    /// Runs `read` with shared access to one copy, on the caller's thread.
    /// - Complexity: O(1) plus the read; may wait for a running write (never in `left-right`).
    ///   Allocates nothing.
    func read<Read: StoreRead>(_ read: inout Read)

    /// Takes shared access to one copy on the caller's thread and returns which, for designs whose
    /// read is bracketed on the caller's thread; returns nil, taking nothing, for a design that
    /// must run the read itself (`gcd-barrier`: the read is a block on its queue). With a ticket,
    /// the caller reads the ticket's copy and then calls ``endRead(_:)`` on the same thread.
    ///
    /// Why both this and ``read(_:)``: a call through `any StoreDesign` cannot be specialised, so a
    /// generic read body runs unspecialised, and for a one-key lookup the generic code's type
    /// metadata lookups cost more than the read. Bracketing lets the store's inlinable read path
    /// do the lookup itself, specialised in the client's code for its key and value types.
    /// - Complexity: O(1); may wait for a running write (never in `left-right`). Allocates nothing.
    func beginRead() -> StoreReadTicket?

    /// Releases the shared access ``beginRead()`` took.
    /// - Complexity: O(1)
    func endRead(_ ticket: StoreReadTicket)

    /// Runs `body` once per copy (with the copy's index), each time with exclusive access to that
    /// copy, on the caller's thread. The bodies must leave the copies identical.
    /// - Complexity: O(1) plus `body` per copy; waits for running reads and writes (O(*s*) reader
    ///   slots in `big-reader` and `left-right`).
    func write(_ body: (_ copy: Int) -> Void)

    /// Applies `work` to every copy with exclusive access, possibly after returning, then calls its
    /// ``StoreWrite/finish()``; ordered before every read and write that starts after this call
    /// returns.
    /// - Complexity: O(1) to enqueue (gcd-barrier), otherwise as ``write(_:)``.
    func enqueueWrite(_ work: StoreWrite)
}

extension StoreDesign {
    /// One copy of the state.
    public var copies: Int { 1 }

    /// Writes run before ``enqueueWrite(_:)`` returns.
    public var writesAsynchronously: Bool { false }

    /// Runs `read` between ``beginRead()`` and ``endRead(_:)``: ``read(_:)`` for the designs whose
    /// read is bracketed on the caller's thread.
    /// - Complexity: as ``beginRead()`` plus the read.
    public func readBracketed<Read: StoreRead>(_ read: inout Read) {
        guard let ticket = beginRead() else { return }
        read.run(copy: ticket.copy)
        endRead(ticket)
    }

    /// A synchronous write of `work`.
    /// - Complexity: as ``write(_:)``.
    public func enqueueWrite(_ work: StoreWrite) {
        write { copy in work.apply(copy: copy) }
        work.finish()
    }
}

/// The shared access ``StoreDesign/beginRead()`` took: the copy to read, and what the design needs
/// to release it (a reader slot's address, an indicator).
public struct StoreReadTicket: Sendable {
    /// The index of the copy to read.
    public let copy: Int
    /// The design's own token, handed back to ``StoreDesign/endRead(_:)``.
    public let token: Int

    /// A ticket for copy `copy`, with the design's `token` (0 when it needs none).
    @inlinable
    public init(copy: Int, token: Int) {
        self.copy = copy
        self.token = token
    }
}

/// A write handed to ``StoreDesign/enqueueWrite(_:)``: applied to each copy, then finished. An
/// object, not a closure, so that the store can keep finished ones and reuse them: an asynchronous
/// `set` then allocates nothing.
public class StoreWrite: @unchecked Sendable {
    /// A write that does nothing until a subclass overrides ``apply(copy:)``.
    public init() {}

    /// Applies the write to copy `copy`; called once per copy, with exclusive access to it.
    public func apply(copy: Int) {}

    /// Called once after every copy has been applied, on the thread that applied the last one.
    public func finish() {}
}

/// A write given as a closure, for the operations that allocate anyway (bulk add).
final class StoreClosureWrite: StoreWrite, @unchecked Sendable {
    private let body: @Sendable (Int) -> Void

    init(_ body: @escaping @Sendable (_ copy: Int) -> Void) {
        self.body = body
    }

    override func apply(copy: Int) {
        body(copy)
    }
}
