import CFFmpeg

/// Encodes packed RGB24 frames (the fixture renderer) or planar YUV frames (the annotated video) into a video file
/// with libavcodec/libavformat.
///
/// Owns the AVFormatContext, AVCodecContext, AVFrame, AVPacket and SwsContext and frees
/// them in `deinit`. The container comes from the file extension (mp4, avi, mkv).
/// Call `finish()` to drain the encoder and write the trailer; without it the file is incomplete.
public final class VideoEncoder {
    /// The codecs the fixtures and the recorder use.
    public enum Codec: String, Sendable, Codable, CaseIterable {
        /// libx264, yuv420p; tuned by `crf` and `preset`.
        case h264
        /// MPEG-4 part 2, yuv420p; tuned by `qscale`.
        case mpeg4
        /// Motion JPEG, full-range yuvj420p; tuned by `qscale`.
        case mjpeg
    }

    /// Quality knobs; each codec reads only its own, but `threads`.
    public struct Quality: Sendable {
        public var crf: Int
        public var preset: String
        public var qscale: Int
        /// The encoder's own threads (libavcodec's thread_count; 0 lets it choose).
        public var threads: Int

        public init(crf: Int = 23, preset: String = "medium", qscale: Int = 4, threads: Int = 1) {
            self.crf = crf
            self.preset = preset
            self.qscale = qscale
            self.threads = threads
        }
    }

    /// Whether the installed libavcodec has this codec's encoder (H.264 needs libx264, which some builds leave out).
    public static func isAvailable(_ codec: Codec) -> Bool {
        avcodec_find_encoder_by_name(encoderName(codec)) != nil
    }

    private static func encoderName(_ codec: Codec) -> String {
        switch codec {
        case .h264: return "libx264"
        case .mpeg4: return "mpeg4"
        case .mjpeg: return "mjpeg"
        }
    }

    public let path: String
    public let width: Int
    public let height: Int
    public private(set) var framesWritten = 0

    private var formatContext: UnsafeMutablePointer<AVFormatContext>?
    private var codecContext: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let scaler: OpaquePointer
    private let stream: UnsafeMutablePointer<AVStream>
    private var fileOpen = false
    private var finished = false

