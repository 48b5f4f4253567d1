import CFFmpeg

/// Which RGB↔YUV matrix and value range a frame's samples use.
public struct YUVEncoding: Sendable, Hashable {
    public enum Matrix: Sendable, Hashable { case bt601, bt709 }
    public var matrix: Matrix
    /// Full range (0-255, JPEG) rather than limited (16-235 luma, 16-240 chroma).
    public var fullRange: Bool

    public init(matrix: Matrix, fullRange: Bool) {
        self.matrix = matrix
        self.fullRange = fullRange
    }
}

/// A decoded frame in planar 8-bit YUV, sharing the decoder's reference-counted buffers (no copy).
///
/// Layout: plane 0 is luma, `width`×`height`; planes 1 and 2 are U and V, subsampled by
/// `1 << chromaShiftX` across and `1 << chromaShiftY` down. Row r of plane p starts at
/// `plane(p) + r * stride(p)`; strides may exceed the width (padding). Origin top-left.
public final class VideoFrame: @unchecked Sendable {
    /// The libav frame; its buffers are replaced, never the frame itself (`makeWritable`).
    let frame: UnsafeMutablePointer<AVFrame>
    /// 0-based index in decoding order.
    public let index: Int
    /// Presentation time in seconds from the stream's start.
    public let timeS: Double
    public let width: Int
    public let height: Int
    public let chromaShiftX: Int
    public let chromaShiftY: Int
    public let encoding: YUVEncoding

    /// Takes ownership of `frame` (a reference made with av_frame_clone or av_frame_alloc).
    init(owning frame: UnsafeMutablePointer<AVFrame>, index: Int, timeS: Double, chromaShiftX: Int, chromaShiftY: Int, encoding: YUVEncoding) {
        self.frame = frame
        self.index = index
        self.timeS = timeS
        self.width = Int(frame.pointee.width)
        self.height = Int(frame.pointee.height)
        self.chromaShiftX = chromaShiftX
        self.chromaShiftY = chromaShiftY
        self.encoding = encoding
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&pointer)
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Base of plane 0 (Y), 1 (U) or 2 (V); valid while this frame lives.
    public func plane(_ index: Int) -> UnsafePointer<UInt8> {
        precondition((0...2).contains(index), "planar YUV has planes 0, 1 and 2")
        let data = withUnsafePointer(to: frame.pointee.data) { $0.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { $0[index] } }
        guard let data else { preconditionFailure("decoded frame lacks plane \(index)") }
        return UnsafePointer(data)
    }

    /// Samples across and rows down of plane 0 (luma, the frame's size) or 1 and 2 (chroma, subsampled, rounded up).
    func planeSize(_ index: Int) -> (width: Int, height: Int) {
        index == 0 ? (width, height) : ((width + (1 << chromaShiftX) - 1) >> chromaShiftX, (height + (1 << chromaShiftY) - 1) >> chromaShiftY)
    }

    /// Bytes of its three planes, padding included: what holding on to it costs.
    var byteCount: Int { (0...2).reduce(0) { $0 + stride($1) * planeSize($1).height } }

    /// Bytes from one row of `plane` to the next.
    public func stride(_ index: Int) -> Int {
        precondition((0...2).contains(index), "planar YUV has planes 0, 1 and 2")
        return withUnsafePointer(to: frame.pointee.linesize) { $0.withMemoryRebound(to: Int32.self, capacity: 8) { Int($0[index]) } }
    }
}
