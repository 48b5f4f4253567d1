import XCTest
@testable import BowlerTraxKit

final class FrameQueueTests: XCTestCase {
    func testAFullQueueDropsTheOldestAndCountsIt() {
        let queue = FrameQueue<Int>(capacity: 2)
        queue.push(1)
        queue.push(2)
        XCTAssertEqual(queue.push(3), 1)
        XCTAssertEqual(queue.dropCount, 1)
        XCTAssertEqual([queue.pop(), queue.pop(), queue.pop()], [2, 3, nil])
    }

    func testElementsComeOutInOrderAcrossManyPushes() {
        let queue = FrameQueue<Int>(capacity: 3)
        var out: [Int] = []
        for value in 0..<20 {
            queue.push(value)
            if value % 2 == 0, let next = queue.pop() { out.append(next) }
        }
        while let next = queue.pop() { out.append(next) }
        XCTAssertEqual(out, out.sorted())
        XCTAssertEqual(out.count + queue.dropCount, 20)
    }
}
