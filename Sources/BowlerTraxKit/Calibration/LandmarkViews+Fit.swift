// MARK: - One calibration of the first frame from every view's landmarks

extension LandmarkViews {
    /// One landmark as the views that found it place it in the first frame's picture.
    public struct Pooled: Sendable {
        /// The landmark at the median of the pixels of the first `pooledViews` views that found it (the mean of the
        /// middle two for an even count).
        public var proposal: LaneFinder.Proposal
        /// The frames it was found in.
        public var frames: [Int]
    }

    /// Every landmark found, once, in the order first found: a landmark seen in several views is where most of the
    /// first `pooledViews` of them put it, each carried with its own registration error (a pixel or two on the
    /// panning fixture).
    public var pooled: [Pooled] { Self.pooled(views) }

    /// The views, in the order read, whose carried pixels place a landmark. A view carried back over more of the
    /// camera's motion carries more registration error: on test/Task2 02, the views of the far zoom (frames 56 to
    /// 152) put the pins 18 px above where frame 0 shows their bases, frames 19 and 45 by them, and the median of
    /// all was the far views'. Three still outvote one wrong view.
    static let pooledViews = 3

    static func pooled(_ views: [View]) -> [Pooled] {
        var names: [String] = [], found: [String: [(frame: Int, proposal: LaneFinder.Proposal)]] = [:]
        for view in views {
            for proposal in view.proposals {
                let name = proposal.point.name ?? "board \(proposal.point.board) at \(proposal.point.distanceFt) ft"
                if found[name] == nil { names.append(name) }
                found[name, default: []].append((view.frame, proposal))
            }
        }
        return names.compactMap { name in
            guard let found = found[name], var proposal = found.first?.proposal else { return nil }
            let placing = found.prefix(Self.pooledViews)
            proposal.point.xPx = Self.median(placing.map(\.proposal.point.xPx))
            proposal.point.yPx = Self.median(placing.map(\.proposal.point.yPx))
            proposal.confidence = Self.median(placing.map(\.proposal.confidence))
            return Pooled(proposal: proposal, frames: found.map(\.frame))
        }
    }

    /// The calibration of the first frame fitted to the pooled landmarks.
    public struct Fit: Sendable {
        /// The landmarks fitted, with the distances of `layout`'s arrows.
        public var kept: [Pooled]
        /// Landmarks left out as inconsistent with the rest, in the order dropped, each with how far from it the fit
        /// that held it put it; or, where with it no camera fitted them (`fixedNoCamera`), the fit of the others.
        public var dropped: [(landmark: Pooled, errorPx: Double, fixedNoCamera: Bool)]
        /// Views with landmarks left out before fitting: they found another lane than the one the ball rolled down, or
        /// where the ball told none, than most views did (`onTheLane`).
        public var otherLane: [Int]
        /// The views whose lane's edges hold the ball's path (`onTheLane`); empty where the ball told no lane.
        public var holdingTheBall: [Int] = []
        /// Whether the ball's path told which lane is bowled.
        public var laneOfTheBall: Bool { !holdingTheBall.isEmpty }
        /// Views left out, in the order dropped: with them, the fit of all views left at the time read the lane's
        /// edges found in some view as far as `withBoards` from their boards; without, the fit of the others read the
        /// edges of the rest within `withoutBoards` (a view that took another lane, the lane's edges wrong zoomed in
        /// on the pins, or a wrong landmark pulling the fit).
        public var droppedViews: [(frame: Int, withBoards: Double, withoutBoards: Double)]
        /// The arrow layout chosen, when any landmark rests on the arrows.
        public var layout: ArrowLayoutChoice?
        public var calibration: LaneCalibration
    }

