import BowlerTraxKit

/// Per-frame time of each stage on one clip, calling the library's stages one by one on one thread.
///
/// The loop mirrors ShotPipeline.track (window from the tracker, full search when the window
/// comes up empty), so the detection times are the ones the pipeline pays. Besides, every frame
/// gets a full-frame search too, so the full-search distribution covers every frame.
struct StageBench {
    let path: String
    let profile: BallProfile
    let threads: Int

    struct Result {
        var size = PixelSize(width: 0, height: 0)
        var decode = TimingSamples()
        /// The colour table read alone over the pixels the pipeline searches (a mask written, nothing labelled).
        var threshold = TimingSamples()
        /// ComponentLabeler.label: the table read fused with run finding, union-find and statistics.
        var components = TimingSamples()
        /// BallDetector.detect as the pipeline calls it: components plus outline fits of the candidates.
        var detection = TimingSamples()
        /// Detection inside the tracker's window (frames where the tracker gave one).
        var trackedDetection = TimingSamples()
        /// Detection over the whole search region, every frame (the pipeline's own search when it made one).
        var fullDetection = TimingSamples()
        var tracking = TimingSamples()
        /// ShotMeasurer.measure, once per shot.
        var measurement = TimingSamples()
    }

    func run() throws -> Result {
        let decoder = try FrameDecoder(path: path, threads: threads)
        var result = Result()
        result.size = PixelSize(width: decoder.width, height: decoder.height)
        let calibration = try BenchOptions.calibration(for: path, size: result.size)
        let region = calibration.searchRegion()
        let detector = BallDetector(profile: profile, region: region, sizeModel: calibration)
        let labeler = ComponentLabeler()
        let tracker = ShotTracker(calibration: calibration)
        let measurer = ShotMeasurer(calibration: calibration, hand: .right)
        var threshold = MaskThreshold(width: decoder.width, height: decoder.height)
        var table: ColorLookupTable?
        var shots = 0

        var pending = TimingSamples()
        while let frame = try pending.time({ try decoder.nextFrame() }) {
            result.decode.record(pending.last)
            if table == nil { table = ColorLookupTable(profile: profile, encoding: frame.encoding) }
            guard let table else { break }
            let window = tracker.searchWindow(frame: frame.index, atTimeS: frame.timeS, imageSize: frame.size)
            result.threshold.time { threshold.apply(table, to: frame, region: region, window: window) }
            _ = result.components.time { labeler.label(frame: frame, table: table, region: region, window: window, minAreaPx: 6) }
            // As ShotPipeline.track: the window first, the whole region when the window holds nothing.
            var candidates: [BallCandidate] = []
            var pipelineNs: (wall: UInt64, cpu: UInt64) = (0, 0)
            if let window {
                candidates = result.trackedDetection.time { detector.detect(in: frame, window: window) }
                pipelineNs = result.trackedDetection.last
            }
            if candidates.isEmpty || window == nil {
                // Lost from its window or not yet followed: this frame's full search is the pipeline's own.
                candidates = result.fullDetection.time { detector.detect(in: frame) }
                pipelineNs = (pipelineNs.wall + result.fullDetection.last.wall, pipelineNs.cpu + result.fullDetection.last.cpu)
            } else {
                // Found in its window: a full search is timed besides, so every frame has one.
                _ = result.fullDetection.time { detector.detect(in: frame) }
            }
            result.detection.record(pipelineNs)
            let track = result.tracking.time { tracker.update(frame: frame.index, timeS: frame.timeS, candidates: candidates) }
            if let track {
                shots += 1
                _ = result.measurement.time { measurer.measure(track, shotNumber: shots) }
            }
        }
        if let track = tracker.finish() {
            shots += 1
            _ = result.measurement.time { measurer.measure(track, shotNumber: shots) }
        }
        guard result.decode.count > 0 else { throw BenchError.emptyClip(path: path) }
        return result
    }
}
