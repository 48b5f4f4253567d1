import Glibc

/// The mean colour of a patch, in the frame's Y, U and V code values (0-255).
public struct YUVMean: Sendable, Equatable {
    public var y: Double
    public var u: Double
    public var v: Double

    public init(y: Double, u: Double, v: Double) { self.y = y; self.u = u; self.v = v }

    /// Colour distance: chroma differences count `chromaWeight` times (chroma planes span about half luma's range).
    public func distance(to other: YUVMean) -> Double { squaredDistance(to: other).squareRoot() }

    /// How much a chroma difference counts, squared, against a luma one.
    public static let chromaWeight = 2.0

    /// The square of `distance(to:)`, for comparisons where the root is not needed.
    public func squaredDistance(to other: YUVMean) -> Double {
        let dy = y - other.y, du = u - other.u, dv = v - other.v
        return dy * dy + Self.chromaWeight * (du * du + dv * dv)
    }

    /// Moves `fraction` of the way toward `other`.
    public func blended(toward other: YUVMean, fraction: Double) -> YUVMean {
        YUVMean(y: y + fraction * (other.y - y), u: u + fraction * (other.u - u), v: v + fraction * (other.v - v))
    }
}

/// Where to look for a disc and what it should be like: the parameters of one `DiscDetector.search`.
public struct DiscSearch: Sendable {
    /// Predicted centre, continuous pixel coordinates.
    public var centerX: Double
    public var centerY: Double
    /// Centres are tried up to this far from the prediction (a square), in pixels.
    public var reachPx: Double
    /// The expected radius; radii from 0.9 to 1.1 times it are tried.
    public var radiusPx: Double
    /// The ball's colour as last seen, if known: a disc of another colour scores lower.
    public var reference: YUVMean?
    /// Score lost per radius of distance from the predicted centre.
    public var distanceWeight: Double

    public init(centerX: Double, centerY: Double, reachPx: Double, radiusPx: Double, reference: YUVMean?, distanceWeight: Double) {
        self.centerX = centerX
        self.centerY = centerY
        self.reachPx = reachPx
        self.radiusPx = radiusPx
        self.reference = reference
        self.distanceWeight = distanceWeight
    }
}

/// The disc a search found.
public struct DiscMatch: Sendable, Equatable {
    public var xPx: Double
    public var yPx: Double
    public var radiusPx: Double
    /// How much the disc stands out on its least contrasting side (colour distance, see `YUVMean`).
    public var contrast: Double
    /// The disc's own mean colour (its inscribed square).
    public var inside: YUVMean
    /// Contrast less the colour, distance and size penalties; the best match has the highest.
    public var score: Double
}

/// Finds a round object of about a known size near a predicted place, whatever its colour: a disc whose inside
/// differs from what surrounds it on all four sides. A dark leg or a gutter also differs from the lane, but it runs
/// on past the disc on at least one side, where the contrast then falls; taking the least of the four sides
/// favours compact blobs. The colour of a black, a swirled or a lane-coloured ball is never needed.
///
/// Sums come from an integral image of the searched window (Viola and Jones, "Rapid object detection using a
/// boosted cascade of simple features", 2001), so each tried centre costs a few lookups whatever the radius:
///
/// ```
///      +-------+         four sides, each as long as the middle square and 0.45 r deep (to 1.6 r out);
///      |  top  |         the corners are left out, so a stripe much wider than the ball (a gutter,
///   +--+-------+--+      a thigh) darkens both ends and fails
///   |L |  in   | R|      middle square, half side 1.15 r (left out: the ball's own rim and blur)
///   +--+-------+--+      inner square, half side 0.7 r (inside the disc)
///      |bottom |
///      +-------+
/// ```
/// Beside other clutter the least-side contrast peaks up to a quarter radius off the centre (a side that overlaps a
/// dark leg pulls it away); the pipeline centres on the colour detector's outline where one agrees. Known limit: a
/// stripe of strong contrast about as wide as the ball still leaves both ends partly light and can pass (black
/// on maple, 1.5 balls wide: contrast about 19); the tracker's distance and colour terms are what keep the ball from jumping onto it.
/// Reuses its buffers: one detector per pipeline, not thread-safe.
public final class DiscDetector {
    /// Radii tried, as fractions of the expected radius.
    static let radiusScales = [0.9, 0.95, 1.0, 1.05, 1.1]
    /// The largest of `radiusScales`: the window's margin must hold the outer square at it.
    static let largestScale = radiusScales.max() ?? 1
    /// Score lost per unit of |log(radius / expected)|: the size changes slowly from frame to frame.
    static let sizeWeight = 60.0
    /// Score lost per unit of colour distance from the reference.
    static let colourWeight = 0.5

