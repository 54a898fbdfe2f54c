import Foundation
import Testing
import Yams

@testable import Scenarios

/// The declared unions: scroll steps, navigation script steps, drawing `content`, the readers'
/// `distribution`. Each is read, written and documented from one declaration.
@Suite("Declared unions")
struct UnionSchemaTests {
    static func decode<T: Decodable>(_ type: T.Type, _ yaml: String) throws -> T {
        try YAMLDecoder().decode(T.self, from: yaml)
    }

    static func roundTrip<T: DeclaredUnion>(_ value: T) throws -> T {
        let text = try YAMLEncoder().encode(value)
        return try decode(T.self, text)
    }

    /// The message of the violation `body` throws (Yams wraps it in a decoding error).
    static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            guard let violation = context.underlyingError as? SchemaViolation else { return context.debugDescription }
            return describe(violation)
        } catch let violation as SchemaViolation {
            return describe(violation)
        } catch {
            return "\(error)"
        }
    }

    static func describe(_ violation: SchemaViolation) -> String {
        switch violation.problem {
        case .invalid(let text), .message(let text), .expected(let text), .constraint(let text): text
        case .unknownKey(let noun, let allowed): "unknown \(noun): \(allowed.joined(separator: ", "))"
        case .missingKey: "missing \(renderKeyPath(violation.codingPath))"
        }
    }

    @Test("every form of a declared union is written so that reading it gives the value back")
    func everyFormRoundTrips() throws {
        let steps: [ScrollStep] = [
            .steady(SteadyScroll(speed: 800, duration: Seconds(5))), .fling(Fling(velocity: -4000)),
            .backAndForth(BackAndForth(span: 2000, speed: 1200)), .randomJumps(RandomJumps(count: 5, every: Seconds(1))),
            .tapDisclose(TapDisclose(count: 3, dwell: Seconds(2))), .pause(Seconds(2)), .removeFromCache(.all),
            .removeFromCache(.cellType("Photo")), .push(OpenDetails(count: 4, dwell: Seconds(3))),
            .present(OpenDetails(count: 1, dwell: Seconds(1))),
        ]
        for step in steps { #expect(try Self.roundTrip(step) == step) }
        let script: [NavigationStep] = [.dwell(Seconds(2)), .back, .rewind, .clearHistory, .clearViewCache]
        for step in script { #expect(try Self.roundTrip(step) == step) }
        let contents: [ContentChange] = [.static, .everyFrame, .every(Seconds(5)), .titles(["Inbox", "Sent"], every: Seconds(3))]
        for content in contents { #expect(try Self.roundTrip(content) == content) }
        let distributions: [KeyDistributionSpec] = [
            .uniform, .zipfian(alpha: 0.99), .zipfian(alpha: 1.2), .latest(alpha: 0.5), .hotspot(keys: 0.2, operations: 0.8),
        ]
        for distribution in distributions { #expect(try Self.roundTrip(distribution) == distribution) }
    }

    @Test("the reference lists exactly the keys each union reads")
    func referenceListsTheKeysTheDecoderReads() {
        #expect(ScrollStep.variantDocs.map(\.name) == ScrollStep.union.allKeys)
        #expect(
            ScrollStep.union.formKeys == [
                "steady", "fling", "back_and_forth", "random_jumps", "tap_disclose", "pause", "remove_from_cache", "remove_controller",
                "push", "present", "recorded",
            ])
        #expect(NavigationStep.variantDocs.map(\.name) == ["intent", "dwell", "show_error"])
        #expect(ContentChange.variantDocs.map(\.name) == ["changes_every", "titles", "every"])
        #expect(KeyDistributionSpec.variantDocs.map(\.name) == ["zipfian", "hotspot", "latest"])
    }

    @Test("a word of a union reads as its value, and a value no mapping form matches is written as its word")
    func wordsReadAndWrite() throws {
        #expect(try Self.decode(KeyDistributionSpec.self, "zipfian") == .zipfian(alpha: 0.99))
        #expect(try Self.decode(NavigationStep.self, "clear_view_cache") == .clearViewCache)
        #expect(try YAMLEncoder().encode(ContentChange.everyFrame) == "every_frame\n")
        // A mapping form that can hold the value is preferred over the word with the same value.
        let zipfian = try YAMLEncoder().encode(KeyDistributionSpec.zipfian(alpha: 0.99))
        #expect(zipfian.hasPrefix("zipfian: "), "\(zipfian)")
    }

    @Test("an unknown word names the words and the keys a union accepts")
    func unknownWordListsTheForms() {
        let text = Self.message { _ = try Self.decode(NavigationStep.self, "go_back") }
        #expect(
            text
                == "unknown step 'go_back' (expected one of back, rewind, clear_history, clear_view_cache, or a mapping with one key, one of: intent, dwell, show_error)"
        )
    }

    @Test("a union mapping needs exactly one form's key")
    func exactlyOneFormKey() {
        #expect(
            Self.message { _ = try Self.decode(KeyDistributionSpec.self, "{zipfian: 0.9, latest: 0.9}") }
                == "top level: a distribution must have exactly one key, found 2 (zipfian, latest)")
        // Only a companion key: no form is named.
        #expect(
            Self.message { _ = try Self.decode(ContentChange.self, "{every: 3s}") }
                == "a content needs exactly one key, one of: changes_every, titles")
    }

    @Test("a key that goes with another form is refused beside this one")
    func companionOfAnotherFormRefused() {
        #expect(
            Self.message { _ = try Self.decode(ContentChange.self, "{changes_every: 5s, every: 3s}") }
                == "'every' does not go with 'changes_every'")
    }

    @Test("a form's rules are checked with the form's key")
    func formRulesChecked() {
        #expect(Self.message { _ = try Self.decode(ScrollStep.self, "{pause: 0s}") } == "must be > 0")
        #expect(Self.message { _ = try Self.decode(KeyDistributionSpec.self, "{latest: 11}") } == "alpha must be at most 10")
        #expect(Self.message { _ = try Self.decode(ContentChange.self, "{titles: [], every: 3s}") } == "must list at least one title")
    }
}
