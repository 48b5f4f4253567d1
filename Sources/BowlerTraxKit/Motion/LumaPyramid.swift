/// A luma image at reduced resolution, in floats so that trackers can interpolate between samples.
///
/// Layout: `width`×`height` samples at `samples`, row-major, no padding; sample (x, y) is `samples[y * width + x]`,
/// in the frame's luma code values (0–255, not range-expanded). Sample index coordinates: sample x is centred at x,
/// so a continuous coordinate c (sample i covering [i, i+1)) is index c − 0.5. The image owns its buffer.
final class LumaImage {
    private(set) var width = 0
    private(set) var height = 0
    /// Valid while this image lives and until the next `resize` that changes the size.
    private(set) var samples = UnsafeMutablePointer<Float>.allocate(capacity: 1)

    deinit { samples.deallocate() }

    /// Gives the image a new size, reallocating only when the size changes (the samples are then zero).
    func resize(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        self.width = width
        self.height = height
        samples.deallocate()
        samples = .allocate(capacity: max(1, width * height))
        samples.initialize(repeating: 0, count: max(1, width * height))
    }

    /// Fills this image with `finer` halved: each sample the mean of a 2×2 block, so sample i here is centred
    /// over finer samples 2i and 2i + 1 (continuous coordinates halve exactly). A trailing odd row or column is dropped.
    func halve(_ finer: LumaImage) {
        resize(width: finer.width / 2, height: finer.height / 2)
        let fineWidth = finer.width
        for y in 0..<height {
            let top = finer.samples + 2 * y * fineWidth, bottom = top + fineWidth, row = samples + y * width
            for x in 0..<width {
                row[x] = 0.25 * (top[2 * x] + top[2 * x + 1] + bottom[2 * x] + bottom[2 * x + 1])
            }
        }
    }
}

/// A frame's luma box-averaged down to about `workingWidth` samples across (level 0), then halved twice
/// (levels 1 and 2: 320×180, 160×90 and 80×45 for 16:9 video), with level 0's luma histogram.
///
/// Level 0 sample i averages full-resolution columns [f·i, f·i + f) (f = `factor`), so full-resolution continuous
/// x is f·(i + 0.5) and level-L index is x / (f·2^L) − 0.5. Columns and rows beyond the last whole block are ignored.
/// Every buffer is kept and refilled frame after frame; only a change of frame size reallocates.
final class LumaPyramid {
    static let workingWidth = 320
    static let levelCount = 3
    /// 32 bins of 8 code values each.
    static let histogramBins = 32

    let levels: [LumaImage] = (0..<LumaPyramid.levelCount).map { _ in LumaImage() }
    /// Level-0 samples per luma value bin (`value >> 3`), summing to level 0's area.
    private(set) var histogram = [Int32](repeating: 0, count: LumaPyramid.histogramBins)
    /// Full-resolution pixels per level-0 sample, across and down.
    private(set) var factor = 1
    private(set) var sourceWidth = 0
    private(set) var sourceHeight = 0
    /// One row of 16-bit column sums over `factor` frame rows (full width).
    private var columnSums: [UInt16] = []

    /// The reduction for a frame `width` pixels wide: width / 320 rounded, at least 1.
    static func factor(forWidth width: Int) -> Int {
        max(1, Int((Double(width) / Double(workingWidth)).rounded()))
    }

