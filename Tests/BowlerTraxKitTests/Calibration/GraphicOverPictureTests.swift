import XCTest
@testable import BowlerTraxKit

/// A broadcaster's panel laid over a moving camera's picture: its straight borders run the height of the picture and
/// stay put while the camera turns and zooms under them (test/Task2 14: the panel's border took the lanes' vanishing
/// point, and the lane was not found). `PictureOverlay.Edges` tells its edges from the scene's, and the lane finder's
/// Hough transform leaves them out.
final class GraphicOverPictureTests: XCTestCase {
    /// Where the panel begins, and its border's white stripe.
    private static let panelX = 1040, stripe = 1040..<1048

    /// pan-720p60 with a panel over its right side on every frame: a white stripe down its left border, a dark ground,
    /// a pin diagram of white discs.
    private func paintedClip() throws -> String {
        let path = try CalibrationCLI.temporaryDirectory(self).appendingPathComponent("panel.mp4").path
        let decoder = try FrameDecoder(path: CalibrationCLI.fixture("pan-720p60.mp4"))
        let encoder = try VideoEncoder(path: path, codec: .mpeg4, width: 1280, height: 720, timeBase: (1, 60), frameRate: (60, 1))
        while let picture = try decoder.nextFrame() {
            var image = RGBImage(frame: picture)
            for y in 0..<image.height {
                for x in Self.panelX..<image.width {
                    let pin = (0..<4).contains { row in (0...row).contains { column in
                        let dx = Double(x - 1160 + 24 * row - 48 * column), dy = Double(y - 200 + 40 * row)
                        return dx * dx + dy * dy < 100
                    } }
                    let value: UInt8 = Self.stripe.contains(x) || pin ? 235 : 35
                    image.pixels.replaceSubrange((y * image.width + x) * 3..<(y * image.width + x) * 3 + 3, with: [value, value, value + 10])
                }
            }
            try encoder.append(rgb: image.pixels, width: image.width, height: image.height, ptsTicks: Int64(picture.index))
        }
        try encoder.finish()
        return path
    }

    /// The graphic's edges over the video at `path`, its camera followed as `LandmarkViews.read` follows it.
    private func graphicEdges(of path: String) throws -> PictureOverlay.Edges {
        let decoder = try FrameDecoder(path: path)
        let follower = CameraFollower()
        var edges: PictureOverlay.Edges?
        while let picture = try decoder.nextFrame(), let toFirst = follower.toFirstFrame(picture) {
            if edges == nil { edges = PictureOverlay.Edges(first: picture, edgeGradient: LaneFinder.edgeGradient) } else { edges?.compare(picture, toFirst: toFirst) }
        }
        return try XCTUnwrap(edges)
    }

    /// The panel's border is a graphic's edge on every row; the lanes' edges and gutters of frame 0, which the camera's
    /// zoom slides along themselves as well as across, are not.
    func testThePanelsEdgesAreTheGraphicsAndTheLanesAreNot() throws {
        let overlay = try graphicEdges(of: try paintedClip())
        // The stripe's inner side, white against the panel's ground. Its outer side, against the scene, is marked only
        // where the scene beside it is plain: its gradient there changes with the scene.
        let border = (40..<680).filter { y in (Self.stripe.upperBound - 2...Self.stripe.upperBound + 1).contains { overlay.covers($0, y) } }
        XCTAssertGreaterThan(border.count, 600, "the border's rows marked")

        let truth = try LaneCalibration(file: try CalibrationFile.load(path: CalibrationCLI.fixture("pan-720p60.calibration.json")), source: "truth")
        var laneEdgePixels = 0, marked = 0
        for board in [Lane.rightEdgeBoard, Lane.leftEdgeBoard] {
            for feet in stride(from: 0.0, through: 55, by: 0.5) {
                let pixel = try XCTUnwrap(truth.surfacePixel(board: board, distanceFt: feet))
                guard pixel.x > 2, pixel.x < Double(Self.panelX - 4), pixel.y > 2, pixel.y < 716 else { continue }
                for dx in -2...2 {
                    laneEdgePixels += 1
                    if overlay.covers(Int(pixel.x.rounded()) + dx, Int(pixel.y.rounded())) { marked += 1 }
                }
            }
        }
        XCTAssertGreaterThan(laneEdgePixels, 500)
        XCTAssertEqual(marked, 0, "none of the bowled lane's edge pixels taken for a graphic's")
    }

    /// Of the straight lines the lane finder's vanishing point is drawn from, some run down the panel's border; with
    /// the graphic's edges known, none. (The calibration of this clip is not the unpainted one's: the panel, still in
    /// the picture, holds the camera's motion back, which is then lost at frame 192, with or without this.)
    func testTheLaneFinderDrawsNoLineThroughThePanel() throws {
        let path = try paintedClip()
        let frame = try CalibrationFrame(path: path, medianOf: 15)
        func throughBorder(_ lines: [LaneFinder.HoughLine]) -> Int {
            lines.filter { line in (0..<720).allSatisfy { y in line.distance(Double(Self.stripe.lowerBound), Double(y)) < 6 || line.distance(Double(Self.stripe.upperBound), Double(y)) < 6 } }.count
        }
        XCTAssertGreaterThan(throughBorder(LaneFinder(image: frame.image).houghLines()), 0, "unmasked, the border is a line")
        XCTAssertEqual(throughBorder(LaneFinder(image: frame.image, overlay: try graphicEdges(of: path)).houghLines()), 0, "masked, no line runs down the border")
    }
}
