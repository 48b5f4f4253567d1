import BowlerTraxKit
/// A ray in world feet with a unit direction, and the intersection tests the scene needs.
struct Ray {
    var origin: Vector3
    var direction: Vector3

    func point(at t: Double) -> Vector3 { origin + direction * t }

    /// Nearest positive distance to a sphere, or nil.
    func hitSphere(centre: Vector3, radius: Double) -> Double? {
        let oc = origin - centre
        let b = oc.dot(direction)
        let c = oc.dot(oc) - radius * radius
        let disc = b * b - c
        guard disc >= 0 else { return nil }
        let root = disc.squareRoot()
        let t = -b - root
        if t > 1e-9 { return t }
        let far = -b + root
        return far > 1e-9 ? far : nil
    }

    /// Nearest hit on a closed vertical cylinder (side wall and top cap) standing on z = `bottomZ`:
    /// distance and outward normal.
    func hitVerticalCylinder(centreX: Double, centreY: Double, radius: Double, bottomZ: Double, topZ: Double) -> (t: Double, normal: Vector3)? {
        var best: (t: Double, normal: Vector3)?
        let ox = origin.x - centreX, oy = origin.y - centreY
        let a = direction.x * direction.x + direction.y * direction.y
        if a > 1e-12 {
            let b = ox * direction.x + oy * direction.y
            let c = ox * ox + oy * oy - radius * radius
            let disc = b * b - a * c
            if disc >= 0 {
                let t = (-b - disc.squareRoot()) / a
                let z = origin.z + direction.z * t
                if t > 1e-9, z >= bottomZ, z <= topZ {
                    best = (t, Vector3((ox + direction.x * t) / radius, (oy + direction.y * t) / radius, 0))
                }
            }
        }
        if direction.z < 0 {
            let t = (topZ - origin.z) / direction.z
            let x = ox + direction.x * t, y = oy + direction.y * t
            if t > 1e-9, x * x + y * y <= radius * radius, t < (best?.t ?? .infinity) {
                best = (t, Vector3(0, 0, 1))
            }
        }
        return best
    }
}

/// Light direction (toward the light) shared by every shader: above and behind the camera.
let sceneLight = Vector3(0, -0.6, 1).normalized

/// Lambert shading plus ambient of a base colour.
func lambert(_ base: Vector3, normal: Vector3, ambient: Double) -> Vector3 {
    base * (ambient + (1 - ambient) * max(0, normal.dot(sceneLight)))
}
