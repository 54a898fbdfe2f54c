/// How a ``ReaderWriterStore`` serialises access to its state: the one seam between the store's
/// semantics (change tracking, eviction, loading, persistence, all written once) and a
/// synchronisation design.
///
/// A design is only the synchronisation; the store owns the state and touches it only inside the
/// bodies it passes here. The three operations give the store's access rules:
/// - ``read(_:)`` runs its body on the caller's thread, concurrently with other reads (except in
///   the `mutex` design), never alongside a write;
/// - ``write(_:)`` runs its body alone and has finished, visibly to every later read, when it
///   returns;
/// - ``enqueueWrite(_:)`` runs its body alone and may return before it has run (only
///   `gcd-barrier` does), but every read or write that starts after it returns, on any thread, is
///   ordered after it.
///
/// A read is a ``StoreRead`` value passed `inout`, not a closure, so that the read path allocates
/// nothing in any design: libdispatch takes a C function and a context pointer, and turning a
/// Swift closure into either costs a heap allocation. Bodies must not call back into the design:
/// the store guarantees that by refusing calls from deciders and loaders
/// (``ReaderWriterStoreError/reentrantCall(operation:)``).
@usableFromInline
package protocol StoreDesign: AnyObject, Sendable {
    /// Runs `read` with shared access, on the caller's thread.
    /// - Complexity: O(1) plus the read; may wait for a running write. Allocates nothing.
    func read<Read: StoreRead>(_ read: inout Read)

    /// Takes shared access on the caller's thread and returns true, for designs whose read is a
    /// lock held around it; returns false, taking nothing, for a design that must run the read
    /// itself (`gcd-barrier`: the read is a block on its queue). With true, the caller reads and
    /// then calls ``endRead()`` on the same thread.
    ///
    /// Why both this and ``read(_:)``: a call through `any StoreDesign` cannot be specialised, so a
    /// generic read body runs unspecialised, and for a one-key lookup the generic code's type
    /// metadata lookups cost more than the read. Bracketing lets the store's inlinable read path
    /// do the lookup itself, specialised in the client's code for its key and value types.
    /// - Complexity: O(1); may wait for a running write. Allocates nothing.
    func beginRead() -> Bool

    /// Releases the shared access ``beginRead()`` took.
    /// - Complexity: O(1)
    func endRead()

    /// Runs `body` with exclusive access, on the caller's thread.
    /// - Complexity: O(1) plus `body`; waits for running reads and writes (O(*s*) slot locks in
    ///   `big-reader`).
    func write(_ body: () -> Void)

    /// Runs `body` with exclusive access, possibly after returning; ordered before every read and
    /// write that starts after this call returns.
    /// - Complexity: O(1) to enqueue (gcd-barrier), otherwise as ``write(_:)``.
    func enqueueWrite(_ body: @escaping @Sendable () -> Void)
}
