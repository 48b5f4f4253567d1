/// What the followed ball looks like: its luma over its disc, out to its rim, sampled on a grid in units of its radius,
/// so one look serves any zoom. Nothing around the ball is part of it: a look that held the lane or the pins behind
/// the ball would stay with them when the ball rolls on. Matched by normalised
/// cross-correlation, it finds the ball where its shape does not stand out on every side (`DiscDetector`): a dark ball
/// held against the bowler's dark clothes, a ball in the dark pit shown by its highlights, a swirl ball among
/// reflections; and it is not taken in by a white pin beside a dark ball, which stands out more than the ball itself.
///
/// A uniform patch (a black ball in a black pit) has no look: what cannot be told from its surroundings is not found.
public struct BallLook: Sendable {
    /// Grid points across the sampled square, and how far out (in radii) it reaches: to the rim.
    static let gridSide = 15
    static let extentRadii = 1.0
    /// Least luma standard deviation (code values) of a patch with a look worth following.
    static let minDeviation = 4.0

    /// The sampled points, in radii from the centre: the grid's points within `extentRadii`.
    private static let points: [(u: Double, v: Double)] = {
        let step = 2 * extentRadii / Double(gridSide - 1)
        return (0..<gridSide).flatMap { row in
            (0..<gridSide).compactMap { column -> (u: Double, v: Double)? in
                let u = -extentRadii + Double(column) * step, v = -extentRadii + Double(row) * step
                return u * u + v * v <= extentRadii * extentRadii ? (u, v) : nil
            }
        }
    }()

    /// Luma at each point, less their mean, scaled to unit length.
    private var values: [Double]
    /// How alike the ball has looked to its look where the shape search agreed (`learn`): the look's own best
    /// similarity, averaged. A best far below it is not the ball (`judge`).
    private(set) var usualSimilarity: Double?

    /// The look of the ball centred at (x, y) with this radius; nil where its patch leaves the frame or is uniform.
    init?(frame: VideoFrame, xPx: Double, yPx: Double, radiusPx: Double) {
        let offsets = Self.offsets(radiusPx: radiusPx, stride: frame.stride(0))
        let x = Int(xPx.rounded()), y = Int(yPx.rounded())
        guard Self.fits(x: x, y: y, radiusPx: radiusPx, in: frame), let values = Self.normalised(frame.plane(0) + y * frame.stride(0) + x, offsets),
              values.deviation >= Self.minDeviation else { return nil }
        self.values = values.values
    }

    /// Moves `fraction` of the way toward `other` (the ball's look changes as it rolls and the light along the lane
    /// does); `verdict` is what `judge` made of the sighting `other` was taken from, if it judged it.
    mutating func learn(from other: BallLook, after verdict: Verdict?, fraction: Double) {
        var length = 0.0
        for index in values.indices {
            values[index] += fraction * (other.values[index] - values[index])
            length += values[index] * values[index]
        }
        if length > 0 {
            let scale = 1 / length.squareRoot()
            for index in values.indices { values[index] *= scale }
        }
        if let similarity = verdict?.agreedSimilarity {
            usualSimilarity = usualSimilarity.map { $0 + fraction * (similarity - $0) } ?? similarity
        }
    }

    /// How alike (normalised cross-correlation, -1 to 1) this look is to the patch centred at (x, y) with this radius;
    /// nil where the patch leaves the frame or is uniform.
    func similarity(in frame: VideoFrame, xPx: Double, yPx: Double, radiusPx: Double) -> Double? {
        let x = Int(xPx.rounded()), y = Int(yPx.rounded())
        guard Self.fits(x: x, y: y, radiusPx: radiusPx, in: frame) else { return nil }
        return correlation(at: frame.plane(0) + y * frame.stride(0) + x, Self.offsets(radiusPx: radiusPx, stride: frame.stride(0)))
    }

