/// What the followed ball looked like in one frame, copied out of the frame (whose buffers do not outlive processing).
///
/// Everything is in ball-relative coordinates, so it compares across frames whatever the ball's size
/// and place in the image: the luma signature samples the disc on a `gridSize`×`gridSize` grid spanning
/// `±signatureReach` radii, and the marker (`BallSpot`) is placed in radii from the ball's centre (x right, y down).
/// Named apart from the fixture renderer's `BallAppearance` (the ball's paint job), which tests import too.
public struct ObservedAppearance: Sendable, Equatable {
    /// Samples per side of the luma signature.
    public static let gridSize = 16
    /// Half the signature grid's side, in ball radii: inside the outline, away from its blurred edge.
    public static let signatureReach = 0.8
    /// Luma standard deviation below which a disc counts as flat (noise is not stretched into contrast).
    static let minContrast = 2.0

    /// Row-major luma samples of the disc with the mean removed and divided by their standard deviation;
    /// samples outside the inscribed circle are 0. Zero everywhere for a flat disc.
    public var lumaSignature: [Float]
    /// The signature's scale: its samples' mean luma above black (16 in limited-range video, 0 in full-range) and their
    /// standard deviation, so `lumaMean + lumaDeviation × signature` is the luma above black again.
    public var lumaMean: Double
    public var lumaDeviation: Double
    /// The marker colour in view (`MarkerColorAxis`); nil when no marker colour is known or none of it is in view.
    public var marker: BallSpot?

    public init(lumaSignature: [Float], lumaMean: Double, lumaDeviation: Double, marker: BallSpot?) {
        self.lumaSignature = lumaSignature
        self.lumaMean = lumaMean
        self.lumaDeviation = lumaDeviation
        self.marker = marker
    }

    /// Samples the ball `candidate` in `frame`; without a `markerAxis` (no marker colour known) there is no marker.
    /// Nil when the disc is too small to sample or lies partly outside the frame.
    public init?(frame: VideoFrame, candidate: BallCandidate, markerAxis: MarkerColorAxis?) {
        // The calibration's radius where there is one: the outline's own grows and shrinks as the marker
        // crosses the silhouette, which would change the signature's scale once per turn.
        let radius = candidate.expectedRadiusPx ?? candidate.radiusPx, cx = candidate.xPx, cy = candidate.yPx
        guard radius >= 2, cx - radius >= 0, cy - radius >= 0,
              cx + radius < Double(frame.width - 1), cy + radius < Double(frame.height - 1) else { return nil }
        (lumaSignature, lumaMean, lumaDeviation) = Self.signature(frame: frame, centerX: cx, centerY: cy, radiusPx: radius)
        lumaMean -= frame.encoding.fullRange ? 0 : 16
        marker = markerAxis.flatMap { Self.markerSpot(frame: frame, centerX: cx, centerY: cy, radiusPx: radius, axis: $0) }
    }

    /// Bilinear luma samples on the grid, normalised for exposure (mean) and contrast (deviation), with those two.
    private static func signature(frame: VideoFrame, centerX: Double, centerY: Double,
                                  radiusPx: Double) -> (signature: [Float], mean: Double, deviation: Double) {
        let n = gridSize
        let luma = frame.plane(0), stride = frame.stride(0)
        var values = [Double](repeating: 0, count: n * n)
        var inside = [Bool](repeating: false, count: n * n)
        var sum = 0.0, count = 0
        for row in 0..<n {
            let v = (Double(row) + 0.5) / Double(n) * 2 - 1
            for column in 0..<n {
                let u = (Double(column) + 0.5) / Double(n) * 2 - 1
                guard u * u + v * v <= 1 else { continue }
                // Pixel i covers [i, i+1), so its sample sits at i + 0.5.
                let x = centerX + u * signatureReach * radiusPx - 0.5, y = centerY + v * signatureReach * radiusPx - 0.5
                let x0 = Int(x), y0 = Int(y), fx = x - Double(x0), fy = y - Double(y0)
                let top = luma + y0 * stride + x0, bottom = top + stride
                let value = (Double(top[0]) * (1 - fx) + Double(top[1]) * fx) * (1 - fy)
                    + (Double(bottom[0]) * (1 - fx) + Double(bottom[1]) * fx) * fy
                values[row * n + column] = value
                inside[row * n + column] = true
                sum += value
                count += 1
            }
        }
        let mean = sum / Double(max(count, 1))
        var squares = 0.0
        for index in values.indices where inside[index] { squares += (values[index] - mean) * (values[index] - mean) }
        let deviation = max((squares / Double(max(count, 1))).squareRoot(), minContrast)
        return (values.indices.map { inside[$0] ? Float((values[$0] - mean) / deviation) : 0 }, mean, deviation)
    }

    /// The marker-weighted centroid of the pixels inside the outline; nil when no pixel has marker weight.
    private static func markerSpot(frame: VideoFrame, centerX: Double, centerY: Double, radiusPx: Double,
                                   axis: MarkerColorAxis) -> BallSpot? {
        let y0 = Int(centerY - radiusPx), y1 = Int(centerY + radiusPx)
        let x0 = Int(centerX - radiusPx), x1 = Int(centerX + radiusPx)
        let luma = frame.plane(0), u = frame.plane(1), v = frame.plane(2)
        let lumaStride = frame.stride(0), uStride = frame.stride(1), vStride = frame.stride(2)
        var area = 0.0, sumX = 0.0, sumY = 0.0
        for row in y0...y1 {
            let dy = Double(row) + 0.5 - centerY
            let lumaRow = luma + row * lumaStride
            let chromaRow = row >> frame.chromaShiftY
            let uRow = u + chromaRow * uStride, vRow = v + chromaRow * vStride
            for column in x0...x1 {
                let dx = Double(column) + 0.5 - centerX
                guard dx * dx + dy * dy <= radiusPx * radiusPx else { continue }
                let chromaColumn = column >> frame.chromaShiftX
                let weight = axis.weight(y: lumaRow[column], u: uRow[chromaColumn], v: vRow[chromaColumn])
                area += weight
                sumX += weight * dx
                sumY += weight * dy
            }
        }
        guard area > 0 else { return nil }
        return BallSpot(areaShare: area / (Double.pi * radiusPx * radiusPx), offsetX: sumX / area / radiusPx,
                        offsetY: sumY / area / radiusPx)
    }
}
