import BowlerTraxKit
import Foundation

/// Renders a `ClipSpec` into a video, its truth and its calibration file.
public enum FixtureRenderer {
    /// A shot placed on the clip's timeline.
    struct PlannedShot {
        let spec: ShotSpec
        let path: SimulatedPath
        /// Video time of the path's time 0.
        let offsetS: Double
        let shader: BallShader
        var endS: Double { offsetS + path.endTimeS }
        /// Video time when the centre crosses the foul line.
        var releaseS: Double? { path.timeS(atDistanceFt: 0).map { $0 + offsetS } }
    }

    /// Renders `spec` into `directory` (NAME.ext, NAME.truth.json, NAME.calibration.json) and returns the truth.
    @discardableResult
    public static func render(spec: ClipSpec, to directory: URL) throws -> ClipTruth {
        try spec.validate()
        let shots = try plan(spec)
        let durationS = min(spec.maxDurationS ?? .infinity, max(spec.minDurationS, (shots.last?.endS ?? 0) + spec.tailS))
        let times = frameTimes(spec: spec, durationS: durationS)
        let cameras = frameCameras(spec: spec, shots: shots, times: times)
        // A moving camera's calibration is its first frame's (its home view); the truth has every frame's camera.
        let firstCamera = cameras.first ?? PinholeCamera(spec: spec.camera, widthPx: spec.widthPx, heightPx: spec.heightPx)
        let landmarks = try Landmark.calibrationSet(camera: firstCamera)
        let people = spec.people + bowler(for: shots.filter { $0.spec.laneIndex == 0 }, spec: spec, camera: firstCamera)

        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let videoName = "\(spec.name).\(spec.container)"
        let vfr = spec.frameIntervalJitter > 0
        let fpsTicks = Int32(spec.fps.rounded())
        let encoder = try VideoEncoder(
            path: directory.appendingPathComponent(videoName).path, codec: spec.codec, width: spec.widthPx, height: spec.heightPx,
            timeBase: vfr ? (1, 90000) : (1, fpsTicks), frameRate: (fpsTicks, 1),
            quality: .init(crf: spec.crf, preset: spec.x264Preset, qscale: spec.qscale))
        var compositor = FrameCompositor(camera: firstCamera, woodTone: spec.woodTone)
        var noise = SensorNoise(sigma: spec.noiseSigma, seed: spec.seed)
        var output = [UInt8](repeating: 0, count: spec.widthPx * spec.heightPx * 3)
        var truthPaths = [[FrameTruth]](repeating: [], count: shots.count)

        for (frame, timeS) in times.enumerated() {
            let camera = cameras[frame]
            if camera.spec != compositor.camera.spec { compositor.point(camera) }
            var balls: [BallInstance] = []
            var onLane: [(shot: Int, state: PathSample, centre: Vector3)] = []
            for (k, shot) in shots.enumerated() {
                guard let state = shot.path.state(atTimeS: timeS - shot.offsetS), state.positionFt.y <= Lane.pitDistanceFt else { continue }
                let centre = state.positionFt + Vector3(Double(shot.spec.laneIndex) * LaneScene.laneSpacingFt, 0, 0)
                balls.append(BallInstance(centre: centre, orientation: state.orientation, shader: shot.shader))
                if state.positionFt.y >= 0 { onLane.append((k, state, centre)) }
            }
            let figures = people.map { PersonFigure(spec: $0, timeS: timeS) }
            compositor.draw(balls: balls, people: figures)
            noise.reseed(seed: spec.seed, frame: frame)
            compositor.canvas.withUnsafeBufferPointer { canvas in
                output.withUnsafeMutableBufferPointer { noise.apply(canvas: canvas, output: $0) }
            }
            let pts = vfr ? Int64((timeS * 90000).rounded()) : Int64(frame)
            try encoder.append(rgb: output, width: spec.widthPx, height: spec.heightPx, ptsTicks: pts)
            for entry in onLane {
                guard let pixel = camera.project(entry.centre) else { continue }
                let toBall = entry.centre - camera.origin
                let ray = Ray(origin: camera.origin, direction: toBall.normalized)
                let hidden = figures.contains { ($0.distance(ray) ?? .infinity) < toBall.length }
                let board = spec.hand.board(fromRightEdgeBoard: Lane.board(lateralFt: entry.state.positionFt.x))
                truthPaths[entry.shot].append(FrameTruth(
                    frame: frame, timeS: timeS, board: board, distanceFt: entry.state.positionFt.y, xPx: pixel.xPx, yPx: pixel.yPx,
                    radiusPx: camera.projectedRadiusPx(centre: entry.centre, radiusFt: Lane.ballRadiusFt), hidden: hidden))
            }
        }
        try encoder.finish()

        var shotTruths: [ShotTruth] = []
        for (k, shot) in shots.enumerated() {
            var truth = try ShotTruth(path: shot.path, hand: spec.hand, shot: shot.spec, ball: spec.ball, videoTimeOffsetS: shot.offsetS)
            truth.path = truthPaths[k]
            truth.firstVisibleDistanceFt = truthPaths[k].first { !$0.hidden }?.distanceFt
            shotTruths.append(truth)
        }
        let truth = ClipTruth(
            video: videoName, width: spec.widthPx, height: spec.heightPx, fps: spec.fps, frames: times.count, codec: spec.codec.rawValue,
            pixelConvention: ClipTruth.pixelConventionText, variableFrameRate: vfr, frameTimesS: times, camera: CameraTruth(firstCamera),
            frameCameras: spec.follow == nil ? nil : cameras.map(CameraTruth.init), ballHsv: spec.ball.color.triple,
            markerHsv: spec.ball.marker?.triple, swirlHsv: spec.ball.swirlTriples, hand: spec.hand,
            shots: shotTruths.filter { $0.laneIndex == 0 }, neighbourLaneShots: shotTruths.filter { $0.laneIndex != 0 },
            extraPeople: spec.people.count, landmarks: landmarks)
        try write(truth, to: directory.appendingPathComponent("\(spec.name).truth.json"))
        try write(CalibrationFile(imageWidth: spec.widthPx, imageHeight: spec.heightPx, points: landmarks),
                  to: directory.appendingPathComponent("\(spec.name).calibration.json"))
        return truth
    }

