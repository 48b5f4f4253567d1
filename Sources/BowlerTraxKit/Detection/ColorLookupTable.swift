/// Classifies a YUV sample as ball colour, marker colour or neither with one table read.
///
/// Built once per profile and YUV encoding: Y, U and V are each quantized to 6 bits, giving a
/// 64×64×64 byte table indexed `(y >> 2) << 12 | (u >> 2) << 6 | (v >> 2)`. Each entry holds
/// `ballBit`, `markerBit` or 0, decided by converting the bin's centre to HSV (DESIGN.md: no
/// per-pixel colour conversion).
///
/// `chromaEntries` (64×64, indexed `(u >> 2) << 6 | (v >> 2)`) ORs the entries over every Y bin: where it
/// is 0, the chroma sample alone rules out every pixel sharing it, so a scan can skip them without reading luma.
/// `chromaBox` bounds the U and V values whose chroma entry is not 0, so a scan can rule out 16 samples at once
/// (`firstPossibleChroma`) before reading the table for any of them.
public struct ColorLookupTable: Sendable {
    public static let ballBit: UInt8 = 1
    public static let markerBit: UInt8 = 2
    public let entries: [UInt8]
    public let chromaEntries: [UInt8]
    /// The smallest and largest U and V code values of any chroma bin whose entry is not 0 (low above high: none is).
    public let chromaBox: (uLow: UInt8, uHigh: UInt8, vLow: UInt8, vHigh: UInt8)

    public init(profile: BallProfile, encoding: YUVEncoding) {
        var entries = [UInt8](repeating: 0, count: 1 << 18)
        var chromaEntries = [UInt8](repeating: 0, count: 1 << 12)
        for yBin in 0..<64 {
            for uBin in 0..<64 {
                for vBin in 0..<64 {
                    let hsv = Self.hsv(y: Double(yBin * 4) + 1.5, u: Double(uBin * 4) + 1.5, v: Double(vBin * 4) + 1.5, encoding: encoding)
                    var bits: UInt8 = 0
                    if profile.colors.contains(where: { Self.matches(hsv, $0, profile.tolerance) }) { bits |= Self.ballBit }
                    if profile.markerColors.contains(where: { Self.matches(hsv, $0, profile.tolerance) }) { bits |= Self.markerBit }
                    entries[yBin << 12 | uBin << 6 | vBin] = bits
                    chromaEntries[uBin << 6 | vBin] |= bits
                }
            }
        }
        self.entries = entries
        self.chromaEntries = chromaEntries
        var box = (uLow: UInt8.max, uHigh: UInt8.min, vLow: UInt8.max, vHigh: UInt8.min)
        for uBin in 0..<64 {
            for vBin in 0..<64 where chromaEntries[uBin << 6 | vBin] != 0 {
                // A bin holds the four code values sharing its top six bits.
                box = (min(box.uLow, UInt8(uBin << 2)), max(box.uHigh, UInt8(uBin << 2 | 3)),
                       min(box.vLow, UInt8(vBin << 2)), max(box.vHigh, UInt8(vBin << 2 | 3)))
            }
        }
        chromaBox = box
    }

    /// Chroma samples tested at once by `firstPossibleChroma`: one SSE2 register of bytes.
    typealias ChromaSamples = SIMD16<UInt8>

