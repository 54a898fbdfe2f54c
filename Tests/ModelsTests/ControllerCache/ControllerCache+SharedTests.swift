import Models
import Testing

/// The default cache and the class-level calls. Serialized: every test here touches the one
/// shared cache.
@Suite("ControllerCache: shared default cache", .serialized)
struct ControllerCacheSharedTests {
    @Test("a shared default cache, and class-level calls act on it")
    func sharedDefaultCache() {
        #expect(ControllerCache.shared === ControllerCache.shared)
        final class SharedOnly: ViewController {}
        let viaClass = ControllerCache.controller(for: SharedOnly.self)
        #expect(ControllerCache.shared.controller(for: SharedOnly.self) === viaClass)
        ControllerCache.removeInstances(of: SharedOnly.self)
        #expect(ControllerCache.shared.cachedInstances(of: SharedOnly.self).isEmpty)
    }

    @Test("class-level removal of a data-defined type acts on the shared cache and that type only")
    func sharedRemovalOfControllerType() {
        let removed = ControllerType(name: "removed", nib: NibDescription(viewCount: 2, depth: 1, labelText: "R"))
        let kept = ControllerType(name: "kept", nib: NibDescription(viewCount: 2, depth: 1, labelText: "K"))
        _ = ControllerCache.controller(for: removed)
        let survivor = ControllerCache.controller(for: kept)
        #expect(ControllerCache.shared.cachedInstances(of: removed).count == 1)
        ControllerCache.removeInstances(of: removed)
        #expect(ControllerCache.shared.cachedInstances(of: removed).isEmpty)
        #expect(ControllerCache.shared.cachedInstances(of: kept).first === survivor)
        ControllerCache.removeInstances(of: kept)
    }
}
