import XCTest
@testable import BowlerTraxKit

/// The standing pins found by `calibrate --auto` on the committed fixtures (the renderer draws all ten, white with
/// red neck bands, on a glossy deck), against where their exact calibrations put the front of each base.
final class LaneFinderPinsTests: XCTestCase {
    /// Seen from behind the lane the 5, 8 and 9 pins stand straight behind the 1, 2 and 3 and their bases are hidden.
    static let visiblePins: Set<String> = ["head pin", "2 pin", "3 pin", "4 pin", "6 pin", "7 pin", "10 pin"].reduce(into: []) { $0.insert("\($1), front of its base") }

    /// Every visible pin is found, each base within `rowPx` of its true row and `px` of its true pixel.
    func assertPinsFound(_ name: String, rowPx: Double, px: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        let pins = try LaneFinderTests.proposalsAndTruth(name).filter { $0.proposal.point.name?.hasSuffix("front of its base") == true }
        XCTAssertEqual(Set(pins.compactMap(\.proposal.point.name)), Self.visiblePins, "\(name)", file: file, line: line)
        for (proposal, truth) in pins {
            let dx = proposal.point.xPx - truth.x, dy = proposal.point.yPx - truth.y
            print("\(name) \(proposal.point.name ?? "?"): \(String(format: "%+.2f", dx)), \(String(format: "%+.2f", dy)) px, confidence \(String(format: "%.2f", proposal.confidence))")
            XCTAssertEqual(dy, 0, accuracy: rowPx, "\(name) \(proposal.point.name ?? "?") row", file: file, line: line)
            XCTAssertLessThan((dx * dx + dy * dy).squareRoot(), px, "\(name) \(proposal.point.name ?? "?")", file: file, line: line)
        }
    }

    func testRight720p60FindsTheRack() throws { try assertPinsFound("right-720p60", rowPx: 1.5, px: 1.5) }
    func testCameraAboveTheApproachFindsTheRack() throws { try assertPinsFound("high-720p60", rowPx: 1.5, px: 1.5) }
    func testZoomedPastTheFoulLineFindsTheRack() throws { try assertPinsFound("zoom-720p60", rowPx: 1.5, px: 1.5) }
    /// The head pin's base had been found 14 px high here (a neck band's two stripes mirror each other).
    func testDarkWoodFindsTheRack() throws { try assertPinsFound("darkwood-720p60", rowPx: 1.5, px: 1.5) }

    /// The rack's rows in perspective: the true bases of right-720p60 are all kept; one put a pin's height lower (where
    /// its reflection ends on a glossy deck) or 3 rows' spacing higher (a neck band) is dropped, the others kept.
    func testABaseOffTheRacksRowsIsDropped() throws {
        let truth = try LaneCalibration.load(path: CalibrationCLI.fixture("right-720p60.calibration.json"), videoSize: nil)
        let vanishing = try XCTUnwrap(LaneFinder.intersect(Self.edge(truth, board: Lane.leftEdgeBoard), Self.edge(truth, board: Lane.rightEdgeBoard)))
        let pins = try [1, 2, 3, 4, 6, 7, 10].map { pin in
            let spot = Lane.pinSpots[pin - 1], distance = spot.distanceFt - LaneFinder.pinBaseRadiusFt
            let pixel = try XCTUnwrap(truth.surfacePixel(board: spot.board, distanceFt: distance))
            return LaneFinder.Proposal(point: LandmarkPoint(name: "\(pin)", xPx: pixel.x, yPx: pixel.y, board: spot.board, distanceFt: distance), confidence: 1, evidence: "")
        }
        func laneWidth(_ row: Double) -> Double {
            Self.edge(truth, board: Lane.rightEdgeBoard).at(row) - Self.edge(truth, board: Lane.leftEdgeBoard).at(row)
        }
        let finder = LaneFinder(image: RGBImage(width: 8, height: 8, fill: (0, 0, 0)))
        XCTAssertEqual(finder.inPerspective(pins, vanishingRow: vanishing.y, laneWidth: laneWidth).compactMap(\.point.name), ["1", "2", "3", "4", "6", "7", "10"])
        let rowSpacing = pins[0].point.yPx - pins[1].point.yPx
        for (index, shift) in [(3, 0.36 * laneWidth(pins[3].point.yPx)), (5, -3 * rowSpacing)] {
            var moved = pins
            moved[index].point.yPx += shift
            let kept = finder.inPerspective(moved, vanishingRow: vanishing.y, laneWidth: laneWidth).compactMap(\.point.name)
            XCTAssertEqual(kept, pins.compactMap(\.point.name).filter { $0 != pins[index].point.name }, "\(pins[index].point.name ?? "") moved \(shift) px")
        }
    }

