/// One point followed from an earlier frame to a later one, in level-0 sample index coordinates (see `LumaPyramid`).
struct TrackedFeature {
    /// Where the point is in the earlier frame.
    var from: SIMD2<Float>
    /// Where it was found in the later frame.
    var to: SIMD2<Float>
    /// Shi–Tomasi score: the structure tensor's smaller eigenvalue per window sample, in (code values per sample)².
    var strength: Float
    /// How the earlier frame's window looks in the later one, a 2×2 matrix row by row (x′ = a·x + b·y, y′ = c·x + d·y
    /// for offsets from the point): the identity frame to frame; a key frame's corners carry the zoom and turn
    /// predicted since the key, and are looked for in a window warped by it (`track`).
    var warp = FeatureTracker.unwarped
}

/// Picks well-textured points spread over a luma image and follows them into the next frame.
///
/// Corners: Shi & Tomasi, "Good features to track" (CVPR 1994): the smaller eigenvalue of the 2×2 gradient
/// structure tensor summed over the 7×7 tracking window, the best sample of each cell of a grid (16×9; 32×18 for a key
/// frame, `KeyFrameAligner`) so the points spread over the picture. Tracking: Bouguet, "Pyramidal implementation of
/// the Lucas Kanade feature tracker" (Intel, 2000): coarsest level first, at each level Newton steps on the window's
/// brightness difference with the earlier window's gradients, bilinear interpolation, the result doubled as the
/// next level's guess. Buffers are kept from frame to frame; only a change of image size reallocates.
final class FeatureTracker {
    /// The grid frame-to-frame registration uses; the key-frame link uses a finer one (`KeyFrameAligner`).
    static let defaultGridColumns = 16
    static let defaultGridRows = 9
    /// The window is (2r + 1)² = 7×7 samples.
    static let windowRadius = 3
    static let windowSide = 2 * windowRadius + 1
    static let maxIterations = 8
    /// A Newton step shorter than this (samples of the level) ends the level.
    static let minStepPx: Float = 0.01
    /// Corners weaker than this (smaller eigenvalue per window sample, (code values per sample)²) are not used:
    /// about one code value per sample of gradient in the weakest direction, well above compression noise.
    static let minCornerStrength: Float = 1
    /// Below this the 2×2 solve is ill-conditioned: the level is skipped, and at level 0 the point is dropped.
    static let minTrackingStrength: Float = 0.25
    /// Corners are scored every other sample across and down: a quarter of the work, and a point a sample off the
    /// strongest one tracks as well.
    static let candidateSpacing = 2

    /// The `TrackedFeature.warp` of a window that keeps its size and orientation.
    static let unwarped = SIMD4<Float>(1, 0, 0, 1)

    /// The points followed by the last `track`, those lost removed.
    private(set) var features: [TrackedFeature] = []

    private var width = 0
    private var height = 0
    /// Structure tensor terms (Ix², IxIy, Iy², 0) of one row, then their 7-sample horizontal sums for every row.
    private var products: [SIMD4<Float>] = []
    private var rowSums: [SIMD4<Float>] = []
    /// Grid column of each image column.
    private var columnCell: [Int] = []
    private var cellScore: [Float] = []
    private var cellSample: [Int] = []
    /// The earlier window with a one-sample border (9×9), then its x and y gradients inside (7×7), then the later window.
    private var scratch = [Float](repeating: 0, count: (windowSide + 2) * (windowSide + 2) + 3 * windowSide * windowSide)

    /// Corners are picked one per cell of a `gridColumns`×`gridRows` grid.
    let gridColumns: Int
    let gridRows: Int

    init(gridColumns: Int = defaultGridColumns, gridRows: Int = defaultGridRows) {
        self.gridColumns = gridColumns
        self.gridRows = gridRows
        features.reserveCapacity(gridColumns * gridRows)
        cellScore = [Float](repeating: 0, count: gridColumns * gridRows)
        cellSample = [Int](repeating: 0, count: gridColumns * gridRows)
    }

    /// Replaces the features by points to follow (level-0 index coordinates of the earlier frame).
    func place(at points: [SIMD2<Float>]) {
        features.removeAll(keepingCapacity: true)
        for point in points { features.append(TrackedFeature(from: point, to: point, strength: 0)) }
    }

    /// Replaces the features by points to follow, each expected near its `to` in the later frame (`track` with no
    /// guess starts from there).
    func place(_ expected: [TrackedFeature]) {
        features.removeAll(keepingCapacity: true)
        features.append(contentsOf: expected)
    }

