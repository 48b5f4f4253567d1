/// One pin of the pin-action simulation with everything the time steps track about it, kept together so
/// a step reads each pin from one place (`PinActionSimulator.standingPins`).
struct DeckPin {
    var disc: Disc
    /// False once the pin can no longer matter: lying still, or off the deck.
    var active = true
    /// Set when a blow knocked the pin down.
    var falling: FallingPin?
    /// Off the deck or in the gutter.
    var gone = false
    /// Moving or still toppling at the start of the step: a pair of pins at rest cannot meet.
    var moving = false
    /// The falling pin's `reach(atS:)` at the start of the step; none while it stands (`updateReach`).
    private(set) var reach: (lengthIn: Double, growthInPerS: Double) = (0, 0)
    /// The reach and the belly's radius, with half an inch to spare: how close another pin's edge must come (`mayTouch`).
    private(set) var touchIn = Lane.pinRadiusIn + 0.5
    /// `disc.speedInPerS` at the start of the step, before deck friction slows it.
    var speedInPerS = 0.0

    init(spot: (xIn: Double, yIn: Double)) {
        disc = Disc(xIn: spot.xIn, yIn: spot.yIn, vxInPerS: 0, vyInPerS: 0, radiusIn: Lane.pinRadiusIn, massKg: PinDeck.pinMassKg)
    }

    mutating func updateReach(atS timeS: Double) {
        reach = falling?.reach(atS: timeS) ?? (0, 0)
        touchIn = reach.lengthIn + disc.radiusIn + 0.5
    }

    /// False when the two are too far apart for any contact `PinActionSimulator` resolves: the bellies' or a
    /// falling pin's shadow against the other. The shadow reaches `reach.lengthIn` past its base and no wider
    /// than the belly, so a contact needs the centres closer than both reaches and both radii; the inch to
    /// spare keeps rounding from ever ruling out a contact the exact tests would find.
    static func mayTouch(_ a: DeckPin, _ b: DeckPin) -> Bool {
        let dx = b.disc.xIn - a.disc.xIn, dy = b.disc.yIn - a.disc.yIn
        let boundIn = a.touchIn + b.touchIn
        return dx * dx + dy * dy < boundIn * boundIn
    }
}
