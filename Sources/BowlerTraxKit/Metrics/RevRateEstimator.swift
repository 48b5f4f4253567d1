/// Rev rate from how the ball looks over its first 20 ft (DOMAIN.md `rev_rate_rpm`).
///
/// With a marker colour known and the marker clearly seen, the rate is the spin that carries one point of the
/// ball through every sighting (`SpotSpinFit`), at any frame rate; without one, the same fit on the finger holes
/// (`FingerHoleSpots`). Otherwise, or when both fits are ambiguous: a turning ball shows the same face again once
/// per revolution: its marker, finger holes and logo come back to the same place. So the period is the smallest
/// time lag at which the ball's appearance (the luma signature, and the marker's visibility and position when a
/// marker colour is known) repeats. This is the YIN pitch estimator (de Cheveigné and Kawahara, "YIN, a fundamental frequency
/// estimator for speech and music", JASA 2002) on those feature vectors: a difference function over
/// frame lags, normalised by its running mean so only a real dip counts, the first deep dip taken
/// (not a multiple of the period), then refined with the dips at two, three... periods.
/// A dip's depth is judged against the median of the normalised curve over the searched lags, not against 1:
/// with under two turns in view (a slow roller, 19 frames a turn at 60 fps in 36) the running mean is still
/// rising where the dip falls, so a clear dip can sit at 0.7 of it; a ball that shows nothing turning drifts
/// slowly and has no lag that stands out from the rest (plain balls measured: at most 0.27 below the median).
/// Known limit: the lags are whole frames, so at 30 fps a turn of about 3.5 frames repeats on the same
/// frame phase only every second turn and the first deep dip can be two (or three) turns: half the rate.
/// Rather than guess, below `minFrameRate` only the spot fits report a rate.
/// A plain ball repeats at every lag alike and has no dip: its rate is nil, never a guess.
/// Either way the rate measured over the sightings is moved to the first 20 ft's average (`SpinUp`).
public struct RevRateEstimator: Sendable {
    /// A measured rev rate and how clearly it was seen: the spot fit's margin (`SpotSpinFit.Fit.confidence`), or
    /// for the lag method 1 - the dip's normalised difference over the median lag's.
    public struct Estimate: Sendable, Equatable {
        public var rpm: Double
        public var confidence: Double
    }

    /// DOMAIN.md: the rate while the ball covers its first 20 ft.
    static let windowFt = 20.0
    /// The bowler hides the first feet: at least this much time is used so a slow ball shows two turns.
    static let minWindowS = 0.6
    /// At 30, 60 and 120 fps `minWindowS` ends exactly on a frame, whose time is a file's exact tick but a camera's
    /// timestamp in whole microseconds: this slack (a tiny part of any frame period) keeps that frame in the
    /// window either way, so the same frames give the same rate from a file and from `live`.
    static let timestampSlackS = 1e-5
    /// Rates searched; beyond the DOMAIN.md range (150 to 600) with a margin.
    static let rpmRange = 100.0...800.0
    /// Below this confidence (the dip's depth below the median lag) the dip may be chance and no rate is reported.
    /// Plain balls reached at most 0.27 on the rendered sweep; every rate reported there had 0.38 or more (docs/rev-rate.md).
    public static let minConfidence = 0.33
    /// A lag is only judged on at least this many pairs of sightings.
    static let minPairs = 6
    /// Sightings needed at all.
    static let minSightings = 12
    /// With slower video whole-frame lags cannot tell a turn from two (see above): no lag-method rate below this.
    public static let minFrameRate = 45.0

    /// The bowler's hand: it sets the sense of the side spin the spot fits allow.
    public let hand: Hand

    public init(hand: Hand) {
        self.hand = hand
    }

