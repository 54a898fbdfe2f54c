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
/// nothing. Synchronous writes still allocate once (the closure is made escapable).
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

        init() {
            queue = dispatch_queue_create("workbench.reader-writer-store.gcd-barrier", Self.concurrentAttribute)
        }

        deinit {
            Self.release?(queue)
        }
    #else
        private let queue = DispatchQueue(label: "workbench.reader-writer-store.gcd-barrier", attributes: .concurrent)
    #endif

    /// Reads are blocks on the queue: nothing to bracket.
    func beginRead() -> Bool { false }

    func endRead() {}

    /// A `sync` block: `dispatch_sync_f` with a context on the stack naming the read and its type.
    /// - Complexity: O(1) plus the read; allocates nothing.
    func read<Read: StoreRead>(_ read: inout Read) {
        withUnsafeMutablePointer(to: &read) { pointer in
            var call = ReadCall(type: Read.self, read: UnsafeMutableRawPointer(pointer))
            withUnsafeMutablePointer(to: &call) { call in
                dispatch_sync_f(queue, call) { context in
                    guard let call = context?.assumingMemoryBound(to: ReadCall.self).pointee else { return }
                    call.type.run(at: call.read)
                }
            }
        }
    }

    /// A `sync` barrier block.
    /// - Complexity: O(1) plus `body`, after the queue drains.
    func write(_ body: () -> Void) {
        withoutActuallyEscaping(body) { body in
            withUnsafePointer(to: body) { pointer in
                dispatch_barrier_sync_f(queue, UnsafeMutableRawPointer(mutating: pointer)) { context in
                    context?.assumingMemoryBound(to: (() -> Void).self).pointee()
                }
            }
        }
    }

    /// An `async` barrier block; returns once it is enqueued.
    /// - Complexity: O(1).
    func enqueueWrite(_ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(EnqueuedWork(body)).toOpaque()
        dispatch_barrier_async_f(queue, work) { context in
            guard let context else { return }
            Unmanaged<EnqueuedWork>.fromOpaque(context).takeRetainedValue().body()
        }
    }

    /// A read handed to libdispatch: its address and its type (an existential metatype: no
    /// allocation, no reference counting).
    private struct ReadCall {
        let type: any StoreRead.Type
        let read: UnsafeMutableRawPointer
    }

    /// A body waiting in the queue, passed to libdispatch as a retained pointer.
    private final class EnqueuedWork {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
