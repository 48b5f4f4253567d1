/// Small inline-SVG charts for the report: a histogram of one measurement and a trend of session means.
enum SVGChart {
    static let widthPx = 320.0
    static let heightPx = 180.0
    static let left = 34.0, right = 10.0, top = 22.0, bottom = 30.0

    /// Bars counting `values` in up to 12 equal bins from the smallest to the largest value.
    static func histogram(_ values: [Double], title: String, color: String) -> String {
        var svg = open(title: title)
        guard let low = values.min(), let high = values.max() else {
            return svg + text(widthPx / 2, heightPx / 2, "no values", anchor: "middle") + "</svg>\n"
        }
        // √n bins, the usual rule for a few dozen values; a single value gets one bin a unit wide.
        let binCount = high > low ? max(1, min(12, Int(Double(values.count).squareRoot().rounded(.up)))) : 1
        let start = high > low ? low : low - 0.5
        let binWidth = high > low ? (high - low) / Double(binCount) : 1
        var counts = Array(repeating: 0, count: binCount)
        for value in values {
            counts[min(binCount - 1, Int((value - start) / binWidth))] += 1
        }
        let maxCount = Double(counts.max() ?? 1)
        let plotW = widthPx - left - right, plotH = heightPx - top - bottom
        let barW = plotW / Double(binCount)
        for (index, count) in counts.enumerated() {
            let barH = plotH * Double(count) / maxCount
            svg += "<rect class=\"bar\" x=\(q(left + Double(index) * barW + 1)) y=\(q(top + plotH - barH)) width=\(q(max(1, barW - 2))) height=\(q(barH)) fill=\"\(color)\"><title>\(format(start + Double(index) * binWidth))–\(format(start + Double(index + 1) * binWidth)): \(count)</title></rect>\n"
        }
        svg += axes(plotW: plotW, plotH: plotH)
        svg += text(left, heightPx - 12, format(start), anchor: "start")
        svg += text(left + plotW, heightPx - 12, format(start + binWidth * Double(binCount)), anchor: "end")
        svg += text(left - 4, top + 4, String(Int(maxCount)), anchor: "end")
        svg += text(left - 4, top + plotH, "0", anchor: "end")
        return svg + "</svg>\n"
    }

    /// One point per session (in time order) at its mean, joined by a line, with ±1 sd whiskers.
    static func trend(_ points: [(label: String, summary: SampleSummary?)], title: String, color: String) -> String {
        var svg = open(title: title)
        let present = points.enumerated().compactMap { index, point in point.summary.map { (index, $0) } }
        let extents = present.flatMap { [$0.1.mean - ($0.1.standardDeviation ?? 0), $0.1.mean + ($0.1.standardDeviation ?? 0)] }
        guard var low = extents.min(), var high = extents.max() else {
            return svg + text(widthPx / 2, heightPx / 2, "no values", anchor: "middle") + "</svg>\n"
        }
        if high - low < 1e-9 { low -= 0.5; high += 0.5 }
        let plotW = widthPx - left - right, plotH = heightPx - top - bottom
        func xPx(_ index: Int) -> Double { left + plotW * (points.count == 1 ? 0.5 : Double(index) / Double(points.count - 1)) }
        func yPx(_ value: Double) -> Double { top + plotH * (high - value) / (high - low) }
        svg += axes(plotW: plotW, plotH: plotH)
        let line = present.map { "\(HTMLText.number(xPx($0.0))),\(HTMLText.number(yPx($0.1.mean)))" }.joined(separator: " ")
        svg += "<polyline class=\"trend\" points=\"\(line)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"/>\n"
        for (index, summary) in present {
            let sd = summary.standardDeviation ?? 0
            svg += "<line x1=\(q(xPx(index))) y1=\(q(yPx(summary.mean - sd))) x2=\(q(xPx(index))) y2=\(q(yPx(summary.mean + sd))) stroke=\"\(color)\" stroke-opacity=\"0.5\"/>\n"
            svg += "<circle cx=\(q(xPx(index))) cy=\(q(yPx(summary.mean))) r=\"3\" fill=\"\(color)\"><title>\(HTMLText.escape(points[index].label)): \(format(summary.mean)) ± \(format(sd)) (n=\(summary.count))</title></circle>\n"
        }
        for index in points.indices {
            svg += text(xPx(index), heightPx - 12, String(index + 1), anchor: "middle")
        }
        svg += text(left - 4, top + 4, format(high), anchor: "end")
        svg += text(left - 4, top + plotH, format(low), anchor: "end")
        return svg + "</svg>\n"
    }

    private static func open(title: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\(q(widthPx)) height=\(q(heightPx)) viewBox=\"0 0 \(HTMLText.number(widthPx)) \(HTMLText.number(heightPx))\" role=\"img\" aria-label=\"\(HTMLText.escape(title))\">\n"
            + text(widthPx / 2, 14, title, anchor: "middle", size: 12)
    }

    private static func axes(plotW: Double, plotH: Double) -> String {
        "<path d=\"M\(HTMLText.number(left)) \(HTMLText.number(top)) V\(HTMLText.number(top + plotH)) H\(HTMLText.number(left + plotW))\" fill=\"none\" stroke=\"#444\"/>\n"
    }

    private static func text(_ x: Double, _ y: Double, _ content: String, anchor: String, size: Int = 9) -> String {
        "<text x=\(q(x)) y=\(q(y)) font-size=\"\(size)\" text-anchor=\"\(anchor)\" fill=\"#333\">\(HTMLText.escape(content))</text>\n"
    }

    private static func q(_ value: Double) -> String { "\"" + HTMLText.number(value) + "\"" }

    private static func format(_ value: Double) -> String { ShotTable.format(value, abs(value) >= 100 ? 0 : 1) }
}
