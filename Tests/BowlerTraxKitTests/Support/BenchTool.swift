import Foundation
import XCTest

/// Runs the built bowlertrax-bench, found beside the test bundle in the build products directory.
enum BenchTool {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let executable = FaultsCLI.productsDirectory.appendingPathComponent("bowlertrax-bench")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            XCTFail("bowlertrax-bench is not built next to the tests (looked for \(executable.path))", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }
}
