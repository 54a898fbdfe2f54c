import Foundation

/// Scenario file arguments: a directory stands for every `*.yaml` file directly inside it, in
/// name order, so `workbench run scenarios` runs them all as `scenarios/*.yaml` would.
enum ScenarioFiles {
    static func expand(_ arguments: [String]) -> [String] {
        arguments.flatMap { argument -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue,
                let names = try? FileManager.default.contentsOfDirectory(atPath: argument)
            else { return [argument] }
            let files = names.filter { $0.hasSuffix(".yaml") }.sorted()
            // An empty directory stays as given: loading it reports "is a directory".
            guard !files.isEmpty else { return [argument] }
            let prefix = argument.hasSuffix("/") ? argument : argument + "/"
            return files.map { prefix + $0 }
        }
    }
}
