// MARK: - Where to look for the ball

extension LaneCalibration {
    /// The pixels where a ball on this lane (or in its gutters) can appear, from 3 ft behind the foul line to the pit;
    /// in the picture of a frame into which `fromFirstFrame` maps the calibration's pixels (a camera that pans and
    /// zooms), else in the calibration's own.
    ///
    /// Each row's span is where the row crosses the lane strip at the ball's centre height, widened
    /// by the ball's radius there (the ball overhangs its centre), plus a small margin.
    public func searchRegion(seenThrough fromFirstFrame: Homography = .identity) -> SearchRegion {
        let width = imageSize.width, height = imageSize.height
        var spans = Array(repeating: SearchRegion.Span(start: 0, end: 0), count: height)
        let edge = Self.maxLateralFt
        var distance = -3.0
        // Walk down the lane in steps small enough that no row is skipped, painting each step's cross-section.
        while distance <= Lane.pitDistanceFt + 0.5 {
            defer { distance += 0.05 }
            let ballRadius = radiusPx(lateralFt: 0, distanceFt: distance)
            guard let seenLeft = pixel(lateralFt: edge, distanceFt: distance, heightFt: Lane.ballRadiusFt),
                  let seenRight = pixel(lateralFt: -edge, distanceFt: distance, heightFt: Lane.ballRadiusFt),
                  let left = fromFirstFrame.carry((seenLeft.x, seenLeft.y, ballRadius)), let right = fromFirstFrame.carry((seenRight.x, seenRight.y, ballRadius))
            else { continue }
            let radius = max(left.radius, right.radius) * 1.5 + 2
            let x0 = Int((min(left.x, right.x) - radius).rounded(.down)), x1 = Int((max(left.x, right.x) + radius).rounded(.up))
            let y0 = Int((min(left.y, right.y) - radius).rounded(.down)), y1 = Int((max(left.y, right.y) + radius).rounded(.up))
            let low = max(0, y0), high = min(height, y1 + 1)
            guard low < high else { continue }
            for row in low..<high {
                if spans[row].end <= spans[row].start {
                    spans[row] = SearchRegion.Span(start: x0, end: x1)
                } else {
                    spans[row] = SearchRegion.Span(start: min(spans[row].start, x0), end: max(spans[row].end, x1))
                }
            }
        }
        return SearchRegion(width: width, height: height, spans: spans)
    }
}
