/// When the ball reached the pins: the frame the front pins first moved.
public struct PinContact: Sendable, Equatable {
    /// The first frame in which a front pin is seen moved.
    public var frame: Int
    /// Midway between that frame and the one before: the time the ball met the pins.
    public var timeS: Double
}

/// Watches the front pins' tops while a followed ball nears them, and tells the frame they first move: the ball's
/// arrival in time, which needs no distance read at the far end of the lane (where one pixel of a camera behind the
/// bowler spans half a foot or more, and a camera that zooms adds its registration's error).
///
/// The necks and heads of the head pin and the 2 and 3 pins (9.5 to 15 in up, out to the 2 and 3 pins' far sides)
/// are compared with the previous frame at the same place of the scene (through the camera's motion between them).
/// A ball rolling up to the pins hides their lower halves only: seen from behind and above, its top (8.5 in) lies
/// below 9.5 in on them. Each pixel's difference counts past what a pixel of misregistration (its luma gradient)
/// and the picture's noise explain there. A repeated frame (TV footage often repeats every other one) shows no change
/// and tells nothing.
final class PinWatch {
    /// The part of the pins watched, feet: above the ball's top, up to the pins' tops.
    static let lowFt = 9.5 / 12
    static let highFt = 15.0 / 12
    /// Half the width watched, feet: out to the 2 and 3 pins' bellies, 6 in either side of the head pin.
    static let halfWidthFt = (6 + Lane.pinRadiusIn) / 12
    /// The rows watched: the head pin's and the 2 and 3 pins'.
    static let distancesFt = Lane.frontPinSpots.map(\.distanceFt)
    /// The ball must have been seen this far down the lane before the pin is watched (before, a change there is
    /// the sweep's, or the camera's misregistered): far enough that its far end, read some feet off, still passes.
    static let armedFromFt = 50.0
    /// Grey levels a pixel may differ by with nothing moving (compression), beyond its misregistration.
    static let noiseLevel = 6.0
    /// Mean excess difference over the watched pixels that means the pins moved (on the TV clips of
    /// docs/real-footage.md: at most 0.05 grey levels while they stand, 0.17 once the frame before, 0.8 to 10.8 the
    /// frame they are first seen moved).
    static let movedLevel = 0.5
    /// Fewest pixels watched for a change to count.
    static let minPixels = 12

    /// How long after a track's last sighting its pins are still watched: a ball read some feet long at the far end
    /// (3 ft on train 13) meets them after it was last seen (5 frames at 60 fps there).
    static let waitS = 0.25

    /// Whether a ball seen `farthestFt` down the lane is near enough the pins for them to be watched.
    static func isArmed(byFarthestFt farthestFt: Double?) -> Bool { (farthestFt ?? 0) >= armedFromFt }

    private let calibration: LaneCalibration
    private var previous: VideoFrame?
    private(set) var contact: PinContact?

    init(calibration: LaneCalibration) {
        self.calibration = calibration
    }

    /// Forgets the last contact: the next ball's is watched for.
    func reset() { contact = nil }

    /// Looks at `frame`. `toPrevious` maps its pixels to the previous frame's (identity on a fixed camera; nil: lost),
    /// `toCalibration` to the calibration's picture (nil: unknown); `ball` is the followed ball in this frame, if seen,
    /// and `farthestFt` the farthest it was seen down the lane so far.
    /// Keeps `frame` for the next only while it watches: a frame is megabytes.
    func watch(_ frame: VideoFrame, toPrevious: Homography?, toCalibration: Homography?, ball: BallCandidate?, farthestFt: Double?) {
        guard contact == nil, Self.isArmed(byFarthestFt: farthestFt) else {
            previous = nil
            return
        }
        defer { previous = frame }
        guard let previous, previous.index == frame.index - 1,
              let toPrevious, let fromCalibration = toCalibration?.inverse,
              let box = watchedBox(through: fromCalibration, in: frame),
              let change = Self.change(in: box, of: frame, since: previous, toPrevious: toPrevious, ball: ball),
              change >= Self.movedLevel else { return }
        contact = PinContact(frame: frame.index, timeS: (previous.timeS + frame.timeS) / 2)
    }

    /// The watched part of the pins in `frame`'s pixels, clipped to it (a margin of one pixel for the gradient).
    private func watchedBox(through fromCalibration: Homography, in frame: VideoFrame) -> PixelRect? {
        var corners: [(x: Double, y: Double)] = []
        for lateral in [-Self.halfWidthFt, Self.halfWidthFt] {
            for distance in Self.distancesFt {
                for height in [Self.lowFt, Self.highFt] {
                    guard let there = calibration.pixel(lateralFt: lateral, distanceFt: distance, heightFt: height),
                          let here = fromCalibration.apply(there.x, there.y) else { return nil }
                    corners.append(here)
                }
            }
        }
        let box = PixelRect(x0: max(1, Int(corners.map(\.x).min()!.rounded(.down))), y0: max(1, Int(corners.map(\.y).min()!.rounded(.down))),
                            x1: min(frame.width - 1, Int(corners.map(\.x).max()!.rounded(.up))),
                            y1: min(frame.height - 1, Int(corners.map(\.y).max()!.rounded(.up))))
        return box.x1 > box.x0 && box.y1 > box.y0 ? box : nil
    }

    /// The mean, over `box` less the ball's disc, of how much more each pixel differs from the previous frame at the
    /// same scene place than a pixel of misregistration (its luma gradient) and `noiseLevel` explain; nil when too
    /// few pixels are left to judge or the previous frame does not hold their places.
    static func change(in box: PixelRect, of frame: VideoFrame, since previous: VideoFrame, toPrevious: Homography, ball: BallCandidate?) -> Double? {
        let now = frame.plane(0), stride = frame.stride(0)
        let before = previous.plane(0), beforeStride = previous.stride(0)
        var total = 0.0, count = 0
        for y in box.y0..<box.y1 {
            for x in box.x0..<box.x1 {
                if let ball {
                    let dx = Double(x) + 0.5 - ball.xPx, dy = Double(y) + 0.5 - ball.yPx
                    if dx * dx + dy * dy < 1.44 * ball.radiusPx * ball.radiusPx { continue }
                }
                guard let there = toPrevious.apply(Double(x) + 0.5, Double(y) + 0.5),
                      let was = bilinear(before, stride: beforeStride, width: previous.width, height: previous.height, x: there.x - 0.5, y: there.y - 0.5)
                else { continue }
                let here = Double(now[y * stride + x])
                let gradient = (abs(Double(now[y * stride + x + 1]) - Double(now[y * stride + x - 1]))
                                + abs(Double(now[(y + 1) * stride + x]) - Double(now[(y - 1) * stride + x]))) / 2
                total += max(0, abs(here - was) - gradient - noiseLevel)
                count += 1
            }
        }
        return count >= minPixels ? total / Double(count) : nil
    }

    /// Luma at (x, y) in pixel-centre coordinates, interpolated; nil outside the picture.
    private static func bilinear(_ plane: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, x: Double, y: Double) -> Double? {
        guard x >= 0, y >= 0, x < Double(width - 1), y < Double(height - 1) else { return nil }
        let column = Int(x), row = Int(y), fx = x - Double(column), fy = y - Double(row)
        let top = plane + row * stride + column, bottom = top + stride
        return (1 - fy) * ((1 - fx) * Double(top[0]) + fx * Double(top[1])) + fy * ((1 - fx) * Double(bottom[0]) + fx * Double(bottom[1]))
    }
}