    /// Replaces the features by the best corner of each grid cell of `image`, skipping cells with none above
    /// `minCornerStrength` and samples inside `excluded` (index-coordinate boxes x0, y0, x1, y1, half-open).
    func selectCorners(in image: LumaImage, excluding excluded: [SIMD4<Float>]) {
        features.removeAll(keepingCapacity: true)
        let w = image.width, h = image.height, r = Self.windowRadius, margin = r + 1
        guard w > 2 * margin + gridColumns && h > 2 * margin + gridRows else { return }
        if w != width || h != height {
            width = w
            height = h
            products = [SIMD4<Float>](repeating: .zero, count: w)
            rowSums = [SIMD4<Float>](repeating: .zero, count: w * h)
            columnCell = (0..<w).map { $0 * gridColumns / w }
        }
        let area = Float(Self.windowSide * Self.windowSide)
        sumTensorRows(of: image)
        pickBestPerCell(width: w, height: h, minScore: Self.minCornerStrength * area, excluding: excluded)
        for cell in cellSample.indices where cellSample[cell] >= 0 {
            let point = SIMD2(Float(cellSample[cell] % w), Float(cellSample[cell] / w))
            features.append(TrackedFeature(from: point, to: point, strength: cellScore[cell] / area))
        }
    }

    /// Fills `rowSums` (rows at least 1 from the edge, candidate columns): per sample the structure tensor terms
    /// of central-difference gradients summed over the 7 samples of its row around it.
    private func sumTensorRows(of image: LumaImage) {
        let w = image.width, h = image.height, r = Self.windowRadius, pixels = image.samples
        products.withUnsafeMutableBufferPointer { productBuffer in
            rowSums.withUnsafeMutableBufferPointer { sumBuffer in
                guard let line = productBuffer.baseAddress, let sums = sumBuffer.baseAddress else { return }
                for y in 1..<(h - 1) {
                    let row = pixels + y * w, above = row - w, below = row + w
                    for x in 1..<(w - 1) {
                        let gx = 0.5 * (row[x + 1] - row[x - 1]), gy = 0.5 * (below[x] - above[x])
                        line[x] = SIMD4(gx * gx, gx * gy, gy * gy, 0)
                    }
                    let out = sums + y * w
                    for x in stride(from: r + 1, to: w - r - 1, by: Self.candidateSpacing) {
                        var sum = line[x - r]
                        for k in (1 - r)...r { sum += line[x + k] }
                        out[x] = sum
                    }
                }
            }
        }
    }

    /// Sums `rowSums` over the 7 rows around each candidate (the full window's tensor), takes its smaller eigenvalue,
    /// and keeps the best candidate of each grid cell scoring above `minScore` outside `excluded` in `cellScore`/`cellSample`.
    private func pickBestPerCell(width w: Int, height h: Int, minScore: Float, excluding excluded: [SIMD4<Float>]) {
        let r = Self.windowRadius, margin = r + 1, gridColumns = gridColumns, gridRows = gridRows
        for cell in cellScore.indices {
            cellScore[cell] = minScore
            cellSample[cell] = -1
        }
        rowSums.withUnsafeBufferPointer { sumBuffer in
            cellScore.withUnsafeMutableBufferPointer { scores in
                cellSample.withUnsafeMutableBufferPointer { samples in
                    columnCell.withUnsafeBufferPointer { columns in
                        guard let sums = sumBuffer.baseAddress else { return }
                        for y in stride(from: margin, to: h - margin, by: Self.candidateSpacing) {
                            let rowCell = y * gridRows / h * gridColumns
                            for x in stride(from: margin, to: w - margin, by: Self.candidateSpacing) {
                                var tensor = sums[(y - r) * w + x]
                                for k in (1 - r)...r { tensor += sums[(y + k) * w + x] }
                                let half = 0.5 * (tensor.x - tensor.z)
                                let score = 0.5 * (tensor.x + tensor.z) - (half * half + tensor.y * tensor.y).squareRoot()
                                let cell = rowCell + columns[x]
                                guard score > scores[cell], !Self.isExcluded(Float(x), Float(y), by: excluded) else { continue }
                                scores[cell] = score
                                samples[cell] = y * w + x
                            }
                        }
                    }
                }
            }
        }
    }

    private static func isExcluded(_ x: Float, _ y: Float, by boxes: [SIMD4<Float>]) -> Bool {
        for box in boxes where x >= box.x && x < box.z && y >= box.y && y < box.w { return true }
        return false
    }

