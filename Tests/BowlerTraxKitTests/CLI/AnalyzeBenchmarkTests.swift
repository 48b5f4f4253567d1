import BowlerTraxFixtures
import Foundation
import XCTest

/// `analyze --benchmark`, ffmpeg's `-benchmark` line, which the bench's memory check reads; and the tool's libraries,
/// which make most of that memory.
final class AnalyzeBenchmarkTests: XCTestCase {
    private let clip = FixtureTruth.directory.appendingPathComponent("right-720p60.mp4").path

    func testBenchmarkPrintsCPUWallTimeAndPeakMemoryLast() throws {
        // With the ball's colour, as the bench's memory check: with no ball option the recent frames kept to follow a
        // ball back to its release take up to 256 MB.
        let outcome = try FaultsCLI.bowlertrax(["analyze", clip, "--ball-hsv", "220,85,75", "--no-save", "--benchmark"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let line = try XCTUnwrap(outcome.stderr.split(separator: "\n").last.map(String.init))
        let match = try XCTUnwrap(line.wholeMatch(of: #/bench: utime=(\d+\.\d{3})s stime=(\d+\.\d{3})s rtime=(\d+\.\d{3})s maxrss=(\d+)kB/#), line)
        XCTAssertGreaterThan(Double(match.1)!, 0, "decoding a clip takes CPU time")
        XCTAssertGreaterThan(Double(match.3)!, 0)
        // The peak holds at least the libraries (about 40 MB) and the decoder's pictures, and is nothing like this
        // test process's hundreds of MB, which Linux would have carried over into getrusage's figure.
        XCTAssertTrue((30_000...150_000).contains(Int(match.4)!), line)
    }

    func testWithoutBenchmarkNoLineIsPrinted() throws {
        let outcome = try FaultsCLI.bowlertrax(["analyze", clip, "--no-save"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertFalse(outcome.stderr.contains("bench:"), outcome.stderr)
    }

    /// Foundation proper (NSLock, FileHandle, String(format:) …) loads libFoundation and ICU: about 6 MB resident in
    /// every run, 6 % of issue 19's memory target. The tool links FoundationEssentials only.
    func testTheToolLinksFoundationEssentialsOnly() throws {
        let binary = try Data(contentsOf: FaultsCLI.binary)
        XCTAssertNotNil(binary.range(of: Data("libFoundationEssentials.so\0".utf8)), "the dynamic section names the libraries linked")
        XCTAssertNil(binary.range(of: Data("libFoundation.so\0".utf8)))
        XCTAssertNil(binary.range(of: Data("libFoundationInternationalization.so\0".utf8)))
    }
}
