import BowlerTraxKit
/// One instant of the simulated ball, in the ball's own lane coordinates (x from that lane's centre).
public struct PathSample: Sendable {
    /// Seconds since the simulation started (1 ft before the foul line).
    public var timeS: Double
    /// Ball centre, feet; z is the ball radius.
    public var positionFt: Vector3
    public var velocityFtS: Vector3
    public var omegaRadS: Vector3
    /// Body-to-world rotation.
    public var orientation: Quaternion
    public var rolling: Bool
    public var inGutter: Bool
}

/// The dense simulated path of one shot (uniform time step), with interpolation by time and by distance.
public struct SimulatedPath: Sendable {
    public var samples: [PathSample]
    public let stepS: Double

    public init(samples: [PathSample], stepS: Double) {
        precondition(samples.count >= 2, "a path needs at least two samples")
        self.samples = samples
        self.stepS = stepS
    }

    public var endTimeS: Double { samples[samples.count - 1].timeS }

    /// Linear interpolation between the two samples around `timeS`; nil outside the path.
    public func state(atTimeS timeS: Double) -> PathSample? {
        guard timeS >= samples[0].timeS, timeS <= endTimeS else { return nil }
        let position = (timeS - samples[0].timeS) / stepS
        let i = min(Int(position), samples.count - 2)
        return blend(i, position - Double(i))
    }

    /// Sim time at which the centre first reaches `distanceFt` down-lane (y is increasing: friction
    /// only slows a ball that still moves forward); nil if it never does.
    public func timeS(atDistanceFt distanceFt: Double) -> Double? {
        guard let i = index(beforeDistanceFt: distanceFt) else { return nil }
        let a = samples[i], b = samples[i + 1]
        let f = (distanceFt - a.positionFt.y) / (b.positionFt.y - a.positionFt.y)
        return a.timeS + f * (b.timeS - a.timeS)
    }

    /// The interpolated state at the moment the centre reaches `distanceFt`.
    public func state(atDistanceFt distanceFt: Double) -> PathSample? {
        guard let i = index(beforeDistanceFt: distanceFt) else { return nil }
        let a = samples[i], b = samples[i + 1]
        return blend(i, (distanceFt - a.positionFt.y) / (b.positionFt.y - a.positionFt.y))
    }

    /// Index i with y(i) <= d < y(i+1), by bisection.
    private func index(beforeDistanceFt d: Double) -> Int? {
        guard d >= samples[0].positionFt.y, d < samples[samples.count - 1].positionFt.y else { return nil }
        var lo = 0, hi = samples.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if samples[mid].positionFt.y <= d { lo = mid } else { hi = mid }
        }
        return lo
    }

    private func blend(_ i: Int, _ f: Double) -> PathSample {
        let a = samples[i], b = samples[i + 1]
        func mix(_ p: Vector3, _ q: Vector3) -> Vector3 { p + (q - p) * f }
        return PathSample(timeS: a.timeS + (b.timeS - a.timeS) * f, positionFt: mix(a.positionFt, b.positionFt),
                          velocityFtS: mix(a.velocityFtS, b.velocityFtS), omegaRadS: mix(a.omegaRadS, b.omegaRadS),
                          orientation: Quaternion.blend(a.orientation, b.orientation, f),
                          rolling: f < 0.5 ? a.rolling : b.rolling, inGutter: f < 0.5 ? a.inGutter : b.inGutter)
    }
}
