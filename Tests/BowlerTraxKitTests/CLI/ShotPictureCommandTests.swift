import XCTest
@testable import BowlerTraxKit

/// `shots show N --svg/--png` on the filled history database (`HistoryCLI`): the picture holds the stored numbers,
/// the PNG its path where the lane puts it, and a path that cannot be written fails before anything is read.
final class ShotPictureCommandTests: XCTestCase {
    private var directory = ""
    private var db = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "bowlertrax-shot-picture-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        db = try HistoryCLI.copyOfFilledDatabase(in: directory)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: directory)
    }

    private func storedShot(_ id: Int64) throws -> StoredShot {
        try ShotStore(path: db).storedShot(id: id)
    }

    func testShowDrawsTheShotAsSVGAndPNGBesidesPrintingIt() throws {
        let svg = directory + "/shot.svg", png = directory + "/shot.png"
        let output = try HistoryCLI.run(["shots", "show", "2", "--svg", svg, "--png", png, "--db", db])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(output.stdout.hasPrefix("Shot 2: number 1 of session 2 week 2\n"), output.stdout)
        let shot = try storedShot(2)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        XCTAssertEqual(text, ShotPicture.drawing(shot).svg(title: "Shot 2", cssClass: "shot-picture"))
        let image = try CalibrationFrame(path: png).image
        let expected = ShotPicture.drawing(shot).render()
        XCTAssertEqual(image.width, expected.width)
        XCTAssertEqual(image.height, expected.height)
        // Read back through the decoder's YUV, so within a few levels of what was drawn.
        let difference = zip(image.pixels, expected.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        XCTAssertLessThan(Double(difference) / Double(expected.pixels.count), 3)
    }

    func testAnExistingPictureIsKeptWithoutForce() throws {
        let png = directory + "/shot.png"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: png))
        let refused = try HistoryCLI.run(["shots", "show", "2", "--png", png, "--db", db])
        XCTAssertEqual(refused.status, 73)
        XCTAssertEqual(refused.stderr, "Error: cannot write \(png): it exists; give --force to replace it\n")
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(try String(contentsOfFile: png, encoding: .utf8), "mine")
        let forced = try HistoryCLI.run(["shots", "show", "2", "--png", png, "--force", "--db", db])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try CalibrationFrame(path: png).size, PixelSize(width: ShotPicture.drawing(try storedShot(2)).render().width, height: 640))
    }

    func testAPictureInAMissingFolderFailsBeforeTheDatabaseIsOpened() throws {
        let svg = directory + "/no/such/shot.svg"
        let output = try HistoryCLI.run(["shots", "show", "2", "--svg", svg, "--db", directory + "/absent/history.sqlite"])
        XCTAssertEqual(output.status, 73)
        XCTAssertEqual(output.stderr, "Error: cannot write \(svg): no such directory\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/absent"))
    }

    func testAFolderIsNotAPicture() throws {
        let output = try HistoryCLI.run(["shots", "show", "2", "--svg", directory, "--force", "--db", db])
        XCTAssertEqual(output.status, 73)
        XCTAssertEqual(output.stderr, "Error: cannot write \(directory): it is a folder; give a file name\n")
    }
}
