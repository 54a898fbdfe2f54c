/// A results directory as `workbench run --out DIR` writes it: one `<scenario>/summary.csv` per
/// scenario, described by its `columns.csv` (and by its `scenario.yaml`, which names its kind and
/// records its settings). Other files, hidden entries and subdirectories without a `summary.csv`
/// are ignored.
public struct ResultsDirectory: Sendable, Equatable {
    /// The directory's path, as given.
    public var path: String
    /// Its scenarios' summaries, sorted by name.
    public var scenarios: [ScenarioSummary]

    /// A results directory from summaries already read.
    public init(path: String, scenarios: [ScenarioSummary]) {
        self.path = path
        self.scenarios = scenarios.sorted { $0.name < $1.name }
    }

    /// Reads every `<scenario>/summary.csv` under `path`.
    ///
    /// - Throws: ``CompareError/unreadableDirectory(path:reason:)`` when `path` is not a
    ///   readable directory; ``CompareError/unreadableFile(path:reason:)`` or
    ///   ``CompareError/malformedSummary(path:reason:)`` for a summary that cannot be read;
    ///   ``CompareError/missingColumns(path:)`` for a scenario without `columns.csv`. A
    ///   directory without any summary is not an error here (see ``Comparison/load(baseline:current:thresholds:)``).
    public static func load(path: String) throws -> ResultsDirectory {
        var scenarios: [ScenarioSummary] = []
        for name in try FileReading.entries(atPath: path) {
            let summaryPath = FileReading.join(FileReading.join(path, name), ResultsWriter.summaryFileName)
            guard FileReading.exists(summaryPath) else {
                continue
            }
            let text = try FileReading.text(atPath: summaryPath)
            let columnsPath = FileReading.join(FileReading.join(path, name), ResultColumns.fileName)
            guard FileReading.exists(columnsPath) else {
                throw CompareError.missingColumns(path: columnsPath)
            }
            let columns: ResultColumns
            do {
                columns = try ResultColumns(text: try FileReading.text(atPath: columnsPath), path: columnsPath)
            } catch let error as ReportError {
                throw CompareError.malformedSummary(path: columnsPath, reason: error.description)
            }
            var summary = try ScenarioSummary(name: name, path: summaryPath, text: text, columns: columns)
            let scenarioPath = FileReading.join(FileReading.join(path, name), ResultsWriter.scenarioFileName)
            if FileReading.exists(scenarioPath) {
                let yaml = try FileReading.text(atPath: scenarioPath)
                summary.kind = ResultsDescription.topLevelValue("kind", in: yaml)
                summary.settings = ScenarioSettings(yaml: yaml)
            }
            summary.run = RunMetadata.load(scenarioDirectory: FileReading.join(path, name))
            let repetitionsPath = FileReading.join(FileReading.join(path, name), Repetitions.fileName)
            if FileReading.exists(repetitionsPath) {
                try summary.readRepetitions(text: try FileReading.text(atPath: repetitionsPath), path: repetitionsPath)
            }
            scenarios.append(summary)
        }
        return ResultsDirectory(path: path, scenarios: scenarios)
    }

    /// The summary of the scenario called `name`, if there is one.
    public subscript(scenario name: String) -> ScenarioSummary? {
        scenarios.first { $0.name == name }
    }
}
