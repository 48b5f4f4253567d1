import XCTest
@testable import BowlerTraxKit

/// `FingerHoleSpots` on made-up luma signatures: a shell lit from above (brighter at the top of the disc) with a dark
/// hole passing in some frames.
final class FingerHoleSpotsTests: XCTestCase {
    private let n = ObservedAppearance.gridSize
    private let cellRadii = 2 * ObservedAppearance.signatureReach / Double(ObservedAppearance.gridSize)

    /// Luma above black for every cell: 40 at the bottom of the disc to 160 at the top, and a tenth of that inside
    /// the hole (centre in radii, radius 0.12 radii: a 1 in hole on a 8.5 in ball).
    private func appearance(holeAt hole: (x: Double, y: Double)?) -> ObservedAppearance {
        var luma = [Double](repeating: 0, count: n * n)
        for row in 0..<n {
            for column in 0..<n {
                let x = (Double(column) + 0.5 - Double(n) / 2) * cellRadii, y = (Double(row) + 0.5 - Double(n) / 2) * cellRadii
                var value = 100 - 75 * y
                if let hole, (x - hole.x) * (x - hole.x) + (y - hole.y) * (y - hole.y) < 0.12 * 0.12 { value /= 10 }
                luma[row * n + column] = value
            }
        }
        let mean = luma.reduce(0, +) / Double(luma.count)
        let deviation = (luma.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(luma.count)).squareRoot()
        return ObservedAppearance(lumaSignature: luma.map { Float(($0 - mean) / deviation) }, lumaMean: mean, lumaDeviation: deviation,
                                  marker: nil)
    }

    func testFindsAHoleOnTheLitAndTheShadedSideAndNothingElse() throws {
        let holes: [(x: Double, y: Double)?] = [nil, (0.3, -0.5), nil, nil, (-0.2, 0.55), nil, nil]
        let spots = FingerHoleSpots.spots(holes.map { appearance(holeAt: $0) })
        for (hole, spot) in zip(holes, spots) {
            guard let hole else {
                XCTAssertNil(spot)
                continue
            }
            let found = try XCTUnwrap(spot, "hole at \(hole)")
            XCTAssertEqual(found.offsetX, hole.x, accuracy: 0.05)
            XCTAssertEqual(found.offsetY, hole.y, accuracy: 0.05)
            XCTAssertEqual(found.areaShare, 0.12 * 0.12, accuracy: 0.01)
        }
    }

    func testTooFewFramesFindNothing() {
        XCTAssertEqual(FingerHoleSpots.spots([appearance(holeAt: (0, 0)), appearance(holeAt: nil)]), [nil, nil])
    }
}
