import Foundation

/// The lane drawn as inline SVG, seen from behind the bowler: foul line at the bottom, pins at the top,
/// board 1 of a right-hander on the right. Boards across, feet down-lane; every shot's path on top.
///
/// Drawn to scale on both axes in feet when `boardStretch` is 1; a lane is 17 times longer than it is wide,
/// so the report also draws it with the boards stretched to make paths readable, and says so.
public struct LaneDrawing: Sendable {
    /// One path to draw: lane points in the bowler's own board numbering, and the colour of its session.
    public struct Path: Sendable {
        public var shotID: Int64
        public var hand: Hand
        /// (board in the bowler's numbering, feet from the foul line).
        public var points: [(board: Double, distanceFt: Double)]
        public var color: String
    }

    public var heightPx: Double
    /// How many times wider than true scale the lane is drawn.
    public var boardStretch: Double
    /// CSS class on every shot's `<path>`, so a test or a stylesheet can find them.
    public var pathClass: String

    /// Feet shown: a little of the approach, up to the pit.
    static let nearFt = -2.0
    static let farFt = Lane.pitDistanceFt
    static let marginPx = 26.0

    public init(heightPx: Double, boardStretch: Double, pathClass: String) {
        self.heightPx = heightPx
        self.boardStretch = boardStretch
        self.pathClass = pathClass
    }

    var pxPerFt: Double { (heightPx - 2 * Self.marginPx) / (Self.farFt - Self.nearFt) }
    var laneWidthPx: Double { Lane.widthIn / 12 * pxPerFt * boardStretch }
    public var widthPx: Double { laneWidthPx + 2 * Self.marginPx }

    /// x of a board counted from the right edge (the calibration's numbering): right edge 0.5 on the right.
    func x(rightBoard: Double) -> Double { Self.marginPx + (39.5 - rightBoard) / 39 * laneWidthPx }
    func y(distanceFt: Double) -> Double { Self.marginPx + (Self.farFt - distanceFt) * pxPerFt }

    /// The whole `<svg>` element.
    public func svg(paths: [Path], title: String) -> String {
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"lane\" width=\"\(f(widthPx))\" height=\"\(f(heightPx))\" viewBox=\"0 0 \(f(widthPx)) \(f(heightPx))\" role=\"img\" aria-label=\"\(HTMLText.escape(title))\">\n"
        svg += "<title>\(HTMLText.escape(title))</title>\n"
        svg += surface()
        for path in paths where path.points.count >= 2 {
            let d = path.points.enumerated().map { index, point in
                let rightBoard = path.hand == .right ? point.board : 40 - point.board
                return (index == 0 ? "M" : "L") + f(x(rightBoard: rightBoard)) + " " + f(y(distanceFt: point.distanceFt))
            }.joined(separator: " ")
            svg += "<path class=\"\(pathClass)\" data-shot-id=\"\(path.shotID)\" d=\"\(d)\" fill=\"none\" stroke=\"\(path.color)\" stroke-width=\"1.6\" stroke-opacity=\"0.85\"/>\n"
        }
        return svg + "</svg>\n"
    }

    /// Wood, boards every 5, foul line, guide dots, arrows, pin spots and distance marks.
    private func surface() -> String {
        let left = x(rightBoard: 39.5), right = x(rightBoard: 0.5)
        let foul = y(distanceFt: 0), pit = y(distanceFt: Self.farFt)
        var svg = "<rect x=\"\(f(left))\" y=\"\(f(pit))\" width=\"\(f(right - left))\" height=\"\(f(y(distanceFt: Self.nearFt) - pit))\" fill=\"#ecd2a4\" stroke=\"#7a5a2e\"/>\n"
        for board in stride(from: 5.5, through: 34.5, by: 5) {
            svg += line(x(rightBoard: board), pit, x(rightBoard: board), foul, stroke: "#c9a66b", width: 0.6)
        }
        svg += line(left, foul, right, foul, stroke: "#b0302a", width: 2)
        for distanceFt in stride(from: 10.0, through: 60, by: 10) {
            let yPx = y(distanceFt: distanceFt)
            svg += line(left - 4, yPx, left, yPx, stroke: "#555", width: 1)
            svg += "<text x=\"\(f(left - 6))\" y=\"\(f(yPx + 3))\" font-size=\"9\" text-anchor=\"end\" fill=\"#444\">\(Int(distanceFt))</text>\n"
        }
        svg += "<text x=\"\(f(left - 6))\" y=\"\(f(foul + 3))\" font-size=\"9\" text-anchor=\"end\" fill=\"#444\">0 ft</text>\n"
        // Board numbers only where they fit side by side (not on the narrow true-scale lane).
        let labelBoards = laneWidthPx / 39 * 5 >= 14
        for board in Lane.arrowBoards {
            if labelBoards { svg += "<text x=\"\(f(x(rightBoard: board)))\" y=\"\(f(heightPx - 8))\" font-size=\"8\" text-anchor=\"middle\" fill=\"#444\">\(Int(board))</text>\n" }
            // Drawing only: each lane's real arrow distances differ (DOMAIN.md); a V from 13.3 ft (boards 5, 35) to 16 ft (board 20).
            let tipFt = 16 - 0.9 * abs(board - 20) / 5
            let xPx = x(rightBoard: board), tipPx = y(distanceFt: tipFt), halfPx = max(1.5, 0.4 * laneWidthPx / 39)
            svg += "<polygon class=\"arrow\" points=\"\(f(xPx)),\(f(tipPx)) \(f(xPx - halfPx)),\(f(tipPx + 6)) \(f(xPx + halfPx)),\(f(tipPx + 6))\" fill=\"#5b3a12\"/>\n"
        }
        for board in [3.0, 5, 8, 11, 14, 26, 29, 32, 35, 37] {
            svg += "<circle cx=\"\(f(x(rightBoard: board)))\" cy=\"\(f(y(distanceFt: 7)))\" r=\"1.2\" fill=\"#5b3a12\"/>\n"
        }
        let pinRadiusFt = 4.766 / 2 / 12
        for spot in Self.pinSpots {
            svg += "<ellipse class=\"pin\" cx=\"\(f(x(rightBoard: spot.board)))\" cy=\"\(f(y(distanceFt: spot.distanceFt)))\" rx=\"\(f(pinRadiusFt * pxPerFt * boardStretch))\" ry=\"\(f(pinRadiusFt * pxPerFt))\" fill=\"#fff\" stroke=\"#333\" stroke-width=\"0.8\"/>\n"
        }
        return svg
    }

    /// Pin spots in right-handed boards and feet (DOMAIN.md).
    static let pinSpots: [(board: Double, distanceFt: Double)] = {
        let rowFt = 10.392 / 12
        return [(20, 60), (25.64, 60 + rowFt), (14.36, 60 + rowFt), (31.28, 60 + 2 * rowFt), (20, 60 + 2 * rowFt), (8.72, 60 + 2 * rowFt),
                (36.92, 60 + 3 * rowFt), (25.64, 60 + 3 * rowFt), (14.36, 60 + 3 * rowFt), (3.08, 60 + 3 * rowFt)]
    }()

    private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double) -> String {
        "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(f(width))\"/>\n"
    }

    private func f(_ value: Double) -> String { HTMLText.number(value) }
}
