import Models
import Testing

/// `s3-fifo(small_ratio=0.2)`: a registered policy with settings of its own, a run of its own.
@Suite("Policy variants: a policy named with its settings")
struct PolicyVariantNameTests {
    @Test("a variant's name is canonical: settings in declared order, numbers in their shortest form, sizes as 1:4")
    func variantNameIsCanonical() throws {
        let written = PolicyName("s3-fifo( ghost_ratio=0.50 ,small_ratio=0.20)")
        #expect(try written.canonicalVariant() == "s3-fifo(small_ratio=0.2,ghost_ratio=0.5)")
        #expect(PolicyName(known: "s3-fifo(small_ratio=0.20)") == "s3-fifo(small_ratio=0.2)")
        #expect(PolicyName.variant(of: .slru, settings: ["segments": .weights([1, 4])]).rawValue.hasSuffix("=1:4)"))
        #expect(PolicyName.variant(of: .s3fifo, settings: [:]) == .s3fifo)
        #expect(written.base == .s3fifo)
        #expect(written.isVariant && !PolicyName.s3fifo.isVariant)
        #expect(written.isAmong([.lru, .s3fifo]) && !written.isAmong([.lru]))
    }

    @Test("a variant's settings override the scenario's parameters for its policy, which override the defaults")
    func variantSettingsOverrideParameters() throws {
        var parameters = PolicyParameters()
        parameters.set(.number(0.3), for: "small_ratio", of: .s3fifo)
        parameters.set(.number(0.6), for: "ghost_ratio", of: .s3fifo)
        let settings = parameters.settings(for: "s3-fifo(small_ratio=0.2)")
        #expect(settings.number("small_ratio", or: -1) == 0.2)
        #expect(settings.number("ghost_ratio", or: -1) == 0.6)
        #expect(settings.integer("move_threshold", or: -1) == 2)
        #expect(parameters.settings(for: .s3fifo).number("small_ratio", or: -1) == 0.3)
    }

    @Test("a variant replays as its policy with those settings: the same misses, and other misses than the default")
    func variantReplaysWithItsSettings() {
        let requests = ZipfTrace(count: 50_000, objects: 2_000, alpha: 0.9, seed: 3).requests
        var parameters = PolicyParameters()
        parameters.set(.number(0.3), for: "small_ratio", of: .s3fifo)
        let set = CacheReplay.misses(of: .s3fifo, capacity: 200, requests: requests, parameters: parameters)
        let variant = CacheReplay.misses(of: "s3-fifo(small_ratio=0.3)", capacity: 200, requests: requests)
        let plain = CacheReplay.misses(of: .s3fifo, capacity: 200, requests: requests)
        #expect(variant == set)
        #expect(variant != plain)
    }

    @Test("a variant that names no policy, no parameter of its policy or a value out of range is refused, saying what to fix")
    func variantErrorsSayWhatToFix() {
        func message(_ text: String) -> String {
            do {
                _ = try PolicyName(text).variantSettings()
                return "accepted"
            } catch {
                return error.description
            }
        }
        #expect(message("s3-fifo(small=0.2)").contains("s3-fifo has no parameter 'small' (expected one of: small_ratio"))
        #expect(message("s3-fifo(small_ratio=1.5)").contains("small_ratio must be > 0 and < 1 (found 1.5)"))
        #expect(message("s3-fifo(small_ratio=x)").contains("expected a share in (0, 1), found 'x'"))
        #expect(message("lru(x=1)").contains("lru has no parameter 'x' (it takes none)"))
        #expect(message("nope(x=1)").contains("unknown policy 'nope'"))
        #expect(message("s3-fifo(small_ratio=0.2").contains("quote a variant with several settings"))
        #expect(message("s3-fifo()").contains("sets nothing"))
        #expect(message("s3-fifo(small_ratio=0.2,small_ratio=0.3)").contains("sets small_ratio twice"))
        #expect(PolicyName(known: "s3-fifo(small=0.2)") == nil)
    }

    @Test("a list of names splits at the commas outside parentheses")
    func listSplitsOutsideParentheses() {
        #expect(PolicyName.splitList("lru, s3-fifo(small_ratio=0.2,ghost_ratio=0.5),fifo") == ["lru", "s3-fifo(small_ratio=0.2,ghost_ratio=0.5)", "fifo"])
    }
}
