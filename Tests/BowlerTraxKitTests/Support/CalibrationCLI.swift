import Foundation
import XCTest

/// Runs the built `bowlertrax` binary (next to the test bundle in the products directory) for the calibration tests.
enum CalibrationCLI {
    typealias Result = HistoryCLI.Output

    /// Runs the tool built next to the tests (one runner for every CLI test: `HistoryCLI.run`).
    static func run(_ arguments: [String]) throws -> Result { try HistoryCLI.run(arguments) }

    /// A fresh temporary directory, removed by the test's teardown block.
    static func temporaryDirectory(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("calib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    static func fixture(_ name: String) -> String { FixtureTruth.directory.appendingPathComponent(name).path }
}
