/// The lane seen from behind the bowler: foul line at the bottom, pins at the top, board 1 of a right-hander on
/// the right. Boards across, feet down-lane; shots' paths on top. The one place that puts boards and feet on a
/// picture, for the report, `shots show --svg/--png` and the live screen.
///
/// Drawn to scale on both axes in feet when `boardStretch` is 1; a lane is 17 times longer than it is wide,
/// so pictures also draw it with the boards stretched to make paths readable, and say so.
public struct LaneDrawing: Sendable {
    /// One path to draw: lane points in the bowler's own board numbering, and its colour.
    public struct Path: Sendable {
        public var shotID: Int64
        public var hand: Hand
        /// (board in the bowler's numbering, feet from the foul line).
        public var points: [(board: Double, distanceFt: Double)]
        public var color: DrawingColor
        /// Points named on the path (breakpoint, entry), in the bowler's numbering.
        public var marks: [Mark] = []
    }

    public struct Mark: Sendable {
        public var name: String
        public var board: Double
        public var distanceFt: Double
    }

    public var heightPx: Double
    /// How many times wider than true scale the lane is drawn.
    public var boardStretch: Double
    /// CSS class on every shot's path, so a test or a stylesheet can find them.
    public var pathClass: String
    /// Wider for one shot's picture or a screen read from afar than for many paths on one lane.
    public var pathWidthPx: Double

    /// Feet shown: a little of the approach, up to the pit.
    static let nearFt = -2.0
    static let farFt = Lane.pitDistanceFt
    static let marginPx = 30.0
    static let wood = DrawingColor("#ecd2a4"), woodEdge = DrawingColor("#7a5a2e"), boardLine = DrawingColor("#c9a66b")
    static let foulLine = DrawingColor("#b0302a"), ink = DrawingColor("#5b3a12"), label = DrawingColor("#444444")

    public init(heightPx: Double, boardStretch: Double, pathClass: String, pathWidthPx: Double = 1.6) {
        self.heightPx = heightPx
        self.boardStretch = boardStretch
        self.pathClass = pathClass
        self.pathWidthPx = pathWidthPx
    }

    var pxPerFt: Double { (heightPx - 2 * Self.marginPx) / (Self.farFt - Self.nearFt) }
    var laneWidthPx: Double { Lane.widthIn / 12 * pxPerFt * boardStretch }
    public var widthPx: Double { laneWidthPx + 2 * Self.marginPx }

    /// x of a board counted from the right edge (the calibration's numbering): right edge 0.5 on the right.
    func x(rightBoard: Double) -> Double { Self.marginPx + (39.5 - rightBoard) / 39 * laneWidthPx }
    func y(distanceFt: Double) -> Double { Self.marginPx + (Self.farFt - distanceFt) * pxPerFt }

    /// The pixel of a board in `hand`'s numbering.
    func point(board: Double, distanceFt: Double, hand: Hand) -> Drawing.Point {
        (x(rightBoard: hand == .right ? board : 40 - board), y(distanceFt: distanceFt))
    }

    /// The lane as an inline `<svg>` element.
    public func svg(paths: [Path], title: String) -> String {
        drawing(paths: paths).svg(title: title, cssClass: "lane")
    }

    /// The lane and `paths` (those with two points or more), marks labelled where the boards are wide enough.
    public func drawing(paths: [Path]) -> Drawing {
        var drawing = Drawing(widthPx: widthPx, heightPx: heightPx)
        surface(&drawing)
        for path in paths where path.points.count >= 2 {
            drawing.add(.polyline(path.points.map { point(board: $0.board, distanceFt: $0.distanceFt, hand: path.hand) }),
                        Drawing.Style(stroke: path.color, strokeWidthPx: pathWidthPx, opacity: 0.85),
                        attributes: [("class", pathClass), ("data-shot-id", String(path.shotID))])
        }
        let labelled = laneWidthPx >= 120
        for path in paths {
            for mark in path.marks {
                let at = point(board: mark.board, distanceFt: mark.distanceFt, hand: path.hand)
                drawing.add(.ellipse(center: at, radiusXPx: 4, radiusYPx: 4), Drawing.Style(stroke: path.color, strokeWidthPx: 2.5, fill: DrawingColor("#ffffff")),
                            attributes: [("class", "mark"), ("data-mark", mark.name)])
                guard labelled else { continue }
                let left = at.x > Self.marginPx + laneWidthPx / 2
                drawing.text(mark.name, at: (at.x + (left ? -8 : 8), at.y + 4), sizePx: 11, Self.label, anchor: left ? .end : .start, bold: true)
            }
        }
        return drawing
    }

