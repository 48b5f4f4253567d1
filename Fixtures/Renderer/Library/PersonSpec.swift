import BowlerTraxKit

/// A person on the approach: a simple figure (legs, torso, head) walking through time-stamped waypoints.
public struct PersonSpec: Sendable, Equatable, Codable {
    /// A ground position (world feet) at a video time.
    public struct Waypoint: Sendable, Equatable, Codable {
        public var timeS: Double
        public var xFt: Double
        public var yFt: Double

        public init(timeS: Double, xFt: Double, yFt: Double) {
            self.timeS = timeS
            self.xFt = xFt
            self.yFt = yFt
        }
    }

    public var shirt: HSVColor
    public var pants: HSVColor
    /// Sorted by time; the person stands at the first / last point before / after them.
    public var waypoints: [Waypoint]

    public init(shirt: HSVColor = HSVColor(hueDeg: 0, saturationPct: 0, valuePct: 18),
                pants: HSVColor = HSVColor(hueDeg: 0, saturationPct: 0, valuePct: 12), waypoints: [Waypoint]) {
        self.shirt = shirt
        self.pants = pants
        self.waypoints = waypoints
    }

    /// Ground position at `timeS`, linear between waypoints.
    func groundFt(atTimeS timeS: Double) -> (x: Double, y: Double) {
        guard let first = waypoints.first, let last = waypoints.last else { return (0, -100) }
        if timeS <= first.timeS { return (first.xFt, first.yFt) }
        if timeS >= last.timeS { return (last.xFt, last.yFt) }
        for (a, b) in zip(waypoints, waypoints.dropFirst()) where timeS <= b.timeS {
            let f = b.timeS > a.timeS ? (timeS - a.timeS) / (b.timeS - a.timeS) : 1
            return (a.xFt + (b.xFt - a.xFt) * f, a.yFt + (b.yFt - a.yFt) * f)
        }
        return (last.xFt, last.yFt)
    }
}