    /// The lane's edges found in every view a landmark of `kept` comes from, read through `calibration`: throws
    /// `edgesOffFit` for the worst reading more than `LaneEdges.toleranceBoards` off, else returns the largest offset.
    public func checkEdges(_ calibration: LaneCalibration, of kept: [Pooled]) throws -> Double {
        let used = Set(kept.flatMap(\.frames))
        let landmarks = kept.map(\.proposal.point)
        return try views.filter { used.contains($0.frame) }.map { try $0.edges.check(calibration, landmarks: landmarks) }.max() ?? 0
    }

    /// Fewest landmarks left once one is dropped: with four a homography fits any of them exactly, so the one dropped
    /// might have been the right one and nothing would tell.
    static let minKeptAfterDrop = 5

    /// Fits one calibration of the first frame to the pooled landmarks of the views `onTheLane` (refused when the
    /// ball tells no lane and more views with landmarks found another lane: a majority of views is no sign of the
    /// bowled lane then; refused when the ball rolls up the lane outside every view's lane, `rollsDownTheLane`), as
    /// `calibrate --auto`
    /// fits one view's landmarks (the arrow layout chosen by the fit, k1 fitted from 8 landmarks). Views can disagree
    /// (a pin found on a scoreboard in one, a view carried back a few pixels off): while a landmark is farther than
    /// `maxErrorPx` from the fit and at least `minKeptAfterDrop` would remain, the worst is dropped and the rest fitted
    /// again. The landmarks kept must spread
    /// 10 ft down the lane (`LaneFinder.minDistanceSpanFt`). Then each view a landmark comes from must read its own
    /// lane's edges through the fit as the lane's edges (`LaneEdges.check`): while one does not and another view is
    /// used, a view is left out whole (zoomed in on the pins, a view can take a neighbouring lane, or a bright gutter
    /// cap for an edge, or find a wrong landmark; `leftOut` says which) and the rest fitted again. Throws what refuses
    /// it; a fit left with a landmark over `maxErrorPx` is returned (its picture shows which), then checked as one
    /// view's is, with `checkEdges`.
    public func fit(imageSize: PixelSize, maxErrorPx: Double) throws -> Fit {
        let lane = onTheLane
        var views = lane.views, droppedViews: [(frame: Int, withBoards: Double, withoutBoards: Double)] = []
        let otherLane = self.views.filter { view in !view.proposals.isEmpty && !views.contains { $0.frame == view.frame } }.map(\.frame)
        if lane.holdingTheBall.isEmpty, Self.rollsDownTheLane(ballPath, imageHeight: imageSize.height) {
            throw CalibrationError.laneNotFound(reason: "\(viewsRead); the ball, followed over \(ballPath.count) frames up the lane, rolls outside the lane found in every one of them: that is not the lane bowled; click its landmarks with --html")
        }
        if lane.holdingTheBall.isEmpty, otherLane.count > views.count {
            throw CalibrationError.laneNotFound(reason: "\(viewsRead); more of them found landmarks on another lane (frames \(Self.list(otherLane))) than on the lane most found (\(views.isEmpty ? "none" : "frames " + Self.list(views.map(\.frame)))): which lane is bowled is unclear; click its landmarks with --html")
        }
        // The edges' refusal of the last view left out: what is thrown when the views left fit nothing.
        var edgesRefusal: Error?
        // The fit of the views left, when `leftOut` fitted them already.
        var refitted: Fit?
        while true {
            var fit: Fit
            do {
                fit = try refitted ?? fitLandmarks(of: views, imageSize: imageSize, maxErrorPx: maxErrorPx)
            } catch {
                // The views left once one was left out for its edges fit nothing (test 12: frame 0's 11 landmarks read
                // its right edge over 2 boards off, and view 48's three arrow tips on one arm and a pin fix no camera):
                // the edges are the reason, not that the few left lie on a line.
                throw edgesRefusal ?? error
            }
            fit.droppedViews = droppedViews
            fit.otherLane = otherLane
            fit.holdingTheBall = lane.holdingTheBall
            let usedFrames = Set(fit.kept.flatMap(\.frames))
            let used = views.filter { usedFrames.contains($0.frame) }
            let worst = Self.worstOffset(of: used, through: fit.calibration)
            guard fit.calibration.maxErrorPx <= maxErrorPx, used.count > 1, worst > LaneEdges.toleranceBoards else { return fit }
            let left = leftOut(of: used, among: views, through: fit.calibration, imageSize: imageSize, maxErrorPx: maxErrorPx)
            droppedViews.append((left.view.frame, worst, left.restBoards))
            do { try left.view.edges.check(left.refit?.calibration ?? fit.calibration) } catch { edgesRefusal = error }
            views.removeAll { $0.frame == left.view.frame }
            refitted = left.refit
        }
    }

