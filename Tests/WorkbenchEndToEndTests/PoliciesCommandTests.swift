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

    @Test(
        "workbench keys of a program that registered a policy and a store design names them where the built-in ones are named, in text and markdown"
    )
    func keysNameRegisteredPoliciesAndDesigns() throws {
        #expect(TestMRUPolicy.registered && TestLockDesign.registered)
        let policy = TestMRUPolicy.policyName.rawValue
        let design = "test-lock"
        // kind, the key, whether it takes the policy, whether the design
        let cases: [(kind: String, key: String, policy: Bool, design: Bool)] = [
            ("trace", "policies", true, false),
            ("scrolling-table", "policies", true, false),
            ("navigation", "policies", true, false),
            ("drawing", "policies", false, false),
            ("parallel-readers", "designs", false, true),
        ]
        for (kind, key, takesPolicy, takesDesign) in cases {
            let text = try Keys.parse([kind]).reference()
            let line = text.split(separator: "\n").first { $0.hasPrefix("  \(key) ") }.map(String.init) ?? ""
            let listed = line.components(separatedBy: "one of: ").dropFirst().first?.components(separatedBy: ". ").first ?? ""
            let names = Set(listed.components(separatedBy: ", "))
            #expect(names.contains(policy) == takesPolicy, "\(kind).\(key): \(line)")
            #expect(names.contains(design) == takesDesign, "\(kind).\(key): \(line)")
            // The built-in ones are still there, the registered ones after them.
            if takesPolicy, let last = PolicyRegistry.builtIn.last?.name.rawValue {
                #expect(listed.contains("\(last), \(policy)"), "\(kind).\(key): \(line)")
            }
            let markdown = try Keys.parse([kind, "--format", "markdown"]).reference()
            let row = markdown.split(separator: "\n").first { $0.hasPrefix("| `\(key)` |") }.map(String.init) ?? ""
            #expect(row.contains(", \(policy)") == takesPolicy, "\(kind).\(key): \(row)")
            #expect(row.contains(", \(design)") == takesDesign, "\(kind).\(key): \(row)")
        }
        // Drawing names an eviction policy for its tiers: the registered one among them.
        let drawing = try Keys.parse(["drawing"]).reference()
        #expect(drawing.contains("must be an eviction policy (") && drawing.contains(", \(policy))"), "\(drawing)")
        // Every kind at once, as `workbench keys` prints it.
        let every = try Keys.parse([]).reference()
        #expect(every.contains(", \(policy)") && every.contains(", \(design)"))
    }
}
