import XCTest
@testable import BowlerTraxKit

final class PolynomialFitTests: XCTestCase {
    private let xs = (0..<20).map { Double($0) * 0.5 }
    private func quadratic(_ x: Double) -> Double { 3 - 2 * x + 0.25 * x * x }

    func testQuadraticThroughExactPointsIsRecovered() throws {
        let fit = try XCTUnwrap(PolynomialFit(xs: xs, ys: xs.map(quadratic), degree: 2))
        XCTAssertEqual(fit.coefficients[0], 3, accuracy: 1e-9)
        XCTAssertEqual(fit.coefficients[1], -2, accuracy: 1e-9)
        XCTAssertEqual(fit.coefficients[2], 0.25, accuracy: 1e-9)
    }

    func testSlopeIsTheDerivative() throws {
        let fit = try XCTUnwrap(PolynomialFit(xs: xs, ys: xs.map(quadratic), degree: 2))
        XCTAssertEqual(fit.slope(at: 3), -2 + 0.5 * 3, accuracy: 1e-9)
    }

    func testTooFewPointsGiveNoFit() {
        XCTAssertNil(PolynomialFit(xs: [0, 1], ys: [1, 2], degree: 2))
    }

    func testRepeatedXCannotFixAQuadratic() {
        XCTAssertNil(PolynomialFit(xs: [1, 1, 1, 1], ys: [1, 2, 3, 4], degree: 2))
    }

    func testWeightsFavourTheTrustedPoints() throws {
        // Two clusters disagree on a constant; the heavily weighted one wins.
        let fit = try XCTUnwrap(PolynomialFit(xs: [0, 1, 2, 3], ys: [1, 1, 5, 5], weights: [1000, 1000, 1, 1], degree: 0))
        XCTAssertEqual(fit.coefficients[0], (1000 + 1000 + 5 + 5) / 2002.0, accuracy: 1e-9)
    }

    func testRobustFitIgnoresOneWildOutlier() throws {
        var ys = xs.map(quadratic)
        ys[7] += 40
        let fit = try XCTUnwrap(PolynomialFit.robust(xs: xs, ys: ys, sigmas: Array(repeating: 0.1, count: xs.count), degree: 2))
        XCTAssertEqual(fit.coefficients[0], 3, accuracy: 1e-6)
        XCTAssertEqual(fit.coefficients[1], -2, accuracy: 1e-6)
        XCTAssertEqual(fit.coefficients[2], 0.25, accuracy: 1e-6)
    }

    func testPlainFitIsBentByTheSameOutlier() throws {
        // The control for the robust test: the outlier does matter to a plain least-squares fit.
        var ys = xs.map(quadratic)
        ys[7] += 40
        let fit = try XCTUnwrap(PolynomialFit(xs: xs, ys: ys, degree: 2))
        XCTAssertGreaterThan(abs(fit.value(at: xs[7]) - quadratic(xs[7])), 1)
    }

    func testSolveFindsWhereTheCurveReachesTheTarget() throws {
        let fit = try XCTUnwrap(PolynomialFit(xs: xs, ys: xs.map(quadratic), degree: 2))
        // 3 - 2x + x²/4 = 0 ⇔ x² - 8x + 12 = 0 → x = 2 (the root in 0...4) or 6.
        let root = try XCTUnwrap(fit.solve(for: 0, in: 0...4))
        XCTAssertEqual(root, 2, accuracy: 1e-9)
    }

    func testSolveWithoutABracketGivesNil() throws {
        let fit = try XCTUnwrap(PolynomialFit(xs: xs, ys: xs.map(quadratic), degree: 2))
        XCTAssertNil(fit.solve(for: 100, in: 0...4))
    }
}
