import XCTest
@testable import BowlerTraxKit

final class DrawingTests: XCTestCase {
    private let red = DrawingColor("#ff0000"), white = DrawingColor("#ffffff")

    private func isRed(_ image: RGBImage, _ x: Int, _ y: Int) -> Bool { image.color(x: x, y: y) == (255, 0, 0) }

    func testSVGWritesEachShapeWithItsStyleAndAttributes() {
        var drawing = Drawing(widthPx: 40, heightPx: 20, background: white)
        drawing.add(.polyline([(1, 2), (3, 4.5)]), Drawing.Style(stroke: red, strokeWidthPx: 2, opacity: 0.5), attributes: [("class", "p"), ("data-shot-id", "7")])
        drawing.add(.ellipse(center: (5, 5), radiusXPx: 2, radiusYPx: 2), Drawing.Style(fill: red))
        drawing.add(.ellipse(center: (5, 5), radiusXPx: 3, radiusYPx: 2), Drawing.Style(fill: red))
        drawing.text("a<b", at: (10, 12), sizePx: 9, red, anchor: .end, bold: true)
        XCTAssertEqual(drawing.svg(title: "t&", cssClass: "c"), """
            <svg xmlns="http://www.w3.org/2000/svg" class="c" width="40" height="20" viewBox="0 0 40 20" role="img" aria-label="t&amp;">
            <title>t&amp;</title>
            <rect width="100%" height="100%" fill="#ffffff"/>
            <polyline class="p" data-shot-id="7" points="1,2 3,4.5" fill="none" stroke="#ff0000" stroke-width="2" opacity="0.5" stroke-linejoin="round"/>
            <circle cx="5" cy="5" r="2" fill="#ff0000"/>
            <ellipse cx="5" cy="5" rx="3" ry="2" fill="#ff0000"/>
            <text x="10" y="12" font-size="9" text-anchor="end" font-weight="bold" fill="#ff0000">a&lt;b</text>
            </svg>

            """)
    }

    func testRasterLineCoversThePixelsBetweenItsEnds() {
        var drawing = Drawing(widthPx: 20, heightPx: 10)
        drawing.line((2.5, 3.5), (12.9, 3.2), red)
        let image = drawing.render()
        XCTAssertTrue((2...12).allSatisfy { isRed(image, $0, 3) })
        XCTAssertFalse(isRed(image, 13, 3))
        XCTAssertFalse(isRed(image, 5, 4))
    }

    func testAWideLineIsAsWideAsItsStroke() {
        var drawing = Drawing(widthPx: 20, heightPx: 20)
        drawing.line((2, 10), (18, 10), red, widthPx: 5)
        let image = drawing.render()
        XCTAssertEqual((0..<20).filter { isRed(image, 10, $0) }.count, 5)
    }

    func testRasterPolygonFillsItsInsideOnly() {
        var drawing = Drawing(widthPx: 20, heightPx: 20)
        drawing.add(.polygon([(2, 2), (12, 2), (12, 8), (2, 8)]), Drawing.Style(fill: red))
        let image = drawing.render()
        XCTAssertEqual((0..<20).flatMap { y in (0..<20).map { (x: $0, y: y) } }.filter { isRed(image, $0.x, $0.y) }.count, 60)
        XCTAssertTrue(isRed(image, 2, 2) && isRed(image, 11, 7))
        XCTAssertFalse(isRed(image, 12, 7))
    }

    func testRasterEllipseFillsToItsRadii() {
        var drawing = Drawing(widthPx: 40, heightPx: 40)
        drawing.add(.ellipse(center: (20, 20), radiusXPx: 10, radiusYPx: 5), Drawing.Style(fill: red))
        let image = drawing.render()
        XCTAssertEqual((0..<40).filter { isRed(image, $0, 20) }.count, 20)
        XCTAssertEqual((0..<40).filter { isRed(image, 20, $0) }.count, 10)
    }

    func testOpacityMixesWithWhatIsUnder() {
        var drawing = Drawing(widthPx: 4, heightPx: 4, background: white)
        drawing.add(.polygon([(0, 0), (4, 0), (4, 4), (0, 4)]), Drawing.Style(fill: DrawingColor("#000000"), opacity: 0.25))
        XCTAssertTrue(drawing.render().color(x: 1, y: 1) == (191, 191, 191))
    }

    func testBitmapTextInksAsWideAsItMeasures() {
        var drawing = Drawing(widthPx: 100, heightPx: 30)
        drawing.text("8.7 MPH", at: (50, 20), sizePx: 22, red, anchor: .middle)
        let image = drawing.render()
        let inked = (0..<100).filter { x in (0..<30).contains { isRed(image, x, $0) } }
        let width = BitmapFont.widthPx("8.7 MPH", sizePx: 22)
        XCTAssertEqual(try XCTUnwrap(inked.first), 50 - width / 2)
        XCTAssertEqual(try XCTUnwrap(inked.last), 50 - width / 2 + width - 1)
        XCTAssertEqual((0..<30).filter { y in (0..<100).contains { isRed(image, $0, y) } }.max(), 19, "ink ends on the baseline")
    }

    func testPlaceMovesEveryShape() {
        var part = Drawing(widthPx: 10, heightPx: 10)
        part.line((1, 1), (2, 2), red)
        var whole = Drawing(widthPx: 30, heightPx: 30)
        whole.place(part, dx: 10, dy: 20)
        XCTAssertTrue(whole.svg(title: "", cssClass: "").contains("<line x1=\"11\" y1=\"21\" x2=\"12\" y2=\"22\""))
    }

    func testColoursReadAndWriteAsHex() {
        XCTAssertEqual(DrawingColor("#1f5fa8"), DrawingColor(r: 0x1f, g: 0x5f, b: 0xa8))
        XCTAssertEqual(DrawingColor(r: 1, g: 2, b: 255).hex, "#0102ff")
    }
}