    /// Opens `path` for writing. `timeBase` is (numerator, denominator) seconds per pts tick;
    /// `frameRate` is the nominal rate (frames, seconds) written into the stream header; `encoding` the matrix and
    /// range the frames' samples are tagged with (MJPEG is always full range). An MP4 or MOV gets its index (moov
    /// atom) at the front, rewritten there by `finish()`, so a browser plays it before it has all of it.
    public init(path: String, codec: Codec, width: Int, height: Int, timeBase: (Int32, Int32),
                frameRate: (Int32, Int32), quality: Quality = Quality(),
                encoding: YUVEncoding = YUVEncoding(matrix: .bt601, fullRange: false)) throws {
        precondition(width > 0 && height > 0, "an encoder needs a frame size")
        guard width % 2 == 0, height % 2 == 0 else { throw VideoEncoderError.oddFrameSize(width: width, height: height) }
        self.path = path
        self.width = width
        self.height = height
        cffmpeg_quiet_logs()

        var fmt: UnsafeMutablePointer<AVFormatContext>?
        try VideoEncoder.check(avformat_alloc_output_context2(&fmt, nil, nil, path), "avformat_alloc_output_context2", path)
        guard let fmt else { throw VideoEncoderError.libav(step: "avformat_alloc_output_context2", path: path, code: 0, message: "no context") }
        formatContext = fmt

        let encoderName = Self.encoderName(codec)
        let pixelFormat = codec == .mjpeg ? AV_PIX_FMT_YUVJ420P : AV_PIX_FMT_YUV420P
        guard let encoder = avcodec_find_encoder_by_name(encoderName) else {
            throw VideoEncoderError.encoderMissing(name: encoderName)
        }
        guard let newStream = avformat_new_stream(fmt, nil) else {
            throw VideoEncoderError.libav(step: "avformat_new_stream", path: path, code: cffmpeg_averror_enomem(), message: "out of memory")
        }
        stream = newStream
        guard let ctx = avcodec_alloc_context3(encoder) else {
            throw VideoEncoderError.libav(step: "avcodec_alloc_context3", path: path, code: cffmpeg_averror_enomem(), message: "out of memory")
        }
        codecContext = ctx
        ctx.pointee.width = Int32(width)
        ctx.pointee.height = Int32(height)
        ctx.pointee.time_base = AVRational(num: timeBase.0, den: timeBase.1)
        ctx.pointee.framerate = AVRational(num: frameRate.0, den: frameRate.1)
        ctx.pointee.pix_fmt = pixelFormat
        ctx.pointee.gop_size = 60
        ctx.pointee.thread_count = Int32(quality.threads)
        ctx.pointee.color_range = codec == .mjpeg || encoding.fullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
        ctx.pointee.colorspace = encoding.matrix == .bt709 ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
        if (fmt.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 {
            ctx.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        switch codec {
        case .h264:
            try VideoEncoder.check(cffmpeg_opt_set(ctx.pointee.priv_data, "crf", String(quality.crf)), "set crf", path)
            try VideoEncoder.check(cffmpeg_opt_set(ctx.pointee.priv_data, "preset", quality.preset), "set preset", path)
        case .mpeg4, .mjpeg:
            // Fixed quantiser: FF_QP2LAMBDA (118) scales a qscale into libavcodec's lambda units.
            ctx.pointee.flags |= AV_CODEC_FLAG_QSCALE
            ctx.pointee.global_quality = Int32(quality.qscale) * 118
        }
        try VideoEncoder.check(avcodec_open2(ctx, encoder, nil), "avcodec_open2 (\(encoderName))", path)
        try VideoEncoder.check(avcodec_parameters_from_context(newStream.pointee.codecpar, ctx), "avcodec_parameters_from_context", path)
        newStream.pointee.time_base = ctx.pointee.time_base
        newStream.pointee.avg_frame_rate = ctx.pointee.framerate

        guard let scaler = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_RGB24, Int32(width), Int32(height),
                                          pixelFormat, SWS_BICUBIC, nil, nil, nil) else {
            throw VideoEncoderError.libav(step: "sws_getContext", path: path, code: 0, message: "unsupported conversion")
        }
        self.scaler = scaler
        guard let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw VideoEncoderError.libav(step: "av_frame_alloc", path: path, code: cffmpeg_averror_enomem(), message: "out of memory")
        }
        self.frame = frame
        self.packet = packet
        frame.pointee.format = pixelFormat.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.color_range = ctx.pointee.color_range
        try VideoEncoder.check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer", path)

        if (fmt.pointee.oformat.pointee.flags & AVFMT_NOFILE) == 0 {
            try VideoEncoder.check(avio_open(&fmt.pointee.pb, path, AVIO_FLAG_WRITE), "avio_open", path)
            fileOpen = true
        }
        let muxer = String(cString: fmt.pointee.oformat.pointee.name)
        if muxer == "mp4" || muxer == "mov" {
            try VideoEncoder.check(cffmpeg_opt_set(fmt.pointee.priv_data, "movflags", "+faststart"), "set movflags", path)
        }
        try VideoEncoder.check(avformat_write_header(fmt, nil), "avformat_write_header", path)
    }

