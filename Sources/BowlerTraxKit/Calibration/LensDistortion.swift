/// One-coefficient radial lens distortion: `x_d = x_u (1 + k1 r²)` in coordinates normalised by the focal
/// length around the image centre (the model the fixture renderer and most webcam calibrations use).
///
/// Pixels are continuous (pixel i covers [i, i+1)); "undistorted" pixels are where an ideal pinhole camera
/// with the same focal length and centre would see the point.
public struct LensDistortion: Sendable, Equatable {
    public let k1: Double
    public let focalPx: Double
    public let centreX: Double
    public let centreY: Double

    /// The largest |k1| a fit may return: beyond it straight lane lines would fold back inside a webcam's frame.
    static let maxMagnitude = 0.6

    public init(k1: Double, focalPx: Double, imageSize: PixelSize) {
        self.k1 = k1
        self.focalPx = focalPx
        centreX = Double(imageSize.width) / 2
        centreY = Double(imageSize.height) / 2
    }

    /// The observed (distorted) pixel of an ideal pinhole pixel.
    public func distort(xPx: Double, yPx: Double) -> (x: Double, y: Double) {
        guard k1 != 0 else { return (xPx, yPx) }
        let xn = (xPx - centreX) / focalPx, yn = (yPx - centreY) / focalPx
        let scale = 1 + k1 * (xn * xn + yn * yn)
        return (centreX + focalPx * xn * scale, centreY + focalPx * yn * scale)
    }

    /// The ideal pinhole pixel of an observed pixel: fixed-point inversion, which converges for the mild
    /// distortion of real lenses (|k1 r²| well below 1) in a few steps.
    public func undistort(xPx: Double, yPx: Double) -> (x: Double, y: Double) {
        guard k1 != 0 else { return (xPx, yPx) }
        let xd = (xPx - centreX) / focalPx, yd = (yPx - centreY) / focalPx
        var xn = xd, yn = yd
        for _ in 0..<30 {
            let scale = 1 + k1 * (xn * xn + yn * yn)
            let nextX = xd / scale, nextY = yd / scale
            let change = abs(nextX - xn) + abs(nextY - yn)
            xn = nextX
            yn = nextY
            if change < 1e-12 { break }
        }
        return (centreX + focalPx * xn, centreY + focalPx * yn)
    }
}
