import BowlerTraxKit
import Foundation

/// Draws frames: the static background is ray-cast once per view (once per clip for a camera that stands still);
/// each frame restores last frame's dirty boxes and redraws only the boxes around balls, their reflections and people.
///
/// Buffers: packed RGB, rows top to bottom, stride `width * 3`, no padding; `canvas` holds floats 0-255.
struct FrameCompositor {
    /// Share of the ball's colour the glossy lane reflects.
    static let laneReflectance = 0.3
    private struct Box { var x0, y0, x1, y1, samples: Int }

    private(set) var camera: PinholeCamera
    private let scene: LaneScene
    private var background: [Float]
    private var glossy: [Bool]
    private var depthFt: [Float]
    private(set) var canvas: [Float]
    private var dirty: [Box] = []

    init(camera: PinholeCamera, woodTone: Double) {
        self.camera = camera
        scene = LaneScene(woodTone: woodTone)
        let w = camera.widthPx, h = camera.heightPx
        background = [Float](repeating: 0, count: w * h * 3)
        glossy = [Bool](repeating: false, count: w * h)
        depthFt = [Float](repeating: 0, count: w * h)
        canvas = []
        castBackground()
    }

    /// Turns to `camera`'s view (same image size): the background is cast again and the canvas starts from it.
    mutating func point(_ camera: PinholeCamera) {
        precondition(camera.widthPx == self.camera.widthPx && camera.heightPx == self.camera.heightPx, "a camera keeps its image size")
        self.camera = camera
        dirty = []
        castBackground()
    }

    /// Ray-casts the static scene through every pixel and starts the canvas from it.
    private mutating func castBackground() {
        let w = camera.widthPx, h = camera.heightPx
        for y in 0..<h {
            for x in 0..<w {
                let ray = Ray(origin: camera.origin, direction: camera.ray(xPx: Double(x) + 0.5, yPx: Double(y) + 0.5))
                let hit = scene.shade(ray)
                let i = y * w + x
                background[3 * i] = Float(min(1, hit.color.x) * 255)
                background[3 * i + 1] = Float(min(1, hit.color.y) * 255)
                background[3 * i + 2] = Float(min(1, hit.color.z) * 255)
                glossy[i] = hit.glossy
                depthFt[i] = Float(hit.depthFt)
            }
        }
        canvas = background
    }

    /// Redraws the canvas for this frame's balls and people.
    mutating func draw(balls: [BallInstance], people: [PersonFigure]) {
        let radius = Lane.ballRadiusFt
        for box in dirty { restore(box) }
        var boxes: [Box] = []
        func add(_ lo: Vector3, _ hi: Vector3, samples: Int) {
            if let b = camera.boundingBox(min: lo, max: hi) { boxes.append(Box(x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1, samples: samples)) }
        }
        for ball in balls {
            let c = ball.centre
            add(Vector3(c.x - radius, c.y - radius, c.z - radius), Vector3(c.x + radius, c.y + radius, c.z + radius), samples: 3)
            // The mirror image sits below the lane surface.
            add(Vector3(c.x - radius, c.y - radius, -c.z - radius), Vector3(c.x + radius, c.y + radius, 0), samples: 3)
        }
        for person in people { add(person.boxMin, person.boxMax, samples: 1) }
        for box in boxes { redraw(box, balls: balls, people: people) }
        dirty = boxes
    }

    private mutating func restore(_ box: Box) {
        let w = camera.widthPx
        for y in box.y0..<box.y1 {
            let row = (y * w + box.x0) * 3
            let count = (box.x1 - box.x0) * 3
            canvas.replaceSubrange(row..<(row + count), with: background[row..<(row + count)])
        }
    }

    /// Each pixel is computed from the background and every dynamic object, so overlapping boxes agree.
    private mutating func redraw(_ box: Box, balls: [BallInstance], people: [PersonFigure]) {
        let w = camera.widthPx
        let n = box.samples
        let weight = 1 / Double(n * n)
        for y in box.y0..<box.y1 {
            for x in box.x0..<box.x1 {
                let i = y * w + x
                let bg = Vector3(Double(background[3 * i]), Double(background[3 * i + 1]), Double(background[3 * i + 2])) * (1.0 / 255)
                var sum = Vector3.zero
                for sy in 0..<n {
                    for sx in 0..<n {
                        let direction = camera.ray(xPx: Double(x) + (Double(sx) + 0.5) / Double(n), yPx: Double(y) + (Double(sy) + 0.5) / Double(n))
                        let ray = Ray(origin: camera.origin, direction: direction)
                        sum = sum + sample(ray, background: bg, pixel: i, balls: balls, people: people)
                    }
                }
                let c = sum * (weight * 255)
                canvas[3 * i] = Float(min(255, c.x))
                canvas[3 * i + 1] = Float(min(255, c.y))
                canvas[3 * i + 2] = Float(min(255, c.z))
            }
        }
    }

    private func sample(_ ray: Ray, background bg: Vector3, pixel i: Int, balls: [BallInstance], people: [PersonFigure]) -> Vector3 {
        var color = bg
        var limit = Double(depthFt[i])
        if glossy[i], ray.direction.z < 0 {
            let t = -ray.origin.z / ray.direction.z
            let mirrored = Ray(origin: ray.point(at: t), direction: Vector3(ray.direction.x, ray.direction.y, -ray.direction.z))
            for ball in balls {
                if let hit = ball.hit(mirrored, limitFt: .infinity) {
                    color = color * (1 - FrameCompositor.laneReflectance) + hit.color * FrameCompositor.laneReflectance
                    break
                }
            }
        }
        for person in people {
            if let hit = person.hit(ray), hit.t < limit { limit = hit.t; color = hit.color }
        }
        for ball in balls {
            if let hit = ball.hit(ray, limitFt: limit) { limit = hit.t; color = hit.color }
        }
        return color
    }
}
