import XCTest
@testable import BowlerTraxKit

/// Reference values from SciPy 1.17 (scipy.special.betainc, scipy.stats.t, scipy.stats.ttest_ind(equal_var=False)).
final class WelchTestTests: XCTestCase {
    func testIncompleteBetaMatchesKnownValues() {
        XCTAssertEqual(WelchTest.regularizedIncompleteBeta(x: 0.5, a: 2, b: 3), 0.6875, accuracy: 1e-13)
        XCTAssertEqual(WelchTest.regularizedIncompleteBeta(x: 0.3, a: 0.5, b: 0.5), 0.36901011956554536, accuracy: 1e-13)
        XCTAssertEqual(WelchTest.regularizedIncompleteBeta(x: 0.9, a: 50, b: 0.5), 0.001204149832559813, accuracy: 1e-15)
    }

    func testIncompleteBetaEndsAreZeroAndOne() {
        XCTAssertEqual(WelchTest.regularizedIncompleteBeta(x: 0, a: 3, b: 2), 0)
        XCTAssertEqual(WelchTest.regularizedIncompleteBeta(x: 1, a: 3, b: 2), 1)
    }

    func testTwoSidedPMatchesStudentT() {
        XCTAssertEqual(WelchTest.twoSidedP(t: 2, degreesOfFreedom: 10), 0.07338803477074037, accuracy: 1e-12)
        XCTAssertEqual(WelchTest.twoSidedP(t: -1, degreesOfFreedom: 1), 0.5, accuracy: 1e-12)
        XCTAssertEqual(WelchTest.twoSidedP(t: 3.5, degreesOfFreedom: 4.7), 0.019129593500276435, accuracy: 1e-12)
        XCTAssertEqual(WelchTest.twoSidedP(t: 0, degreesOfFreedom: 7), 1, accuracy: 1e-15)
    }

    func testWelchTestMatchesSciPy() throws {
        let a = try XCTUnwrap(SampleSummary([18.1, 18.4, 17.9, 18.6, 18.2, 18.0]))
        let b = try XCTUnwrap(SampleSummary([18.9, 19.1, 18.5, 19.4, 18.8]))
        let test = try XCTUnwrap(WelchTest(a, b))
        // SciPy tests a − b; ours reports b − a, so t flips sign.
        XCTAssertEqual(test.t, 4.017153788188457, accuracy: 1e-10)
        XCTAssertEqual(test.degreesOfFreedom, 7.50736375424694, accuracy: 1e-10)
        XCTAssertEqual(test.pValue, 0.004395244141875902, accuracy: 1e-12)
        XCTAssertEqual(test.meanDifference, b.mean - a.mean)
    }

    func testWelchTestNeedsTwoValuesAndSomeSpread() throws {
        let one = try XCTUnwrap(SampleSummary([18.0]))
        let flat = try XCTUnwrap(SampleSummary([18.0, 18.0]))
        let spread = try XCTUnwrap(SampleSummary([17.0, 18.0]))
        XCTAssertNil(WelchTest(one, spread))
        XCTAssertNil(WelchTest(flat, flat))
        XCTAssertNotNil(WelchTest(flat, spread))
    }
}
