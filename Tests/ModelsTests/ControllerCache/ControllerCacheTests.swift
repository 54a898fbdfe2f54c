import Models
import TestSupport
import Testing

/// One test per rule of DEViewControllerCache.md and its notes.
@Suite("ControllerCache")
struct ControllerCacheTests {
    let runLoop = RunLoop(refreshRate: 60)
    let screen = View()

    func makeCache(capacity: Int = 0, policy: PolicyName = .lru, inUse: InUseMode = .repopulate) -> ControllerCache {
        ControllerCache(
            configuration: .init(capacity: capacity, policy: policy, inUseMode: inUse, seed: 7), runLoop: runLoop)
    }

    @Test("controller(for:) instantiates when no unused instance is cached")
    func instantiatesWhenNothingCached() {
        let cache = makeCache()
        let first = cache.controller(for: CountingController.self)
        putOnScreen(first, in: screen)
        let second = cache.controller(for: CountingController.self)
        #expect(first !== second)
        #expect(cache.statistics.instantiations == 2)
        #expect(cache.statistics.hits == 0)
        #expect(cache.cachedInstances(of: CountingController.self).count == 2)
    }

    @Test("controller(for:) returns an unused cached instance")
    func returnsUnusedCachedInstance() {
        let cache = makeCache()
        let first = cache.controller(for: CountingController.self)
        putOnScreen(first, in: screen)
        first.view.removeFromSuperview()
        let again = cache.controller(for: CountingController.self)
        #expect(again === first)
        #expect(cache.statistics.hits == 1)
        #expect(cache.statistics.instantiations == 1)
    }

    @Test("controller(for:) returns the first unused instance in creation order")
    func returnsFirstUnusedInCreationOrder() {
        let cache = makeCache()
        let a = cache.controller(for: CountingController.self)
        putOnScreen(a, in: screen)
        let b = cache.controller(for: CountingController.self)
        putOnScreen(b, in: screen)
        let c = cache.controller(for: CountingController.self)
        putOnScreen(c, in: screen)
        c.view.removeFromSuperview()
        b.view.removeFromSuperview()
        #expect(cache.controller(for: CountingController.self) === b)
    }

    @Test("in use: a loaded view with a superview")
    func inUseViewInSuperview() {
        let controller = CountingController()
        #expect(!controller.isInUse)
        _ = controller.view
        #expect(!controller.isInUse, "a loaded view without superview is not in use")
        screen.addSubview(controller.view)
        #expect(controller.isInUse)
        #expect(controller.inUseConditions == [.viewInSuperview])
    }

    @Test("in use: a parent view controller")
    func inUseParent() {
        let parent = ViewController()
        let child = CountingController()
        parent.addChild(child)
        #expect(child.isInUse)
        #expect(child.inUseConditions == [.hasParent])
        child.removeFromParent()
        #expect(!child.isInUse)
    }

    @Test("in use: a presenting view controller")
    func inUsePresenting() {
        let presenter = ViewController()
        let presented = CountingController()
        presenter.present(presented)
        #expect(presented.isInUse)
        #expect(presented.inUseConditions == [.hasPresentingController])
        presenter.dismiss()
        #expect(!presented.isInUse)
    }

    @Test("in use: a navigation controller")
    func inUseNavigationController() {
        let navigation = NavigationController(root: ViewController())
        let pushed = CountingController()
        navigation.push(pushed)
        #expect(pushed.isInUse)
        #expect(pushed.inUseConditions.contains(.hasNavigationController))
        navigation.pop()
        #expect(!pushed.isInUse)
        #expect(pushed.inUseConditions.isEmpty)
    }

    @Test("in use: a navigation controller alone, without parent, superview or presenter")
    func inUseNavigationControllerAlone() {
        let cache = makeCache(inUse: .repopulate)
        let navigation = NavigationController(root: ViewController())
        let held = cache.controller(for: CountingController.self)
        held.setNavigationController(navigation)
        #expect(held.inUseConditions == [.hasNavigationController])
        #expect(held.isInUse)
        #expect(held.parent == nil && !held.isViewLoaded && held.presentingViewController == nil)
        #expect(cache.controller(for: CountingController.self) !== held, "an in-use instance is not handed out")
        runLoop.postMemoryPressure(.warning)
        runLoop.advance()
        #expect(cache.statistics.repopulations == 1, "held by its navigation controller, so re-added")
        #expect(cache.statistics.inUseByNavigation == 1)
        #expect(cache.statistics.inUseByParent == 0 && cache.statistics.inUseBySuperview == 0)
        held.setNavigationController(nil)
        #expect(!held.isInUse)
        #expect(cache.controller(for: CountingController.self) === held)
    }