    /// The rev rate seen in `observations` (one shot, in frame order), or nil if the ball shows nothing turning.
    /// - Parameter releasedAtS: when the ball crossed the foul line, if known: the sightings before it (on TV
    ///   footage the ball is often followed from the bowler's hand, through the swing) are left out. Those after it
    ///   are kept even while a lofted ball is in the air: it turns there as on the lane.
    public func estimate(_ observations: [Observation], releasedAtS: Double? = nil) -> Estimate? {
        let sightings = window(observations.filter { $0.timeS >= (releasedAtS ?? -.infinity) - Self.timestampSlackS })
        // One appearance per sighting, in step with them: `window` keeps only sightings that have one.
        let appearances = sightings.compactMap(\.appearance)
        let marker = spinFit(sightings, spots: appearances.map(\.marker))
        guard let measured = marker?.clear
                ?? spinFit(sightings, spots: FingerHoleSpots.spots(appearances))?.clear
                ?? lagEstimate(sightings).flatMap({ agreesWithTheMarker($0, unclearBestRpm: marker?.bestRpm) ? $0 : nil })
        else { return nil }
        // Moved to the first 20 ft's average, a rate measured near the range's end may leave it: not reported then.
        let rpm = SpinUp.averageOverFirst20Ft(measured.estimate.rpm, sightings: sightings, axisCosine: measured.axisCosine)
        return Self.rpmRange.contains(rpm) ? Estimate(rpm: rpm, confidence: measured.estimate.confidence) : nil
    }

    /// A rate over the sightings and the cosine of the spin axis with the forward-roll axis, for `SpinUp`.
    private typealias Measured = (estimate: Estimate, axisCosine: Double)

    /// The `SpotSpinFit` of one spot on the ball (the marker, or the finger holes; one entry per sighting): its rate
    /// when it is clear, and the rate that fitted best either way; nil when the spot was not seen enough to fit. The
    /// fitted axis is in the camera's frame, where the forward-roll axis is the lane's sideways direction, the
    /// image's x (the camera looks down the lane).
    private func spinFit(_ sightings: [Observation], spots: [BallSpot?]) -> (clear: Measured?, bestRpm: Double)? {
        let timed = zip(sightings, spots).map { (timeS: $0.timeS, spot: $1) }
        return SpotSpinFit(timed, hand: hand).map { spotFit in
            let fit = spotFit.fit(in: Self.rpmRange)
            return (fit.clear.map { (estimate: Estimate(rpm: $0.rpm, confidence: $0.confidence), axisCosine: min(1, abs($0.axis.x))) },
                    fit.bestRpm)
        }
    }

    /// Whether a lag rate may be reported after a marker fit that was not clear: only near the rate the marker fitted
    /// best or half of it (within `markerAgreement`; a marker seen about once a turn fits twice the rate nearly as
    /// well, `SpotSpinFit.missPenalty`). A marker seen often enough to fit, whose sightings fit the lag rate worse than
    /// another, says the lags found a repeat that is not the turn (162 for 543 rpm at 360p: a third of the rate).
    /// The finger holes' unclear fits are not asked: their best rate was often far from right lag rates
    /// (docs/rev-rate.md).
    private func agreesWithTheMarker(_ lag: Measured, unclearBestRpm: Double?) -> Bool {
        guard let unclearBestRpm else { return true }
        return [unclearBestRpm, unclearBestRpm / 2].contains { abs(lag.estimate.rpm / $0 - 1) <= Self.markerAgreement }
    }

    /// How close a lag rate must be to an unclear marker fit's best rate.
    static let markerAgreement = 0.1

