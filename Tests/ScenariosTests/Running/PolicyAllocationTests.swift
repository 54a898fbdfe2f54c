import Models
import Report
import Testing

/// Zero allocations per hit and per steady-state miss: replaying trace A to its end allocates
/// exactly what replaying its first half does, for every policy (the warm-up allocates the per-slot
/// tables, the ghosts' tables and the sketch once). The policies that look ahead (`needsFuture`)
/// build their look-ahead from the whole stream when made, in proportion to its length, and are
/// left out.
@Suite("Eviction policy allocations")
struct PolicyAllocationTests {
    static let requests = ZipfTrace.traceA().requests

    @Test(
        "after warm-up a policy allocates nothing per hit or per miss",
        arguments: PolicyRegistry.builtIn.filter { !$0.needsFuture }.map(\.name))
    func steadyStateAllocatesNothing(policy: PolicyName) {
        AllocationProbe.install()
        let half = Array(Self.requests.prefix(Self.requests.count / 2))
        for capacity in [100, 1000] {
            // A first run instantiates the runtime's metadata for the policy's types.
            _ = CacheReplay.misses(of: policy, capacity: capacity, requests: half)
            let (_, warmUp) = AllocationProbe.measureBytes { CacheReplay.misses(of: policy, capacity: capacity, requests: half) }
            let (_, whole) = AllocationProbe.measureBytes {
                CacheReplay.misses(of: policy, capacity: capacity, requests: Self.requests)
            }
            #expect(whole == warmUp, "C=\(capacity): the second half of the trace allocated \(Int(whole) - Int(warmUp)) bytes")
        }
    }
}