    /// The integral image of Y, U and V (lanes 0 to 2; lane 3 unused) over the window, (width + 1) × (height + 1),
    /// row-major, row and column 0 zero. Kept modulo 2^32: a rectangle's sum, a + d - b - c in wrapping arithmetic, is
    /// exact, as the true one (at most 255 per pixel of a window within a frame) is below 2^32.
    private var sums: [SIMD4<UInt32>] = []
    private var window = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    public init() {}

    /// The best disc for `search` in `frame`, or nil when the window holds no room for one.
    public func search(_ search: DiscSearch, in frame: VideoFrame) -> DiscMatch? {
        let window = Self.window(for: search, in: frame)
        guard Self.holds(window, search) else { return nil }
        self.window = window
        fillSums(from: frame)
        return scan(search)
    }

    /// The best disc of each of `searches`, which share one centre: the window of the one that reaches farthest holds
    /// all the others, and its sums serve them all (the moving-disc search tries three radii around each blob).
    public func search(_ searches: [DiscSearch], in frame: VideoFrame) -> [DiscMatch?] {
        guard let widest = searches.max(by: { Self.extent($0) < Self.extent($1) }) else { return [] }
        window = Self.window(for: widest, in: frame)
        fillSums(from: frame)
        return searches.map { Self.holds(Self.window(for: $0, in: frame), $0) ? scan($0) : nil }
    }

    /// The part of `frame` a search reads: its centres' square grown by the outer sides at its largest radius.
    private static func window(for search: DiscSearch, in frame: VideoFrame) -> PixelRect {
        let margin = Self.margin(for: search), reach = max(0, search.reachPx)
        return PixelRect(x0: max(0, Int(search.centerX - reach) - margin), y0: max(0, Int(search.centerY - reach) - margin),
                         x1: min(frame.width, Int(search.centerX + reach) + margin + 1),
                         y1: min(frame.height, Int(search.centerY + reach) + margin + 1))
    }

    /// How far from its centre a search's window reaches.
    private static func extent(_ search: DiscSearch) -> Double { max(0, search.reachPx) + Double(margin(for: search)) }

    private static func margin(for search: DiscSearch) -> Int {
        Int((1.6 * max(2.0, search.radiusPx) * Self.largestScale).rounded()) + 2
    }

    /// Whether a search's own window has room for a disc.
    private static func holds(_ window: PixelRect, _ search: DiscSearch) -> Bool {
        let margin = Self.margin(for: search)
        return window.x1 - window.x0 > 2 * margin && window.y1 - window.y0 > 2 * margin
    }

    /// The best disc for `search` over the sums of the current window, which holds its own.
    private func scan(_ search: DiscSearch) -> DiscMatch? {
        let radius = max(2.0, search.radiusPx)
        var best: DiscMatch?
        for scale in Self.radiusScales {
            let r = radius * scale
            let step = max(1, Int(r / 8))
            guard let match = bestCentre(radius: r, step: step, search: search, sizePenalty: Self.sizeWeight * abs(log(scale))) else { continue }
            if match.score > best?.score ?? -.infinity { best = match }
        }
        // The coarse grid found the place; a pass at every pixel around it finds the centre.
        guard let coarse = best, Int(coarse.radiusPx / 8) > 1 else { return best }
        var fine = search
        fine.centerX = coarse.xPx
        fine.centerY = coarse.yPx
        fine.reachPx = Double(Int(coarse.radiusPx / 8))
        let penalty = Self.sizeWeight * abs(log(coarse.radiusPx / radius))
        let refined = bestCentre(radius: coarse.radiusPx, step: 1, search: fine, sizePenalty: penalty, predicted: search)
        return refined.map { $0.score >= coarse.score ? $0 : coarse } ?? coarse
    }

    /// Copies the window's Y, U and V into the summed-area table (chroma read at each luma pixel's chroma sample).
    private func fillSums(from frame: VideoFrame) {
        let width = window.x1 - window.x0, height = window.y1 - window.y0, count = (width + 1) * (height + 1)
        if sums.count < count { sums = [SIMD4<UInt32>](repeating: .zero, count: count) }
        let luma = frame.plane(0), lumaStride = frame.stride(0)
        let chromaU = frame.plane(1), chromaV = frame.plane(2), uStride = frame.stride(1), vStride = frame.stride(2)
        let shiftX = frame.chromaShiftX, shiftY = frame.chromaShiftY
        sums.withUnsafeMutableBufferPointer { table in
            for column in 0...width { table[column] = .zero }
            for row in 0..<height {
                let y = window.y0 + row
                let lumaRow = luma + y * lumaStride, uRow = chromaU + (y >> shiftY) * uStride, vRow = chromaV + (y >> shiftY) * vStride
                let above = row * (width + 1), here = above + width + 1
                table[here] = .zero
                var running = SIMD4<UInt32>.zero
                for column in 0..<width {
                    let x = window.x0 + column
                    running &+= SIMD4(UInt32(lumaRow[x]), UInt32(uRow[x >> shiftX]), UInt32(vRow[x >> shiftX]), 0)
                    table[here + column + 1] = table[above + column + 1] &+ running
                }
            }
        }
    }

