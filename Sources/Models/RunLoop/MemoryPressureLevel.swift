/// How hard the system is asking the app to give memory back.
public enum MemoryPressureLevel: String, CaseIterable, Sendable {
    /// Early pressure: caches trim to half their capacity, choosing victims by eviction policy.
    case moderate
    /// UIKit's memory warning (`didReceiveMemoryWarning`): an NSCache-like store empties itself
    /// and a reuse pool purges.
    case warning
}
