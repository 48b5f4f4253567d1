/// A picture described as shapes in pixels (origin top-left, y down), drawn the same way to SVG (`svg`) and to an
/// `RGBImage` (`render`): the lane pictures of the report, `shots show --svg/--png`, the live screen and the
/// calibration overlay are all made of these.
public struct Drawing: Sendable {
    public typealias Point = (x: Double, y: Double)

    public enum Shape: Sendable {
        case line(from: Point, to: Point)
        case polyline([Point])
        /// Closed; filled by the even-odd rule.
        case polygon([Point])
        case ellipse(center: Point, radiusXPx: Double, radiusYPx: Double)
        /// `at` is the left, middle or right end of the text's baseline.
        case text(String, at: Point, sizePx: Double, anchor: TextAnchor, bold: Bool)
    }

    public enum TextAnchor: String, Sendable {
        case start, middle, end
    }

    /// How a shape is painted: an outline (`stroke`, `strokeWidthPx`) and/or a fill, at `opacity`. Text is filled.
    public struct Style: Sendable {
        public var stroke: DrawingColor?
        public var strokeWidthPx: Double
        public var fill: DrawingColor?
        public var opacity: Double

        public init(stroke: DrawingColor? = nil, strokeWidthPx: Double = 1, fill: DrawingColor? = nil, opacity: Double = 1) {
            self.stroke = stroke
            self.strokeWidthPx = strokeWidthPx
            self.fill = fill
            self.opacity = opacity
        }
    }

    public struct Element: Sendable {
        public var shape: Shape
        public var style: Style
        /// SVG attributes (`class`, `data-…`) that let a page's stylesheet or a test find the element; not drawn.
        public var attributes: [(name: String, value: String)]
    }

    public var widthPx: Double
    public var heightPx: Double
    /// Painted under everything; nil leaves the canvas (or the frame drawn on) showing.
    public var background: DrawingColor?
    public private(set) var elements: [Element] = []

    public init(widthPx: Double, heightPx: Double, background: DrawingColor? = nil) {
        self.widthPx = widthPx
        self.heightPx = heightPx
        self.background = background
    }

    public mutating func add(_ shape: Shape, _ style: Style, attributes: [(name: String, value: String)] = []) {
        elements.append(Element(shape: shape, style: style, attributes: attributes))
    }

    public mutating func line(_ from: Point, _ to: Point, _ color: DrawingColor, widthPx: Double = 1) {
        add(.line(from: from, to: to), Style(stroke: color, strokeWidthPx: widthPx))
    }

    public mutating func text(_ text: String, at point: Point, sizePx: Double, _ color: DrawingColor, anchor: TextAnchor = .start, bold: Bool = false,
                              attributes: [(name: String, value: String)] = []) {
        add(.text(text, at: point, sizePx: sizePx, anchor: anchor, bold: bold), Style(fill: color), attributes: attributes)
    }

    /// Adds every element of `other` (not its background), moved right by `dx` and down by `dy`.
    public mutating func place(_ other: Drawing, dx: Double, dy: Double) {
        func move(_ p: Point) -> Point { (p.x + dx, p.y + dy) }
        for element in other.elements {
            let shape: Shape
            switch element.shape {
            case let .line(from, to): shape = .line(from: move(from), to: move(to))
            case let .polyline(points): shape = .polyline(points.map(move))
            case let .polygon(points): shape = .polygon(points.map(move))
            case let .ellipse(center, rx, ry): shape = .ellipse(center: move(center), radiusXPx: rx, radiusYPx: ry)
            case let .text(text, at, size, anchor, bold): shape = .text(text, at: move(at), sizePx: size, anchor: anchor, bold: bold)
            }
            elements.append(Element(shape: shape, style: element.style, attributes: element.attributes))
        }
    }
}
