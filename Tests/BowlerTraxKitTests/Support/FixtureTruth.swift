import Foundation
import XCTest
@testable import BowlerTraxKit

/// The part of a fixture's `NAME.truth.json` the end-to-end tests compare with.
struct FixtureTruth: Decodable {
    struct ShotTruth: Decodable {
        var hand: String
        var release_time_s: Double
        var foul_line_board: Double
        var arrows_board: Double
        var launch_angle_deg: Double
        var breakpoint_board: Double
        var breakpoint_distance_ft: Double
        var entry_board: Double
        var entry_angle_deg: Double
        var launch_speed_mph: Double
        var entry_speed_mph: Double
        var average_speed_mph: Double
        var rev_rate_rpm: Double?
    }

    var video: String
    var width: Int
    var height: Int
    var fps: Double
    var frames: Int
    var hand: String
    var ball_hsv: [Double]
    var marker_hsv: [Double]?
    var shots: [ShotTruth]

    /// The committed fixture clips folder.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/clips")

    static func load(_ name: String, in directory: URL = FixtureTruth.directory) throws -> FixtureTruth {
        let data = try Data(contentsOf: directory.appendingPathComponent("\(name).truth.json"))
        return try JSONDecoder().decode(FixtureTruth.self, from: data)
    }

    var profile: BallProfile {
        let color = HSVColor(hueDeg: ball_hsv[0], saturationPct: ball_hsv[1], valuePct: ball_hsv[2])
        let markers = marker_hsv.map { [HSVColor(hueDeg: $0[0], saturationPct: $0[1], valuePct: $0[2])] } ?? []
        return BallProfile(colors: [color], markerColors: markers)
    }

    /// Analyses the fixture's clip with its own calibration and ball colour (`byColour` false: with no ball option,
    /// the ball found by itself).
    static func analyze(_ name: String, in directory: URL = FixtureTruth.directory,
                        byColour: Bool = true) throws -> (truth: FixtureTruth, result: AnalysisResult) {
        let truth = try load(name, in: directory)
        let video = directory.appendingPathComponent(truth.video).path
        let calibration = try LaneCalibration.load(path: directory.appendingPathComponent("\(name).calibration.json").path,
                                                   videoSize: PixelSize(width: truth.width, height: truth.height))
        let analyzer = VideoAnalyzer(profile: byColour ? truth.profile : nil, calibration: calibration, hand: Hand(rawValue: truth.hand) ?? .right)
        return (truth, try analyzer.analyze(path: video))
    }
}
