/// When the ball passed a distance.
///
/// Up to `ShotMeasurer.backEndFt`, a robust weighted quadratic of distance against time over the
/// sightings from 12 ft before to 6 ft after the crossing (about two thirds of a second of path): long
/// enough to average out the coarse far-end sightings, short enough that the ball's deceleration is near
/// constant within it. Near the foul line the window is the first 15 ft seen, extrapolated back when the
/// bowler hid the release. Down the back end, where the ball may go from hooking (slowing) to rolling
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
        guard chosen.count >= 5, let origin = chosen.first?.timeS, let end = chosen.last?.timeS,
              let fit = PolynomialFit.robust(xs: chosen.map { $0.timeS - origin }, ys: chosen.map(\.distanceFt),
                                             sigmas: chosen.map(\.distanceSigmaFt), degree: 2) else { return nil }
        return fit.solve(for: target, in: (-1.0)...(end - origin + 0.2)).map { $0 + origin }
    }
}
