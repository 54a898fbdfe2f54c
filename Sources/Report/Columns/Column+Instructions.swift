extension Column {
    /// An instruction count (``MetricRole/instructions``): instructions a timed operation
    /// executed under callgrind (`run --instructions`); fewer is better.
    public static func instructions(_ name: String, _ description: String, unit: ColumnUnit = .count) -> Column {
        Column(name, unit, .instructions, .lowerIsBetter, description)
    }

    /// The two summary columns of an operation counted in instructions: `<operation>_instructions`
    /// (the mean per operation) and `<operation>_instructions_total` (every counted operation
    /// together), both shown in the table printed after a run. `what` names one operation
    /// (`frame's work`).
    public static func instructionColumns(operation: String, what: String) -> [Column] {
        [
            .instructions(
                "\(operation)_instructions", "instructions per \(what), the mean over the counted ones (run --instructions: callgrind)",
                unit: .number
            ).shown(in: .table),
            .instructions(
                "\(operation)_instructions_total", "instructions of every counted \(what) together (run --instructions: callgrind)"
            ).shown(in: .table),
        ]
    }
}
