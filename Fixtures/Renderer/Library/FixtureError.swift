import BowlerTraxKit
/// Why a fixture could not be rendered.
public enum FixtureError: Error, CustomStringConvertible {
    /// No preset of this name exists.
    case unknownPreset(name: String)
    /// The spec file could not be read or decoded.
    case badSpec(path: String, reason: String)
    /// A spec value is out of its allowed range.
    case invalidSpec(field: String, reason: String)
    /// Fewer than four calibration landmarks are in view, so the camera pose is unusable.
    case tooFewLandmarksInView(names: [String])
    /// The simulated ball never reached this distance (it stopped or left the lane).
    case pathTooShort(distanceFt: Double)
    /// Writing an output file failed.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownPreset(let name):
            return "unknown preset \(name) (see --list-presets)"
        case .badSpec(let path, let reason):
            return "cannot read spec \(path): \(reason)"
        case .invalidSpec(let field, let reason):
            return "invalid spec: \(field) \(reason)"
        case .tooFewLandmarksInView(let names):
            return "only \(names.count) calibration landmarks in view (\(names.joined(separator: ", "))); at least 4 are needed: adjust the camera"
        case .pathTooShort(let d):
            return "the simulated ball never reached \(d) ft"
        case .writeFailed(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
