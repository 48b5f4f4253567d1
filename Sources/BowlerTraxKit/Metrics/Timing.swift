/// When the ball passed a distance, from smoothed distance-against-time fits.
///
/// A robust weighted quadratic of distance against time over the sightings from 12 ft before to
/// 6 ft after the crossing (about two thirds of a second of path): long enough to average out
/// the coarse far-end sightings, short enough that the ball's deceleration is near constant within
/// it. Near the foul line the window is the first 15 ft seen, extrapolated back when the bowler hid
/// the release.
struct Timing {
    let samples: [PathSample]
    /// Where the path stops curving (the lateral fit's knot): the ball rolls from there, so its
    /// speed stops falling at the same point. Fixing the time fit's knot there steadies it.
    let rollDistanceFt: Double?
    /// Sightings used for a crossing: this far before and after it, feet.
    static let windowBeforeFt = 12.0
    static let windowAfterFt = 6.0

    func time(atFt target: Double) -> Double? {
        guard let first = samples.first, let last = samples.last else { return nil }
        // No extrapolation past the far end; a bounded one before the first sighting.
        guard target <= last.distanceFt + ShotMeasurer.maxEntryExtrapolationFt, target >= first.distanceFt - ShotMeasurer.maxExtrapolationFt else { return nil }
        if target >= ShotMeasurer.backEndFt { return backEndTime(atFt: target) }
        let low = max(first.distanceFt, target - Self.windowBeforeFt)
        let range = low...max(target + Self.windowAfterFt, low + ShotMeasurer.earlySpanFt)
        let chosen = samples.filter { range.contains($0.distanceFt) }
        guard chosen.count >= 5, let origin = chosen.first?.timeS, let end = chosen.last?.timeS,
              let fit = PolynomialFit.robust(xs: chosen.map { $0.timeS - origin }, ys: chosen.map(\.distanceFt),
                                             sigmas: chosen.map(\.distanceSigmaFt), degree: 2) else { return nil }
        return fit.solve(for: target, in: (-1.0)...(end - origin + 0.2)).map { $0 + origin }
    }

    /// Down the back end the ball may go from hooking (slowing) to rolling (steady): a hinge fit of
    /// distance against time over every sighting past `ShotMeasurer.backEndFt`.
    private func backEndTime(atFt target: Double) -> Double? {
        let chosen = samples.filter { $0.distanceFt >= ShotMeasurer.backEndFt }
        guard let origin = chosen.first?.timeS, let end = chosen.last?.timeS else { return nil }
        let xs = chosen.map { $0.timeS - origin }, ys = chosen.map(\.distanceFt), sigmas = chosen.map(\.distanceSigmaFt)
        let fit: HingeFit?
        if let roll = rollDistanceFt {
            // The knot's time: interpolated between sightings, or past the end when the ball never rolled in view.
            let after = chosen.firstIndex { $0.distanceFt >= roll }
            let knot = after.map { index in
                index == 0 ? xs[0] : xs[index - 1] + (roll - ys[index - 1]) / max(ys[index] - ys[index - 1], 1e-6) * (xs[index] - xs[index - 1])
            } ?? (end - origin) * 1.25
            fit = HingeFit.robustFit(xs: xs, ys: ys, sigmas: sigmas, knot: knot)
        } else {
            fit = HingeFit.fit(xs: xs, ys: ys, sigmas: sigmas)
        }
        guard let fit else { return nil }
        return fit.solve(for: target, in: 0...(end - origin + 0.5)).map { $0 + origin }
    }
}
