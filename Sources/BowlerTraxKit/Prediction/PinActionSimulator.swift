import Foundation

/// A deterministic top-down simulation of one shot hitting the pins: the ball and the ten pins as
/// rigid discs that collide with impulses, pins knocking pins, walls and the pit.
///
/// Everything runs in the right-hander's frame (`PinDeck`); a left-hander's shot is the mirror
/// image, so it is simulated as the right-hander's shot with the same board and angle in the
/// bowler's own numbering and the standing pins are mapped through `PinDeck.mirroredPin`.
///
/// What a flat model leaves out, and how it is made up for: pins tip and fall in 3-D. A pin is
/// down as soon as a blow gives it enough speed to tip; from then on it falls in the direction it
/// was pushed and its body sweeps about its height across the deck (`FallingPin`), which is how
/// it takes out neighbours. The ball keeps its rotation through the blows and deck friction drives
/// it back toward its roll (`RollingBall`).
public struct PinActionSimulator: Sendable {
    /// Ball-pin coefficient of restitution: 0.65 to 0.75 is what is quoted for a reactive-resin ball
    /// on a plastic-coated maple pin; the middle of the range.
    var ballPinRestitution = 0.7
    /// Pin-pin restitution: plastic-coated maple on itself, 0.5 to 0.6 quoted; the middle.
    var pinPinRestitution = 0.55
    /// Kickback plates are padded plywood/phenolic; pins bounce back in but lose most of their
    /// normal speed (assumption, no published figure).
    var wallRestitution = 0.4
    /// Speed a blow at the belly (4.5 in up) must give a pin to knock it down. Pivoting on its base
    /// edge (base radius about 1 in, centre of mass 5.8 in up, radius of gyration about 4.3 in) a pin
    /// tips over once its centre of mass moves at about 6.5 in/s (its rotational energy about the
    /// edge must lift the centre of mass 0.09 in); struck at the belly, below the centre of mass, on
    /// a slick deck a pin partly slides instead of pivoting, so about twice that is needed
    /// (assumption: 12 in/s). Tipping takes angular momentum about the base, impulse × height, so a
    /// lower blow (a lying pin sliding into a standing one) needs proportionally more speed.
    var knockdownSpeedInPerS = 12.0
    /// Sliding friction of a pin on the deck: synthetic deck with a little oil, μ ≈ 0.15
    /// (assumption: "modest", between oiled lane 0.04 and dry boards 0.2, DOMAIN.md).
    var pinDeckFrictionCoefficient = 0.15
    /// The ball arrives still hooking: part of its side rotation has not yet turned into roll, so
    /// its surface moves toward higher boards faster than its centre. That side slip is taken as a
    /// fraction of the surface speed of the measured revs (350 rpm turns the surface at 156 in/s).
    /// On dry deck friction (μ 0.2) such a slip lasts slip / (μg (1 + r²/k²)): 0.25 × 156 in/s
    /// lasts 0.14 s, a little longer than the ball takes to cross the deck, so a strong ball keeps
    /// hooking through the pins and a 150 rpm ball stops halfway (assumption, 0.25; 0.1 to 0.6 move
    /// the strike probabilities by a few points only: on the deck friction acts for about 0.1 s).
    var sideSlipFraction = 0.25
    /// Used when the revs were not measured: a typical league bowler (DOMAIN.md: 150 to 600 rpm).
    var defaultRevRateRpm = 300.0
    /// The pins have settled by then; later motion is pinsetter time.
    var timeLimitS = 1.5
    /// Largest distance any disc moves in one step; small against the 2.4 in pin radius (contacts
    /// are rewound to first touch, so the step does not set the directions pins leave in).
    var maxStepIn = 0.5
    var maxTimeStepS = 0.002

    static let gravityInPerS2 = 386.09
    /// 1 mph in inches per second.
    static let inPerSPerMph = 17.6
    /// A pin slid off its spot by more than its radius has been moved off its base: it is down.
    static let offSpotDistanceIn = PinDeck.pinRadiusIn
    /// A pin slower than this cannot knock another down: pin on pin, a blow gives the struck pin at
    /// most (1 + e) / 2 of the striker's speed.
    var harmlessSpeedInPerS: Double { knockdownSpeedInPerS * 2 / (1 + pinPinRestitution) }
    /// Pins slower than this are at rest for the collision search.
    static let restSpeedInPerS = 0.5

    public init() {}