    @Test("an eviction counts the in-use controllers it finds under each condition that holds")
    func evictionCountsInUseConditions() {
        let cache = makeCache(inUse: .drop)
        let onScreen = cache.controller(for: CountingController.self)
        putOnScreen(onScreen, in: screen)
        let navigation = NavigationController(root: ViewController())
        let pushed = cache.controller(for: CountingController.self)
        navigation.push(pushed)
        let presenter = ViewController()
        let presented = cache.controller(for: OtherController.self)
        presenter.present(presented)
        _ = cache.controller(for: OtherController.self)  // unused: not counted
        runLoop.postMemoryPressure(.warning)
        let stats = cache.statistics
        #expect(stats.inUseBySuperview == 2, "the on-screen cell and the pushed controller's view")
        #expect(stats.inUseByParent == 1)
        #expect(stats.inUseByNavigation == 1)
        #expect(stats.inUseByPresenting == 1)
        #expect(stats.inUseDropped == 3)
    }

    @Test("in use is exactly the four conditions: none of them means unused, and asking never loads the view")
    func unusedOtherwise() {
        let controller = CountingController()
        #expect(!controller.isInUse)
        #expect(!controller.isViewLoaded, "checking in-use must not load the view")
        let other = ViewController()
        other.addChild(ViewController())  // having children does not make a controller in use
        other.present(ViewController())  // nor does presenting another
        #expect(!other.isInUse)
    }

    @Test("willBeReused runs on reuse only, never on first instantiation")
    func willBeReusedOnReuseOnly() {
        let cache = makeCache()
        let first = cache.controller(for: CountingController.self)
        #expect(first.willBeReusedCount == 0)
        first.draft = "typed text"
        putOnScreen(first, in: screen)
        first.view.removeFromSuperview()
        let reused = cache.controller(for: CountingController.self)
        #expect(reused === first)
        #expect(reused.willBeReusedCount == 1)
        #expect(reused.draft == nil, "willBeReused cleared the previous use's state")
        #expect(cache.statistics.willBeReusedCalls == 1)
    }

    @Test("asking twice without putting the first into use returns the same instance")
    func askingTwiceReturnsSameInstance() {
        let cache = makeCache()
        let first = cache.controller(for: CountingController.self)
        let second = cache.controller(for: CountingController.self)
        #expect(first === second)
        #expect(second.willBeReusedCount == 1, "the second call is a reuse")
        #expect(cache.statistics.instantiations == 1)
    }

    @Test("types are pooled separately")
    func typesPooledSeparately() {
        let cache = makeCache()
        let counting = cache.controller(for: CountingController.self)
        let other = cache.controller(for: OtherController.self)
        #expect(counting !== other)
        let dataType = ControllerType(name: "row", nib: NibDescription(viewCount: 3, depth: 2, labelText: "Row"))
        let sameNameType = ControllerType(name: "row", nib: NibDescription(viewCount: 3, depth: 2, labelText: "Row"))
        let row = cache.controller(for: dataType)
        #expect(cache.controller(for: sameNameType) !== row, "types are identities, not names")
        #expect(cache.statistics.instantiations == 4)
    }

    @Test("independent instances share nothing")
    func independentInstances() {
        let one = makeCache()
        let two = makeCache()
        let fromOne = one.controller(for: CountingController.self)
        let fromTwo = two.controller(for: CountingController.self)
        #expect(fromOne !== fromTwo)
        #expect(two.cachedInstances(of: CountingController.self).count == 1)
        #expect(ControllerCache.shared !== one)
    }

    @Test("the store is limited to its capacity and evicts through the eviction policy")
    func capacityEvictsThroughPolicy() {
        let cache = makeCache(capacity: 2, policy: .lru)
        let counting = cache.controller(for: CountingController.self)
        let other = cache.controller(for: OtherController.self)
        _ = cache.controller(for: CountingController.self)  // touch: OtherController is now least recent
        #expect(cache.controller(for: CountingController.self) === counting)
        final class Third: ViewController {}
        _ = cache.controller(for: Third.self)
        #expect(cache.cachedControllerCount == 2)
        #expect(cache.cachedInstances(of: OtherController.self).isEmpty, "lru evicted the least recently used type")
        #expect(cache.cachedInstances(of: CountingController.self).first === counting)
        #expect(cache.statistics.evictions == 1)
        #expect(!cache.contains(other))
    }

