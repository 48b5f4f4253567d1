import CFFmpeg

/// Decodes a camera's MJPEG buffers, one JPEG image each, into planar YUV frames with libavcodec.
///
/// Owns the codec context, packet and frame and frees them in `deinit`. One thread at a time.
public final class MJPEGDecoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let converter = PlanarConverter()
    public let size: PixelSize

    public init(size: PixelSize) throws {
        self.size = size
        cffmpeg_quiet_logs()
        guard let codec = avcodec_find_decoder(AV_CODEC_ID_MJPEG) else {
            throw FrameSourceError.mjpegDecodeFailed(reason: "this libavcodec has no MJPEG decoder")
        }
        guard let context = avcodec_alloc_context3(codec) else { throw FrameSourceError.mjpegDecodeFailed(reason: "out of memory") }
        self.context = context
        context.pointee.width = Int32(size.width)
        context.pointee.height = Int32(size.height)
        // One image per packet: frame threads would only add a frame of latency.
        context.pointee.thread_count = 1
        let opened = avcodec_open2(context, codec, nil)
        guard opened >= 0 else { throw FrameSourceError.mjpegDecodeFailed(reason: "avcodec_open2: \(avErrorText(opened))") }
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else { throw FrameSourceError.mjpegDecodeFailed(reason: "out of memory") }
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&context)
    }

    /// Decodes one JPEG image; `bytes` need only live for this call (libavcodec copies unreferenced packet data).
    public func decode(_ bytes: UnsafeRawBufferPointer, index: Int, timeS: Double) throws -> VideoFrame {
        guard let context, let packet, let frame, let base = bytes.baseAddress else {
            throw FrameSourceError.mjpegDecodeFailed(reason: "empty buffer")
        }
        packet.pointee.data = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        packet.pointee.size = Int32(bytes.count)
        let sent = avcodec_send_packet(context, packet)
        packet.pointee.data = nil
        packet.pointee.size = 0
        guard sent >= 0 else { throw FrameSourceError.mjpegDecodeFailed(reason: "avcodec_send_packet: \(avErrorText(sent))") }
        let received = avcodec_receive_frame(context, frame)
        guard received >= 0 else { throw FrameSourceError.mjpegDecodeFailed(reason: "avcodec_receive_frame: \(avErrorText(received))") }
        defer { av_frame_unref(frame) }
        let decodedSize = PixelSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height))
        guard decodedSize == size else { throw FrameSourceError.frameSizeChanged(fromPx: size, toPx: decodedSize) }
        return try converter.planarFrame(from: frame, index: index, timeS: timeS)
    }
}
