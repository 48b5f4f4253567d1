import Glibc

/// Turns a tracked ball into DOMAIN.md's measurements.
///
/// The path is smoothed before anything is read off it (derivatives of raw sightings are noise). Near
/// the foul line, weighted local least-squares polynomials: distance against time for the launch speed,
/// board against distance for the boards and angles. Down the lane, the path friction draws
/// (`FrictionPathFit`): over the whole shot for the breakpoint, over the back end for the entry board,
/// angle and speed. Each fit weights a sighting by the inverse variance of its mapped position, so the
/// coarse far end does not swamp the fine near end. A field is only reported where sightings cover it
/// (or, for the foul line and the entry, are near enough to extrapolate); otherwise it is nil.
public struct ShotMeasurer: Sendable {
    public let calibration: LaneCalibration?
    public let hand: Hand

    /// Centroid noise assumed when weighting sightings, pixels.
    static let pixelSigma = 0.3
    /// Half-width of the window for the local board fits, feet.
    static let boardWindowFt = 8.0
    /// Sightings used for the early (launch) fits: the first this many feet of path.
    static let earlySpanFt = 15.0
    /// The back end, where the ball may turn from hooking to rolling: times past here come from the back-end fit.
    static let backEndFt = 40.0
    /// The back-end fit starts here: before any house pattern ends (38 to 42 ft, DOMAIN.md), so it sees
    /// the ball on both frictions; what happens nearer the bowler says nothing more about the entry.
    static let backEndFitFromFt = 30.0
    /// The ball in front of the pins is not measured, so the entry is extrapolated at most this far.
    static let maxEntryExtrapolationFt = 8.0
    /// Extrapolating to the foul line is only trusted from this close.
    static let maxExtrapolationFt = 12.0

    public init(calibration: LaneCalibration?, hand: Hand) {
        self.calibration = calibration
        self.hand = hand
    }

    /// The shot's measurements and trajectory; `shotNumber` is the caller's count.
    public func measure(_ track: TrackedShot, shotNumber: Int) -> Shot {
        let trajectory = track.observations.map { observation in
            let reference = observation.inReferenceView
            return TrajectoryPoint(frame: observation.frame, timeS: observation.timeS, xPx: observation.candidate.xPx,
                                   yPx: observation.candidate.yPx, radiusPx: observation.candidate.radiusPx,
                                   board: observation.board.map { hand.board(fromRightEdgeBoard: $0) }, distanceFt: observation.distanceFt,
                                   referenceFrame: reference?.frame, referenceXPx: reference?.x, referenceYPx: reference?.y)
        }
        let samples = Landing.onLane(pathSamples(track))
        var measurements = ShotMeasurements()
        var releaseTimeS = track.observations.first?.timeS ?? 0
        if samples.count >= 6 {
            let backEnd = backEndFit(samples)
            let timing = Timing(samples: samples, backEnd: backEnd)
            if let t0 = timing.time(atFt: 0) { releaseTimeS = t0 }
            measure(samples, timing: timing, backEnd: backEnd, into: &measurements)
            if let contact = track.pinContact, let board = measurements.entryBoard ?? samples.last?.board,
               let average = Self.averageSpeedMph(to: contact, onBoard: board, timing: timing) {
                measurements.averageSpeedMph = average
            }
        }
        if let revs = RevRateEstimator(hand: hand).estimate(track.observations, releasedAtS: releaseTimeS) {
            measurements.revRateRpm = revs.rpm
            measurements.revRateConfidence = revs.confidence
        }
        return Shot(shotNumber: shotNumber, releaseTimeS: releaseTimeS, hand: hand, measurements: measurements, trajectory: trajectory)
    }