    @Test("fifo evicts the first inserted type whatever was accessed since")
    func fifoEvictsFirstInserted() {
        let cache = makeCache(capacity: 2, policy: .fifo)
        let counting = cache.controller(for: CountingController.self)
        _ = cache.controller(for: OtherController.self)
        _ = cache.controller(for: CountingController.self)
        final class Third: ViewController {}
        _ = cache.controller(for: Third.self)
        #expect(!cache.contains(counting))
        #expect(cache.cachedInstances(of: OtherController.self).count == 1)
    }

    @Test("policy none caches nothing and instantiates every time")
    func policyNoneInstantiatesEveryTime() {
        let cache = makeCache(policy: .none)
        let first = cache.controller(for: CountingController.self)
        let second = cache.controller(for: CountingController.self)
        #expect(first !== second)
        #expect(cache.statistics.instantiations == 2)
        #expect(cache.statistics.hits == 0)
        #expect(cache.cachedControllerCount == 0)
    }

    @Test("a memory warning empties the store of unused controllers")
    func memoryWarningEmptiesStore() {
        let cache = makeCache(inUse: .repopulate)
        let unused = cache.controller(for: CountingController.self)
        runLoop.postMemoryPressure(.warning)
        #expect(cache.cachedControllerCount == 0)
        #expect(!cache.contains(unused))
        #expect(cache.statistics.evictedControllers == 1)
        #expect(cache.statistics.memoryPressureEvents == 1)
        runLoop.advance()
        #expect(cache.cachedControllerCount == 0, "an evicted unused controller is gone")
        #expect(cache.controller(for: CountingController.self) !== unused)
    }

    @Test("moderate pressure trims the store to half its capacity in policy order")
    func moderatePressureTrimsToHalf() {
        let cache = makeCache(capacity: 4, policy: .lru)
        final class A: ViewController {}
        final class B: ViewController {}
        final class C: ViewController {}
        final class D: ViewController {}
        _ = cache.controller(for: A.self)
        _ = cache.controller(for: B.self)
        _ = cache.controller(for: C.self)
        _ = cache.controller(for: D.self)
        _ = cache.controller(for: A.self)
        runLoop.postMemoryPressure(.moderate)
        #expect(cache.cachedControllerCount == 2)
        #expect(cache.cachedInstances(of: A.self).count == 1)
        #expect(cache.cachedInstances(of: D.self).count == 1)
        #expect(cache.cachedInstances(of: B.self).isEmpty)
    }

    @Test("repopulate: an evicted in-use controller is re-added on the next run-loop tick")
    func repopulateReAddsOnNextTick() {
        let cache = makeCache(inUse: .repopulate)
        let shown = cache.controller(for: CountingController.self)
        putOnScreen(shown, in: screen)
        runLoop.postMemoryPressure(.warning)
        #expect(cache.cachedControllerCount == 0, "evicted now")
        #expect(cache.pendingRepopulationCount == 1, "held for repopulation")
        #expect(cache.contains(shown))
        runLoop.advance()
        #expect(cache.cachedInstances(of: CountingController.self).first === shown)
        #expect(cache.statistics.repopulations == 1)
        #expect(cache.pendingRepopulationCount == 0)
        shown.view.removeFromSuperview()
        #expect(cache.controller(for: CountingController.self) === shown, "repopulated instance is reused")
    }

    @Test("repopulate: at most one repopulation is queued")
    func repopulateAtMostOneQueued() {
        let cache = makeCache(inUse: .repopulate)
        let a = cache.controller(for: CountingController.self)
        putOnScreen(a, in: screen)
        let b = cache.controller(for: OtherController.self)
        putOnScreen(b, in: screen)
        runLoop.postMemoryPressure(.warning)
        runLoop.postMemoryPressure(.warning)  // nothing left to evict; still one queued
        #expect(cache.isRepopulationQueued)
        #expect(runLoop.pendingCount == 1)
        runLoop.advance()
        #expect(cache.statistics.repopulationRuns == 1)
        #expect(cache.cachedControllerCount == 2)
    }

    @Test("repopulate: the evicted unused ones are gone, only in-use ones come back")
    func repopulateDropsUnused() {
        let cache = makeCache(inUse: .repopulate)
        let shown = cache.controller(for: CountingController.self)
        putOnScreen(shown, in: screen)
        let idle = cache.controller(for: CountingController.self)
        #expect(idle !== shown)
        runLoop.postMemoryPressure(.warning)
        runLoop.advance()
        #expect(cache.cachedInstances(of: CountingController.self).map(ObjectIdentifier.init) == [ObjectIdentifier(shown)])
        #expect(!cache.contains(idle))
    }

