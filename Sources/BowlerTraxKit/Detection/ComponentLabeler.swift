/// A connected blob of ball-coloured pixels.
public struct Component: Sendable, Equatable {
    public var areaPx: Int
    public var markerAreaPx: Int
    /// Centroid in continuous pixel coordinates (pixel i covers [i, i+1)).
    public var centroidX: Double
    public var centroidY: Double
    public var bounds: PixelRect
    /// Index of its first run in the labeler's run list; runs of one component are found by `label`.
    public var label: Int32
}

/// A horizontal run of mask pixels in one row, `[start, end)`.
struct Run {
    var row: Int32
    var start: Int32
    var end: Int32
    var label: Int32
    var markerCount: Int32
}

/// Labels 8-connected components of the colour mask, run by run.
///
/// Run-based union-find labelling (He, Chao, Suzuki, "A run-based two-scan labeling algorithm",
/// IEEE TIP 2008): each row's runs are found with one table read per pixel, a run joins every run
/// of the row above that touches it, including diagonally:
///
///     row above:   ...[=====]....
///     this row:    ..........[===]   touches: previous.start <= run.end && run.start <= previous.end
///
/// Labelling and statistics are separate passes; the run and parent tables keep their capacity
/// from frame to frame, so nothing is allocated per pixel or, once warm, per frame.
public final class ComponentLabeler {
    private(set) var runs: [Run] = []
    private var parent: [Int32] = []
    private var statistics: [Statistics] = []
    public private(set) var components: [Component] = []

    private struct Statistics {
        var area = 0
        var marker = 0
        var sumX = 0
        var sumY = 0
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    }

    public init() {
        runs.reserveCapacity(1 << 14)
        parent.reserveCapacity(1 << 14)
    }

    /// Finds the components in `region` ∩ `window` of `frame` whose area is at least `minAreaPx`.
    public func label(frame: VideoFrame, table: ColorLookupTable, region: SearchRegion, window: PixelRect?, minAreaPx: Int) -> [Component] {
        precondition(region.width == frame.width && region.height == frame.height, "search region \(region.width)x\(region.height) for a \(frame.size) frame")
        scanRuns(frame: frame, table: table, region: region, window: window)
        collect(minAreaPx: minAreaPx)
        return components
    }

    /// Calls `body(row, start, end)` for every run of the component `label`, top row first.
    public func forEachRun(of label: Int32, _ body: (Int, Int, Int) -> Void) {
        for run in runs where run.label == label { body(Int(run.row), Int(run.start), Int(run.end)) }
    }

    private func scanRuns(frame: VideoFrame, table: ColorLookupTable, region: SearchRegion, window: PixelRect?) {
        runs.removeAll(keepingCapacity: true)
        parent.removeAll(keepingCapacity: true)
        let yPlane = frame.plane(0), uPlane = frame.plane(1), vPlane = frame.plane(2)
        let yStride = frame.stride(0), uStride = frame.stride(1), vStride = frame.stride(2)
        let shiftX = frame.chromaShiftX, shiftY = frame.chromaShiftY
        let rowStart = max(0, window?.y0 ?? 0), rowEnd = min(frame.height, window?.y1 ?? frame.height)
        guard rowStart < rowEnd else { return }
        var previousRowFirst = 0, previousRowEnd = 0
        table.entries.withUnsafeBufferPointer { lut in table.chromaEntries.withUnsafeBufferPointer { chromaLUT in
            for row in rowStart..<rowEnd {
                let span = region.spans[row]
                let x0 = max(span.start, window?.x0 ?? 0), x1 = min(span.end, window?.x1 ?? frame.width)
                let thisRowFirst = runs.count
                if x0 < x1 {
                    let yRow = yPlane + row * yStride
                    let uRow = uPlane + (row >> shiftY) * uStride
                    let vRow = vPlane + (row >> shiftY) * vStride
                    let lastChroma = (x1 - 1) >> shiftX
                    var x = x0
                    while x < x1 {
                        // Most of the lane is far from the ball's colour: one chroma read rules out all the
                        // pixels sharing that sample, so luma is read only where the chroma could match.
                        let chroma = table.firstPossibleChroma(from: x >> shiftX, through: lastChroma, u: uRow, v: vRow, chromaLUT: chromaLUT)
                        x = max(x, chroma << shiftX)
                        guard x < x1 else { break }
                        var bits = lut[ColorLookupTable.index(y: yRow[x], u: uRow[x >> shiftX], v: vRow[x >> shiftX])]
                        if bits == 0 { x += 1; continue }
                        let start = x
                        var markers: Int32 = 0
                        while bits != 0 {
                            if bits & ColorLookupTable.markerBit != 0 { markers += 1 }
                            x += 1
                            if x >= x1 { break }
                            bits = lut[ColorLookupTable.index(y: yRow[x], u: uRow[x >> shiftX], v: vRow[x >> shiftX])]
                        }
                        let label = Int32(parent.count)
                        parent.append(label)
                        runs.append(Run(row: Int32(row), start: Int32(start), end: Int32(x), label: label, markerCount: markers))
                        joinAbove(runIndex: runs.count - 1, previousRowFirst: previousRowFirst, previousRowEnd: previousRowEnd)
                    }
                }
                previousRowFirst = thisRowFirst
                previousRowEnd = runs.count
            }
        } }
    }

