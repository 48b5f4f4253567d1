import Foundation
@testable import BowlerTraxKit

/// A smooth pseudo-random luma texture defined over the whole plane, so a frame can be rendered under an exact map.
///
/// Two octaves of value noise (random values on a lattice, blended with a C¹ smoothstep) plus two sinusoids,
/// scaled to `mean ± spread` code values: corners everywhere, no edges sharp enough to alias. The lattice repeats
/// every 128 cells (over a thousand pixels), beyond any test frame.
struct MotionTexture {
    private static let period = 128
    private let fine: [Double]
    private let coarse: [Double]
    private let phase: Double
    let mean: Double
    let spread: Double

    init(seed: UInt64, mean: Double = 128, spread: Double = 1) {
        var generator = SplitMix64(seed: seed)
        let count = Self.period * Self.period
        fine = (0..<count).map { _ in generator.nextUnit() }
        coarse = (0..<count).map { _ in generator.nextUnit() }
        phase = Double(seed % 7)
        self.mean = mean
        self.spread = spread
    }

    func luma(_ x: Double, _ y: Double) -> Double {
        let detail = Self.noise(fine, x / 9, y / 9) * 70 + Self.noise(coarse, x / 31, y / 31) * 60
        let waves = 12 * sin(0.071 * x + 0.043 * y + phase) + 9 * sin(-0.037 * x + 0.089 * y)
        return mean + spread * (detail - 65 + waves)
    }

    private static func noise(_ lattice: [Double], _ x: Double, _ y: Double) -> Double {
        let cellX = x.rounded(.down), cellY = y.rounded(.down)
        let fx = smooth(x - cellX), fy = smooth(y - cellY)
        let ix = wrapped(Int(cellX)), iy = wrapped(Int(cellY)), nx = (ix + 1) % period, ny = (iy + 1) % period
        let top = lattice[iy * period + ix] * (1 - fx) + lattice[iy * period + nx] * fx
        let bottom = lattice[ny * period + ix] * (1 - fx) + lattice[ny * period + nx] * fx
        return top * (1 - fy) + bottom * fy
    }

    private static func wrapped(_ i: Int) -> Int { ((i % period) + period) % period }

    private static func smooth(_ t: Double) -> Double { t * t * (3 - 2 * t) }
}

/// Frames for the camera-motion tests: a texture seen through a map from frame pixels (continuous coordinates,
/// pixel i covering [i, i+1)) to texture coordinates, each pixel the texture at its centre (smooth enough not to
/// alias), rounded to a code value.
enum MotionTestScene {
    static let width = 640
    static let height = 360

    /// Renders `texture` at `view(x, y)` for every pixel; `overlay` may replace the luma at a texture-free
    /// frame point (a moving object), returning nil elsewhere.
    static func frame(_ texture: MotionTexture, width: Int = width, height: Int = height, index: Int = 0,
                      view: (Double, Double) -> (Double, Double),
                      overlay: (Double, Double) -> Double? = { _, _ in nil }) -> VideoFrame {
        let frame = VideoFrame.allocate(width: width, height: height, index: index)
        let luma = frame.mutablePlane(0), stride = frame.stride(0)
        for row in 0..<height {
            for column in 0..<width {
                let x = Double(column) + 0.5, y = Double(row) + 0.5
                let value: Double
                if let painted = overlay(x, y) {
                    value = painted
                } else {
                    let (u, v) = view(x, y)
                    value = texture.luma(u, v)
                }
                luma[row * stride + column] = UInt8(max(0, min(255, value.rounded())))
            }
        }
        return frame
    }

    /// A uniform frame of one luma value.
    static func flat(_ value: UInt8, width: Int = width, height: Int = height) -> VideoFrame {
        VideoFrame.allocate(width: width, height: height, fill: (value, 128, 128))
    }

    /// The largest distance between where `estimate` and `truth` put the frame's four corners.
    static func cornerError(_ estimate: Homography, _ truth: Homography, width: Int = width, height: Int = height) -> Double {
        var worst = 0.0
        for (x, y) in [(0.0, 0.0), (Double(width), 0), (0, Double(height)), (Double(width), Double(height))] {
            guard let a = estimate.apply(x, y), let b = truth.apply(x, y) else { return .infinity }
            worst = max(worst, ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot())
        }
        return worst
    }

    /// x' = scale·(x − cx) + cx + shiftX (and y alike) about the frame's centre, turned by `rollDeg`.
    static func similarity(scale: Double, rollDeg: Double = 0, shiftX: Double, shiftY: Double) -> Homography {
        let a = scale * cos(rollDeg * .pi / 180), b = scale * sin(rollDeg * .pi / 180)
        let cx = Double(width) / 2, cy = Double(height) / 2
        return Homography([a, -b, cx - a * cx + b * cy + shiftX, b, a, cy - b * cx - a * cy + shiftY, 0, 0, 1])
    }

    static func translation(_ dx: Double, _ dy: Double) -> Homography {
        Homography([1, 0, dx, 0, 1, dy, 0, 0, 1])
    }

    /// `map` as a closure for `frame(view:)`.
    static func view(_ map: Homography) -> (Double, Double) -> (Double, Double) {
        { x, y in map.apply(x, y).map { ($0.x, $0.y) } ?? (x, y) }
    }
}
