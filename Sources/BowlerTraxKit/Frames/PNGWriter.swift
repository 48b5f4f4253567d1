import CFFmpeg
import FoundationEssentials

/// Encodes an `RGBImage` as PNG with libavcodec's png encoder (no image library needed).
public enum PNGWriter {
    /// The PNG bytes of `image`; `path` only names the destination in errors.
    public static func encode(_ image: RGBImage, path: String = "PNG") throws -> Data {
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_PNG) else { throw VideoEncoderError.encoderMissing(name: "png") }
        var context = avcodec_alloc_context3(codec)
        var frame = av_frame_alloc()
        var packet = av_packet_alloc()
        // One cleanup path for all three, whatever step fails.
        defer {
            av_packet_free(&packet)
            av_frame_free(&frame)
            avcodec_free_context(&context)
        }
        guard let context, let frame, let packet else {
            throw VideoEncoderError.libav(step: "allocating the png encoder", path: path, code: cffmpeg_averror_enomem(), message: "out of memory")
        }
        context.pointee.width = Int32(image.width)
        context.pointee.height = Int32(image.height)
        context.pointee.pix_fmt = AV_PIX_FMT_RGB24
        context.pointee.time_base = AVRational(num: 1, den: 1)
        try check(avcodec_open2(context, codec, nil), "avcodec_open2 (png)", path)
        frame.pointee.format = AV_PIX_FMT_RGB24.rawValue
        frame.pointee.width = Int32(image.width)
        frame.pointee.height = Int32(image.height)
        try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer", path)
        let rowBytes = image.width * 3
        let stride = Int(frame.pointee.linesize.0)
        guard let base = frame.pointee.data.0 else {
            throw VideoEncoderError.libav(step: "av_frame_get_buffer", path: path, code: 0, message: "no plane allocated")
        }
        image.pixels.withUnsafeBufferPointer { source in
            guard let from = source.baseAddress else { return }
            for row in 0..<image.height { (base + row * stride).update(from: from + row * rowBytes, count: rowBytes) }
        }
        frame.pointee.pts = 0
        try check(avcodec_send_frame(context, frame), "avcodec_send_frame", path)
        try check(avcodec_send_frame(context, nil), "avcodec_send_frame (drain)", path)
        var data = Data()
        while true {
            let code = avcodec_receive_packet(context, packet)
            switch code {
            case cffmpeg_averror_eof(), cffmpeg_averror_eagain():
                guard !data.isEmpty else { throw VideoEncoderError.libav(step: "avcodec_receive_packet", path: path, code: code, message: "no packet") }
                return data
            case ..<0:
                throw VideoEncoderError.libav(step: "avcodec_receive_packet", path: path, code: code, message: VideoEncoder.errorText(code))
            default:
                if let bytes = packet.pointee.data { data.append(bytes, count: Int(packet.pointee.size)) }
                av_packet_unref(packet)
            }
        }
    }

    /// Encodes `image` and writes it to `path`.
    public static func write(_ image: RGBImage, to path: String) throws {
        let data = try encode(image, path: path)
        do { try data.write(to: URL(fileURLWithPath: path)) } catch {
            throw VideoEncoderError.libav(step: "writing", path: path, code: 0, message: "\(error)")
        }
    }

    private static func check(_ code: Int32, _ step: String, _ path: String) throws {
        if code < 0 { throw VideoEncoderError.libav(step: step, path: path, code: code, message: VideoEncoder.errorText(code)) }
    }
}
