import Foundation
import XCTest

/// Runs the built `bowlertrax` binary (next to the test bundle in the products directory) for the calibration tests.
enum CalibrationCLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The build products directory: where the test bundle sits (Linux reports the bundle's folder, macOS the bundle).
    static var productsDirectory: URL {
        let bundle = Bundle(for: Marker.self).bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent()]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("bowlertrax").path) } ?? bundle
    }

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("bowlertrax")
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A fresh temporary directory, removed by the test's teardown block.
    static func temporaryDirectory(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("calib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    static func fixture(_ name: String) -> String { FixtureTruth.directory.appendingPathComponent(name).path }

    private final class Marker {}
}
