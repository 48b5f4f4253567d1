/// The pin deck seen from above, in the right-hander's frame (DOMAIN.md).
///
/// Coordinates of the simulation: `x` inches from the lane centre (board 20), positive toward
/// higher boards (`Lane.lateralFt(board:)` in inches); `y` inches down-lane from the head-pin
/// spot (60 ft). Pins are numbered 1...10; index `pin - 1` in the arrays below.
enum PinDeck {
    static let pinCount = 10
    /// 3 lb 6 oz to 3 lb 10 oz (USBC); 3.5 lb = 1.59 kg.
    static let pinMassKg = 1.59
    /// 15 lb, the most common ball weight among adults (DOMAIN.md allows up to 16 lb).
    static let ballMassKg = 6.8
    /// Spot of each pin, index `pin - 1`.
    static let spots: [(xIn: Double, yIn: Double)] = Lane.pinSpots.map { spot in
        (xIn: Lane.lateralFt(board: spot.board) * 12, yIn: Double(spot.row) * Lane.pinRowSpacingIn)
    }

    /// The lane's edges: a pin whose centre crosses one has fallen into the gutter.
    static let laneHalfWidthIn = Lane.widthIn / 2
    /// Kickback plates stand beyond the gutters, one gutter width outside the lane edge.
    static let kickbackXIn = laneHalfWidthIn + Lane.gutterWidthIn
    /// Foul line to the pit (62 ft 10 3/16 in) measured from the head-pin spot.
    static let pitYIn = (Lane.pitDistanceFt - Lane.headPinDistanceFt) * 12
    /// Entry (59.5 ft, DOMAIN.md) measured from the head-pin spot: 6 in in front of it.
    static let entryYIn = (Lane.entryDistanceFt - Lane.headPinDistanceFt) * 12
    /// The pin deck starts about 3 ft in front of the head pin (USBC: 34 3/16 in); a pin pushed
    /// back past it has left the deck.
    static let deckFrontYIn = -34.1875

    /// A left-hander's pin seen in the right-hander's mirror frame: 1↔1, 2↔3, 4↔6, 5↔5, 7↔10, 8↔9.
    static func mirroredPin(_ pin: Int) -> Int {
        let mirror = [1, 3, 2, 6, 5, 4, 10, 9, 8, 7]
        precondition((1...pinCount).contains(pin), "pin number \(pin) outside 1...10")
        return mirror[pin - 1]
    }
}
