import XCTest
@testable import BowlerTraxKit

final class YUYVConverterTests: XCTestCase {
    /// Packs Y0 U Y1 V with each chroma value for two rows, as a 4:2:0 picture doubled to 4:2:2.
    private func yuyv(width: Int, height: Int, y: (Int, Int) -> UInt8, u: (Int, Int) -> UInt8, v: (Int, Int) -> UInt8) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 2)
        for row in 0..<height {
            for pair in 0..<(width / 2) {
                let offset = row * width * 2 + pair * 4
                bytes[offset] = y(2 * pair, row)
                bytes[offset + 1] = u(pair, row / 2)
                bytes[offset + 2] = y(2 * pair + 1, row)
                bytes[offset + 3] = v(pair, row / 2)
            }
        }
        return bytes
    }

    func testDoubledChromaRowsComeBackBitForBit() throws {
        let (width, height) = (6, 4)
        let bytes = yuyv(width: width, height: height, y: { UInt8($0 * 10 + $1) }, u: { UInt8(100 + $0 + 3 * $1) }, v: { UInt8(200 - $0 - 3 * $1) })
        let frame = try bytes.withUnsafeBytes {
            try YUYVConverter.frame(from: $0, size: PixelSize(width: width, height: height), bytesPerLine: width * 2,
                                    encoding: YUVEncoding(matrix: .bt601, fullRange: false), index: 0, timeS: 0)
        }
        XCTAssertEqual(frame.plane(0)[3 * frame.stride(0) + 5], 53)
        XCTAssertEqual(frame.plane(1)[1 * frame.stride(1) + 2], UInt8(100 + 2 + 3))
        XCTAssertEqual(frame.plane(2)[1 * frame.stride(2) + 2], UInt8(200 - 2 - 3))
    }

    func testATooSmallBufferIsRefused() {
        let bytes = [UInt8](repeating: 0, count: 10)
        XCTAssertThrowsError(try bytes.withUnsafeBytes {
            try YUYVConverter.frame(from: $0, size: PixelSize(width: 4, height: 4), bytesPerLine: 8,
                                    encoding: YUVEncoding(matrix: .bt601, fullRange: false), index: 0, timeS: 0)
        })
    }
}
