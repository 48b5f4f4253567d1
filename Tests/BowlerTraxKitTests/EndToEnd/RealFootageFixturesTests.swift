import BowlerTraxFixtures
import Foundation
import XCTest
@testable import BowlerTraxKit

/// The rendered clips that show what real footage does (issue #16): a near-black ball, a swirl ball, a camera that
/// turns and zooms after the ball, a release the bowler hides, a phone held upright. Each is analysed with no ball
/// option (the ball found by itself) and held to the renderer's truth: the shots drawn are found and none invented, a found point lies
/// inside the drawn ball in most frames where it is in view, and with a fixed camera and its calibration the
/// measurements are within the tolerances of `FixtureAccuracyTests`.
final class RealFootageFixturesTests: XCTestCase {
    /// One new clip: the renderer's truth (per-frame pixels, cameras) and the fields the other fixture tests compare.
    private struct Clip {
        var name: String
        var truth: ClipTruth
        var fields: FixtureTruth
        var path: String
        var calibration: LaneCalibration

        init(_ name: String) throws {
            self.name = name
            let directory = FixtureTruth.directory
            truth = try ClipTruth.load(contentsOf: directory.appendingPathComponent("\(name).truth.json"))
            fields = try FixtureTruth.load(name)
            path = directory.appendingPathComponent(truth.video).path
            calibration = try LaneCalibration.load(path: directory.appendingPathComponent("\(name).calibration.json").path,
                                                   videoSize: PixelSize(width: truth.width, height: truth.height))
        }

        /// Analysed with no ball option, with the clip's calibration or none.
        func analyze(calibrated: Bool = true) throws -> AnalysisResult {
            try VideoAnalyzer(profile: nil, calibration: calibrated ? calibration : nil, hand: truth.hand).analyze(path: path)
        }

        /// The renderer's camera of each frame (a moving camera writes them).
        func cameras() throws -> [PinholeCamera] {
            try XCTUnwrap(truth.framePinholeCameras, "a moving camera writes each frame's camera")
        }

        /// The drawn ball in each frame where its centre is in view (not behind the bowler).
        var ballInView: [FrameTruth] { truth.shots.flatMap(\.path).filter { !$0.hidden } }
    }

    /// Share of the frames with the ball in view in which a found point lies inside the drawn ball (nearer its centre
    /// than its radius); printed, and held at `floor`, set below what the pipeline measured when the clips were made.
    private func assertLocalised(_ trajectory: [TrajectoryPoint], _ clip: Clip, _ label: String, floor: Double, line: UInt = #line) {
        let found = Dictionary(grouping: trajectory, by: \.frame)
        let inView = clip.ballInView
        let inside = inView.filter { ball in
            found[ball.frame, default: []].contains { ($0.xPx - ball.xPx) * ($0.xPx - ball.xPx) + ($0.yPx - ball.yPx) * ($0.yPx - ball.yPx) < ball.radiusPx * ball.radiusPx }
        }
        let share = Double(inside.count) / Double(max(1, inView.count))
        print("\(clip.name) \(label) localised: measured \(String(format: "%.3f", share)) (\(inside.count) of \(inView.count) frames in view), floor \(floor)")
        XCTAssertGreaterThanOrEqual(share, floor, "\(clip.name) \(label): share of the frames in view with the ball found on it", line: line)
    }

    /// Exactly the drawn shots, none invented.
    private func assertShotsFound(_ result: AnalysisResult, _ clip: Clip, line: UInt = #line) {
        XCTAssertEqual(result.shots.count, clip.truth.shots.count, "\(clip.name): found at \(result.shots.map(\.releaseTimeS)) s", line: line)
    }

    /// Prints a measured field of the first shot beside its truth and, when `held`, asserts it within the tolerance
    /// `FixtureAccuracyTests` holds that field to (a field not yet held is printed for issue #16 to follow).
    private func compare(_ field: String, _ result: AnalysisResult, _ clip: Clip, held: Bool = true, line: UInt = #line) throws {
        let (_, tolerance, measured, trueValue) = try XCTUnwrap(FixtureAccuracyTests.tolerances.first { $0.0 == field }, line: line)
        let expected = trueValue(try XCTUnwrap(clip.fields.shots.first, line: line))
        let value = try XCTUnwrap(result.shots.first, line: line).measurements
        let text = measured(value).map { String(format: "%.3f, error %.3f", $0, abs($0 - expected)) } ?? "nil"
        print("\(clip.name) shot 1 \(field): measured \(text), true \(String(format: "%.3f", expected)), tolerance \(tolerance)\(held ? "" : " (not held yet)")")
        guard held else { return }
        XCTAssertEqual(try XCTUnwrap(measured(value), "\(clip.name): \(field) not measured", line: line), expected, accuracy: tolerance,
                       "\(clip.name): \(field)", line: line)
    }