    /// A board's line that slants across the rack (test 13's frame 52, a long telephoto lane) crosses one pin at its neck
    /// and the pin beside it at its base. About the neck band the pin's head mirrors its body, both white against
    /// the pit's gaps; but below the front pin's base lies only its reflection, no brighter than the pin, while the body
    /// below a neck is brighter than the head and pit above it: no base is taken there for the head pin. Behind the front
    /// row, the pins in front stand below a base in the picture, so that test is the head pin's alone.
    func testTheHeadPinsBaseIsNotTakenAtANeckBand() throws {
        // Pins 14 px wide, 2 px apart, 35 px tall (a lane 88 px wide: 15 in of 41.5), standing at row 135 on a glossy
        // deck: a red neck band 11 to 13 rows below their tops, the pit dim (60) just above them, dark (20) higher up;
        // their reflections blurred into one band (the line's base row then mirrors nothing well).
        var image = RGBImage(width: 240, height: 200, fill: (200, 150, 90))
        for y in 0..<100 { for x in 0..<240 { image.set(x: x, y: y, to: y < 90 ? (20, 20, 20) : (60, 60, 60)) } }
        for x in 40..<168 {
            let pin = (x - 40) % 16 < 14
            for y in 100..<135 { image.set(x: x, y: y, to: !pin ? (60, 60, 60) : (111...113).contains(y) ? (200, 40, 40) : (250, 250, 250)) }
            for y in 135..<160 { image.set(x: x, y: y, to: (170, 170, 170)) }
        }
        // Through the middle of one pin at its neck band, 28 px right of it at the base row.
        func lineX(_ y: Double) -> Double { 87 + (y - 112) * 28 / 23 }
        let finder = LaneFinder(image: image)
        let neck = finder.pinMirror(belowRow: 170, aboveRow: 60, lineX: lineX, laneWidth: { _ in 88 }, frontPin: false)
        XCTAssertLessThan(try XCTUnwrap(neck, "behind the front row the pin mirrors about a row up its body").y, 125, "up the pin, not at its base (135)")
        let front = finder.pinMirror(belowRow: 170, aboveRow: 60, lineX: lineX, laneWidth: { _ in 88 }, frontPin: true)
        XCTAssertGreaterThan(front?.y ?? .infinity, 130, "the head pin's base is not taken at a neck band: \(String(describing: front))")
    }

    /// Seen from low (a phone at chest height behind the bowler), a glossy deck mirrors the pins as bright as they are:
    /// one white run from the pit down to the deck, about two pins' heights long, with no mirror in it to correlate.
    /// Higher up, the masking unit's artwork (a pin and its reflection drawn on it) does mirror itself; that was taken
    /// as the base, 73 px too high on the phone clip. The base is a pin's height below the run's top instead.
    func testAPinOnAReflectionAsBrightAsItselfStandsAPinsHeightBelowTheRunsTop() throws {
        // A lane 88 px wide: a pin (15 in of 41.5) is 31.8 px tall. Pit (20) from row 82 to the pin's top at row 100,
        // the pin white to its base at row 132, its reflection as white to row 160, then the deck; above the pit the
        // masking unit: a pin drawn at rows 20 to 50 over its dimmer reflection to row 72.
        let image = Self.pinOnTheBoard20Line(pitDownTo: 160, bands: [(20..<50, (240, 240, 240)), (50..<72, (150, 150, 150)), (100..<160, (250, 250, 250))])
        let base = try XCTUnwrap(Self.headPinBase(in: image))
        XCTAssertEqual(base.y, 132, accuracy: 1, "\(base.evidence)")
        // A pin on a reflection that fades sooner (a run of one pin's height) is the maple-to-pin edge's to find, not this.
        var short = image
        for x in 110..<126 { for y in 132..<160 { short.set(x: x, y: y, to: (200, 150, 90)) } }
        let walked = (row: 132, deckWarmth: 110.0)
        XCTAssertNil(LaneFinder(image: short).pinOnItsReflection(walked, lineX: { _ in 118 }, laneWidth: { _ in 88 }, vanishingRow: 5))
    }

