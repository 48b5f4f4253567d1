import Foundation
import XCTest
@testable import BowlerTraxKit

/// A phone stores its frames as the sensor saw them, with a display matrix saying how a player turns them (held
/// upright: a quarter turn). Frames are analysed as players show them, so a calibration drawn on the shown picture,
/// and the ball rolling up it, fit.
final class RotatedVideoTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try FaultsCLI.temporaryDirectory("rotated-video")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The same coded frames tagged with each turn: our frames equal the ones FFmpeg's own tool shows, sample for
    /// sample, in every plane (FFmpeg 5.1's `rotate` tag N is a turn of 360 - N clockwise: fftools get_rotation).
    func testFramesAreTurnedAsFFmpegShowsThem() throws {
        let clip = try FaultsCLI.fixture("right-720p60")
        for tag in [90, 180, 270] {
            let tagged = path("tag\(tag).mp4"), shown = path("shown\(tag).yuv")
            try FaultsCLI.ffmpeg(["-i", clip.video, "-c", "copy", "-metadata:s:v:0", "rotate=\(tag)", tagged])
            try FaultsCLI.ffmpeg(["-i", tagged, "-frames:v", "2", "-f", "rawvideo", "-pix_fmt", "yuv420p", shown])
            let expected = [UInt8](try Data(contentsOf: URL(fileURLWithPath: shown)))
            let decoder = try FrameDecoder(path: tagged)
            XCTAssertEqual([decoder.width, decoder.height], tag == 180 ? [1280, 720] : [720, 1280], "rotate=\(tag)")
            let planeSizes = [(decoder.width, decoder.height), (decoder.width / 2, decoder.height / 2), (decoder.width / 2, decoder.height / 2)]
            var offset = 0
            for _ in 0..<2 {
                let frame = try XCTUnwrap(try decoder.nextFrame())
                XCTAssertEqual([frame.width, frame.height], [decoder.width, decoder.height])
                for (plane, (width, height)) in planeSizes.enumerated() {
                    var differing = 0
                    for row in 0..<height {
                        let ours = UnsafeBufferPointer(start: frame.plane(plane) + row * frame.stride(plane), count: width)
                        differing += zip(ours, expected[offset..<offset + width]).filter { $0 != $1 }.count
                        offset += width
                    }
                    XCTAssertEqual(differing, 0, "rotate=\(tag), plane \(plane): samples unlike FFmpeg's shown frame")
                }
            }
        }
    }

    /// A phone held upright: the fixture's frames stored sideways (losslessly, so exactly its samples turned), with
    /// the tag that shows them upright. `analyze` with the fixture's calibration measures the very same shot.
    func testSidewaysPhoneVideoMeasuresTheSameShotAsTheUprightOne() throws {
        let clip = try FaultsCLI.fixture("right-720p60")
        try FaultsCLI.ffmpeg(["-i", clip.video, "-vf", "transpose=cclock", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", path("sideways.mp4")])
        try FaultsCLI.ffmpeg(["-i", path("sideways.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=270", path("phone.mp4")])
        func shots(_ video: String?) throws -> [String: Any] {
            let outcome = try FaultsCLI.bowlertrax(try FaultsCLI.analyzeArguments("right-720p60", video: video, extra: ["--no-save", "--json"]))
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
            var document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            document["video"] = nil
            return document
        }
        let upright = try shots(nil), phone = try shots(path("phone.mp4"))
        XCTAssertEqual((upright["shots"] as? [Any])?.count, 1)
        XCTAssertEqual(NSDictionary(dictionary: phone), NSDictionary(dictionary: upright))
    }
}
