/// A pixel grid a `Drawing` is painted on (`Drawing.paint(on:)`): an `RGBImage`, or a video frame's own YUV planes
/// (`FrameCanvas`, the annotated video). Pixel (i, j) covers [i, i+1) × [j, j+1), origin top-left.
public protocol RasterCanvas {
    var width: Int { get }
    var height: Int { get }
    /// Mixes `color` into one pixel at `opacity` (0 to 1), ignoring coordinates outside the picture.
    mutating func blend(x: Int, y: Int, color: DrawingColor, opacity: Double)
    /// Mixes `color` into the pixels `columns` of row `y`, which lie inside the picture (fills: a canvas may do a
    /// row faster than pixel by pixel).
    mutating func blendRow(y: Int, columns: ClosedRange<Int>, color: DrawingColor, opacity: Double)
}

extension RasterCanvas {
    public mutating func blendRow(y: Int, columns: ClosedRange<Int>, color: DrawingColor, opacity: Double) {
        for x in columns { blend(x: x, y: y, color: color, opacity: opacity) }
    }
}
