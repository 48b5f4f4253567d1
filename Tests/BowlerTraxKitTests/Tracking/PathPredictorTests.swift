import XCTest
@testable import BowlerTraxKit

final class PathPredictorTests: XCTestCase {
    private func samples(_ count: Int, _ position: (Double) -> Double) -> [(timeS: Double, values: [Double])] {
        (0..<count).map { i in let t = Double(i) / 60; return (t, [position(t), 7]) }
    }

    func testQuadraticMotionIsPredictedExactly() throws {
        let motion = { (t: Double) in 3 + 26 * t - 1.5 * t * t }
        let predicted = try XCTUnwrap(PathPredictor.predict(samples(12, motion), at: 0.25))
        XCTAssertEqual(predicted[0], motion(0.25), accuracy: 1e-9)
        XCTAssertEqual(predicted[1], 7, accuracy: 1e-9)
    }

    func testFewSamplesExtrapolateLinearly() throws {
        let predicted = try XCTUnwrap(PathPredictor.predict(samples(3) { 10 * $0 }, at: 0.1))
        XCTAssertEqual(predicted[0], 1, accuracy: 1e-9)
    }

    func testOneSampleStaysPut() throws {
        XCTAssertEqual(PathPredictor.predict([(0, [4, 5])], at: 1), [4, 5])
    }

    func testNoSamplesGiveNoPrediction() {
        XCTAssertNil(PathPredictor.predict([], at: 1))
    }
}
