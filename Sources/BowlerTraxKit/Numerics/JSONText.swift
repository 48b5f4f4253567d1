/// Writes JSON values by hand so documents keep a readable key order and print nil as null.
public enum JSONText {
    /// A JSON number; non-finite values (which JSON cannot hold) become null.
    public static func number(_ value: Double?, digits: Int = 6) -> String {
        guard let value, value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(value, decimals: digits)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// A JSON string literal with the escapes RFC 8259 requires.
    public static func string(_ value: String?) -> String {
        guard let value else { return "null" }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(printf: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// An object from ordered key/value pairs whose values are already JSON text.
    public static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// An array of values already in JSON text.
    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
}
