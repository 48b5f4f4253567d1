import CFFmpeg

/// Why frames could not be read from a file or a camera.
public enum FrameSourceError: Error, CustomStringConvertible, Equatable {
    /// The file does not exist or cannot be read.
    case fileNotFound(path: String)
    /// The path names a folder, not a file.
    case folder(path: String)
    /// The file exists but holds nothing (0 bytes).
    case emptyFile(path: String)
    /// libavformat could not open the file as a media container.
    case cannotOpen(path: String, reason: String)
    /// Read from a pipe, the input could not be opened or probed: most often an MP4 or MOV whose index is at its end,
    /// which cannot be read without seeking.
    case unseekablePipe(path: String, reason: String)
    /// The container opened but its streams could not be probed.
    case noStreamInfo(path: String, reason: String)
    /// The file is a single still image (PNG, JPEG, …), not a video.
    case stillImage(path: String, format: String)
    /// The stream's display matrix turns it by other than quarter turns (frames are turned by quarter turns only).
    case rotated(path: String, rotationDeg: Int)
    /// The container holds no video stream (an audio-only file, say).
    case noVideoStream(path: String)
    /// No decoder for the stream's codec is built into this libavcodec.
    case decoderNotFound(path: String, codec: String)
    /// The decoder refused to open.
    case decoderOpenFailed(path: String, reason: String)
    /// The stream declares a frame rate no camera produces.
    case invalidFrameRate(path: String, fps: Double)
    /// The frame size changed in the middle of the stream.
    case frameSizeChanged(fromPx: PixelSize, toPx: PixelSize)
    /// The pixel format cannot be converted to planar YUV.
    case conversionFailed(reason: String)
    /// Decoding found not a single frame.
    case noFrames(path: String)
    /// There is no camera at that path.
    case noSuchDevice(path: String)
    /// Another program is using the camera.
    case deviceBusy(path: String)
    /// The device exists but cannot stream video frames into memory buffers.
    case notACaptureDevice(path: String, card: String)
    /// The camera offers no MJPEG or YUYV mode of the wanted size and rate; `offered` lists what it has.
    case formatNotOffered(path: String, wanted: String, offered: [String])
    /// The camera went away (unplugged) while streaming.
    case cameraUnplugged(path: String, step: String)
    /// A system call on the camera failed: what we were doing, on which device, and errno.
    case systemCall(step: String, path: String, errno: Int32)
    /// libavcodec could not decode a camera's MJPEG frame.
    case mjpegDecodeFailed(reason: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path): return "cannot read \(path): no such file"
        case .folder(let path): return "cannot read \(path): it is a folder, not a file"
        case .emptyFile(let path): return "\(path) is empty (0 bytes)"
        case .cannotOpen(let path, let reason): return "\(path) is not a video FFmpeg can read: \(reason)"
        case .unseekablePipe(let path, let reason):
            return "\(path == "-" ? "standard input" : path) could not be read as a stream (\(reason)): an MP4 or MOV read from a pipe needs its index at the start; give the file itself, or pipe Matroska or MPEG-TS (ffmpeg -i IN -c copy -f matroska -)"
        case .noStreamInfo(let path, let reason): return "cannot find the streams in \(path): \(reason)"
        case .stillImage(let path, let format): return "\(path) is a still image (\(format)), not a video"
        case .rotated(let path, let rotation):
            return "\(path) is shown rotated by \(rotation) degrees (display matrix), not a quarter turn: re-encode it upright, e.g. ffmpeg -i IN -c:a copy OUT.mp4"
        case .noVideoStream(let path): return "\(path) has no video stream"
        case .decoderNotFound(let path, let codec): return "no decoder for codec \(codec) in \(path)"
        case .decoderOpenFailed(let path, let reason): return "cannot open the decoder for \(path): \(reason)"
        case .invalidFrameRate(let path, let fps): return "\(path) declares an impossible frame rate (\(fps) fps)"
        case .frameSizeChanged(let from, let to): return "frame size changed mid-stream from \(from) to \(to)"
        case .conversionFailed(let reason): return "cannot convert frames to planar YUV: \(reason)"
        case .noFrames(let path): return "no video frame could be decoded from \(path)"
        case .noSuchDevice(let path): return "no camera at \(path): no such device"
        case .deviceBusy(let path): return "camera \(path) is busy: another program is using it"
        case .notACaptureDevice(let path, let card): return "\(path) (\(card)) is not a video capture device with streaming I/O"
        case .formatNotOffered(let path, let wanted, let offered):
            return "camera \(path) does not offer \(wanted); it offers: \(offered.isEmpty ? "nothing we can read" : offered.joined(separator: ", "))"
        case .cameraUnplugged(let path, let step): return "camera \(path) went away (unplugged?) during \(step)"
        case .systemCall(let step, let path, let code): return "\(step) on \(path): \(String(cString: strerror(code))) (errno \(code))"
        case .mjpegDecodeFailed(let reason): return "cannot decode the camera's MJPEG frame: \(reason)"
        }
    }
}

/// Width and height of an image in pixels.
public struct PixelSize: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}

/// libav's text for an error code (av_err2str is a macro Swift cannot use).
func avErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    if av_strerror(code, &buffer, buffer.count) < 0 { return "error \(code)" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
