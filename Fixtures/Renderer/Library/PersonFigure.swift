import BowlerTraxKit

/// A standing person in one frame: legs, torso and head, hit-tested by rays.
struct PersonFigure {
    static let legsRadiusFt = 0.45, legsTopFt = 2.9
    static let torsoRadiusFt = 0.6, torsoTopFt = 4.9
    static let headRadiusFt = 0.36, headCentreFt = 5.3
    let xFt: Double
    let yFt: Double
    let shirt: Vector3
    let pants: Vector3

    init(spec: PersonSpec, timeS: Double) {
        let ground = spec.groundFt(atTimeS: timeS)
        xFt = ground.x
        yFt = ground.y
        shirt = spec.shirt.rgbVector
        pants = spec.pants.rgbVector
    }

    var boxMin: Vector3 { Vector3(xFt - PersonFigure.torsoRadiusFt, yFt - PersonFigure.torsoRadiusFt, 0) }
    var boxMax: Vector3 {
        Vector3(xFt + PersonFigure.torsoRadiusFt, yFt + PersonFigure.torsoRadiusFt, PersonFigure.headCentreFt + PersonFigure.headRadiusFt)
    }

    /// Nearest hit distance along `ray`, if any.
    func distance(_ ray: Ray) -> Double? { hit(ray).map(\.t) }

    /// Nearest hit and its shaded colour.
    func hit(_ ray: Ray) -> (t: Double, color: Vector3)? {
        var best: (t: Double, color: Vector3)?
        if let legs = ray.hitVerticalCylinder(centreX: xFt, centreY: yFt, radius: PersonFigure.legsRadiusFt, bottomZ: 0, topZ: PersonFigure.legsTopFt) {
            best = (legs.t, lambert(pants, normal: legs.normal, ambient: 0.45))
        }
        if let torso = ray.hitVerticalCylinder(centreX: xFt, centreY: yFt, radius: PersonFigure.torsoRadiusFt,
                                               bottomZ: PersonFigure.legsTopFt, topZ: PersonFigure.torsoTopFt),
           torso.t < (best?.t ?? .infinity) {
            best = (torso.t, lambert(shirt, normal: torso.normal, ambient: 0.45))
        }
        let headCentre = Vector3(xFt, yFt, PersonFigure.headCentreFt)
        if let t = ray.hitSphere(centre: headCentre, radius: PersonFigure.headRadiusFt), t < (best?.t ?? .infinity) {
            let normal = (ray.point(at: t) - headCentre) * (1 / PersonFigure.headRadiusFt)
            best = (t, lambert(Vector3(0.72, 0.52, 0.42), normal: normal, ambient: 0.45))
        }
        return best
    }
}
