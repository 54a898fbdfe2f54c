import Synchronization

/// A reader-writer store design registered by name beside the built-in ones (``StoreDesignName``):
/// a `parallel-readers` scenario names it in `store.designs`, and its runs use it.
public struct StoreDesignDescriptor: Sendable {
    /// The name a scenario file uses.
    public let name: PolicyName
    /// What the design does, in a sentence.
    public let summary: String
    private let makeDesign: @Sendable () -> any StoreDesign

    /// A design `make` creates, one instance per store.
    public init(name: PolicyName, summary: String, make: @escaping @Sendable () -> any StoreDesign) {
        self.name = name
        self.summary = summary
        makeDesign = make
    }

    /// A new instance of the design, for one store.
    public func make() -> any StoreDesign { makeDesign() }
}

/// The store designs a program registered beside the built-in ones, before it loads scenarios.
public enum StoreDesignRegistry {
    private static let registered = Mutex<[StoreDesignDescriptor]>([])

    /// The registered designs, in registration order (the built-in ones are ``StoreDesignName``).
    public static var all: [StoreDesignDescriptor] { registered.withLock { $0 } }

    /// The registered design of this name, if any.
    public static func descriptor(named name: PolicyName) -> StoreDesignDescriptor? {
        registered.withLock { list in list.first { $0.name == name } }
    }

    /// Registers `descriptor`; refused if its name is taken by a built-in design, a registered
    /// one, or any other policy name.
    public static func register(_ descriptor: StoreDesignDescriptor) throws {
        let name = descriptor.name
        guard name.isPlainWord else {
            throw PolicyRegistrationError(description: "store design name '\(name)' must be letters, digits, '-', '_' or '+'")
        }
        guard !PolicyName.allCases.contains(name) else {
            throw PolicyRegistrationError(description: "the name '\(name)' is already taken")
        }
        try registered.withLock { list in
            guard !list.contains(where: { $0.name == name }) else {
                throw PolicyRegistrationError(description: "a store design named '\(name)' is already registered")
            }
            list.append(descriptor)
        }
    }
}
