import BowlerTraxKit

/// One shot: how the ball leaves the hand and what the lane does to it. Boards in the bowler's numbering.
public struct ShotSpec: Sendable, Equatable, Codable {
    public var speedMph: Double
    /// Direction of the velocity at release; positive = toward lower boards (outward).
    public var launchAngleDeg: Double
    public var foulLineBoard: Double
    public var revRateRpm: Double
    /// 0 = pure forward roll, 90 = pure side spin.
    public var axisRotationDeg: Double
    /// Angle of the spin axis above the lane (a component about the vertical), 0-30.
    public var axisTiltDeg: Double
    public var oilLengthFt: Double
    public var oilFriction: Double
    public var dryFriction: Double
    /// Roughly where the bowler steps aside and the ball is first seen (the truth gives the exact figure).
    public var revealDistanceFt: Double
    /// 0 = the filmed lane; +1 / -1 = the neighbouring lane toward higher / lower right-edge boards.
    public var laneIndex: Int

    public init(speedMph: Double = 18, launchAngleDeg: Double = 2, foulLineBoard: Double = 12, revRateRpm: Double = 350,
                axisRotationDeg: Double = 45, axisTiltDeg: Double = 10, oilLengthFt: Double = 40, oilFriction: Double = 0.04,
                dryFriction: Double = 0.2, revealDistanceFt: Double = 5, laneIndex: Int = 0) {
        self.speedMph = speedMph
        self.launchAngleDeg = launchAngleDeg
        self.foulLineBoard = foulLineBoard
        self.revRateRpm = revRateRpm
        self.axisRotationDeg = axisRotationDeg
        self.axisTiltDeg = axisTiltDeg
        self.oilLengthFt = oilLengthFt
        self.oilFriction = oilFriction
        self.dryFriction = dryFriction
        self.revealDistanceFt = revealDistanceFt
        self.laneIndex = laneIndex
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = ShotSpec()
        speedMph = try c.decodeIfPresent(Double.self, forKey: .speedMph) ?? d.speedMph
        launchAngleDeg = try c.decodeIfPresent(Double.self, forKey: .launchAngleDeg) ?? d.launchAngleDeg
        foulLineBoard = try c.decodeIfPresent(Double.self, forKey: .foulLineBoard) ?? d.foulLineBoard
        revRateRpm = try c.decodeIfPresent(Double.self, forKey: .revRateRpm) ?? d.revRateRpm
        axisRotationDeg = try c.decodeIfPresent(Double.self, forKey: .axisRotationDeg) ?? d.axisRotationDeg
        axisTiltDeg = try c.decodeIfPresent(Double.self, forKey: .axisTiltDeg) ?? d.axisTiltDeg
        oilLengthFt = try c.decodeIfPresent(Double.self, forKey: .oilLengthFt) ?? d.oilLengthFt
        oilFriction = try c.decodeIfPresent(Double.self, forKey: .oilFriction) ?? d.oilFriction
        dryFriction = try c.decodeIfPresent(Double.self, forKey: .dryFriction) ?? d.dryFriction
        revealDistanceFt = try c.decodeIfPresent(Double.self, forKey: .revealDistanceFt) ?? d.revealDistanceFt
        laneIndex = try c.decodeIfPresent(Int.self, forKey: .laneIndex) ?? d.laneIndex
    }

    /// Checks ranges before simulating, naming the field to fix.
    func validate() throws {
        if !(speedMph > 0 && speedMph < 40) { throw FixtureError.invalidSpec(field: "speed_mph", reason: "must be in (0, 40)") }
        if !(revRateRpm >= 0 && revRateRpm <= 1000) { throw FixtureError.invalidSpec(field: "rev_rate_rpm", reason: "must be in [0, 1000]") }
        if !(axisTiltDeg >= 0 && axisTiltDeg <= 90) { throw FixtureError.invalidSpec(field: "axis_tilt_deg", reason: "must be in [0, 90]") }
        if !(foulLineBoard > 0.5 && foulLineBoard < 39.5) { throw FixtureError.invalidSpec(field: "foul_line_board", reason: "must be on the lane (0.5, 39.5)") }
        if !(oilFriction >= 0 && dryFriction >= 0) { throw FixtureError.invalidSpec(field: "oil_friction/dry_friction", reason: "must be >= 0") }
    }

    /// This shot with the launch angle solved (bisection) so the ball enters at `entryBoard` for `hand`.
    /// Entry board falls monotonically as the launch angle opens outward, so bisection is safe.
    public func aimed(atEntryBoard entryBoard: Double, hand: Hand) -> ShotSpec {
        var lo = -6.0, hi = 12.0
        var shot = self
        for _ in 0..<40 {
            shot.launchAngleDeg = (lo + hi) / 2
            let path = BallPhysics(shot: shot, hand: hand).simulate()
            let board = path.state(atDistanceFt: Lane.entryDistanceFt).map { hand.board(fromRightEdgeBoard: Lane.board(lateralFt: $0.positionFt.x)) }
            // A ball that never reaches the entry went into a gutter: too much angle one way or the other.
            if let board, board > entryBoard { lo = shot.launchAngleDeg } else { hi = shot.launchAngleDeg }
        }
        return shot
    }
}
