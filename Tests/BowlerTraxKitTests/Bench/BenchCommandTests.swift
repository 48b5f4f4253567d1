import XCTest
@testable import BowlerTraxKit

/// bowlertrax-bench's command line: help and usage errors, verbatim (STYLE.md). No timing is asserted anywhere.
final class BenchCommandTests: XCTestCase {
    private let usage = """
        USAGE: bowlertrax-bench --clip <video> [--clip <video> ...] --long-clip <video> --ball-hsv <h,s,v> [options]
               bowlertrax-bench --rss-only --clip <video> --ball-hsv <h,s,v> [--threads <n>]
               bowlertrax-bench --decode-only --clip <video> [--threads <n>]
               bowlertrax-bench --annotate-only --clip <video> [--clip <video> ...] --ball-hsv <h,s,v> [--threads <n>] [--repeats <n>]
        """

    func testHelpStartsWithOverviewAndUsageAndExitsZero() throws {
        let result = try BenchTool.run(["--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("OVERVIEW: Times BowlerTrax stage by stage and end to end beside FFmpeg and an OpenCV pipeline on the same files.\n\n\(usage)\n\nOPTIONS:\n"))
        XCTAssertEqual(result.stderr, "")
    }

    func testMissingBallColourIsAUsageError() throws {
        let result = try BenchTool.run(["--clip", "a.mp4", "--long-clip", "b.mp4"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr, "Error: give the ball's colour with --ball-hsv\n\(usage)\nSee 'bowlertrax-bench --help' for more information.\n")
    }

    func testMissingLongClipIsAUsageError() throws {
        let result = try BenchTool.run(["--clip", "a.mp4", "--ball-hsv", "220,85,75"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("Error: give the memory check's --long-clip\n"))
    }

    func testThreadsBelowOneIsAUsageError() throws {
        let result = try BenchTool.run(["--clip", "a.mp4", "--ball-hsv", "220,85,75", "--threads", "0"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("Error: give --threads a whole number from 1\n"))
    }

    func testRssOnlyNeedsExactlyOneClip() throws {
        let result = try BenchTool.run(["--rss-only", "--clip", "a.mp4", "--clip", "b.mp4", "--ball-hsv", "220,85,75"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("Error: --rss-only takes exactly one --clip\n"))
    }

    func testDecodeOnlyNeedsExactlyOneClip() throws {
        let result = try BenchTool.run(["--decode-only", "--clip", "a.mp4", "--clip", "b.mp4"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("Error: --decode-only takes exactly one --clip\n"))
    }

    func testDecodeOnlyPrintsTheFramesOurDecoderGives() throws {
        let clip = FixtureTruth.directory.appendingPathComponent("right-720p60.mp4").path
        let decoder = try FrameDecoder(path: clip, threads: 1)
        var frames = 0
        while try decoder.nextFrame() != nil { frames += 1 }
        let result = try BenchTool.run(["--decode-only", "--clip", clip, "--threads", "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "frames=\(frames)\n")
    }

    func testMissingClipFileFailsWithOneErrorLine() throws {
        let result = try BenchTool.run(["--stages-only", "--clip", "/nonexistent/clip.mp4", "--ball-hsv", "220,85,75"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasSuffix("\n"))
        XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.hasPrefix("Error: ") }.count, 1)
    }
}