    /// The best-scoring centre on a grid of `step` pixels within `search.reachPx` of its centre, at one radius.
    /// `predicted` (default: `search`) is where the distance penalty is measured from.
    private func bestCentre(radius r: Double, step: Int, search: DiscSearch, sizePenalty: Double, predicted: DiscSearch? = nil) -> DiscMatch? {
        let inner = max(1, Int((0.7 * r).rounded())), middle = max(inner + 1, Int((1.15 * r).rounded()))
        let outer = max(middle + 1, Int((1.6 * r).rounded()))
        let width = window.x1 - window.x0, height = window.y1 - window.y0
        let xs = max(outer, Int(search.centerX - search.reachPx) - window.x0)...min(width - outer, Int(search.centerX + search.reachPx) - window.x0)
        let ys = max(outer, Int(search.centerY - search.reachPx) - window.y0)...min(height - outer, Int(search.centerY + search.reachPx) - window.y0)
        guard !xs.isEmpty, !ys.isEmpty else { return nil }
        let origin = predicted ?? search
        let innerArea = Double(4 * inner * inner)
        let sideArea = Double(2 * middle * (outer - middle))
        let rowLength = width + 1, x0 = window.x0, y0 = window.y0
        var best: DiscMatch?
        sums.withUnsafeBufferPointer { table in
            /// Mean Y, U, V over window columns [left, right) and rows [top, bottom).
            func mean(_ left: Int, _ top: Int, _ right: Int, _ bottom: Int, area: Double) -> YUVMean {
                let sum = table[bottom * rowLength + right] &- table[top * rowLength + right] &- table[bottom * rowLength + left] &+ table[top * rowLength + left]
                return YUVMean(y: Double(sum[0]) / area, u: Double(sum[1]) / area, v: Double(sum[2]) / area)
            }
            for y in Swift.stride(from: ys.lowerBound, through: ys.upperBound, by: step) {
                for x in Swift.stride(from: xs.lowerBound, through: xs.upperBound, by: step) {
                    let inside = mean(x - inner, y - inner, x + inner, y + inner, area: innerArea)
                    let centreX = Double(x0 + x), centreY = Double(y0 + y)
                    let offset = ((centreX - origin.centerX) * (centreX - origin.centerX) + (centreY - origin.centerY) * (centreY - origin.centerY)).squareRoot()
                    let colourPenalty = origin.reference.map { Self.colourWeight * inside.distance(to: $0) } ?? 0
                    // The contrast is the least of the four sides': a side that already leaves too little to
                    // beat the best so far ends the look at this centre (a margin keeps rounding from deciding).
                    let needed = (best?.score ?? -.infinity) + sizePenalty + origin.distanceWeight * offset / (origin.radiusPx + 1) + colourPenalty
                    let neededSquared = needed > 0 ? (needed - 1e-9) * (needed - 1e-9) : -1
                    var least = inside.squaredDistance(to: mean(x - middle, y - outer, x + middle, y - middle, area: sideArea))
                    if least >= neededSquared { least = min(least, inside.squaredDistance(to: mean(x - middle, y + middle, x + middle, y + outer, area: sideArea))) }
                    if least >= neededSquared { least = min(least, inside.squaredDistance(to: mean(x - outer, y - middle, x - middle, y + middle, area: sideArea))) }
                    if least >= neededSquared { least = min(least, inside.squaredDistance(to: mean(x + middle, y - middle, x + outer, y + middle, area: sideArea))) }
                    guard least >= neededSquared else { continue }
                    let contrast = least.squareRoot()
                    var score = contrast - sizePenalty - origin.distanceWeight * offset / (origin.radiusPx + 1)
                    score -= colourPenalty
                    if score > best?.score ?? -.infinity {
                        best = DiscMatch(xPx: centreX, yPx: centreY, radiusPx: r, contrast: contrast, inside: inside, score: score)
                    }
                }
            }
        }
        return best
    }
}