    /// Wood, boards every 5, foul line, guide dots, arrows, pin spots and distance marks.
    private func surface(_ drawing: inout Drawing) {
        let left = x(rightBoard: 39.5), right = x(rightBoard: 0.5)
        let foul = y(distanceFt: 0), pit = y(distanceFt: Self.farFt), near = y(distanceFt: Self.nearFt)
        drawing.add(.polygon([(left, pit), (right, pit), (right, near), (left, near)]), Drawing.Style(stroke: Self.woodEdge, fill: Self.wood))
        for board in stride(from: 5.5, through: 34.5, by: 5) {
            drawing.line((x(rightBoard: board), pit), (x(rightBoard: board), foul), Self.boardLine, widthPx: 0.6)
        }
        drawing.line((left, foul), (right, foul), Self.foulLine, widthPx: 2)
        for distanceFt in stride(from: 10.0, through: 60, by: 10) {
            let yPx = y(distanceFt: distanceFt)
            drawing.line((left - 4, yPx), (left, yPx), DrawingColor("#555555"))
            drawing.text(String(Int(distanceFt)), at: (left - 6, yPx + 3), sizePx: 9, Self.label, anchor: .end)
        }
        drawing.text("0 ft", at: (left - 6, foul + 3), sizePx: 9, Self.label, anchor: .end)
        // Board numbers only where they fit side by side (not on the narrow true-scale lane).
        let labelBoards = laneWidthPx / 39 * 5 >= 14
        for board in Lane.arrowBoards {
            if labelBoards { drawing.text(String(Int(board)), at: (x(rightBoard: board), heightPx - 8), sizePx: 8, Self.label, anchor: .middle) }
            // Drawing only: each lane's real arrow distances differ (DOMAIN.md); a V from 13.3 ft (boards 5, 35) to 16 ft (board 20).
            let tipFt = 16 - 0.9 * abs(board - 20) / 5
            let xPx = x(rightBoard: board), tipPx = y(distanceFt: tipFt), halfPx = max(1.5, 0.4 * laneWidthPx / 39)
            drawing.add(.polygon([(xPx, tipPx), (xPx - halfPx, tipPx + 6), (xPx + halfPx, tipPx + 6)]), Drawing.Style(fill: Self.ink), attributes: [("class", "arrow")])
        }
        for board in Lane.guideDotBoards {
            drawing.add(.ellipse(center: (x(rightBoard: board), y(distanceFt: Lane.guideDotDistanceFt)), radiusXPx: 1.2, radiusYPx: 1.2), Drawing.Style(fill: Self.ink))
        }
        for spot in Lane.pinSpots {
            drawing.add(.ellipse(center: (x(rightBoard: spot.board), y(distanceFt: spot.distanceFt)), radiusXPx: Lane.pinRadiusFt * pxPerFt * boardStretch,
                                 radiusYPx: Lane.pinRadiusFt * pxPerFt),
                        Drawing.Style(stroke: DrawingColor("#333333"), strokeWidthPx: 0.8, fill: DrawingColor("#ffffff")), attributes: [("class", "pin")])
        }
    }

}

extension LaneDrawing.Path {
    /// `shot`'s lane path (the trajectory points a calibration placed) in `color`; with `marked`, its breakpoint
    /// and entry (at 59.5 ft) as stored.
    public init(shotID: Int64, shot: Shot, color: DrawingColor, marked: Bool) {
        self.init(shotID: shotID, hand: shot.hand, points: shot.trajectory.compactMap { point in
            guard let board = point.board, let distanceFt = point.distanceFt else { return nil }
            return (board, distanceFt)
        }, color: color)
        guard marked else { return }
        let m = shot.measurements
        if let board = m.breakpointBoard, let distanceFt = m.breakpointDistanceFt { marks.append(.init(name: "breakpoint", board: board, distanceFt: distanceFt)) }
        if let board = m.entryBoard { marks.append(.init(name: "entry", board: board, distanceFt: Lane.entryDistanceFt)) }
    }
}
