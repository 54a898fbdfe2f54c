import Foundation

/// Turns a store's items into a file's contents and back, for ``ReaderWriterStore/save(to:)`` and
/// ``ReaderWriterStore/load(from:)``. YMCache's serializer hook: plug in any format.
///
/// To report a file whose root is the wrong kind of value, throw `DecodingError.typeMismatch`
/// with an empty coding path (as `JSONDecoder` does); the store reports it as
/// ``ReaderWriterStoreError/wrongRootType(path:)``. Any other error is reported as
/// ``ReaderWriterStoreError/corruptFile(path:reason:)``.
public protocol StoreSerializer<Key, Value>: Sendable {
    associatedtype Key: Hashable
    associatedtype Value

    /// The file contents for `items`.
    func encode(_ items: [Key: Value]) throws -> Data

    /// The items in a file's contents.
    func decode(_ data: Data) throws -> [Key: Value]
}

/// The default serializer: the items as one JSON value through `Codable`: an object for `String`
/// or `Int` keys (`{"key": value, …}`, keys sorted), an array of alternating keys and values for
/// other key types.
public struct JSONStoreSerializer<Key: Hashable & Codable, Value: Codable>: StoreSerializer {
    public init() {}

    /// - Complexity: O(*n*) for *n* items, plus sorting the keys.
    public func encode(_ items: [Key: Value]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(items)
    }

    /// - Complexity: O(*b*) for *b* bytes.
    public func decode(_ data: Data) throws -> [Key: Value] {
        try JSONDecoder().decode([Key: Value].self, from: data)
    }
}
