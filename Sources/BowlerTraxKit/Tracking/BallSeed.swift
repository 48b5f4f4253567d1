/// Where the user pointed at the ball: a box drawn around it on one frame (`--ball-box`, `--ball-frame`).
/// The ball is followed from there by its round shape, whatever its colour, even where it would not yet pass
/// for a bowled ball (in the bowler's hand, behind the body, with the camera following it).
public struct BallSeed: Sendable, Equatable {
    public var frameIndex: Int
    public var box: PixelRect

    public init(frameIndex: Int, box: PixelRect) {
        self.frameIndex = frameIndex
        self.box = box
    }

    /// The centre of the box, continuous pixel coordinates.
    public var centerX: Double { Double(box.x0 + box.x1) / 2 }
    public var centerY: Double { Double(box.y0 + box.y1) / 2 }
    /// The ball's radius as the box shows it: half its mean side.
    public var radiusPx: Double { Double(box.x1 - box.x0 + box.y1 - box.y0) / 4 }
}
