extension PolicyName {
    /// Reader-writer stores: the seed's concurrent queue with barrier writes.
    public static let gcdBarrier = PolicyName(StoreDesignName.gcdBarrier.rawValue)
    /// Reader-writer stores: one pthread read-write lock.
    public static let rwlock = PolicyName(StoreDesignName.rwlock.rawValue)
    /// Reader-writer stores: one mutex (reads exclude each other too).
    public static let mutex = PolicyName(StoreDesignName.mutex.rawValue)
    /// Reader-writer stores: a big-reader lock, one read-write lock per reader slot.
    public static let bigReader = PolicyName(StoreDesignName.bigReader.rawValue)
    /// Reader-writer stores: left-right, two copies; reads wait-free, writes applied twice.
    public static let leftRight = PolicyName(StoreDesignName.leftRight.rawValue)
}

extension PolicyName {
    /// Reader-writer stores: one replica per reader slot, `set`s appended to a log the replicas replay.
    public static let replicated = PolicyName(StoreDesignName.replicated.rawValue)
}

extension PolicyName {
    /// Reader-writer stores: seqlock reads of a hash table beside the state; writes under a mutex.
    public static let optimistic = PolicyName(StoreDesignName.optimistic.rawValue)
}
