import Foundation
import Models

/// A virtual clock for expiry: tests move `now` by hand.
final class DrawingTestClock {
    var now: Double

    init(_ now: Double = 1_000) { self.now = now }

    var read: () -> Double { { [unowned self] in self.now } }
}

/// A fresh directory under the temporary directory, removed by `cleanUp()` once the caches
/// using it (``track(_:)``) have finished their background writes: a write still queued would
/// otherwise bring the directory back after its removal, left behind in the temporary directory.
final class DrawingTestDirectory {
    let url: URL
    private var caches: [DrawingCache] = []

    init(_ name: String = "drawing-cache") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    }

    /// `cache`, whose pending writes `cleanUp()` waits for.
    func track(_ cache: DrawingCache) -> DrawingCache {
        caches.append(cache)
        return cache
    }

    func cleanUp() {
        for cache in caches { cache.waitForPendingWrites() }
        caches.removeAll()
        try? FileManager.default.removeItem(at: url)
    }

    /// The entry files (PNGs) in the directory.
    var entryFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }
}

/// Drawer types standing in for views.
final class TitleButton {}
final class BadgeLabel {}

/// A routine that records the rects it was given and draws a small, salt-dependent spec.
final class RecordingDrawRoutine {
    private(set) var rects: [Rect] = []
    let rasterizer = Rasterizer()
    var title = "OK"

    var calls: Int { rects.count }

    func draw(_ rect: Rect) -> Bitmap? {
        rects.append(rect)
        let spec = DrawingSpec(
            size: PixelSize(covering: rect), background: RGBAColor(rgb: 0x3366CC), cornerRadius: 4, text: title,
            textColor: .white, fontSize: 8)
        return rasterizer.draw(spec)
    }
}

/// A `width × height` bitmap filled with one opaque colour.
func solidTestBitmap(width: Int, height: Int, rgb: UInt32 = 0x808080) -> Bitmap {
    Rasterizer().draw(DrawingSpec(size: PixelSize(width: width, height: height), background: RGBAColor(rgb: rgb)))
}

/// An independent reader for the PNGs under test: Python's `zlib` and `struct` (no libpng), run as
/// `python3` (which `make deps` installs). It walks the chunks checking each CRC, inflates IDAT,
/// undoes the five row filters and returns the straight RGBA pixels.
enum IndependentPNGReader {
    struct Report: Decodable {
        var width: Int
        var height: Int
        var chunks: [String]
        var crcOK: Bool
        /// The first deflate block's type: 0 stored, 1 fixed Huffman, 2 dynamic Huffman.
        var firstBlockType: Int
        /// Ancillary chunks' data in hex, by name.
        var extra: [String: String]
        /// Straight RGBA, filled in from the pixel file.
        var pixels: [UInt8] = []

        enum CodingKeys: String, CodingKey {
            case width, height, chunks, extra
            case crcOK = "crc_ok"
            case firstBlockType = "first_block_type"
        }
    }

    enum Failure: Error, CustomStringConvertible {
        case python(String)
        var description: String {
            switch self {
            case .python(let message): return "python3 could not read the png (is python3 installed? make deps installs it): \(message)"
            }
        }
    }

    static let script = """
        import json, struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'bad signature'
        pos, chunks, idat, crc_ok, extra = 8, [], b'', True, {}
        while pos < len(data):
            length, = struct.unpack('>I', data[pos:pos + 4])
            kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
            crc, = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
            crc_ok = crc_ok and (zlib.crc32(kind + body) & 0xFFFFFFFF) == crc
            name = kind.decode('latin-1')
            chunks.append(name)
            if name == 'IHDR':
                width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
                assert (depth, colour, interlace) == (8, 6, 0), 'not 8-bit RGBA'
            elif name == 'IDAT':
                idat += body
            elif name != 'IEND':
                extra[name] = body.hex()
            pos += 12 + length
        raw = zlib.decompress(idat)
        stride = width * 4
        assert len(raw) == height * (stride + 1), 'wrong amount of image data'
        out, prev = bytearray(), bytearray(stride)
        for y in range(height):
            kind = raw[y * (stride + 1)]
            line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                a = line[i - 4] if i >= 4 else 0
                b = prev[i]
                c = prev[i - 4] if i >= 4 else 0
                if kind == 1: line[i] = (line[i] + a) & 255
                elif kind == 2: line[i] = (line[i] + b) & 255
                elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                else: assert kind == 0, 'bad filter'
            out += line
            prev = line
        open(sys.argv[2], 'wb').write(out)
        print(json.dumps({'width': width, 'height': height, 'chunks': chunks, 'crc_ok': crc_ok,
                          'first_block_type': (idat[2] >> 1) & 3, 'extra': extra}))
        """

    /// What Python finds in the PNG file at `url`.
    static func read(_ url: URL) throws -> Report {
        let pixelsURL = url.appendingPathExtension("rgba")
        defer { try? FileManager.default.removeItem(at: pixelsURL) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, url.path, pixelsURL.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure.python(String(decoding: stderr, as: UTF8.self)) }
        var report = try JSONDecoder().decode(Report.self, from: stdout)
        report.pixels = [UInt8](try Data(contentsOf: pixelsURL))
        return report
    }

    /// What Python finds in `png`.
    static func read(_ png: [UInt8]) throws -> Report {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("independent-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(png).write(to: url)
        return try read(url)
    }
}
