/// The known name a misspelt one most likely meant, for errors that name something unknown ("did you mean …?").
enum NearestName {
    /// The name among `names` fewest edits (insertions, deletions, substitutions) from `name`, when that is at most a
    /// third of its length (one edit at least): near enough to be a slip, not another word.
    static func suggestion(for name: String, among names: [String]) -> String? {
        let limit = max(1, name.count / 3)
        return names.map { ($0, distance(name, $0)) }.filter { $0.1 <= limit }.min { $0.1 < $1.1 }?.0
    }

    /// `message` followed by the suggestion for `name`, if there is one.
    static func message(_ message: String, name: String, among names: [String]) -> String {
        suggestion(for: name, among: names).map { "\(message); did you mean '\($0)'?" } ?? message
    }

    /// Levenshtein distance, one row at a time.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
