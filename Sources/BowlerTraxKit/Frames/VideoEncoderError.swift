/// Why writing a video file failed: the libav step and its `av_strerror` text.
public enum VideoEncoderError: Error, CustomStringConvertible {
    /// No encoder of this name is compiled into libavcodec.
    case encoderMissing(name: String)
    /// A libav call returned a negative code.
    case libav(step: String, path: String, code: Int32, message: String)
    /// A frame's size differs from the size the encoder was opened with.
    case frameSizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int, bufferCount: Int)
    /// 4:2:0 video (H.264, MPEG-4) needs an even width and height.
    case oddFrameSize(width: Int, height: Int)
    /// `append` or `finish` was called after `finish`.
    case alreadyFinished(path: String)

    public var description: String {
        switch self {
        case .encoderMissing(let name):
            return "video encoder \(name) is not available in libavcodec"
        case .libav(let step, let path, let code, let message):
            return "\(step) on \(path): \(message) (libav \(code))"
        case .frameSizeMismatch(let ew, let eh, let w, let h, let count):
            return "frame of \(w)x\(h) (\(count) bytes) given to an encoder opened for \(ew)x\(eh) RGB24"
        case .oddFrameSize(let width, let height):
            return "cannot encode \(width)x\(height) video: H.264 and MPEG-4 need an even width and height"
        case .alreadyFinished(let path):
            return "encoder for \(path) was already finished"
        }
    }
}