    /// Follows every feature from `earlier` to `later` through `levels` pyramid levels (1 = level 0 only), starting
    /// from `guess` (level-0 samples, later minus earlier; nil: each feature's own `to − from`); drops those lost (ill-conditioned at level 0, diverging,
    /// found where the window does not fit in the later image, whose repeated edge would bias them) and those
    /// found inside `excluded` (boxes as in `selectCorners`).
    func track(from earlier: LumaPyramid, to later: LumaPyramid, levels: Int, guess: SIMD2<Float>?, droppingFoundIn excluded: [SIMD4<Float>]) {
        precondition((1...LumaPyramid.levelCount).contains(levels), "track through 1 to \(LumaPyramid.levelCount) levels")
        let base = later.levels[0], r = Float(Self.windowRadius)
        let lowest = r, limitX = Float(base.width) - r - 1, limitY = Float(base.height) - r - 1
        let topScale = Float(1 << (levels - 1))
        var kept = 0
        scratch.withUnsafeMutableBufferPointer { scratchBuffer in
            guard let template = scratchBuffer.baseAddress else { return }
            let side = Self.windowSide
            let gradientX = template + (side + 2) * (side + 2), gradientY = gradientX + side * side, window = gradientY + side * side
            for index in features.indices {
                var feature = features[index]
                var displacement = (guess ?? feature.to - feature.from) / topScale
                var lost = false
                for level in (0..<levels).reversed() {
                    let scale = 1 / Float(1 << level)
                    let point = (feature.from + 0.5) * scale - 0.5
                    let step = Self.trackLevel(point: point, guess: displacement, warp: feature.warp, earlier: earlier.levels[level], later: later.levels[level],
                                               template: template, gradientX: gradientX, gradientY: gradientY, window: window)
                    if let step {
                        displacement = level == 0 ? displacement + step : 2 * (displacement + step)
                    } else if level == 0 {
                        lost = true
                    } else {
                        displacement *= 2
                    }
                }
                feature.to = feature.from + displacement
                // Written so that NaN fails too.
                guard !lost, feature.to.x >= lowest, feature.to.x < limitX, feature.to.y >= lowest, feature.to.y < limitY,
                      !Self.isExcluded(feature.to.x, feature.to.y, by: excluded) else { continue }
                features[kept] = feature
                kept += 1
            }
        }
        features.removeLast(features.count - kept)
    }

    /// Bouguet's iteration at one level: the displacement to add to `guess` so that the later image around
    /// point + guess + result, sampled through `warp`, matches the earlier image around `point`; nil when the earlier
    /// window's tensor is ill-conditioned or the iteration runs off the image. The window alone only shifts: across a
    /// key frame's 1.2× zoom, corners of a rendered texture settled 0.27 samples (median) off their true place
    /// unwarped, 0.02 warped by the zoom (`KeyFrameAlignerTests`).
    private static func trackLevel(point: SIMD2<Float>, guess: SIMD2<Float>, warp: SIMD4<Float>, earlier: LumaImage, later: LumaImage,
                                   template: UnsafeMutablePointer<Float>, gradientX: UnsafeMutablePointer<Float>,
                                   gradientY: UnsafeMutablePointer<Float>, window: UnsafeMutablePointer<Float>) -> SIMD2<Float>? {
        let r = windowRadius, side = windowSide
        var gxx: Float = 0, gxy: Float = 0, gyy: Float = 0
        samplePatch(earlier.samples, width: earlier.width, height: earlier.height, center: point, warp: unwarped, radius: r + 1, into: template)
        // Gradients by central differences inside the 9×9 patch:
        //         . T .
        //   Ix =  T o T   (right − left) / 2,  Iy = (below − above) / 2
        //         . T .
        for j in 0..<side {
            for i in 0..<side {
                let t = template + (j + 1) * (side + 2) + i + 1
                let ix = 0.5 * (t[1] - t[-1]), iy = 0.5 * (t[side + 2] - t[-(side + 2)])
                gradientX[j * side + i] = ix
                gradientY[j * side + i] = iy
                gxx += ix * ix
                gxy += ix * iy
                gyy += iy * iy
            }
        }
        let area = Float(side * side), half = 0.5 * (gxx - gyy)
        let smaller = 0.5 * (gxx + gyy) - (half * half + gxy * gxy).squareRoot()
        guard smaller >= minTrackingStrength * area else { return nil }
        let determinant = gxx * gyy - gxy * gxy
        let limit = Float(max(later.width, later.height))
        // Written so that NaN fails too.
        guard abs(guess.x) < limit && abs(guess.y) < limit else { return nil }
        var v = SIMD2<Float>.zero
        for _ in 0..<maxIterations {
            samplePatch(later.samples, width: later.width, height: later.height, center: point + guess + v, warp: warp, radius: r, into: window)
            var bx: Float = 0, by: Float = 0
            for j in 0..<side {
                for i in 0..<side {
                    let difference = template[(j + 1) * (side + 2) + i + 1] - window[j * side + i]
                    bx += difference * gradientX[j * side + i]
                    by += difference * gradientY[j * side + i]
                }
            }
            let eta = SIMD2((gyy * bx - gxy * by) / determinant, (gxx * by - gxy * bx) / determinant)
            // The step is solved in the earlier window's axes; the warp carries it into the later image.
            v += SIMD2(warp.x * eta.x + warp.y * eta.y, warp.z * eta.x + warp.w * eta.y)
            guard abs(guess.x + v.x) < limit && abs(guess.y + v.y) < limit else { return nil }
            if eta.x * eta.x + eta.y * eta.y < minStepPx * minStepPx { break }
        }
        return v
    }

