import BowlerTraxKit
import Foundation

/// The static world: lanes (boards, foul line, arrows, dots, gutters, capping), approach, pin decks, pins,
/// pit and masking. Shades one ray; the renderer casts one per pixel once per clip.
struct LaneScene {
    /// Centre-to-centre distance of neighbouring lanes.
    static let laneSpacingFt = 5.4
    static let halfWidthFt = Lane.widthIn / 24
    static let gutterWidthFt = Lane.gutterWidthIn / 12
    static let foulLineWidthFt = 0.375 / 12
    static let pinDeckStartFt = Lane.headPinDistanceFt - 1
    static let pitDepthFt = 2.5
    static let maskingDistanceFt = 58.5
    static let maskingBottomFt = 2.2
    static let pinHeightFt = 15.0 / 12
    /// Pin spots in right-edge boards and distance past 60 ft, inches (DOMAIN.md).
    static let pinSpots: [(board: Double, behindIn: Double)] = [
        (20, 0), (25.64, 10.39), (14.36, 10.39), (31.28, 20.78), (20, 20.78), (8.72, 20.78),
        (36.92, 31.18), (25.64, 31.18), (14.36, 31.18), (3.08, 31.18),
    ]
    static let visibleLanes = -2...2
    /// The lanes' wood: light maple (1), a dark-stained or synthetic wood print (about 0.55); the approach too.
    var woodTone = 1.0

    /// Tip distance of the arrow on `board`: the default layout `calibrate` assumes (board 20 deepest at 16 ft).
    static func arrowTipFt(board: Double) -> Double { ArrowLayout.deep.distanceFt(board: board) }

    /// World (x, y) of every pin on every visible lane.
    let pins: [(x: Double, y: Double)] = visibleLanes.flatMap { lane in
        pinSpots.map { (Double(lane) * laneSpacingFt + Lane.lateralFt(board: $0.board), Lane.headPinDistanceFt + $0.behindIn / 12) }
    }

    /// Colour (0...1), distance along the ray, and whether the surface is the glossy lane.
    func shade(_ ray: Ray) -> (color: Vector3, depthFt: Double, glossy: Bool) {
        var nearest = Double.infinity
        var color = Vector3(0.07, 0.07, 0.08)  // ceiling / far darkness
        var glossy = false
        if ray.direction.z < 0 {
            let t = -ray.origin.z / ray.direction.z
            let p = ray.point(at: t)
            nearest = t
            (color, glossy) = groundColor(xFt: p.x, yFt: p.y)
        }
        if ray.direction.y > 0 {
            // Masking panel above the pin decks, and the pit's back wall below it.
            let t = (LaneScene.maskingDistanceFt - ray.origin.y) / ray.direction.y
            let z = ray.origin.z + ray.direction.z * t
            if t < nearest, z >= LaneScene.maskingBottomFt, z <= 14 {
                nearest = t
                glossy = false
                let stripe = z < LaneScene.maskingBottomFt + 0.4 ? 0.55 : 1.0
                color = Vector3(0.16, 0.19, 0.27) * stripe
            }
            let tBack = (Lane.pitDistanceFt + LaneScene.pitDepthFt - ray.origin.y) / ray.direction.y
            let zBack = ray.origin.z + ray.direction.z * tBack
            if tBack < nearest, zBack <= LaneScene.maskingBottomFt {
                nearest = tBack
                glossy = false
                color = Vector3(0.03, 0.03, 0.03)
            }
        }
        // Pins only matter for rays that reach the pin decks.
        if nearest > 40 {
            for pin in pins {
                if let hit = ray.hitVerticalCylinder(centreX: pin.x, centreY: pin.y, radius: Lane.pinRadiusFt,
                                                     bottomZ: 0, topZ: LaneScene.pinHeightFt), hit.t < nearest {
                    nearest = hit.t
                    glossy = false
                    let z = ray.origin.z + ray.direction.z * hit.t
                    let neck = (z > 0.79 && z < 0.83) || (z > 0.87 && z < 0.91)
                    let base = neck && hit.normal.z == 0 ? Vector3(0.78, 0.08, 0.08) : Vector3(0.95, 0.95, 0.93)
                    color = lambert(base, normal: hit.normal, ambient: 0.45)
                }
            }
        }
        return (color, nearest, glossy)
    }