    /// Simulates every shot and places it in time: the first release after `leadS`, each next one
    /// `walkBackS` after the previous ball reached the pit.
    static func plan(_ spec: ClipSpec) throws -> [PlannedShot] {
        var planned: [PlannedShot] = []
        var releaseS = spec.leadS
        for shot in spec.shots {
            let path = BallPhysics(shot: shot, hand: spec.hand).simulate()
            guard let crossS = path.timeS(atDistanceFt: 0) else { throw FixtureError.pathTooShort(distanceFt: 0) }
            let p = PlannedShot(spec: shot, path: path, offsetS: releaseS - crossS,
                                shader: BallShader(appearance: spec.ball, initialOmega: path.samples[0].omegaRadS))
            planned.append(p)
            releaseS = p.endS + spec.walkBackS
        }
        return planned
    }

    /// The bowler of this lane's shots: walks up, stands in the camera's line to the ball at release,
    /// steps aside as the ball nears its reveal distance, and walks back between shots.
    static func bowler(for shots: [PlannedShot], spec: ClipSpec, camera: PinholeCamera) -> [PersonSpec] {
        guard !shots.isEmpty else { return [] }
        let outward: Double = spec.hand == .right ? -1 : 1
        var points: [PersonSpec.Waypoint] = []
        for shot in shots {
            guard let releaseS = shot.releaseS,
                  let release = shot.path.state(atDistanceFt: 0),
                  let revealS = shot.path.timeS(atDistanceFt: shot.spec.revealDistanceFt).map({ $0 + shot.offsetS }) else { continue }
            let standY = -2.5
            // On the line from the camera to the ball at the foul line, where it crosses y = standY.
            let f = (standY - camera.origin.y) / (0 - camera.origin.y)
            let standX = camera.origin.x + (release.positionFt.x - camera.origin.x) * f
            if let last = points.last {
                points.append(.init(timeS: last.timeS + spec.walkBackS * 0.5, xFt: standX, yFt: -9.5))
            }
            points.append(.init(timeS: releaseS - 0.6, xFt: standX, yFt: -6.5))
            points.append(.init(timeS: releaseS - 0.05, xFt: standX, yFt: standY))
            let asideS = max(releaseS, revealS - 0.04)
            points.append(.init(timeS: asideS, xFt: standX, yFt: standY))
            points.append(.init(timeS: asideS + 0.5, xFt: standX + outward * 3.2, yFt: standY + 0.3))
            points.append(.init(timeS: shot.endS, xFt: standX + outward * 3.2, yFt: standY + 0.3))
        }
        return [PersonSpec(waypoints: points)]
    }

    /// Each frame's camera: the clip's own, or with `follow` one that turns and zooms after the ball of the last shot
    /// released on the filmed lane (and holds on where that ball left the lane).
    static func frameCameras(spec: ClipSpec, shots: [PlannedShot], times: [Double]) -> [PinholeCamera] {
        let poses = spec.follow.map { follow in
            follow.cameras(home: spec.camera, times: times) { timeS in
                guard let shot = shots.last(where: { $0.spec.laneIndex == 0 && ($0.releaseS ?? .infinity) <= timeS }) else { return nil }
                return shot.path.state(atTimeS: min(timeS, shot.endS) - shot.offsetS)?.positionFt
            }
        } ?? times.map { _ in spec.camera }
        return poses.map { PinholeCamera(spec: $0, widthPx: spec.widthPx, heightPx: spec.heightPx) }
    }

    /// Presentation times: i / fps, or jittered intervals rounded to the 1/90000 time base.
    static func frameTimes(spec: ClipSpec, durationS: Double) -> [Double] {
        guard spec.frameIntervalJitter > 0 else {
            let count = Int((durationS * spec.fps).rounded(.up))
            return (0..<count).map { Double($0) / spec.fps }
        }
        var generator = SplitMix64(seed: spec.seed ^ 0xF8A3)
        var times: [Double] = []
        var ticks: Int64 = 0
        while Double(ticks) / 90000 < durationS {
            times.append(Double(ticks) / 90000)
            let interval = (1 + spec.frameIntervalJitter * (2 * generator.nextUnit() - 1)) / spec.fps
            ticks += max(1, Int64((interval * 90000).rounded()))
        }
        return times
    }

    static func write<T: Encodable>(_ value: T, to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(value).write(to: url)
        } catch {
            throw FixtureError.writeFailed(path: url.path, reason: "\(error)")
        }
    }
}
