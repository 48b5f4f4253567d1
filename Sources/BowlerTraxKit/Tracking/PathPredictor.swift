/// Predicts where the ball will be from its recent positions: a least-squares quadratic in time per
/// coordinate over the last few observations (a linear one while there are too few).
struct PathPredictor {
    /// Observations used; enough to average out noise, few enough to follow the hook.
    static let window = 8

    /// Coordinates predicted at `timeS` from (time, coordinates) samples, oldest first.
    static func predict(_ samples: [(timeS: Double, values: [Double])], at timeS: Double) -> [Double]? {
        guard let last = samples.last else { return nil }
        let recent = samples.suffix(window)
        guard recent.count >= 2 else { return last.values }
        let degree = recent.count >= 6 ? 2 : 1
        let origin = last.timeS
        return (0..<last.values.count).map { index in
            let fit = PolynomialFit(xs: recent.map { $0.timeS - origin }, ys: recent.map { $0.values[index] }, degree: degree)
            return fit?.value(at: timeS - origin) ?? last.values[index]
        }
    }
}