    /// Under a yellow light, seen from high above the approach, a pin is as warm as the lit deck it stands on: the walk
    /// up the deck runs on up the head pin to where it pales, its head or its upper body. That edge is no base (the
    /// overhead clips' head pins had been taken there, 3 to 7 ft beyond their bases): the pin's top is returned as
    /// such, at the first row under the pit.
    func testAPinsTopUnderThePitIsTakenForItsTop() throws {
        // A lane 88 px wide: a pin (15 in of 41.5) 31.8 px tall, its base at row 132 on the deck (200, 150, 90), its
        // body as warm (230, 210, 140) up to its pale (240, 240, 230) head from row 100, or up to row 118 with its upper
        // body pale too; the pit (20) above, and beside the pin down to row 127, where the deck behind it begins.
        for paleTo in [104, 118] {
            let image = Self.pinOnTheBoard20Line(pitDownTo: 127, bands: [(100..<paleTo, (240, 240, 230)), (paleTo..<132, (230, 210, 140))])
            let top = try XCTUnwrap(Self.headPinBase(in: image), "pale down to row \(paleTo)")
            XCTAssertTrue(top.top, "pale down to row \(paleTo): \(top.evidence)")
            XCTAssertEqual(top.y, 100, accuracy: 0.5, "pale down to row \(paleTo)")
        }
    }

    /// A 240 x 220 picture of the deck (200, 150, 90) under the pit (20) down to `pitDownTo`, and in the columns 110 to
    /// 125 about the board-20 line (x 118; the lane 88 px wide) the rows of `bands` in their colours: a pin, its
    /// reflection, what is drawn on the masking unit.
    static func pinOnTheBoard20Line(pitDownTo pitRows: Int, bands: [(rows: Range<Int>, color: (UInt8, UInt8, UInt8))]) -> RGBImage {
        var image = RGBImage(width: 240, height: 220, fill: (200, 150, 90))
        for y in 0..<pitRows { for x in 0..<240 { image.set(x: x, y: y, to: (20, 20, 20)) } }
        for band in bands { for x in 110..<126 { for y in band.rows { image.set(x: x, y: y, to: band.color) } } }
        return image
    }

    /// The head pin's base (or top) sought on the board-20 line of such a picture, walking up from below it.
    static func headPinBase(in image: RGBImage) -> (y: Double, confidence: Double, evidence: String, top: Bool)? {
        LaneFinder(image: image).pinBase(lineX: { _ in 118 }, laneWidth: { _ in 88 }, vanishingRow: 5, walkFrom: 200, mirrorFrom: 200, frontPin: true)
    }

    /// A lane edge of the exact calibration as a line x = a + b·y, through its pixels at 20 and 60 ft.
    static func edge(_ truth: LaneCalibration, board: Double) -> LaneFinder.Line {
        let near = truth.surfacePixel(board: board, distanceFt: 20)!, far = truth.surfacePixel(board: board, distanceFt: 60)!
        let b = (far.x - near.x) / (far.y - near.y)
        return LaneFinder.Line(a: near.x - b * near.y, b: b, rmsPx: 0, count: 2)
    }
}