    func testDarkBallIsFoundFollowedAndTimed() throws {
        let clip = try Clip("dark-720p60")
        let result = try clip.analyze()
        assertShotsFound(result, clip)
        assertLocalised(result.shots.flatMap(\.trajectory), clip, "no ball option", floor: 0.85)
        try compare("average_speed_mph", result, clip)
        // Centred 1 to 3 px off the drawn ball down the lane, so the boards drift: the entry board is not yet within tolerance.
        try compare("entry_board", result, clip, held: false)
    }

    /// A phone held upright on a tripod behind the bowler (a portrait picture at 30 fps), the ball first seen 5 ft out,
    /// with no ball option: found, followed and measured, every field within the tolerances. Before the sightings
    /// found by shape alone (rolling, and followed back to the release) were centred on the ball's colour outline,
    /// they sat 1 to 4 px off the ball and six fields were out (entry angle 1.68°, launch speed 1.22 mph;
    /// docs/real-footage.md).
    func testPhoneHeldUprightIsMeasuredWithNoBallOption() throws {
        let clip = try Clip("portrait-720x1280p30")
        XCTAssertGreaterThan(clip.truth.height, clip.truth.width, "a portrait picture")
        try assertEveryFieldMeasured(clip)
    }

    /// Television and phones in Europe: the standard view at 25 fps, with no ball option. The same shape-only
    /// sightings put its entry 1.7° and its foul-line board 0.9 off before they were centred on the outline.
    func testPAL25fpsIsMeasuredWithNoBallOption() throws {
        try assertEveryFieldMeasured(try Clip("right-720p25"))
    }

    /// The clip analysed with no ball option: its shot found and localised, and every field within its tolerance.
    private func assertEveryFieldMeasured(_ clip: Clip, line: UInt = #line) throws {
        let result = try clip.analyze()
        assertShotsFound(result, clip, line: line)
        assertLocalised(result.shots.flatMap(\.trajectory), clip, "no ball option", floor: 0.85, line: line)
        for (field, _, _, _) in FixtureAccuracyTests.tolerances { try compare(field, result, clip, line: line) }
    }

    func testSwirlBallIsFoundAndFollowed() throws {
        let clip = try Clip("swirl-720p60")
        let result = try clip.analyze()
        assertShotsFound(result, clip)
        assertLocalised(result.shots.flatMap(\.trajectory), clip, "no ball option", floor: 0.6)
        // Followed about a radius below the ball (on its reflection) from 8 ft on, so it reads short distances: not yet held.
        try compare("average_speed_mph", result, clip, held: false)
        try compare("entry_board", result, clip, held: false)
    }

    func testHiddenReleaseIsMeasuredFromWhereTheBallIsFirstSeen() throws {
        let clip = try Clip("hidden-720p60")
        XCTAssertGreaterThan(try XCTUnwrap(clip.truth.shots.first?.firstVisibleDistanceFt), 12, "the bowler hides the first 12 ft")
        let result = try clip.analyze()
        assertShotsFound(result, clip)
        assertLocalised(result.shots.flatMap(\.trajectory), clip, "no ball option", floor: 0.85)
        let measurements = try XCTUnwrap(result.shots.first).measurements
        // Too far from the foul line to extrapolate to it: left null rather than guessed.
        XCTAssertNil(measurements.foulLineBoard, "foul_line_board extrapolated from the first sighting")
        XCTAssertNil(measurements.launchSpeedMph, "launch_speed_mph extrapolated from the first sighting")
        try compare("entry_board", result, clip)
        // The speed it can measure: the average needs the release time, which nobody saw.
        try compare("entry_speed_mph", result, clip)
        // It read 762 rpm, twice the rate, while the sightings from before the ball was found (`BallFinder`,
        // `BackwardSearch`) were not sampled.
        try compareRevRate(result, clip, measured: false)
    }

    /// The rev rate with no ball option (no marker colour known): within the finger holes' 8 % of the truth, never
    /// another rate; `measured`: a rate is reported at all.
    private func compareRevRate(_ result: AnalysisResult, _ clip: Clip, measured: Bool, line: UInt = #line) throws {
        let trueRpm = try XCTUnwrap(clip.fields.shots.first?.rev_rate_rpm, line: line)
        let rpm = try XCTUnwrap(result.shots.first, line: line).measurements.revRateRpm
        print("\(clip.name) shot 1 rev_rate_rpm: measured \(rpm.map { String(format: "%.1f", $0) } ?? "nil"), true \(String(format: "%.1f", trueRpm))")
        if measured { XCTAssertNotNil(rpm, "\(clip.name): rev_rate_rpm not measured", line: line) }
        if let rpm { XCTAssertEqual(rpm, trueRpm, accuracy: 0.08 * trueRpm, "\(clip.name): rev_rate_rpm", line: line) }
    }

