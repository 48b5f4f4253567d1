/// Finds round things that moved against the background lately, whatever their colour: where the frame differs
/// from one taken `baselineS` before, brought into register with it (the camera's motion, chained frame by frame,
/// taken out), and a disc stands out from its surroundings there (`DiscDetector`).
///
/// The difference is taken on a copy about `workingWidth` pixels wide, so it costs little whatever the video's
/// size; the discs are then searched at full resolution around each changed blob. A ball that moved more than its
/// width leaves two blobs, itself and the place it left; only the first holds a disc. With the camera following
/// the ball, the ball barely moves in the picture but everything behind it does: registered, it is the ball that
/// changed. Reuses its buffers: one finder per pipeline, not thread-safe.
public final class MovingDiscFinder {
    /// About how wide the differenced copy is, in pixels.
    static let workingWidth = 320
    /// Colour distance (see `YUVMean`) from the registered earlier frame that counts as change.
    static let changeThreshold = 25.0
    /// Blobs of change searched for a disc, largest first: more is clutter (a crowd, a bowler's clothes).
    static let maxBlobs = 16
    /// Radii tried for a blob, in its half-widths (each search tries 0.9 to 1.1 times its radius, so these reach 0.7 to 2).
    static let radiusGuesses = [0.8, 1.25, 1.8]
    /// Smallest blob searched, in working pixels (a ball a few pixels wide near the pins still makes this).
    static let minBlobArea = 3
    /// Frames a pixel must stay the same in the picture (to within `graphicDistance`) while the scene moves behind it
    /// to be taken for a graphic laid over the picture (a broadcaster's score or pin panel), where no ball is looked
    /// for. A ball the camera follows, and the lane around it, change as it rolls: never that exactly, that long.
    static let graphicFrames: UInt8 = 3
    static let graphicDistance = 4.0

    /// How long before a frame the frame it is compared with was taken, at least (the newest such of the last
    /// `keptFrames`): a ball far down the lane, with the camera following it, moves little against the background
    /// from one frame to the next, and in two or three frames it moves clear of where it was.
    static let baselineS = 0.05
    static let keptFrames = 6

    private let discDetector = DiscDetector()
    private var current = WorkingImage()
    /// The frames before `current`, newest first, each with its time and the map of the next newer one's pixels to
    /// its own (nil: that frame was no guide).
    private var earlier: [(image: WorkingImage, timeS: Double, toThis: Homography?)] = []
    private var currentTimeS = 0.0
    /// The last frame's change mask (working pixels), and the blobs' flood fill marks.
    private var changed: [Bool] = []
    private var visited: [Bool] = []
    /// Whether `changed` holds the last frame's changes (not when it had no registered earlier frame).
    private var maskValid = false
    /// Per working pixel: for how many frames, lately, it stayed the same in the picture while the scene behind moved.
    private var fixedInPicture: [UInt8] = []
    private var stack: [Int] = []

    public init() {}

    /// Takes the next frame and marks what changed in it against an earlier one (`baseline`). `toPrevious` maps this
    /// frame's pixels to the previous frame's (nil: the previous frame is no guide, after a cut or at the start; then
    /// nothing changed). Every frame must pass here, in order, whether or not its discs are wanted.
    public func register(_ frame: VideoFrame, toPrevious: Homography?) {
        var image = earlier.count >= Self.keptFrames ? earlier.removeLast().image : WorkingImage()
        swap(&image, &current)
        earlier.insert((image, currentTimeS, toPrevious), at: 0)
        current.fill(from: frame, width: Self.workingWidth)
        currentTimeS = frame.timeS
        maskValid = false
        guard let (before, toBefore) = baseline(), before.width == current.width, before.height == current.height else { return }
        markChanges(against: before, toBefore: toBefore)
        maskValid = true
    }

    /// The frame the current one is compared with (the newest at least `baselineS` earlier, or the oldest the
    /// camera's motion reaches back to) and the map of the current frame's pixels to it.
    private func baseline() -> (WorkingImage, Homography)? {
        var found: (image: WorkingImage, map: Homography)?
        for entry in earlier {
            guard let step = entry.toThis else { break }
            found = (entry.image, found.map { step.after($0.map) } ?? step)
            if currentTimeS - entry.timeS >= Self.baselineS { break }
        }
        return found
    }

