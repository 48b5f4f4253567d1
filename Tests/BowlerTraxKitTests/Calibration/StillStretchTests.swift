import BowlerTraxFixtures
import Foundation
import XCTest
@testable import BowlerTraxKit

/// The frames `calibrate --auto` takes the median of (`StillStretch`): those where the camera holds still from the
/// video's first frame, so the picture is the first frame's view with whoever walked through it gone.
final class StillStretchTests: XCTestCase {
    func truth(_ name: String) throws -> ClipTruth {
        try ClipTruth.load(contentsOf: URL(fileURLWithPath: CalibrationCLI.fixture("\(name).truth.json")))
    }

    /// A fixed camera holds still to the end: the median is of frames spread over all of it, and the bowler, who
    /// stands in front of the lane in frame 0 (no lane is found there), is gone: the foul line and the arrows are found.
    func testAFixedCameraHoldsStillToTheEndAndTheBowlerIsGone() throws {
        let path = CalibrationCLI.fixture("right-720p60.mp4")
        XCTAssertThrowsError(try LaneFinder(image: CalibrationFrame(path: path).image).propose(), "the bowler hides the lane in frame 0")
        let frame = try CalibrationFrame(path: path, medianOf: 15)
        let stretch = try XCTUnwrap(frame.stretch)
        let frames = try truth("right-720p60").frames
        XCTAssertEqual(stretch.length, frames)
        XCTAssertEqual(stretch.end, .videoEnd)
        XCTAssertEqual(stretch.frames.count, 15)
        XCTAssertEqual(stretch.frames, stretch.frames.sorted())
        XCTAssertLessThan(try XCTUnwrap(stretch.frames.first), frames / 15, "spread from the start")
        XCTAssertGreaterThan(try XCTUnwrap(stretch.frames.last), frames * 14 / 15, "to the end")
        let names = Set(try LaneFinder(image: frame.image).propose().compactMap(\.point.name))
        let hidden = ["foul line, right edge", "foul line, left edge"] + Lane.arrowBoards.map { "arrow tip, board \(Int($0))" }
        XCTAssertTrue(Set(hidden).isSubset(of: names), "found \(names.sorted())")
    }

    /// A long recording from a fixed camera is read for `seconds` only (here 1 s of the 60 fps clip).
    func testReadingStopsAtTheLimit() throws {
        let (stretch, images) = try StillStretch.read(path: CalibrationCLI.fixture("right-720p60.mp4"), keeping: 15, seconds: 1)
        XCTAssertEqual(stretch.length, 60)
        XCTAssertEqual(stretch.end, .readLimit)
        XCTAssertEqual(images.count, 15)
        XCTAssertLessThan(try XCTUnwrap(stretch.frames.last), 60)
    }

    /// A camera that holds still, then turns and zooms after the ball: the stretch ends where the renderer's camera
    /// first moves (frame 36), and the median is the first frame's view, not a blur of the pan (the lanes left of the
    /// bowler, whom nothing hides, within 2 code values of frame 0's on average; a median over the whole clip, as
    /// `--median` took before, was 17.7 off there).
    func testAPanningCameraStretchStopsWhereTheCameraStartsToMove() throws {
        let path = CalibrationCLI.fixture("pan-720p60.mp4")
        let cameras = try XCTUnwrap(try truth("pan-720p60").frameCameras)
        let firstMoved = try XCTUnwrap(cameras.firstIndex { $0 != cameras[0] })
        let frame = try CalibrationFrame(path: path, medianOf: 15)
        let stretch = try XCTUnwrap(frame.stretch)
        print("pan-720p60: the camera first moves at frame \(firstMoved), the stretch holds \(stretch.length) frames: \(stretch.frames)")
        XCTAssertEqual(stretch.end, .cameraMoved)
        XCTAssertEqual(stretch.length, firstMoved)
        XCTAssertEqual(stretch.frames.count, 15)
        XCTAssertLessThan(try XCTUnwrap(stretch.frames.last), stretch.length)
        XCTAssertLessThan(meanDifference(frame.image, try CalibrationFrame(path: path).image, columns: 0..<300), 2)
    }

    /// A camera moving from the first frame has no still frames to combine: frame 0 alone, and `calibrate` says so.
    func testACameraMovingFromTheStartGivesTheFirstFrameAlone() throws {
        let path = try CalibrationCLI.temporaryDirectory(self).appendingPathComponent("moving.mp4").path
        let decoder = try FrameDecoder(path: CalibrationCLI.fixture("pan-720p60.mp4"))
        let encoder = try VideoEncoder(path: path, codec: .mpeg4, width: decoder.width, height: decoder.height, timeBase: (1, 60), frameRate: (60, 1))
        while let picture = try decoder.nextFrame(), picture.index < 60 {
            if picture.index >= 50 { try encoder.append(frame: picture, ptsTicks: Int64(picture.index - 50)) }
        }
        try encoder.finish()
        let frame = try CalibrationFrame(path: path, medianOf: 15)
        XCTAssertEqual(frame.stretch, StillStretch(frames: [0], length: 1, end: .cameraMoved))
        XCTAssertEqual(frame.image, try CalibrationFrame(path: path).image)
        let result = try CalibrationCLI.run(["calibrate", "--video", path, "--auto"])
        XCTAssertTrue(result.stdout.hasPrefix("Picture: frame 0 alone (the camera moves at frame 1).\n"), result.stdout)
    }

    /// Mean absolute difference of two pictures' samples over a band of columns.
    func meanDifference(_ a: RGBImage, _ b: RGBImage, columns: Range<Int>) -> Double {
        var sum = 0, count = 0
        for y in 0..<a.height {
            for x in columns {
                for c in 0..<3 { sum += abs(Int(a.pixels[(y * a.width + x) * 3 + c]) - Int(b.pixels[(y * b.width + x) * 3 + c])); count += 1 }
            }
        }
        return Double(sum) / Double(count)
    }
}
