import Glibc

/// A similarity of the plane, x' = a·x − b·y + tx, y' = b·x + a·y + ty: pan, zoom and roll, which is what a
/// broadcast camera does between consecutive frames.
struct Similarity {
    var a: Double
    var b: Double
    var tx: Double
    var ty: Double

    @inline(__always)
    func apply(_ p: SIMD2<Float>) -> SIMD2<Double> {
        let x = Double(p.x), y = Double(p.y)
        return SIMD2(a * x - b * y + tx, b * x + a * y + ty)
    }

    /// The 3×3 row-major matrix.
    var matrix: [Double] { [a, -b, tx, b, a, ty, 0, 0, 1] }

    /// The similarity taking p1 to q1 and p2 to q2 (as complex numbers, z = (q2 − q1) / (p2 − p1), t = q1 − z·p1).
    static func through(_ p1: SIMD2<Float>, _ p2: SIMD2<Float>, to q1: SIMD2<Float>, _ q2: SIMD2<Float>) -> Similarity {
        let px = Double(p2.x - p1.x), py = Double(p2.y - p1.y), qx = Double(q2.x - q1.x), qy = Double(q2.y - q1.y)
        let norm = px * px + py * py
        let a = (qx * px + qy * py) / norm, b = (qy * px - qx * py) / norm
        return Similarity(a: a, b: b, tx: Double(q1.x) - a * Double(p1.x) + b * Double(p1.y),
                          ty: Double(q1.y) - b * Double(p1.x) - a * Double(p1.y))
    }
}

/// RANSAC (Fischler & Bolles, CACM 1981) over two-point similarities taking each feature's later position
/// (`to`) to its earlier one (`from`), scored MSAC-style (Torr & Zisserman 2000: each feature costs its squared
/// residual, at most the threshold's square), then refined by least squares on the inliers.
///
/// Hypotheses stop early once the best inlier ratio ε makes another one unlikely to help (1 − ε² to the
/// number drawn below 1 − `confidence`); the generator is seeded the same way every frame, so the result
/// depends only on the features.
enum MotionRansac {
    static let maxHypotheses = 100
    static let minHypotheses = 16
    static let confidence = 0.999
    static let seed: UInt64 = 0x4D6F_7469_6F6E
    /// Pairs closer than this (samples) fix zoom and roll too loosely to be worth scoring.
    static let minPairDistance: Float = 24

    /// The final fits keep features within 3σ of the map, σ robustly from the median distance (1.4826 × median, as
    /// for a normal distribution), but within no less than this (samples) nor more than the RANSAC threshold:
    /// features whose window straddles a moving edge (a graphic, the ball) sit a fraction of the motion off, and
    /// would otherwise pull the fit.
    static let minFitThresholdPx = 0.1

    /// The best similarity for `features` and its consensus (how many lie within `thresholdPx` of it); in `inliers`
    /// (resized to match) the features its final least squares used. Nil with fewer than two features or no usable pair.
    static func fit(_ features: [TrackedFeature], thresholdPx: Double, inliers: inout [Bool],
                    residuals: inout [Double]) -> (similarity: Similarity, consensus: Int)? {
        let n = features.count
        inliers.removeAll(keepingCapacity: true)
        inliers.append(contentsOf: repeatElement(false, count: n))
        guard n >= 2 else { return nil }
        var generator = SplitMix64(seed: seed)
        let limit = thresholdPx * thresholdPx
        var best: Similarity?
        var bestCost = Double.infinity, bestCount = 0
        var needed = maxHypotheses, drawn = 0
        features.withUnsafeBufferPointer { points in
            while drawn < needed {
                drawn += 1
                let i = Int(generator.next() % UInt64(n)), j = Int(generator.next() % UInt64(n))
                let span = points[j].to - points[i].to
                guard i != j, span.x * span.x + span.y * span.y >= minPairDistance * minPairDistance else { continue }
                let model = Similarity.through(points[i].to, points[j].to, to: points[i].from, points[j].from)
                var cost = 0.0, count = 0
                for point in points {
                    let residual = model.apply(point.to) - SIMD2<Double>(point.from)
                    let squared = residual.x * residual.x + residual.y * residual.y
                    if squared < limit {
                        cost += squared
                        count += 1
                    } else {
                        cost += limit
                    }
                }
                guard cost < bestCost else { continue }
                best = model
                bestCost = cost
                bestCount = count
                let ratio = Double(count) / Double(n)
                let miss = 1 - ratio * ratio
                if miss <= 0 {
                    needed = min(needed, max(minHypotheses, drawn))
                } else {
                    needed = min(maxHypotheses, max(minHypotheses, Int((log(1 - confidence) / log(miss)).rounded(.up))))
                }
            }
        }
        guard var model = best, bestCount >= 2 else { return nil }
        // Least squares on the inliers, three times, each pass with the inliers of the last map and a bound from its residuals.
        var fitLimit = limit
        for _ in 0..<3 {
            mark(features, by: model, limit: fitLimit, into: &inliers)
            guard let refined = leastSquares(features, inliers) else { break }
            model = refined
            fitLimit = tightenedLimit(features, model, inliers, residuals: &residuals, ceiling: limit)
        }
        mark(features, by: model, limit: limit, into: &inliers)
        let consensus = inliers.reduce(0) { $0 + ($1 ? 1 : 0) }
        mark(features, by: model, limit: fitLimit, into: &inliers)
        return (model, consensus)
    }

