/// One sighting of the ball on the lane in the bowler's own numbering, with how far to trust it.
struct PathSample {
    var timeS: Double
    /// Board in the bowler's numbering.
    var board: Double
    var distanceFt: Double
    /// Standard deviations from the pixel noise mapped through the calibration: far sightings are
    /// much less certain down-lane than near ones (a pixel spans about a foot at the pins).
    var boardSigma: Double
    var distanceSigmaFt: Double
}

extension Array where Element == PathSample {
    /// Robust weighted quadratic fit of one coordinate against another over the samples whose `key` lies in `range`.
    func fit(_ x: (PathSample) -> Double, _ y: (PathSample) -> Double, sigma: (PathSample) -> Double,
             where range: ClosedRange<Double>, key: (PathSample) -> Double, degree: Int = 2) -> PolynomialFit? {
        let chosen = filter { range.contains(key($0)) }
        guard chosen.count >= degree + 3 else { return nil }
        return PolynomialFit.robust(xs: chosen.map(x), ys: chosen.map(y), sigmas: chosen.map(sigma), degree: degree)
    }
}
