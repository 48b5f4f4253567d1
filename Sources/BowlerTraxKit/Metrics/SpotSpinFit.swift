import Glibc

/// Rev rate from where a spot fixed on the ball (a marker, or the finger holes) is seen: the spin that carries one
/// point of a sphere through every sighting. It needs no whole number of frames per turn, so it holds at 30 fps.
///
/// Each sighting is a point on the ball: the spot's centroid offset from the ball's centre (in radii,
/// `BallSpot`) is its projection, and it lies on the side facing the camera, so its depth toward the
/// camera is √(1 − x² − y²). The frame is x right, y down, z toward the camera (the ball is small in the image,
/// so its view is taken as parallel). Turning every sighting back by the spin (axis k, rate Ω) over its time
/// must bring them all to the one place on the ball where the spot is. So for each trial axis and
/// rate the turned-back points are averaged (weighted by the spot's area seen), and the length of that mean
/// (1 when they coincide) less a penalty is the fit: the penalty is for frames without a sighting where the
/// model puts the spot squarely in view. The best axis and rate on a coarse grid are refined on a fine one.
///
/// The spin's sense comes from physics, not from the sightings: a bowling ball always rolls forward (the face
/// toward the camera moves up the image: a component along +x) and its side spin turns it toward the hook,
/// so for a right-hander the axis leans toward the pins (−z) and for a left-hander toward the camera (+z)
/// (DOMAIN.md: axis rotation 0 to 90, tilt 0 to 30). Only axes within 90° of the middle of that quarter are
/// tried. Without it a marker seen once per turn (a turn of about four frames at 30 fps) fits two rates equally:
/// the true one and its mirror turning the other way (442 for 458 rpm).
///
/// Known limit: with the axis near 90° of rotation the marker circles near the ball's outline, where its
/// depth is poorly known; an ambiguous fit there is not reported (`minMargin`).
struct SpotSpinFit {
    /// A frame's spot counts as seen when its area is at least this share of the shot's largest.
    static let seenShareOfLargest = 0.1
    /// A spot never covering this much of the disc was not clearly seen (a 1.2 in marker face-on covers about 2 %, a
    /// 1 in finger hole 1.4 %; below a tenth of that the marker colour came only from the outline blending with the lane).
    static let minLargestArea = 0.002
    /// Sightings further out than this (in radii) are left out: their depth is too uncertain.
    static let maxOffset = 0.97
    /// Fewest sightings for a fit (an axis, a rate and the spot's place on the ball are five unknowns).
    static let minSightings = 4
    /// A missed frame is penalised from this predicted depth (the spot 66° from facing the camera) up to 1.
    static let inViewDepth = 0.4
    /// The penalty's weight against the gathering. 1 rather than the first 0.5: on the tuning sweeps it turned more
    /// rates at twice the truth (a spot seen in about one frame a turn) into unclear fits and reported more rates
    /// right, no more wrong (docs/rev-rate.md).
    static let missPenalty = 1.0
    /// The best fit must beat the best one outside its own peak by this much (on rendered 30 fps sweeps every
    /// rate at twice or half the truth came in under it, docs/rev-rate.md).
    static let minMargin = 0.05
    /// The best fit itself must reach this: turned back, the sightings gather within about 30° of each other. (Added
    /// after a 360p clip whose five faint sightings fitted no spin well read 462 for 410 rpm at a fit of 0.80; on the
    /// rendered sweeps no other rate with a fit under it was reported, and one right one was lost.)
    static let minFit = 0.85
    /// Coarse axis grid (points on the whole sphere, about half kept by the sense rule) and rate step.
    static let coarseAxes = 3000
    static let coarseStepRpm = 3.0
    /// Fine grid: axes within `fineAxisReachDeg` of the coarse best, rates within one coarse step.
    static let fineAxes = 20000
    static let fineAxisReachDeg = 6.0
    static let fineStepRpm = 0.1
    /// The lattices themselves, built once: every shot searches the same directions.
    private static let coarseSphere = sphere(coarseAxes)
    private static let fineSphere = sphere(fineAxes)

    struct Fit: Equatable {
        var rpm: Double
        /// The margin over the best rate outside the peak, scaled so 0.25 or more is 1.
        var confidence: Double
        var axis: Vector3
    }

    private var times: [Double] = []
    private var weights: [Double] = []
    private var points: [Vector3] = []
    private var missedTimes: [Double] = []
    private let totalWeight: Double
    private let senseNormal: Vector3

    /// Nil when the spot was never clearly seen or seen too few times.
    /// - Parameter sightings: every frame in the window, in time order, with the spot where it was seen.
    init?(_ sightings: [(timeS: Double, spot: BallSpot?)], hand: Hand) {
        guard let startS = sightings.first?.timeS,
              let largest = sightings.compactMap(\.spot?.areaShare).max(), largest >= Self.minLargestArea else { return nil }
        for (timeS, spot) in sightings {
            guard let spot, spot.areaShare >= Self.seenShareOfLargest * largest else {
                missedTimes.append(timeS - startS)
                continue
            }
            let squared = spot.offsetX * spot.offsetX + spot.offsetY * spot.offsetY
            guard squared < Self.maxOffset * Self.maxOffset else { continue }
            times.append(timeS - startS)
            weights.append(spot.areaShare)
            points.append(Vector3(spot.offsetX, spot.offsetY, (1 - squared).squareRoot()))
        }
        guard points.count >= Self.minSightings, let first = times.first, let last = times.last, last > first else { return nil }
        totalWeight = weights.reduce(0, +)
        senseNormal = Vector3(1, 0, hand == .right ? -1 : 1).normalized
    }

