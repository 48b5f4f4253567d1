/// One shot drawn for `shots show --svg/--png` and the report: the lane with its path, breakpoint and entry,
/// boards stretched across and at true scale, and its numbers beside them.
public enum ShotPicture {
    static let heightPx = 640.0
    static let boardStretch = 7.0
    static let numbersWidthPx = 240.0
    static let pathColor = DrawingColor("#1f5fa8")
    static let ink = DrawingColor("#222222"), quiet = DrawingColor("#666666")

    /// A stored shot under its id, session and number.
    public static func drawing(_ stored: StoredShot) -> Drawing {
        drawing(stored.shot, shotID: stored.id, title: "Shot \(stored.id): \(stored.sessionName) #\(stored.shot.shotNumber)")
    }

    /// `shot` under `title`; path elements carry class `shot-picture-path` and the shot's id.
    public static func drawing(_ shot: Shot, shotID: Int64, title: String) -> Drawing {
        let path = LaneDrawing.Path(shotID: shotID, shot: shot, color: pathColor, marked: true)
        // 3 px when painted: one path, to be seen in a small picture.
        let stretched = LaneDrawing(heightPx: heightPx - 40, boardStretch: boardStretch, pathClass: "shot-picture-path", pathWidthPx: 2.5)
        let trueScale = LaneDrawing(heightPx: heightPx - 40, boardStretch: 1, pathClass: "shot-picture-path-true-scale", pathWidthPx: 2.5)
        let numbersX = stretched.widthPx + trueScale.widthPx + 10
        var drawing = Drawing(widthPx: numbersX + numbersWidthPx, heightPx: heightPx, background: DrawingColor("#ffffff"))
        drawing.text(title, at: (12, 24), sizePx: 18, ink, bold: true)
        drawing.place(stretched.drawing(paths: [path]), dx: 0, dy: 34)
        drawing.place(trueScale.drawing(paths: [path]), dx: stretched.widthPx, dy: 34)
        drawing.text("Left: boards \(Int(boardStretch))× wider than true scale; right: true scale.", at: (12, heightPx - 4), sizePx: 10, quiet)
        for (index, number) in ShotNumber.all(shot.measurements).enumerated() {
            let top = 52 + Double(index) * 46
            drawing.text(number.label, at: (numbersX, top), sizePx: 12, quiet)
            drawing.text(number.text, at: (numbersX, top + 24), sizePx: 22, ink, bold: true, attributes: [("class", "number"), ("data-field", number.key)])
        }
        return drawing
    }
}
