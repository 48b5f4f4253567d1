import XCTest
@testable import BowlerTraxKit

final class CircleFitTests: XCTestCase {
    func testKasaFitIsExactOnPointsOfACircle() throws {
        let points = (0..<12).map { i -> (x: Double, y: Double) in
            let angle = Double(i) * .pi / 6
            return (3.25 + 7.5 * cos(angle), -4.5 + 7.5 * sin(angle))
        }
        let circle = try XCTUnwrap(CircleFit.fit(points))
        XCTAssertEqual(circle.centerX, 3.25, accuracy: 1e-9)
        XCTAssertEqual(circle.centerY, -4.5, accuracy: 1e-9)
        XCTAssertEqual(circle.radius, 7.5, accuracy: 1e-9)
    }

    func testKasaFitNeedsFivePoints() {
        XCTAssertNil(CircleFit.fit([(0, 1), (1, 0), (0, -1), (-1, 0)]))
    }

    func testKnownRadiusCentreFromAnUpperArc() {
        // Only the upper half is seen; the known radius pins the centre's height.
        let points = (0...10).map { i -> (x: Double, y: Double) in
            let angle = .pi + Double(i) * .pi / 10
            return (50 + 9 * cos(angle), 40 + 9 * sin(angle))
        }
        let circle = CircleFit.centre(of: points, radius: 9, start: Circle(centerX: 49, centerY: 42, radius: 9))
        XCTAssertEqual(circle.centerX, 50, accuracy: 1e-6)
        XCTAssertEqual(circle.centerY, 40, accuracy: 1e-6)
    }

    func testKnownRadiusCentreDropsPointsOfSomethingTouchingTheBall() {
        var points = (0..<16).map { i -> (x: Double, y: Double) in
            let angle = Double(i) * .pi / 8
            return (50 + 9 * cos(angle), 40 + 9 * sin(angle))
        }
        // A pin's edge next to the ball: three points well outside the circle.
        points += [(62, 36), (62.5, 38), (62, 40)]
        let circle = CircleFit.centre(of: points, radius: 9, start: Circle(centerX: 51, centerY: 40, radius: 9))
        XCTAssertEqual(circle.centerX, 50, accuracy: 1e-6)
        XCTAssertEqual(circle.centerY, 40, accuracy: 1e-6)
    }

    func testEdgeOfAnAntiAliasedStepIsFoundBetweenSamples() {
        // A step from 200 down to 40 whose edge lies at 10.5: sample 10 is half covered.
        let frame = VideoFrame.allocate(width: 4, height: 4)
        let fit = CircleFit(frame: frame, background: nil)
        let samples = [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 120, 40, 40, 40, 40, 40, 40]
        let edge = fit.edge(near: 11, count: samples.count, outward: -1) { samples[$0] }
        XCTAssertEqual(try XCTUnwrap(edge), 10.5, accuracy: 0.05)
    }

    func testNoEdgeIsReportedWhenTheStepLiesBeyondTheSearchReach() {
        // The colour mask ended at 15, but the real edge is at 10: four pixels either side do not reach it.
        let frame = VideoFrame.allocate(width: 4, height: 4)
        let fit = CircleFit(frame: frame, background: nil)
        let samples = [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40]
        XCTAssertNil(fit.edge(near: 15, count: samples.count, outward: -1) { samples[$0] })
        XCTAssertNotNil(fit.edge(near: 13, count: samples.count, outward: -1) { samples[$0] })
    }

    func testTheOutermostStrongStepIsTheOutlineNotALargerOneInside() {
        // From outside (low indices): the scene (0), the ball's dark rim (90) from 6, a bright marker (250) from 9.
        let frame = VideoFrame.allocate(width: 4, height: 4)
        let fit = CircleFit(frame: frame, background: nil)
        let samples = [0, 0, 0, 0, 0, 0, 90, 90, 90, 250, 250, 250, 250, 250, 250]
        XCTAssertEqual(try XCTUnwrap(fit.edge(near: 8, count: samples.count, outward: -1) { samples[$0] }), 6, accuracy: 0.01)
    }
}
