extension PictureOverlay {
    /// The edges of the graphics laid over a moving camera's picture (a score panel's border, a pin diagram), told
    /// apart from the scene's: an edge of the first frame that is still there, at the same pixels and as strong, in
    /// frames where the camera moved the scene across it. A straight graphic border runs the height of the picture,
    /// so to the lane finder's Hough transform it outweighs the lanes' own edges and pulls their vanishing point onto
    /// it (test/Task2 14: the panel's border at x 918 took it there, and the lanes found ran to it).
    ///
    /// Only motion across an edge counts: a camera zooming toward the pins slides the lanes' edges along themselves,
    /// where they stay put as a graphic does. A fixed camera moves nothing across anything, so nothing is marked.
    struct Edges: Sendable {
        let width: Int, height: Int
        /// Frame 0's edge pixels (`LaneFinder.edgeGradient`): index in the picture and luma gradient (Sobel, code
        /// values a pixel).
        private let edges: [(index: Int, x: Float, y: Float)]
        /// Per pixel: frames where the scene moved across its edge, and those of them where the edge stayed.
        private var movedAcross: [UInt16], stayed: [UInt16]

        init(first frame: VideoFrame, edgeGradient: Double) {
            width = frame.width
            height = frame.height
            var edges: [(index: Int, x: Float, y: Float)] = []
            let minimum = Float(edgeGradient * edgeGradient)
            for y in 1..<max(1, height - 1) {
                for x in 1..<max(1, width - 1) {
                    let g = Self.gradient(frame, x, y)
                    if g.x * g.x + g.y * g.y > minimum { edges.append((y * width + x, g.x, g.y)) }
                }
            }
            self.edges = edges
            movedAcross = [UInt16](repeating: 0, count: width * height)
            stayed = movedAcross
        }

        /// Compares `frame` with the first: `toFirst` takes its pixels to the first frame's.
        mutating func compare(_ frame: VideoFrame, toFirst: Homography) {
            guard frame.width == width, frame.height == height, let fromFirst = toFirst.inverse else { return }
            for (i, gx, gy) in edges {
                let x = i % width, y = i / width
                guard let seen = fromFirst.apply(Double(x), Double(y)) else { continue }
                // The scene point on this edge in frame 0 is at `seen` in this frame: how far across the edge.
                let norm = (gx * gx + gy * gy).squareRoot()
                let across = abs(Float(seen.x - Double(x)) * gx + Float(seen.y - Double(y)) * gy) / norm
                guard across >= Float(minSceneShiftPx) else { continue }
                movedAcross[i] &+= 1
                let now = Self.gradient(frame, x, y), dx = now.x - gx, dy = now.y - gy
                if (dx * dx + dy * dy).squareRoot() <= max(Self.sameGradient, Self.sameGradientShare * norm) { stayed[i] &+= 1 }
            }
        }

        /// Whether the edge at (x, y) of a picture of this video is a graphic's.
        func covers(_ x: Int, _ y: Int) -> Bool {
            guard x >= 0, y >= 0, x < width, y < height else { return false }
            let i = y * width + x, moved = Int(movedAcross[i])
            return moved >= Self.minFramesAcross && 3 * Int(stayed[i]) >= 2 * moved
        }

        /// Frames the scene must have moved across an edge in, for its staying to tell.
        static let minFramesAcross = 3
        /// A graphic's edge keeps its gradient to within this (code values a pixel), or this share of it: a panel
        /// differs between frames only by the coding's noise.
        static let sameGradient: Float = 3, sameGradientShare: Float = 0.2

        /// The luma gradient at (x, y), Sobel scaled to code values a pixel.
        private static func gradient(_ frame: VideoFrame, _ x: Int, _ y: Int) -> (x: Float, y: Float) {
            let luma = frame.plane(0), stride = frame.stride(0)
            func at(_ dx: Int, _ dy: Int) -> Float { Float(luma[(y + dy) * stride + x + dx]) }
            let gx = (at(1, -1) + 2 * at(1, 0) + at(1, 1) - at(-1, -1) - 2 * at(-1, 0) - at(-1, 1)) / 8
            let gy = (at(-1, 1) + 2 * at(0, 1) + at(1, 1) - at(-1, -1) - 2 * at(0, -1) - at(1, -1)) / 8
            return (gx, gy)
        }
    }
}