    private func joinAbove(runIndex: Int, previousRowFirst: Int, previousRowEnd: Int) {
        runs.withUnsafeBufferPointer { runs in
            let run = runs[runIndex]
            var index = previousRowFirst
            while index < previousRowEnd {
                let above = runs[index]
                if above.start <= run.end && run.start <= above.end {
                    union(run.label, above.label)
                }
                index += 1
            }
        }
    }

    private func find(_ label: Int32) -> Int32 {
        // One access to the table for the whole walk: each access to a class's array is checked for exclusivity at run time.
        parent.withUnsafeMutableBufferPointer { parent in
            var root = label
            while parent[Int(root)] != root { root = parent[Int(root)] }
            var node = label
            while parent[Int(node)] != root {
                let next = parent[Int(node)]
                parent[Int(node)] = root
                node = next
            }
            return root
        }
    }

    private func union(_ a: Int32, _ b: Int32) {
        let rootA = find(a), rootB = find(b)
        if rootA < rootB { parent[Int(rootB)] = rootA } else if rootB < rootA { parent[Int(rootA)] = rootB }
    }

    private func collect(minAreaPx: Int) {
        statistics.removeAll(keepingCapacity: true)
        components.removeAll(keepingCapacity: true)
        if statistics.capacity < parent.count { statistics.reserveCapacity(parent.count) }
        for _ in 0..<parent.count { statistics.append(Statistics()) }
        // The tables through one access each (see `find`).
        runs.withUnsafeMutableBufferPointer { runs in statistics.withUnsafeMutableBufferPointer { statistics in
            for index in runs.indices {
                let root = find(runs[index].label)
                runs[index].label = root
                let run = runs[index]
                let length = Int(run.end - run.start), row = Int(run.row)
                var stats = statistics[Int(root)]
                stats.area += length
                stats.marker += Int(run.markerCount)
                // Σx over the run's pixels: start + … + (end - 1).
                stats.sumX += (Int(run.start) + Int(run.end) - 1) * length / 2
                stats.sumY += row * length
                stats.minX = min(stats.minX, Int(run.start))
                stats.maxX = max(stats.maxX, Int(run.end))
                stats.minY = min(stats.minY, row)
                stats.maxY = max(stats.maxY, row + 1)
                statistics[Int(root)] = stats
            }
        } }
        for (label, stats) in statistics.enumerated() where stats.area >= minAreaPx && parent[label] == Int32(label) {
            let area = Double(stats.area)
            components.append(Component(
                areaPx: stats.area, markerAreaPx: stats.marker,
                centroidX: Double(stats.sumX) / area + 0.5, centroidY: Double(stats.sumY) / area + 0.5,
                bounds: PixelRect(x0: stats.minX, y0: stats.minY, x1: stats.maxX, y1: stats.maxY),
                label: Int32(label)))
        }
    }
}
