import BowlerTraxKit

/// The ball-profile options `analyze` and `ball add` share, and how they become a profile.
enum ProfileOptions {
    static let options: [CommandSpec.Option] = [
        .init(name: "ball", value: "name", help: "Use a saved ball profile (see 'bowlertrax ball')."),
        .init(name: "ball-hsv", value: "h,s,v", help: "Ball colour: hue 0-360, saturation and value in percent; repeat for a two- or three-colour ball.", repeatable: true),
        .init(name: "ball-box", value: "x0,y0,x1,y1", help: "Learn the ball's colours from the pixels inside this box (pixels)."),
        .init(name: "ball-frame", value: "n", help: "Frame of the video the box is drawn on. (default: 0)"),
        .init(name: "marker-hsv", value: "h,s,v", help: "Colour of a marker on the ball (tape or a dot), for the rev rate.", repeatable: true),
    ]

    /// Checks that at most one way of naming the ball was given, and one when `ballRequired` (`analyze` finds the ball by
    /// itself when none is given).
    static func validate(_ parsed: ParsedArguments, command: CommandSpec, ballRequired: Bool = true) throws {
        let given = [parsed.value("ball") != nil, !parsed.all("ball-hsv").isEmpty, parsed.value("ball-box") != nil].filter { $0 }.count
        if given == 0 && ballRequired { throw UsageError.invalid("give the ball's colour with --ball-hsv, --ball-box or --ball", command: command) }
        if given == 0 && !parsed.all("marker-hsv").isEmpty {
            throw UsageError.invalid("--marker-hsv goes with the ball's colour (--ball-hsv, --ball-box or --ball)", command: command)
        }
        if given > 1 { throw UsageError.invalid("give only one of --ball-hsv, --ball-box and --ball", command: command) }
        if parsed.value("ball-frame") != nil && parsed.value("ball-box") == nil {
            throw UsageError.invalid("--ball-frame goes with --ball-box", command: command)
        }
        if let frame = parsed.value("ball-frame"), (Int(frame) ?? -1) < 0 {
            throw UsageError.invalid("give --ball-frame a whole number from 0", command: command)
        }
    }

    /// The profile the options describe; `video` is where --ball-box learns from, `store` where --ball looks.
    /// Nil when no ball option was given (see `validate`).
    static func profile(_ parsed: ParsedArguments, video: String?, store: () throws -> ShotStore) throws -> BallProfile? {
        var profile: BallProfile
        if let name = parsed.value("ball") {
            let store = try store()
            guard let saved = try store.ballProfile(named: name) else {
                throw ProfileError.unknownProfile(name: name, known: try store.ballProfiles().compactMap(\.name))
            }
            profile = saved
        } else if parsed.value("ball-box") != nil, let video {
            profile = try learn(parsed, video: video)
        } else if !parsed.all("ball-hsv").isEmpty {
            profile = BallProfile(colors: try parsed.all("ball-hsv").map(HSVColor.init(parsing:)))
        } else {
            return nil
        }
        let markers = try parsed.all("marker-hsv").map(HSVColor.init(parsing:))
        if !markers.isEmpty { profile.markerColors = markers }
        return profile
    }

    /// The profile for a command that needs one (its `validate` call required a ball option).
    static func requiredProfile(_ parsed: ParsedArguments, video: String?, store: () throws -> ShotStore) throws -> BallProfile {
        guard let profile = try profile(parsed, video: video, store: store) else { preconditionFailure("validate requires a ball option") }
        return profile
    }

    /// The ball the user pointed at with --ball-box (on --ball-frame), to be followed from there; nil without a box.
    static func seed(_ parsed: ParsedArguments, videoSize: PixelSize) throws -> BallSeed? {
        guard let box = parsed.value("ball-box") else { return nil }
        return BallSeed(frameIndex: Int(parsed.value("ball-frame") ?? "0") ?? 0, box: try PixelRect(parsing: box, within: videoSize))
    }

    /// The colours inside --ball-box on --ball-frame of `video`.
    private static func learn(_ parsed: ParsedArguments, video: String) throws -> BallProfile {
        let decoder = try FrameDecoder(path: video)
        guard let seed = try seed(parsed, videoSize: PixelSize(width: decoder.width, height: decoder.height)) else {
            preconditionFailure("learn is called only with --ball-box")
        }
        var seen = 0
        while let frame = try decoder.nextFrame() {
            if frame.index == seed.frameIndex { return try BallColorLearner.learn(from: frame, box: seed.box) }
            seen += 1
        }
        throw ProfileError.frameNotFound(index: seed.frameIndex, frames: seen)
    }
}