    /// The moving discs of the frame last registered (`frame`, for the full-resolution search), best contrast first.
    public func discs(in frame: VideoFrame) -> [DiscMatch] {
        guard maskValid else { return [] }
        let scale = Double(current.factor)
        var discs: [DiscMatch] = []
        for blob in blobs().prefix(Self.maxBlobs) {
            // The blob's size only hints at the ball's (a ball that moved less than its width changes in a crescent):
            // radii from two thirds to twice its half-width are tried, and the disc that stands out most is kept.
            let half = max(2, 0.5 * scale * Double(min(blob.x1 - blob.x0, blob.y1 - blob.y0)))
            let reach = 0.5 * scale * Double(max(blob.x1 - blob.x0, blob.y1 - blob.y0))
            // Centres within a radius and a bit of the blob's centre: a blob far larger than the disc is no ball.
            let searches = Self.radiusGuesses.map { guess in
                DiscSearch(centerX: scale * Double(blob.x0 + blob.x1) / 2, centerY: scale * Double(blob.y0 + blob.y1) / 2,
                           reachPx: min(reach, 1.2 * guess * half), radiusPx: guess * half, reference: nil, distanceWeight: 0)
            }
            let best = discDetector.search(searches, in: frame).compactMap { $0 }.max { $0.contrast < $1.contrast }
            if let best, best.contrast >= ShotTracker.minDiscContrast, graphicShare(of: best) < 0.5 { discs.append(best) }
        }
        return discs.sorted { $0.contrast > $1.contrast }
    }

    /// The share of a disc's inside (its inscribed square) that changed against the background in the last frame
    /// searched: near 1 for a ball rolling or swinging, near 0 for one held still or for a still round thing.
    public func changedShare(of disc: DiscMatch) -> Double {
        guard maskValid else { return 0 }
        return share(of: disc, halfSideRadii: 0.7) { changed[$0] }
    }

    /// The share of the square around a disc (its outer sides, 1.6 radii out) that is a graphic over the picture.
    private func graphicShare(of disc: DiscMatch) -> Double {
        share(of: disc, halfSideRadii: 1.6) { fixedInPicture[$0] >= Self.graphicFrames }
    }

    /// The share of the working pixels in the square of half side `halfSideRadii` radii around `disc` that `test` accepts.
    private func share(of disc: DiscMatch, halfSideRadii: Double, _ test: (Int) -> Bool) -> Double {
        let scale = Double(current.factor), half = halfSideRadii * disc.radiusPx / scale
        let x0 = max(0, Int(disc.xPx / scale - half)), x1 = min(current.width - 1, Int(disc.xPx / scale + half))
        let y0 = max(0, Int(disc.yPx / scale - half)), y1 = min(current.height - 1, Int(disc.yPx / scale + half))
        guard x0 <= x1, y0 <= y1 else { return 0 }
        var count = 0
        for row in y0...y1 { for column in x0...x1 where test(row * current.width + column) { count += 1 } }
        return Double(count) / Double((x1 - x0 + 1) * (y1 - y0 + 1))
    }

    /// Marks the working pixels whose colour differs from the earlier frame's at the same place of the scene, but
    /// not those of graphics laid over the picture: what stays put in the picture while the scene moves behind it.
    private func markChanges(against earlier: WorkingImage, toBefore toEarlier: Homography) {
        let width = current.width, height = current.height, count = width * height
        if changed.count != count || visited.count != count {
            changed = [Bool](repeating: false, count: count)
            visited = changed
            fixedInPicture = [UInt8](repeating: 0, count: count)
        }
        // The masks are worked on as locals and put back after: read through `self` in the loop, every access to them
        // is checked for exclusivity at run time, which cost more than the test itself.
        var changed = self.changed, fixedInPicture = self.fixedInPicture
        self.changed = []
        self.fixedInPicture = []
        defer { (self.changed, self.fixedInPicture) = (changed, fixedInPicture) }
        let threshold = Float(Self.changeThreshold * Self.changeThreshold), graphicFrames = Self.graphicFrames
        current.pixels.withUnsafeBufferPointer { now in
            earlier.pixels.withUnsafeBufferPointer { before in
                changed.withUnsafeMutableBufferPointer { changed in
                    fixedInPicture.withUnsafeMutableBufferPointer { fixed in
                        guard toEarlier != .identity else {
                            // A still camera (most frames of a fixed one): the scene is where it was, no graphic shows
                            // itself and none fades, and no pixel needs mapping.
                            for index in 0..<count {
                                changed[index] = fixed[index] < graphicFrames && WorkingImage.squaredDistance(now[index], before[index]) > threshold
                            }
                            return
                        }
                        Self.markChanges(now: now, before: before, earlier: earlier, map: toEarlier, scale: Double(current.factor),
                                         changed: changed, fixed: fixed)
                    }
                }
            }
        }
    }

