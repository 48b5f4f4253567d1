import XCTest
@testable import BowlerTraxKit

final class ComponentLabelerTests: XCTestCase {
    private let table = ColorLookupTable(profile: TestColors.blueProfile, encoding: YUVEncoding(matrix: .bt601, fullRange: false))
    private let ball = TestRGB(TestColors.blueBall)

    private func canvas() -> TestCanvas { TestCanvas(width: 120, height: 80, background: TestRGB(TestColors.maple)) }

    private func label(_ canvas: TestCanvas, region: SearchRegion? = nil, window: PixelRect? = nil, minAreaPx: Int = 1) -> [Component] {
        let frame = canvas.frame
        return ComponentLabeler().label(frame: frame, table: table, region: region ?? SearchRegion(width: frame.width, height: frame.height),
                                        window: window, minAreaPx: minAreaPx)
    }

    /// Paints a disc of whole pixels (centres inside the circle); returns its area and centroid.
    @discardableResult
    private func disc(_ canvas: TestCanvas, x cx: Double, y cy: Double, radius: Double) -> (area: Int, x: Double, y: Double) {
        var sumX = 0.0, sumY = 0.0
        let area = canvas.fill(ball) { x, y in
            let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
            guard dx * dx + dy * dy <= radius * radius else { return false }
            sumX += Double(x) + 0.5
            sumY += Double(y) + 0.5
            return true
        }
        return (area, sumX / Double(area), sumY / Double(area))
    }

    func testTwoSeparateDiscsAreTwoComponentsWithTheirAreasAndCentroids() {
        let canvas = canvas()
        let left = disc(canvas, x: 25.3, y: 30.6, radius: 9), right = disc(canvas, x: 80.5, y: 50.2, radius: 6.5)
        let components = label(canvas).sorted { $0.centroidX < $1.centroidX }
        XCTAssertEqual(components.count, 2)
        guard components.count == 2 else { return }
        for (component, truth) in zip(components, [left, right]) {
            XCTAssertEqual(component.areaPx, truth.area)
            XCTAssertEqual(component.centroidX, truth.x, accuracy: 1e-9)
            XCTAssertEqual(component.centroidY, truth.y, accuracy: 1e-9)
        }
    }

    func testBoundsAreHalfOpen() {
        let canvas = canvas()
        canvas.fill(ball) { (10..<20).contains($0) && (5..<9).contains($1) }
        XCTAssertEqual(label(canvas).first?.bounds, PixelRect(x0: 10, y0: 5, x1: 20, y1: 9))
    }

    func testDiagonallyTouchingPixelsJoin() {
        let canvas = canvas()
        canvas.fill(ball) { ((10..<13).contains($0) && (10..<13).contains($1)) || ((13..<16).contains($0) && (13..<16).contains($1)) }
        let components = label(canvas)
        XCTAssertEqual(components.count, 1)
        XCTAssertEqual(components.first?.areaPx, 18)
    }

    func testPixelsOneColumnApartStaySeparate() {
        let canvas = canvas()
        canvas.fill(ball) { ((10..<13).contains($0) && (10..<13).contains($1)) || ((14..<17).contains($0) && (13..<16).contains($1)) }
        XCTAssertEqual(label(canvas).count, 2)
    }

    func testAUShapeIsOneComponent() {
        // Two arms labelled separately row after row, joined only by the bottom bar.
        let canvas = canvas()
        let area = canvas.fill(ball) { x, y in
            ((20..<24).contains(x) || (40..<44).contains(x)) && (10..<40).contains(y) || (20..<44).contains(x) && (40..<44).contains(y)
        }
        let components = label(canvas)
        XCTAssertEqual(components.count, 1)
        XCTAssertEqual(components.first?.areaPx, area)
    }

    func testAnNShapeIsOneComponent() {
        // The mirror case: joined only at the top, the arms split below.
        let canvas = canvas()
        let area = canvas.fill(ball) { x, y in
            ((20..<24).contains(x) || (40..<44).contains(x)) && (10..<40).contains(y) || (20..<44).contains(x) && (6..<10).contains(y)
        }
        let components = label(canvas)
        XCTAssertEqual(components.count, 1)
        XCTAssertEqual(components.first?.areaPx, area)
    }

    func testSearchWindowLimitsWhatIsLabelled() {
        let canvas = canvas()
        disc(canvas, x: 25, y: 30, radius: 8)
        let right = disc(canvas, x: 85, y: 40, radius: 8)
        let components = label(canvas, window: PixelRect(x0: 60, y0: 0, x1: 120, y1: 80))
        XCTAssertEqual(components.count, 1)
        XCTAssertEqual(components.first?.areaPx, right.area)
    }

