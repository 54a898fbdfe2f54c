import Foundation
import Scenarios

/// Inline scenario files used by the loader tests.
enum LoaderFixtures {
    /// Uses every key of the format.
    static let full = """
        # Contacts list scrolled by a script; compares eviction policies.
        version: 1
        name: contacts-scroll_2
        kind: scrolling-table
        description: Scroll a long contacts list with mixed cell types.
        seed: 42
        duration: 2m
        warmup: 10s
        sample_interval: 250ms
        memory_pressure:
          - {at: 30s, level: warning}
          - {every: 20s, level: moderate, start: 5s}
          - {every: 45s, level: warning}
        table:
          sections: 60
          rows_per_section: [5, 40]
          viewport_height: 844
          refresh_hz: 120
          disclosure: one_section
          header: {reuse_id: header, height: 28, nib: {views: 24, depth: 3, label: "Section"}}
          footer: {reuse_id: footer, height: 20, nib: {views: 6, depth: 2}}
          cells:
            - {type: contact, height: 44, weight: 3, nib: {views: 12, depth: 3, label: "Jane Appleseed"}}
            - type: photo
              height: 120.5
              nib: {views: 30, depth: 6, label: Photo}
        scroll:
          - steady: {speed: 800, duration: 5s}
          - fling: {velocity: -4000}
          - back_and_forth: {span: 2000, speed: 1200, cycles: 2}
          - random_jumps: {count: 5, every: 1s, target: section}
          - tap_disclose: {count: 10, dwell: 2s, order: sequential}
          - pause: 1.5
          - remove_from_cache: photo
          - remove_from_cache: all
        cache:
          capacity: 32
          policies: [none, lru, fifo, random]
          in_use: [repopulate, pin, drop]
        """

    /// Only the required keys.
    static let minimal = """
        name: minimal
        kind: scrolling-table
        duration: 30
        table:
          sections: 1
          rows_per_section: 10
          cells:
            - {type: plain, height: 44, nib: {views: 1, depth: 1}}
        scroll:
          - pause: 1s
        cache:
          capacity: 8
        """

    /// `minimal` with one line replaced (the line must exist exactly once).
    static func minimal(replacing line: String, with replacement: String) -> String {
        precondition(minimal.components(separatedBy: line).count == 2, "fixture line not found: \(line)")
        return minimal.replacingOccurrences(of: line, with: replacement)
    }
}

/// The error `ScenarioLoader.load(yaml:file:)` throws, or nil if it loads.
func loadError(_ yaml: String, file: String = "bad.yaml") -> ScenarioError? {
    do {
        _ = try ScenarioLoader.load(yaml: yaml, file: file)
        return nil
    } catch {
        return error
    }
}

/// The error `ScenarioLoader.loadPlan(yaml:file:)` throws (the loading `run` and `validate` do,
/// sweep points included), or nil if it loads.
func planError(_ yaml: String, file: String = "bad.yaml") -> ScenarioError? {
    do {
        _ = try ScenarioLoader.loadPlan(yaml: yaml, file: file)
        return nil
    } catch {
        return error
    }
}
