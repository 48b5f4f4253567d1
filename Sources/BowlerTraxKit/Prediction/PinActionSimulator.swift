import Foundation

/// A deterministic top-down simulation of one shot hitting the pins: the ball and the ten pins as
/// rigid discs that collide with impulses, pins knocking pins, walls and the pit.
///
/// Everything runs in the right-hander's frame (`PinDeck`); a left-hander's shot is the mirror
/// image, so it is simulated as the right-hander's shot with the same board and angle in the
/// bowler's own numbering and the standing pins are mapped through `PinDeck.mirroredPin`.
///
/// What a flat model leaves out: pins tip, fly and tumble in 3-D, sweeping more deck than a sliding
/// disc. A pin is counted as down as soon as it is hit hard enough to tip, and keeps moving as a
/// disc that can take out its neighbours. (A fallen pin's reach modelled as a disc growing to 3-4 in
/// was tried: it carried nearly everything, Brooklyn hits included, so the plain disc stays.)
public struct PinActionSimulator: Sendable {
    /// Ball-pin coefficient of restitution: 0.65 to 0.75 is what is quoted for a reactive-resin ball
    /// on a plastic-coated maple pin; the middle of the range.
    var ballPinRestitution = 0.7
    /// Pin-pin restitution: plastic-coated maple on itself, 0.5 to 0.6 quoted; the middle.
    var pinPinRestitution = 0.55
    /// Kickback plates are padded plywood/phenolic; pins bounce back in but lose most of their
    /// normal speed (assumption, no published figure).
    var wallRestitution = 0.4
    /// Relative normal speed above which a struck pin goes down. Pivoting on its base edge a pin
    /// (3.5 lb, centre of mass about 5.8 in up, base radius about 1 in) tips once its belly moves at
    /// about 6 in/s; but a pin struck at the belly, below its centre of mass, on a slick deck partly
    /// slides and wobbles rather than pivots, so a glancing touch can leave it standing. 20 in/s
    /// (1.1 mph) is an assumption in between; the results change little from 10 to 30 in/s.
    var knockdownSpeedInPerS = 20.0
    /// Sliding friction of a pin on the deck: synthetic deck with a little oil, μ ≈ 0.15
    /// (assumption: "modest", between oiled lane 0.04 and dry boards 0.2, DOMAIN.md).
    var pinDeckFrictionCoefficient = 0.15
    /// The ball keeps hooking on the deck: a ball with side rotation meets dry boards behind the
    /// oil and friction at the contact point pushes it toward higher boards, the more the more it
    /// spins. Modelled as a lateral acceleration proportional to the rev rate, capped by dry-board
    /// friction (μ 0.2 × g). 0.2 in/s² per rpm reaches that cap at 386 rpm (assumption; 0.1 and 0.2
    /// both keep the best carry at 17.5/6°, 0.2 separates it more from 2.5°: 73 % against 61 %).
    var hookAccelerationInPerS2PerRpm = 0.2
    var maxHookAccelerationInPerS2 = 0.2 * gravityInPerS2
    /// Used when the revs were not measured: a typical league bowler (DOMAIN.md: 150 to 600 rpm).
    var defaultRevRateRpm = 300.0
    /// The pins have settled by then; later motion is pinsetter time.
    var timeLimitS = 1.5
    /// Largest distance any disc moves in one step; small against the 2.4 in pin radius.
    var maxStepIn = 0.3
    var maxTimeStepS = 0.002

