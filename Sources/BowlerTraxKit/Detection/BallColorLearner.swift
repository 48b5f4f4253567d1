import Glibc

/// Learns a ball's colours from the pixels inside a box drawn around it.
///
/// Only the disc inscribed in the box is sampled (the corners show the lane). Pixels are grouped
/// by hue in 15° bins; every bin holding at least 12 % of the colourful pixels becomes one colour
/// (up to three), its saturation the median and its value the 80th percentile of the bin (the lit
/// side, since the tolerance reaches down to the shaded side). A mostly grey ball gets a grey colour.
public enum BallColorLearner {
    public static func learn(from frame: VideoFrame, box: PixelRect) throws -> BallProfile {
        var samples: [HSVColor] = []
        let cx = Double(box.x0 + box.x1) / 2, cy = Double(box.y0 + box.y1) / 2
        let rx = Double(box.x1 - box.x0) / 2, ry = Double(box.y1 - box.y0) / 2
        let yPlane = frame.plane(0), uPlane = frame.plane(1), vPlane = frame.plane(2)
        for row in box.y0..<box.y1 {
            for column in box.x0..<box.x1 {
                let dx = (Double(column) + 0.5 - cx) / rx, dy = (Double(row) + 0.5 - cy) / ry
                guard dx * dx + dy * dy <= 0.8 else { continue }
                let y = yPlane[row * frame.stride(0) + column]
                let u = uPlane[(row >> frame.chromaShiftY) * frame.stride(1) + (column >> frame.chromaShiftX)]
                let v = vPlane[(row >> frame.chromaShiftY) * frame.stride(2) + (column >> frame.chromaShiftX)]
                samples.append(ColorLookupTable.hsv(y: Double(y), u: Double(u), v: Double(v), encoding: frame.encoding))
            }
        }
        let bright = samples.filter { $0.valuePct >= 15 }
        let colourful = bright.filter { $0.saturationPct >= 20 }
        var colors: [HSVColor] = []
        var bins = [[HSVColor]](repeating: [], count: 24)
        for sample in colourful { bins[min(23, Int(sample.hueDeg / 15))].append(sample) }
        for bin in bins.sorted(by: { $0.count > $1.count }).prefix(3) where !bin.isEmpty && Double(bin.count) >= 0.12 * Double(colourful.count) {
            colors.append(HSVColor(hueDeg: circularMean(bin.map(\.hueDeg)), saturationPct: percentile(bin.map(\.saturationPct), 0.5),
                                   valuePct: percentile(bin.map(\.valuePct), 0.8)))
        }
        colors = merged(colors, withinDeg: BallProfile(colors: []).tolerance.hueDeg)
        let greys = bright.filter { $0.saturationPct < 20 }
        if colors.count < 3, !greys.isEmpty, Double(greys.count) >= 0.3 * Double(bright.count) {
            colors.append(HSVColor(hueDeg: 0, saturationPct: percentile(greys.map(\.saturationPct), 0.5), valuePct: percentile(greys.map(\.valuePct), 0.8)))
        }
        guard !colors.isEmpty else { throw ProfileError.nothingToLearn(box: "\(box.x0),\(box.y0),\(box.x1),\(box.y1)") }
        return BallProfile(colors: colors)
    }

    /// Colours whose hues lie within `withinDeg` of each other are one colour split by a bin edge: keep the first.
    static func merged(_ colors: [HSVColor], withinDeg: Double) -> [HSVColor] {
        var kept: [HSVColor] = []
        for color in colors where !kept.contains(where: { abs(($0.hueDeg - color.hueDeg + 540).truncatingRemainder(dividingBy: 360) - 180) <= withinDeg }) {
            kept.append(color)
        }
        return kept
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    static func circularMean(_ degrees: [Double]) -> Double {
        let x = degrees.reduce(0) { $0 + cos($1 * .pi / 180) }, y = degrees.reduce(0) { $0 + sin($1 * .pi / 180) }
        let mean = atan2(y, x) * 180 / .pi
        return mean < 0 ? mean + 360 : mean
    }
}
