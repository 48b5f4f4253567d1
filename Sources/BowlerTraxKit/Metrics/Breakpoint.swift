/// The outermost point of the path (lowest board in the bowler's numbering) before the pins.
///
/// Found on the smoothed path: a local weighted quadratic of board against distance is evaluated
/// every 0.25 ft, the lowest one kept, then a quadratic over the sightings around it gives the
/// vertex to sub-foot precision.
enum Breakpoint {
    static func find(in samples: [PathSample], window: Double) -> (board: Double, distanceFt: Double)? {
        guard let first = samples.first?.distanceFt, let last = samples.last?.distanceFt else { return nil }
        let end = min(last, Lane.entryDistanceFt)
        guard end - first > window else { return nil }
        let board = { (s: PathSample) in s.board }, distance = { (s: PathSample) in s.distanceFt }, sigma = { (s: PathSample) in s.boardSigma }
        var lowest: (board: Double, distanceFt: Double)?
        var d = first
        while d <= end {
            let range = max(first, d - window / 2)...min(last, d + window / 2)
            if let fit = samples.fit(distance, board, sigma: sigma, where: range, key: distance) {
                let value = fit.value(at: d)
                if lowest == nil || value < lowest?.board ?? .infinity { lowest = (value, d) }
            }
            d += 0.25
        }
        guard let coarse = lowest else { return nil }
        let range = (coarse.distanceFt - window)...(coarse.distanceFt + window)
        guard let local = samples.fit(distance, board, sigma: sigma, where: range, key: distance),
              local.coefficients[2] > 0 else { return coarse }
        let vertex = -local.coefficients[1] / (2 * local.coefficients[2])
        // The vertex must stay inside the path and before the entry point; otherwise the coarse minimum stands.
        guard vertex >= first, vertex <= end, abs(vertex - coarse.distanceFt) <= window / 2 else { return coarse }
        return (local.value(at: vertex), vertex)
    }
}
