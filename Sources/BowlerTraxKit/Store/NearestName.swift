/// The known name a misspelt one most likely meant, for errors that name something unknown ("did you mean …?"):
/// an option, a subcommand, a session, a centre, a ball.
public enum NearestName {
    /// The name among `names` fewest edits (insertions, deletions, substitutions, two neighbours swapped) from `name`,
    /// when that is at most a third of its length (one edit at least): near enough to be a slip, not another word.
    /// None when several are as near ("week 9" among "week 1" and "week 2" is no slip of either).
    public static func suggestion(for name: String, among names: [String]) -> String? {
        let limit = max(1, name.count / 3)
        let near = Set(names).map { ($0, distance(name, $0)) }.filter { $0.1 <= limit }
        guard let best = near.map(\.1).min() else { return nil }
        let nearest = near.filter { $0.1 == best }
        return nearest.count == 1 ? nearest[0].0 : nil
    }

    /// `message` followed by the suggestion for `name`, if there is one, between `quote`s.
    public static func message(_ message: String, name: String, among names: [String], quote: String = "'") -> String {
        suggestion(for: name, among: names).map { "\(message); did you mean \(quote)\($0)\(quote)?" } ?? message
    }

    /// Levenshtein distance with a swap of two neighbouring letters as one edit ("Bleu" for "Blue", the commonest slip;
    /// optimal string alignment, Damerau 1964), one row at a time with the row before kept for the swap.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                var edits = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
                if i > 0, j > 0, x == b[j - 1], a[i - 1] == y { edits = min(edits, beforePrevious[j - 1] + 1) }
                current.append(edits)
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
