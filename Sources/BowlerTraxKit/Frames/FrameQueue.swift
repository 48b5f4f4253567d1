/// A bounded first-in first-out queue between a producer that must never wait (the camera) and a slower
/// consumer: when full, `push` drops the oldest element and counts it. Thread-safe.
public final class FrameQueue<Element>: @unchecked Sendable {
    public let capacity: Int
    private var elements: [Element] = []
    private var head = 0
    private var dropped = 0
    private var pushed = 0
    private let lock = Lock()

    public init(capacity: Int) {
        precondition(capacity > 0, "a frame queue holds at least one frame")
        self.capacity = capacity
        elements.reserveCapacity(capacity * 2)
    }

    /// Adds `element`; returns the element dropped to make room, if one was.
    @discardableResult
    public func push(_ element: Element) -> Element? {
        lock.lock()
        defer { lock.unlock() }
        pushed += 1
        elements.append(element)
        guard elements.count - head > capacity else { return nil }
        dropped += 1
        let oldest = elements[head]
        head += 1
        compact()
        return oldest
    }

    /// The oldest element, or nil when empty.
    public func pop() -> Element? {
        lock.lock()
        defer { lock.unlock() }
        guard head < elements.count else { return nil }
        let oldest = elements[head]
        head += 1
        compact()
        return oldest
    }

    /// Elements dropped because the queue was full.
    public var dropCount: Int { lock.withLock { dropped } }
    /// Elements ever pushed.
    public var pushCount: Int { lock.withLock { pushed } }
    public var count: Int { lock.withLock { elements.count - head } }

    /// Keeps the storage from growing: the consumed prefix is removed once it is as long as the queue.
    private func compact() {
        if head >= capacity {
            elements.removeFirst(head)
            head = 0
        }
    }
}
