import Foundation
import XCTest
@testable import BowlerTraxKit

/// Property-based fuzzing of the calibration parser and fit: seeded mutations of a real calibration file.
/// Property: every input either gives a calibration with finite numbers or throws a `CalibrationError`
/// (never another error, a trap or a hang), and the error prints as one line.
final class CalibrationFuzzTests: XCTestCase {
    static let inputCount = 2000

    /// Replacement numbers that keep the JSON valid and probe the range checks and the fit's arithmetic.
    static let nastyNumbers = ["0", "-0", "-1", "1e308", "-1e308", "5e-324", "1e-300", "99999999999999999999", "16385", "1.5", "123456.789"]
    /// Replacements that are not numbers, or not finite ones (JSON has no NaN or infinity).
    static let nastyTokens = ["NaN", "Infinity", "1e999", "\"12\"", "null", "true", "[]", "{}", "[1]", "[1,2,3]"]

    func testMutatedCalibrationsParseOrFailWithACalibrationError() throws {
        let seedText = String(decoding: try Data(contentsOf: URL(fileURLWithPath: try FaultsCLI.fixture("right-720p60").calibration)), as: UTF8.self)
        var random = SplitMix64(seed: 2024)
        var outcomes: [String: Int] = [:]
        for index in 0..<Self.inputCount {
            let text = Self.mutate(seedText, rounds: 1 + Int(random.next() % 4), random: &random)
            do {
                let file = try CalibrationFile.parse(Data(text.utf8), path: "fuzz-\(index).json")
                XCTAssertGreaterThanOrEqual(file.points.count, 4, "input \(index)")
                XCTAssertTrue(file.points.allSatisfy { [$0.xPx, $0.yPx, $0.board, $0.distanceFt].allSatisfy(\.isFinite) }, "input \(index)")
                let calibration = try LaneCalibration(file: file, source: "fuzz-\(index).json")
                XCTAssertTrue(calibration.residuals.allSatisfy { !$0.errorPx.isNaN }, "input \(index): NaN residual")
                outcomes["fitted", default: 0] += 1
            } catch let error as CalibrationError {
                XCTAssertFalse(error.description.contains("\n"), "input \(index): \(error)")
                outcomes[Self.caseName(error), default: 0] += 1
            } catch {
                XCTFail("input \(index) threw \(type(of: error)): \(error)\n\(text)")
            }
        }
        print("calibration fuzz: \(outcomes.filter { $0.value > 0 }.sorted { $0.key < $1.key })")
        // The mutations must reach past the JSON syntax check, or the property says little.
        XCTAssertGreaterThan(outcomes["fitted", default: 0] + outcomes["invalidValue", default: 0] + outcomes["collinearPoints", default: 0], Self.inputCount / 10)
    }

    /// The enum case's name (for the tally printed at the end).
    static func caseName(_ error: CalibrationError) -> String {
        Mirror(reflecting: error).children.first?.label ?? "\(error)"
    }

    /// One to four random edits: swap a number for a nasty one, flip a byte, cut the text, drop or duplicate a line.
    static func mutate(_ text: String, rounds: Int, random: inout SplitMix64) -> String {
        var text = text
        for _ in 0..<rounds {
            var lines = text.components(separatedBy: "\n")
            switch random.next() % 8 {
            case 0, 1, 2, 3:
                let numbers = try? NSRegularExpression(pattern: "-?[0-9][0-9.eE+-]*")
                let matches = numbers?.matches(in: text, range: NSRange(text.startIndex..., in: text)) ?? []
                guard !matches.isEmpty, let range = Range(matches[Int(random.next() % UInt64(matches.count))].range, in: text) else { continue }
                let pool = random.next() % 8 == 0 ? nastyTokens : nastyNumbers
                text.replaceSubrange(range, with: pool[Int(random.next() % UInt64(pool.count))])
            case 4:
                var bytes = [UInt8](text.utf8)
                guard !bytes.isEmpty else { continue }
                bytes[Int(random.next() % UInt64(bytes.count))] ^= UInt8(1 << (random.next() % 8))
                text = String(decoding: bytes, as: UTF8.self)
            case 5:
                text = String(text.prefix(Int(random.next() % UInt64(text.count + 1))))
            case 6:
                guard lines.count > 2 else { continue }
                lines.remove(at: 1 + Int(random.next() % UInt64(lines.count - 2)))
                text = lines.joined(separator: "\n")
            default:
                guard lines.count > 2 else { continue }
                let line = 1 + Int(random.next() % UInt64(lines.count - 2))
                lines.insert(lines[line], at: line)
                text = lines.joined(separator: "\n")
            }
        }
        return text
    }
}
