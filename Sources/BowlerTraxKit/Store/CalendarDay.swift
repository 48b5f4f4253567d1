import FoundationEssentials

/// Days as the store and the history options write them: `YYYY-MM-DD`, in UTC.
public enum CalendarDay {
    private static let style = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()

    /// The start of `text`'s day, or nil when `text` is not exactly a day that exists in the calendar.
    public static func date(_ text: String) -> Date? {
        guard text.count == 10, let date = try? style.parse(text), self.text(date) == text else { return nil }
        return date
    }

    public static func text(_ date: Date) -> String { style.format(date) }
}
