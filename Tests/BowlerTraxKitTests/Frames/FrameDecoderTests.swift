import XCTest
@testable import BowlerTraxKit

final class FrameDecoderTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bowlertrax-decoder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    /// What is read once, as it comes: standard input and a FIFO; a file can be read again (`calibrate --auto` reads
    /// a video's later views after its first).
    func testPipesAreToldFromFiles() throws {
        let fifo = directory.appendingPathComponent("stream").path, file = directory.appendingPathComponent("clip.mp4").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        XCTAssertTrue(FrameDecoder.isPipe("-"))
        XCTAssertTrue(FrameDecoder.isPipe(fifo))
        XCTAssertFalse(FrameDecoder.isPipe(file))
        XCTAssertFalse(FrameDecoder.isPipe(directory.appendingPathComponent("missing.mp4").path))
    }

    func testMissingFileIsFileNotFound() {
        let path = directory.appendingPathComponent("missing.mp4").path
        XCTAssertThrowsError(try FrameDecoder(path: path)) {
            XCTAssertEqual($0 as? FrameSourceError, .fileNotFound(path: path))
        }
    }

    func testEmptyFileIsEmptyFile() throws {
        let path = directory.appendingPathComponent("empty.mp4").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        XCTAssertThrowsError(try FrameDecoder(path: path)) {
            XCTAssertEqual($0 as? FrameSourceError, .emptyFile(path: path))
        }
    }

    func testTextFileCannotBeOpened() throws {
        let path = directory.appendingPathComponent("notes.mp4").path
        try Data("lane 12, pair 11-12, league night\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try FrameDecoder(path: path)) { error in
            guard case .cannotOpen(let failedPath, let reason) = error as? FrameSourceError else { return XCTFail("expected cannotOpen, got \(error)") }
            XCTAssertEqual(failedPath, path)
            XCTAssertFalse(reason.isEmpty)
        }
    }

    func testErrorDescriptionsAreOneLine() {
        let errors: [FrameSourceError] = [
            .fileNotFound(path: "a"), .emptyFile(path: "a"), .cannotOpen(path: "a", reason: "r"), .noStreamInfo(path: "a", reason: "r"),
            .noVideoStream(path: "a"), .decoderNotFound(path: "a", codec: "c"), .decoderOpenFailed(path: "a", reason: "r"),
            .invalidFrameRate(path: "a", fps: 0), .frameSizeChanged(fromPx: PixelSize(width: 1, height: 2), toPx: PixelSize(width: 3, height: 4)),
            .conversionFailed(reason: "r"), .noFrames(path: "a"),
        ]
        for error in errors { XCTAssertFalse(error.description.contains("\n"), error.description) }
        XCTAssertEqual(FrameSourceError.frameSizeChanged(fromPx: PixelSize(width: 1, height: 2), toPx: PixelSize(width: 3, height: 4)).description,
                       "frame size changed mid-stream from 1x2 to 3x4")
    }
}