    /// Simulates one shot and returns the pins left standing, in the bowler's own pin numbers.
    /// - Parameters:
    ///   - entryBoard: board at 59.5 ft in the bowler's own numbering.
    ///   - entryAngleDeg: direction at 59.5 ft, positive toward higher boards.
    ///   - revRateRpm: nil uses `defaultRevRateRpm`.
    public func simulate(entryBoard: Double, entryAngleDeg: Double, entrySpeedMph: Double, revRateRpm: Double?, hand: Hand) -> Set<Int> {
        precondition(entryBoard.isFinite && entryAngleDeg.isFinite, "entry board and angle must be finite")
        precondition(entrySpeedMph.isFinite && entrySpeedMph > 0, "entry speed must be above 0 mph, got \(entrySpeedMph)")
        precondition(revRateRpm.map { $0.isFinite && $0 >= 0 } ?? true, "rev rate must be 0 rpm or more")
        let revSurfaceInPerS = (revRateRpm ?? defaultRevRateRpm) * 2 * Double.pi / 60 * Lane.ballRadiusIn
        let ball = entryBall(board: entryBoard, angleDeg: entryAngleDeg, speedMph: entrySpeedMph,
                             sideSlipInPerS: sideSlipFraction * revSurfaceInPerS)
        let standing = standingPins(ball: ball)
        switch hand {
        case .right: return standing
        case .left: return Set(standing.map(PinDeck.mirroredPin))
        }
    }

    /// The ball one foot before the entry point, so it starts clear of the head pin. On that foot
    /// friction on the side slip hooks it at μg toward higher boards while the slip shrinks; that
    /// is undone here so it passes the entry board at the entry angle with `sideSlipInPerS` left.
    func entryBall(board: Double, angleDeg: Double, speedMph: Double, sideSlipInPerS: Double) -> RollingBall {
        let speedInPerS = speedMph * Self.inPerSPerMph
        let angleRad = angleDeg * .pi / 180
        let vxIn = speedInPerS * sin(angleRad)
        let vyIn = speedInPerS * cos(angleRad)
        let backS = 12 / vyIn
        // Time the slip lasts going back from the entry at the rate friction shrinks it.
        let friction = RollingBall.frictionAccelerationInPerS2
        let hookS = sideSlipInPerS > 0 ? backS : 0
        let startVxIn = vxIn - friction * hookS
        let startSlipIn = sideSlipInPerS + friction * (1 + RollingBall.spinResponse) * hookS
        let disc = Disc(xIn: Lane.lateralFt(board: board) * 12 - vxIn * backS + 0.5 * friction * hookS * hookS,
                        yIn: PinDeck.entryYIn - 12, vxInPerS: startVxIn, vyInPerS: vyIn,
                        radiusIn: Lane.ballRadiusIn, massKg: PinDeck.ballMassKg)
        return RollingBall(disc: disc, rollVxInPerS: startVxIn + startSlipIn, rollVyInPerS: vyIn)
    }

    /// Runs the deck to rest and returns the right-handed numbers of the pins still standing.
    func standingPins(ball entryBall: RollingBall) -> Set<Int> {
        var ball = entryBall
        var ballOnDeck = true
        var pins = PinDeck.spots.map {
            Disc(xIn: $0.xIn, yIn: $0.yIn, vxInPerS: 0, vyInPerS: 0, radiusIn: PinDeck.pinRadiusIn, massKg: PinDeck.pinMassKg)
        }
        var active = [Bool](repeating: true, count: pins.count)
        var falling = [FallingPin?](repeating: nil, count: pins.count)
        var gone = [Bool](repeating: false, count: pins.count)
        var moving = [Bool](repeating: false, count: pins.count)
        var reaches = [(lengthIn: Double, growthInPerS: Double)](repeating: (0, 0), count: pins.count)
        let frictionInPerS2 = pinDeckFrictionCoefficient * Self.gravityInPerS2
        var timeS = 0.0
        while timeS < timeLimitS {
            var maxSpeed = ballOnDeck ? ball.disc.speedInPerS : 0
            var canStillKnock = ballOnDeck
            for index in pins.indices where active[index] {
                let speed = pins[index].speedInPerS
                maxSpeed = max(maxSpeed, speed)
                reaches[index] = falling[index]?.reach(atS: timeS) ?? (0, 0)
                let stillFalling = reaches[index].growthInPerS > 0
                moving[index] = speed > Self.restSpeedInPerS || stillFalling
                if speed >= harmlessSpeedInPerS || stillFalling {
                    canStillKnock = true
                } else if falling[index] != nil || gone[index] {
                    // A pin lying still can no longer knock anything down: leave it out.
                    active[index] = false
                }
            }
            if !canStillKnock { break }
            let dtS = min(maxTimeStepS, maxStepIn / max(maxSpeed, 1))
            timeS += dtS
            if ballOnDeck {
                ball.applyFriction(dtS: dtS)
                ball.disc.xIn += ball.disc.vxInPerS * dtS
                ball.disc.yIn += ball.disc.vyInPerS * dtS
                // A ball past the lane edge drops into the gutter and rolls below the pins' bellies.
                ballOnDeck = abs(ball.disc.xIn) <= PinDeck.laneHalfWidthIn && ball.disc.yIn <= PinDeck.pitYIn
            }
            for index in pins.indices where active[index] {
                slowDown(&pins[index], byInPerS: frictionInPerS2 * dtS)
                pins[index].xIn += pins[index].vxInPerS * dtS
                pins[index].yIn += pins[index].vyInPerS * dtS
                bounceOffKickbacks(&pins[index])
                if pins[index].yIn > PinDeck.pitYIn || pins[index].yIn < PinDeck.deckFrontYIn {
                    active[index] = false
                    gone[index] = true
                } else if abs(pins[index].xIn) > PinDeck.laneHalfWidthIn {
                    gone[index] = true
                }
            }
            for index in pins.indices where ballOnDeck && active[index] {
                guard let closingInPerS = Disc.collide(&ball.disc, &pins[index], restitution: ballPinRestitution) else { continue }
                knock(index, velocityChangeInPerS: Disc.velocityChange(of: pins[index], by: ball.disc, closingInPerS: closingInPerS,
                                                                       restitution: ballPinRestitution),
                      blowHeightIn: FallingPin.bellyHeightIn, atS: timeS, pins: pins, falling: &falling)
            }
            for first in pins.indices where active[first] {
                // Two pins at rest cannot meet: only pairs with a mover are checked.
                for second in (first + 1)..<pins.count where active[second] && (moving[first] || moving[second]) {
                    collidePins(first, second, pins: &pins, falling: &falling, reaches: reaches, atS: timeS)
                }
            }
        }
        var standing = Set<Int>()
        for index in pins.indices where falling[index] == nil && !gone[index] {
            let spot = PinDeck.spots[index]
            let offSpotIn = hypot(pins[index].xIn - spot.xIn, pins[index].yIn - spot.yIn)
            if offSpotIn <= Self.offSpotDistanceIn { standing.insert(index + 1) }
        }
        return standing
    }

