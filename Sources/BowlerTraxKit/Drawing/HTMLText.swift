/// Text and numbers as they go into HTML and SVG markup.
enum HTMLText {
    /// Escapes the five characters HTML gives meaning to, for element text and quoted attributes.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// An SVG coordinate: two decimals are a hundredth of a pixel, plenty, and keep the page small.
    static func number(_ value: Double) -> String {
        JSONText.number(value, digits: 2)
    }
}
