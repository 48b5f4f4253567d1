import XCTest
import CFFmpeg
@testable import BowlerTraxKit

final class VideoEncoderTests: XCTestCase {
    /// Counts the video packets (one per frame for these intra/P codecs) and reads the size with libavformat.
    static func probe(_ path: String) throws -> (frames: Int, width: Int, height: Int) {
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        XCTAssertEqual(avformat_open_input(&fmt, path, nil, nil), 0)
        defer { avformat_close_input(&fmt) }
        let context = try XCTUnwrap(fmt)
        XCTAssertGreaterThanOrEqual(avformat_find_stream_info(context, nil), 0)
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        XCTAssertGreaterThanOrEqual(index, 0)
        let par = try XCTUnwrap(context.pointee.streams[Int(index)]?.pointee.codecpar)
        var packetHandle: UnsafeMutablePointer<AVPacket>? = av_packet_alloc()
        defer { av_packet_free(&packetHandle) }
        let packet = try XCTUnwrap(packetHandle)
        var count = 0
        while av_read_frame(context, packet) >= 0 {
            if packet.pointee.stream_index == index { count += 1 }
            av_packet_unref(packet)
        }
        return (count, Int(par.pointee.width), Int(par.pointee.height))
    }

    func testEveryCodecWritesAllFramesAtTheGivenSize() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("encoder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (codec, ext) in [(VideoEncoder.Codec.h264, "mp4"), (.mpeg4, "avi"), (.mjpeg, "avi"), (.h264, "mkv")] {
            let path = dir.appendingPathComponent("\(codec.rawValue).\(ext)").path
            let encoder = try VideoEncoder(path: path, codec: codec, width: 64, height: 48, timeBase: (1, 30), frameRate: (30, 1))
            for i in 0..<12 {
                let rgb = [UInt8](repeating: UInt8(i * 20), count: 64 * 48 * 3)
                try encoder.append(rgb: rgb, width: 64, height: 48, ptsTicks: Int64(i))
            }
            try encoder.finish()
            let probed = try Self.probe(path)
            XCTAssertEqual(probed.frames, 12, "\(codec) in \(ext)")
            XCTAssertEqual(probed.width, 64)
            XCTAssertEqual(probed.height, 48)
        }
    }

    func testWrongFrameSizeIsRejected() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).mp4").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let encoder = try VideoEncoder(path: path, codec: .h264, width: 64, height: 48, timeBase: (1, 30), frameRate: (30, 1))
        XCTAssertThrowsError(try encoder.append(rgb: [UInt8](repeating: 0, count: 10), width: 64, height: 48, ptsTicks: 0))
    }
}