    /// The YIN estimate from whole-frame lags (nil below `minFrameRate`); it knows nothing of the axis.
    private func lagEstimate(_ sightings: [Observation]) -> Measured? {
        guard sightings.count >= Self.minSightings, let first = sightings.first, let last = sightings.last,
              last.frame > first.frame, last.timeS > first.timeS else { return nil }
        let frameS = (last.timeS - first.timeS) / Double(last.frame - first.frame)
        guard 1 / frameS >= Self.minFrameRate else { return nil }
        let frames = sightings.map { $0.frame - first.frame }
        let maxLag = min(Int(60 / Self.rpmRange.lowerBound / frameS), frames[frames.count - 1])
        let minLag = max(2, Int(60 / Self.rpmRange.upperBound / frameS))
        guard maxLag > minLag + 1 else { return nil }
        // Each feature block judged on its own: the marker alone is a cleaner signal than the whole face when it is seen.
        var candidates = Self.featureBlocks(sightings.compactMap(\.appearance)).compactMap { block -> (estimate: Estimate, block: [[Float]])? in
            let normalised = Self.relativeToMedian(Self.cumulativeMeanNormalised(Self.differences(block, frames: frames, maxLag: maxLag)),
                                                   from: minLag)
            guard let dip = Self.firstDip(normalised, from: minLag) else { return nil }
            let lag = Self.fundamental(normalised, dip: dip, from: minLag)
            let rpm = 60 / (Self.refinedPeriod(normalised, firstDip: lag) * frameS)
            return (Estimate(rpm: rpm, confidence: min(1, max(0, 1 - normalised[dip]))), block)
        }
        // The clearest estimate whose turn is known; the fold check (every pair of sightings at hundreds of trial
        // rates) is only run on an estimate that would otherwise be reported.
        while let index = candidates.indices.max(by: { candidates[$0].estimate.confidence < candidates[$1].estimate.confidence }) {
            let (best, block) = candidates.remove(at: index)
            guard best.confidence >= Self.minConfidence else { return nil }
            if Self.foldsAsWellFaster(block, frames: frames, frameS: frameS, rpm: best.rpm) { continue }
            guard Self.rpmRange.contains(best.rpm) else { return nil }
            return (estimate: best, axisCosine: SpinUp.meanAxisCosine)
        }
        return nil
    }

    /// Sightings with an appearance from the first one to 20 ft, or to `minWindowS` after the first if that is later.
    /// None when no sighting is placed on the lane (no calibration): the first 20 ft cannot be told, and on TV footage
    /// the first sightings are often the ball in the hand, in the swing, or something else the tracker took for it.
    private func window(_ observations: [Observation]) -> [Observation] {
        let sampled = observations.filter { $0.appearance != nil }.sorted { $0.frame < $1.frame }
        guard let startS = sampled.first?.timeS, sampled.contains(where: { $0.distanceFt != nil }) else { return [] }
        let at20S = sampled.last { ($0.distanceFt ?? .infinity) <= Self.windowFt }?.timeS ?? startS
        let endS = max(at20S, startS + Self.minWindowS)
        return sampled.filter { $0.timeS <= endS + Self.timestampSlackS }
    }

    /// The feature blocks, one vector per sighting each: the luma signature, and the marker's visible share and
    /// position. Each is scaled to unit variance over the shot; a block that never changes (no marker colour
    /// given, or no marker in view) is left out.
    static func featureBlocks(_ appearances: [ObservedAppearance]) -> [[[Float]]] {
        let luma = appearances.map(\.lumaSignature)
        let marker: [[Float]] = appearances.map { appearance in
            guard let spot = appearance.marker else { return [0, 0, 0] }
            return [Float(spot.areaShare), Float(spot.areaShare * spot.offsetX), Float(spot.areaShare * spot.offsetY)]
        }
        return [luma, marker].compactMap(unitVarianceBlock)
    }

    /// The block's vectors divided by the square root of their mean squared distance from their mean; nil if that is 0.
    private static func unitVarianceBlock(_ vectors: [[Float]]) -> [[Float]]? {
        guard let width = vectors.first?.count else { return nil }
        var mean = [Double](repeating: 0, count: width)
        for vector in vectors { for d in 0..<width { mean[d] += Double(vector[d]) } }
        for d in 0..<width { mean[d] /= Double(vectors.count) }
        var variance = 0.0
        for vector in vectors { for d in 0..<width { variance += (Double(vector[d]) - mean[d]) * (Double(vector[d]) - mean[d]) } }
        variance /= Double(vectors.count)
        guard variance > 1e-9 else { return nil }
        let scale = Float(1 / variance.squareRoot())
        return vectors.map { $0.map { $0 * scale } }
    }

