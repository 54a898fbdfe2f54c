import Foundation
import Models
import Testing

/// A policy is its file in `Sources/Models/Policies/` and one line of the registry: no other
/// source names a built-in policy (by member, `.s3fifo`, or by string, `"s3-fifo"`), so no driver
/// has a per-policy branch that a new policy could miss.
@Suite("policy names stay in the policies' files")
struct PolicyNamesStayInPoliciesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Swift sources outside `Sources/Models/Policies/`, comments dropped.
    static func sources() throws -> [(path: String, lines: [String])] {
        let sources = root.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var files: [(String, [String])] = []
        while let url = enumerator?.nextObject() as? URL {
            let path = url.path.replacingOccurrences(of: root.path + "/", with: "")
            guard path.hasSuffix(".swift"), !path.hasPrefix("Sources/Models/Policies/") else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n").map { line in
                line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
            }
            files.append((path, lines))
        }
        return files
    }

    @Test("grep finds no built-in policy name outside Sources/Models/Policies/")
    func noPolicyNameOutsidePolicies() throws {
        // `random` and `size` are left out: `.random`, "random", `.size` and "size" are common words
        // (tap order, a generator; a view's or a request's size).
        let builtIn = PolicyRegistry.builtIn.map(\.name.rawValue).filter { $0 != "random" && $0 != "size" }
        let members = [
            "lru", "fifo", "clock", "lfu", "arc", "s3fifo", "sieve", "wTinyLFU", "twoQ", "slru", "optimal", "gdsf", "lfuda",
            "beladySize",
        ]
        let memberPattern = try Regex("(^|[^A-Za-z0-9_)\\]])\\.(" + members.joined(separator: "|") + ")\\b")
        var found: [String] = []
        let files = try Self.sources()
        #expect(files.count > 100)
        for (path, lines) in files {
            for (number, line) in lines.enumerated() {
                // A key's `example:` is documentation, as the docs are.
                let code = line.range(of: "example:").map { String(line[..<$0.lowerBound]) } ?? line
                if code.contains(memberPattern) || builtIn.contains(where: { code.contains("\"\($0)\"") }) {
                    found.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
