import Foundation
@testable import BowlerTraxKit

/// Reading an annotated video back (`VideoAnnotatorTests`, `LiveAnnotateCommandTests`).
enum AnnotatedVideo {
    static func frames(of path: String) throws -> [VideoFrame] {
        let decoder = try FrameDecoder(path: path)
        var frames: [VideoFrame] = []
        while let frame = try decoder.nextFrame() { frames.append(frame) }
        return frames
    }

    /// Share of 32 points around the circle of radius `radiusPx` about (x, y) whose colour is the seen ball's mark,
    /// within what H.264 at its default quality leaves of a 3 px line.
    static func markShare(on frame: VideoFrame, x: Double, y: Double, radiusPx: Double) -> Double {
        let mark = FrameCanvas.yuv(of: FrameOverlay.seenColor, encoding: frame.encoding)
        var hits = 0
        for step in 0..<32 {
            let angle = Double(step) / 32 * 2 * .pi
            let px = Int((x + radiusPx * cos(angle)).rounded(.down)), py = Int((y + radiusPx * sin(angle)).rounded(.down))
            guard px >= 0, py >= 0, px < frame.width, py < frame.height else { continue }
            let luma = Double(frame.plane(0)[py * frame.stride(0) + px])
            let u = Double(frame.plane(1)[(py >> frame.chromaShiftY) * frame.stride(1) + (px >> frame.chromaShiftX)])
            let v = Double(frame.plane(2)[(py >> frame.chromaShiftY) * frame.stride(2) + (px >> frame.chromaShiftX)])
            if abs(luma - mark.y) < 40 && abs(u - mark.u) < 24 && abs(v - mark.v) < 24 { hits += 1 }
        }
        return Double(hits) / 32
    }
}
