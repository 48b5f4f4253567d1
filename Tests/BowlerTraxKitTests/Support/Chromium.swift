import XCTest
@testable import BowlerTraxKit

/// Headless Chromium (installed by scripts/setup-browser) for the tests that look at a page as a person would.
struct Chromium {
    let path: String
    /// Holds the browser's profile; the caller's temporary directory.
    let directory: String

    /// The browser, installing it if needed; skips the test only when it cannot be installed.
    init(directory: String) throws {
        let process = Process()
        process.executableURL = LiveEmulator.packageRoot.appendingPathComponent("scripts/setup-browser")
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let path = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        guard process.terminationStatus == 0, !path.isEmpty else { throw XCTSkip("chromium cannot be installed (scripts/setup-browser exit \(process.terminationStatus))") }
        self.path = path
        self.directory = directory
    }

    /// Runs headless chromium on `url` with `arguments`; returns standard output.
    func run(_ arguments: [String], url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        // --no-sandbox: the tests may run as root, where Chromium's sandbox refuses to start.
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(directory)/profile"] + arguments + [url.absoluteString]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "chromium \(arguments)", file: file, line: line)
        return String(decoding: data, as: UTF8.self)
    }

    /// The DOM after the page's load, as Chromium serialises it.
    func dom(_ url: URL) throws -> String {
        try run(["--dump-dom"], url: url)
    }

    /// A screenshot of `url` in a window `width` × `height`, as RGB.
    func screenshot(_ url: URL, width: Int, height: Int) throws -> RGBImage {
        let png = directory + "/screenshot-\(UUID().uuidString).png"
        _ = try run(["--window-size=\(width),\(height)", "--screenshot=\(png)"], url: url)
        return try CalibrationFrame(path: png).image
    }

    /// Whether a screenshot shows something: many distinct grey levels, and over `share` of it unlike the commonest one.
    static func isNotBlank(_ image: RGBImage, share: Double = 0.10) -> Bool {
        var histogram = Array(repeating: 0, count: 256)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = image.color(x: x, y: y)
                histogram[(Int(c.r) * 299 + Int(c.g) * 587 + Int(c.b) * 114) / 1000] += 1
            }
        }
        let background = histogram.max() ?? 0, pixels = image.width * image.height
        return histogram.filter { $0 > 0 }.count > 64 && Double(pixels - background) / Double(pixels) > share
    }

    /// The value of the element carrying `data-field="key"` in a DOM dump (its first text, tags stripped).
    static func field(_ key: String, in dom: String) -> String? {
        guard let start = dom.range(of: "data-field=\"\(key)\"") else { return nil }
        let rest = dom[start.upperBound...]
        guard let open = rest.firstIndex(of: ">") else { return nil }
        var text = "", inTag = false
        for character in rest[rest.index(after: open)...] {
            if character == "<" { inTag = true; if !text.isEmpty { break } ; continue }
            if character == ">" { inTag = false; continue }
            if !inTag { text.append(character) }
        }
        return text.isEmpty ? nil : text
    }
}
