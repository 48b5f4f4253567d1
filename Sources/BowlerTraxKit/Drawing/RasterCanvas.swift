/// A pixel grid a `Drawing` is painted on (`Drawing.paint(on:)`): an `RGBImage`, or a video frame's own YUV planes
/// (`FrameCanvas`, the annotated video). Pixel (i, j) covers [i, i+1) × [j, j+1), origin top-left.
public protocol RasterCanvas {
    var width: Int { get }
    var height: Int { get }
    /// Mixes `color` into one pixel at `opacity` (0 to 1), ignoring coordinates outside the picture.
    mutating func blend(x: Int, y: Int, color: DrawingColor, opacity: Double)
}
