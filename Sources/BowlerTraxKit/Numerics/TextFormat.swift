import Glibc

extension String {
    /// `format` filled in as C's printf fills it (`"%.2f"`, `"%04x"`): Foundation's `String(format:)` without
    /// libFoundation, about 6 MB resident in every process that loads it.
    public init(printf format: String, _ arguments: CVarArg...) {
        var buffer = [CChar](repeating: 0, count: 64)
        let needed = Int(withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) })
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: needed + 1)
            _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        self = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `value` with `digits` decimals, rounded as printf rounds.
    public init(_ value: Double, decimals digits: Int) {
        self.init(printf: "%.\(digits)f", value)
    }
}

extension StringProtocol {
    /// Without the spaces, tabs and line breaks at either end.
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}

extension String {
    /// Followed by spaces up to `width` characters, for columns; as long as it is when already that wide.
    public func padded(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
