import Models
import Testing

/// The view factory's bounded cache under `pin` sheds as the controller cache does: oldest-first,
/// whatever the eviction policy (DEViewControllerCache's later version, NOTES.md).
@Suite("ViewFactory pin order")
struct ViewCachePinOrderTests {
    let runLoop = RunLoop(refreshRate: 60)

    func makeModel(_ inUse: InUseMode, policy: PolicyName = .lru) -> ViewModel {
        let factory = ViewFactory()
        for name in ["a", "b", "c", "d"] {
            factory.register(name) { FactoryViewController(nib: NibDescription(viewCount: 2, depth: 1, labelText: name)) }
        }
        return ViewModel(
            factory: factory, cachePolicy: .bounded(capacity: 4, policy: policy, inUse: inUse, seed: 7), runLoop: runLoop)
    }

    /// a, b, c, d are inserted in that order; a is then used again and d is on screen: lru's order
    /// is b, c, a, d, the insertion order a, b, c, d.
    func fill(_ model: ViewModel) throws {
        for name in ["a", "b", "c", "d", "a", "d"] { try model.setCurrentSection(Intent(section: name)) }
    }

    @Test("pin: moderate memory pressure sheds the view cache oldest-first, whatever the policy")
    func pinShedsOldestFirst() throws {
        let model = makeModel(.pin)
        try fill(model)
        runLoop.postMemoryPressure(.moderate)
        #expect(model.cachedControllers.map(\.name) == ["c", "d"], "a and b, the oldest, go; lru would have kept a")
        #expect(model.statistics.evictions == 2)
    }

    @Test("pin: an in-use controller met on the oldest-first walk is kept and the walk goes on")
    func pinSkipsInUseOldest() throws {
        let model = makeModel(.pin, policy: .fifo)
        try fill(model)
        try model.setCurrentSection(Intent(section: "a"))
        runLoop.postMemoryPressure(.moderate)
        #expect(model.cachedControllers.map(\.name) == ["a", "d"], "a is on screen and pinned; b and c go")
        #expect(model.statistics.pinnedRefusals >= 1)
    }

    @Test("repopulate and drop still shed the view cache in policy order", arguments: [InUseMode.repopulate, .drop])
    func otherModesShedInPolicyOrder(mode: InUseMode) throws {
        let model = makeModel(mode)
        try fill(model)
        runLoop.postMemoryPressure(.moderate)
        #expect(model.cachedControllers.map(\.name) == ["a", "d"], "lru evicts b and c, the least recently used")
    }
}
