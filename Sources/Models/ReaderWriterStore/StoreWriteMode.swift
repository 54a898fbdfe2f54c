/// Whether a ``ReaderWriterStore``'s `remove(keys:)`, `removeAll()` and loader are synchronous
/// (the original's code) or asynchronous (the original's document: "all write operations occur
/// asynchronously"). `set` and bulk add are the same in both.
public enum StoreWriteMode: String, CaseIterable, Sendable {
    /// The original's code, and the default: `remove(keys:)` and `removeAll()` are synchronous
    /// writes (a barrier in `gcd-barrier`) that return once applied, `remove(keys:)` with how many
    /// keys existed; get-with-loader loads inside a write (a barrier) after looking again, so
    /// concurrent misses of one key load once and every other access waits for the load.
    case synchronous
    /// The original's document: `remove(keys:)` and `removeAll()` are written as `set` is — in
    /// `gcd-barrier` an asynchronous barrier that returns once enqueued (a later read or write
    /// still waits for it); in the other designs, whose writes are all synchronous, the same
    /// write as before. `remove(keys:)` then returns nil (how many keys existed is not known when
    /// it returns). Get-with-loader runs the loader on the caller's thread outside any lock,
    /// reads and writes of other threads going on meanwhile, and stores its value as such a
    /// write, only if the key is still absent then (a value set meanwhile wins); concurrent
    /// misses of one key may each load.
    case asynchronous
}