    @Test("repopulate: a controller that became unused before the tick is not re-added")
    func repopulatePrunesNewlyUnused() {
        let cache = makeCache(inUse: .repopulate)
        let shown = cache.controller(for: CountingController.self)
        putOnScreen(shown, in: screen)
        runLoop.postMemoryPressure(.warning)
        shown.view.removeFromSuperview()
        runLoop.advance()
        #expect(cache.cachedControllerCount == 0)
        #expect(cache.statistics.repopulations == 0)
    }

    @Test("repopulate: re-added controllers merge with instances created since the eviction")
    func repopulateMergesWithNewInstances() {
        let cache = makeCache(inUse: .repopulate)
        let shown = cache.controller(for: CountingController.self)
        putOnScreen(shown, in: screen)
        runLoop.postMemoryPressure(.warning)
        let madeSince = cache.controller(for: CountingController.self)
        #expect(madeSince !== shown)
        runLoop.advance()
        let cached = cache.cachedInstances(of: CountingController.self)
        #expect(cached.count == 2)
        #expect(cached.contains { $0 === shown } && cached.contains { $0 === madeSince })
    }

    @Test("pin: an entry is not evicted while one of its controllers is in use; its unused ones are pruned")
    func pinRefusesToEvictInUse() {
        let cache = makeCache(inUse: .pin)
        let shown = cache.controller(for: CountingController.self)
        putOnScreen(shown, in: screen)
        let idle = cache.controller(for: CountingController.self)
        runLoop.postMemoryPressure(.warning)
        #expect(cache.cachedInstances(of: CountingController.self).map(ObjectIdentifier.init) == [ObjectIdentifier(shown)])
        #expect(!cache.contains(idle))
        #expect(cache.statistics.pinnedRefusals == 1)
        #expect(runLoop.pendingCount == 0, "pin never queues a repopulation")
    }

    @Test("pin: memory pressure sheds oldest-first whatever the policy")
    func pinShedsOldestFirst() {
        final class A: ViewController {}
        final class B: ViewController {}
        final class C: ViewController {}
        final class D: ViewController {}
        for policy in [PolicyName.lru, .random] {
            let cache = makeCache(capacity: 4, policy: policy, inUse: .pin)
            _ = cache.controller(for: A.self)
            _ = cache.controller(for: B.self)
            _ = cache.controller(for: C.self)
            _ = cache.controller(for: D.self)
            _ = cache.controller(for: A.self)  // the most recently used, and still the oldest
            runLoop.postMemoryPressure(.moderate)
            #expect(cache.cachedControllerCount == 2, "\(policy)")
            #expect(cache.cachedInstances(of: A.self).isEmpty, "\(policy): the oldest goes first")
            #expect(cache.cachedInstances(of: B.self).isEmpty, "\(policy)")
            #expect(cache.cachedInstances(of: C.self).count == 1, "\(policy)")
            #expect(cache.cachedInstances(of: D.self).count == 1, "\(policy)")
        }
    }

    @Test("pin: memory pressure skips an in-use oldest entry and sheds the next oldest")
    func pinShedsNextOldestPastInUse() {
        final class A: ViewController {}
        final class B: ViewController {}
        final class C: ViewController {}
        final class D: ViewController {}
        let cache = makeCache(capacity: 4, policy: .lru, inUse: .pin)
        let shown = cache.controller(for: A.self)
        putOnScreen(shown, in: screen)
        _ = cache.controller(for: B.self)
        _ = cache.controller(for: C.self)
        _ = cache.controller(for: D.self)
        _ = cache.controller(for: B.self)  // LRU would shed C and D; pin sheds B and C
        runLoop.postMemoryPressure(.moderate)
        #expect(cache.cachedInstances(of: A.self).first === shown)
        #expect(cache.cachedInstances(of: B.self).isEmpty)
        #expect(cache.cachedInstances(of: C.self).isEmpty)
        #expect(cache.cachedInstances(of: D.self).count == 1)
        #expect(cache.statistics.pinnedRefusals == 1)
    }

    @Test("drop: an evicted in-use controller is lost to the cache")
    func dropLosesInUse() {
        let cache = makeCache(inUse: .drop)
        let shown = cache.controller(for: CountingController.self)
        putOnScreen(shown, in: screen)
        runLoop.postMemoryPressure(.warning)
        runLoop.advance()
        #expect(!cache.contains(shown))
        #expect(cache.statistics.inUseDropped == 1)
        shown.view.removeFromSuperview()
        #expect(cache.controller(for: CountingController.self) !== shown, "the cache cannot reuse what it lost")
    }

