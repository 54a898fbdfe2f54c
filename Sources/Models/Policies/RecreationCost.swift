/// A policy that weighs what an entry costs to re-create (`gdsf`, `greedy-dual`): a store that
/// knows its entries' costs (a controller's stated creation time, a drawing's stated draw time)
/// tells the policy the cost of each entry just before inserting it
/// (``BoundedStore/setValue(_:forKey:cost:recreationCost:)``). Without one, every entry costs 1,
/// as in the reference simulator.
public protocol RecreationCostAware: AnyObject {
    /// The cost of re-creating the entry about to be inserted, > 0, in any unit the store uses
    /// for all its entries (only ratios matter): nanoseconds of device time in the app caches.
    func setIncomingCost(_ cost: Double)
}
