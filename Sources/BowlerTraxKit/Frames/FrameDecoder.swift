import CFFmpeg
import Glibc

/// Decodes the best video stream of a file into `VideoFrame`s, following FFmpeg's doc/examples decode loop.
///
/// Damaged input is decoded as far as it goes: packets the decoder rejects are skipped and counted,
/// a read error mid-file ends the stream early (`stoppedEarly`), and the decoder is always drained.
public final class FrameDecoder {
    /// The FFmpeg release and libavcodec version this program runs with (the shared libraries loaded, not the headers
    /// it was built against), e.g. "FFmpeg 5.1.6, libavcodec 59.37.100".
    public static var libraryVersion: String {
        let codec = avcodec_version()
        return "FFmpeg \(String(cString: av_version_info())), libavcodec \(codec >> 16).\((codec >> 8) & 0xff).\(codec & 0xff)"
    }

    /// The cores this process may run on (its CPU affinity, which `taskset` sets), as libavcodec counts them when it
    /// chooses its own number of threads.
    public static var usableCores: Int { max(1, Int(av_cpu_count())) }

    public let path: String
    public let width: Int
    public let height: Int
    /// Nominal frame rate (the stream's average, else its base rate).
    public let fps: Double
    /// The stream's time base (numerator, denominator) and nominal rate as fractions: what a video made of its
    /// frames (`VideoAnnotator`) is written with.
    public let timeBase: (Int32, Int32)
    public let frameRate: (Int32, Int32)
    /// Stream duration if the container states it.
    public let durationS: Double?
    /// Packets the decoder rejected as corrupt.
    public private(set) var corruptPackets = 0
    /// Whether the video comes through a pipe (standard input as "-", a FIFO, process substitution): it is read
    /// once, as it comes.
    public let isPipe: Bool
    /// The error for an input that decoded to no frame at all: read from a pipe, most often an MP4 or MOV that
    /// needs seeking.
    public var nothingDecoded: FrameSourceError {
        isPipe ? .unseekablePipe(path: path, reason: "no frame could be decoded") : .noFrames(path: path)
    }
    /// Why reading stopped before the end of the file, if it did.
    public private(set) var stoppedEarly: String?

    private var formatContext: UnsafeMutablePointer<AVFormatContext>?
    private var codecContext: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let converter = PlanarConverter()
    /// The clockwise turn a player gives the stored pictures (display matrix), and their size before it.
    private let rotationDeg: Int
    private let codedSize: PixelSize
    private let streamIndex: Int32
    private let timeBaseS: Double
    private let startPts: Int64
    private var nextIndex = 0
    private var lastTimeS: Double?
    private var draining = false
    private var finished = false

    /// Whether `path` is read through a pipe (standard input as "-", a FIFO, process substitution): once, as it comes,
    /// so a second reading finds only what is left of it.
    public static func isPipe(_ path: String) -> Bool {
        var info = stat()
        return path == "-" || (stat(path, &info) == 0 && isPipe(path, kind: info.st_mode & S_IFMT))
    }

    private static func isPipe(_ path: String, kind: mode_t) -> Bool {
        path == "-" || kind == S_IFIFO || kind == S_IFCHR || kind == S_IFSOCK
    }

    /// Opens `path`; `threads` 0 lets libavcodec choose.
    /// `stillImages` lets a PNG or JPEG through as a one-frame video (a calibration picture); for analysis it is an error.
    public init(path: String, threads: Int = 0, stillImages: Bool = false) throws {
        self.path = path
        // "-" is standard input; a pipe or process substitution (/dev/fd/N) is read as it comes, without seeking.
        let url = path == "-" ? "pipe:0" : path
        var info = stat()
        guard path == "-" || stat(path, &info) == 0 else { throw FrameSourceError.fileNotFound(path: path) }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw FrameSourceError.folder(path: path) }
        isPipe = Self.isPipe(path, kind: kind)
        if kind == S_IFREG, info.st_size == 0 { throw FrameSourceError.emptyFile(path: path) }
        cffmpeg_quiet_logs()