    /// The first chroma column in `start...last` of the rows `u` and `v` whose chroma entry is not 0, or `last + 1`:
    /// 16 samples at a time are ruled out while none lies in `chromaBox`, the rest one table read each.
    @inline(__always)
    func firstPossibleChroma(from start: Int, through last: Int, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>,
                             chromaLUT: UnsafeBufferPointer<UInt8>) -> Int {
        let width = ChromaSamples.scalarCount
        let uLow = ChromaSamples(repeating: chromaBox.uLow), uHigh = ChromaSamples(repeating: chromaBox.uHigh)
        let vLow = ChromaSamples(repeating: chromaBox.vLow), vHigh = ChromaSamples(repeating: chromaBox.vHigh)
        var chroma = start
        while chroma <= last {
            if chroma + width <= last + 1 {
                let us = UnsafeRawPointer(u + chroma).loadUnaligned(as: ChromaSamples.self)
                let vs = UnsafeRawPointer(v + chroma).loadUnaligned(as: ChromaSamples.self)
                if !any((us .>= uLow) .& (us .<= uHigh) .& (vs .>= vLow) .& (vs .<= vHigh)) {
                    chroma += width
                    continue
                }
            }
            for column in chroma...min(last, chroma + width - 1) where chromaLUT[Self.chromaIndex(u: u[column], v: v[column])] != 0 {
                return column
            }
            chroma += width
        }
        return last + 1
    }

    @inline(__always)
    public static func index(y: UInt8, u: UInt8, v: UInt8) -> Int {
        Int(y >> 2) << 12 | chromaIndex(u: u, v: v)
    }

    @inline(__always)
    public static func chromaIndex(u: UInt8, v: UInt8) -> Int {
        Int(u >> 2) << 6 | Int(v >> 2)
    }

    /// The sample's colour in the profile's units (hue degrees, saturation and value percent).
    public static func hsv(y: Double, u: Double, v: Double, encoding: YUVEncoding) -> HSVColor {
        let rgb = rgb(y: y, u: u, v: v, encoding: encoding)
        return hsv(red: rgb.red, green: rgb.green, blue: rgb.blue)
    }

    /// RGB in 0...1 for a YUV sample (ITU-R BT.601 / BT.709 equations).
    public static func rgb(y: Double, u: Double, v: Double, encoding: YUVEncoding) -> (red: Double, green: Double, blue: Double) {
        let (kr, kb) = encoding.matrix == .bt709 ? (0.2126, 0.0722) : (0.299, 0.114)
        let luma = encoding.fullRange ? y / 255 : (y - 16) / 219
        let pb = (u - 128) / (encoding.fullRange ? 255 : 224)
        let pr = (v - 128) / (encoding.fullRange ? 255 : 224)
        let red = luma + 2 * (1 - kr) * pr
        let blue = luma + 2 * (1 - kb) * pb
        let green = (luma - kr * red - kb * blue) / (1 - kr - kb)
        func clamp(_ x: Double) -> Double { min(1, max(0, x)) }
        return (clamp(red), clamp(green), clamp(blue))
    }

    /// HSV of an RGB colour in 0...1.
    public static func hsv(red: Double, green: Double, blue: Double) -> HSVColor {
        let high = max(red, green, blue)
        let low = min(red, green, blue)
        let delta = high - low
        var hue = 0.0
        if delta > 0 {
            if high == red {
                // The usual "mod 6" is left out: green and blue lie between low and high, so |green - blue| <= delta
                // (rounding keeps the order) and the quotient is within ±1, which fmod by 6 returns unchanged.
                hue = 60 * ((green - blue) / delta)
            } else if high == green {
                hue = 60 * ((blue - red) / delta + 2)
            } else {
                hue = 60 * ((red - green) / delta + 4)
            }
        }
        if hue < 0 { hue += 360 }
        return HSVColor(hueDeg: hue, saturationPct: high > 0 ? 100 * delta / high : 0, valuePct: 100 * high)
    }

    static func matches(_ sample: HSVColor, _ target: HSVColor, _ tolerance: HSVTolerance) -> Bool {
        guard sample.valuePct >= target.valuePct * tolerance.minValueFraction,
              sample.valuePct <= target.valuePct + tolerance.valueAbovePct,
              abs(sample.saturationPct - target.saturationPct) <= tolerance.saturationPct else { return false }
        // Hue means nothing for greys: a grey target matches on saturation and value alone.
        guard target.saturationPct >= 15 else { return true }
        let hueGap = abs(sample.hueDeg - target.hueDeg).truncatingRemainder(dividingBy: 360)
        return min(hueGap, 360 - hueGap) <= tolerance.hueDeg
    }
}
