import Glibc

/// Period search by phase folding with a continuous trial frequency, as astronomers find the period of a
/// sparsely sampled light curve (Lafler and Kinman 1965; Stellingwerf's Phase Dispersion Minimization, 1978).
///
/// For a trial frequency every sample gets the phase (t × f) mod 1; at the true frequency samples whose
/// phases are close look alike, whatever whole number of cycles lies between them. So the dispersion is the
/// mean squared feature distance over all pairs of samples, each pair weighted by a Gaussian of its phase
/// difference (`phaseWidthCycles`), divided by twice the variance (about 1 for no period, small at the true one).
/// This is a soft-binned PDM rather than Lafler-Kinman's string length, which only changes where the phase order
/// of two samples swaps (a staircase in the trial frequency).
/// The samples need not be evenly timed and the frequency is not tied to whole sample steps: a turn of
/// 3.5 frames is found at 3.5 frames, where whole-frame lags only see it repeat after 7.
/// Each feature has its straight-line trend over time removed first: a slow drift (a plain ball's shading as
/// it goes away) makes samples a few frames apart alike, which would otherwise read as a period.
struct PhaseFolding {
    /// Standard deviation of the pair weight over phase difference, in cycles: narrow enough that samples a
    /// quarter turn apart do not count as alike, wide enough that 19 samples over a few turns have neighbours.
    static let phaseWidthCycles = 0.06
    /// Trial frequencies are this far apart (0.25 rpm).
    static let stepHz = 0.25 / 60

    /// The pairs grouped by the time between their two samples (to the nanosecond: frames k apart, for frames): that
    /// time, the pairs' summed squared feature distance over twice the variance, and how many pairs. Pairs the same
    /// time apart weigh alike at every trial frequency, so a trial costs one exponential per time apart (a few dozen)
    /// rather than one per pair (hundreds).
    private let lags: [(dtS: Double, distance: Double, count: Double)]

    /// Nil with fewer than three samples or features that do not change once their trend is removed.
    init?(features: [[Float]], timesS: [Double]) {
        guard features.count == timesS.count, features.count >= 3 else { return nil }
        let detrended = Self.detrended(features, timesS: timesS)
        let n = detrended.count
        var squaredDistances: [(Double, Double)] = []
        squaredDistances.reserveCapacity(n * (n - 1) / 2)
        var sum = 0.0
        for i in 0..<n {
            for j in (i + 1)..<n {
                var distance = 0.0
                for d in detrended[i].indices { distance += (detrended[i][d] - detrended[j][d]) * (detrended[i][d] - detrended[j][d]) }
                squaredDistances.append((timesS[j] - timesS[i], distance))
                sum += distance
            }
        }
        // The mean squared distance over all pairs is twice the variance about the mean.
        let twiceVariance = sum / Double(squaredDistances.count)
        guard twiceVariance > 1e-12 else { return nil }
        var index: [Int64: Int] = [:], lags: [(dtS: Double, distance: Double, count: Double)] = []
        for (dtS, distance) in squaredDistances {
            let key = Int64((dtS * 1e9).rounded())
            if let at = index[key] {
                lags[at].distance += distance / twiceVariance
                lags[at].count += 1
            } else {
                index[key] = lags.count
                lags.append((dtS, distance / twiceVariance, 1))
            }
        }
        self.lags = lags
    }

    /// The weighted mean pair distance at `frequencyHz` over twice the variance (1 if no pair is weighted).
    func dispersion(frequencyHz: Double) -> Double {
        var weighted = 0.0, weights = 0.0
        let scale = -0.5 / (Self.phaseWidthCycles * Self.phaseWidthCycles)
        for lag in lags {
            // The fractional part, as truncatingRemainder(dividingBy: 1) gives it (both exact), without its fmod call:
            // this runs for every time apart at every trial frequency.
            let cycles = lag.dtS * frequencyHz
            var phase = cycles - cycles.rounded(.towardZero)
            phase = min(phase, 1 - phase)
            let weight = exp(scale * phase * phase)
            weighted += weight * lag.distance
            weights += weight * lag.count
        }
        return weights > 0 ? weighted / weights : 1
    }

    /// The lowest dispersion over `rangeHz`, sampled every `stepHz`.
    func lowestDispersion(in rangeHz: ClosedRange<Double>) -> Double {
        stride(from: rangeHz.lowerBound, through: rangeHz.upperBound, by: Self.stepHz).reduce(Double.infinity) { min($0, dispersion(frequencyHz: $1)) }
    }

    /// Each feature minus its least-squares straight line over time.
    private static func detrended(_ features: [[Float]], timesS: [Double]) -> [[Double]] {
        let n = Double(timesS.count)
        let meanT = timesS.reduce(0, +) / n
        let spreadT = timesS.reduce(0) { $0 + ($1 - meanT) * ($1 - meanT) }
        let width = features.first?.count ?? 0
        var result = features.map { $0.map(Double.init) }
        for d in 0..<width {
            let meanX = result.reduce(0) { $0 + $1[d] } / n
            var covariance = 0.0
            for (index, t) in timesS.enumerated() { covariance += (t - meanT) * (result[index][d] - meanX) }
            let slope = spreadT > 0 ? covariance / spreadT : 0
            for (index, t) in timesS.enumerated() { result[index][d] -= meanX + slope * (t - meanT) }
        }
        return result
    }
}
