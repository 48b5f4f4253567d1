import Glibc

/// A knocked-down pin's reach: seen from above, a toppling pin is a tapered segment from its base
/// along the direction it was pushed, growing to the pin's height as it falls.
///
/// A plain disc only touches what its 4.8 in belly meets; a real pin falls over and its body
/// sweeps about its own height (15 in) across the deck, which is how pins take out neighbours
/// that a sliding disc would miss (the 4 falling onto the 7, the 6 onto the 10). The sweep is
/// directional: a pin pushed sideways in front of a neighbour falls past it, so this does not
/// simply make pins bigger.
struct FallingPin: Sendable {
    /// Unit direction the pin was moving just after the blow that knocked it down; it falls that way.
    let directionX: Double
    let directionY: Double
    let startS: Double
    /// Time from the blow to lying flat.
    let fallTimeS: Double

    /// USBC: a pin is 15 in tall.
    static let heightIn = 15.0
    /// Centre of mass about 5.8 in above the base (USBC pin specifications, 5 3/4 to 5 15/16 in).
    static let centreOfMassHeightIn = 5.8
    /// Radius of gyration about the centre of mass, that of a uniform 15 in rod (15 / √12 ≈ 4.3 in);
    /// a pin is heavier at the belly, so this slightly overstates how light its tip feels.
    static let gyrationRadiusIn = heightIn / 12.0.squareRoot()
    /// The belly, where the ball and standing neighbours strike a pin, is about 4.5 in up (USBC).
    static let bellyHeightIn = 4.5
    /// Below this shadow length (a tilt under 4°) the pin is still upright for its contacts.
    static let uprightShadowIn = 1.0
    /// The head is about 2.5 in across; the taper from the belly is taken as linear.
    static let headRadiusIn = 1.25
    /// Fall time bounds. A pin tipped just past balance falls under gravity alone: a 15 in rod
    /// pivoting on its base takes about 0.35 s to lie flat from a few degrees of tilt. A harder blow
    /// turns it over faster (belly speed / centre-of-mass height as an angular speed), but a pin
    /// struck at the belly, below its centre of mass, is mostly launched rather than spun, so the
    /// fall is not taken shorter than 0.3 s (assumption; 0.08 s was tried: tips then swept at up to
    /// 300 in/s and carried nearly every hit, Brooklyns and light hits included).
    static let slowestFallS = 0.35
    static let fastestFallS = 0.3

    /// - Parameters:
    ///   - velocityChangeInPerS: the speed the knocking blow gave the pin; sets how fast it topples.
    init?(vxInPerS: Double, vyInPerS: Double, velocityChangeInPerS: Double, atS timeS: Double) {
        let speed = (vxInPerS * vxInPerS + vyInPerS * vyInPerS).squareRoot()
        guard speed > 0 else { return nil }
        directionX = vxInPerS / speed
        directionY = vyInPerS / speed
        startS = timeS
        // Quarter turn at the angular speed the blow gave it.
        let angularSpeedRadPerS = velocityChangeInPerS / Self.centreOfMassHeightIn
        fallTimeS = min(Self.slowestFallS, max(Self.fastestFallS, (Double.pi / 2) / angularSpeedRadPerS))
    }

    /// The length of the pin's top-down shadow and how fast it grows: height × sin(tilt), the tilt
    /// going from 0 to 90° over `fallTimeS`.
    func reach(atS timeS: Double) -> (lengthIn: Double, growthInPerS: Double) {
        let phase = min(1, max(0, (timeS - startS) / fallTimeS))
        // Lying flat: the values below at phase 1, without the trigonometry.
        guard phase < 1 else { return (Self.lyingReachIn, 0) }
        let angle = phase * Double.pi / 2
        return (Self.heightIn * sin(angle), Self.heightIn * cos(angle) * (Double.pi / 2) / fallTimeS)
    }

    /// `reach`'s length at phase 1, computed as it computes it (so the same double, whatever `sin` rounds to).
    static let lyingReachIn = heightIn * sin(1 * Double.pi / 2)

    /// Resolves a contact between this falling pin (`lying`, its base disc) and a standing disc.
    ///
    /// The contact point is the point of the pin's shadow nearest the other disc; its velocity is the
    /// base's plus the sweep of the falling body at that point. The impulse uses the pin's effective
    /// mass at that point (a rod struck a distance u from its centre of mass responds like a mass
    /// m / (1 + u²/k²)); the other disc gets the full impulse, the pin's base only the linear part
    /// (the rest goes into the rotation this flat model does not track). Linear momentum is conserved.
    /// - Returns: the speed change given to `other` and the height of the blow on it (the height of the
    ///   falling pin's axis at the contact, at least its lying belly radius), or nil when they do not
    ///   touch or are separating.
    ///   - reach: `reach(atS:)` at the time of the step, computed once per step by the caller.
    func collide(lying: inout Disc, other: inout Disc, reach: (lengthIn: Double, growthInPerS: Double),
                 restitution: Double) -> (velocityChangeInPerS: Double, blowHeightIn: Double)? {
        let (lengthIn, growthInPerS) = reach
        let dx = other.xIn - lying.xIn
        let dy = other.yIn - lying.yIn
        let alongIn = min(lengthIn, max(0, dx * directionX + dy * directionY))
        let px = dx - alongIn * directionX
        let py = dy - alongIn * directionY
        let distance = (px * px + py * py).squareRoot()
        let taper = alongIn / Self.heightIn
        let contactIn = lying.radiusIn - (lying.radiusIn - Self.headRadiusIn) * taper + other.radiusIn
        guard distance < contactIn else { return nil }
        // A centre right on the axis is pushed the way the pin falls.
        let nx = distance > 0 ? px / distance : directionX
        let ny = distance > 0 ? py / distance : directionY
        let sweepInPerS = lengthIn > 0 ? growthInPerS * alongIn / lengthIn : 0
        let pointVx = lying.vxInPerS + sweepInPerS * directionX
        let pointVy = lying.vyInPerS + sweepInPerS * directionY
        let normalSpeed = (other.vxInPerS - pointVx) * nx + (other.vyInPerS - pointVy) * ny
        guard normalSpeed < 0 else { return nil }
        // Where along the pin's axis the contact is: its shadow scaled by H / L; a pin that has only
        // just started to tip is still struck at the belly.
        let axisIn = lengthIn > Self.uprightShadowIn ? alongIn * Self.heightIn / lengthIn : Self.bellyHeightIn
        let leverIn = axisIn - Self.centreOfMassHeightIn
        let inverseLying = (1 + leverIn * leverIn / (Self.gyrationRadiusIn * Self.gyrationRadiusIn)) / lying.massKg
        let inverseOther = 1 / other.massKg
        let impulse = -(1 + restitution) * normalSpeed / (inverseLying + inverseOther)
        lying.vxInPerS -= impulse / lying.massKg * nx
        lying.vyInPerS -= impulse / lying.massKg * ny
        other.vxInPerS += impulse * inverseOther * nx
        other.vyInPerS += impulse * inverseOther * ny
        // The axis point whose shadow is `alongIn` out stands alongIn × cot(tilt) high, tilt = asin(L/H).
        let axisHeightIn = lengthIn > Self.uprightShadowIn
            ? alongIn * (Self.heightIn * Self.heightIn - lengthIn * lengthIn).squareRoot() / lengthIn
            : Self.bellyHeightIn
        return (impulse * inverseOther, max(Lane.pinRadiusIn, min(Self.bellyHeightIn, axisHeightIn)))
    }
}
