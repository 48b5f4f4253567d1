/// Where the finger holes are in each frame, found in the luma signatures (`ObservedAppearance`).
///
/// A hole is a deep shadow that turns with the ball, while the shell's shading (lit from above, darker toward the
/// lane) and the light's highlight stay put in the image. So the median luma of each signature cell over the shot is
/// the shell there, and a cell far darker than its median in one frame is a hole passing (a ratio, not a difference:
/// a hole is as much darker than the shell on its shaded side as on its lit side). The weighted centroid of
/// those cells (in ball radii) and their share of the disc make one `BallSpot` a frame for `SpotSpinFit`: a hole
/// pattern is a spot about 1.5 in across, turning with the ball like a marker. The logo, lighter than the shell, is
/// left out: the ball's highlight is lighter too.
enum FingerHoleSpots {
    /// A cell counts fully as hole at or below `lowerBound` of its median luma (above black), not at all from
    /// `upperBound`, and partly between. A hole is a deep shadow, about a tenth of the shell; video noise on a dark
    /// shell and the blur at a hole's edge stay above half.
    static let darkRatio = 0.3...0.5

    /// The holes seen in each of `appearances` (one a frame); nil where none is.
    static func spots(_ appearances: [ObservedAppearance]) -> [BallSpot?] {
        let n = ObservedAppearance.gridSize
        let lumas = appearances.map { appearance in
            appearance.lumaSignature.map { appearance.lumaMean + appearance.lumaDeviation * Double($0) }
        }
        guard lumas.count >= 3, lumas.allSatisfy({ $0.count == n * n }) else { return lumas.map { _ in nil } }
        let medians = (0..<(n * n)).map { cell -> Double in
            let values = lumas.map { $0[cell] }.sorted()
            return values[values.count / 2]
        }
        let cellRadii = 2 * ObservedAppearance.signatureReach / Double(n)
        let span = darkRatio.upperBound - darkRatio.lowerBound
        return lumas.map { luma in
            var area = 0.0, sumX = 0.0, sumY = 0.0
            for row in 0..<n {
                for column in 0..<n {
                    let cell = row * n + column
                    guard medians[cell] > 0 else { continue }
                    let ratio = luma[cell] / medians[cell]
                    let weight = min(1, max(0, (darkRatio.upperBound - ratio) / span))
                    guard weight > 0 else { continue }
                    area += weight
                    sumX += weight * (Double(column) + 0.5 - Double(n) / 2) * cellRadii
                    sumY += weight * (Double(row) + 0.5 - Double(n) / 2) * cellRadii
                }
            }
            guard area > 0 else { return nil }
            return BallSpot(areaShare: area * cellRadii * cellRadii / Double.pi, offsetX: sumX / area, offsetY: sumY / area)
        }
    }
}
