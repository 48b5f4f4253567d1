import Glibc

// MARK: - The vanishing point down the lanes

extension LaneFinder {
    /// A straight line x·cos θ + y·sin θ = ρ of the picture, with the edge pixels that voted for it.
    struct HoughLine {
        var thetaRad: Double, rhoPx: Double
        var votes: Int
        /// Whether most of its votes came from a graphic's edges (`overlay`).
        var graphic = false
        /// Distance in pixels of a point from the line.
        func distance(_ x: Double, _ y: Double) -> Double { abs(x * cos(thetaRad) + y * sin(thetaRad) - rhoPx) }
    }

    /// The picture's strongest straight edges that are not near horizontal (lane edges, gutters, cappings, the
    /// approach's boards all run toward the vanishing point; the foul line and rows of pins do not): a Hough
    /// transform (Duda & Hart 1972) in which each edge pixel votes only within 3° of its own gradient direction,
    /// then the local maxima, strongest first. Of the `maxCount` strongest, a line most of whose votes came from a
    /// graphic's edges (`overlay`) is left out: the others are the lines the picture would give with no graphic over
    /// it. Not the graphic's edges kept from voting: weaker lines then fill the pool, and test/Task2 01's view of frame 33
    /// took another left edge (3 landmarks where it had 17).
    func houghLines(maxCount: Int = 80) -> [HoughLine] {
        let width = image.width, height = image.height
        let thetaBins = 360, binsPerRadian = Double(thetaBins) / Double.pi, spread = 6
        let rhoOffset = Int((Double(width * width + height * height)).squareRoot()) + 1, rhoBins = 2 * rhoOffset
        let cosines = (0..<thetaBins).map { cos(Double($0) / binsPerRadian) }, sines = (0..<thetaBins).map { sin(Double($0) / binsPerRadian) }
        var luma = [Double](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { luma[y * width + x] = brightness(x, y) } }
        var votes = [Int32](repeating: 0, count: thetaBins * rhoBins), graphicVotes = votes
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                let i = y * width + x
                // Sobel, scaled to code values per pixel.
                let gx = (luma[i - width + 1] + 2 * luma[i + 1] + luma[i + width + 1] - luma[i - width - 1] - 2 * luma[i - 1] - luma[i + width - 1]) / 8
                let gy = (luma[i + width - 1] + 2 * luma[i + width] + luma[i + width + 1] - luma[i - width - 1] - 2 * luma[i - width] - luma[i - width + 1]) / 8
                guard gx * gx + gy * gy > Self.edgeGradient * Self.edgeGradient else { continue }
                var normal = atan2(gy, gx)
                if normal < 0 { normal += Double.pi }
                // A near-horizontal line has its normal near vertical.
                guard abs(normal - Double.pi / 2) > Self.steepestCrossLineRad else { continue }
                let graphic = overlay?.covers(x, y) == true
                let centre = Int((normal * binsPerRadian).rounded())
                for offset in -spread...spread {
                    let bin = (centre + offset + thetaBins) % thetaBins
                    let rho = Int((Double(x) * cosines[bin] + Double(y) * sines[bin]).rounded()) + rhoOffset
                    votes[bin * rhoBins + rho] += 1
                    if graphic { graphicVotes[bin * rhoBins + rho] += 1 }
                }
            }
        }
        let minVotes = Int32(60 * height / 720), window = (theta: 4, rho: 10)
        var peaks: [HoughLine] = []
        for bin in 0..<thetaBins {
            for rho in 0..<rhoBins where votes[bin * rhoBins + rho] >= minVotes {
                let value = votes[bin * rhoBins + rho]
                var isPeak = true
                search: for dt in -window.theta...window.theta {
                    let t = (bin + dt + thetaBins) % thetaBins
                    for dr in -window.rho...window.rho where rho + dr >= 0 && rho + dr < rhoBins && (dt, dr) != (0, 0) {
                        let other = votes[t * rhoBins + rho + dr]
                        // Ties go to the first in scan order, so a flat top gives one peak.
                        if other > value || (other == value && (dt < 0 || (dt == 0 && dr < 0))) { isPeak = false; break search }
                    }
                }
                if isPeak { peaks.append(HoughLine(thetaRad: Double(bin) / binsPerRadian, rhoPx: Double(rho - rhoOffset), votes: Int(value),
                                                   graphic: 2 * graphicVotes[bin * rhoBins + rho] >= value)) }
            }
        }
        return peaks.sorted { $0.votes > $1.votes }.prefix(maxCount).filter { !$0.graphic }
    }

    /// Gradient (code values per pixel) an edge pixel needs.
    static let edgeGradient = 12.0
    /// Lines within 15° of horizontal run across the lane, not along it.
    static let steepestCrossLineRad = 15 * Double.pi / 180

    /// The point most of the strong lines run through (every pair's crossing tried, each line counting its votes
    /// up to a cap so one long line, a graphic's border say, cannot outweigh many): where the lanes' edges,
    /// gutters and boards meet. It must lie above the picture's lower part and not far outside it.
    func vanishingPoint(of lines: [HoughLine]) -> (x: Double, y: Double)? {
        let width = Double(image.width), height = Double(image.height), cap = 300 * image.height / 720
        var best: (point: (x: Double, y: Double), score: Int)?
        for (i, a) in lines.enumerated() {
            for b in lines[(i + 1)...] {
                let determinant = cos(a.thetaRad) * sin(b.thetaRad) - sin(a.thetaRad) * cos(b.thetaRad)
                guard abs(determinant) > 0.05 else { continue }
                let x = (a.rhoPx * sin(b.thetaRad) - b.rhoPx * sin(a.thetaRad)) / determinant
                let y = (b.rhoPx * cos(a.thetaRad) - a.rhoPx * cos(b.thetaRad)) / determinant
                guard y > -1.5 * height, y < 0.6 * height, x > -width, x < 2 * width else { continue }
                // Lines through a far point miss it by more pixels for the same angle.
                let tolerance = 3 + 0.004 * ((x - width / 2) * (x - width / 2) + (y - height) * (y - height)).squareRoot()
                let score = lines.reduce(0) { $0 + ($1.distance(x, y) < tolerance ? min($1.votes, cap) : 0) }
                if score > best?.score ?? 0 { best = ((x, y), score) }
            }
        }
        return best?.point
    }
}