    func testFollowingCameraBallIsFoundInThePicture() throws {
        let clip = try Clip("pan-720p60")
        let cameras = try XCTUnwrap(clip.truth.frameCameras, "a moving camera writes each frame's camera")
        XCTAssertEqual(cameras.count, clip.truth.frames)
        XCTAssertEqual(cameras.first, clip.truth.camera, "the calibration is the first frame's camera")
        // Where the ball is in the picture; its lane measurements: `testFollowingCameraLaneIsMeasuredInTheFirstFramesView`.
        let result = try clip.analyze()
        assertShotsFound(result, clip)
        assertLocalised(result.shots.flatMap(\.trajectory), clip, "no ball option", floor: 0.85)
    }

    func testFollowingCameraLaneIsMeasuredInTheFirstFramesView() throws {
        // The calibration is the first frame's; every sighting's lane position is read where the camera's motion puts
        // it in that frame (issue #17, item 2), so the lane measurements hold while the camera turns and zooms 2.4×.
        let clip = try Clip("pan-720p60")
        let result = try clip.analyze()
        assertShotsFound(result, clip)
        // Every field: the speeds too, since the sightings found by shape alone are centred on the ball's outline (the
        // launch speed read 0.53 mph slow before).
        for (field, _, _, _) in FixtureAccuracyTests.tolerances { try compare(field, result, clip) }
        // Its marker turning shows in the ball's look, which repeats once a turn (none while the look was also sampled
        // on the discs no outline centred: a look centred now on the ball and now off it does not repeat with the turn).
        try compareRevRate(result, clip, measured: true)
    }

    func testFollowingCameraCalibrationOfALaterFrameIsCarriedToTheFirst() throws {
        // A coach calibrates a frame where the lane is clear, after the camera has begun to turn and zoom: the file
        // says which frame (`video_frame`), and its landmarks are carried back into the first frame's picture by the
        // camera's motion, where the lane is measured (issue #17, item 2). Before, the file did not say and the
        // landmarks were taken as the first frame's: calibrated on frame 50, the arrows read 5.6 boards off and the
        // entry was null. Tried on two frames, a quarter and half way through the clip.
        let clip = try Clip("pan-720p60")
        let cameras = try clip.cameras()
        for frame in [clip.truth.frames / 4, clip.truth.frames / 2] {
            var points: [LandmarkPoint] = [], truePixels: [(x: Double, y: Double)] = []
            for board in [3.0, 10, 20, 30, 37] {
                for distanceFt in [0.0, 15, 30, 45, 60] {
                    let lane = Vector3(Lane.lateralFt(board: board), distanceFt, 0)
                    guard let pixel = cameras[frame].project(lane), let first = cameras[0].project(lane),
                          (20...Double(clip.truth.width - 20)).contains(pixel.xPx), (20...Double(clip.truth.height - 20)).contains(pixel.yPx) else { continue }
                    points.append(LandmarkPoint(name: "board \(board) at \(distanceFt) ft", xPx: pixel.xPx, yPx: pixel.yPx, board: board, distanceFt: distanceFt))
                    truePixels.append((first.xPx, first.yPx))
                }
            }
            XCTAssertGreaterThanOrEqual(points.count, 8, "landmarks in view in frame \(frame)")
            let file = CalibrationFile(imageSize: PixelSize(width: clip.truth.width, height: clip.truth.height), points: points, videoFrame: frame)
            let carried = try file.inFirstFrame(ofVideo: clip.path, path: "frame \(frame)")
            XCTAssertNil(carried.videoFrame)
            let moved = zip(points, truePixels).map { hypot($0.xPx - $1.x, $0.yPx - $1.y) }.max() ?? 0
            let errors = zip(carried.points, truePixels).map { hypot($0.xPx - $1.x, $0.yPx - $1.y) }
            print("pan-720p60 calibration of frame \(frame): \(points.count) landmarks, moved up to \(String(format: "%.1f", moved)) px since frame 0, carried back within \(String(format: "%.2f", errors.max() ?? 0)) px")
            XCTAssertGreaterThan(moved, 20, "the camera moved before frame \(frame)")
            XCTAssertLessThan(errors.max() ?? .infinity, 3, "frame \(frame)'s landmarks carried back where the first frame's camera shows them")
            let calibration = try LaneCalibration(file: carried, source: "frame \(frame)")
            let result = try VideoAnalyzer(profile: nil, calibration: calibration, hand: clip.truth.hand).analyze(path: clip.path)
            assertShotsFound(result, clip)
            for field in ["arrows_board", "breakpoint_board", "entry_angle_deg"] {
                try compare(field, result, clip)
            }
            // The first frame's picture shows the pin end small: the 1.2 to 2 px the landmarks are carried off there
            // were measured to move the entry board 0.4 to 1.3 boards and the entry speed up to 0.41 mph, depending
            // on the frame calibrated. Printed, not held.
            try compare("entry_board", result, clip, held: false)
            try compare("entry_speed_mph", result, clip, held: false)
        }
    }

