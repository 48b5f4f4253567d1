/// Values kept per frame, in the order the frames came; the owner drops the oldest. A frame's value is found by its
/// index: at its position when every frame was added in order, searched for when some were skipped.
struct FrameLog<Value> {
    private var entries: [(frame: Int, value: Value)] = []

    var count: Int { entries.count }
    var first: (frame: Int, value: Value)? { entries.first }
    var last: (frame: Int, value: Value)? { entries.last }

    mutating func append(_ value: Value, frame: Int) { entries.append((frame, value)) }

    mutating func removeFirst(_ count: Int = 1) { entries.removeFirst(count) }

    /// The value of frame `frame`, if it is kept.
    subscript(frame frame: Int) -> Value? {
        guard let first = entries.first?.frame, frame >= first else { return nil }
        let position = frame - first
        if position < entries.count, entries[position].frame == frame { return entries[position].value }
        return entries.last { $0.frame == frame }?.value
    }
}

extension FrameLog: Sendable where Value: Sendable {}
