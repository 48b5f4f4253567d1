import FoundationEssentials

/// A landmark: a pixel whose lane position is known (board counted from the right edge).
public struct LandmarkPoint: Sendable, Equatable {
    public var name: String?
    public var xPx: Double
    public var yPx: Double
    public var board: Double
    public var distanceFt: Double
    /// Height above the lane: 0 for every landmark on it; a pin's top stands a pin's height up (`LaneFinder.findPins`).
    public var heightFt: Double

    public init(name: String? = nil, xPx: Double, yPx: Double, board: Double, distanceFt: Double, heightFt: Double = 0) {
        self.name = name
        self.xPx = xPx
        self.yPx = yPx
        self.board = board
        self.distanceFt = distanceFt
        self.heightFt = heightFt
    }

    /// Whether it lies on the lane (what the homography is fitted to), not above it.
    public var isOnTheLane: Bool { heightFt == 0 }

    /// `, "height_ft": h` for a point above the lane, nothing for one on it: the calibration file's JSON and the click
    /// page's.
    var heightField: String { isOnTheLane ? "" : ", \"height_ft\": \(JSONText.number(heightFt))" }

    /// This point where `map` takes it (a camera's motion between two frames), the same landmark; nil where the map
    /// sends it nowhere.
    public func carried(by map: Homography) -> LandmarkPoint? {
        guard let there = map.apply(xPx, yPx) else { return nil }
        var carried = self
        (carried.xPx, carried.yPx) = there
        return carried
    }
}

/// The calibration file `analyze --calibration` reads:
/// `{"image_width":W, "image_height":H, "k1":k, "points":[{"pixel":[x,y], "board":b, "distance_ft":d, "name":"…"}, …]}`.
/// Pixels are continuous coordinates (pixel i covers [i, i+1)); boards count from the right edge. A point above the
/// lane (a pin's top) adds `"height_ft": h`; absent, 0.
/// `k1` (optional, absent = 0) is the lens's radial distortion (see `LensDistortion`). `video_frame` (optional) is
/// the frame of the video whose picture the landmarks were found on (`calibrate --video --frame N`); absent, the
/// first frame's or a fixed camera's. A camera that pans and zooms is measured in its first frame's picture
/// (`inFirstFrame(ofVideo:)`).
public struct CalibrationFile: Sendable, Equatable {
    public var imageSize: PixelSize
    public var points: [LandmarkPoint]
    public var k1: Double?
    public var videoFrame: Int?

    public init(imageSize: PixelSize, points: [LandmarkPoint], k1: Double? = nil, videoFrame: Int? = nil) {
        self.imageSize = imageSize
        self.points = points
        self.k1 = k1
        self.videoFrame = videoFrame
    }

    /// Reads and validates a calibration file: a file, a pipe or a process substitution (`<(…)`, read to its end as it
    /// comes), or `-` for standard input.
    public static func load(path: String) throws -> CalibrationFile {
        let data: Data
        do {
            data = try Streams.readAll(path: path)
        } catch {
            throw CalibrationError.unreadable(path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file")
        }
        return try parse(data, path: path)
    }

    /// Parses and validates calibration JSON; `path` only names the source in errors.
    public static func parse(_ data: Data, path: String) throws -> CalibrationFile {
        let raw: RawFile
        do { raw = try JSONDecoder().decode(RawFile.self, from: data) } catch let error as DecodingError {
            throw CalibrationError.malformed(path: path, reason: Self.explain(error))
        }
        for (key, value) in [("image_width", raw.image_width), ("image_height", raw.image_height)] where !(1...16384).contains(value) {
            throw CalibrationError.invalidValue(path: path, field: key, reason: "must be from 1 to 16384 pixels (got \(value))")
        }
        var points: [LandmarkPoint] = []
        for (index, point) in raw.points.enumerated() {
            guard point.pixel.count == 2 else { throw CalibrationError.malformed(path: path, reason: "points[\(index)].pixel must be [x, y]") }
            for (field, value) in [("pixel", point.pixel[0]), ("pixel", point.pixel[1]), ("board", point.board), ("distance_ft", point.distance_ft),
                                   ("height_ft", point.height_ft ?? 0)] where !value.isFinite {
                throw CalibrationError.invalidValue(path: path, field: "points[\(index)].\(field)", reason: "is not a finite number")
            }
            points.append(LandmarkPoint(name: point.name, xPx: point.pixel[0], yPx: point.pixel[1], board: point.board, distanceFt: point.distance_ft,
                                        heightFt: point.height_ft ?? 0))
        }
        if let k1 = raw.k1, !(k1.isFinite && abs(k1) <= LensDistortion.maxMagnitude) {
            throw CalibrationError.invalidValue(path: path, field: "k1", reason: "must be a number from -\(LensDistortion.maxMagnitude) to \(LensDistortion.maxMagnitude) (got \(k1))")
        }
        if let frame = raw.video_frame, frame < 0 {
            throw CalibrationError.invalidValue(path: path, field: "video_frame", reason: "must be a frame number from 0 (got \(frame))")
        }
        try checkEnoughOnTheLane(points, path: path)
        return CalibrationFile(imageSize: PixelSize(width: raw.image_width, height: raw.image_height), points: points, k1: raw.k1,
                               videoFrame: raw.video_frame)
    }

    /// Throws `tooFewPoints` unless at least 4 of `points` lie on the lane: a homography needs them, and a point above
    /// it (a pin's top) is not one of them.
    public static func checkEnoughOnTheLane(_ points: [LandmarkPoint], path: String) throws {
        let onTheLane = points.filter(\.isOnTheLane).count
        guard onTheLane >= 4 else { throw CalibrationError.tooFewPoints(path: path, count: onTheLane) }
    }

    private struct RawFile: Decodable {
        var image_width: Int
        var image_height: Int
        var k1: Double?
        var video_frame: Int?
        var points: [RawPoint]
    }

    private struct RawPoint: Decodable {
        var name: String?
        var pixel: [Double]
        var board: Double
        var distance_ft: Double
        var height_ft: Double?
    }

    /// One line naming the field a decoding error is about.
    private static func explain(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : text
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing field \"\(path(context.codingPath + [key]))\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(path(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context) where context.codingPath.isEmpty: return "not valid JSON"
        case .dataCorrupted(let context): return "\(path(context.codingPath)) is not valid"
        @unknown default: return "not a calibration file"
        }
    }

    /// The file's JSON, pretty-printed with its keys in a fixed order.
    public func jsonData() -> Data {
        var text = "{\n  \"image_width\": \(imageSize.width),\n  \"image_height\": \(imageSize.height),\n"
        if let k1 { text += "  \"k1\": \(JSONText.number(k1, digits: 9)),\n" }
        if let videoFrame { text += "  \"video_frame\": \(videoFrame),\n" }
        text += "  \"points\": [\n"
        text += points.map { point in
            let name = point.name.map { "\"name\": \(JSONText.string($0)), " } ?? ""
            return "    {\(name)\"pixel\": [\(JSONText.number(point.xPx)), \(JSONText.number(point.yPx))], \"board\": \(JSONText.number(point.board)), \"distance_ft\": \(JSONText.number(point.distanceFt))\(point.heightField)}"
        }.joined(separator: ",\n")
        text += "\n  ]\n}\n"
        return Data(text.utf8)
    }
}