    func testWindowCutsABlobAtItsEdge() {
        let canvas = canvas()
        canvas.fill(ball) { (10..<30).contains($0) && (10..<20).contains($1) }
        XCTAssertEqual(label(canvas, window: PixelRect(x0: 0, y0: 0, x1: 20, y1: 15)).first?.areaPx, 10 * 5)
    }

    func testSearchRegionLimitsWhatIsLabelled() {
        let canvas = canvas()
        let left = disc(canvas, x: 25, y: 30, radius: 8)
        disc(canvas, x: 85, y: 40, radius: 8)
        let region = SearchRegion(width: 120, height: 80, spans: Array(repeating: SearchRegion.Span(start: 0, end: 60), count: 80))
        let components = label(canvas, region: region)
        XCTAssertEqual(components.count, 1)
        XCTAssertEqual(components.first?.areaPx, left.area)
    }

    func testComponentsBelowTheMinimumAreaAreDropped() {
        let canvas = canvas()
        canvas.fill(ball) { (5..<7).contains($0) && (5..<7).contains($1) }
        disc(canvas, x: 60, y: 40, radius: 6)
        XCTAssertEqual(label(canvas, minAreaPx: 6).count, 1)
    }

    func testMarkerPixelsAreCounted() {
        let profile = BallProfile(colors: [TestColors.blueBall], markerColors: [TestColors.yellowMarker])
        let markerTable = ColorLookupTable(profile: profile, encoding: YUVEncoding(matrix: .bt601, fullRange: false))
        let canvas = canvas()
        canvas.fill(ball) { (10..<30).contains($0) && (10..<30).contains($1) }
        canvas.fill(TestRGB(TestColors.yellowMarker)) { (15..<18).contains($0) && (15..<17).contains($1) }
        let frame = canvas.frame
        let components = ComponentLabeler().label(frame: frame, table: markerTable, region: SearchRegion(width: 120, height: 80), window: nil, minAreaPx: 1)
        XCTAssertEqual(components.count, 1)
        XCTAssertEqual(components.first?.areaPx, 400)
        XCTAssertEqual(components.first?.markerAreaPx, 6)
    }

    func testTheLabelerCanBeReusedFrameAfterFrame() {
        let labeler = ComponentLabeler()
        let first = canvas(), second = canvas()
        disc(first, x: 30, y: 30, radius: 8)
        disc(first, x: 80, y: 30, radius: 8)
        let only = disc(second, x: 60, y: 40, radius: 5)
        let region = SearchRegion(width: 120, height: 80)
        XCTAssertEqual(labeler.label(frame: first.frame, table: table, region: region, window: nil, minAreaPx: 1).count, 2)
        let components = labeler.label(frame: second.frame, table: table, region: region, window: nil, minAreaPx: 1)
        XCTAssertEqual(components.map(\.areaPx), [only.area])
    }

    /// A 4:2:0 frame: ball colour on `ballColumns`, and ball chroma with a luma that is not the ball on `notBallColumns`, one row.
    private func chromaSharingFrame(ballColumns: Range<Int>, notBallColumns: [Int]) throws -> VideoFrame {
        let frame = VideoFrame.allocate(width: 40, height: 2, fill: TestRGB(TestColors.maple).yuv)
        let blue = ball.yuv
        let notBall = try XCTUnwrap((0...255).map(UInt8.init).first { table.entries[ColorLookupTable.index(y: $0, u: blue.u, v: blue.v)] == 0 })
        for x in ballColumns { frame.setPixel(x: x, y: 0, to: blue) }
        for x in notBallColumns { frame.setPixel(x: x, y: 0, to: (notBall, blue.u, blue.v)) }
        return frame
    }

    func testRunBetweenTheTwoPixelsOfAChromaSampleKeepsItsExactEnds() throws {
        // Pixels 10 and 11 share a chroma sample, as do 20 and 21: only luma tells them apart.
        let frame = try chromaSharingFrame(ballColumns: 11..<20, notBallColumns: [10, 20, 21])
        let region = SearchRegion(width: 40, height: 2, spans: [.init(start: 3, end: 37), .init(start: 0, end: 0)])
        let components = ComponentLabeler().label(frame: frame, table: table, region: region, window: nil, minAreaPx: 1)
        XCTAssertEqual(components.map(\.bounds), [PixelRect(x0: 11, y0: 0, x1: 20, y1: 1)])
    }

    func testWindowStartingInsideAChromaSampleCutsTheRunThere() throws {
        let frame = try chromaSharingFrame(ballColumns: 10..<20, notBallColumns: [])
        let window = PixelRect(x0: 13, y0: 0, x1: 17, y1: 2)
        let components = ComponentLabeler().label(frame: frame, table: table, region: SearchRegion(width: 40, height: 2), window: window, minAreaPx: 1)
        XCTAssertEqual(components.map(\.bounds), [PixelRect(x0: 13, y0: 0, x1: 17, y1: 1)])
    }
}