    /// Mean squared feature distance between sightings `lag` frames apart, for lags 0...maxLag (NaN where too few pairs).
    static func differences(_ features: [[Float]], frames: [Int], maxLag: Int) -> [Double] {
        var indexOfFrame = [Int: Int]()
        for (index, frame) in frames.enumerated() { indexOfFrame[frame] = index }
        var result = [Double](repeating: .nan, count: maxLag + 1)
        result[0] = 0
        for lag in 1...maxLag {
            var sum = 0.0, pairs = 0
            for (index, frame) in frames.enumerated() {
                guard let other = indexOfFrame[frame + lag] else { continue }
                sum += squaredDistance(features[index], features[other])
                pairs += 1
            }
            if pairs >= minPairs { result[lag] = sum / Double(pairs) }
        }
        return result
    }

    private static func squaredDistance(_ a: [Float], _ b: [Float]) -> Double {
        var sum: Float = 0
        for d in a.indices { sum += (a[d] - b[d]) * (a[d] - b[d]) }
        return Double(sum)
    }

    /// YIN's d'(τ) = d(τ) / ((1/τ) Σ_{j≤τ} d(j)); 1 at τ = 0; stops (NaN after) at the first lag without enough pairs.
    static func cumulativeMeanNormalised(_ differences: [Double]) -> [Double] {
        var result = [Double](repeating: .nan, count: differences.count)
        guard !differences.isEmpty else { return result }
        result[0] = 1
        var running = 0.0
        for lag in 1..<differences.count {
            guard !differences[lag].isNaN else { break }
            running += differences[lag]
            result[lag] = running > 0 ? differences[lag] * Double(lag) / running : 1
        }
        return result
    }

    /// `normalised` divided by its median over the lags from `minLag` that have a value (unchanged if there is none).
    static func relativeToMedian(_ normalised: [Double], from minLag: Int) -> [Double] {
        let searched = normalised.dropFirst(minLag).filter { !$0.isNaN }.sorted()
        guard !searched.isEmpty else { return normalised }
        let middle = searched.count / 2
        let median = searched.count % 2 == 1 ? searched[middle] : (searched[middle - 1] + searched[middle]) / 2
        guard median > 0 else { return normalised }
        return normalised.map { $0 / median }
    }

    /// The first lag from `minLag` whose normalised difference falls below 1 - minConfidence, followed down to its
    /// local minimum; without one, the deepest minimum (so a weak dip still reports its low confidence).
    static func firstDip(_ normalised: [Double], from minLag: Int) -> Int? {
        let lags = Array(minLag..<normalised.count).filter { !normalised[$0].isNaN }
        guard let start = lags.first(where: { normalised[$0] < 1 - minConfidence }) ?? lags.min(by: { normalised[$0] < normalised[$1] })
        else { return nil }
        var lag = start
        while lag + 1 < normalised.count, !normalised[lag + 1].isNaN, normalised[lag + 1] < normalised[lag] { lag += 1 }
        return lag
    }

    /// The dip at `dip` may be two or three turns when the one-turn dip is a little shallower (noise, a faint
    /// hole pattern): the lag a half or a third of it is taken instead when a local minimum sits there at least
    /// `fundamentalShare` as deep (below the median) as `dip` itself. A turn's half repeats nothing of a single
    /// marker or hole pattern, so a true one-turn dip does not have such a partner.
    static func fundamental(_ normalised: [Double], dip: Int, from minLag: Int) -> Int {
        let depth = 1 - normalised[dip]
        for divisor in [3, 2] {
            let expected = Double(dip) / Double(divisor)
            let candidates = (Int(expected.rounded(.down)) - 1)...(Int(expected.rounded(.up)) + 1)
            guard candidates.lowerBound >= max(minLag, 1) else { continue }
            guard let lag = candidates.filter({ !normalised[$0].isNaN }).min(by: { normalised[$0] < normalised[$1] }),
                  !normalised[lag - 1].isNaN, !normalised[lag + 1].isNaN,
                  normalised[lag] < normalised[lag - 1], normalised[lag] < normalised[lag + 1],
                  1 - normalised[lag] >= fundamentalShare * depth else { continue }
            return lag
        }
        return dip
    }

