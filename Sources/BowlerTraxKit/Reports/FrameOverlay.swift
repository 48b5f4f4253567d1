/// The annotated video's drawing on one frame (`FrameMarks`): the lane's boards, arrows line and foul line, the
/// shot's path, the ball (a green circle where the detector found it, an orange cross where the tracker carried it),
/// and after a shot its breakpoint and entry on the lane and a panel of its numbers. Sizes scale with the frame's
/// height (1 at 720 px).
public enum FrameOverlay {
    public static let seenColor = DrawingColor("#00e040")
    public static let carriedColor = DrawingColor("#ff8800")
    static let pathColor = DrawingColor("#ffe000")
    static let markColor = DrawingColor("#ff2040")
    static let panelColor = DrawingColor("#000000"), panelInk = DrawingColor("#ffffff"), panelQuiet = DrawingColor("#b0b0b0")
    /// The lines across the lane: the foul line and the arrows line (15 ft, where `arrows_board` is read).
    static let crossLinesFt = [0.0, 15]
    /// Width of the ball's circle at 720 px: thick enough to survive the video's compression.
    public static let ballStrokePx = 3.0

    /// Pixels per unit: 1 at 720 px high, at least 1.
    public static func unit(height: Int) -> Double { max(1, Double(height) / 720) }

    /// The lane's lines in a frame of `size` whose pixels the calibration's picture maps into by `fromCalibration`:
    /// the same on every frame of a fixed camera, so a caller may keep it.
    public static func laneLines(_ calibration: LaneCalibration, fromCalibration: Homography, size: PixelSize) -> Drawing {
        var drawing = Drawing(widthPx: Double(size.width), heightPx: Double(size.height))
        CalibrationOverlay.addLaneLines(to: &drawing, calibration: calibration, distancesFt: crossLinesFt, map: fromCalibration,
                                        widthPx: unit(height: size.height))
        return drawing
    }

    /// Everything but the lane's lines; `shot` is the measured shot `marks.afterShot` names.
    public static func drawing(_ marks: FrameMarks, shot: Shot?, calibration: LaneCalibration?, size: PixelSize) -> Drawing {
        let u = unit(height: size.height)
        var drawing = Drawing(widthPx: Double(size.width), heightPx: Double(size.height))
        if marks.path.count > 1 { drawing.add(.polyline(marks.path), Drawing.Style(stroke: pathColor, strokeWidthPx: 2 * u)) }
        if let ball = marks.ball {
            switch ball.sighting {
            case .seen:
                drawing.add(.ellipse(center: (ball.xPx, ball.yPx), radiusXPx: ball.radiusPx, radiusYPx: ball.radiusPx),
                            Drawing.Style(stroke: seenColor, strokeWidthPx: ballStrokePx * u))
            case .carried:
                let reach = ball.radiusPx * 0.75
                for sign in [-1.0, 1] {
                    drawing.line((ball.xPx - reach, ball.yPx - sign * reach), (ball.xPx + reach, ball.yPx + sign * reach), carriedColor, widthPx: ballStrokePx * u)
                }
            }
        }
        if let shot {
            if let calibration, let map = marks.fromCalibration { addLaneMarks(of: shot, to: &drawing, calibration: calibration, map: map, unit: u) }
            addPanel(of: shot, to: &drawing, unit: u)
        }
        return drawing
    }

    /// The breakpoint (a diamond) and the entry (a square) where they lie on the lane.
    private static func addLaneMarks(of shot: Shot, to drawing: inout Drawing, calibration: LaneCalibration, map: Homography, unit u: Double) {
        let m = shot.measurements
        func pixel(_ board: Double?, _ distanceFt: Double?) -> Drawing.Point? {
            guard let board, let distanceFt else { return nil }
            return calibration.surfacePixel(board: shot.hand.board(fromRightEdgeBoard: board), distanceFt: distanceFt).flatMap { map.apply($0.x, $0.y) }
        }
        let r = 7 * u, style = Drawing.Style(stroke: markColor, strokeWidthPx: 2 * u)
        if let p = pixel(m.breakpointBoard, m.breakpointDistanceFt) {
            drawing.add(.polygon([(p.x, p.y - r), (p.x + r, p.y), (p.x, p.y + r), (p.x - r, p.y)]), style)
            drawing.text("BREAKPOINT", at: (p.x + r + 3 * u, p.y + 4 * u), sizePx: 16 * u, markColor, bold: true)
        }
        if let p = pixel(m.entryBoard, m.entryBoard == nil ? nil : Lane.entryDistanceFt) {
            drawing.add(.polygon([(p.x - r, p.y - r), (p.x + r, p.y - r), (p.x + r, p.y + r), (p.x - r, p.y + r)]), style)
            drawing.text("ENTRY", at: (p.x + r + 3 * u, p.y + 4 * u), sizePx: 16 * u, markColor, bold: true)
        }
    }

    /// The shot's numbers (`ShotNumber`) in a dark box at the frame's top left.
    private static func addPanel(of shot: Shot, to drawing: inout Drawing, unit u: Double) {
        let size = 18 * u, rowPx = 1.5 * size, margin = 12 * u
        let numbers = ShotNumber.all(shot.measurements)
        let title = "Shot \(shot.shotNumber)"
        let labelWidth = numbers.map { Double(BitmapFont.widthPx($0.label, sizePx: size)) }.max() ?? 0
        let valueWidth = numbers.map { Double(BitmapFont.widthPx($0.text, sizePx: size)) + size }.max() ?? 0
        let width = max(labelWidth + size + valueWidth, Double(BitmapFont.widthPx(title, sizePx: size))) + 2 * margin
        let height = Double(numbers.count + 1) * rowPx + 2 * margin
        let (left, top) = (margin, margin)
        drawing.add(.polygon([(left, top), (left + width, top), (left + width, top + height), (left, top + height)]),
                    Drawing.Style(fill: panelColor, opacity: 0.6))
        drawing.text(title, at: (left + margin, top + margin + size), sizePx: size, panelInk, bold: true)
        for (index, number) in numbers.enumerated() {
            let baseline = top + margin + size + Double(index + 1) * rowPx
            drawing.text(number.label, at: (left + margin, baseline), sizePx: size, panelQuiet)
            drawing.text(number.text, at: (left + margin + labelWidth + size, baseline), sizePx: size, panelInk, bold: true)
        }
    }
}
