import Foundation
import Testing
import Yams

@testable import Scenarios

/// Each scenario key is declared once (`Schema`): decoding, encoding and the format reference
/// (`workbench keys`, the docs' kind pages) all come from that declaration.
@Suite("Scenario keys declared once")
struct SchemaDeclarationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var shippedScenarios: [URL] {
        let directory = packageRoot.appendingPathComponent("scenarios")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Every key of `node`, read as `type`, is declared; nested mappings, lists and unions too.
    /// Returns the undeclared key paths.
    static func undeclaredKeys(_ node: Node, as type: Any.Type, path: String) -> [String] {
        if let list = node.sequence {
            return list.enumerated().flatMap { undeclaredKeys($1, as: type, path: "\(path)[\($0)]") }
        }
        guard let mapping = node.mapping else { return [] }
        let docs: [KeyDoc]
        if let declared = type as? any DeclaredMapping.Type {
            docs = keyDocs(declared)
        } else if let union = type as? any DeclaredUnion.Type {
            docs = union.variantDocs
        } else {
            return []
        }
        var missing: [String] = []
        for (key, value) in mapping {
            let name = key.string ?? ""
            let keyPath = path.isEmpty ? name : "\(path).\(name)"
            guard let doc = docs.first(where: { $0.name == name }) else {
                missing.append(keyPath)
                continue
            }
            if let nested = doc.nested {
                missing += undeclaredKeys(value, as: nested, path: keyPath)
            }
        }
        return missing
    }

    static func keyDocs<T: DeclaredMapping>(_ type: T.Type) -> [KeyDoc] { T.schema.keyDocs }

    @Test("every key of every shipped scenario is declared, so the format reference lists it")
    func everyShippedKeyIsDeclared() throws {
        let files = Self.shippedScenarios
        #expect(files.count >= 5)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let node = try #require(try Yams.compose(yaml: text))
            let kindName = try #require(node.mapping?["kind"]?.string)
            let kind = try #require(KindRegistry.named(kindName))
            let declared = try #require(kind as? any DeclaredMapping.Type, "kind \(kindName) is not declared")
            #expect(Self.undeclaredKeys(node, as: declared, path: "").isEmpty, "\(file.lastPathComponent)")
        }
    }

    @Test("every built-in kind's format reference is generated from its declarations")
    func everyKindHasAReference() throws {
        for kind in KindRegistry.builtIn {
            let sections = try #require(FormatReference.sections(for: kind), "\(kind.kind.rawValue)")
            let top = try #require(sections.first)
            #expect(top.path == "top level")
            // The header's keys come first in every kind, from the one header declaration.
            #expect(Array(top.keys.map(\.name).prefix(ScenarioHeader.keys.count)) == ScenarioHeader.keys)
            let markdown = FormatReference.markdown(kind: kind.kind.rawValue, summary: kind.summary, sections: sections)
            #expect(markdown.contains("| `name` | a string | required |"))
            #expect(markdown.contains("| `cache` |") || kind.kind == .parallelReaders)
        }
    }

    @Test("a mapping's declared keys are unique, and each has a summary")
    func keysUniqueAndDescribed() throws {
        for kind in KindRegistry.builtIn {
            for section in try #require(FormatReference.sections(for: kind)) {
                let names = section.keys.map(\.name)
                #expect(Set(names).count == names.count, "\(kind.kind.rawValue) \(section.path): \(names)")
                for key in section.keys {
                    #expect(!key.summary.isEmpty, "\(kind.kind.rawValue) \(section.path).\(key.name) has no summary")
                }
            }
        }
    }

    @Test("the header's default, rules and example reach the reference")
    func headerDeclarationReachesTheReference() throws {
        let docs = ScenarioHeader.schema.keyDocs
        let seed = try #require(docs.first { $0.name == "seed" })
        #expect(seed.presence == .defaulted("1"))
        let repeats = try #require(docs.first { $0.name == "repeat" })
        #expect(repeats.rules == ["must be 1 to 100"])
        let name = try #require(docs.first { $0.name == "name" })
        #expect(name.presence == .required && name.example == "feed")
    }

    @Test("a declared rule's text is the message a file breaking it gets")
    func ruleTextIsTheMessage() throws {
        let error = try #require(loadError(LoaderFixtures.minimal(replacing: "capacity: 8", with: "capacity: 0")))
        #expect(error.description.contains("cache.capacity must be > 0 (found 0)"), "\(error)")
        let capacity = try #require(CacheSpec.schema.keyDocs.first { $0.name == "capacity" })
        #expect(capacity.rules == ["must be > 0"])
    }

    @Test("no scenario type writes its key list or its encoder by hand")
    func noHandWrittenKeyListsOrEncoders() throws {
        let sources = Self.packageRoot.appendingPathComponent("Sources/Scenarios")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("static let keys"), "\(file) has a hand-written key list")
        }
    }
}

/// `decide:` names columns the kind writes: what `run` could not answer, `validate` refuses.
@Suite("decide: checked when the file loads")
struct DecideLoadingTests {
    @Test("a decide goal or minimize naming no summary column is refused at its key")
    func decideNamesKnownColumns() throws {
        let good = LoaderFixtures.minimal + "\ndecide: {goal: {hit_rate: \">= 0.9\"}, minimize: instantiations}"
        let scenario = try ScenarioLoader.load(yaml: good, file: "t.yaml")
        #expect(scenario.header.decide?.goal["hit_rate"] == Expectation.Condition(.atLeast, 0.9))
        #expect(scenario.header.decide?.share == 0.95)
        let typo = LoaderFixtures.minimal + "\ndecide: {goal: {hit_rat: \">= 0.9\"}}"
        let error = try #require(loadError(typo))
        #expect(error.keyPath == "decide.goal.hit_rat")
        #expect(error.message.hasPrefix("decide.goal.hit_rat: unknown column 'hit_rat' (expected a column of this kind's summary.csv: "), "\(error)")
        let minimize = try #require(loadError(LoaderFixtures.minimal + "\ndecide: {goal: {hit_rate: \">= 0.9\"}, minimize: bytes}"))
        #expect(minimize.message == "decide.minimize: unknown column 'bytes' (expected sweep or a column of this kind's summary.csv)")
        let relative = try #require(loadError(LoaderFixtures.minimal + "\ndecide: {goal: {hit_rate: \"> lru\"}}"))
        #expect(relative.message.contains("expected a condition such as \">= 0.9\""), "\(relative)")
    }
}
