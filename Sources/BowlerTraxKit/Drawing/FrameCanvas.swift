/// A video frame's own planar YUV painted on in place (the annotated video): no conversion of the picture to RGB and
/// back, only the pixels drawn change. A colour is converted once with the frame's matrix and range.
///
/// Luma is written per pixel; chroma per subsampled cell: set by any opaque pixel in it, blended only by a
/// translucent one at the cell's top-left pixel (blended by each of its pixels, a translucent fill would be laid
/// on four times over).
public struct FrameCanvas: RasterCanvas {
    public let frame: VideoFrame
    public var width: Int { frame.width }
    public var height: Int { frame.height }
    private let planes: (y: UnsafeMutablePointer<UInt8>, u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>)
    private let strides: (y: Int, u: Int, v: Int)
    private var converted: (color: DrawingColor, yuv: (y: UInt8, u: UInt8, v: UInt8))?

    /// `frame` must be one this process may write (`FrameCopier.target`), never a decoder's shared frame, and keep its
    /// buffers while the canvas is used.
    public init(frame: VideoFrame) {
        self.frame = frame
        planes = (frame.mutablePlane(0), frame.mutablePlane(1), frame.mutablePlane(2))
        strides = (frame.stride(0), frame.stride(1), frame.stride(2))
    }

    public mutating func blend(x: Int, y: Int, color: DrawingColor, opacity: Double) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        blendRow(y: y, columns: x...x, color: color, opacity: opacity)
    }

    /// Opaque: the row's samples set. Translucent: mixed in 1/256 steps (a fill as large as a panel is mixed on every
    /// frame), chroma at the cells' top-left pixels only.
    public mutating func blendRow(y: Int, columns: ClosedRange<Int>, color: DrawingColor, opacity: Double) {
        let yuv = self.yuv(of: color)
        let shiftX = frame.chromaShiftX, chromaY = y >> frame.chromaShiftY
        let lumaRow = planes.y + y * strides.y, uRow = planes.u + chromaY * strides.u, vRow = planes.v + chromaY * strides.v
        let chromaColumns = (columns.lowerBound >> shiftX)...(columns.upperBound >> shiftX)
        if opacity >= 1 {
            lumaRow.advanced(by: columns.lowerBound).update(repeating: yuv.y, count: columns.count)
            uRow.advanced(by: chromaColumns.lowerBound).update(repeating: yuv.u, count: chromaColumns.count)
            vRow.advanced(by: chromaColumns.lowerBound).update(repeating: yuv.v, count: chromaColumns.count)
            return
        }
        let alpha = Int((opacity * 256).rounded()), keep = 256 - alpha
        func mix(_ sample: UnsafeMutablePointer<UInt8>, _ value: UInt8) {
            sample.pointee = UInt8((Int(sample.pointee) * keep + Int(value) * alpha + 128) >> 8)
        }
        for x in columns { mix(lumaRow + x, yuv.y) }
        guard chromaY << frame.chromaShiftY == y else { return }
        for cx in chromaColumns where columns.contains(cx << shiftX) {
            mix(uRow + cx, yuv.u)
            mix(vRow + cx, yuv.v)
        }
    }

    /// `color` in the frame's YUV (its matrix and range); the last one converted is kept, as a drawing paints
    /// many pixels of each colour in a row.
    private mutating func yuv(of color: DrawingColor) -> (y: UInt8, u: UInt8, v: UInt8) {
        if let converted, converted.color == color { return converted.yuv }
        let exact = Self.yuv(of: color, encoding: frame.encoding)
        func sample(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
        let yuv = (sample(exact.y), sample(exact.u), sample(exact.v))
        converted = (color, yuv)
        return yuv
    }

    /// ITU-R BT.601 / BT.709 R'G'B' to Y'CbCr, limited range (16-235, 16-240) or full.
    public static func yuv(of color: DrawingColor, encoding: YUVEncoding) -> (y: Double, u: Double, v: Double) {
        let (kr, kb) = encoding.matrix == .bt709 ? (0.2126, 0.0722) : (0.299, 0.114)
        let r = Double(color.r), g = Double(color.g), b = Double(color.b)
        let luma = kr * r + (1 - kr - kb) * g + kb * b
        let cb = (b - luma) / (2 * (1 - kb)), cr = (r - luma) / (2 * (1 - kr))
        if encoding.fullRange { return (luma, 128 + cb, 128 + cr) }
        return (16 + luma * 219 / 255, 128 + cb * 224 / 255, 128 + cr * 224 / 255)
    }
}
