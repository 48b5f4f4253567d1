import Foundation
import XCTest
@testable import BowlerTraxKit

/// Many lanes of a centre write to one store at once (issue #20, item 2): each lane its own connection and session,
/// each shot one transaction; every shot is stored, in its own session, under an id no other lane got.
final class ConcurrentLanesTests: StoreTestCase {
    static let lanes = 8
    static let shotsPerLane = 6

    func testLanesSavingAtOnceNeverCollide() throws {
        try onEachEngine {
            let setup = try makeStore()
            let sessions = try (1...Self.lanes).map { lane in
                try setup.openSession(name: "lane \(lane)", source: "/dev/video\(lane)", hand: .right)
            }
            let path = databasePath
            let shots = (1...Self.shotsPerLane).map { makeShot(number: $0, pointCount: 40) }
            let results = Results()
            DispatchQueue.concurrentPerform(iterations: Self.lanes) { lane in
                do {
                    // Each lane has its own connection, as each lane's laptop does.
                    let store = try ShotStore(path: path, busyTimeoutS: 30)
                    for shot in shots { results.add(try store.save(shot, sessionID: sessions[lane])) }
                } catch {
                    results.fail("lane \(lane + 1): \(error)")
                }
            }
            XCTAssertEqual(results.failures, [])
            XCTAssertEqual(Set(results.ids).count, Self.lanes * Self.shotsPerLane, "every shot its own id")
            let store = try makeStore()
            for (lane, session) in sessions.enumerated() {
                XCTAssertEqual(try store.shots(sessionID: session).map(\.shotNumber), Array(1...Self.shotsPerLane), "lane \(lane + 1)'s own shots, in order")
            }
        }
    }

    /// What the lanes' threads report, under a lock.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var ids: [Int64] = []
        private(set) var failures: [String] = []

        func add(_ id: Int64) { lock.withLock { ids.append(id) } }
        func fail(_ message: String) { lock.withLock { failures.append(message) } }
    }
}
