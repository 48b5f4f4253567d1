import Foundation
import XCTest
@testable import BowlerTraxKit

/// The annotated video decoded back: the input's frames, size and timestamps, with the ball's mark drawn where the
/// tracker put the ball.
final class VideoAnnotatorTests: XCTestCase {
    /// Analyses a fixture clip with an annotator; returns the result and the annotated video's path.
    private func annotate(_ name: String) throws -> (input: String, output: String, result: AnalysisResult) {
        let truth = try FixtureTruth.load(name)
        let input = FixtureTruth.directory.appendingPathComponent(truth.video).path
        let calibration = try LaneCalibration.load(path: FixtureTruth.directory.appendingPathComponent("\(name).calibration.json").path,
                                                   videoSize: PixelSize(width: truth.width, height: truth.height))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("annotated-\(UUID().uuidString).mp4").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: output) }
        let decoder = try VideoAnalyzer.open(path: input)
        let annotator = try VideoAnnotator(path: output, size: PixelSize(width: decoder.width, height: decoder.height), timeBase: decoder.timeBase,
                                           frameRate: decoder.frameRate, calibration: calibration)
        let result = try VideoAnalyzer(profile: truth.profile, calibration: calibration, hand: Hand(rawValue: truth.hand) ?? .right)
            .analyze(decoder, annotator: annotator)
        return (input, output, result)
    }

    func testAnnotatedVideoHasTheInputsFramesSizeAndTimestamps() throws {
        let (input, output, _) = try annotate("right-720p60")
        let original = try AnnotatedVideo.frames(of: input), annotated = try AnnotatedVideo.frames(of: output)
        XCTAssertEqual(annotated.count, original.count)
        XCTAssertEqual(annotated.first?.size, original.first?.size)
        for (a, b) in zip(annotated, original) {
            XCTAssertEqual(a.timeS, b.timeS, accuracy: 1e-4, "frame \(b.index)")
        }
        XCTAssertEqual(try FrameDecoder(path: output).fps, try FrameDecoder(path: input).fps, accuracy: 1e-6)
    }

    func testBallMarkIsDrawnWhereTheTrackerPutTheBall() throws {
        let (_, output, result) = try annotate("right-720p60")
        let annotated = try AnnotatedVideo.frames(of: output)
        let points = result.shots.flatMap(\.trajectory)
        XCTAssertGreaterThan(points.count, 50)
        var onTheBall = 0, beside = 0.0
        for point in points {
            let frame = annotated[point.frame]
            if AnnotatedVideo.markShare(on: frame, x: point.xPx, y: point.yPx, radiusPx: point.radiusPx) >= 0.6 { onTheBall += 1 }
            // A circle as large, two diameters to the side: only a mark drawn in the wrong place would be seen there.
            beside += AnnotatedVideo.markShare(on: frame, x: point.xPx + 4 * point.radiusPx + 6, y: point.yPx, radiusPx: point.radiusPx)
        }
        XCTAssertGreaterThanOrEqual(Double(onTheBall), 0.95 * Double(points.count), "frames whose ball has the mark drawn around it")
        XCTAssertLessThan(beside / Double(points.count), 0.05, "mark colour where no ball was")
        // Before the shot no mark at all: the frame before its first sighting.
        if let first = points.first, first.frame > 0 {
            XCTAssertLessThan(AnnotatedVideo.markShare(on: annotated[first.frame - 1], x: first.xPx, y: first.yPx, radiusPx: first.radiusPx), 0.2)
        }
    }

    func testCarriedFramesGetTheCarriedMarkBetweenSightings() throws {
        let (_, output, result) = try annotate("dark-720p60")
        let annotated = try AnnotatedVideo.frames(of: output)
        let mark = FrameCanvas.yuv(of: FrameOverlay.carriedColor, encoding: annotated[0].encoding)
        var carried = 0
        for shot in result.shots {
            for (before, after) in zip(shot.trajectory, shot.trajectory.dropFirst()) where after.frame > before.frame + 1 {
                for index in before.frame + 1..<after.frame {
                    let share = Double(index - before.frame) / Double(after.frame - before.frame)
                    let x = Int(before.xPx + share * (after.xPx - before.xPx)), y = Int(before.yPx + share * (after.yPx - before.yPx))
                    let frame = annotated[index]
                    let u = Double(frame.plane(1)[(y >> 1) * frame.stride(1) + (x >> 1)]), v = Double(frame.plane(2)[(y >> 1) * frame.stride(2) + (x >> 1)])
                    XCTAssertTrue(abs(u - mark.u) < 30 && abs(v - mark.v) < 30, "frame \(index): the cross's centre is not orange (u \(u), v \(v))")
                    carried += 1
                }
            }
        }
        XCTAssertGreaterThan(carried, 0, "the clip has frames the detector missed within a shot")
    }
}