    @Test("removing one controller removes it and does not repopulate")
    func removeControllerDoesNotRepopulate() {
        let cache = makeCache(inUse: .repopulate)
        let shown = cache.controller(for: CountingController.self)
        putOnScreen(shown, in: screen)
        cache.removeController(shown)
        runLoop.advance()
        #expect(!cache.contains(shown))
        #expect(cache.statistics.manualRemovals == 1)
        #expect(cache.statistics.repopulations == 0)
    }

    @Test("removing one controller cancels its pending repopulation")
    func removeControllerCancelsPendingRepopulation() {
        let cache = makeCache(inUse: .repopulate)
        let a = cache.controller(for: CountingController.self)
        putOnScreen(a, in: screen)
        let b = cache.controller(for: CountingController.self)
        putOnScreen(b, in: screen)
        runLoop.postMemoryPressure(.warning)
        cache.removeController(a)
        runLoop.advance()
        #expect(!cache.contains(a))
        #expect(cache.cachedInstances(of: CountingController.self).first === b)
        #expect(cache.statistics.repopulations == 1)
    }

    @Test("removing a type removes its instances and cancels their pending repopulation")
    func removeTypeCancelsPendingRepopulation() {
        let cache = makeCache(inUse: .repopulate)
        let shown = cache.controller(for: CountingController.self)
        putOnScreen(shown, in: screen)
        let other = cache.controller(for: OtherController.self)
        putOnScreen(other, in: screen)
        runLoop.postMemoryPressure(.warning)
        cache.removeInstances(of: CountingController.self)
        runLoop.advance()
        #expect(!cache.contains(shown))
        #expect(cache.contains(other), "other types still repopulate")
        let cached = cache.controller(for: CountingController.self)
        #expect(cached !== shown)
    }

    @Test("removing a type that is cached and in use removes it for good")
    func removeTypeInUseDoesNotRepopulate() {
        let cache = makeCache(inUse: .repopulate)
        let shown = cache.controller(for: CountingController.self)
        putOnScreen(shown, in: screen)
        cache.removeInstances(of: CountingController.self)
        runLoop.advance()
        #expect(!cache.contains(shown))
        #expect(cache.statistics.manualRemovals == 1)
    }

    @Test("removing everything removes all types and cancels every pending repopulation")
    func removeAllCancelsPendingRepopulation() {
        let cache = makeCache(inUse: .repopulate)
        let shown = cache.controller(for: CountingController.self)
        putOnScreen(shown, in: screen)
        let idle = cache.controller(for: OtherController.self)
        runLoop.postMemoryPressure(.warning)
        _ = cache.controller(for: OtherController.self)
        cache.removeAll()
        #expect(runLoop.pendingCount == 0)
        runLoop.advance()
        #expect(!cache.contains(shown))
        #expect(!cache.contains(idle))
        #expect(cache.cachedControllerCount == 0)
        #expect(cache.statistics.repopulations == 0)
    }

    @Test("the random policy is seeded: the same seed evicts the same types")
    func randomPolicyIsSeeded() {
        func evictionOrder(seed: UInt64) -> [Bool] {
            let cache = ControllerCache(configuration: .init(capacity: 3, policy: .random, inUseMode: .drop, seed: seed), runLoop: runLoop)
            let types = (0..<8).map { ControllerType(name: "t\($0)", nib: NibDescription(viewCount: 1, depth: 1, labelText: "")) }
            for type in types { _ = cache.controller(for: type) }
            return types.map { !cache.cachedInstances(of: $0).isEmpty }
        }
        #expect(evictionOrder(seed: 3) == evictionOrder(seed: 3))
        #expect(evictionOrder(seed: 3).filter { $0 }.count == 3)
    }

    @Test("a type whose entry was evicted never gets another type's controller from a reused slot")
    func slotReuseIsNotConfused() {
        let cache = makeCache(capacity: 1, policy: .lru, inUse: .drop)
        let typeA = ControllerType(name: "a", nib: NibDescription(viewCount: 1, depth: 1, labelText: "A"))
        let typeB = ControllerType(name: "b", nib: NibDescription(viewCount: 1, depth: 1, labelText: "B"))
        let a = cache.controller(for: typeA)
        #expect(cache.controller(for: typeA) === a, "hit through the remembered slot")
        let b = cache.controller(for: typeB)  // evicts a; b takes the freed slot
        #expect(cache.cachedInstances(of: typeA).isEmpty)
        let again = cache.controller(for: typeA)
        #expect(again !== b)
        #expect(again !== a, "a was evicted; a new instance is made")
        #expect(cache.statistics.instantiations == 3)
        #expect(cache.controller(for: typeA) === again)
    }
}
