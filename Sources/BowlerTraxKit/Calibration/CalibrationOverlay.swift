/// The picture that shows whether a calibration is right: the frame with the fitted lane drawn over it.
///
/// Cyan lines run down the lane every 5 boards (and along both edges), yellow lines cross it at 15, 30, 45
/// and 60 ft, magenta marks the foul line. Each landmark is a green cross where it was placed and a red
/// square where the fit puts it, joined by its residual drawn ten times longer so a 1 px error is visible.
/// Lines follow the lens distortion, so a good fit hugs curved lane edges too.
public enum CalibrationOverlay {
    static let boardColor = DrawingColor(r: 0, g: 230, b: 255)
    static let distanceColor = DrawingColor(r: 255, g: 220, b: 0)
    static let foulLineColor = DrawingColor(r: 255, g: 0, b: 255)
    static let placedColor = DrawingColor(r: 0, g: 255, b: 0)
    static let fittedColor = DrawingColor(r: 255, g: 40, b: 40)
    /// How much longer than the real residual its drawn line is.
    public static let residualScale = 10.0

    /// The boards the down-lane lines are drawn on: both edges and every fifth board.
    public static let gridBoards: [Double] = [0.5] + stride(from: 5.0, through: 35, by: 5) + [39.5]
    /// The distances the cross-lane lines are drawn at (the foul line first).
    public static let gridDistancesFt: [Double] = [0, 15, 30, 45, 60]

    /// `frame` with the grid of `calibration` and its landmarks `points` drawn on it.
    public static func render(frame: RGBImage, calibration: LaneCalibration, points: [LandmarkPoint]) -> RGBImage {
        drawing(size: PixelSize(width: frame.width, height: frame.height), calibration: calibration, points: points).render(onto: frame)
    }

    /// The lane's lines: down it on `gridBoards`, across it at `distancesFt` (the foul line magenta), through the lens
    /// distortion; each point of the calibration's picture taken through `map` into the picture drawn on (the
    /// annotated video's frame, on a camera that moves), none where it maps nowhere.
    static func addLaneLines(to drawing: inout Drawing, calibration: LaneCalibration, distancesFt: [Double], map: Homography = .identity,
                             widthPx: Double = 1) {
        func line(_ samples: [(board: Double, distanceFt: Double)]) -> Drawing.Shape {
            .polyline(samples.compactMap { calibration.surfacePixel(board: $0.board, distanceFt: $0.distanceFt).flatMap { map.apply($0.x, $0.y) } })
        }
        for board in gridBoards {
            drawing.add(line(stride(from: 0.0, through: Lane.headPinDistanceFt, by: 0.5).map { (board, $0) }), Drawing.Style(stroke: boardColor, strokeWidthPx: widthPx))
        }
        for distance in distancesFt {
            drawing.add(line(stride(from: 0.5, through: 39.5, by: 0.5).map { ($0, distance) }),
                        Drawing.Style(stroke: distance == 0 ? foulLineColor : distanceColor, strokeWidthPx: widthPx))
        }
    }

    /// The overlay alone, in the frame's pixels.
    static func drawing(size: PixelSize, calibration: LaneCalibration, points: [LandmarkPoint]) -> Drawing {
        var drawing = Drawing(widthPx: Double(size.width), heightPx: Double(size.height))
        addLaneLines(to: &drawing, calibration: calibration, distancesFt: gridDistancesFt)
        for point in points {
            guard let fitted = calibration.pixel(of: point) else { continue }
            let tip = (x: point.xPx + residualScale * (fitted.x - point.xPx), y: point.yPx + residualScale * (fitted.y - point.yPx))
            drawing.line((point.xPx, point.yPx), tip, fittedColor)
            // A 7 px square on the fitted pixel, a cross with an open centre on the placed one.
            let fx = fitted.x.rounded(.down), fy = fitted.y.rounded(.down)
            drawing.add(.polygon([(fx - 3, fy - 3), (fx + 3, fy - 3), (fx + 3, fy + 3), (fx - 3, fy + 3)]), Drawing.Style(stroke: fittedColor))
            let x = point.xPx.rounded(.down), y = point.yPx.rounded(.down)
            for sign in [-1.0, 1] {
                drawing.line((x + 2 * sign, y), (x + 6 * sign, y), placedColor)
                drawing.line((x, y + 2 * sign), (x, y + 6 * sign), placedColor)
            }
        }
        return drawing
    }
}
