import CFFmpeg

/// Keeps a camera's raw buffers in a video file without re-encoding: MJPEG images as MJPEG packets,
/// YUYV frames as raw video (fourcc YUY2). The container comes from the extension (.mkv, .avi).
///
/// Owns the AVFormatContext and packet; `finish()` writes the trailer (without it the file is incomplete).
public final class CameraRecorder {
    public let path: String
    private var formatContext: UnsafeMutablePointer<AVFormatContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let stream: UnsafeMutablePointer<AVStream>
    private var fileOpen = false
    private var finished = false
    /// Microseconds: the resolution of V4L2 buffer timestamps.
    private static let timeBase = AVRational(num: 1, den: 1_000_000)

    public init(path: String, mode: CameraMode) throws {
        self.path = path
        cffmpeg_quiet_logs()
        var context: UnsafeMutablePointer<AVFormatContext>?
        try Self.check(avformat_alloc_output_context2(&context, nil, nil, path), "avformat_alloc_output_context2", path)
        guard let context else { throw VideoEncoderError.libav(step: "avformat_alloc_output_context2", path: path, code: 0, message: "no context") }
        formatContext = context
        guard let stream = avformat_new_stream(context, nil), let packet = av_packet_alloc() else {
            throw VideoEncoderError.libav(step: "avformat_new_stream", path: path, code: cffmpeg_averror_enomem(), message: "out of memory")
        }
        self.stream = stream
        self.packet = packet
        let parameters = stream.pointee.codecpar
        parameters?.pointee.codec_type = AVMEDIA_TYPE_VIDEO
        parameters?.pointee.width = Int32(mode.size.width)
        parameters?.pointee.height = Int32(mode.size.height)
        switch mode.pixelFormat {
        case .mjpeg:
            parameters?.pointee.codec_id = AV_CODEC_ID_MJPEG
            parameters?.pointee.format = AV_PIX_FMT_YUVJ422P.rawValue
        case .yuyv:
            parameters?.pointee.codec_id = AV_CODEC_ID_RAWVIDEO
            parameters?.pointee.format = AV_PIX_FMT_YUYV422.rawValue
            parameters?.pointee.bits_per_coded_sample = 16
        }
        parameters?.pointee.color_range = mode.encoding.fullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
        parameters?.pointee.color_space = mode.encoding.matrix == .bt709 ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
        stream.pointee.time_base = Self.timeBase
        let rate = AVRational(num: Int32((mode.fps * 1000).rounded()), den: 1000)
        stream.pointee.avg_frame_rate = rate
        stream.pointee.r_frame_rate = rate
        if (context.pointee.oformat.pointee.flags & AVFMT_NOFILE) == 0 {
            try Self.check(avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE), "avio_open", path)
            fileOpen = true
        }
        try Self.check(avformat_write_header(context, nil), "avformat_write_header", path)
    }

    deinit {
        av_packet_free(&packet)
        if fileOpen, let context = formatContext { avio_closep(&context.pointee.pb) }
        avformat_free_context(formatContext)
    }

    /// Writes one camera buffer taken at `timeS` (seconds from the first frame).
    public func write(_ bytes: UnsafeRawBufferPointer, timeS: Double) throws {
        guard !finished, let context = formatContext, let packet, let base = bytes.baseAddress else {
            throw VideoEncoderError.alreadyFinished(path: path)
        }
        try Self.check(av_new_packet(packet, Int32(bytes.count)), "av_new_packet", path)
        defer { av_packet_unref(packet) }
        packet.pointee.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        let micros = Int64((timeS * 1_000_000).rounded())
        packet.pointee.pts = micros
        packet.pointee.dts = micros
        packet.pointee.flags |= AV_PKT_FLAG_KEY
        packet.pointee.stream_index = stream.pointee.index
        // The muxer may have chosen its own time base in avformat_write_header.
        av_packet_rescale_ts(packet, Self.timeBase, stream.pointee.time_base)
        try Self.check(av_write_frame(context, packet), "av_write_frame", path)
    }

    /// Writes the trailer and closes the file.
    public func finish() throws {
        guard !finished, let context = formatContext else { return }
        finished = true
        try Self.check(av_write_trailer(context), "av_write_trailer", path)
        if fileOpen {
            try Self.check(avio_closep(&context.pointee.pb), "avio_closep", path)
            fileOpen = false
        }
    }

    private static func check(_ code: Int32, _ step: String, _ path: String) throws {
        if code < 0 { throw VideoEncoderError.libav(step: step, path: path, code: code, message: avErrorText(code)) }
    }
}