        var format: UnsafeMutablePointer<AVFormatContext>?
        var code = avformat_open_input(&format, url, nil, nil)
        guard code >= 0, let format else {
            throw isPipe ? FrameSourceError.unseekablePipe(path: path, reason: avErrorText(code)) : FrameSourceError.cannotOpen(path: path, reason: avErrorText(code))
        }
        formatContext = format
        code = avformat_find_stream_info(format, nil)
        guard code >= 0 else {
            throw isPipe ? FrameSourceError.unseekablePipe(path: path, reason: avErrorText(code)) : FrameSourceError.noStreamInfo(path: path, reason: avErrorText(code))
        }

        var codec: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        guard index >= 0, let stream = format.pointee.streams[Int(index)] else { throw FrameSourceError.noVideoStream(path: path) }
        streamIndex = index
        // libavformat opens a PNG or JPEG as a one-frame "video"; a still cannot hold a shot.
        if !stillImages, let name = format.pointee.iformat.map({ String(cString: $0.pointee.name) }), Self.stillImageFormats(name) {
            throw FrameSourceError.stillImage(path: path, format: name)
        }
        // Frames are analysed as a player shows them (a phone held upright stores them sideways), so that a calibration
        // drawn on the displayed picture matches them.
        rotationDeg = Self.rotationDeg(of: stream)
        guard rotationDeg % 90 == 0 else { throw FrameSourceError.rotated(path: path, rotationDeg: rotationDeg) }
        guard let codec else {
            throw FrameSourceError.decoderNotFound(path: path, codec: String(cString: avcodec_get_name(stream.pointee.codecpar.pointee.codec_id)))
        }
        guard let context = avcodec_alloc_context3(codec) else { throw FrameSourceError.decoderOpenFailed(path: path, reason: "out of memory") }
        codecContext = context
        code = avcodec_parameters_to_context(context, stream.pointee.codecpar)
        guard code >= 0 else { throw FrameSourceError.decoderOpenFailed(path: path, reason: avErrorText(code)) }
        context.pointee.thread_count = Int32(threads)
        context.pointee.pkt_timebase = stream.pointee.time_base
        code = avcodec_open2(context, codec, nil)
        guard code >= 0 else { throw FrameSourceError.decoderOpenFailed(path: path, reason: avErrorText(code)) }

