/// A colour in the units users give on the command line: hue in degrees (0-360), saturation and value in percent.
public struct HSVColor: Sendable, Equatable, Codable {
    public var hueDeg: Double
    public var saturationPct: Double
    public var valuePct: Double

    public init(hueDeg: Double, saturationPct: Double, valuePct: Double) {
        self.hueDeg = hueDeg
        self.saturationPct = saturationPct
        self.valuePct = valuePct
    }
}

extension HSVColor {
    /// The colour as RGB in 0...1 (the inverse of `ColorLookupTable.hsv(red:green:blue:)`).
    public var rgb: (red: Double, green: Double, blue: Double) {
        let s = saturationPct / 100, value = valuePct / 100
        let sector = (hueDeg.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let c = value * s, x = c * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1)), m = value - c
        switch Int(sector) {
        case 0: return (c + m, x + m, m)
        case 1: return (x + m, c + m, m)
        case 2: return (m, c + m, x + m)
        case 3: return (m, x + m, c + m)
        case 4: return (x + m, m, c + m)
        default: return (c + m, m, x + m)
        }
    }
}

/// How far a pixel's colour may stray from a profile colour and still count as that colour.
public struct HSVTolerance: Sendable, Equatable, Codable {
    public var hueDeg: Double
    public var saturationPct: Double
    /// Shading darkens the ball's lower half: a pixel may be as dark as this fraction of the profile's value.
    public var minValueFraction: Double
    /// Highlights brighten it: a pixel may be this much brighter, in percent.
    public var valueAbovePct: Double

    public static let standard = HSVTolerance(hueDeg: 18, saturationPct: 35, minValueFraction: 0.35, valueAbovePct: 40)

    public init(hueDeg: Double, saturationPct: Double, minValueFraction: Double, valueAbovePct: Double) {
        self.hueDeg = hueDeg
        self.saturationPct = saturationPct
        self.minValueFraction = minValueFraction
        self.valueAbovePct = valueAbovePct
    }
}

/// What a ball looks like: one to three body colours, and optionally the colour of a marker that turns with it.
public struct BallProfile: Sendable, Equatable, Codable {
    public var name: String?
    public var colors: [HSVColor]
    public var markerColors: [HSVColor]
    public var tolerance: HSVTolerance

    public init(name: String? = nil, colors: [HSVColor], markerColors: [HSVColor] = [], tolerance: HSVTolerance = .standard) {
        self.name = name
        self.colors = colors
        self.markerColors = markerColors
        self.tolerance = tolerance
    }
}
