import BowlerTraxKit
import Foundation

/// Colours a point of the ball from its body-fixed markings: swirl bands, marker, finger holes, logo.
///
/// Markings are placed in the body frame at release (orientation = identity then), perpendicular to the
/// initial spin axis so each one sweeps around and is in view for part of every revolution.
struct BallShader {
    static let markerAngularRadius = 0.6 / Lane.ballRadiusIn
    static let holeAngularRadius = 0.5 / Lane.ballRadiusIn
    /// Swirl bands per unit of the bent coordinate `swirlBand` cuts (about nine bands across the ball).
    static let swirlBandsPerUnit = 2.5
    let base: Vector3
    let marker: Vector3?
    let markerDirection: Vector3
    /// Body directions across the marker direction: perpendicular to it in the lane's plane, and along the initial spin axis.
    let sideDirection: Vector3
    let axisDirection: Vector3
    /// A swirl ball's colours in band order, its own colour first; empty for a one-colour ball.
    let swirlColors: [Vector3]
    let holeDirections: [Vector3]
    let logoDirection: Vector3?

    init(appearance: BallAppearance, initialOmega: Vector3) {
        let axis = initialOmega.length > 0 ? initialOmega.normalized : Vector3(-1, 0, 0)
        let up = Vector3(0, 0, 1)
        var m = up - axis * up.dot(axis)
        if m.length < 1e-6 { m = Vector3(0, 1, 0) }
        m = m.normalized
        let side = axis.cross(m)
        base = appearance.color.rgbVector
        marker = appearance.marker?.rgbVector
        markerDirection = m
        sideDirection = side
        axisDirection = axis
        swirlColors = appearance.swirl.isEmpty ? [] : [base] + appearance.swirl.map(\.rgbVector)
        holeDirections = appearance.holes
            ? [(-m + side * 0.22).normalized, (-m - side * 0.22).normalized, (-m * 0.8 + axis * 0.6).normalized] : []
        logoDirection = appearance.logo ? side : nil
    }

    /// Shaded colour at world normal `normal`; `bodyNormal` is the same normal in the ball's body frame;
    /// `view` points from the surface to the eye.
    func color(normal: Vector3, bodyNormal: Vector3, view: Vector3) -> Vector3 {
        var albedo = swirlColors.isEmpty ? base : swirlColors[swirlBand(bodyNormal)]
        var shiny = 1.0
        if let marker, angle(bodyNormal, markerDirection) < BallShader.markerAngularRadius {
            albedo = marker
        }
        for hole in holeDirections where angle(bodyNormal, hole) < BallShader.holeAngularRadius {
            albedo = Vector3(0.04, 0.04, 0.05)
            shiny = 0
        }
        if let logoDirection {
            // A light ring about 1.6 in across.
            let a = angle(bodyNormal, logoDirection)
            if a > 0.12, a < 0.19 { albedo = Vector3(0.85, 0.85, 0.85) }
        }
        let halfway = (sceneLight + view).normalized
        let specular = shiny * 0.55 * pow(max(0, normal.dot(halfway)), 60)
        return lambert(albedo, normal: normal, ambient: 0.3) + Vector3(specular, specular, specular)
    }

    /// Index into `swirlColors` at body normal `n`: the coordinate along the marker direction, bent by two waves across
    /// it so the bands wind like a pearl cover's, cut into bands that take the colours in turn. Body-fixed, so the
    /// bands turn with the ball.
    private func swirlBand(_ n: Vector3) -> Int {
        let across = n.dot(sideDirection), along = n.dot(axisDirection)
        let bent = n.dot(markerDirection) + 0.45 * sin(4 * across + 1) + 0.3 * sin(6 * along - 2 * across)
        let band = Int((bent * BallShader.swirlBandsPerUnit).rounded(.down))
        let count = swirlColors.count
        return (band % count + count) % count
    }

    private func angle(_ a: Vector3, _ b: Vector3) -> Double { acos(min(1, max(-1, a.dot(b)))) }
}

/// One ball in one frame: where it is and how it is turned.
struct BallInstance {
    let centre: Vector3
    let orientation: Quaternion
    let shader: BallShader

    /// Colour seen along `ray` if it hits the ball before `limitFt`, with the hit distance.
    func hit(_ ray: Ray, limitFt: Double) -> (t: Double, color: Vector3)? {
        guard let t = ray.hitSphere(centre: centre, radius: Lane.ballRadiusFt), t < limitFt else { return nil }
        let normal = (ray.point(at: t) - centre) * (1 / Lane.ballRadiusFt)
        let body = orientation.conjugate.rotate(normal)
        return (t, shader.color(normal: normal, bodyNormal: body, view: -ray.direction))
    }
}
