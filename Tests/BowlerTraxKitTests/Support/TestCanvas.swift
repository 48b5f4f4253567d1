import Foundation
@testable import BowlerTraxKit

/// Paints shapes into an in-memory frame in RGB, converting each pixel to BT.601 limited-range YUV.
///
/// Continuous pixel coordinates: pixel i covers [i, i+1). Edges are anti-aliased by 8×8 supersampling.
struct TestCanvas {
    let frame: VideoFrame
    static let subsamples = 8

    /// A frame filled with `background`; 4:4:4 by default so colour masks follow the painted shapes exactly.
    init(width: Int, height: Int, background: TestRGB, chromaShift: Int = 0, index: Int = 0, timeS: Double = 0) {
        frame = VideoFrame.allocate(width: width, height: height, index: index, timeS: timeS, chromaShiftX: chromaShift, chromaShiftY: chromaShift,
                                    fill: background.yuv)
        self.background = background
    }

    let background: TestRGB

    /// Paints every pixel whose centre satisfies `inside` (no anti-aliasing); returns how many it painted.
    @discardableResult
    func fill(_ color: TestRGB, where inside: (Int, Int) -> Bool) -> Int {
        var count = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width where inside(x, y) {
                frame.setPixel(x: x, y: y, to: color.yuv)
                count += 1
            }
        }
        return count
    }

    /// An anti-aliased disc over the background; `shade(dy)` gives the colour at vertical offset `dy` (in radii, -1 top … 1 bottom).
    func disc(centerX: Double, centerY: Double, radius: Double, shade: (Double) -> TestRGB) {
        let n = Self.subsamples
        for y in max(0, Int(centerY - radius) - 1)...min(frame.height - 1, Int(centerY + radius) + 1) {
            for x in max(0, Int(centerX - radius) - 1)...min(frame.width - 1, Int(centerX + radius) + 1) {
                var covered = 0
                for sy in 0..<n {
                    for sx in 0..<n {
                        let px = Double(x) + (Double(sx) + 0.5) / Double(n) - centerX
                        let py = Double(y) + (Double(sy) + 0.5) / Double(n) - centerY
                        if px * px + py * py <= radius * radius { covered += 1 }
                    }
                }
                guard covered > 0 else { continue }
                let dy = (Double(y) + 0.5 - centerY) / radius
                let color = shade(dy).mixed(with: background, fraction: Double(covered) / Double(n * n))
                frame.setPixel(x: x, y: y, to: color.yuv)
            }
        }
    }
}