    /// Rebuilds every level and the histogram from `frame`'s luma.
    func build(from frame: VideoFrame) {
        if frame.width != sourceWidth || frame.height != sourceHeight {
            sourceWidth = frame.width
            sourceHeight = frame.height
            factor = Self.factor(forWidth: frame.width)
            columnSums = [UInt16](repeating: 0, count: frame.width)
        }
        let f = factor, base = levels[0]
        base.resize(width: frame.width / f, height: frame.height / f)
        let plane = frame.plane(0), stride = frame.stride(0), w = base.width, usedWidth = w * f
        let scale = 1 / Float(f * f)
        // The bin, sum / (8·f²) rounded down (or one lower at a bin edge), in integers: sum · ⌊2²⁴ / (8·f²)⌋ / 2²⁴,
        // which stays below 2³² for sums up to 255·f².
        let binMultiplier = UInt32((1 << 24) / (8 * f * f))
        for bin in 0..<Self.histogramBins { histogram[bin] = 0 }
        let output = base.samples
        columnSums.withUnsafeMutableBufferPointer { sums in
            histogram.withUnsafeMutableBufferPointer { bins in
                guard let column = sums.baseAddress else { return }
                for y in 0..<base.height {
                    // Vertical sums first, 16 columns at a time (one SSE2/NEON register of bytes).
                    var row = plane + y * f * stride
                    for x in 0..<usedWidth { column[x] = UInt16(row[x]) }
                    for _ in 1..<f {
                        row += stride
                        Self.accumulate(row, into: column, count: usedWidth)
                    }
                    let out = output + y * w
                    var block = UnsafePointer(column)
                    for x in 0..<w {
                        var sum: UInt32 = 0
                        for dx in 0..<f { sum &+= UInt32(block[dx]) }
                        block += f
                        out[x] = Float(sum) * scale
                        bins[Int((sum &* binMultiplier) &>> 24)] &+= 1
                    }
                }
            }
        }
        for level in 1..<Self.levelCount { levels[level].halve(levels[level - 1]) }
    }

    /// column[x] += row[x] for x in [0, count), in 16-lane vectors then one at a time.
    @inline(__always)
    private static func accumulate(_ row: UnsafePointer<UInt8>, into column: UnsafeMutablePointer<UInt16>, count: Int) {
        var x = 0
        while x + 16 <= count {
            let bytes = UnsafeRawPointer(row + x).loadUnaligned(as: SIMD16<UInt8>.self)
            let sums = UnsafeRawPointer(column + x).loadUnaligned(as: SIMD16<UInt16>.self)
            UnsafeMutableRawPointer(column + x).storeBytes(of: sums &+ SIMD16<UInt16>(truncatingIfNeeded: bytes), as: SIMD16<UInt16>.self)
            x += 16
        }
        while x < count {
            column[x] &+= UInt16(row[x])
            x += 1
        }
    }

    /// Makes this pyramid a copy of `other` (a key frame kept while later frames are built in the others).
    func copy(from other: LumaPyramid) {
        factor = other.factor
        sourceWidth = other.sourceWidth
        sourceHeight = other.sourceHeight
        histogram = other.histogram
        for (level, source) in zip(levels, other.levels) {
            level.resize(width: source.width, height: source.height)
            level.samples.update(from: source.samples, count: source.width * source.height)
        }
    }

    /// `small`, a map of level-0 index coordinates, as a map of full-resolution continuous coordinates:
    /// S⁻¹ · small · S with S taking full-resolution x to x / factor − 0.5.
    func fullResolution(_ small: [Double]) -> Homography {
        let f = Double(factor)
        let scaleDown = [1 / f, 0, -0.5, 0, 1 / f, -0.5, 0, 0, 1], scaleUp = [f, 0, f / 2, 0, f, f / 2, 0, 0, 1]
        let full = Homography.multiply(scaleUp, Homography.multiply(small, scaleDown))
        return Homography(full.map { $0 / full[8] })
    }

    /// A level-0 index point carried by a full-resolution map (nil on its line at infinity).
    func carry(_ point: SIMD2<Float>, by map: Homography) -> SIMD2<Float>? {
        let f = Double(factor)
        return map.apply((Double(point.x) + 0.5) * f, (Double(point.y) + 0.5) * f).map { SIMD2(Float($0.x / f - 0.5), Float($0.y / f - 0.5)) }
    }

    /// L1 distance between this pyramid's and `other`'s normalized histograms: 0 for the same distribution of
    /// luma, 2 for no luma value in common.
    func histogramDistance(to other: LumaPyramid) -> Double {
        let total = Double(max(1, levels[0].width * levels[0].height))
        let otherTotal = Double(max(1, other.levels[0].width * other.levels[0].height))
        var distance = 0.0
        for bin in 0..<Self.histogramBins {
            distance += abs(Double(histogram[bin]) / total - Double(other.histogram[bin]) / otherTotal)
        }
        return distance
    }
}
