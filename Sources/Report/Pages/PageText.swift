/// Escaping for the index pages: HTML text and attributes, Markdown text, and relative URLs.
enum PageText {
    /// `text` safe inside HTML text and double- or single-quoted attribute values.
    static func html(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Characters that mean something in Markdown text, table cells or link text.
    private static let markdownSpecial: Set<Character> = [
        "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "!", "&", "~",
    ]

    /// `text` as literal Markdown (CommonMark/GFM) text: special characters backslash-escaped,
    /// line breaks turned into spaces (table cells and headings are one line).
    static func markdown(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\n" || character == "\r" || character == "\r\n" {
                escaped.append(" ")
                continue
            }
            if markdownSpecial.contains(character) {
                escaped.append("\\")
            }
            escaped.append(character)
        }
        return escaped
    }

    /// The relative URL of a path made of `components` (e.g. a scenario directory and a file
    /// name): each component percent-encoded as UTF-8, everything outside `A-Z a-z 0-9 - . _ ~`
    /// encoded, so `a<b` becomes `a%3Cb` and a space `%20`.
    static func url(_ components: String...) -> String {
        components.map(percentEncode).joined(separator: "/")
    }

    private static func percentEncode(_ component: String) -> String {
        var encoded = ""
        for byte in component.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
