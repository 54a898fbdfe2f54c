import Dispatch

#if canImport(CDispatch)
    import CDispatch
    import Glibc
#endif

/// The seed's design (YMMemoryCache): a private concurrent dispatch queue. Reads are `sync`
/// blocks (run on the caller's thread, concurrently with each other); writes are barrier blocks,
/// `async` for ``enqueueWrite(_:)`` and `sync` for ``write(_:)``. A `sync` read submitted after
/// an `async` barrier waits for it (the queue is FIFO and a barrier runs alone), so a read that
/// starts after a `set` has returned sees it.
///
/// It calls libdispatch's function variants (`dispatch_sync_f`, `dispatch_barrier_sync_f`,
/// `dispatch_barrier_async_f`) with a context pointer. On Linux the Swift overlay's
/// `DispatchQueue.sync` turns every closure into a heap-allocated block (three allocations per
/// read), a cost the Objective-C seed, with its stack blocks, does not have; reads here allocate
/// nothing; an asynchronous write is a ``StoreWrite`` the store recycles, passed retained as the
/// block's context.
final class GCDBarrierDesign: StoreDesign, @unchecked Sendable {
    #if canImport(CDispatch)
        private let queue: dispatch_queue_t

        /// libdispatch's `DISPATCH_QUEUE_CONCURRENT`, a C macro Swift does not import: the address
        /// of an exported attribute object. Nil (a serial queue: the same semantics, no concurrent
        /// reads) if the symbol cannot be found.
        private static let concurrentAttribute: dispatch_queue_attr_t? = {
            dlsym(dlopen(nil, RTLD_NOW), "_dispatch_queue_attr_concurrent").map { OpaquePointer($0) }
        }()

        /// libdispatch's `dispatch_release`, which Swift marks unavailable (the overlay releases
        /// its own queues). Nil (the queue is leaked) if the symbol cannot be found.
        private static let release: (@convention(c) (OpaquePointer) -> Void)? = {
            dlsym(dlopen(nil, RTLD_NOW), "dispatch_release").map {
                unsafeBitCast($0, to: (@convention(c) (OpaquePointer) -> Void).self)
            }
        }()

        /// Creates the queue, labelled `label` (the seed labels it with the cache's name).
        init(label: String = GCDBarrierDesign.label(name: nil)) {
            queue = dispatch_queue_create(label, Self.concurrentAttribute)
        }

        deinit {
            Self.release?(queue)
        }
    #else
        private let queue: DispatchQueue

        /// Creates the queue, labelled `label` (the seed labels it with the cache's name).
        init(label: String = GCDBarrierDesign.label(name: nil)) {
            queue = DispatchQueue(label: label, attributes: .concurrent)
        }
    #endif

    /// The queue's label for a store named `name`: a fixed prefix, then a space and the name if
    /// there is one (as the seed's `"com.yahoo.cache <name>"`).
    static func label(name: String?) -> String {
        let prefix = "workbench.reader-writer-store.gcd-barrier"
        guard let name else { return prefix }
        return prefix + " " + name
    }

    /// `set` and bulk add return once their barrier block is queued.
    var writesAsynchronously: Bool { true }

    /// Reads are blocks on the queue: nothing to bracket.
    func beginRead() -> StoreReadTicket? { nil }

    func endRead(_ ticket: StoreReadTicket) {}

    /// A `sync` block: `dispatch_sync_f` with a context on the stack naming the read and its type.
    /// - Complexity: O(1) plus the read; allocates nothing.
    func read<Read: StoreRead>(_ read: inout Read) {
        withUnsafeMutablePointer(to: &read) { pointer in
            var call = ReadCall(type: Read.self, read: UnsafeMutableRawPointer(pointer))
            withUnsafeMutablePointer(to: &call) { call in
                dispatch_sync_f(queue, call) { context in
                    guard let call = context?.assumingMemoryBound(to: ReadCall.self).pointee else { return }
                    call.type.run(at: call.read, copy: 0)
                }
            }
        }
    }

    /// A `sync` barrier block.
    /// - Complexity: O(1) plus `body`, after the queue drains.
    func write(_ body: (_ copy: Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            withUnsafePointer(to: body) { pointer in
                dispatch_barrier_sync_f(queue, UnsafeMutableRawPointer(mutating: pointer)) { context in
                    context?.assumingMemoryBound(to: ((Int) -> Void).self).pointee(0)
                }
            }
        }
    }

    /// An `async` barrier block (`dispatch_barrier_async_f`, the write object as its context);
    /// returns once it is queued. The block applies the write and finishes it.
    /// - Complexity: O(1); allocates nothing of its own (libdispatch keeps a per-thread cache of
    ///   its queue entries).
    func enqueueWrite(_ work: StoreWrite) {
        dispatch_barrier_async_f(queue, Unmanaged.passRetained(work).toOpaque()) { context in
            guard let context else { return }
            let work = Unmanaged<StoreWrite>.fromOpaque(context).takeRetainedValue()
            work.apply(copy: 0)
            work.finish()
        }
    }

    /// A read handed to libdispatch: its address and its type (an existential metatype: no
    /// allocation, no reference counting).
    private struct ReadCall {
        let type: any StoreRead.Type
        let read: UnsafeMutableRawPointer
    }
}
