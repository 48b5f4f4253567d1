/// The outermost point of the path (lowest board in the bowler's numbering) before the pins.
///
/// Read off the friction path fitted to the whole shot: the board is lowest where the ball stops
/// drifting outward, which the fit places from every sighting rather than from the few around a flat
/// minimum (on a nearly straight shot a local fit wanders by feet along it).
enum Breakpoint {
    /// Time step of the search along the fitted path, seconds (a few hundredths of a foot).
    static let stepS = 0.002

    static func find(on path: FrictionPathFit) -> (board: Double, distanceFt: Double)? {
        // To the entry point, when the last sighting before it is a frame or two short of it.
        let end = path.time(atFt: Lane.entryDistanceFt, extrapolationS: 0.1) ?? path.originS + path.spanS
        var lowest: (board: Double, timeS: Double)?
        var t = path.originS
        while t <= end {
            let board = path.board(atS: t)
            if board < lowest?.board ?? .infinity { lowest = (board, t) }
            t += stepS
        }
        return lowest.map { ($0.board, path.distanceFt(atS: $0.timeS)) }
    }
}
