/// The ball on the pin deck: a disc with the surface velocity its rotation imposes at the contact
/// point, so it keeps hooking while it slips and drives back toward its roll after a deflection.
///
/// A bowling ball's rotation is not changed by a pin's blow (the impulse acts through its centre,
/// through frictionless contact), but its velocity is: after deflecting off the head pin it slides
/// again, and deck friction pulls its velocity back toward the direction its rotation is rolling
/// it ("drive", "continuation"). Coulomb friction on the slip velocity s = v − u (u = ω × r, the
/// surface velocity): the centre accelerates by −μg ŝ and u changes by +(r²/k²) μg ŝ, until the
/// two agree and the ball rolls (the standard sliding-sphere model; DOMAIN.md "Ball motion").
struct RollingBall: Sendable {
    var disc: Disc
    /// Velocity the rotation alone would give the ball if it rolled without slipping.
    var rollVxInPerS: Double
    var rollVyInPerS: Double

    /// Dry pin deck: μ ≈ 0.2 (DOMAIN.md, dry boards).
    static let deckFrictionCoefficient = 0.2
    /// DOMAIN.md: radius of gyration 2.46 to 2.80 in; the middle.
    static let gyrationRadiusIn = 2.63
    /// r² / k²: how much faster the rotation follows the slip than the centre does.
    static let spinResponse = (Lane.ballRadiusIn * Lane.ballRadiusIn) / (gyrationRadiusIn * gyrationRadiusIn)
    static let frictionAccelerationInPerS2 = deckFrictionCoefficient * PinActionSimulator.gravityInPerS2

    /// One time step of deck friction.
    mutating func applyFriction(dtS: Double) {
        let slipX = disc.vxInPerS - rollVxInPerS
        let slipY = disc.vyInPerS - rollVyInPerS
        let slip = (slipX * slipX + slipY * slipY).squareRoot()
        guard slip > 0 else { return }
        let deltaInPerS = Self.frictionAccelerationInPerS2 * dtS
        if slip <= deltaInPerS * (1 + Self.spinResponse) {
            // The slip ends within the step: both meet at the rolling velocity (momentum about the
            // contact point is conserved: v + (k²/r²) u).
            let vx = (Self.spinResponse * disc.vxInPerS + rollVxInPerS) / (Self.spinResponse + 1)
            let vy = (Self.spinResponse * disc.vyInPerS + rollVyInPerS) / (Self.spinResponse + 1)
            disc.vxInPerS = vx
            disc.vyInPerS = vy
            rollVxInPerS = vx
            rollVyInPerS = vy
            return
        }
        disc.vxInPerS -= deltaInPerS * slipX / slip
        disc.vyInPerS -= deltaInPerS * slipY / slip
        rollVxInPerS += Self.spinResponse * deltaInPerS * slipX / slip
        rollVyInPerS += Self.spinResponse * deltaInPerS * slipY / slip
    }
}
