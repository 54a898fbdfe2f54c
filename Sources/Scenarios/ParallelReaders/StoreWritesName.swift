import Models

/// `store.writes` of a parallel-readers file: whether the store's `remove`, `removeAll` and loader
/// are synchronous (the seed's code, the default) or asynchronous (the seed's document). Stands
/// for `Models.StoreWriteMode`.
public enum StoreWritesName: String, CaseIterable, Codable, Sendable, SchemaChoice {
    case synchronous, asynchronous

    static var choiceNoun: String { "write mode" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }

    /// The model's mode.
    var mode: StoreWriteMode {
        switch self {
        case .synchronous: .synchronous
        case .asynchronous: .asynchronous
        }
    }
}
