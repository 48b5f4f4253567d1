/// Where the seven arrow tips lie down the lane: a V, the outermost tips (boards 5 and 35) nearest the foul line,
/// each arrow 5 boards nearer the centre a step farther, the centre arrow (board 20) deepest. Lane makers differ
/// (DOMAIN.md), so `calibrate --auto` tries each of `known` and keeps the one the picture fits best.
public struct ArrowLayout: Sendable, Equatable, CustomStringConvertible {
    /// Distance of the tips on boards 5 and 35.
    public var nearestFt: Double
    /// How much farther each arrow 5 boards nearer the centre lies.
    public var stepFt: Double

    public init(nearestFt: Double, stepFt: Double) {
        self.nearestFt = nearestFt
        self.stepFt = stepFt
    }

    /// Distance of the tip of the arrow on `board` (5, 10, ... 35).
    public func distanceFt(board: Double) -> Double { nearestFt + stepFt * (3 - abs(board - Lane.centreBoard) / 5) }

    /// "13 to 16 ft": the outermost tips' distance to the centre tip's.
    public var description: String {
        "\(JSONText.number(nearestFt, digits: 2)) to \(JSONText.number(distanceFt(board: Lane.centreBoard), digits: 2)) ft"
    }

    /// The V 3 ft deep, board-20 tip at 16 ft: the common textbook layout and what the fixture renderer draws.
    public static let deep = ArrowLayout(nearestFt: 13, stepFt: 1)
    /// The V 1.5 ft deep, board-20 tip at 15 ft: measured on PBA broadcast lanes (train 04 and test 03 of the real
    /// clips, through the foul line, the head pin's base and the lane edges' vanishing point: 12.9 to 14.4 ft and
    /// 13.6 to 14.9 ft; docs/calibration.md).
    public static let shallow = ArrowLayout(nearestFt: 13.5, stepFt: 0.5)
    /// The layouts `calibrate --auto` chooses from, the default first.
    public static let known = [deep, shallow]
}
