import CFFmpeg

/// Hands on decoder output as planar 8-bit YUV: a new reference to the same buffers when it already is,
/// else a swscale conversion to YUV 4:2:0.
final class PlanarConverter {
    private var scaler: OpaquePointer?

    deinit { sws_freeContext(scaler) }

    func planarFrame(from decoded: UnsafeMutablePointer<AVFrame>, index: Int, timeS: Double) throws -> VideoFrame {
        let format = AVPixelFormat(rawValue: decoded.pointee.format)
        let encoding = Self.encoding(of: decoded)
        if let shifts = Self.planarShifts(format) {
            guard let reference = av_frame_clone(decoded) else { throw FrameSourceError.conversionFailed(reason: "out of memory") }
            return VideoFrame(owning: reference, index: index, timeS: timeS, chromaShiftX: shifts.x, chromaShiftY: shifts.y, encoding: encoding)
        }
        let width = decoded.pointee.width
        let height = decoded.pointee.height
        scaler = sws_getCachedContext(scaler, width, height, format, width, height, AV_PIX_FMT_YUV420P, SWS_BILINEAR, nil, nil, nil)
        guard let scaler else {
            let name = av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "format \(decoded.pointee.format)"
            throw FrameSourceError.conversionFailed(reason: "swscale cannot convert \(name)")
        }
        guard let converted = av_frame_alloc() else { throw FrameSourceError.conversionFailed(reason: "out of memory") }
        converted.pointee.width = width
        converted.pointee.height = height
        converted.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        let allocated = av_frame_get_buffer(converted, 0)
        guard allocated >= 0 else {
            var owned: UnsafeMutablePointer<AVFrame>? = converted
            av_frame_free(&owned)
            throw FrameSourceError.conversionFailed(reason: avErrorText(allocated))
        }
        let scaled = sws_scale_frame(scaler, converted, decoded)
        guard scaled >= 0 else {
            var owned: UnsafeMutablePointer<AVFrame>? = converted
            av_frame_free(&owned)
            throw FrameSourceError.conversionFailed(reason: avErrorText(scaled))
        }
        // swscale writes limited-range BT.601 by default.
        return VideoFrame(owning: converted, index: index, timeS: timeS, chromaShiftX: 1, chromaShiftY: 1,
                          encoding: YUVEncoding(matrix: .bt601, fullRange: false))
    }

    /// Chroma subsampling of the planar 8-bit YUV formats used as they are.
    static func planarShifts(_ format: AVPixelFormat) -> (x: Int, y: Int)? {
        switch format {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: return (1, 1)
        case AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P: return (1, 0)
        case AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P: return (0, 0)
        case AV_PIX_FMT_YUV440P, AV_PIX_FMT_YUVJ440P: return (0, 1)
        default: return nil
        }
    }

    /// The frame's tagged matrix and range; untagged HD is taken as BT.709, smaller as BT.601 (what players assume).
    static func encoding(of frame: UnsafePointer<AVFrame>) -> YUVEncoding {
        let format = AVPixelFormat(rawValue: frame.pointee.format)
        let jpeg = [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P].contains(format)
        let fullRange = jpeg || frame.pointee.color_range == AVCOL_RANGE_JPEG
        let matrix: YUVEncoding.Matrix
        switch frame.pointee.colorspace {
        case AVCOL_SPC_BT709: matrix = .bt709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: matrix = .bt601
        default: matrix = jpeg || frame.pointee.height < 720 ? .bt601 : .bt709
        }
        return YUVEncoding(matrix: matrix, fullRange: fullRange)
    }
}