    /// The view of `used` to leave out when their edges do not all read true through `calibration` (the fit of
    /// `views`), with how far the rest's edges read off without it, and the fit of the rest where it was fitted
    /// (`fit` goes on with it rather than fit them again): the latest view without which the rest, refitted, all read
    /// their edges within `LaneEdges.toleranceBoards`; where no single view does that, the latest view whose own edges
    /// read off through `calibration`. The latest, because a view
    /// carried back over more of the camera's motion carries more registration error. Not simply the view read
    /// worst: a wrong landmark pulls the fit toward its own view, so that the right views read worst (test/Task2 11:
    /// the guide dots of frame 34's view made the fit read the first view's edges, the foul line's view, 4.3 boards
    /// off, and the foul line was left out with it). Nor the one whose absence the rest read best: where the views
    /// carried back from the far zoom disagree with the near ones as a group (test/Task2 02), leaving one out helps a
    /// little each time, and leaving out the most helpful one each time left out the near views.
    func leftOut(of used: [View], among views: [View], through calibration: LaneCalibration, imageSize: PixelSize,
                 maxErrorPx: Double) -> (view: View, restBoards: Double, refit: Fit?) {
        // The latest first: the first whose absence resolves the rest is the one, and the earlier need no refit.
        for view in used.sorted(by: { $0.frame > $1.frame }) {
            let others = views.filter { $0.frame != view.frame }
            guard let fit = try? fitLandmarks(of: others, imageSize: imageSize, maxErrorPx: maxErrorPx),
                  fit.calibration.maxErrorPx <= maxErrorPx else { continue }
            let usedByFit = Set(fit.kept.flatMap(\.frames))
            let rest = Self.worstOffset(of: others.filter { usedByFit.contains($0.frame) }, through: fit.calibration)
            if rest <= LaneEdges.toleranceBoards { return (view, rest, fit) }
        }
        let off = used.filter { Self.worstOffset(of: [$0], through: calibration) > LaneEdges.toleranceBoards }
        let worst = off.max { $0.frame < $1.frame } ?? used[used.count - 1]
        return (worst, Self.worstOffset(of: used.filter { $0.frame != worst.frame }, through: calibration), nil)
    }

    /// The largest offset (boards) at which `calibration` reads any of the views' own lane edges.
    static func worstOffset(of views: [View], through calibration: LaneCalibration) -> Double {
        views.flatMap { $0.edges.readings(calibration).map(\.offsetBoards) }.max() ?? 0
    }

