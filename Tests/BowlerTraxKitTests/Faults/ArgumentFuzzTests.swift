import Foundation
import XCTest
@testable import BowlerTraxKit
@testable import bowlertrax

/// Property-based fuzzing of the command-line parser and the checks `analyze` and `ball add` run before any file is
/// touched: random words from the commands' own vocabulary plus junk. Property: each command line either parses
/// and validates, or throws a `UsageError` (exit 64) or a `ProfileError` (a bad colour value, exit 65) whose text
/// is `Error: …`, the usage line and the pointer to --help. Never another error, never a trap.
final class ArgumentFuzzTests: XCTestCase {
    static let inputCount = 2000

    static let junk = ["", "-", "--", "---", "-=", "--=", "--ball-hsv=", "--hand=", "=", "-h", "--help", "-x", "--json=1", "--no-save=yes",
                       "1,2", "1,2,3", "360,100,100", "-1,0,0", "nan,nan,nan", "1e999,1,1", "0,0,10,10", "10,10,0,0", "a,b,c,d",
                       "-5", "-0.5", "99999999999999999999", "right", "left", "both", "video.mp4", "é", "🎳", "\u{0}", " ", "0x10"]

    func testRandomCommandLinesParseOrFailWithAUsageOrProfileError() throws {
        var random = SplitMix64(seed: 64)
        var tally: [String: Int] = [:]
        for index in 0..<Self.inputCount {
            let spec = index % 2 == 0 ? AnalyzeCommand.spec : BallCommand.addSpec
            let words = Self.commandLine(for: spec, random: &random)
            do {
                try Self.check(words, spec: spec)
                tally["accepted", default: 0] += 1
            } catch let error as UsageError {
                let lines = error.text.split(separator: "\n", omittingEmptySubsequences: false)
                XCTAssertEqual(lines.count, 4, "\(words): \(error.text)")
                XCTAssertTrue(lines[0].hasPrefix("Error: "), "\(words)")
                XCTAssertEqual(lines[1], "Usage: \(spec.usage)", "\(words)")
                XCTAssertFalse(error.message.contains("\n"), "\(words)")
                tally["usage", default: 0] += 1
            } catch let error as ProfileError {
                XCTAssertFalse(error.description.contains("\n"), "\(words)")
                tally["profile", default: 0] += 1
            } catch {
                XCTFail("\(words) threw \(type(of: error)): \(error)")
            }
        }
        print("argument fuzz: \(tally.sorted { $0.key < $1.key })")
        // Both outcomes must be reached, or the generator is not exploring.
        XCTAssertGreaterThan(tally["accepted", default: 0], Self.inputCount / 50)
        XCTAssertGreaterThan(tally["usage", default: 0], Self.inputCount / 4)
    }

    /// What `run` does with the words before it opens any file.
    static func check(_ words: [String], spec: CommandSpec) throws {
        let parsed = try ParsedArguments(words, spec: spec)
        if parsed.helpRequested { return }
        try ProfileOptions.validate(parsed, command: spec)
        if spec.name == AnalyzeCommand.spec.name { _ = try AnalyzeCommand.handOption(parsed) }
        // The colour options become a profile without any file or database when --ball-hsv names the ball.
        if parsed.value("ball") == nil, parsed.value("ball-box") == nil {
            _ = try ProfileOptions.profile(parsed, video: nil, store: { throw UsageError.invalid("no store in the fuzz test", command: spec) })
        }
    }

    /// Zero to eight words: option names of the spec (some with `=value`), values, junk.
    static func commandLine(for spec: CommandSpec, random: inout SplitMix64) -> [String] {
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        var words: [String] = []
        for _ in 0..<Int(random.next() % 9) {
            switch random.next() % 5 {
            case 0, 1:
                let option = pick(spec.options)
                if option.value != nil, random.next() % 3 == 0 {
                    words.append("--\(option.name)=\(pick(junk))")
                } else {
                    words.append("--\(option.name)")
                    if option.value != nil, random.next() % 5 != 0 { words.append(pick(junk)) }
                }
            case 2:
                words.append(pick(["video.mp4", "name", "clip.mkv"]))
            default:
                words.append(pick(junk))
            }
        }
        return words
    }
}