    /// The average speed from the foul line to where a ball entering on `board` met the pins, timed by their first
    /// movement (`PinWatch`) rather than by the sightings' distances at the far end, where a pixel spans half a foot or
    /// more. Nil when that board passes the front three pins by (`contactDistanceFt`) or when the sightings put the
    /// ball more than `maxContactDisagreementS` from there at that time: the pins were moved by something else.
    static func averageSpeedMph(to contact: PinContact, onBoard board: Double, timing: Timing) -> Double? {
        guard let t0 = timing.time(atFt: 0), contact.timeS > t0,
              let distanceFt = contactDistanceFt(board: board),
              let seenThereS = timing.time(atFt: distanceFt), abs(seenThereS - contact.timeS) <= Self.maxContactDisagreementS else { return nil }
        return distanceFt / (contact.timeS - t0) * mphPerFtS
    }

    /// Where a ball rolling straight down the lane on `board` first meets a pin of the front three: its centre a
    /// ball's and a pin's radius from the pin's; nil for a ball that passes them all by. Symmetric, so either hand's
    /// boards serve.
    static func contactDistanceFt(board: Double) -> Double? {
        let reach = (Lane.ballRadiusIn + Lane.pinRadiusIn) / 12
        return Lane.frontPinSpots.compactMap { spot -> Double? in
            let across = Lane.lateralFt(board: board) - Lane.lateralFt(board: spot.board)
            return abs(across) < reach ? spot.distanceFt - (reach * reach - across * across).squareRoot() : nil
        }.min()
    }

    /// 1 mph is 1.4667 ft/s (DOMAIN.md).
    public static let mphPerFtS = 1 / 1.4666667

    /// How far the sightings may place the ball's arrival at the head pin from the pin's first movement: 0.25 s is
    /// about 6 ft at bowling speeds, more than the far end's distances are off on the TV clips (3 ft at most).
    static let maxContactDisagreementS = 0.25

    /// The friction path over the back end, when the ball was seen close enough to the pins to extrapolate.
    private func backEndFit(_ samples: [PathSample]) -> FrictionPathFit? {
        guard let lastFt = samples.last?.distanceFt, lastFt >= Lane.entryDistanceFt - Self.maxEntryExtrapolationFt else { return nil }
        return FrictionPathFit(samples: samples.filter { $0.distanceFt >= Self.backEndFitFromFt })
    }

    private func measure(_ samples: [PathSample], timing: Timing, backEnd: FrictionPathFit?, into m: inout ShotMeasurements) {
        let firstFt = samples[0].distanceFt, lastFt = samples[samples.count - 1].distanceFt
        let mph = Self.mphPerFtS
        if let t0 = timing.time(atFt: 0), let t3 = timing.time(atFt: 3) { m.launchSpeedMph = 3 / (t3 - t0) * mph }
        if let t57 = timing.time(atFt: 57), let t59 = timing.time(atFt: Lane.entryDistanceFt) { m.entrySpeedMph = 2.5 / (t59 - t57) * mph }
        if let t0 = timing.time(atFt: 0), let t59 = timing.time(atFt: Lane.entryDistanceFt) { m.averageSpeedMph = Lane.entryDistanceFt / (t59 - t0) * mph }

        let board = { (s: PathSample) in s.board }, distance = { (s: PathSample) in s.distanceFt }, sigma = { (s: PathSample) in s.boardSigma }
        if firstFt <= Self.maxExtrapolationFt, let early = Self.earlyPath(samples, from: firstFt) {
            m.foulLineBoard = early.value(at: 0)
            if lastFt >= 10 {
                let outwardFt = (early.value(at: 0) - early.value(at: 10)) * Lane.boardWidthFt
                m.launchAngleDeg = atan2(outwardFt, 10) * 180 / .pi
            }
        }
        if firstFt <= 15 + Self.boardWindowFt / 2, lastFt >= 15,
           let arrows = samples.fit(distance, board, sigma: sigma, where: (15 - Self.boardWindowFt)...(15 + Self.boardWindowFt), key: distance) {
            m.arrowsBoard = arrows.value(at: 15)
        }
        if let backEnd, let t = timing.time(atFt: Lane.entryDistanceFt) {
            m.entryBoard = backEnd.board(atS: t)
            m.entryAngleDeg = atan2(backEnd.boardRate(atS: t) * Lane.boardWidthFt, backEnd.speedFtS(atS: t)) * 180 / .pi
        }
        if lastFt - firstFt > Self.boardWindowFt, let path = FrictionPathFit(samples: samples)?.withBoardFittedAlone(to: samples), let breakpoint = Breakpoint.find(on: path) {
            m.breakpointBoard = breakpoint.board
            m.breakpointDistanceFt = breakpoint.distanceFt
        }
    }