    static let gravityInPerS2 = 386.09
    /// 1 mph in inches per second.
    static let inPerSPerMph = 17.6
    /// A pin slid off its spot by more than its radius has been moved off its base: it is down.
    static let offSpotDistanceIn = PinDeck.pinRadiusIn
    /// Discs slower than this have stopped.
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
        let hookInPerS2 = min(maxHookAccelerationInPerS2, hookAccelerationInPerS2PerRpm * (revRateRpm ?? defaultRevRateRpm))
        let standing = standingPins(ball: entryBall(board: entryBoard, angleDeg: entryAngleDeg, speedMph: entrySpeedMph, hookInPerS2: hookInPerS2),
                                    hookInPerS2: hookInPerS2)
        switch hand {
        case .right: return standing
        case .left: return Set(standing.map(PinDeck.mirroredPin))
        }
    }

    /// The ball one foot before the entry point, so it starts clear of the head pin, with the
    /// hook on that last foot undone so it passes the entry board at the entry angle.
    func entryBall(board: Double, angleDeg: Double, speedMph: Double, hookInPerS2: Double) -> Disc {
        let speedInPerS = speedMph * Self.inPerSPerMph
        let angleRad = angleDeg * .pi / 180
        let vxIn = speedInPerS * sin(angleRad)
        let vyIn = speedInPerS * cos(angleRad)
        let backS = 12 / vyIn
        return Disc(xIn: Lane.lateralFt(board: board) * 12 - vxIn * backS + 0.5 * hookInPerS2 * backS * backS,
                    yIn: PinDeck.entryYIn - 12,
                    vxInPerS: vxIn - hookInPerS2 * backS, vyInPerS: vyIn,
                    radiusIn: Lane.ballRadiusIn, massKg: PinDeck.ballMassKg)
    }

    /// Runs the deck to rest and returns the right-handed numbers of the pins still standing.
    func standingPins(ball: Disc, hookInPerS2: Double) -> Set<Int> {
        // Index 0 is the ball, 1...10 the pins.
        var discs = [ball] + PinDeck.spots.map {
            Disc(xIn: $0.xIn, yIn: $0.yIn, vxInPerS: 0, vyInPerS: 0, radiusIn: PinDeck.pinRadiusIn, massKg: PinDeck.pinMassKg)
        }
        var active = [Bool](repeating: true, count: discs.count)
        var down = [Bool](repeating: false, count: discs.count)
        let frictionInPerS2 = pinDeckFrictionCoefficient * Self.gravityInPerS2
        var timeS = 0.0
        while timeS < timeLimitS {
            var maxSpeed = 0.0
            for index in discs.indices where active[index] { maxSpeed = max(maxSpeed, discs[index].speedInPerS) }
            if maxSpeed < Self.restSpeedInPerS && !active[0] { break }
            let dtS = min(maxTimeStepS, maxStepIn / max(maxSpeed, 1))
            timeS += dtS
            for index in discs.indices where active[index] {
                if index == 0 {
                    discs[0].vxInPerS += hookInPerS2 * dtS
                } else {
                    slowDown(&discs[index], byInPerS: frictionInPerS2 * dtS)
                }
                discs[index].xIn += discs[index].vxInPerS * dtS
                discs[index].yIn += discs[index].vyInPerS * dtS
                bounceOffKickbacks(&discs[index])
                // A ball past the lane edge drops into the gutter and rolls below the pins' bellies.
                let inGutter = index == 0 && abs(discs[0].xIn) > PinDeck.laneHalfWidthIn
                if inGutter || discs[index].yIn > PinDeck.pitYIn || discs[index].yIn < PinDeck.deckFrontYIn {
                    active[index] = false
                    down[index] = true
                } else if abs(discs[index].xIn) > PinDeck.laneHalfWidthIn {
                    down[index] = true
                }
            }
            for first in discs.indices where active[first] {
                for second in (first + 1)..<discs.count where active[second] {
                    let restitution = first == 0 ? ballPinRestitution : pinPinRestitution
                    var a = discs[first], b = discs[second]
                    guard let normalSpeed = Disc.collide(&a, &b, restitution: restitution) else { continue }
                    discs[first] = a
                    discs[second] = b
                    if normalSpeed > knockdownSpeedInPerS {
                        down[first] = true
                        down[second] = true
                    }
                }
            }
        }
        var standing = Set<Int>()
        for pin in 1...PinDeck.pinCount where !down[pin] {
            let spot = PinDeck.spots[pin - 1]
            let offSpotIn = hypot(discs[pin].xIn - spot.xIn, discs[pin].yIn - spot.yIn)
            if offSpotIn <= Self.offSpotDistanceIn { standing.insert(pin) }
        }
        return standing
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
