import BowlerTraxKit

// MARK: - `--auto`: the landmarks of the picture, or of the views a moving camera turns to

/// `--auto`'s landmarks and their fit, and the lane's edges found with them, which check it.
struct AutoFit {
    var points: [LandmarkPoint]
    /// The fit that chose the arrow layout; nil when no landmark rests on the arrows or no camera fits them (fitting
    /// them again says why).
    var calibration: LaneCalibration?
    /// Where the edges were found, for the line that says how the fit reads them: "in the picture".
    var edgesSeen: String
    /// Reads the edges through a fit of `points`: throws `edgesOffFit` for one too far off, else returns the largest offset.
    var checkEdges: (LaneCalibration) throws -> Double
}

extension CalibrateCommand {
    /// The landmarks found in the picture and their fit. When `video` is given (the picture is its first view) and that
    /// fit is refused (too few landmarks, one off the fit, the edges read wrong), the landmarks are looked for in the
    /// views the camera turns and zooms to, carried back into the first frame's picture and fitted there together
    /// (`LandmarkViews`): TV coverage shows the arrows and pins clearly only once it follows the ball.
    static func autoFit(_ frame: CalibrationFrame, gatheringOver video: String?, maxErrorPx: Double, show: (String) -> Void) throws -> AutoFit {
        guard let video else { return try firstView(frame, show: show) }
        let refusal: CalibrationError
        do {
            var first = try firstView(frame, show: show)
            first.calibration = try first.checkedFit(size: frame.size, maxErrorPx: maxErrorPx)
            return first
        } catch let error as CalibrationError {
            refusal = error
        }
        show("The first view is refused (\(refusal)): the lane is looked for in the views the camera moves to, carried back into frame 0's picture.\n")
        let views = try LandmarkViews.read(path: video, first: frame)
        let fit = try views.fit(imageSize: frame.size, maxErrorPx: maxErrorPx)
        show(gatheredTable(fit, views: views))
        return AutoFit(points: fit.kept.map(\.proposal.point), calibration: fit.calibration, edgesSeen: "in the views they came from",
                       checkEdges: { try views.checkEdges($0, of: fit.kept) })
    }

    /// The landmarks `LaneFinder` finds in the picture, with the arrow layout that fits them best.
    static func firstView(_ frame: CalibrationFrame, show: (String) -> Void) throws -> AutoFit {
        let found = try LaneFinder(image: frame.image).find()
        let layout = LaneFinder.chooseArrowLayout(found.proposals, imageSize: frame.size)
        let proposals = layout?.proposals ?? found.proposals
        show(proposalTable(proposals) + (layout?.summary ?? ""))
        for weak in proposals where weak.confidence < LaneFinder.weakConfidence {
            Streams.standardError("Warning: weak evidence for \"\(weak.point.name ?? "?")\" (confidence \(ShotTable.format(weak.confidence, 2))): \(weak.evidence)\n")
        }
        return AutoFit(points: proposals.map(\.point), calibration: layout?.calibration, edgesSeen: "in the picture", checkEdges: { try found.edges.check($0, landmarks: proposals.map(\.point)) })
    }

    /// Throws `residualTooLarge` for the landmark farthest from `calibration` when it is over `maxErrorPx`.
    static func checkResiduals(_ calibration: LaneCalibration, source: String, maxErrorPx: Double) throws {
        if let worst = calibration.residuals.max(by: { $0.errorPx < $1.errorPx }), worst.errorPx > maxErrorPx {
            throw CalibrationError.residualTooLarge(path: source, name: worst.name ?? "?", errorPx: worst.errorPx, maxErrorPx: maxErrorPx)
        }
    }

    /// The views read, each landmark fitted with the frames it was found in (pixels of frame 0, the median of where
    /// those views put it), and those left out as inconsistent with the rest.
    static func gatheredTable(_ fit: LandmarkViews.Fit, views: LandmarkViews) -> String {
        var text = "Looked in \(views.viewsRead): frames \(views.views.map { String($0.frame) }.joined(separator: ", ")).\n"
        if fit.laneOfTheBall {
            text += "The ball, seen in \(views.ballPath.count) frames, rolls between the lane's edges found in frames \(fit.holdingTheBall.map(String.init).joined(separator: ", ")): the lane bowled.\n"
        }
        text += "Gathered \(fit.kept.count) landmarks (pixels of frame 0):\n"
        text += pad("landmark", 28) + lpad("x px", 9) + lpad("y px", 9) + lpad("confidence", 12) + "  frames\n"
        for landmark in fit.kept {
            let point = landmark.proposal.point
            text += pad(point.name ?? "?", 28) + lpad(ShotTable.format(point.xPx, 2), 9) + lpad(ShotTable.format(point.yPx, 2), 9)
                + lpad(ShotTable.format(landmark.proposal.confidence, 2), 12) + "  " + landmark.frames.map(String.init).joined(separator: ", ") + "\n"
        }
        if !fit.otherLane.isEmpty {
            text += "Left out: the landmarks of frames \(fit.otherLane.map(String.init).joined(separator: ", ")), whose lane lies more than \(JSONText.number(LandmarkViews.sameLaneBoards, digits: 0)) boards from the lane \(fit.laneOfTheBall ? "the ball rolled down" : "most views found").\n"
        }
        for (landmark, errorPx, fixedNoCamera) in fit.dropped {
            let how = fixedNoCamera ? "with it no camera fits them; the others' fit places it \(ShotTable.format(errorPx, 1)) px away"
                : "\(ShotTable.format(errorPx, 1)) px from the fit that held it"
            text += "Left out: \"\(landmark.proposal.point.name ?? "?")\" (frames \(landmark.frames.map(String.init).joined(separator: ", "))), \(how).\n"
        }
        for (frame, withBoards, withoutBoards) in fit.droppedViews {
            text += "Left out: the view of frame \(frame): with it, the fit read the views' lane edges up to \(ShotTable.format(withBoards, 1)) boards off; without it, the others' within \(ShotTable.format(withoutBoards, 1)).\n"
        }
        return text + (fit.layout?.summary ?? "")
    }
}

extension AutoFit {
    /// The fit of these landmarks, checked as `calibrate` checks it (throws what refuses it): kept, so it is not fitted
    /// again.
    func checkedFit(size: PixelSize, maxErrorPx: Double) throws -> LaneCalibration {
        let fitted = try calibration ?? LaneCalibration(file: CalibrationFile(imageSize: size, points: points), source: "auto", fitDistortion: true)
        try CalibrateCommand.checkResiduals(fitted, source: "auto", maxErrorPx: maxErrorPx)
        _ = try checkEdges(fitted)
        return fitted
    }
}