    /// How deep (below the median) a dip at a half or a third of the first deep one must be to be the turn.
    static let fundamentalShare = 0.7

    /// Whether the block's sightings fold as tightly near two, three or four times `rpm` (within ±`ambiguitySpan`,
    /// inside `rpmRange`) as at `rpm` itself (`PhaseFolding`, which is not tied to whole frames). Whole-frame lags can
    /// miss a turn of a fractional number of frames whose small features (finger holes) move too far in the part of a
    /// frame left over, and find the repeat only after two to four turns. Sightings that repeat every turn fold as
    /// well at a half or a third of the rate as at the rate (every pair a whole number of slow periods apart is a
    /// whole number of turns apart), but clearly worse at twice it (pairs half a turn apart look different). So a
    /// faster rate that folds as tightly means the turn is not known, and nothing is reported rather than a half or
    /// a third of the rate. (It first asked for a fold tighter by 0.05, for the lowest fold over a span is biased low
    /// against the fold at one rate: that turned rates at a third and a quarter into nil on 720p holes-and-logo
    /// sweeps but let two at a half through, whose faster folds were 0.02 tighter; the right lag rates on the sweeps
    /// folded at least 0.03 worse at twice themselves, docs/rev-rate.md.)
    static func foldsAsWellFaster(_ block: [[Float]], frames: [Int], frameS: Double, rpm: Double) -> Bool {
        guard let folding = PhaseFolding(features: block, timesS: frames.map { Double($0) * frameS }) else { return false }
        let atRate = folding.dispersion(frequencyHz: rpm / 60)
        for multiple in [2.0, 3.0, 4.0] {
            let lowestRpm = multiple * rpm * (1 - ambiguitySpan), highestRpm = min(multiple * rpm * (1 + ambiguitySpan), rpmRange.upperBound)
            guard lowestRpm < highestRpm else { continue }
            if folding.lowestDispersion(in: (lowestRpm / 60)...(highestRpm / 60)) <= atRate { return true }
        }
        return false
    }

    /// How far from two to four times the rate a faster fold is looked for (the rate may drift while in view).
    static let ambiguitySpan = 0.1

    /// The period in frames: the parabola vertex of each dip at 1, 2, 3... periods that the lags reach,
    /// combined by least squares through the origin (later multiples pin the period down more finely).
    static func refinedPeriod(_ normalised: [Double], firstDip: Int) -> Double {
        let first = vertex(normalised, near: firstDip) ?? Double(firstDip)
        var sumMultipleLag = first, sumMultipleSquared = 1.0
        var multiple = 2.0
        while true {
            let expected = Int((multiple * first).rounded())
            guard expected + 1 < normalised.count, !normalised[expected + 1].isNaN else { break }
            var lag = expected
            for candidate in (expected - 1)...(expected + 1) where normalised[candidate] < normalised[lag] { lag = candidate }
            guard let position = vertex(normalised, near: lag), abs(position - multiple * first) < 0.25 * first else { break }
            sumMultipleLag += multiple * position
            sumMultipleSquared += multiple * multiple
            multiple += 1
        }
        return sumMultipleLag / sumMultipleSquared
    }

    /// Sub-frame position of the minimum at `lag` from the parabola through it and its neighbours.
    private static func vertex(_ values: [Double], near lag: Int) -> Double? {
        guard lag >= 1, lag + 1 < values.count else { return nil }
        let left = values[lag - 1], centre = values[lag], right = values[lag + 1]
        guard !left.isNaN, !right.isNaN else { return nil }
        let curvature = left - 2 * centre + right
        guard curvature > 0 else { return Double(lag) }
        return Double(lag) + max(-0.5, min(0.5, 0.5 * (left - right) / curvature))
    }
}
