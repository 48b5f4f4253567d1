import CFFmpeg

/// Copies decoded frames, any planar 8-bit YUV, into one 4:2:0 frame of their size that this process may write on
/// (`FrameCanvas`) and an encoder may take (`VideoEncoder.append(frame:ptsTicks:)`): the decoder's own buffers are
/// never drawn on, later frames are decoded from them. Samples keep their matrix and range (no conversion).
public final class FrameCopier {
    /// The copy; the same frame each time, made writable again first (an encoder may still hold the last one).
    public let target: VideoFrame
    private var scaler: OpaquePointer?

    public init(width: Int, height: Int, encoding: YUVEncoding) {
        target = VideoFrame.allocate(width: width, height: height, encoding: encoding)
    }

    deinit { sws_freeContext(scaler) }

    /// `source` copied into `target` (its chroma subsampled to 4:2:0 when it is 4:2:2 or 4:4:4).
    public func copy(_ source: VideoFrame) throws -> VideoFrame {
        guard source.width == target.width, source.height == target.height else {
            throw FrameSourceError.frameSizeChanged(fromPx: target.size, toPx: source.size)
        }
        let writable = av_frame_make_writable(target.frame)
        guard writable >= 0 else { throw FrameSourceError.conversionFailed(reason: avErrorText(writable)) }
        // The range-neutral formats: swscale would otherwise rescale full-range (J) samples to limited.
        let format: AVPixelFormat
        switch (source.chromaShiftX, source.chromaShiftY) {
        case (1, 1): format = AV_PIX_FMT_YUV420P
        case (1, 0): format = AV_PIX_FMT_YUV422P
        case (0, 0): format = AV_PIX_FMT_YUV444P
        default: format = AV_PIX_FMT_YUV440P
        }
        let width = Int32(source.width), height = Int32(source.height)
        scaler = sws_getCachedContext(scaler, width, height, format, width, height, AV_PIX_FMT_YUV420P, SWS_BILINEAR, nil, nil, nil)
        guard let scaler else { throw FrameSourceError.conversionFailed(reason: "swscale cannot copy this frame") }
        var sourcePlanes: [UnsafePointer<UInt8>?] = [source.plane(0), source.plane(1), source.plane(2), nil]
        var sourceStrides: [Int32] = [Int32(source.stride(0)), Int32(source.stride(1)), Int32(source.stride(2)), 0]
        var targetPlanes: [UnsafeMutablePointer<UInt8>?] = [target.mutablePlane(0), target.mutablePlane(1), target.mutablePlane(2), nil]
        var targetStrides: [Int32] = [Int32(target.stride(0)), Int32(target.stride(1)), Int32(target.stride(2)), 0]
        let rows = sws_scale(scaler, &sourcePlanes, &sourceStrides, 0, height, &targetPlanes, &targetStrides)
        guard rows == height else { throw FrameSourceError.conversionFailed(reason: "copied \(rows) of \(height) rows") }
        return target
    }
}
