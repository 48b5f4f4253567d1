import Glibc

// MARK: - Raster

extension Drawing {
    /// The drawing painted on `image` (same pixel grid: pixel (i, j) covers [i, i+1) × [j, j+1)), or on a new
    /// canvas of the drawing's size filled with its background (white without one). Shapes are not anti-aliased;
    /// text is `BitmapFont`'s.
    public func render(onto image: RGBImage? = nil) -> RGBImage {
        let fill = background ?? DrawingColor(r: 255, g: 255, b: 255)
        var canvas = image ?? RGBImage(width: max(1, Int(widthPx.rounded(.up))), height: max(1, Int(heightPx.rounded(.up))), fill: (fill.r, fill.g, fill.b))
        if image != nil, let background {
            canvas = RGBImage(width: canvas.width, height: canvas.height, fill: (background.r, background.g, background.b))
        }
        paint(on: &canvas)
        return canvas
    }

    /// The drawing's elements (not its background) painted on `canvas`, in the canvas's pixels.
    public func paint<Canvas: RasterCanvas>(on canvas: inout Canvas) {
        for element in elements { Self.paint(element, on: &canvas) }
    }

    private static func paint<Canvas: RasterCanvas>(_ element: Element, on image: inout Canvas) {
        let style = element.style
        switch element.shape {
        case let .line(from, to):
            if let stroke = style.stroke { line(&image, from, to, stroke, style) }
        case let .polyline(points):
            if let stroke = style.stroke { for (a, b) in zip(points, points.dropFirst()) { line(&image, a, b, stroke, style) } }
        case let .polygon(points):
            if let fill = style.fill { fillPolygon(&image, points, fill, style.opacity) }
            if let stroke = style.stroke, let first = points.first {
                let closed = points + [first]
                for (a, b) in zip(closed, closed.dropFirst()) { line(&image, a, b, stroke, style) }
            }
        case let .ellipse(center, rx, ry):
            if let fill = style.fill { fillEllipse(&image, center, rx, ry, fill, style.opacity) }
            if let stroke = style.stroke {
                // 48 chords are within a tenth of a pixel of a 30 px circle.
                let outline = (0...48).map { step -> Point in
                    let angle = Double(step) / 48 * 2 * Double.pi
                    return (center.x + rx * cos(angle), center.y + ry * sin(angle))
                }
                for (a, b) in zip(outline, outline.dropFirst()) { line(&image, a, b, stroke, style) }
            }
        case let .text(text, at, size, anchor, bold):
            if let fill = style.fill { BitmapFont.draw(text, at: at, sizePx: size, anchor: anchor, bold: bold, color: fill, opacity: style.opacity, on: &image) }
        }
    }

    /// Bresenham's line (Bresenham 1965) between the pixels holding two continuous points, each pixel widened to a
    /// disc about the stroke's width (1 px up to 2 px); clipped by the canvas's `blend`.
    private static func line<Canvas: RasterCanvas>(_ image: inout Canvas, _ a: Point, _ b: Point, _ color: DrawingColor, _ style: Style) {
        let limit = Double(4 * max(image.width, image.height))
        guard [a.x, a.y, b.x, b.y].allSatisfy({ $0.isFinite && abs($0) < limit }) else { return }
        let radius = max(0, Int(((style.strokeWidthPx - 1) / 2).rounded(.toNearestOrEven)))
        var x0 = Int(a.x.rounded(.down)), y0 = Int(a.y.rounded(.down))
        let x1 = Int(b.x.rounded(.down)), y1 = Int(b.y.rounded(.down))
        let dx = abs(x1 - x0), dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1
        var error = dx + dy
        while true {
            for oy in -radius...radius {
                for ox in -radius...radius where ox * ox + oy * oy <= radius * radius {
                    image.blend(x: x0 + ox, y: y0 + oy, color: color, opacity: style.opacity)
                }
            }
            if x0 == x1 && y0 == y1 { return }
            let e2 = 2 * error
            if e2 >= dy { error += dy; x0 += sx }
            if e2 <= dx { error += dx; y0 += sy }
        }
    }

    /// Scanline fill, even-odd: on each row the pixels whose centres lie between pairs of edge crossings.
    private static func fillPolygon<Canvas: RasterCanvas>(_ image: inout Canvas, _ points: [Point], _ color: DrawingColor, _ opacity: Double) {
        guard points.count >= 3, let top = points.map(\.y).min(), let bottom = points.map(\.y).max(),
              bottom >= 0, top < Double(image.height) else { return }
        let edges = zip(points, points.dropFirst() + [points[0]])
        for row in max(0, Int(top.rounded(.down)))...min(image.height - 1, Int(bottom.rounded(.up))) {
            let yc = Double(row) + 0.5
            let crossings = edges.compactMap { a, b -> Double? in
                guard (a.y <= yc) != (b.y <= yc) else { return nil }
                return a.x + (yc - a.y) / (b.y - a.y) * (b.x - a.x)
            }.sorted()
            for pair in stride(from: 0, to: crossings.count - 1, by: 2) {
                fillSpan(&image, row: row, from: crossings[pair], to: crossings[pair + 1], color, opacity)
            }
        }
    }

    private static func fillEllipse<Canvas: RasterCanvas>(_ image: inout Canvas, _ center: Point, _ rx: Double, _ ry: Double, _ color: DrawingColor, _ opacity: Double) {
        guard rx > 0, ry > 0 else { return }
        let top = Int((center.y - ry).rounded(.down)), bottom = Int((center.y + ry).rounded(.up))
        guard bottom >= 0, top < image.height else { return }
        for row in max(0, top)...min(image.height - 1, bottom) {
            let v = (Double(row) + 0.5 - center.y) / ry
            guard v * v <= 1 else { continue }
            let half = rx * (1 - v * v).squareRoot()
            fillSpan(&image, row: row, from: center.x - half, to: center.x + half, color, opacity)
        }
    }

    /// The pixels of `row` whose centres lie in [from, to].
    private static func fillSpan<Canvas: RasterCanvas>(_ image: inout Canvas, row: Int, from: Double, to: Double, _ color: DrawingColor, _ opacity: Double) {
        let first = max(0, Int((from - 0.5).rounded(.up))), last = min(image.width - 1, Int((to - 0.5).rounded(.down)))
        guard first <= last else { return }
        image.blendRow(y: row, columns: first...last, color: color, opacity: opacity)
    }
}
