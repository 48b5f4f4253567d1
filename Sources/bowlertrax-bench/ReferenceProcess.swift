import Dispatch
import Foundation

/// Runs another program to completion and hands back what it printed.
enum ReferenceProcess {
    struct Output {
        var stdout: String
        var stderr: String
    }

    /// Runs `program` (looked up on PATH unless it holds a slash) with `arguments`; throws unless it exits 0.
    static func run(_ program: String, _ arguments: [String]) throws -> Output {
        let process = Process()
        if program.contains("/") {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [program] + arguments
        }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw BenchError.cannotLaunch(program: program, reason: "\(error)") }
        // Drain stderr on another thread so neither pipe can fill up and stall the child.
        let errorBox = ErrorText()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorBox.text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError.referenceFailed(program: program, status: process.terminationStatus, stderr: errorBox.text)
        }
        return Output(stdout: out, stderr: errorBox.text)
    }
}

/// Written once by the draining thread, read after the group wait.
private final class ErrorText: @unchecked Sendable {
    var text = ""
}
