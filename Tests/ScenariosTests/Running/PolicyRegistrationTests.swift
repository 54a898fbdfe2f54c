import Models
import Scenarios
import Testing
import TestSupport

/// A policy is one type plus one registration: the registry gives every kind its name, parameters
/// and replay, with no other code naming it.
@Suite("policy registration")
struct PolicyRegistrationTests {
    init() { _ = TestMRUPolicy.registered }

    /// MRU's misses over `stream` at `capacity`, computed here without the policy.
    static func mruMisses(_ stream: [UInt32], capacity: Int) -> Int {
        var resident: [UInt32] = []
        var misses = 0
        for id in stream {
            if let index = resident.firstIndex(of: id) {
                resident.remove(at: index)
                resident.append(id)
                continue
            }
            misses += 1
            if resident.count == capacity { resident.removeLast() }
            resident.append(id)
        }
        return misses
    }

    @Test("a policy registered from the test target is listed, named and made with its parameters")
    func registeredPolicyIsListed() throws {
        #expect(TestMRUPolicy.registered)
        let descriptor = try #require(PolicyRegistry.descriptor(named: "test-mru"))
        #expect(descriptor.parameters.map(\.name) == ["depth"])
        #expect(PolicyName.allCases.contains("test-mru") && PolicyName("test-mru").isBounded)
        #expect(PolicyName.evictionPolicies.last == "test-mru")
        #expect(PolicyName("test-mru").makePolicy(seed: 1).name == "test-mru")
    }

    @Test("registering a taken or reserved name is refused")
    func duplicateRegistrationRefused() {
        #expect(throws: PolicyRegistrationError.self) { try PolicyRegistry.register(TestMRUPolicy.self) }
        #expect(throws: PolicyRegistrationError.self) { try PolicyRegistry.register(.of(LRUPolicy.self)) }
    }

    @Test("the registered policy's replay gives the misses of its rule")
    func registeredPolicyReplays() {
        var generator = SeededGenerator(seed: 9)
        let stream = (0..<4000).map { _ in UInt32(generator.next() % 50) }
        for capacity in [1, 5, 20] {
            #expect(CacheReplay.misses(of: "test-mru", capacity: capacity, requests: stream) == Self.mruMisses(stream, capacity: capacity))
        }
    }

    static let trace = """
        name: registered-trace
        kind: trace
        generate: {distribution: zipf, alpha: 1.0, objects: 300, requests: 6000, seed: 42}
        cache: {policies: [test-mru, lru], capacities: [16, 64], parameters: {test-mru: {depth: 1}}}

        """

    static let table = LoaderFixtures.minimal(replacing: "  capacity: 8", with: "  capacity: 4\n  policies: [test-mru, lru]")

    static let navigation = NavigationDriverTests.markovApp.replacingOccurrences(
        of: "cache: {capacity: 3, policies: [forever, lru, none], in_use: [repopulate, drop]}",
        with: "cache: {capacity: 3, policies: [test-mru, lru], in_use: [repopulate]}")

    static let drawing = """
        name: registered-drawing
        kind: drawing
        duration: 2s
        views:
          - {name: button, count: 4, size: [40, 16], effects: {gradient: true}, redraw_every: 250ms, content: static}
        cache: {policies: [memory], eviction: test-mru, capacity: 8KB}
        """

    @Test(
        "the registered policy runs in every kind that takes a policy",
        arguments: ["trace", "scrolling-table", "navigation", "drawing"])
    func registeredPolicyRunsInEveryKind(_ kind: String) throws {
        let yaml = ["trace": Self.trace, "scrolling-table": Self.table, "navigation": Self.navigation, "drawing": Self.drawing][kind] ?? ""
        let result = ScenarioRunner.run(try ScenarioLoader.load(yaml: yaml, file: "\(kind).yaml"))
        #expect(result.complete, "\(kind)")
        // The drawing kind's runs are its tiers (the memory tier evicting by the policy); the
        // others name the policy in their rows.
        let rows =
            kind == "drawing"
            ? result.summary.filter { ($0["memory_evictions"]?.text).flatMap(Int.init) ?? 0 > 0 }
            : result.summary.filter { $0["policy"]?.text.hasPrefix("test-mru") == true }
        #expect(!rows.isEmpty, "\(kind): \(result.summary.map { $0["policy"]?.text ?? "" })")
    }

    @Test("the registered policy's parameters are checked where the file sets them")
    func registeredPolicyParametersChecked() {
        let error = loadError(Self.trace.replacingOccurrences(of: "depth: 1", with: "depth: 9"))
        #expect(error?.keyPath == "cache.parameters.test-mru.depth")
        #expect(error?.message == "cache.parameters.test-mru.depth: must be an integer in 1...4 (found 9)")
    }
}

/// A store design is one type plus one registration: a parallel-readers file names it.
@Suite("store design registration")
struct StoreDesignRegistrationTests {
    static let yaml = """
        name: registered-design
        kind: parallel-readers
        seed: 3
        duration: 200ms
        warmup: 50ms
        store: {designs: [test-lock, mutex]}
        keys: 200
        readers: [{name: reader, threads: 1, mix: {get: 100}, operations: 2000}]
        writers: [{name: writer, threads: 1, mix: {set: 100}, operations: 200}]

        """

    @Test("a store design registered from the test target runs in a parallel-readers scenario beside a built-in one")
    func registeredDesignRuns() throws {
        #expect(TestLockDesign.registered)
        #expect(PolicyName.storeDesigns.contains("test-lock"))
        let result = ScenarioRunner.run(try ScenarioLoader.load(yaml: Self.yaml, file: "design.yaml"))
        #expect(result.complete)
        let designs = result.summary.compactMap { $0["policy"]?.text }
        #expect(designs == ["test-lock", "mutex"])
        #expect(result.summary.allSatisfy { $0["reader_total_ops"]?.text == "2000" && $0["stale_reads"]?.text == "0" })
    }

    @Test("a design name already taken by a policy or a design is refused")
    func takenDesignNameRefused() {
        #expect(throws: PolicyRegistrationError.self) {
            try StoreDesignRegistry.register(StoreDesignDescriptor(name: "mutex", summary: "") { TestLockDesign() })
        }
        #expect(throws: PolicyRegistrationError.self) {
            try StoreDesignRegistry.register(StoreDesignDescriptor(name: "lru", summary: "") { TestLockDesign() })
        }
    }

    @Test("a store is made on a registered design by name, and refused for an unknown name")
    func storeOnRegisteredDesign() {
        #expect(TestLockDesign.registered)
        let store = ReaderWriterStore<String, Int>(designNamed: "test-lock")
        store?["a"] = 1
        #expect(store?["a"] == 1 && store?.design == nil && store?.designName == "test-lock")
        #expect(ReaderWriterStore<String, Int>(designNamed: "no-such-design") == nil)
    }
}
