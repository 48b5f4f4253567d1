/// An opaque colour of a `Drawing`, 0-255 per channel; written as `#rrggbb` in SVG.
public struct DrawingColor: Sendable, Equatable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// A colour written `#rrggbb`; a malformed literal is our bug.
    public init(_ hex: String) {
        precondition(hex.count == 7 && hex.first == "#", "colour \(hex) is not #rrggbb")
        guard let value = UInt32(hex.dropFirst(), radix: 16) else { preconditionFailure("colour \(hex) is not #rrggbb") }
        self.init(r: UInt8(value >> 16 & 0xFF), g: UInt8(value >> 8 & 0xFF), b: UInt8(value & 0xFF))
    }

    /// `#rrggbb`, lower case.
    public var hex: String {
        "#" + [r, g, b].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
