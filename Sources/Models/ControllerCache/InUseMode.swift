/// What a ``ControllerCache`` does with an in-use controller whose entry the store evicts.
public enum InUseMode: String, CaseIterable, Sendable {
    /// The seed's behaviour: let the store evict, hold the in-use controllers, and re-add them on
    /// the next run-loop tick (at most one repopulation queued). Evicted unused ones are gone.
    case repopulate
    /// The later variant: refuse to evict an entry while any of its controllers is in use (its
    /// unused ones are pruned, the entry stays). Memory pressure sheds entries oldest-first,
    /// whatever the eviction policy.
    case pin
    /// Plain NSCache: evict whatever the policy picks; in-use controllers are lost to the cache.
    case drop
}
