/// The 5×7 pixel font raster drawings write text in: digits, capital letters (small ones are drawn as capitals)
/// and the symbols the measurements use. A character it lacks is drawn as a hollow box, so it shows.
enum BitmapFont {
    static let columns = 5, rows = 7

    /// Each glyph's rows, top first; "#" is ink.
    static let glyphs: [Character: [String]] = [
        "0": [" ### ", "#   #", "#  ##", "# # #", "##  #", "#   #", " ### "],
        "1": ["  #  ", " ##  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "],
        "2": [" ### ", "#   #", "    #", "   # ", "  #  ", " #   ", "#####"],
        "3": ["#####", "   # ", "  #  ", "   # ", "    #", "#   #", " ### "],
        "4": ["   # ", "  ## ", " # # ", "#  # ", "#####", "   # ", "   # "],
        "5": ["#####", "#    ", "#### ", "    #", "    #", "#   #", " ### "],
        "6": ["  ## ", " #   ", "#    ", "#### ", "#   #", "#   #", " ### "],
        "7": ["#####", "    #", "   # ", "  #  ", " #   ", " #   ", " #   "],
        "8": [" ### ", "#   #", "#   #", " ### ", "#   #", "#   #", " ### "],
        "9": [" ### ", "#   #", "#   #", " ####", "    #", "   # ", " ##  "],
        "A": [" ### ", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"],
        "B": ["#### ", "#   #", "#   #", "#### ", "#   #", "#   #", "#### "],
        "C": [" ### ", "#   #", "#    ", "#    ", "#    ", "#   #", " ### "],
        "D": ["#### ", "#   #", "#   #", "#   #", "#   #", "#   #", "#### "],
        "E": ["#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#####"],
        "F": ["#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#    "],
        "G": [" ### ", "#   #", "#    ", "# ###", "#   #", "#   #", " ####"],
        "H": ["#   #", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"],
        "I": [" ### ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "],
        "J": ["  ###", "   # ", "   # ", "   # ", "   # ", "#  # ", " ##  "],
        "K": ["#   #", "#  # ", "# #  ", "##   ", "# #  ", "#  # ", "#   #"],
        "L": ["#    ", "#    ", "#    ", "#    ", "#    ", "#    ", "#####"],
        "M": ["#   #", "## ##", "# # #", "# # #", "#   #", "#   #", "#   #"],
        "N": ["#   #", "#   #", "##  #", "# # #", "#  ##", "#   #", "#   #"],
        "O": [" ### ", "#   #", "#   #", "#   #", "#   #", "#   #", " ### "],
        "P": ["#### ", "#   #", "#   #", "#### ", "#    ", "#    ", "#    "],
        "Q": [" ### ", "#   #", "#   #", "#   #", "# # #", "#  # ", " ## #"],
        "R": ["#### ", "#   #", "#   #", "#### ", "# #  ", "#  # ", "#   #"],
        "S": [" ####", "#    ", "#    ", " ### ", "    #", "    #", "#### "],
        "T": ["#####", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  "],
        "U": ["#   #", "#   #", "#   #", "#   #", "#   #", "#   #", " ### "],
        "V": ["#   #", "#   #", "#   #", "#   #", "#   #", " # # ", "  #  "],
        "W": ["#   #", "#   #", "#   #", "# # #", "# # #", "# # #", " # # "],
        "X": ["#   #", "#   #", " # # ", "  #  ", " # # ", "#   #", "#   #"],
        "Y": ["#   #", "#   #", " # # ", "  #  ", "  #  ", "  #  ", "  #  "],
        "Z": ["#####", "    #", "   # ", "  #  ", " #   ", "#    ", "#####"],
        " ": ["     ", "     ", "     ", "     ", "     ", "     ", "     "],
        ".": ["     ", "     ", "     ", "     ", "     ", " ##  ", " ##  "],
        ",": ["     ", "     ", "     ", "     ", " ##  ", "  #  ", " #   "],
        ";": ["     ", " ##  ", " ##  ", "     ", " ##  ", "  #  ", " #   "],
        ":": ["     ", " ##  ", " ##  ", "     ", " ##  ", " ##  ", "     "],
        "-": ["     ", "     ", "     ", "#####", "     ", "     ", "     "],
        "–": ["     ", "     ", "     ", "#####", "     ", "     ", "     "],
        "+": ["     ", "  #  ", "  #  ", "#####", "  #  ", "  #  ", "     "],
        "±": ["  #  ", "  #  ", "#####", "  #  ", "  #  ", "     ", "#####"],
        "×": ["     ", "#   #", " # # ", "  #  ", " # # ", "#   #", "     "],
        "=": ["     ", "     ", "#####", "     ", "#####", "     ", "     "],
        "%": ["##   ", "##  #", "   # ", "  #  ", " #   ", "#  ##", "   ##"],
        "/": ["     ", "    #", "   # ", "  #  ", " #   ", "#    ", "     "],
        "°": [" ##  ", "#  # ", "#  # ", " ##  ", "     ", "     ", "     "],
        "(": ["   # ", "  #  ", " #   ", " #   ", " #   ", "  #  ", "   # "],
        ")": [" #   ", "  #  ", "   # ", "   # ", "   # ", "  #  ", " #   "],
        "@": [" ### ", "#   #", "# ###", "# # #", "# ###", "#    ", " ####"],
        "#": [" # # ", " # # ", "#####", " # # ", "#####", " # # ", " # # "],
        "'": ["  #  ", "  #  ", "     ", "     ", "     ", "     ", "     "],
        "·": ["     ", "     ", "     ", "  #  ", "     ", "     ", "     "],
    ]

    static let missing = ["#####", "#   #", "#   #", "#   #", "#   #", "#   #", "#####"]

    /// Pixels per font pixel for text `sizePx` high (an SVG font size: capitals are about 0.7 of it).
    static func scale(sizePx: Double) -> Int { max(1, Int((sizePx * 0.72 / Double(rows)).rounded())) }

    /// Width of `text` in pixels: 6 font pixels a character (one of them the gap), the last gap dropped.
    static func widthPx(_ text: String, sizePx: Double) -> Int {
        text.isEmpty ? 0 : (text.count * (columns + 1) - 1) * scale(sizePx: sizePx)
    }

    /// Writes `text` with its baseline at `at.y`; bold doubles each ink pixel to the right.
    static func draw<Canvas: RasterCanvas>(_ text: String, at: Drawing.Point, sizePx: Double, anchor: Drawing.TextAnchor, bold: Bool,
                                           color: DrawingColor, opacity: Double, on image: inout Canvas) {
        let scale = scale(sizePx: sizePx), width = widthPx(text, sizePx: sizePx)
        let shift = anchor == .start ? 0 : anchor == .middle ? width / 2 : width
        var left = Int(at.x.rounded()) - shift
        let top = Int(at.y.rounded()) - rows * scale
        for character in text {
            let glyph = glyphs[character] ?? glyphs[Character(character.uppercased())] ?? missing
            for (row, line) in glyph.enumerated() {
                for (column, ink) in line.enumerated() where ink == "#" {
                    for dy in 0..<scale {
                        for dx in 0..<(scale + (bold ? 1 : 0)) {
                            image.blend(x: left + column * scale + dx, y: top + row * scale + dy, color: color, opacity: opacity)
                        }
                    }
                }
            }
            left += (columns + 1) * scale
        }
    }
}
