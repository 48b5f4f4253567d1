/// The picture that shows whether a calibration is right: the frame with the fitted lane drawn over it.
///
/// Cyan lines run down the lane every 5 boards (and along both edges), yellow lines cross it at 15, 30, 45
/// and 60 ft, magenta marks the foul line. Each landmark is a green cross where it was placed and a red
/// square where the fit puts it, joined by its residual drawn ten times longer so a 1 px error is visible.
/// Lines follow the lens distortion, so a good fit hugs curved lane edges too.
public enum CalibrationOverlay {
    public typealias Color = (r: UInt8, g: UInt8, b: UInt8)
    static let boardColor: Color = (0, 230, 255)
    static let distanceColor: Color = (255, 220, 0)
    static let foulLineColor: Color = (255, 0, 255)
    static let placedColor: Color = (0, 255, 0)
    static let fittedColor: Color = (255, 40, 40)
    /// How much longer than the real residual its drawn line is.
    public static let residualScale = 10.0

    /// The boards the down-lane lines are drawn on: both edges and every fifth board.
    public static let gridBoards: [Double] = [0.5] + stride(from: 5.0, through: 35, by: 5) + [39.5]
    /// The distances the cross-lane lines are drawn at (the foul line first).
    public static let gridDistancesFt: [Double] = [0, 15, 30, 45, 60]

    /// `frame` with the grid of `calibration` and its landmarks `points` drawn on it.
    public static func render(frame: RGBImage, calibration: LaneCalibration, points: [LandmarkPoint]) -> RGBImage {
        var image = frame
        for board in gridBoards {
            let samples = stride(from: 0.0, through: Lane.headPinDistanceFt, by: 0.5).map { (board, $0) }
            polyline(&image, samples.compactMap { calibration.surfacePixel(board: $0.0, distanceFt: $0.1) }, boardColor)
        }
        for distance in gridDistancesFt {
            let samples = stride(from: 0.5, through: 39.5, by: 0.5).map { ($0, distance) }
            polyline(&image, samples.compactMap { calibration.surfacePixel(board: $0.0, distanceFt: $0.1) }, distance == 0 ? foulLineColor : distanceColor)
        }
        for point in points {
            guard let fitted = calibration.surfacePixel(board: point.board, distanceFt: point.distanceFt) else { continue }
            let tip = (x: point.xPx + residualScale * (fitted.x - point.xPx), y: point.yPx + residualScale * (fitted.y - point.yPx))
            line(&image, from: (point.xPx, point.yPx), to: tip, fittedColor)
            for d in -3...3 {
                image.set(x: Int(fitted.x.rounded(.down)) + d, y: Int(fitted.y.rounded(.down)) - 3, to: fittedColor)
                image.set(x: Int(fitted.x.rounded(.down)) + d, y: Int(fitted.y.rounded(.down)) + 3, to: fittedColor)
                image.set(x: Int(fitted.x.rounded(.down)) - 3, y: Int(fitted.y.rounded(.down)) + d, to: fittedColor)
                image.set(x: Int(fitted.x.rounded(.down)) + 3, y: Int(fitted.y.rounded(.down)) + d, to: fittedColor)
            }
            let x = Int(point.xPx.rounded(.down)), y = Int(point.yPx.rounded(.down))
            for d in -6...6 where abs(d) > 1 {
                image.set(x: x + d, y: y, to: placedColor)
                image.set(x: x, y: y + d, to: placedColor)
            }
        }
        return image
    }

    static func polyline(_ image: inout RGBImage, _ points: [(x: Double, y: Double)], _ color: Color) {
        for (a, b) in zip(points, points.dropFirst()) { line(&image, from: a, to: b, color) }
    }

    /// Bresenham's line (Bresenham 1965) between the pixels holding two continuous points; clipped by `set`.
    static func line(_ image: inout RGBImage, from a: (x: Double, y: Double), to b: (x: Double, y: Double), _ color: Color) {
        let limit = Double(4 * max(image.width, image.height))
        guard [a.x, a.y, b.x, b.y].allSatisfy({ $0.isFinite && abs($0) < limit }) else { return }
        var x0 = Int(a.x.rounded(.down)), y0 = Int(a.y.rounded(.down))
        let x1 = Int(b.x.rounded(.down)), y1 = Int(b.y.rounded(.down))
        let dx = abs(x1 - x0), dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1
        var error = dx + dy
        while true {
            image.set(x: x0, y: y0, to: color)
            if x0 == x1 && y0 == y1 { return }
            let e2 = 2 * error
            if e2 >= dy { error += dy; x0 += sx }
            if e2 <= dx { error += dx; y0 += sy }
        }
    }
}
