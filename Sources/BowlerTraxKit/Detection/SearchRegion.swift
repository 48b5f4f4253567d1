/// The pixels worth searching in a frame: one horizontal span per row, empty spans for rows not searched.
///
/// Spans are half-open pixel ranges `[start, end)`; rows outside `rows` are not searched at all.
public struct SearchRegion: Sendable, Equatable {
    public struct Span: Sendable, Equatable {
        public var start: Int
        public var end: Int
        public init(start: Int, end: Int) { self.start = start; self.end = end }
    }

    public let width: Int
    public let height: Int
    public private(set) var spans: [Span]

    /// The whole frame.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        spans = Array(repeating: Span(start: 0, end: width), count: height)
    }

    /// Explicit spans, one per row, clipped to the frame.
    public init(width: Int, height: Int, spans: [Span]) {
        precondition(spans.count == height, "one span per row")
        self.width = width
        self.height = height
        self.spans = spans.map { Span(start: max(0, min(width, $0.start)), end: max(0, min(width, $0.end))) }
    }

    /// Pixels the region covers.
    public var area: Int { spans.reduce(0) { $0 + max(0, $1.end - $1.start) } }
}

/// An axis-aligned pixel rectangle, half-open: columns `[x0, x1)`, rows `[y0, y1)`.
public struct PixelRect: Sendable, Equatable {
    public var x0: Int
    public var y0: Int
    public var x1: Int
    public var y1: Int
    public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }

    /// The square reaching `reach` pixels each way from the point (`x`, `y`), cut to a picture of `size`.
    public init(aroundX x: Double, y: Double, reach: Double, within size: PixelSize) {
        self.init(x0: max(0, Int(x - reach)), y0: max(0, Int(y - reach)),
                  x1: min(size.width, Int(x + reach) + 1), y1: min(size.height, Int(y + reach) + 1))
    }
}
