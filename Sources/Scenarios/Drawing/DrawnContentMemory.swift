import Models

/// The drawings a run has made so far, as far as they can be asked for again: a fresh draw of one
/// of them re-makes what the cache let go (`device_recreation_ms`).
///
/// Bounded by the scenario, not by the run's length. Content that moves on never shows an old value
/// again (`changes_every` counts up with time, `every_frame` draws a new value each frame, and a
/// view instance draws at most once a frame), so only each instance's current value is kept for
/// `changes_every` and nothing for `every_frame`; `static` and `titles` content comes back, and
/// holds one value per instance or per title.
struct DrawnContentMemory {
    private struct Instance: Hashable {
        let view: Int
        let instance: Int
    }

    /// `static` and `titles` content, per view: every value drawn so far.
    private var repeating: [Int: Set<String>] = [:]
    /// `changes_every` content: each instance's value as last drawn.
    private var latest: [Instance: String] = [:]

    /// Notes a fresh draw of `salt` by `instance` of the view at `viewIndex`; true when the run
    /// drew the same drawing before.
    mutating func noteFreshDraw(content: ContentChange, viewIndex: Int, instance: Int, salt: String) -> Bool {
        switch content {
        case .static, .titles:
            return !repeating[viewIndex, default: []].insert(salt).inserted
        case .every:
            return latest.updateValue(salt, forKey: Instance(view: viewIndex, instance: instance)) == salt
        case .everyFrame:
            return false
        }
    }

    /// How many drawings are remembered.
    var count: Int { repeating.values.reduce(0) { $0 + $1.count } + latest.count }
}