    /// `markChanges` where the camera moved: each working pixel's centre mapped into the earlier frame and sampled
    /// there; a pixel the same in the picture while the scene moved under it counts toward a graphic.
    private static func markChanges(now: UnsafeBufferPointer<WorkingImage.Pixel>, before: UnsafeBufferPointer<WorkingImage.Pixel>,
                                    earlier: WorkingImage, map: Homography, scale: Double,
                                    changed: UnsafeMutableBufferPointer<Bool>, fixed: UnsafeMutableBufferPointer<UInt8>) {
        let width = earlier.width, height = earlier.height
        let m = (map.m[0], map.m[1], map.m[2], map.m[3], map.m[4], map.m[5], map.m[6], map.m[7], map.m[8])
        let threshold = Float(changeThreshold * changeThreshold), graphic = Float(graphicDistance * graphicDistance)
        for row in 0..<height {
            let y = (Double(row) + 0.5) * scale
            for column in 0..<width {
                // The working pixel's centre in full-resolution pixels, mapped, and back to working pixels.
                let index = row * width + column
                let x = (Double(column) + 0.5) * scale
                let w = m.6 * x + m.7 * y + m.8
                let px = (m.0 * x + m.1 * y + m.2) / w / scale - 0.5, py = (m.3 * x + m.4 * y + m.5) / w / scale - 0.5
                let here = now[index]
                let sceneMoved = (px - Double(column)) * (px - Double(column)) + (py - Double(row)) * (py - Double(row)) > 0.25
                if sceneMoved && WorkingImage.squaredDistance(here, before[index]) < graphic {
                    fixed[index] = min(fixed[index] + 1, 2 * graphicFrames)
                } else if fixed[index] > 0 && sceneMoved {
                    fixed[index] -= 1
                }
                guard fixed[index] < graphicFrames, let sample = earlier.sample(x: px, y: py, in: before) else {
                    changed[index] = false
                    continue
                }
                changed[index] = WorkingImage.squaredDistance(here, sample) > threshold
            }
        }
    }

    /// The bounding boxes (working pixels, exclusive ends) of 4-connected changed areas, largest first.
    private func blobs() -> [PixelRect] {
        let width = current.width, height = current.height
        var found: [(box: PixelRect, area: Int)] = []
        for index in visited.indices { visited[index] = false }
        for start in changed.indices where changed[start] && !visited[start] {
            visited[start] = true
            stack.removeAll(keepingCapacity: true)
            stack.append(start)
            var box = PixelRect(x0: start % width, y0: start / width, x1: start % width + 1, y1: start / width + 1), area = 0
            while let index = stack.popLast() {
                area += 1
                let x = index % width, y = index / width
                box = PixelRect(x0: min(box.x0, x), y0: min(box.y0, y), x1: max(box.x1, x + 1), y1: max(box.y1, y + 1))
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < width && ny < height {
                    let next = ny * width + nx
                    if changed[next] && !visited[next] { visited[next] = true; stack.append(next) }
                }
            }
            if area >= Self.minBlobArea && box.x1 - box.x0 < width / 4 && box.y1 - box.y0 < height / 4 { found.append((box, area)) }
        }
        return found.sorted { $0.area > $1.area }.map(\.box)
    }
}
