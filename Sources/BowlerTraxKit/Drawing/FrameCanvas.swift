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
    private var converted: (color: DrawingColor, yuv: (y: Double, u: Double, v: Double))?

    /// `frame` must be one this process may write (`VideoFrame.allocate`), never a decoder's shared frame.
    public init(frame: VideoFrame) {
        self.frame = frame
    }

    public mutating func blend(x: Int, y: Int, color: DrawingColor, opacity: Double) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let yuv = self.yuv(of: color)
        let chromaX = x >> frame.chromaShiftX, chromaY = y >> frame.chromaShiftY
        let cellOrigin = chromaX << frame.chromaShiftX == x && chromaY << frame.chromaShiftY == y
        func mix(_ plane: Int, _ offset: Int, _ value: Double) {
            let sample = frame.mutablePlane(plane) + offset
            sample.pointee = UInt8((Double(sample.pointee) * (1 - opacity) + value * opacity).rounded())
        }
        if opacity >= 1 {
            frame.mutablePlane(0)[y * frame.stride(0) + x] = UInt8(yuv.y.rounded())
            frame.mutablePlane(1)[chromaY * frame.stride(1) + chromaX] = UInt8(yuv.u.rounded())
            frame.mutablePlane(2)[chromaY * frame.stride(2) + chromaX] = UInt8(yuv.v.rounded())
            return
        }
        mix(0, y * frame.stride(0) + x, yuv.y)
        if cellOrigin {
            mix(1, chromaY * frame.stride(1) + chromaX, yuv.u)
            mix(2, chromaY * frame.stride(2) + chromaX, yuv.v)
        }
    }

    /// `color` in the frame's YUV (its matrix and range); the last one converted is kept, as a drawing paints
    /// many pixels of each colour in a row.
    private mutating func yuv(of color: DrawingColor) -> (y: Double, u: Double, v: Double) {
        if let converted, converted.color == color { return converted.yuv }
        let yuv = Self.yuv(of: color, encoding: frame.encoding)
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