        codedSize = PixelSize(width: Int(context.pointee.width), height: Int(context.pointee.height))
        let quarterTurn = rotationDeg % 180 == 90
        width = quarterTurn ? codedSize.height : codedSize.width
        height = quarterTurn ? codedSize.width : codedSize.height
        timeBaseS = av_q2d(stream.pointee.time_base)
        let start = stream.pointee.start_time
        startPts = start == cffmpeg_nopts_value() ? 0 : start
        let average = av_q2d(stream.pointee.avg_frame_rate)
        let base = av_q2d(stream.pointee.r_frame_rate)
        let rate = average.isFinite && average > 0 ? average : base
        guard rate.isFinite, rate >= 1, rate <= 1000 else { throw FrameSourceError.invalidFrameRate(path: path, fps: rate) }
        fps = rate
        timeBase = (stream.pointee.time_base.num, stream.pointee.time_base.den)
        let rational = average.isFinite && average > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        frameRate = (rational.num, rational.den)
        durationS = Self.declaredDurationS(format: format, stream: stream)

        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else { throw FrameSourceError.decoderOpenFailed(path: path, reason: "out of memory") }
    }

    /// The stream's duration, else the container's (Matroska states only that one); nil when unknown or
    /// only guessed from the bit rate, which says nothing about where the file should end.
    static func declaredDurationS(format: UnsafeMutablePointer<AVFormatContext>, stream: UnsafeMutablePointer<AVStream>) -> Double? {
        let duration = stream.pointee.duration
        if duration > 0 && duration != cffmpeg_nopts_value() { return Double(duration) * av_q2d(stream.pointee.time_base) }
        guard format.pointee.duration > 0, format.pointee.duration != cffmpeg_nopts_value(),
              format.pointee.duration_estimation_method != AVFMT_DURATION_FROM_BITRATE else { return nil }
        return Double(format.pointee.duration) / Double(AV_TIME_BASE)
    }

    /// Input formats that hold single images (libavformat's image2 demuxer and its `*_pipe` variants).
    static func stillImageFormats(_ name: String) -> Bool {
        name == "image2" || name.hasSuffix("_pipe")
    }

    /// Clockwise rotation in degrees (0, 90, 180 or 270) a player applies to show the stream upright,
    /// from the display-matrix side data phones write; 0 without one.
    static func rotationDeg(of stream: UnsafeMutablePointer<AVStream>) -> Int {
        var size = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 9 * MemoryLayout<Int32>.size else { return 0 }
        // av_display_rotation_get gives the counter-clockwise angle; NaN for a degenerate matrix.
        let counterClockwiseDeg = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard counterClockwiseDeg.isFinite else { return 0 }
        let clockwise = Int((-counterClockwiseDeg).rounded()) % 360
        return clockwise < 0 ? clockwise + 360 : clockwise
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&codecContext)
        avformat_close_input(&formatContext)
    }

    /// Frames the container says the stream holds, if it says.
    public var frameCountEstimate: Int? {
        guard let stream = formatContext?.pointee.streams[Int(streamIndex)] else { return nil }
        let count = Int(stream.pointee.nb_frames)
        if count > 0 { return count }
        return durationS.map { Int(($0 * fps).rounded()) }
    }

    /// The next frame in presentation order, or nil at the end of the stream.
    public func nextFrame() throws -> VideoFrame? {
        guard let codecContext, let packet, let frame else { return nil }
        while !finished {
            let received = avcodec_receive_frame(codecContext, frame)
            switch received {
            case 0:
                defer { av_frame_unref(frame) }
                return try makeFrame(from: frame)
            case cffmpeg_averror_eagain():
                if draining { finished = true } else { try feed(codecContext, packet) }
            case cffmpeg_averror_eof():
                finished = true
            default:
                // A frame the decoder could not rebuild (damaged reference): skip it and go on.
                corruptPackets += 1
                if draining { finished = true } else { try feed(codecContext, packet) }
            }
        }
        noteEarlyEnd()
        return nil
    }

    /// A file cut short (a half-copied recording) often reads to a clean end of file: the declared
    /// duration is what tells. Half a second of slack covers streams that end before their audio.
    private func noteEarlyEnd() {
        guard stoppedEarly == nil, let durationS, let lastTimeS else { return }
        let endS = lastTimeS + 1 / fps
        if endS < durationS - 0.5 {
            stoppedEarly = "frames stop at \(String(endS, decimals: 2)) s of the \(String(durationS, decimals: 2)) s the file declares"
        }
    }

    /// Reads the next packet of our stream into the decoder; at end of file sends the drain signal.
    private func feed(_ codecContext: UnsafeMutablePointer<AVCodecContext>, _ packet: UnsafeMutablePointer<AVPacket>) throws {
        while true {
            let read = av_read_frame(formatContext, packet)
            if read < 0 {
                if read != cffmpeg_averror_eof() { stoppedEarly = avErrorText(read) }
                draining = true
                avcodec_send_packet(codecContext, nil)
                return
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(codecContext, packet)
            if sent < 0 && sent != cffmpeg_averror_eagain() {
                corruptPackets += 1
                continue
            }
            return
        }
    }

    private func makeFrame(from decoded: UnsafeMutablePointer<AVFrame>) throws -> VideoFrame {
        let size = PixelSize(width: Int(decoded.pointee.width), height: Int(decoded.pointee.height))
        guard size == codedSize else { throw FrameSourceError.frameSizeChanged(fromPx: codedSize, toPx: size) }
        let pts = decoded.pointee.best_effort_timestamp
        var timeS: Double
        if pts == cffmpeg_nopts_value() {
            timeS = (lastTimeS ?? -1 / fps) + 1 / fps
        } else {
            timeS = Double(pts - startPts) * timeBaseS
        }
        // Timestamps must increase; a repeated or backwards one (broken muxer) is nudged one frame on.
        if let last = lastTimeS, timeS <= last { timeS = last + 1 / fps }
        lastTimeS = timeS
        defer { nextIndex += 1 }
        let planar = try converter.planarFrame(from: decoded, index: nextIndex, timeS: timeS)
        return rotationDeg == 0 ? planar : planar.rotated(clockwiseDeg: rotationDeg)
    }
}
