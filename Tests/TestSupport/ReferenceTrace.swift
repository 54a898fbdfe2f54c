import Foundation
import Models

/// Trace A of the reference simulator's published figures, generated once per test process, and
/// the figures themselves.
public enum ReferenceTrace {
    /// 1,000,000 requests over 10,000 objects, Zipf α = 1, seed 42.
    public static let a = ZipfTrace.traceA()

    /// The sha256 of trace A's CSV as the reference generator writes it.
    public static let sha256 = "e94a7a069b5dcf2e867657623dca76f4646ec77f1dda159877b8fe1595204668"

    /// The capacities, in objects, the reference figures were measured at.
    public static let capacities = [100, 1000, 5000]

    /// The reference simulator's exact miss counts on trace A at ``capacities``.
    public static let misses: [PolicyName: [Int]] = [
        .lru: [609_661, 324_996, 103_968],
        .fifo: [657_324, 369_713, 130_434],
        .clock: [595_641, 314_641, 100_537],
        .lfu: [496_374, 265_618, 90_282],
        .arc: [502_758, 272_083, 102_973],
        .s3fifo: [494_096, 263_219, 92_276],
        .sieve: [489_101, 254_002, 89_442],
    ]

    /// W-TinyLFU's miss counts there (its sketch hashing makes them a close target, not an exact one).
    public static let wTinyLFUMisses = [498_119, 250_612, 85_266]

    /// Random's miss ratio there: mean and standard deviation over ten seeds.
    public static let randomMissRatio: [(mean: Double, sd: Double)] = [
        (0.636428, 0.000014), (0.352250, 0.000137), (0.121938, 0.000132),
    ]

    /// The sha256 of `text` as hex, from the system's `sha256sum`.
    public static func sha256(of text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}
