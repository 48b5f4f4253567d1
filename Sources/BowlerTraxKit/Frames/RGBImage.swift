/// A packed RGB24 picture in memory: row r starts at byte `r * width * 3`, no padding, origin top-left,
/// 0-255 per channel. What overlays are drawn on and what `PNGWriter` encodes.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    /// A picture filled with one colour.
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8) = (0, 0, 0)) {
        precondition(width > 0 && height > 0, "an image needs a size")
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: pixels.count, by: 3) { (pixels[i], pixels[i + 1], pixels[i + 2]) = (fill.r, fill.g, fill.b) }
    }

    /// The frame converted to RGB with its own matrix and range (BT.601 or BT.709, limited or full).
    public init(frame: VideoFrame) {
        self.init(width: frame.width, height: frame.height)
        let matrix: (rv: Double, gu: Double, gv: Double, bu: Double)
        switch frame.encoding.matrix {
        case .bt601: matrix = (1.402, 0.344136, 0.714136, 1.772)
        case .bt709: matrix = (1.5748, 0.187324, 0.468124, 1.8556)
        }
        let full = frame.encoding.fullRange
        let lumaScale = full ? 1.0 : 255.0 / 219.0, chromaScale = full ? 1.0 : 255.0 / 224.0, lumaOffset = full ? 0.0 : 16.0
        let y = frame.plane(0), u = frame.plane(1), v = frame.plane(2)
        let yStride = frame.stride(0), uStride = frame.stride(1), vStride = frame.stride(2)
        func clamp(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let yRow = y + row * yStride
                let uRow = u + (row >> frame.chromaShiftY) * uStride, vRow = v + (row >> frame.chromaShiftY) * vStride
                var o = row * width * 3
                for column in 0..<width {
                    let luma = (Double(yRow[column]) - lumaOffset) * lumaScale
                    let cb = (Double(uRow[column >> frame.chromaShiftX]) - 128) * chromaScale
                    let cr = (Double(vRow[column >> frame.chromaShiftX]) - 128) * chromaScale
                    out[o] = clamp(luma + matrix.rv * cr)
                    out[o + 1] = clamp(luma - matrix.gu * cb - matrix.gv * cr)
                    out[o + 2] = clamp(luma + matrix.bu * cb)
                    o += 3
                }
            }
        }
    }

    /// Sets one pixel, ignoring coordinates outside the picture (lines are clipped this way).
    public mutating func set(x: Int, y: Int, to color: (r: UInt8, g: UInt8, b: UInt8)) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let i = (y * width + x) * 3
        pixels[i] = color.r
        pixels[i + 1] = color.g
        pixels[i + 2] = color.b
    }

    /// The pixel at (x, y).
    public func color(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 3
        return (pixels[i], pixels[i + 1], pixels[i + 2])
    }
}