    /// The floor at (x, y): boards and markings of the lane nearest to x.
    func groundColor(xFt: Double, yFt: Double) -> (Vector3, Bool) {
        let lane = (xFt / LaneScene.laneSpacingFt).rounded()
        let lx = xFt - lane * LaneScene.laneSpacingFt
        if yFt > Lane.pitDistanceFt { return (Vector3(0.02, 0.02, 0.02), false) }
        if abs(yFt) < LaneScene.foulLineWidthFt / 2 { return (Vector3(0.08, 0.06, 0.05), false) }
        if yFt < 0 {
            // The approach runs continuous across lanes; lighter maple, carpet far behind.
            if yFt < -16 { return (Vector3(0.2, 0.16, 0.14), false) }
            return (maple(lateralFt: xFt, yFt: yFt, laneKey: 99, brightness: 1.12), false)
        }
        if abs(lx) <= LaneScene.halfWidthFt {
            let board = Lane.board(lateralFt: lx)
            if let marking = marking(board: board, yFt: yFt) { return (marking, true) }
            let deck = yFt >= LaneScene.pinDeckStartFt ? 1.08 : 1.0
            return (maple(lateralFt: lx, yFt: yFt, laneKey: Int(lane), brightness: deck), true)
        }
        if abs(lx) <= LaneScene.halfWidthFt + LaneScene.gutterWidthFt {
            // Gutter: a concave channel, darker toward its bottom.
            let f = (abs(lx) - LaneScene.halfWidthFt) / LaneScene.gutterWidthFt
            return (Vector3(0.36, 0.36, 0.38) * (0.8 + 0.4 * abs(f - 0.5)), false)
        }
        return (Vector3(0.24, 0.21, 0.19), false)
    }

    /// Arrows and guide dots, dark brown; nil for bare boards.
    private func marking(board: Double, yFt: Double) -> Vector3? {
        let dark = Vector3(0.22, 0.12, 0.07)
        let nearestArrow = (board / 5).rounded() * 5
        if nearestArrow >= 5, nearestArrow <= 35 {
            let tip = LaneScene.arrowTipFt(board: nearestArrow)
            let back = tip - yFt
            // Triangle 0.6 ft long, 1.6 boards wide at its base, pointing down-lane.
            if back >= 0, back <= 0.6, abs(board - nearestArrow) <= 0.8 * back / 0.6 { return dark }
        }
        if abs(yFt - Lane.guideDotDistanceFt) < 0.05 {
            for dot in Lane.guideDotBoards where abs(board - dot) * Lane.boardWidthFt < 0.045 {
                let dx = (board - dot) * Lane.boardWidthFt, dy = yFt - Lane.guideDotDistanceFt
                if dx * dx + dy * dy < 0.042 * 0.042 { return dark }
            }
        }
        return nil
    }

    /// Maple boards: each board its own tone, a faint grain along the board, darker seams.
    private func maple(lateralFt: Double, yFt: Double, laneKey: Int, brightness: Double) -> Vector3 {
        let board = Lane.board(lateralFt: lateralFt)
        let index = Int((board - 0.5).rounded(.down))
        let tone = 0.93 + 0.1 * LaneScene.hash(laneKey &* 131 &+ index)
        let phase = 40 * LaneScene.hash(index &* 7 &+ laneKey)
        let grain = 1 + 0.025 * sin(yFt * 9 + phase) + 0.015 * sin(yFt * 31 + 2 * phase)
        let fraction = board - 0.5 - Double(index)
        let seam = fraction < 0.05 || fraction > 0.95 ? 0.9 : 1
        return Vector3(0.80, 0.62, 0.42) * (tone * grain * seam * brightness * woodTone)
    }

    /// Deterministic pseudo-random in [0, 1) for an integer key.
    static func hash(_ key: Int) -> Double {
        var z = UInt64(bitPattern: Int64(key)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
