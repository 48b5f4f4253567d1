import Foundation
import XCTest
@testable import BowlerTraxKit

/// `VideoAnalyzer` measures shots on a queue of their own: the shots must be what the one-queue
/// `ShotPipeline.track` then `measure` give, and reach the handler in order.
final class VideoAnalyzerTests: XCTestCase {
    private struct HandlerStop: Error {}

    /// Shots handed to `onShot` (which runs on another queue), in the order they came.
    private final class HandledShots: @unchecked Sendable {
        private let lock = NSLock()
        private var shots: [Shot] = []
        var all: [Shot] { lock.withLock { shots } }
        func add(_ shot: Shot) { lock.withLock { shots.append(shot) } }
    }

    private static let clip = "multi-720p60"

    private func analyzer(cores: Int = FrameDecoder.usableCores) throws -> (VideoAnalyzer, path: String) {
        let truth = try FixtureTruth.load(Self.clip)
        let directory = FixtureTruth.directory
        let calibration = try LaneCalibration.load(path: directory.appendingPathComponent("\(Self.clip).calibration.json").path,
                                                   videoSize: PixelSize(width: truth.width, height: truth.height))
        return (VideoAnalyzer(profile: truth.profile, calibration: calibration, hand: Hand(rawValue: truth.hand) ?? .right, cores: cores),
                directory.appendingPathComponent(truth.video).path)
    }

    func testAnalysisGivesTheShotsOfTheFrameByFramePipeline() throws {
        let (analyzer, path) = try analyzer()
        let analysed = try analyzer.analyze(path: path)
        let decoder = try FrameDecoder(path: path, threads: 1)
        let pipeline = ShotPipeline(profile: analyzer.profile, calibration: analyzer.calibration, hand: analyzer.hand,
                                    imageSize: PixelSize(width: decoder.width, height: decoder.height))
        var shots: [Shot] = []
        while let frame = try decoder.nextFrame() {
            if let finished = pipeline.track(frame) { shots.append(pipeline.measure(finished)) }
        }
        shots += pipeline.finishTracking().map(pipeline.measure)
        XCTAssertGreaterThan(shots.count, 1)
        XCTAssertEqual(analysed.shots, shots)
    }

    func testOneCoreTracksOnTheDecodingThreadAndGivesTheSameShots() throws {
        let (oneCore, path) = try analyzer(cores: 1)
        let (twoCores, _) = try analyzer(cores: 2)
        XCTAssertTrue(oneCore.tracksOnDecodingThread)
        XCTAssertFalse(twoCores.tracksOnDecodingThread)
        let shots = try oneCore.analyze(path: path).shots
        XCTAssertGreaterThan(shots.count, 1)
        XCTAssertEqual(shots, try twoCores.analyze(path: path).shots)
    }

    /// `--threads 0`: every core the process may use, as `ffmpeg -threads 0` decodes; a number given is kept.
    func testDefaultDecoderThreadsFollowTheUsableCores() {
        let threads = { (cores: Int) in VideoAnalyzer(profile: nil, calibration: nil, hand: .right, decoderThreads: 0, cores: cores).decoderThreads }
        XCTAssertEqual(threads(1), 1)
        XCTAssertEqual(threads(2), 2)
        XCTAssertEqual(threads(4), 4)
        XCTAssertEqual(VideoAnalyzer(profile: nil, calibration: nil, hand: .right, decoderThreads: 2, cores: 1).decoderThreads, 2)
    }

    func testHandlerGetsEveryShotInOrderBeforeAnalyzeReturns() throws {
        let (analyzer, path) = try analyzer()
        let handled = HandledShots()
        let result = try analyzer.analyze(path: path, onShot: { handled.add($0) })
        XCTAssertGreaterThan(result.shots.count, 1)
        XCTAssertEqual(handled.all.map(\.shotNumber), Array(1...result.shots.count))
        XCTAssertEqual(handled.all, result.shots)
    }

    func testHandlerErrorEndsTheAnalysisAndLaterShotsAreNotHandled() throws {
        let (analyzer, path) = try analyzer()
        let handled = HandledShots()
        XCTAssertThrowsError(try analyzer.analyze(path: path, onShot: { shot in
            handled.add(shot)
            if shot.shotNumber == 1 { throw HandlerStop() }
        })) { XCTAssertTrue($0 is HandlerStop, "\($0)") }
        XCTAssertEqual(handled.all.map(\.shotNumber), [1])
    }
}
