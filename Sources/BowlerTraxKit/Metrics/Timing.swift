/// When the ball passed a distance, from smoothed distance-against-time fits.
///
/// Near the foul line one quadratic over the first feet of sightings (the skid's deceleration is
/// nearly constant), extrapolated a little when the bowler hid the release; further on a local
/// quadratic over the sightings within a few tenths of a second of the crossing.
struct Timing {
    let samples: [PathSample]
    /// Sightings either side of a crossing used for its fit, seconds.
    static let windowS = 0.3

    func time(atFt target: Double) -> Double? {
        guard let first = samples.first, let last = samples.last else { return nil }
        // No extrapolation past the far end; a bounded one before the first sighting.
        guard target <= last.distanceFt + 0.5, target >= first.distanceFt - ShotMeasurer.maxExtrapolationFt else { return nil }
        let rough = roughTime(atFt: target)
        let range: ClosedRange<Double>
        if target <= first.distanceFt + 3 {
            range = first.timeS...(first.timeS + 2 * Self.windowS)
        } else {
            range = (rough - Self.windowS)...(rough + Self.windowS)
        }
        let origin = rough
        let chosen = samples.filter { range.contains($0.timeS) }
        guard chosen.count >= 5,
              let fit = PolynomialFit.robust(xs: chosen.map { $0.timeS - origin }, ys: chosen.map(\.distanceFt),
                                             sigmas: chosen.map(\.distanceSigmaFt), degree: 2) else { return nil }
        return fit.solve(for: target, in: (-1.0)...(Self.windowS * 2)).map { $0 + origin }
    }

    /// Straight-line interpolation between sightings, or extrapolation from the nearest five: a starting guess.
    private func roughTime(atFt target: Double) -> Double {
        if let index = samples.firstIndex(where: { $0.distanceFt >= target }), index > 0 {
            let a = samples[index - 1], b = samples[index]
            let span = b.distanceFt - a.distanceFt
            return span > 0 ? a.timeS + (target - a.distanceFt) / span * (b.timeS - a.timeS) : b.timeS
        }
        let beyondEnd = samples[samples.count - 1].distanceFt < target
        let a = beyondEnd ? samples[max(0, samples.count - 5)] : samples[0]
        let b = beyondEnd ? samples[samples.count - 1] : samples[min(samples.count - 1, 4)]
        let speed = (b.distanceFt - a.distanceFt) / max(b.timeS - a.timeS, 1e-6)
        return b.timeS + (target - b.distanceFt) / max(speed, 1)
    }
}