    /// The views with landmarks on the bowled lane, and the frames of the views whose edges hold the ball's path (none:
    /// the ball told no lane). Each view the lane was found in votes for the views whose lane lies where its own does,
    /// landmarks or none (the camera keeps the bowled lane in view, and the finder takes the lane nearest the
    /// picture's centre); the lane is that of the view with most votes (on a tie, the one whose agreeing views hold more landmarks) among the views whose
    /// edges hold at least `ballShare` of `ballPath` (the rest of it: the bowler's swing beside the lane, sightings
    /// carried a few pixels off near the pins), or among all views where none holds that much (the ball not followed,
    /// or not on a lane found). The bowled lane is the one the ball rolls down: the finder can take the lane beside it
    /// in most views (test 05: the lane to the right, the bowled lane's pins found only in the views that frame it
    /// closely). The ball alone does not choose: a view whose edges are found too narrow, or carried back a few
    /// pixels off, can hold the ball's path as well (test 15's view of frame 79, 10 boards narrow). Zoomed in on the
    /// pins, a view can take a neighbouring lane, or find a pin of one (train 11's head pin, carried into frame 0,
    /// lies on three lanes): pooled with the rest, such landmarks had fitted no camera at all.
    var onTheLane: (views: [View], holdingTheBall: [Int]) {
        let support = views.map { view in
            views.filter { Self.sameLane(view.edges, $0.edges) }.reduce((views: 0, landmarks: 0)) { ($0.views + 1, $0.landmarks + $1.proposals.count) }
        }
        let holding = ballPath.isEmpty ? [] : views.indices.filter { index in
            Double(ballPath.filter { views[index].edges.holds(x: $0.x, y: $0.y) }.count) >= Self.ballShare * Double(ballPath.count)
        }
        guard let best = (holding.isEmpty ? Array(views.indices) : holding).max(by: { support[$0] < support[$1] }) else { return ([], []) }
        return (views.filter { !$0.proposals.isEmpty && Self.sameLane(views[best].edges, $0.edges) }, holding.map { views[$0].frame })
    }

    /// The share of the ball's path one lane's edges must hold for the ball to tell the bowled lane.
    static let ballShare = 0.5

    /// Whether `path` is a ball followed rolling up the lane, not a few sightings of the bowler or the swing: at least
    /// `minRollingSightings` of them, rising `minRollingRise` of the picture's height. When no view's lane holds such a
    /// path, the lane found is not the one bowled, and its calibration is refused: test/Task2 12's views all took
    /// the lane left of the ball return (the finder's lane nearest the picture's centre), the bowler's 10-pin spare
    /// rolling down the lane right of it, 70 sightings rising from row 510 to 240 of 720. A path no view holds that is
    /// not so (the ball not followed) tells nothing: the views' majority decides, as where there is none.
    static func rollsDownTheLane(_ path: [(x: Double, y: Double)], imageHeight: Int) -> Bool {
        guard path.count >= minRollingSightings, let top = path.map(\.y).min(), let bottom = path.map(\.y).max() else { return false }
        return bottom - top >= minRollingRise * Double(imageHeight)
    }

    /// Fewest sightings of a ball followed rolling up the lane (`rollsDownTheLane`): a second at 30 fps.
    static let minRollingSightings = 30
    /// Share of the picture's height a ball followed rolling up the lane rises at least (`rollsDownTheLane`).
    static let minRollingRise = 0.25

    /// How far apart (in boards of the lane's width there) two views' edges may lie and still be of one lane: a
    /// neighbouring lane lies 56 boards over (its own 39 and two gutters of 9.25 in), while a view's edges are found
    /// within 0.4 to 3.5 boards of hand marks on TV frames and carried a few pixels off.
    public static let sameLaneBoards = 10.0

    /// Whether each view's edges lie within `sameLaneBoards` of the other's on 5 rows of its own span.
    static func sameLane(_ a: LaneEdges, _ b: LaneEdges) -> Bool {
        func near(_ a: LaneEdges, _ b: LaneEdges) -> Bool {
            (0..<5).allSatisfy { step in
                let y = a.nearY + (a.farY - a.nearY) * Double(step) / 4, width = a.right.at(y) - a.left.at(y)
                guard width > 0 else { return false }
                let apart = max(abs(a.left.at(y) - b.left.at(y)), abs(a.right.at(y) - b.right.at(y)))
                return apart / width * Double(Lane.boardCount) <= sameLaneBoards
            }
        }
        return near(a, b) && near(b, a)
    }