    /// The place within `reachPx` of (x, y) where the frame looks most like the ball of this radius, with its
    /// similarity: a coarse grid, then every pixel around its best, then a parabola through it. The size is the shape search's to judge: a look
    /// matched at several sizes favours the smallest (a patch of the ball's middle alone is more alike), and the
    /// ball would shrink frame after frame.
    public func match(in frame: VideoFrame, aroundX centerX: Double, y centerY: Double, reachPx: Double,
               radiusPx: Double) -> (xPx: Double, yPx: Double, similarity: Double)? {
        let stride = frame.stride(0), offsets = Self.offsets(radiusPx: radiusPx, stride: stride)
        let margin = Self.margin(radiusPx: radiusPx)
        var best: (xPx: Double, yPx: Double, similarity: Double)?
        func scan(aroundX x: Int, y: Int, reach: Int, step: Int) {
            let left = max(x - reach, margin), right = min(x + reach, frame.width - 1 - margin)
            let top = max(y - reach, margin), bottom = min(y + reach, frame.height - 1 - margin)
            guard left <= right, top <= bottom else { return }
            for y in Swift.stride(from: top, through: bottom, by: step) {
                let row = frame.plane(0) + y * stride
                for x in Swift.stride(from: left, through: right, by: step) {
                    guard let similarity = correlation(at: row + x, offsets), similarity > best?.similarity ?? -.infinity else { continue }
                    best = (Double(x), Double(y), similarity)
                }
            }
        }
        let step = max(1, Int(radiusPx / 8))
        scan(aroundX: Int(centerX.rounded()), y: Int(centerY.rounded()), reach: Int(reachPx.rounded()), step: step)
        if step > 1, let coarse = best {
            scan(aroundX: Int(coarse.xPx), y: Int(coarse.yPx), reach: step - 1, step: 1)
        }
        guard let peak = best else { return nil }
        // Sub-pixel: a parabola through the peak and its neighbours, across and down.
        let x = Int(peak.xPx), y = Int(peak.yPx), centre = frame.plane(0) + y * stride + x
        func vertex(_ neighbour: Int) -> Double {
            guard x - 1 >= margin, y - 1 >= margin, x + 1 <= frame.width - 1 - margin, y + 1 <= frame.height - 1 - margin,
                  let before = correlation(at: centre - neighbour, offsets), let after = correlation(at: centre + neighbour, offsets) else { return 0 }
            let curvature = before - 2 * peak.similarity + after
            return curvature < 0 ? max(-0.5, min(0.5, (before - after) / (2 * curvature))) : 0
        }
        return (peak.xPx + vertex(1), peak.yPx + vertex(stride), peak.similarity)
    }

    /// What `judge` made of a frame.
    struct Verdict {
        /// Where the look places the ball instead of the shape search's disc, if it does.
        var instead: (xPx: Double, yPx: Double)?
        /// Whether the disc may be learned from.
        var discLooksRight: Bool
        /// The look's best similarity, where it agreed with the disc.
        var agreedSimilarity: Double?
        /// Whether the look found the ball at all (near how alike it usually looks), with the disc or without it.
        var lookFound = true
    }

    /// What the look makes of the shape search's `disc` for `search` (nil: none stood out): where it finds the ball
    /// instead, when the shape search found nothing or something that looks less like the ball than the look's own best
    /// by `margin` (a white pin beside a dark ball, the lane between a swirl ball's reflections); and whether the disc
    /// looks right, to be learned from: not when the look found the ball elsewhere (it would drift onto the pin).
    /// The look's best counts only when it is near how alike the ball usually looks (`usualSimilarity`, less `margin`):
    /// far below, the ball is hidden or has changed, and what looks most like it is something else. The look carries a
    /// ball seen in the frame before (`seenBefore`); it does not find one again after a miss: the ball may have gone
    /// into the pit.
    func judge(_ disc: DiscMatch?, for search: DiscSearch, in frame: VideoFrame, seenBefore: Bool) -> Verdict {
        guard seenBefore, let match = match(in: frame, aroundX: search.centerX, y: search.centerY, reachPx: search.reachPx, radiusPx: search.radiusPx),
              match.similarity >= max(Self.minSimilarity, (usualSimilarity ?? 0) - Self.margin) else { return Verdict(discLooksRight: true, lookFound: false) }
        let instead = (xPx: match.xPx, yPx: match.yPx)
        guard let disc else { return Verdict(instead: instead, discLooksRight: false) }
        let apart = ((disc.xPx - match.xPx) * (disc.xPx - match.xPx) + (disc.yPx - match.yPx) * (disc.yPx - match.yPx)).squareRoot()
        if apart <= 0.5 * disc.radiusPx { return Verdict(discLooksRight: true, agreedSimilarity: match.similarity) }
        let discSimilarity = similarity(in: frame, xPx: disc.xPx, yPx: disc.yPx, radiusPx: disc.radiusPx) ?? -1
        return Verdict(instead: discSimilarity + Self.margin >= match.similarity ? nil : instead, discLooksRight: false)
    }

