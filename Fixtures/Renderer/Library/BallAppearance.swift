import BowlerTraxKit
import Foundation

/// What the ball looks like. A "plain" ball has no marker, holes or logo: nothing shows it turning.
public struct BallAppearance: Sendable, Equatable, Codable {
    public var color: HSVColor
    public var marker: HSVColor?
    public var holes: Bool
    public var logo: Bool
    /// Second colours of a swirl (pearl) cover, drawn with `color` as bands that turn with the ball; empty: one colour.
    public var swirl: [HSVColor]

    public init(color: HSVColor = HSVColor(hueDeg: 220, saturationPct: 85, valuePct: 75),
                marker: HSVColor? = HSVColor(hueDeg: 60, saturationPct: 90, valuePct: 95), holes: Bool = false, logo: Bool = false,
                swirl: [HSVColor] = []) {
        self.color = color
        self.marker = marker
        self.holes = holes
        self.logo = logo
        self.swirl = swirl
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = BallAppearance()
        color = try c.decodeIfPresent(HSVColor.self, forKey: .color) ?? d.color
        // An explicit null means "no marker"; a missing key means the default marker.
        marker = c.contains(.marker) ? try c.decodeIfPresent(HSVColor.self, forKey: .marker) : d.marker
        holes = try c.decodeIfPresent(Bool.self, forKey: .holes) ?? d.holes
        logo = try c.decodeIfPresent(Bool.self, forKey: .logo) ?? d.logo
        swirl = try c.decodeIfPresent([HSVColor].self, forKey: .swirl) ?? d.swirl
    }
}

extension BallAppearance {
    /// The swirl colours as written in truth files; nil for a one-colour ball (the key is then left out).
    var swirlTriples: [[Double]]? { swirl.isEmpty ? nil : swirl.map(\.triple) }
}

extension HSVColor {
    /// [hue deg, saturation %, value %] as written in truth files.
    var triple: [Double] { [hueDeg, saturationPct, valuePct] }

    /// Linear-ish RGB in 0...1 (the renderer treats 8-bit sRGB values as its working space).
    var rgbVector: Vector3 {
        let (red, green, blue) = rgb
        return Vector3(red, green, blue)
    }
}
