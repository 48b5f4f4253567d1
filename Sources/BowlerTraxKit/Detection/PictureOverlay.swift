/// Graphics laid over broadcast footage (a score panel, a channel's logo, a ticker) stay put in the picture while the
/// camera pans and zooms under them. Some of their parts are round enough for the shape search (a digit's ring, a
/// logo's dot), and to the motion search (the scene changes under them) they even look like something moving. What
/// gives them away is that their pixels do not change at all from one frame to the next, where the camera moved: the
/// scene there moved by several pixels, and any real object in it, a ball held still in the hand included, changes a
/// little (motion blur, the light, its own rotation). Only a patch with some pattern to it shows that: a uniform one is
/// alike in both frames even where it moved.
enum PictureOverlay {
    /// How far (pixels) the camera must have moved the scene under the disc for the test to mean anything: a fixed
    /// camera leaves everything in place, and there a still ball is a still ball.
    static let minSceneShiftPx = 2.0
    /// Largest mean absolute luma difference (code values) over the disc's middle of a patch that did not change: a
    /// score panel's digit on broadcast footage differs by 0.04 to 1.1 from 8 frames later, a black ball that the
    /// camera held still in the picture by 24 to 36 (and by 2.4 to 2.9 from the next frame: too close to tell).
    static let maxStillDifference = 1.5
    /// Least luma standard deviation (code values) over the disc's middle for its stillness to tell anything (the
    /// score panel's digit on its grey strip: 1.8 to 3.7; a black ball with its highlight: 9 to 15).
    static let minPatternDeviation = 1.5

    /// Whether the disc at (x, y) with this radius in `frame` is part of a graphic over the picture: its middle has a
    /// pattern and is the same in `other` (a frame some time before or after) at the same pixels, though the camera
    /// moved the scene there by `sceneShiftPx` in between, at least `minSceneShiftPx` and a tenth of the radius.
    /// Frames a few apart tell best: a camera following a ball holds it still in the picture only roughly, and a pixel
    /// or two of drift between neighbouring frames hardly changes a dark ball.
    static func covers(xPx: Double, yPx: Double, radiusPx: Double, in frame: VideoFrame, other: VideoFrame, sceneShiftPx: Double) -> Bool {
        guard other.width == frame.width, other.height == frame.height, sceneShiftPx >= max(minSceneShiftPx, 0.1 * radiusPx) else { return false }
        let half = max(1, Int((0.7 * radiusPx).rounded())), x = Int(xPx.rounded()), y = Int(yPx.rounded())
        guard x - half >= 0, y - half >= 0, x + half < frame.width, y + half < frame.height else { return false }
        let here = frame.plane(0), there = other.plane(0), stride = frame.stride(0), otherStride = other.stride(0)
        var difference = 0, sum = 0, squares = 0
        for row in (y - half)...(y + half) {
            for column in (x - half)...(x + half) {
                let value = Int(here[row * stride + column])
                difference += abs(value - Int(there[row * otherStride + column]))
                sum += value
                squares += value * value
            }
        }
        let count = Double((2 * half + 1) * (2 * half + 1)), mean = Double(sum) / count
        let deviation = max(0, Double(squares) / count - mean * mean).squareRoot()
        return deviation >= minPatternDeviation && Double(difference) / count <= maxStillDifference
    }
}
