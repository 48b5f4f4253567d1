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
        let errors = PipeDrain(stderr.fileHandleForReading)
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = errors.finish()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError.referenceFailed(program: program, status: process.terminationStatus, stderr: errorText)
        }
        return Output(stdout: out, stderr: errorText)
    }
}

/// A child's pipe read to its end on another thread, so it never fills up and stalls the child.
final class PipeDrain: @unchecked Sendable {
    /// Written once by the reading thread, read after the group wait.
    private var text = ""
    private let group = DispatchGroup()

    init(_ handle: FileHandle) {
        DispatchQueue.global().async(group: group) { [self] in text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self) }
    }

    /// Everything the child wrote, once it has closed the pipe.
    func finish() -> String {
        group.wait()
        return text
    }
}
