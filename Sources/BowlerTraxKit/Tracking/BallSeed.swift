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
}
