import XCTest
@testable import BowlerTraxKit

final class ColorLookupTableTests: XCTestCase {
    private let encoding = YUVEncoding(matrix: .bt601, fullRange: false)

    private func bits(_ color: HSVColor, in table: ColorLookupTable) -> UInt8 {
        let yuv = TestRGB(color).yuv
        return table.entries[ColorLookupTable.index(y: yuv.y, u: yuv.u, v: yuv.v)]
    }

    func testTestColourHelperInvertsTheLibrarysConversion() {
        // The helper is the inverse of ColorLookupTable.rgb up to 8-bit rounding.
        let yuv = TestRGB(TestColors.blueBall).yuv
        let back = ColorLookupTable.hsv(y: Double(yuv.y), u: Double(yuv.u), v: Double(yuv.v), encoding: encoding)
        XCTAssertEqual(back.hueDeg, TestColors.blueBall.hueDeg, accuracy: 1.5)
        XCTAssertEqual(back.saturationPct, TestColors.blueBall.saturationPct, accuracy: 1.5)
        XCTAssertEqual(back.valuePct, TestColors.blueBall.valuePct, accuracy: 1.5)
    }

    func testSaturatedBlueIsBall() {
        let table = ColorLookupTable(profile: TestColors.blueProfile, encoding: encoding)
        XCTAssertEqual(bits(TestColors.blueBall, in: table), ColorLookupTable.ballBit)
    }

    func testShadedBlueIsStillBall() {
        let table = ColorLookupTable(profile: TestColors.blueProfile, encoding: encoding)
        XCTAssertEqual(bits(HSVColor(hueDeg: 225, saturationPct: 85, valuePct: 40), in: table), ColorLookupTable.ballBit)
    }

    func testMapleWoodIsNotBall() {
        let table = ColorLookupTable(profile: TestColors.blueProfile, encoding: encoding)
        XCTAssertEqual(bits(TestColors.maple, in: table), 0)
    }

    func testGreenIsNotBlueBall() {
        let table = ColorLookupTable(profile: TestColors.blueProfile, encoding: encoding)
        XCTAssertEqual(bits(HSVColor(hueDeg: 140, saturationPct: 85, valuePct: 70), in: table), 0)
    }

    func testMarkerColourGetsTheMarkerBit() {
        let profile = BallProfile(colors: [TestColors.blueBall], markerColors: [TestColors.yellowMarker])
        let table = ColorLookupTable(profile: profile, encoding: encoding)
        XCTAssertEqual(bits(TestColors.yellowMarker, in: table), ColorLookupTable.markerBit)
        XCTAssertEqual(bits(TestColors.blueBall, in: table), ColorLookupTable.ballBit)
    }

    func testHueWrapsAroundZero() {
        let red = BallProfile(colors: [HSVColor(hueDeg: 355, saturationPct: 85, valuePct: 70)])
        let table = ColorLookupTable(profile: red, encoding: encoding)
        XCTAssertEqual(bits(HSVColor(hueDeg: 5, saturationPct: 85, valuePct: 70), in: table), ColorLookupTable.ballBit)
        XCTAssertEqual(bits(HSVColor(hueDeg: 40, saturationPct: 85, valuePct: 70), in: table), 0)
    }

    func testGreyProfileIgnoresHue() {
        let grey = BallProfile(colors: [HSVColor(hueDeg: 0, saturationPct: 5, valuePct: 50)])
        let table = ColorLookupTable(profile: grey, encoding: encoding)
        XCTAssertEqual(bits(HSVColor(hueDeg: 200, saturationPct: 8, valuePct: 50), in: table), ColorLookupTable.ballBit)
    }

    func testFullRangeEncodingIsHonoured() {
        // The same 8-bit sample means a different colour in full range: luma 16 is black there.
        let limited = ColorLookupTable.rgb(y: 16, u: 128, v: 128, encoding: encoding)
        let full = ColorLookupTable.rgb(y: 16, u: 128, v: 128, encoding: YUVEncoding(matrix: .bt601, fullRange: true))
        XCTAssertEqual(limited.red, 0, accuracy: 1e-12)
        XCTAssertEqual(full.red, 16.0 / 255, accuracy: 1e-12)
    }

    func testHSVOfPureColours() {
        XCTAssertEqual(ColorLookupTable.hsv(red: 0, green: 0, blue: 1), HSVColor(hueDeg: 240, saturationPct: 100, valuePct: 100))
        XCTAssertEqual(ColorLookupTable.hsv(red: 1, green: 0, blue: 0.5).hueDeg, 330, accuracy: 1e-9)
    }

    func testChromaEntryIsEveryLumaLevelsEntriesCombined() {
        let profile = BallProfile(colors: [TestColors.blueBall], markerColors: [TestColors.yellowMarker])
        let table = ColorLookupTable(profile: profile, encoding: encoding)
        for chroma in 0..<(1 << 12) {
            let combined = (0..<64).reduce(UInt8(0)) { $0 | table.entries[$1 << 12 | chroma] }
            XCTAssertEqual(table.chromaEntries[chroma], combined, "chroma bin \(chroma)")
        }
        // Some chroma bins could be the ball, most rule it out: the skip has work to do.
        XCTAssertTrue(table.chromaEntries.contains { $0 & ColorLookupTable.ballBit != 0 })
        XCTAssertGreaterThan(table.chromaEntries.filter { $0 == 0 }.count, 1 << 11)
    }
}
