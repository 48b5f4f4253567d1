import Foundation
import XCTest
@testable import BowlerTraxKit

/// Video decoding fuzzed with mutated fixture clips (bit flips and truncations, seeded): `analyze` run as a
/// subprocess with a time limit never crashes or hangs, and ends with 0 or a documented exit code
/// (65 bad input data) and, when it fails, one `Error:` line.
final class VideoFuzzTests: XCTestCase {
    static let fileCount = 30
    static let timeLimitS = 30.0
    static let clips = ["right-480p30-mjpeg", "right-720p60", "right-720p60-mpeg4"]

    func testMutatedClipsNeverCrashOrHang() throws {
        let directory = try FaultsCLI.temporaryDirectory("video-fuzz")
        defer { try? FileManager.default.removeItem(at: directory) }
        var random = SplitMix64(seed: 30)
        var statuses: [Int32: Int] = [:]
        for index in 0..<Self.fileCount {
            let name = Self.clips[index % Self.clips.count]
            let clip = try FaultsCLI.fixture(name)
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: clip.video)))
            let mutation: String
            if index % 3 == 2 {
                let length = Int(random.next() % UInt64(bytes.count))
                bytes.removeSubrange(length...)
                mutation = "cut to \(length) bytes"
            } else {
                let flips = 1 + Int(random.next() % 400)
                for _ in 0..<flips { bytes[Int(random.next() % UInt64(bytes.count))] ^= UInt8(1 << (random.next() % 8)) }
                mutation = "\(flips) bits flipped"
            }
            let video = directory.appendingPathComponent("fuzz-\(index)-\(URL(fileURLWithPath: clip.video).lastPathComponent)").path
            try Data(bytes).write(to: URL(fileURLWithPath: video))
            let outcome = try FaultsCLI.bowlertrax(FaultsCLI.analyzeArguments(name, video: video, extra: ["--no-save", "--json"]), timeoutS: Self.timeLimitS)
            let context = "\(name), \(mutation): exit \(outcome.status)\n\(outcome.stderr)"
            XCTAssertFalse(outcome.timedOut, "hung: \(context)")
            XCTAssertTrue([0, 65].contains(outcome.status), context)
            if outcome.status != 0 {
                XCTAssertEqual(outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("Error: ") }.count, 1, context)
            }
            statuses[outcome.status, default: 0] += 1
        }
        print("video fuzz: exit codes \(statuses.sorted { $0.key < $1.key })")
    }
}
