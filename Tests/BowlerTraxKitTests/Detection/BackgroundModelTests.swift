import XCTest
@testable import BowlerTraxKit

final class BackgroundModelTests: XCTestCase {
    /// The blend rule the model has always used, one pixel at a time in Int: the vector step must match it exactly,
    /// or the outlines fitted against the background (and so every measurement) would move.
    private static func scalarStep(old: Int, value: Int) -> Int {
        old + (value - old + (value > old ? 7 : 0)) / 8
    }

    func testVectorStepMatchesTheScalarRuleForEveryPairOfLevels() {
        for old in 0...255 {
            for valueStart in Swift.stride(from: 0, to: 256, by: 16) {
                let values = BackgroundModel.Pixels((0..<16).map { UInt8(valueStart + $0) })
                let stepped = BackgroundModel.step(BackgroundModel.Pixels(repeating: UInt8(old)), toward: values)
                for lane in 0..<16 where Int(stepped[lane]) != Self.scalarStep(old: old, value: valueStart + lane) {
                    XCTFail("old \(old), value \(valueStart + lane): \(stepped[lane]), expected \(Self.scalarStep(old: old, value: valueStart + lane))")
                }
            }
        }
    }

    func testUpdateBlendsTheRegionExceptTheExcludedRectangleAndLeavesTheRestAlone() {
        let width = 61, height = 4
        let model = BackgroundModel(width: width, height: height)
        // Spans of odd lengths, so whole registers and partly filled ones are both used.
        let spans = [SearchRegion.Span(start: 3, end: 58), SearchRegion.Span(start: 0, end: 61),
                     SearchRegion.Span(start: 5, end: 5), SearchRegion.Span(start: 17, end: 30)]
        let region = SearchRegion(width: width, height: height, spans: spans)
        model.update(with: VideoFrame.allocate(width: width, height: height, fill: (100, 128, 128)), region: region, excluded: [])
        let bright = VideoFrame.allocate(width: width, height: height, fill: (200, 128, 128))
        let excluded = PixelRect(x0: 20, y0: 1, x1: 33, y1: 2)
        model.update(with: bright, region: region, excluded: [excluded])
        for row in 0..<height {
            for x in 0..<width {
                let inSpan = x >= spans[row].start && x < spans[row].end
                let inExcluded = x >= excluded.x0 && x < excluded.x1 && row >= excluded.y0 && row < excluded.y1
                let expected = !inSpan ? 0 : inExcluded ? 100 : Self.scalarStep(old: 100, value: 200)
                XCTAssertEqual(Int(model.luma[row * width + x]), expected, "pixel (\(x), \(row))")
            }
        }
    }

    /// Frames of random luma blended in turn over spans of every length and place (ending within the first 16
    /// pixels, shorter than a register, split by rectangles): each pixel must move exactly once per update, as
    /// the scalar rule moves it, and pixels outside the spans or inside the rectangles not at all.
    func testRepeatedUpdatesMatchTheScalarRuleOnEverySpan() {
        let width = 45, height = 8
        let spans = [SearchRegion.Span(start: 0, end: 7), SearchRegion.Span(start: 2, end: 15), SearchRegion.Span(start: 0, end: 16),
                     SearchRegion.Span(start: 9, end: 26), SearchRegion.Span(start: 0, end: 45), SearchRegion.Span(start: 30, end: 45),
                     SearchRegion.Span(start: 1, end: 44), SearchRegion.Span(start: 40, end: 41)]
        let region = SearchRegion(width: width, height: height, spans: spans)
        let rects = [PixelRect(x0: 4, y0: 3, x1: 12, y1: 6), PixelRect(x0: 20, y0: 4, x1: 23, y1: 8)]
        let model = BackgroundModel(width: width, height: height)
        var expected = [Int](repeating: 0, count: width * height)
        var generator = SplitMix64(seed: 3)
        for update in 0..<6 {
            let frame = VideoFrame.allocate(width: width, height: height, fill: (0, 128, 128))
            for row in 0..<height {
                for x in 0..<width {
                    let luma = UInt8(truncatingIfNeeded: generator.next())
                    frame.mutablePlane(0)[row * frame.stride(0) + x] = luma
                    let inSpan = x >= spans[row].start && x < spans[row].end
                    let inRect = rects.contains { x >= $0.x0 && x < $0.x1 && row >= $0.y0 && row < $0.y1 }
                    guard inSpan, !inRect || update == 0 else { continue }
                    expected[row * width + x] = update == 0 ? Int(luma) : Self.scalarStep(old: expected[row * width + x], value: Int(luma))
                }
            }
            model.update(with: frame, region: region, excluded: update == 0 ? [] : rects)
            for index in expected.indices where Int(model.luma[index]) != expected[index] {
                XCTFail("update \(update), pixel (\(index % width), \(index / width)): \(model.luma[index]), expected \(expected[index])")
            }
        }
    }
}