    deinit {
        sws_freeContext(scaler)
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codecContext)
        if fileOpen, let fmt = formatContext {
            // avio_closep is safe on an already closed handle (it sets pb to NULL).
            avio_closep(&fmt.pointee.pb)
        }
        avformat_free_context(formatContext)
    }

    /// Encodes one packed RGB24 frame (rows of `width * 3` bytes, no padding, top row first)
    /// with presentation time `ptsTicks` in the encoder's time base.
    public func append(rgb: UnsafeBufferPointer<UInt8>, width: Int, height: Int, ptsTicks: Int64) throws {
        guard !finished else { throw VideoEncoderError.alreadyFinished(path: path) }
        guard width == self.width, height == self.height, rgb.count >= width * height * 3, let base = rgb.baseAddress,
              let frame, let ctx = codecContext else {
            throw VideoEncoderError.frameSizeMismatch(expectedWidth: self.width, expectedHeight: self.height,
                                                      width: width, height: height, bufferCount: rgb.count)
        }
        try VideoEncoder.check(av_frame_make_writable(frame), "av_frame_make_writable", path)
        var sourcePlanes: [UnsafePointer<UInt8>?] = [base, nil, nil, nil]
        var sourceStrides: [Int32] = [Int32(width * 3), 0, 0, 0]
        let rows = withUnsafeMutablePointer(to: &frame.pointee.data) { dataTuple in
            withUnsafeMutablePointer(to: &frame.pointee.linesize) { strideTuple in
                dataTuple.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { data in
                    strideTuple.withMemoryRebound(to: Int32.self, capacity: 8) { strides in
                        sws_scale(scaler, &sourcePlanes, &sourceStrides, 0, Int32(height), data, strides)
                    }
                }
            }
        }
        guard rows == Int32(height) else {
            throw VideoEncoderError.libav(step: "sws_scale", path: path, code: rows, message: "converted \(rows) of \(height) rows")
        }
        frame.pointee.pts = ptsTicks
        // With AV_CODEC_FLAG_QSCALE the fixed-quantiser encoders read the quality from each frame.
        frame.pointee.quality = ctx.pointee.global_quality
        try VideoEncoder.check(avcodec_send_frame(ctx, frame), "avcodec_send_frame", path)
        try writePendingPackets()
        framesWritten += 1
    }

    /// Encodes one planar 4:2:0 frame of the encoder's size (`FrameCopier.target`) as it is, with presentation time
    /// `ptsTicks`. The encoder may keep a reference to its buffers: make it writable before changing it again.
    public func append(frame picture: VideoFrame, ptsTicks: Int64) throws {
        guard !finished else { throw VideoEncoderError.alreadyFinished(path: path) }
        precondition(picture.size == PixelSize(width: width, height: height) && picture.chromaShiftX == 1 && picture.chromaShiftY == 1,
                     "a \(picture.size) frame given to an encoder of \(width)x\(height) 4:2:0")
        guard let ctx = codecContext else { throw VideoEncoderError.alreadyFinished(path: path) }
        picture.frame.pointee.pts = ptsTicks
        picture.frame.pointee.quality = ctx.pointee.global_quality
        picture.frame.pointee.color_range = ctx.pointee.color_range
        try VideoEncoder.check(avcodec_send_frame(ctx, picture.frame), "avcodec_send_frame", path)
        try writePendingPackets()
        framesWritten += 1
    }

    /// Convenience for an array holding one packed RGB24 frame.
    public func append(rgb: [UInt8], width: Int, height: Int, ptsTicks: Int64) throws {
        try rgb.withUnsafeBufferPointer { try append(rgb: $0, width: width, height: height, ptsTicks: ptsTicks) }
    }

    /// Drains the encoder (the last frames only come out after a NULL frame) and writes the trailer.
    public func finish() throws {
        guard !finished, let ctx = codecContext, let fmt = formatContext else { throw VideoEncoderError.alreadyFinished(path: path) }
        finished = true
        try VideoEncoder.check(avcodec_send_frame(ctx, nil), "avcodec_send_frame (drain)", path)
        try writePendingPackets()
        try VideoEncoder.check(av_write_trailer(fmt), "av_write_trailer", path)
        if fileOpen {
            try VideoEncoder.check(avio_closep(&fmt.pointee.pb), "avio_closep", path)
            fileOpen = false
        }
    }

    /// Moves every packet the encoder has ready into the muxer; EAGAIN and EOF end the loop.
    private func writePendingPackets() throws {
        guard let ctx = codecContext, let fmt = formatContext, let packet else { return }
        while true {
            let code = avcodec_receive_packet(ctx, packet)
            switch code {
            case cffmpeg_averror_eagain(), cffmpeg_averror_eof():
                return
            case ..<0:
                throw VideoEncoderError.libav(step: "avcodec_receive_packet", path: path, code: code, message: VideoEncoder.errorText(code))
            default:
                av_packet_rescale_ts(packet, ctx.pointee.time_base, stream.pointee.time_base)
                packet.pointee.stream_index = stream.pointee.index
                // av_interleaved_write_frame takes the packet's reference and leaves it blank.
                try VideoEncoder.check(av_interleaved_write_frame(fmt, packet), "av_interleaved_write_frame", path)
            }
        }
    }

    private static func check(_ code: Int32, _ step: String, _ path: String) throws {
        if code < 0 { throw VideoEncoderError.libav(step: step, path: path, code: code, message: errorText(code)) }
    }

    /// `av_strerror` text for a libav error code.
    static func errorText(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        if av_strerror(code, &buffer, buffer.count) < 0 { return "unknown libav error" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
