import BowlerTraxFixtures
import Foundation
import XCTest
@testable import BowlerTraxKit

/// A variable-frame-rate clip (jittered frame intervals, as phones record): frame times come from the
/// timestamps, so the speeds still match the truth; frame index ÷ fps would be off by the jitter.
final class VariableFrameRateTests: XCTestCase {
    func testVariableFrameRateSpeedsMatchTheTruth() throws {
        let directory = try FaultsCLI.temporaryDirectory("vfr")
        defer { try? FileManager.default.removeItem(at: directory) }
        var spec = try ClipSpec.preset(named: "right-720p60")
        spec.name = "vfr-720p60"
        spec.frameIntervalJitter = 0.3
        spec.x264Preset = "veryfast"
        let rendered = try FixtureRenderer.render(spec: spec, to: directory)
        XCTAssertTrue(rendered.variableFrameRate)

        // The decoder's frame times are the rendered ones (to the 1/90000 s time base)...
        let decoder = try FrameDecoder(path: directory.appendingPathComponent(rendered.video).path)
        for expectedS in rendered.frameTimesS {
            guard let frame = try decoder.nextFrame() else { return XCTFail("fewer frames than rendered") }
            XCTAssertEqual(frame.timeS, expectedS, accuracy: 1e-4, "frame \(frame.index)")
        }
        // ...and so the speeds measured from them match the truth.
        let (truth, result) = try FixtureTruth.analyze("vfr-720p60", in: directory)
        XCTAssertEqual(result.shots.count, 1)
        let shot = try XCTUnwrap(result.shots.first)
        let expected = try XCTUnwrap(truth.shots.first)
        // The accuracy tests' speed tolerances (FixtureAccuracyTests).
        XCTAssertEqual(try XCTUnwrap(shot.measurements.launchSpeedMph), expected.launch_speed_mph, accuracy: 0.4)
        XCTAssertEqual(try XCTUnwrap(shot.measurements.averageSpeedMph), expected.average_speed_mph, accuracy: 0.3)
        XCTAssertEqual(try XCTUnwrap(shot.measurements.entrySpeedMph), expected.entry_speed_mph, accuracy: 0.4)
    }
}
