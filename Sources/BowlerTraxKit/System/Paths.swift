/// File-path arithmetic on strings, as NSString's path methods did (without libFoundation).
public enum Paths {
    /// `path` without its last component: "a/b" → "a", "/a" → "/", "a" → "", trailing slashes ignored.
    public static func parent(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        return slash == text.startIndex ? "/" : String(text[..<slash])
    }
}
