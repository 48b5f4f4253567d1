import XCTest
@testable import BowlerTraxKit

final class LinearSolverTests: XCTestCase {
    func testSolveNeedsPivotingForAZeroLeadingEntry() throws {
        let x = try XCTUnwrap(LinearSolver.solve([[0, 2, 1], [1, 1, 1], [2, 1, 3]], [5, 6, 13]))
        let a = [[0.0, 2, 1], [1, 1, 1], [2, 1, 3]], b = [5.0, 6, 13]
        for row in 0..<3 {
            XCTAssertEqual(zip(a[row], x).reduce(0) { $0 + $1.0 * $1.1 }, b[row], accuracy: 1e-12)
        }
    }

    func testSolveRecoversAKnownSolution() throws {
        let x = try XCTUnwrap(LinearSolver.solve([[4, -2, 1], [-2, 4, -2], [1, -2, 4]], [11, -16, 17]))
        XCTAssertEqual(x[0], 1, accuracy: 1e-12)
        XCTAssertEqual(x[1], -2, accuracy: 1e-12)
        XCTAssertEqual(x[2], 3, accuracy: 1e-12)
    }

    func testSingularSystemGivesNil() {
        XCTAssertNil(LinearSolver.solve([[1, 2], [2, 4]], [1, 2]))
    }

    func testSymmetricEigenOfAKnownMatrix() {
        // [[2,1],[1,2]]: eigenvalues 1 and 3, eigenvectors (1,-1)/√2 and (1,1)/√2.
        let eigen = LinearSolver.symmetricEigen([[2, 1], [1, 2]])
        XCTAssertEqual(eigen.values[0], 1, accuracy: 1e-12)
        XCTAssertEqual(eigen.values[1], 3, accuracy: 1e-12)
        let half = 0.5.squareRoot()
        XCTAssertEqual(abs(eigen.vectors[0][0]), half, accuracy: 1e-12)
        XCTAssertEqual(eigen.vectors[0][0], -eigen.vectors[1][0], accuracy: 1e-12)
        XCTAssertEqual(eigen.vectors[0][1], eigen.vectors[1][1], accuracy: 1e-12)
    }

    func testSymmetricEigenVectorsSatisfyTheDefinitionInThreeDimensions() {
        let a = [[4.0, 1, 2], [1, 3, 0.5], [2, 0.5, 5]]
        let eigen = LinearSolver.symmetricEigen(a)
        XCTAssertEqual(eigen.values, eigen.values.sorted())
        for k in 0..<3 {
            let v = (0..<3).map { eigen.vectors[$0][k] }
            XCTAssertEqual(v.reduce(0) { $0 + $1 * $1 }, 1, accuracy: 1e-12)
            for row in 0..<3 {
                let av = (0..<3).reduce(0.0) { $0 + a[row][$1] * v[$1] }
                XCTAssertEqual(av, eigen.values[k] * v[row], accuracy: 1e-10)
            }
        }
        // The trace is the sum of the eigenvalues.
        XCTAssertEqual(eigen.values.reduce(0, +), 12, accuracy: 1e-12)
    }
}
