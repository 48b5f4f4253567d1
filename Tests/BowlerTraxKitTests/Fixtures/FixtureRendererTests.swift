import XCTest
import BowlerTraxKit
@testable import BowlerTraxFixtures

final class FixtureRendererTests: XCTestCase {
    private func smallSpec() -> ClipSpec {
        ClipSpec(name: "small", widthPx: 320, heightPx: 180, fps: 30, crf: 30, x264Preset: "ultrafast",
                 shots: [ShotSpec(revRateRpm: 300)], leadS: 0.3, tailS: 0.1)
    }

    func testSmallClipDecodesToTheTruthsFrameCountAndSize() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let truth = try FixtureRenderer.render(spec: smallSpec(), to: dir)
        let probed = try VideoEncoderTests.probe(dir.appendingPathComponent(truth.video).path)
        XCTAssertEqual(probed.frames, truth.frames)
        XCTAssertEqual(probed.width, 320)
        XCTAssertEqual(probed.height, 180)
        XCTAssertEqual(truth.shots.count, 1)
        XCTAssertFalse(try XCTUnwrap(truth.shots.first).path.isEmpty)
    }

    func testCalibrationFileUsesTheAnalysisFormat() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FixtureRenderer.render(spec: smallSpec(), to: dir)
        let data = try Data(contentsOf: dir.appendingPathComponent("small.calibration.json"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(json["image_width"] as? Int, 320)
        let points = try XCTUnwrap(json["points"] as? [[String: Any]])
        XCTAssertEqual(points.count, 12)
        XCTAssertEqual(points.first?["name"] as? String, "foul line, right edge")
        XCTAssertNotNil(points.first?["distance_ft"] as? Double)
    }

    func testVariableFrameRateTimesAreJitteredAndIncreasing() {
        var spec = smallSpec()
        spec.frameIntervalJitter = 0.2
        let times = FixtureRenderer.frameTimes(spec: spec, durationS: 2)
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }
        XCTAssertTrue(intervals.allSatisfy { $0 > 0 })
        XCTAssertGreaterThan((intervals.max() ?? 0) - (intervals.min() ?? 0), 0.002)
    }

    func testUnknownPresetIsRejected() {
        XCTAssertThrowsError(try ClipSpec.preset(named: "no-such-preset"))
    }

    func testSpecDecodesWithDefaultsForMissingKeys() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let spec = try decoder.decode(ClipSpec.self, from: Data(#"{"name":"x","width_px":640,"shots":[{"rev_rate_rpm":500}],"ball":{"marker":null}}"#.utf8))
        XCTAssertEqual(spec.widthPx, 640)
        XCTAssertEqual(spec.heightPx, 720)
        XCTAssertEqual(spec.shots.first?.revRateRpm, 500)
        XCTAssertEqual(spec.shots.first?.speedMph, 18)
        XCTAssertNil(spec.ball.marker)
    }
}