    /// `fit`'s landmarks of `views`, pooled, dropping the worst while one is off the fit (the views' edges unchecked).
    func fitLandmarks(of views: [View], imageSize: PixelSize, maxErrorPx: Double) throws -> Fit {
        var kept = Self.pooled(views), dropped: [(landmark: Pooled, errorPx: Double, fixedNoCamera: Bool)] = []
        while true {
            if let reason = LaneFinder.shortfall(kept.map(\.proposal.point), few: { "only \($0) found over \(viewsRead)" },
                                                 band: { "\($0) gathered over \(viewsRead)" }) {
                throw CalibrationError.laneNotFound(reason: reason)
            }
            let layout: ArrowLayoutChoice?, calibration: LaneCalibration
            do {
                (layout, calibration) = try Self.calibration(of: kept, imageSize: imageSize)
            } catch let error as CalibrationError where Self.fixesNoCamera(error) {
                // One wrong landmark can leave no camera that sees them all (test/Task2 14: the 4 pin of view 88, 60 px
                // off): the one without which the rest fit best is dropped.
                guard kept.count > Self.minKeptAfterDrop else { throw error }
                let trials = kept.indices.compactMap { i -> (index: Int, errorPx: Double, offPx: Double)? in
                    let point = kept[i].proposal.point
                    guard let rest = try? Self.calibration(of: kept.enumerated().filter { $0.offset != i }.map(\.element), imageSize: imageSize),
                          let at = rest.calibration.pixel(of: point) else { return nil }
                    let dx = at.x - point.xPx, dy = at.y - point.yPx
                    return (i, rest.calibration.maxErrorPx, (dx * dx + dy * dy).squareRoot())
                }
                guard let best = trials.min(by: { $0.errorPx < $1.errorPx }) else { throw error }
                dropped.append((kept[best.index], best.offPx, true))
                kept.remove(at: best.index)
                continue
            }
            let proposals = layout?.proposals ?? kept.map(\.proposal)
            for i in kept.indices { kept[i].proposal = proposals[i] }
            guard let worst = calibration.residuals.indices.max(by: { calibration.residuals[$0].errorPx < calibration.residuals[$1].errorPx }),
                  calibration.residuals[worst].errorPx > maxErrorPx, kept.count > Self.minKeptAfterDrop else {
                return Fit(kept: kept, dropped: dropped, otherLane: [], droppedViews: [], layout: layout, calibration: calibration)
            }
            dropped.append((kept[worst], calibration.residuals[worst].errorPx, false))
            kept.remove(at: worst)
        }
    }

    /// Whether `error` says the landmarks fix no camera that sees the lane: no focal length fits them, the fit folds
    /// the lane over, or its camera has no lens.
    static func fixesNoCamera(_ error: CalibrationError) -> Bool {
        switch error {
        case .noCamera, .foldedFit, .noLens: true
        default: false
        }
    }

    /// The fit of `kept`, its arrows' layout chosen where it has arrow tips.
    static func calibration(of kept: [Pooled], imageSize: PixelSize) throws -> (layout: ArrowLayoutChoice?, calibration: LaneCalibration) {
        let layout = LaneFinder.chooseArrowLayout(kept.map(\.proposal), imageSize: imageSize)
        let proposals = layout?.proposals ?? kept.map(\.proposal)
        return (layout, try layout?.calibration
            ?? LaneCalibration(file: CalibrationFile(imageSize: imageSize, points: proposals.map(\.point)), source: "auto", fitDistortion: true))
    }

    /// The views looked in, for messages: "9 views of frames 0 to 208 (the camera's motion lost at frame 209), the lane found in 7".
    public var viewsRead: String {
        let lost = lostAt.map { " (the camera's motion lost at frame \($0))" } ?? ""
        return "\(lookedIn.count) view\(lookedIn.count == 1 ? "" : "s") of frames 0 to \(max(framesRead - 1, 0))\(lost), the lane found in \(views.count)"
    }

    static func list(_ frames: [Int]) -> String { frames.map(String.init).joined(separator: ", ") }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted(), middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
