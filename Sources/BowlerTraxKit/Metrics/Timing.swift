/// When the ball passed a distance.
///
/// Up to `ShotMeasurer.backEndFt`, a robust weighted quadratic of distance against time over the
/// sightings from 12 ft before to 6 ft after the crossing (about two thirds of a second of path): long
/// enough to average out the coarse far-end sightings, short enough that the ball's deceleration is near
/// constant within it. Near the foul line the window is the first 15 ft seen, extrapolated back when the
/// bowler hid the release. Over the front, in the oil, the quadratic's slowing is held within what the oil
/// allows (`frontSlowingFtS2`). Down the back end, where the ball may go from hooking (slowing) to rolling
/// (steady), the friction path fitted to the back end.
struct Timing {
    let samples: [PathSample]
    let backEnd: FrictionPathFit?
    /// Sightings used for a crossing: this far before and after it, feet.
    static let windowBeforeFt = 12.0
    static let windowAfterFt = 6.0

    func time(atFt target: Double) -> Double? {
        guard let first = samples.first, let last = samples.last else { return nil }
        // No extrapolation past the far end; a bounded one before the first sighting.
        guard target <= last.distanceFt + ShotMeasurer.maxEntryExtrapolationFt, target >= first.distanceFt - ShotMeasurer.maxExtrapolationFt else { return nil }
        if target >= ShotMeasurer.backEndFt { return backEnd?.time(atFt: target) }
        let low = max(first.distanceFt, target - Self.windowBeforeFt)
        let range = low...max(target + Self.windowAfterFt, low + ShotMeasurer.earlySpanFt)
        let chosen = samples.filter { range.contains($0.distanceFt) }
        guard chosen.count >= 5, let origin = chosen.first?.timeS, let end = chosen.last?.timeS else { return nil }
        let ts = chosen.map { $0.timeS - origin }, sigmas = chosen.map(\.distanceSigmaFt)
        // In the oil the ball slows by no more than its friction allows, and never speeds up: a window there whose
        // quadratic says otherwise bends to noise, so its slowing is held at the nearer bound.
        let slowing = range.upperBound <= ShotMeasurer.backEndFitFromFt ? Self.frontSlowingFtS2 : -Double.infinity...Double.infinity
        guard let fit = PolynomialFit.robustQuadratic(xs: ts, ys: chosen.map(\.distanceFt), sigmas: sigmas,
                                                      bend: (-slowing.upperBound / 2)...(-slowing.lowerBound / 2)) else { return nil }
        return fit.solve(for: target, in: (-1.0)...(end - origin + 0.2)).map { $0 + origin }
    }

    /// How fast a ball slows over the lane's front, ft/s²: never negative (a ball never speeds up), and at most the
    /// pull of the oil's friction, μg with μ at most 0.05 (DOMAIN.md: about 0.015 to 0.04 on oil; the validation
    /// shots, `Fixtures/validation`, draw up to 0.049). Windows that end by `ShotMeasurer.backEndFitFromFt` lie in
    /// the oil of any house pattern (38 to 42 ft).
    static let frontSlowingFtS2 = 0.0...(0.05 * FrictionPathFit.gravityFtS2)
}