    func testFollowingCameraPathIsKeptInTheFirstFramesView() throws {
        // Each sighting carries where it lies in the reference view (issue #16, item 2; part 2 measures the lane there):
        // here the first frame's, as the camera's motion is never lost. The camera turns and zooms about a fixed
        // point, so the renderer's cameras map any pixel of a frame into the first frame exactly: along its ray,
        // projected by the first frame's camera. Only the chain of measured motions is tested, not where the ball was found.
        let clip = try Clip("pan-720p60")
        let cameras = try clip.cameras()
        let trajectory = try XCTUnwrap(clip.analyze().shots.first?.trajectory)
        var errors: [Double] = []
        for point in trajectory {
            XCTAssertEqual(point.referenceFrame, 0, "frame \(point.frame)")
            let camera = cameras[point.frame]
            let there = try XCTUnwrap(cameras[0].pixel(seenBy: camera, xPx: point.xPx, yPx: point.yPx))
            let x = try XCTUnwrap(point.referenceXPx), y = try XCTUnwrap(point.referenceYPx)
            errors.append(((x - there.xPx) * (x - there.xPx) + (y - there.yPx) * (y - there.yPx)).squareRoot())
        }
        errors.sort()
        let median = errors[errors.count / 2], largest = errors.last ?? 0
        print("pan-720p60 reference view: \(errors.count) points, error median \(String(format: "%.2f", median)) px, largest \(String(format: "%.2f", largest)) px")
        // Chained frame to frame alone, the maps drifted (6.7 px median, 13.5 px largest after 3.5 s: each drops the
        // small keystone a turning camera makes between two frames). Registered to key frames (`KeyFrameAligner`), the
        // error grows only from key to key: measured 1.56 px median and 2.15 px largest; with the key's corners sought
        // only where they are still in the picture and its windows warped by the zoom since the key, 0.44 and 0.87 px.
        // Held a little above.
        XCTAssertLessThan(median, 0.6)
        XCTAssertLessThan(largest, 1.2)
    }

    /// What `bowlertrax analyze --json` prints that these tests read.
    private struct AnalyzeOutput: Decodable {
        struct Shot: Decodable { var trajectory: [TrajectoryPoint] }
        var shots: [Shot]
    }

    func testFollowingCameraBallPointedAtIsFollowed() throws {
        let clip = try Clip("pan-720p60")
        let first = try XCTUnwrap(clip.ballInView.first)
        let box = [first.xPx - first.radiusPx, first.yPx - first.radiusPx, first.xPx + first.radiusPx, first.yPx + first.radiusPx]
        // The tool as the user runs it on TV footage: no calibration, the box drawn on the ball where it first shows.
        let outcome = try FaultsCLI.bowlertrax(["analyze", clip.path, "--ball-box", box.map { String(Int($0)) }.joined(separator: ","),
                                                "--ball-frame", String(first.frame), "--json", "--no-save"], timeoutS: 300)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let shots = try decoder.decode(AnalyzeOutput.self, from: Data(outcome.stdout.utf8)).shots
        XCTAssertEqual(shots.count, clip.truth.shots.count, "shots found")
        XCTAssertEqual(shots.first?.trajectory.first?.frame, first.frame, "the shot starts at the box")
        assertLocalised(shots.flatMap(\.trajectory), clip, "given the box", floor: 0.9)
    }

    func testWithNoCalibrationTheBallNotTheWalkingBowlerIsFound() throws {
        // Without a calibration nothing says where the lane is: a disc on the bowler walking up to the line rises like
        // a ball, until the bowler stops and the ball rolls on.
        for (name, floor) in [("dark-720p60", 0.85), ("pan-720p60", 0.85), ("hidden-720p60", 0.8)] {
            let clip = try Clip(name)
            let result = try clip.analyze(calibrated: false)
            assertShotsFound(result, clip)
            assertLocalised(result.shots.flatMap(\.trajectory), clip, "no ball option, no calibration", floor: floor)
        }
    }
}
