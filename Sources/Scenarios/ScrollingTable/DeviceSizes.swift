import Models

/// What the cache's controllers hold on the device: each controller type's stated size (the
/// `device:` profile's `bytes:`) times how many of that type the cache holds. From counts and
/// the profile, so deterministic: the same file and seed give the same bytes, whatever this
/// machine's own controllers take (`cache_bytes_*` measure those: a stand-in's).
struct DeviceSizes {
    /// The sized types and their sizes; empty when the profile states none.
    let sized: [(type: ControllerType, bytes: UInt64)]

    /// The sizes of `types`, each its nib's inline `bytes:` (`inline`, nil for none) or else the
    /// profile's size of its name.
    init(types: [(type: ControllerType, inline: Int?)], device: DeviceProfile?) {
        sized = types.compactMap { entry in
            DeviceProfile.resolveBytes(entry.inline, named: entry.type.name, in: device).map { (entry.type, UInt64($0)) }
        }
    }

    /// The device bytes `cache` holds now; nil when no size is stated.
    func held(by cache: ControllerCache) -> UInt64? {
        guard !sized.isEmpty else { return nil }
        return sized.reduce(0) { $0 &+ UInt64(cache.cachedInstances(of: $1.type).count) &* $1.bytes }
    }
}