    /// Samples the (2·radius + 1)² patch of `image` centred at `center` (index coordinates), its offsets from the
    /// centre mapped by `warp` (a `TrackedFeature.warp`), bilinear, row-major, into `out`; samples beyond the image
    /// repeat its edge.
    @inline(__always)
    private static func samplePatch(_ image: UnsafePointer<Float>, width: Int, height: Int, center: SIMD2<Float>, warp: SIMD4<Float>,
                                    radius: Int, into out: UnsafeMutablePointer<Float>) {
        let side = 2 * radius + 1, reach = Float(radius)
        let cellX = center.x.rounded(.down), cellY = center.y.rounded(.down)
        // Compared as floats, so a point far off the image never reaches an integer conversion.
        if warp == unwarped && cellX >= reach && cellY >= reach && cellX + reach + 1 < Float(width) && cellY + reach + 1 < Float(height) {
            // Inside: every sample shares the same four weights.
            let x0 = Int(cellX) - radius, y0 = Int(cellY) - radius
            let fx = center.x - cellX, fy = center.y - cellY
            let w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy
            for j in 0..<side {
                let top = image + (y0 + j) * width + x0, bottom = top + width, row = out + j * side
                for i in 0..<side { row[i] = w00 * top[i] + w10 * top[i + 1] + w01 * bottom[i] + w11 * bottom[i + 1] }
            }
            return
        }
        // Warped, or near the edge: each sample its own weights, along each row one step of the warped window.
        let reachX = (abs(warp.x) + abs(warp.y)) * reach, reachY = (abs(warp.z) + abs(warp.w)) * reach
        if center.x - reachX >= 0 && center.y - reachY >= 0 && center.x + reachX + 1 < Float(width) && center.y + reachY + 1 < Float(height) {
            // Inside: no position needs clamping, and truncation is the floor.
            for j in 0..<side {
                let dy = Float(j - radius)
                var x = center.x - warp.x * reach + warp.y * dy, y = center.y - warp.z * reach + warp.w * dy
                for i in 0..<side {
                    out[j * side + i] = bilinear(image, width: width, x: x, y: y, column: Int(x), row: Int(y))
                    x += warp.x
                    y += warp.z
                }
            }
            return
        }
        let maxX = Float(width - 1), maxY = Float(height - 1)
        for j in 0..<side {
            let dy = Float(j - radius)
            for i in 0..<side {
                let dx = Float(i - radius)
                let x = min(max(center.x + warp.x * dx + warp.y * dy, 0), maxX), y = min(max(center.y + warp.z * dx + warp.w * dy, 0), maxY)
                out[j * side + i] = bilinear(image, width: width, x: x, y: y, column: min(Int(x), width - 2), row: min(Int(y), height - 2))
            }
        }
    }

    /// `image` at (x, y), interpolated from the 2×2 samples from (`column`, `row`), which lie within one sample of it.
    @inline(__always)
    private static func bilinear(_ image: UnsafePointer<Float>, width: Int, x: Float, y: Float, column: Int, row: Int) -> Float {
        let fx = x - Float(column), fy = y - Float(row)
        let top = image + row * width + column, bottom = top + width
        let upper = top[0] + fx * (top[1] - top[0]), lower = bottom[0] + fx * (bottom[1] - bottom[0])
        return upper + fy * (lower - upper)
    }
}