    /// The rate and axis that fit best (`clear`, nil when another rate away from it fits nearly as well) and the
    /// coarse grid's best rate, clear or not.
    func fit(in rpmRange: ClosedRange<Double>) -> (clear: Fit?, bestRpm: Double) {
        let axes = Self.coarseSphere.filter { $0.dot(senseNormal) > 0 }
        let rates = Array(stride(from: rpmRange.lowerBound, through: rpmRange.upperBound, by: Self.coarseStepRpm))
        var bestPerRate = [Double](repeating: -.infinity, count: rates.count)
        var best = (score: -Double.infinity, axis: Vector3.zero, rate: 0)
        for (index, rpm) in rates.enumerated() {
            let scorer = RateScorer(fit: self, rpm: rpm)
            for axis in axes {
                guard let score = scorer.score(axis: axis, above: bestPerRate[index]) else { continue }
                bestPerRate[index] = score
                if score > best.score { best = (score, axis, index) }
            }
        }
        // The peak of a rate fitted over a span T is about 60 / T rpm wide.
        let peakHalfWidthRpm = 0.7 * 60 / (times[times.count - 1] - times[0])
        let bestRpm = rates[best.rate]
        let runnerUp = zip(rates, bestPerRate).filter { abs($0.0 - bestRpm) > peakHalfWidthRpm }.map(\.1).max() ?? -.infinity
        guard best.score >= Self.minFit, best.score - runnerUp >= Self.minMargin else { return (nil, bestRpm) }

        let reach = cos(Self.fineAxisReachDeg * .pi / 180)
        let nearAxes = Self.fineSphere.filter { $0.dot(best.axis) > reach } + [best.axis]
        var fine = (score: best.score, axis: best.axis, rpm: bestRpm)
        for rpm in stride(from: bestRpm - Self.coarseStepRpm, through: bestRpm + Self.coarseStepRpm, by: Self.fineStepRpm) {
            let scorer = RateScorer(fit: self, rpm: rpm)
            for axis in nearAxes {
                if let score = scorer.score(axis: axis, above: fine.score) { fine = (score, axis, rpm) }
            }
        }
        return (Fit(rpm: fine.rpm, confidence: min(1, (best.score - runnerUp) / 0.25), axis: fine.axis), bestRpm)
    }

    /// `count` points spread evenly over the unit sphere (a Fibonacci lattice).
    static func sphere(_ count: Int) -> [Vector3] {
        let golden = Double.pi * (1 + 5.0.squareRoot())
        return (0..<count).map { index in
            let i = Double(index) + 0.5
            let polar = acos(1 - 2 * i / Double(count)), azimuth = golden * i
            return Vector3(cos(azimuth) * sin(polar), sin(azimuth) * sin(polar), cos(polar))
        }
    }

    /// The fit at one rate for any axis. Turning p back by angle a about k is p·cos a − (k × p)·sin a +
    /// k (k·p)(1 − cos a), so the weighted sum over sightings is C − k × S + k (k·D) with C, S, D summed once per rate.
    private struct RateScorer {
        let c: Vector3, s: Vector3, d: Vector3
        let totalWeight: Double
        let missedCos: [Double], missedSin: [Double]

        init(fit: SpotSpinFit, rpm: Double) {
            let omega = rpm * 2 * .pi / 60
            var c = Vector3.zero, s = Vector3.zero, d = Vector3.zero
            for index in fit.points.indices {
                let angle = omega * fit.times[index], w = fit.weights[index], p = fit.points[index]
                let cosine = cos(angle)
                c = c + (w * cosine) * p
                s = s + (w * sin(angle)) * p
                d = d + (w * (1 - cosine)) * p
            }
            self.c = c; self.s = s; self.d = d
            totalWeight = fit.totalWeight
            missedCos = fit.missedTimes.map { cos(omega * $0) }
            missedSin = fit.missedTimes.map { sin(omega * $0) }
        }

        /// The fit about axis `k`, or nil when it cannot exceed `floor` (the penalty only lowers the gathering, so
        /// it is only summed for an axis whose gathering alone beats `floor`).
        func score(axis k: Vector3, above floor: Double) -> Double? {
            let sum = c - k.cross(s) + k.dot(d) * k
            let length = sum.length
            guard length / totalWeight > floor else { return nil }
            guard length > 0, !missedCos.isEmpty else { return length / totalWeight }
            // Where the model puts the spot (the mean turned forward) in each frame it was not seen.
            let q = (1 / length) * sum
            let along = k.dot(q), acrossZ = k.x * q.y - k.y * q.x
            var penalty = 0.0
            for index in missedCos.indices {
                let cosine = missedCos[index]
                let depth = q.z * cosine + acrossZ * missedSin[index] + k.z * along * (1 - cosine)
                penalty += max(0, (depth - SpotSpinFit.inViewDepth) / (1 - SpotSpinFit.inViewDepth))
            }
            let score = length / totalWeight - SpotSpinFit.missPenalty * penalty / Double(missedCos.count)
            return score > floor ? score : nil
        }
    }
}
