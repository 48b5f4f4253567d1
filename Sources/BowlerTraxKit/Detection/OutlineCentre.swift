import Foundation

/// The centre of a disc of known radius placed on its outline in luma: where a circle of that radius crosses the
/// steepest edges, near a centre given roughly.
///
/// The rev rate compares the ball's look frame to frame in ball-relative coordinates (`ObservedAppearance`), so the
/// disc must be sampled where the ball is to a small part of its radius. On TV footage the centres the tracker keeps
/// are off by 0.2 to 0.7 of a radius for many frames on end (measured against hand-drawn boxes, docs/rev-rate.md):
/// a ball found by its motion is a blob of ball, shadow and mirror image, and a dark ball's colour mask is shrunk
/// unevenly by shading. The shell's shading then slides across the signature and drowns a faint hole or swirl.
/// The outline is what does not move on the ball: the mean size of the luma step across a circle of the ball's
/// radius peaks where the circle lies on it. The mirror image under the ball is two radii away, beyond the search.
enum OutlineCentre {
    /// How far from the given centre the outline is looked for, in radii.
    static let reach = 0.5
    /// The least shift, in radii, that moves the centre: on TV footage the centres kept were 0.2 to 0.7 radii off.
    static let minShift = 0.15
    /// Points on the trial circle.
    static let points = 48

    /// The centre, within `reach` radii of (`x`, `y`), whose circle of `radiusPx` lies on the steepest luma steps;
    /// (`x`, `y`) itself when no trial circle fits inside the frame.
    static func refined(frame: VideoFrame, x: Double, y: Double, radiusPx: Double) -> (x: Double, y: Double) {
        let luma = frame.plane(0), stride = frame.stride(0)
        let width = Double(frame.width), height = Double(frame.height)
        let directions = (0..<points).map { index -> (Double, Double) in
            let angle = 2 * Double.pi * Double(index) / Double(points)
            return (cos(angle), sin(angle))
        }
        func sample(_ px: Double, _ py: Double) -> Double {
            // Pixel i covers [i, i+1): its value sits at i + 0.5.
            let sx = px - 0.5, sy = py - 0.5
            let x0 = Int(sx), y0 = Int(sy), fx = sx - Double(x0), fy = sy - Double(y0)
            let top = luma + y0 * stride + x0, bottom = top + stride
            return (Double(top[0]) * (1 - fx) + Double(top[1]) * fx) * (1 - fy) + (Double(bottom[0]) * (1 - fx) + Double(bottom[1]) * fx) * fy
        }
        // The step is taken between one pixel inside and one outside the circle.
        func edgeStrength(_ cx: Double, _ cy: Double) -> Double? {
            let outer = radiusPx + 1
            guard cx - outer >= 1, cy - outer >= 1, cx + outer < width - 2, cy + outer < height - 2 else { return nil }
            var sum = 0.0
            for (dx, dy) in directions {
                sum += abs(sample(cx + dx * outer, cy + dy * outer) - sample(cx + dx * (radiusPx - 1), cy + dy * (radiusPx - 1)))
            }
            return sum
        }
        // Every pixel within reach for a small ball; a coarser grid, then the pixels around its best, for a large one.
        let maxOffset = reach * radiusPx
        let coarseStep = max(1, (radiusPx / 16).rounded(.down))
        var best = (strength: -Double.infinity, x: x, y: y)
        func search(aroundX: Double, aroundY: Double, offset: Double, step: Double) {
            for dy in Swift.stride(from: -offset, through: offset, by: step) {
                for dx in Swift.stride(from: -offset, through: offset, by: step) {
                    let cx = aroundX + dx, cy = aroundY + dy
                    guard (cx - x) * (cx - x) + (cy - y) * (cy - y) <= maxOffset * maxOffset,
                          let strength = edgeStrength(cx, cy), strength > best.strength else { continue }
                    best = (strength, cx, cy)
                }
            }
        }
        search(aroundX: x, aroundY: y, offset: (maxOffset / coarseStep).rounded(.down) * coarseStep, step: coarseStep)
        if coarseStep > 1 { search(aroundX: best.x, aroundY: best.y, offset: coarseStep - 1, step: 1) }
        // A shift of a pixel or two is within what this fit can tell (and a rendered ball's centre, fitted to a
        // fraction of a pixel by the detector, is better): only an outline clearly elsewhere moves the centre.
        let shift = ((best.x - x) * (best.x - x) + (best.y - y) * (best.y - y)).squareRoot()
        return shift >= minShift * radiusPx ? (best.x, best.y) : (x, y)
    }
}
