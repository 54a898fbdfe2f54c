import Models
import Testing
import TestSupport

/// Each policy declares its parameters once (name, range, default); the registry gives them to
/// every kind, and a policy made without a value behaves as with its declared default.
@Suite("policy parameters")
struct PolicyParameterTests {
    static let stream = Array(ReferenceTrace.a.requests.prefix(200_000))

    /// Every declared parameter with a value other than its default that it allows.
    static func otherValue(_ parameter: PolicyParameter) -> PolicyParameterValue? {
        switch (parameter.kind, parameter.defaultValue) {
        case (.share, .number(let value)): return .number(value < 0.5 ? min(0.5, value * 4) : value / 2)
        case (.number(let range), .number(let value)): return .number(value * 2 <= range.upperBound ? value * 2 : value / 2)
        case (.integer(let range), .integer(let value)): return .integer(value < range.upperBound ? value + 1 : value - 1)
        case (.word(let words), .word(let value)): return words.first { $0 != value }.map(PolicyParameterValue.word)
        case (.weights, .weights(let list)): return .weights(Array(repeating: 1, count: list.count + 2))
        default: return nil
        }
    }

    @Test("every declared default is a value the parameter allows, and setting it changes nothing")
    func defaultsAreDeclaredOnce() {
        for policy in PolicyRegistry.builtIn where !policy.parameters.isEmpty {
            var explicit = PolicyParameters()
            for parameter in policy.parameters {
                #expect(parameter.problem(with: parameter.defaultValue) == nil, "\(policy.name).\(parameter.name)")
                explicit.set(parameter.defaultValue, for: parameter.name, of: policy.name)
            }
            for capacity in [100, 1000] {
                #expect(
                    CacheReplay.misses(of: policy.name, capacity: capacity, requests: Self.stream)
                        == CacheReplay.misses(of: policy.name, capacity: capacity, requests: Self.stream, parameters: explicit),
                    "\(policy.name)")
            }
        }
    }

    @Test("every parameter takes effect: a value other than its default changes the misses")
    func everyParameterTakesEffect() throws {
        for policy in PolicyRegistry.builtIn {
            for parameter in policy.parameters {
                let value = try #require(Self.otherValue(parameter))
                let changed = PolicyParameters([policy.name: [parameter.name: value]])
                let differs = [100, 1000].contains { capacity in
                    CacheReplay.misses(of: policy.name, capacity: capacity, requests: Self.stream)
                        != CacheReplay.misses(of: policy.name, capacity: capacity, requests: Self.stream, parameters: changed)
                }
                #expect(differs, "\(policy.name).\(parameter.name) = \(value)")
            }
        }
    }

    /// CLOCK with an n-bit counter, written here from the rule: a hit adds 1 up to 2^n − 1; the
    /// hand lowers a front entry's counter by 1 and sends it to the back, evicting the first at 0.
    static func clockMisses(_ stream: [UInt32], capacity: Int, bits: Int) -> Int {
        var queue: [UInt32] = []
        var count: [UInt32: Int] = [:]
        var misses = 0
        for id in stream {
            if let value = count[id] {
                count[id] = min(value + 1, (1 << bits) - 1)
                continue
            }
            misses += 1
            if queue.count == capacity {
                while let front = queue.first, let value = count[front], value > 0 {
                    count[front] = value - 1
                    queue.append(queue.removeFirst())
                }
                count[queue.removeFirst()] = nil
            }
            queue.append(id)
            count[id] = 0
        }
        return misses
    }

    @Test("clock bits: a hit adds one up to 2^bits - 1 and the hand spends one per pass", arguments: [1, 2, 3])
    func clockBits(bits: Int) {
        let stream = Array(Self.stream.prefix(20_000))
        let parameters = PolicyParameters([.clock: ["bits": .integer(bits)]])
        for capacity in [10, 50] {
            #expect(
                CacheReplay.misses(of: .clock, capacity: capacity, requests: stream, parameters: parameters)
                    == Self.clockMisses(stream, capacity: capacity, bits: bits))
        }
    }

    @Test("lfu ties: oldest evicts the entry that reached the lowest count first, newest the one that reached it last")
    func lfuTies() {
        for (ties, expected) in [("oldest", 0), ("newest", 2)] {
            let policy = PolicyName.lfu.makePolicy(seed: 0, parameters: PolicyParameters([.lfu: ["ties": .word(ties)]]))
            for slot in 0..<4 { policy.didInsert(slot) }
            policy.didAccess(3)
            #expect(policy.victim(skipping: { _ in false }) == expected, "\(ties)")
        }
    }
}
