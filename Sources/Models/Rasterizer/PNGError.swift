/// Why ``PNGDecoder`` refused some bytes.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    /// The first eight bytes are not the PNG signature.
    case badSignature
    /// The data ends inside a chunk, or a chunk's length runs past the end.
    case truncated
    /// A chunk's stored CRC does not match its type and data.
    case badCRC(chunk: String)
    /// The first chunk is not a well-formed `IHDR`, or it is missing.
    case badHeader
    /// A format this decoder does not read (only 8-bit RGBA, not interlaced).
    case unsupported(String)
    /// An unknown chunk that a decoder must understand (uppercase first letter).
    case unknownCriticalChunk(String)
    /// No `IDAT`, or no `IEND`.
    case missingChunk(String)
    /// The zlib stream is malformed: bad header, a compressed (non-stored) block, LEN ≠ ~NLEN, or
    /// the wrong amount of data.
    case badStream(String)
    /// The Adler-32 at the end of the zlib stream does not match the data.
    case badAdler32
    /// A scanline's filter type is not 0...4.
    case badFilter(Int)

    public var description: String {
        switch self {
        case .badSignature: return "not a png: bad signature"
        case .truncated: return "png truncated"
        case .badCRC(let chunk): return "bad crc in chunk \(chunk)"
        case .badHeader: return "bad or missing IHDR"
        case .unsupported(let what): return "unsupported png: \(what)"
        case .unknownCriticalChunk(let chunk): return "unknown critical chunk \(chunk)"
        case .missingChunk(let chunk): return "missing \(chunk) chunk"
        case .badStream(let why): return "bad zlib stream: \(why)"
        case .badAdler32: return "bad adler-32"
        case .badFilter(let filter): return "bad scanline filter \(filter)"
        }
    }
}