    /// Board against distance over the first `earlySpanFt` of path seen, a quadratic whose bend is held to what the
    /// oil's friction can turn the ball at its speed there (its most, `Timing.frontSlowingFtS2`, across, over the speed
    /// squared): read at the foul line from a ball the bowler hid for its first 10 ft, a free quadratic bent by the
    /// sightings' noise is thrown far off (a real phone clip, given the box 9.7 ft out: board 38.8, where the sightings
    /// from 3 ft out read 32).
    static func earlyPath(_ samples: [PathSample], from firstFt: Double) -> PolynomialFit? {
        let chosen = samples.filter { (firstFt...(firstFt + Self.earlySpanFt)).contains($0.distanceFt) }
        guard chosen.count >= 5, let first = chosen.first, let last = chosen.last else { return nil }
        let speedFtS = (last.distanceFt - first.distanceFt) / (last.timeS - first.timeS)
        let bend = speedFtS > 0 ? Timing.frontSlowingFtS2.upperBound / (speedFtS * speedFtS) / Lane.boardWidthFt / 2 : .infinity
        return PolynomialFit.robustQuadratic(xs: chosen.map(\.distanceFt), ys: chosen.map(\.board), sigmas: chosen.map(\.boardSigma),
                                             bend: -bend...bend)
    }

    private func pathSamples(_ track: TrackedShot) -> [PathSample] {
        guard let calibration else { return [] }
        let seen: [(timeS: Double, board: Double, distanceFt: Double, x: Double, y: Double, step: Double, ratio: Double)] = track.observations.compactMap { observation in
            // Past the entry point the ball meets the head pin: what it does there is the pins' doing, not the lane's.
            guard let board = observation.board, let distance = observation.distanceFt, distance <= Lane.entryDistanceFt else { return nil }
            let placed = observation.inCalibrationPicture
            guard let expected = calibration.expectedRadiusPx(atX: placed.xPx, y: placed.yPx) else { return nil }
            // Read in the calibration's picture (`Observation.placed`): on a camera that zooms, a pixel of the frame is
            // `step` pixels there.
            return (observation.timeS, board, distance, placed.xPx, placed.yPx, placed.radiusPx / observation.candidate.radiusPx, placed.radiusPx / expected)
        }
        // A ball whose outline is not the size it should be there is partly hidden or merged with something (the
        // bowler, a pin): its centre is off, so it is left out of the measurements.
        let trend = SizeTrend(seen.map { ($0.distanceFt, $0.ratio) })
        return seen.compactMap { s in
            guard SizeTrend.holds(s.ratio, atFt: s.distanceFt, on: trend) else { return nil }
            // Sensitivity of the mapped position to a pixel of noise, across and down the image.
            guard let across = calibration.ballPosition(xPx: s.x + s.step, yPx: s.y), let down = calibration.ballPosition(xPx: s.x, yPx: s.y + s.step) else { return nil }
            let boardPerPx = max(abs(across.board - s.board), abs(down.board - s.board))
            let feetPerPx = max(abs(across.distanceFt - s.distanceFt), abs(down.distanceFt - s.distanceFt))
            return PathSample(timeS: s.timeS, board: hand.board(fromRightEdgeBoard: s.board), distanceFt: s.distanceFt,
                              boardSigma: max(boardPerPx * Self.pixelSigma, 0.01), distanceSigmaFt: max(feetPerPx * Self.pixelSigma, 0.005))
        }.sorted { $0.timeS < $1.timeS }
    }
}
