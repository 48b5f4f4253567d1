import Glibc

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
    static let offSpotDistanceIn = Lane.pinRadiusIn
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
        var deck = PinDeck.spots.map(DeckPin.init(spot:))
        deck.withUnsafeMutableBufferPointer { runToRest(ball: entryBall, pins: $0) }
        var standing = Set<Int>()
        for (index, pin) in deck.enumerated() where pin.falling == nil && !pin.gone {
            let spot = PinDeck.spots[index]
            let offSpotIn = hypot(pin.disc.xIn - spot.xIn, pin.disc.yIn - spot.yIn)
            if offSpotIn <= Self.offSpotDistanceIn { standing.insert(index + 1) }
        }
        return standing
    }

    /// Steps the ball and `pins` in time until nothing can knock a pin down any more.
    private func runToRest(ball entryBall: RollingBall, pins: UnsafeMutableBufferPointer<DeckPin>) {
        var ball = entryBall
        var ballOnDeck = true
        let frictionInPerS2 = pinDeckFrictionCoefficient * Self.gravityInPerS2
        let harmlessSpeedInPerS = self.harmlessSpeedInPerS
        var timeS = 0.0
        while timeS < timeLimitS {
            var maxSpeed = ballOnDeck ? ball.disc.speedInPerS : 0
            var canStillKnock = ballOnDeck
            // Whether any pin may still be standing at the end: once every pin is down or gone, nothing that
            // happens later can change the result (a pin that fell or left never stands again; inactive pins did).
            var undecided = false
            // Bit i for pin i, for the pair search below (the flags do not change during it).
            var movingPins: UInt16 = 0, activePins: UInt16 = 0
            for index in pins.indices where pins[index].active {
                undecided = undecided || (pins[index].falling == nil && !pins[index].gone)
                let speed = pins[index].disc.speedInPerS
                pins[index].speedInPerS = speed
                maxSpeed = max(maxSpeed, speed)
                pins[index].updateReach(atS: timeS)
                let stillFalling = pins[index].reach.growthInPerS > 0
                pins[index].moving = speed > Self.restSpeedInPerS || stillFalling
                if pins[index].moving { movingPins |= 1 << index }
                if speed >= harmlessSpeedInPerS || stillFalling {
                    canStillKnock = true
                } else if pins[index].falling != nil || pins[index].gone {
                    // A pin lying still can no longer knock anything down: leave it out.
                    pins[index].active = false
                }
            }
            if !canStillKnock || !undecided { break }
            let dtS = min(maxTimeStepS, maxStepIn / max(maxSpeed, 1))
            timeS += dtS
            if ballOnDeck {
                ball.applyFriction(dtS: dtS)
                ball.disc.xIn += ball.disc.vxInPerS * dtS
                ball.disc.yIn += ball.disc.vyInPerS * dtS
                // A ball past the lane edge drops into the gutter and rolls below the pins' bellies.
                ballOnDeck = abs(ball.disc.xIn) <= PinDeck.laneHalfWidthIn && ball.disc.yIn <= PinDeck.pitYIn
            }
            let slowingInPerS = frictionInPerS2 * dtS
            for index in pins.indices where pins[index].active {
                // Nothing has changed the pin's velocity since its speed was taken above.
                slowDown(&pins[index].disc, speedInPerS: pins[index].speedInPerS, byInPerS: slowingInPerS)
                pins[index].disc.xIn += pins[index].disc.vxInPerS * dtS
                pins[index].disc.yIn += pins[index].disc.vyInPerS * dtS
                bounceOffKickbacks(&pins[index].disc)
                if pins[index].disc.yIn > PinDeck.pitYIn || pins[index].disc.yIn < PinDeck.deckFrontYIn {
                    pins[index].active = false
                    pins[index].gone = true
                } else if abs(pins[index].disc.xIn) > PinDeck.laneHalfWidthIn {
                    pins[index].gone = true
                }
                if pins[index].active { activePins |= 1 << index }
            }
            if ballOnDeck {
                for index in pins.indices where pins[index].active {
                    guard let closingInPerS = Disc.collide(&ball.disc, &pins[index].disc, restitution: ballPinRestitution) else { continue }
                    knock(&pins[index], velocityChangeInPerS: Disc.velocityChange(of: pins[index].disc, by: ball.disc, closingInPerS: closingInPerS,
                                                                                  restitution: ballPinRestitution),
                          blowHeightIn: FallingPin.bellyHeightIn, atS: timeS)
                }
            }
            collidePairs(pins, active: activePins, moving: movingPins, atS: timeS)
        }
    }

    /// Every pair of active pins (bits of `active`) with a mover among them (bits of `moving`), in the order of
    /// the nested loop first < second, that may touch: two pins at rest cannot meet.
    private func collidePairs(_ pins: UnsafeMutableBufferPointer<DeckPin>, active: UInt16, moving: UInt16, atS timeS: Double) {
        var firsts = active
        while firsts != 0 {
            let first = firsts.trailingZeroBitCount
            firsts &= firsts - 1
            var seconds = firsts & (moving & 1 << first != 0 ? active : moving)
            while seconds != 0 {
                let second = seconds.trailingZeroBitCount
                seconds &= seconds - 1
                guard DeckPin.mayTouch(pins[first], pins[second]) else { continue }
                collidePins(&pins[first], &pins[second], atS: timeS)
            }
        }
    }

    /// One pin-pin contact: a falling pin's sweep against a standing pin, else the two bellies.
    private func collidePins(_ first: inout DeckPin, _ second: inout DeckPin, atS timeS: Double) {
        switch (first.falling, second.falling) {
        case let (.some(fallingPin), .none):
            sweep(fallingPin, lying: &first, against: &second, atS: timeS)
        case let (.none, .some(fallingPin)):
            sweep(fallingPin, lying: &second, against: &first, atS: timeS)
        default:
            guard let closingInPerS = Disc.collide(&first.disc, &second.disc, restitution: pinPinRestitution) else { return }
            knock(&first, velocityChangeInPerS: Disc.velocityChange(of: first.disc, by: second.disc, closingInPerS: closingInPerS,
                                                                    restitution: pinPinRestitution),
                  blowHeightIn: FallingPin.bellyHeightIn, atS: timeS)
            knock(&second, velocityChangeInPerS: Disc.velocityChange(of: second.disc, by: first.disc, closingInPerS: closingInPerS,
                                                                     restitution: pinPinRestitution),
                  blowHeightIn: FallingPin.bellyHeightIn, atS: timeS)
        }
    }

    /// A falling pin's body against a standing one, which the blow may knock down.
    private func sweep(_ fallingPin: FallingPin, lying: inout DeckPin, against standing: inout DeckPin, atS timeS: Double) {
        guard let blow = fallingPin.collide(lying: &lying.disc, other: &standing.disc, reach: lying.reach, restitution: pinPinRestitution) else { return }
        knock(&standing, velocityChangeInPerS: blow.velocityChangeInPerS, blowHeightIn: blow.blowHeightIn, atS: timeS)
    }

    /// Knocks `pin` down when a blow gave it more than the knockdown speed; it falls the way it now moves.
    private func knock(_ pin: inout DeckPin, velocityChangeInPerS: Double, blowHeightIn: Double, atS timeS: Double) {
        guard pin.falling == nil else { return }
        // The pin's speed, not just this blow's share: a pin shoved by several quick contacts (a
        // sliding pin pushing it along) tips as surely as one struck once.
        let speedInPerS = max(velocityChangeInPerS, pin.disc.speedInPerS)
        guard speedInPerS * blowHeightIn > knockdownSpeedInPerS * FallingPin.bellyHeightIn else { return }
        pin.falling = FallingPin(vxInPerS: pin.disc.vxInPerS, vyInPerS: pin.disc.vyInPerS,
                                 velocityChangeInPerS: velocityChangeInPerS, atS: timeS)
    }

    /// Deck friction: `disc`, moving at `speedInPerS`, slows by `deltaInPerS` (to a stop at most).
    private func slowDown(_ disc: inout Disc, speedInPerS speed: Double, byInPerS deltaInPerS: Double) {
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