    /// The squared bound (3σ)² from the median squared distance of the selected features to `model`, within
    /// [`minFitThresholdPx`², `ceiling`].
    private static func tightenedLimit(_ features: [TrackedFeature], _ model: Similarity, _ selected: [Bool],
                                       residuals: inout [Double], ceiling: Double) -> Double {
        residuals.removeAll(keepingCapacity: true)
        for (k, point) in features.enumerated() where selected[k] {
            let residual = model.apply(point.to) - SIMD2<Double>(point.from)
            residuals.append(residual.x * residual.x + residual.y * residual.y)
        }
        guard !residuals.isEmpty else { return ceiling }
        let sigma = 1.4826 * median(&residuals).squareRoot()
        return min(ceiling, max(minFitThresholdPx * minFitThresholdPx, 9 * sigma * sigma))
    }

    /// The median (upper for an even count) of `values`, which it reorders: Hoare's selection, in place.
    static func median(_ values: inout [Double]) -> Double {
        precondition(!values.isEmpty, "the median of nothing")
        return values.withUnsafeMutableBufferPointer { buffer in
            let target = buffer.count / 2
            var low = 0, high = buffer.count - 1
            while low < high {
                let pivot = buffer[(low + high) / 2]
                var i = low, j = high
                while i <= j {
                    while buffer[i] < pivot { i += 1 }
                    while buffer[j] > pivot { j -= 1 }
                    if i <= j {
                        buffer.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                if target <= j { high = j } else if target >= i { low = i } else { break }
            }
            return buffer[target]
        }
    }

    /// Sets `inliers[k]` to whether feature k lies within √limit of `model`.
    private static func mark(_ features: [TrackedFeature], by model: Similarity, limit: Double, into inliers: inout [Bool]) {
        for (k, point) in features.enumerated() {
            let residual = model.apply(point.to) - SIMD2<Double>(point.from)
            inliers[k] = residual.x * residual.x + residual.y * residual.y < limit
        }
    }

    /// The similarity minimising the squared distances from each selected feature's mapped `to` to its `from`:
    /// with both sets centred, z = Σ q·conj(p) / Σ |p|², t = q̄ − z·p̄. Nil with fewer than two selected or all at one point.
    private static func leastSquares(_ features: [TrackedFeature], _ selected: [Bool]) -> Similarity? {
        var count = 0.0, p = SIMD2<Double>.zero, q = SIMD2<Double>.zero
        for (k, point) in features.enumerated() where selected[k] {
            count += 1
            p += SIMD2<Double>(point.to)
            q += SIMD2<Double>(point.from)
        }
        guard count >= 2 else { return nil }
        p /= count
        q /= count
        var dot = 0.0, cross = 0.0, norm = 0.0
        for (k, point) in features.enumerated() where selected[k] {
            let dp = SIMD2<Double>(point.to) - p, dq = SIMD2<Double>(point.from) - q
            dot += dp.x * dq.x + dp.y * dq.y
            cross += dp.x * dq.y - dp.y * dq.x
            norm += dp.x * dp.x + dp.y * dp.y
        }
        guard norm > 0 else { return nil }
        let a = dot / norm, b = cross / norm
        return Similarity(a: a, b: b, tx: q.x - a * p.x + b * p.y, ty: q.y - b * p.x - a * p.y)
    }
}

extension MotionRansac {
    /// The homography fitted to the features the similarity's final fit used (`inliers`), when it agrees with at
    /// least as many features (to within `thresholdPx`) and its four extra parameters earn their keep, else the
    /// similarity; with its consensus (the homography's then marked in `inliers`). "Earn their keep" is the
    /// nested-model F-test: the drop in squared residuals per extra parameter must exceed `minGain` times the
    /// homography's residual variance; otherwise the extra freedom only fits tracking noise, which then grows
    /// toward the corners. `from` and `to` are buffers, kept by the caller from frame to frame.
    static func bestMap(_ features: [TrackedFeature], _ similarity: Similarity, consensus: Int, thresholdPx: Double, minGain: Double,
                        inliers: inout [Bool], from: inout [(x: Double, y: Double)], to: inout [(x: Double, y: Double)]) -> (matrix: [Double], inliers: Int) {
        from.removeAll(keepingCapacity: true)
        to.removeAll(keepingCapacity: true)
        var similaritySquares = 0.0
        for (k, feature) in features.enumerated() where inliers[k] {
            from.append((Double(feature.to.x), Double(feature.to.y)))
            to.append((Double(feature.from.x), Double(feature.from.y)))
            let error = similarity.apply(feature.to) - SIMD2<Double>(feature.from)
            similaritySquares += error.x * error.x + error.y * error.y
        }
        guard from.count > 8, let homography = Homography.fit(from: from, to: to) else { return (similarity.matrix, consensus) }
        let homographySquares = homography.squaredError(from: from, to: to)
        let variance = homographySquares / Double(2 * from.count - 8)
        guard (similaritySquares - homographySquares) / 4 > minGain * variance else { return (similarity.matrix, consensus) }
        var count = 0
        for feature in features where residual(homography, feature) < thresholdPx { count += 1 }
        guard count >= consensus else { return (similarity.matrix, consensus) }
        for (k, feature) in features.enumerated() { inliers[k] = residual(homography, feature) < thresholdPx }
        return (homography.m, count)
    }

    /// How far `map` puts a feature's later position from its earlier one (level-0 samples).
    private static func residual(_ map: Homography, _ feature: TrackedFeature) -> Double {
        guard let mapped = map.apply(Double(feature.to.x), Double(feature.to.y)) else { return .infinity }
        let dx = mapped.x - Double(feature.from.x), dy = mapped.y - Double(feature.from.y)
        return (dx * dx + dy * dy).squareRoot()
    }
}
