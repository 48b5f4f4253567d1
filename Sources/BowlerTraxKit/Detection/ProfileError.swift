/// Why a ball profile cannot be made or found.
public enum ProfileError: Error, CustomStringConvertible, Equatable {
    /// An `H,S,V` value that does not parse or is out of range.
    case invalidColor(text: String, reason: String)
    /// A `X0,Y0,X1,Y1` box that does not parse or lies outside the frame.
    case invalidBox(text: String, reason: String)
    /// The video has no frame with that index.
    case frameNotFound(index: Int, frames: Int)
    /// The box holds no pixels colourful or bright enough to learn from.
    case nothingToLearn(box: String)
    /// No saved profile by that name.
    case unknownProfile(name: String, known: [String])

    public var description: String {
        switch self {
        case .invalidColor(let text, let reason): return "invalid colour '\(text)': \(reason)"
        case .invalidBox(let text, let reason): return "invalid box '\(text)': \(reason)"
        case .frameNotFound(let index, let frames): return "frame \(index) does not exist (the video has \(frames) frames)"
        case .nothingToLearn(let box): return "the box \(box) holds no ball colour to learn (only dark or grey pixels)"
        case .unknownProfile(let name, let known):
            return NearestName.message("no ball profile named '\(name)'", name: name, among: known) + (known.isEmpty ? "; save one with 'bowlertrax ball add'" : " (saved: \(known.joined(separator: ", ")))")
        }
    }
}

extension HSVColor {
    /// Parses `H,S,V`: hue in degrees 0-360, saturation and value in percent 0-100.
    public init(parsing text: String) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingWhitespace()) }
        guard parts.count == 3, let h = parts[0], let s = parts[1], let v = parts[2], h.isFinite, s.isFinite, v.isFinite else {
            throw ProfileError.invalidColor(text: text, reason: "expected three numbers H,S,V")
        }
        guard (0...360).contains(h) else { throw ProfileError.invalidColor(text: text, reason: "hue must be 0 to 360 degrees") }
        guard (0...100).contains(s), (0...100).contains(v) else { throw ProfileError.invalidColor(text: text, reason: "saturation and value must be 0 to 100 percent") }
        self.init(hueDeg: h, saturationPct: s, valuePct: v)
    }
}

extension PixelRect {
    /// Parses `X0,Y0,X1,Y1` in pixels and checks it lies inside a frame of `size`.
    public init(parsing text: String, within size: PixelSize) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingWhitespace()) }
        guard parts.count == 4, let x0 = parts[0], let y0 = parts[1], let x1 = parts[2], let y1 = parts[3] else {
            throw ProfileError.invalidBox(text: text, reason: "expected four whole numbers X0,Y0,X1,Y1")
        }
        guard x1 > x0, y1 > y0 else { throw ProfileError.invalidBox(text: text, reason: "X1 and Y1 must exceed X0 and Y0") }
        guard x0 >= 0, y0 >= 0, x1 <= size.width, y1 <= size.height else {
            throw ProfileError.invalidBox(text: text, reason: "outside the \(size) frame")
        }
        self.init(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}
