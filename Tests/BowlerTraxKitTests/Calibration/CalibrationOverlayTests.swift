import XCTest
@testable import BowlerTraxKit

final class CalibrationOverlayTests: XCTestCase {
    func testTheFoulLineIsDrawnWhereTheCalibrationPutsIt() throws {
        let calibration = try LaneCalibration.load(path: CalibrationCLI.fixture("right-720p60.calibration.json"), videoSize: nil)
        let image = CalibrationOverlay.render(frame: RGBImage(width: 1280, height: 720), calibration: calibration, points: [])
        let p = try XCTUnwrap(calibration.surfacePixel(board: 20, distanceFt: 0))
        let hits = (-1...1).filter { image.color(x: Int(p.x), y: Int(p.y) + $0) == (255, 0, 255) }
        XCTAssertFalse(hits.isEmpty, "magenta foul line at \(p)")
    }

    func testPNGRoundTripsThroughTheDecoder() throws {
        let dir = try CalibrationCLI.temporaryDirectory(self)
        var image = RGBImage(width: 64, height: 32, fill: (200, 100, 50))
        image.set(x: 3, y: 4, to: (0, 255, 0))
        let path = dir.appendingPathComponent("x.png").path
        try PNGWriter.write(image, to: path)
        let frame = try CalibrationFrame(path: path)
        XCTAssertEqual(frame.size, PixelSize(width: 64, height: 32))
        let c = frame.image.color(x: 20, y: 20)
        XCTAssertEqual(Double(c.r), 200, accuracy: 6)
        XCTAssertEqual(Double(c.g), 100, accuracy: 6)
        XCTAssertEqual(Double(c.b), 50, accuracy: 6)
    }
}