    /// The followed ball's sighting from the shape search's `disc` and its `look` (nil: none learned yet): where the
    /// look places it instead (`judge`), at the search's radius, else the disc; nil when neither has it. With the look's
    /// verdict, for learning.
    static func sighting(of disc: DiscMatch?, judgedBy look: BallLook?, for search: DiscSearch, in frame: VideoFrame,
                         seenBefore: Bool) -> (candidate: BallCandidate?, verdict: Verdict?) {
        let verdict = look?.judge(disc, for: search, in: frame, seenBefore: seenBefore)
        if let instead = verdict?.instead { return (BallCandidate(discAtX: instead.xPx, y: instead.yPx, radiusPx: search.radiusPx), verdict) }
        return (disc.map(BallCandidate.init(disc:)), verdict)
    }

    /// Least similarity (`match`) of a place found by the look alone, and how much more alike than the shape search's
    /// disc it must be to replace it (`judge`).
    static let minSimilarity = 0.6
    static let margin = 0.15

    /// Normalised cross-correlation of the look with the patch whose centre pixel is `centre`.
    private func correlation(at centre: UnsafePointer<UInt8>, _ offsets: [Int]) -> Double? {
        var sum = 0.0, squares = 0.0, product = 0.0
        for index in offsets.indices {
            let value = Double(centre[offsets[index]])
            sum += value
            squares += value * value
            product += value * values[index]
        }
        let count = Double(offsets.count)
        let variance = squares - sum * sum / count
        guard variance > count * Self.minDeviation * Self.minDeviation / 4 else { return nil }
        // The look sums to zero, so the patch's mean drops out of the product.
        return product / variance.squareRoot()
    }

    /// Each point's offset in the luma plane from the centre pixel, at this radius.
    private static func offsets(radiusPx: Double, stride: Int) -> [Int] {
        points.map { Int(($0.v * radiusPx).rounded()) * stride + Int(($0.u * radiusPx).rounded()) }
    }

    /// Whether every point of a patch centred at pixel (x, y) lies in the frame.
    private static func fits(x: Int, y: Int, radiusPx: Double, in frame: VideoFrame) -> Bool {
        let margin = margin(radiusPx: radiusPx)
        return x >= margin && y >= margin && x < frame.width - margin && y < frame.height - margin
    }

    /// How far (pixels) a patch's points reach from its centre pixel, and one more.
    private static func margin(radiusPx: Double) -> Int { Int((extentRadii * radiusPx).rounded()) + 1 }

    /// The patch's values less their mean, scaled to unit length, and their standard deviation.
    private static func normalised(_ centre: UnsafePointer<UInt8>, _ offsets: [Int]) -> (values: [Double], deviation: Double)? {
        let raw = offsets.map { Double(centre[$0]) }
        let mean = raw.reduce(0, +) / Double(raw.count)
        let centred = raw.map { $0 - mean }
        let length = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard length > 0 else { return nil }
        return (centred.map { $0 / length }, length / Double(raw.count).squareRoot())
    }
}
