import Foundation
import XCTest

/// docs/cli.md is the tool's own help for every command (`scripts/cli-reference`): an option added, renamed or dropped
/// without regenerating it fails here, in either direction (issue #21).
final class CLIReferenceTests: XCTestCase {
    func testReferenceIsTheToolsOwnHelp() throws {
        let script = FaultsCLI.packageRoot.appendingPathComponent("scripts/cli-reference")
        let outcome = try FaultsCLI.run(URL(fileURLWithPath: "/bin/bash"), [script.path, FaultsCLI.binary.path])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let committed = try String(contentsOf: FaultsCLI.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        XCTAssertEqual(outcome.stdout, committed, "docs/cli.md differs from the tool's help: run scripts/cli-reference > docs/cli.md")
        for command in ["analyze", "calibrate", "live", "shots show", "centers add", "strike-table"] {
            XCTAssertTrue(outcome.stdout.contains("\n## bowlertrax \(command)\n"), "the walk reaches \(command)")
        }
    }

    /// Every option the README and the docs/ pages give a `bowlertrax` command exists: each `--option` on a line that
    /// runs the tool is in docs/cli.md (the other direction of the test above).
    func testEveryOptionTheDocsUseExists() throws {
        let root = FaultsCLI.packageRoot, docs = root.appendingPathComponent("docs")
        let reference = try String(contentsOf: docs.appendingPathComponent("cli.md"), encoding: .utf8)
        let known = Set(Self.options(in: reference))
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") && $0 != "cli.md" }
            .map { docs.appendingPathComponent($0) } + [root.appendingPathComponent("README.md")]
        var checked = 0
        for page in pages {
            for line in try String(contentsOf: page, encoding: .utf8).split(separator: "\n") where line.contains("bowlertrax ") {
                for option in Self.options(in: String(line)) {
                    checked += 1
                    XCTAssertTrue(known.contains(option), "\(page.lastPathComponent): \(option) is no option of bowlertrax: \(line)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 50, "the pages' command lines were read")
    }

    /// The `--name` tokens of a text.
    private static func options(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "(?<![\\w-])--[a-z][a-z0-9-]*")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }
}
