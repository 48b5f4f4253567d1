import Foundation
@testable import BowlerTraxKit

/// An RGB colour in 0...1 for painting test frames.
struct TestRGB: Equatable {
    var red: Double
    var green: Double
    var blue: Double

    /// HSV in the profile's units (hue degrees, saturation and value percent) to RGB.
    init(hueDeg: Double, saturationPct: Double, valuePct: Double) {
        let value = valuePct / 100, chroma = value * saturationPct / 100
        let sector = (hueDeg.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch Int(sector) {
        case 0: (r, g, b) = (chroma, x, 0)
        case 1: (r, g, b) = (x, chroma, 0)
        case 2: (r, g, b) = (0, chroma, x)
        case 3: (r, g, b) = (0, x, chroma)
        case 4: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = value - chroma
        self.init(red: r + m, green: g + m, blue: b + m)
    }

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init(_ hsv: HSVColor) { self.init(hueDeg: hsv.hueDeg, saturationPct: hsv.saturationPct, valuePct: hsv.valuePct) }

    /// `self` weighted by `fraction`, `other` by the rest (an anti-aliased edge pixel).
    func mixed(with other: TestRGB, fraction: Double) -> TestRGB {
        TestRGB(red: fraction * red + (1 - fraction) * other.red, green: fraction * green + (1 - fraction) * other.green,
                blue: fraction * blue + (1 - fraction) * other.blue)
    }

    /// The same colour at `factor` times the brightness (shading).
    func scaled(_ factor: Double) -> TestRGB { TestRGB(red: factor * red, green: factor * green, blue: factor * blue) }

    /// BT.601 limited-range YUV: the inverse of `ColorLookupTable.rgb(y:u:v:encoding:)`, rounded to 8 bits.
    var yuv: (y: UInt8, u: UInt8, v: UInt8) {
        let kr = 0.299, kb = 0.114
        let luma = kr * red + (1 - kr - kb) * green + kb * blue
        let pb = (blue - luma) / (2 * (1 - kb)), pr = (red - luma) / (2 * (1 - kr))
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
        return (byte(16 + 219 * luma), byte(128 + 224 * pb), byte(128 + 224 * pr))
    }
}

/// Colours the tests share: a bright maple lane and a saturated blue ball.
enum TestColors {
    static let maple = HSVColor(hueDeg: 35, saturationPct: 35, valuePct: 80)
    static let blueBall = HSVColor(hueDeg: 225, saturationPct: 85, valuePct: 70)
    static let yellowMarker = HSVColor(hueDeg: 55, saturationPct: 90, valuePct: 90)
    static let blueProfile = BallProfile(colors: [blueBall])
}
