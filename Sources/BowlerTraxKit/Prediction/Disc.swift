/// A rigid disc of the top-down pin-action simulation: the ball or one pin, in inches and seconds.
struct Disc: Sendable, Equatable {
    var xIn: Double
    var yIn: Double
    var vxInPerS: Double
    var vyInPerS: Double
    let radiusIn: Double
    let massKg: Double

    var speedInPerS: Double { (vxInPerS * vxInPerS + vyInPerS * vyInPerS).squareRoot() }

    /// Resolves a contact between two discs with a frictionless impulse along the line of centres.
    ///
    /// The simulation steps in time, so a contact is found when the discs already overlap a little;
    /// the normal is taken where they first touched (the overlap is rewound along the relative
    /// velocity) so the direction pins leave in does not depend on the time step. Newton's law of
    /// restitution on the normal component; tangential velocities are unchanged. Positions are left
    /// as they are: the pair separates on the next steps and is not struck again while it does
    /// (pushing the overlap apart would move pins by up to a step's length, which shifted the
    /// results with the step size).
    /// - Returns: the relative normal speed (in/s) before the impulse, or nil when the discs do not
    ///   touch or are already separating.
    static func collide(_ a: inout Disc, _ b: inout Disc, restitution: Double) -> Double? {
        let dx = b.xIn - a.xIn
        let dy = b.yIn - a.yIn
        let contactIn = a.radiusIn + b.radiusIn
        let distanceSquared = dx * dx + dy * dy
        guard distanceSquared < contactIn * contactIn else { return nil }
        let dvx = b.vxInPerS - a.vxInPerS
        let dvy = b.vyInPerS - a.vyInPerS
        let closing = dx * dvx + dy * dvy
        guard closing < 0 else { return nil }
        // Rewind to first touch: |d - dv·t| = R, the positive root (closing < 0, overlap > 0).
        let dvSquared = dvx * dvx + dvy * dvy
        let overlapTerm = distanceSquared - contactIn * contactIn
        let rewindS = (closing + (closing * closing - dvSquared * overlapTerm).squareRoot()) / dvSquared
        let nx = (dx - dvx * rewindS) / contactIn
        let ny = (dy - dvy * rewindS) / contactIn
        let normalSpeed = dvx * nx + dvy * ny
        guard normalSpeed < 0 else { return nil }
        let inverseA = 1 / a.massKg
        let inverseB = 1 / b.massKg
        let impulse = -(1 + restitution) * normalSpeed / (inverseA + inverseB)
        a.vxInPerS -= impulse * inverseA * nx
        a.vyInPerS -= impulse * inverseA * ny
        b.vxInPerS += impulse * inverseB * nx
        b.vyInPerS += impulse * inverseB * ny
        return -normalSpeed
    }
}

extension Disc {
    /// The speed a frictionless impulse gave `disc` in a contact with `other` that closed at
    /// `closingInPerS`: (1 + e) × closing × m_other / (m_disc + m_other).
    static func velocityChange(of disc: Disc, by other: Disc, closingInPerS: Double, restitution: Double) -> Double {
        (1 + restitution) * closingInPerS * other.massKg / (disc.massKg + other.massKg)
    }
}
