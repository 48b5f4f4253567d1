import Foundation
import XCTest
@testable import BowlerTraxKit

final class ShotJSONTests: XCTestCase {
    private func result(shots: Int) -> AnalysisResult {
        var measurements = ShotMeasurements()
        measurements.averageSpeedMph = 17.5
        let point = TrajectoryPoint(frame: 3, timeS: 0.05, xPx: 640.25, yPx: 500.5, radiusPx: 12, board: 20.5, distanceFt: 4)
        let made = (1...max(1, shots)).map { Shot(shotNumber: $0, releaseTimeS: Double($0), hand: .right, measurements: measurements,
                                                 trajectory: [point, point]) }
        return AnalysisResult(video: "a \"clip\".mp4", fps: 59.94, frames: 1200, size: PixelSize(width: 1280, height: 720),
                              shots: Array(made.prefix(shots)), framesWithBall: 30, corruptPackets: 0, stoppedEarly: nil)
    }

    private func written(_ result: AnalysisResult) -> [String] {
        var pieces: [String] = []
        ShotJSON.write(result) { pieces.append($0) }
        return pieces
    }

    /// The pieces make one JSON document with the video's facts and every shot, in order, each shot in a piece of its
    /// own: a long video's document is written a shot at a time, never held whole.
    func testDocumentIsWrittenAShotAtATimeAndParsesWhole() throws {
        let pieces = written(result(shots: 3))
        XCTAssertEqual(pieces.count, 5)
        XCTAssertEqual(pieces.dropFirst().dropLast().filter { $0.contains("\"shot_number\"") }.count, 3)
        XCTAssertFalse(pieces[0].contains("\"shot_number\""))
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(pieces.joined().utf8)) as? [String: Any])
        XCTAssertEqual(document["video"] as? String, "a \"clip\".mp4")
        XCTAssertEqual(document["frames"] as? Int, 1200)
        XCTAssertEqual(document["width"] as? Int, 1280)
        let shots = try XCTUnwrap(document["shots"] as? [[String: Any]])
        XCTAssertEqual(shots.map { $0["shot_number"] as? Int }, [1, 2, 3])
        XCTAssertEqual(shots[2]["average_speed_mph"] as? Double, 17.5)
        XCTAssertEqual((shots[0]["trajectory"] as? [[String: Any]])?.count, 2)
        XCTAssertTrue(pieces.joined().hasSuffix("\n  ]}\n"))
    }

    func testVideoWithNoShotHasAnEmptyList() throws {
        let text = written(result(shots: 0)).joined()
        XCTAssertTrue(text.hasSuffix("\"shots\": []}\n"), text)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual((document["shots"] as? [Any])?.count, 0)
    }
}