    /// One pin-pin contact: a falling pin's sweep against a standing pin, else the two bellies.
    private func collidePins(_ first: Int, _ second: Int, pins: inout [Disc], falling: inout [FallingPin?],
                             reaches: [(lengthIn: Double, growthInPerS: Double)], atS timeS: Double) {
        var a = pins[first], b = pins[second]
        defer { pins[first] = a; pins[second] = b }
        switch (falling[first], falling[second]) {
        case let (.some(fallingPin), .none):
            if let blow = fallingPin.collide(lying: &a, other: &b, reach: reaches[first], restitution: pinPinRestitution) {
                pins[second] = b
                knock(second, velocityChangeInPerS: blow.velocityChangeInPerS, blowHeightIn: blow.blowHeightIn, atS: timeS, pins: pins, falling: &falling)
            }
        case let (.none, .some(fallingPin)):
            if let blow = fallingPin.collide(lying: &b, other: &a, reach: reaches[second], restitution: pinPinRestitution) {
                pins[first] = a
                knock(first, velocityChangeInPerS: blow.velocityChangeInPerS, blowHeightIn: blow.blowHeightIn, atS: timeS, pins: pins, falling: &falling)
            }
        default:
            guard let closingInPerS = Disc.collide(&a, &b, restitution: pinPinRestitution) else { return }
            pins[first] = a
            pins[second] = b
            knock(first, velocityChangeInPerS: Disc.velocityChange(of: a, by: b, closingInPerS: closingInPerS, restitution: pinPinRestitution),
                  blowHeightIn: FallingPin.bellyHeightIn, atS: timeS, pins: pins, falling: &falling)
            knock(second, velocityChangeInPerS: Disc.velocityChange(of: b, by: a, closingInPerS: closingInPerS, restitution: pinPinRestitution),
                  blowHeightIn: FallingPin.bellyHeightIn, atS: timeS, pins: pins, falling: &falling)
        }
    }

    /// Knocks pin `index` down when a blow gave it more than the knockdown speed; it falls the way it now moves.
    private func knock(_ index: Int, velocityChangeInPerS: Double, blowHeightIn: Double, atS timeS: Double, pins: [Disc],
                       falling: inout [FallingPin?]) {
        // The pin's speed, not just this blow's share: a pin shoved by several quick contacts (a
        // sliding pin pushing it along) tips as surely as one struck once.
        let speedInPerS = max(velocityChangeInPerS, pins[index].speedInPerS)
        guard falling[index] == nil,
              speedInPerS * blowHeightIn > knockdownSpeedInPerS * FallingPin.bellyHeightIn else { return }
        falling[index] = FallingPin(vxInPerS: pins[index].vxInPerS, vyInPerS: pins[index].vyInPerS,
                                    velocityChangeInPerS: velocityChangeInPerS, atS: timeS)
    }

    private func slowDown(_ disc: inout Disc, byInPerS deltaInPerS: Double) {
        let speed = disc.speedInPerS
        guard speed > 0 else { return }
        let scale = max(0, speed - deltaInPerS) / speed
        disc.vxInPerS *= scale
        disc.vyInPerS *= scale
    }

    private func bounceOffKickbacks(_ disc: inout Disc) {
        let limitIn = PinDeck.kickbackXIn - disc.radiusIn
        if disc.xIn > limitIn, disc.vxInPerS > 0 {
            disc.xIn = limitIn
            disc.vxInPerS *= -wallRestitution
        } else if disc.xIn < -limitIn, disc.vxInPerS < 0 {
            disc.xIn = -limitIn
            disc.vxInPerS *= -wallRestitution
        }
    }
}
