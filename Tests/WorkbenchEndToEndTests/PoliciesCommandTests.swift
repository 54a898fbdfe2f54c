import Foundation
import Models
import Testing
import TestSupport

@testable import Workbench

/// `workbench policies` lists every registered policy with its parameters, and a registered
/// policy runs in `bench --suite policies` like a built-in one.
@Suite("workbench policies")
struct PoliciesCommandTests {
    @Test("workbench policies lists every built-in policy with its description, parameters and reference")
    func policiesListsEveryPolicy() throws {
        let result = try workbench().run(["policies"])
        #expect(result.status == 0)
        for policy in PolicyRegistry.builtIn {
            #expect(result.stdout.contains("\(policy.name)\n  \(policy.summary)\n  reference: \(policy.reference)"))
            for parameter in policy.parameters {
                #expect(result.stdout.contains("  parameter \(parameter.name) (default \(parameter.defaultValue); "))
            }
        }
        let names = try workbench().run(["policies", "--format", "names"])
        #expect(names.stdout.split(separator: "\n").map(String.init) == PolicyRegistry.builtIn.map(\.name.rawValue))
    }

    @Test("a policy registered from the test target runs in bench --suite policies")
    func registeredPolicyInPoliciesBench() {
        #expect(TestMRUPolicy.registered)
        let requests = Array(ReferenceTrace.a.requests.prefix(50_000))
        let row = PoliciesBench.measure(TestMRUPolicy.policyName, capacity: 100, requests: requests, repetitions: 1)
        #expect(row.misses == CacheReplay.misses(of: TestMRUPolicy.policyName, capacity: 100, requests: requests))
        #expect(row.misses > 0 && row.rates.count == 1)
        #expect(PoliciesBench.format([row], repetitions: 1).contains("test-mru"))
    }
    @Test("each kind's reference (workbench keys) names the policies its key accepts, and none it refuses")
    func keysReferenceNamesEachKindsPolicies() throws {
        let cli = try workbench()
        let builtIn = PolicyRegistry.builtIn.map(\.name.rawValue)
        let designs = ["gcd-barrier", "rwlock", "mutex", "big-reader", "left-right", "replicated"]
        let tiers = ["memory", "disk", "memory+disk"]
        let cases: [(kind: String, key: String, accepted: [String], refused: [String])] = [
            ("trace", "policies", builtIn, ["none", "forever"] + tiers + designs),
            ("scrolling-table", "policies", ["none", "forever"] + builtIn, tiers + designs),
            ("navigation", "policies", ["none", "forever"] + builtIn, tiers + designs),
            ("drawing", "policies", ["none"] + tiers, ["forever"] + builtIn + designs),
            ("parallel-readers", "designs", designs, ["none", "forever"] + builtIn + tiers),
        ]
        for (kind, key, accepted, refused) in cases {
            let output = cli.run(["keys", kind])
            #expect(output.status == 0, "\(transcript(output))")
            let line = output.stdout.split(separator: "\n").first { $0.hasPrefix("  \(key) ") }.map(String.init) ?? ""
            let listed = line.components(separatedBy: "one of: ").dropFirst().first?.components(separatedBy: ". ").first ?? ""
            let names = Set(listed.components(separatedBy: ", "))
            #expect(names.isSuperset(of: accepted), "\(kind).\(key): \(line)")
            #expect(names.isDisjoint(with: refused), "\(kind).\(key): \(line)")
        }
    }
}
