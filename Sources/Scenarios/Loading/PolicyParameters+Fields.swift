import Models

extension PolicyParameters: SchemaDescribed {
    /// `parameters`: per policy, the values of its declared parameters (`workbench policies` lists
    /// them with their ranges and defaults); the same key in every kind's `cache` block.
    static let schema = Schema<PolicyParameters>([
        .optional(
            "parameters", \.self, default: PolicyParameters(), shown: "{} (each policy's defaults)",
            "Per policy, values of its parameters (`workbench policies` lists them).",
            example: "{s3-fifo: {small_ratio: 0.2}, slru: {segments: [1, 1, 1, 1]}}", omitWhen: { $0.isEmpty })
    ])

    static var schemaDescription: String { "a mapping from policy to {parameter: value}" }
}
