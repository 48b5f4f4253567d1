import BowlerTraxKit
import Foundation

/// Where the ball is in one video frame: exact, from the simulated path. Board in the bowler's numbering.
public struct FrameTruth: Sendable, Codable, Equatable {
    public var frame: Int
    public var timeS: Double
    public var board: Double
    public var distanceFt: Double
    /// Projected ball centre, continuous pixel coordinates (pixel i covers [i, i+1)).
    public var xPx: Double
    public var yPx: Double
    public var radiusPx: Double
    /// The ray from the camera to the ball centre hits a person first.
    public var hidden: Bool
}

/// DOMAIN.md's measurements of one shot, computed from the dense simulated path (never from the video).
public struct ShotTruth: Sendable, Codable, Equatable {
    public var hand: Hand
    public var laneIndex: Int
    /// Video time when the centre crosses the foul line.
    public var releaseTimeS: Double
    public var foulLineBoard: Double
    public var arrowsBoard: Double
    public var launchAngleDeg: Double
    public var breakpointBoard: Double
    public var breakpointDistanceFt: Double
    public var entryBoard: Double
    public var entryAngleDeg: Double
    public var launchSpeedMph: Double
    public var entrySpeedMph: Double
    public var averageSpeedMph: Double
    public var revRateRpm: Double
    public var axisRotationDeg: Double
    public var axisTiltDeg: Double
    public var ballHsv: [Double]
    public var markerHsv: [Double]?
    public var holes: Bool
    public var logo: Bool
    /// A swirl ball's second colours, each [hue deg, saturation %, value %]; nil (and left out of the file) for a one-colour ball.
    public var swirlHsv: [[Double]]?
    /// The ball went into a gutter before the pins (then entry figures describe the gutter path).
    public var gutter: Bool
    /// Distance of the first frame in which the ball centre is not hidden; nil if never seen.
    public var firstVisibleDistanceFt: Double?
    public var path: [FrameTruth]

    /// Computes the measurements. `videoTimeOffsetS` is the video time of the path's time 0.
    public init(path: SimulatedPath, hand: Hand, shot: ShotSpec, ball: BallAppearance, videoTimeOffsetS: Double) throws {
        func time(_ d: Double) throws -> Double {
            guard let t = path.timeS(atDistanceFt: d) else { throw FixtureError.pathTooShort(distanceFt: d) }
            return t
        }
        func state(_ d: Double) throws -> PathSample {
            guard let s = path.state(atDistanceFt: d) else { throw FixtureError.pathTooShort(distanceFt: d) }
            return s
        }
        func bowlerBoard(_ xFt: Double) -> Double { hand.board(fromRightEdgeBoard: Lane.board(lateralFt: xFt)) }
        // Lateral feet toward higher bowler boards.
        let outwardSign: Double = hand == .right ? 1 : -1
        let entry = Lane.entryDistanceFt
        let t0 = try time(0), t3 = try time(3), t20 = try time(20), t57 = try time(57), tEntry = try time(entry)

        self.hand = hand
        laneIndex = shot.laneIndex
        releaseTimeS = videoTimeOffsetS + t0
        foulLineBoard = bowlerBoard(try state(0).positionFt.x)
        arrowsBoard = bowlerBoard(try state(15).positionFt.x)
        let board10 = bowlerBoard(try state(10).positionFt.x)
        launchAngleDeg = atan2((foulLineBoard - board10) * Lane.boardWidthFt, 10) * 180 / .pi
        let entryState = try state(entry)
        entryBoard = bowlerBoard(entryState.positionFt.x)
        entryAngleDeg = atan2(outwardSign * entryState.velocityFtS.x, entryState.velocityFtS.y) * 180 / .pi
        launchSpeedMph = 3 / (t3 - t0) / BallPhysics.mphToFtS
        entrySpeedMph = 2.5 / (tEntry - t57) / BallPhysics.mphToFtS
        averageSpeedMph = entry / (tEntry - t0) / BallPhysics.mphToFtS

        var lowest = (board: Double.infinity, distanceFt: 0.0)
        for s in path.samples where s.positionFt.y >= 0 && s.positionFt.y < entry {
            let b = bowlerBoard(s.positionFt.x)
            if b < lowest.board { lowest = (b, s.positionFt.y) }
        }
        // Time average of |w| over [t0, t20]: trapezoids, the end intervals clipped.
        var spinIntegral = 0.0
        for i in 0..<(path.samples.count - 1) {
            let a = path.samples[i], b = path.samples[i + 1]
            let lo = max(a.timeS, t0), hi = min(b.timeS, t20)
            if hi > lo { spinIntegral += (a.omegaRadS.length + b.omegaRadS.length) / 2 * (hi - lo) }
        }
        breakpointBoard = lowest.board
        breakpointDistanceFt = lowest.distanceFt
        revRateRpm = spinIntegral / (t20 - t0) * 60 / (2 * .pi)
        axisRotationDeg = shot.axisRotationDeg
        axisTiltDeg = shot.axisTiltDeg
        ballHsv = ball.color.triple
        markerHsv = ball.marker?.triple
        holes = ball.holes
        logo = ball.logo
        swirlHsv = ball.swirlTriples
        gutter = path.samples.contains { $0.inGutter && $0.positionFt.y < entry }
        firstVisibleDistanceFt = nil
        self.path = []
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(hand, forKey: .hand)
        try c.encode(laneIndex, forKey: .laneIndex)
        try c.encode(releaseTimeS, forKey: .releaseTimeS)
        try c.encode(foulLineBoard, forKey: .foulLineBoard)
        try c.encode(arrowsBoard, forKey: .arrowsBoard)
        try c.encode(launchAngleDeg, forKey: .launchAngleDeg)
        try c.encode(breakpointBoard, forKey: .breakpointBoard)
        try c.encode(breakpointDistanceFt, forKey: .breakpointDistanceFt)
        try c.encode(entryBoard, forKey: .entryBoard)
        try c.encode(entryAngleDeg, forKey: .entryAngleDeg)
        try c.encode(launchSpeedMph, forKey: .launchSpeedMph)
        try c.encode(entrySpeedMph, forKey: .entrySpeedMph)
        try c.encode(averageSpeedMph, forKey: .averageSpeedMph)
        try c.encode(revRateRpm, forKey: .revRateRpm)
        try c.encode(axisRotationDeg, forKey: .axisRotationDeg)
        try c.encode(axisTiltDeg, forKey: .axisTiltDeg)
        try c.encode(ballHsv, forKey: .ballHsv)
        // Explicit null: readers should not have to know that a missing key means "no marker".
        try c.encode(markerHsv, forKey: .markerHsv)
        try c.encode(holes, forKey: .holes)
        try c.encode(logo, forKey: .logo)
        try c.encodeIfPresent(swirlHsv, forKey: .swirlHsv)
        try c.encode(gutter, forKey: .gutter)
        try c.encode(firstVisibleDistanceFt, forKey: .firstVisibleDistanceFt)
        try c.encode(path, forKey: .path)
    }
}
