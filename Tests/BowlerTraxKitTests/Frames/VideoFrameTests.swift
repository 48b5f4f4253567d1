import XCTest
@testable import BowlerTraxKit

final class VideoFrameTests: XCTestCase {
    func testAllocatedFrameIsFilledWithTheGivenColour() {
        let frame = VideoFrame.allocate(width: 7, height: 5, fill: (100, 90, 80))
        XCTAssertEqual(frame.plane(0)[4 * frame.stride(0) + 6], 100)
        // 4:2:0 with odd sizes: 4 chroma columns and 3 rows.
        XCTAssertEqual(frame.plane(1)[2 * frame.stride(1) + 3], 90)
        XCTAssertEqual(frame.plane(2)[2 * frame.stride(2) + 3], 80)
    }

    func testSetPixelWritesLumaAtThePixelAndChromaInItsCell() {
        let frame = VideoFrame.allocate(width: 8, height: 8)
        frame.setPixel(x: 5, y: 3, to: (200, 10, 250))
        XCTAssertEqual(frame.plane(0)[3 * frame.stride(0) + 5], 200)
        XCTAssertEqual(frame.plane(0)[3 * frame.stride(0) + 4], 16)
        XCTAssertEqual(frame.plane(1)[1 * frame.stride(1) + 2], 10)
        XCTAssertEqual(frame.plane(2)[1 * frame.stride(2) + 2], 250)
    }

    func testFourFourFourFramesKeepFullChroma() {
        let frame = VideoFrame.allocate(width: 8, height: 8, chromaShiftX: 0, chromaShiftY: 0)
        frame.setPixel(x: 5, y: 3, to: (200, 10, 250))
        XCTAssertEqual(frame.plane(1)[3 * frame.stride(1) + 5], 10)
        XCTAssertEqual(frame.plane(1)[3 * frame.stride(1) + 4], 128)
    }

    func testTimeAndIndexAreKept() {
        let frame = VideoFrame.allocate(width: 2, height: 2, index: 41, timeS: 0.6833)
        XCTAssertEqual(frame.index, 41)
        XCTAssertEqual(frame.timeS, 0.6833)
        XCTAssertEqual(frame.size, PixelSize(width: 2, height: 2))
    }
}
