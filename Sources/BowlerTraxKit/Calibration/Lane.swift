/// Lane dimensions from the USBC specifications (see DOMAIN.md).
///
/// Lane coordinates used throughout the library: `board` counted from the right
/// edge (centre of board 1 is 1.0, right edge 0.5, left edge 39.5), `distanceFt`
/// down-lane from the foul line. Metric lateral position `lateralFt` is measured
/// from the lane centre (board 20), positive toward higher boards.
public enum Lane {
    public static let boardCount = 39
    public static let widthIn = 41.5
    public static let boardWidthIn = widthIn / Double(boardCount)
    public static let boardWidthFt = boardWidthIn / 12
    public static let centreBoard = 20.0
    /// The lane's edges, in boards from the right edge.
    public static let rightEdgeBoard = 0.5
    public static let leftEdgeBoard = 39.5
    /// Foul line to the centre of the head-pin spot.
    public static let headPinDistanceFt = 60.0
    /// Where the ball first touches the head pin (DOMAIN.md: entry is measured here).
    public static let entryDistanceFt = 59.5
    /// Foul line to the pit: 62 ft 10 3/16 in.
    public static let pitDistanceFt = 62.0 + (10.0 + 3.0 / 16.0) / 12.0
    public static let gutterWidthIn = 9.25
    /// The ball's centre rides one radius above the lane.
    public static let ballRadiusIn = 4.25
    public static let ballRadiusFt = ballRadiusIn / 12
    /// A pin's radius at its belly (4.766 in across), the widest section, at about the height the ball's centre rides.
    public static let pinRadiusIn = 4.766 / 2
    public static let pinRadiusFt = pinRadiusIn / 12
    /// A pin's height (15 in).
    public static let pinHeightIn = 15.0
    public static let arrowBoards: [Double] = [5, 10, 15, 20, 25, 30, 35]
    /// The guide dots' boards from the right edge, and their distance past the foul line (DOMAIN.md: "about 7 ft").
    public static let guideDotBoards: [Double] = [3, 5, 8, 11, 14, 26, 29, 32, 35, 37]
    public static let guideDotDistanceFt = 7.0
    public static let pocketBoard = 17.5

    /// A pin's spot: its number (1 the head pin), its board from the right edge and its row behind the head pin.
    public struct PinSpot: Sendable {
        public let pin: Int
        public let board: Double
        public let row: Int
        /// Feet from the foul line to the spot's centre.
        public var distanceFt: Double { headPinDistanceFt + Double(row) * pinRowSpacingIn / 12 }
    }
    /// Pins stand on a 12 in equilateral grid: rows 12 in × sin 60° apart.
    public static let pinRowSpacingIn = 10.392
    /// The ten pin spots, front row first (DOMAIN.md).
    public static let pinSpots: [PinSpot] = zip([20, 25.64, 14.36, 31.28, 20, 8.72, 36.92, 25.64, 14.36, 3.08], [0, 1, 1, 2, 2, 2, 3, 3, 3, 3])
        .enumerated().map { PinSpot(pin: $0.offset + 1, board: $0.element.0, row: $0.element.1) }
    /// The head pin and the 2 and 3 pins: the ball meets one of them first.
    public static let frontPinSpots = pinSpots.filter { $0.row <= 1 }

    /// Lateral feet from the lane centre for a board counted from the right edge.
    public static func lateralFt(board: Double) -> Double { (board - centreBoard) * boardWidthFt }

    /// Board counted from the right edge for lateral feet from the lane centre.
    public static func board(lateralFt: Double) -> Double { lateralFt / boardWidthFt + centreBoard }
}
