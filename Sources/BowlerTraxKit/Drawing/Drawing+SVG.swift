// MARK: - SVG

extension Drawing {
    /// The whole `<svg>` element, inline in HTML or saved as an .svg file. `title` is its accessible name.
    public func svg(title: String, cssClass: String) -> String {
        let (w, h) = (Self.n(widthPx), Self.n(heightPx))
        let size = "width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\""
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(HTMLText.escape(cssClass))\" \(size) role=\"img\" aria-label=\"\(HTMLText.escape(title))\">\n"
        svg += "<title>\(HTMLText.escape(title))</title>\n"
        if let background { svg += "<rect width=\"100%\" height=\"100%\" fill=\"\(background.hex)\"/>\n" }
        for element in elements { svg += Self.markup(element) + "\n" }
        return svg + "</svg>\n"
    }

    private static func markup(_ element: Element) -> String {
        let extra = element.attributes.map { " \($0.name)=\"\(HTMLText.escape($0.value))\"" }.joined()
        let style = element.style
        var paint = " fill=\"\(style.fill?.hex ?? "none")\""
        if let stroke = style.stroke { paint += " stroke=\"\(stroke.hex)\" stroke-width=\"\(n(style.strokeWidthPx))\"" }
        if style.opacity < 1 { paint += " opacity=\"\(n(style.opacity))\"" }
        switch element.shape {
        case let .line(from, to):
            return "<line\(extra) x1=\"\(n(from.x))\" y1=\"\(n(from.y))\" x2=\"\(n(to.x))\" y2=\"\(n(to.y))\"\(paint)/>"
        case let .polyline(points):
            return "<polyline\(extra) points=\"\(list(points))\"\(paint) stroke-linejoin=\"round\"/>"
        case let .polygon(points):
            return "<polygon\(extra) points=\"\(list(points))\"\(paint)/>"
        case let .ellipse(center, rx, ry) where rx == ry:
            return "<circle\(extra) cx=\"\(n(center.x))\" cy=\"\(n(center.y))\" r=\"\(n(rx))\"\(paint)/>"
        case let .ellipse(center, rx, ry):
            return "<ellipse\(extra) cx=\"\(n(center.x))\" cy=\"\(n(center.y))\" rx=\"\(n(rx))\" ry=\"\(n(ry))\"\(paint)/>"
        case let .text(text, at, size, anchor, bold):
            let weight = bold ? " font-weight=\"bold\"" : ""
            return "<text\(extra) x=\"\(n(at.x))\" y=\"\(n(at.y))\" font-size=\"\(n(size))\" text-anchor=\"\(anchor.rawValue)\"\(weight)\(paint)>\(HTMLText.escape(text))</text>"
        }
    }

    private static func list(_ points: [Point]) -> String {
        points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
    }

    private static func n(_ value: Double) -> String { HTMLText.number(value) }
}
