/// Count, mean, spread and range of one measurement over a set of shots.
public struct SampleSummary: Sendable, Equatable {
    public var count: Int
    public var mean: Double
    /// Sample standard deviation (n − 1 in the denominator); nil for a single value.
    public var standardDeviation: Double?
    public var minimum: Double
    public var maximum: Double

    /// Nil for no values. Two passes (mean, then squared deviations) so large offsets lose no precision.
    public init?(_ values: [Double]) {
        guard let first = values.first else { return nil }
        count = values.count
        mean = values.reduce(0, +) / Double(count)
        let mean = mean
        standardDeviation = count < 2 ? nil : (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(count - 1)).squareRoot()
        minimum = values.min() ?? first
        maximum = values.max() ?? first
    }
}

/// One measurement a statistic is taken of: its name in JSON, CSV and the database, and how to read it from a shot.
public struct Measure: Sendable {
    /// DOMAIN.md's field name, units included (`average_speed_mph`).
    public var key: String
    /// A short label for tables and charts.
    public var label: String
    public var value: @Sendable (ShotMeasurements) -> Double?

    /// Every measurement of DOMAIN.md statistics are taken of, in its order.
    public static let all: [Measure] = MeasurementField.all.compactMap { field in
        guard let label = field.statisticLabel, case let .number(keyPath) = field.value else { return nil }
        return Measure(key: field.name, label: label) { $0[keyPath: keyPath] }
    }

    public static func named(_ key: String) -> Measure? { all.first { $0.key == key } }
}

/// The statistics `stats` prints for one group of shots (rejected shots are never in the group).
public struct Statistics: Sendable {
    public var shotCount: Int
    public var sessionCount: Int
    /// One entry per measure of `Measure.all`, nil where no shot has that measurement.
    public var summaries: [(measure: Measure, summary: SampleSummary?)]
    /// Shots with an entered result, and how many of them were strikes.
    public var resultCount: Int
    public var strikeCount: Int
    /// Mean of the model's strike probability over the shots that have one.
    public var modelStrikeProbability: Double?

    public init(_ shots: [StoredShot]) {
        shotCount = shots.count
        sessionCount = Set(shots.map(\.sessionID)).count
        summaries = Measure.all.map { measure in (measure, SampleSummary(shots.compactMap { measure.value($0.shot.measurements) })) }
        let results = shots.compactMap(\.result)
        resultCount = results.count
        strikeCount = results.filter { $0 == .strike }.count
        modelStrikeProbability = summary("strike_probability")?.mean
    }

    public func summary(_ key: String) -> SampleSummary? {
        summaries.first { $0.measure.key == key }?.summary
    }

    /// Strikes among the entered results, 0 to 100; nil when no result was entered.
    public var enteredStrikePercent: Double? {
        resultCount == 0 ? nil : 100 * Double(strikeCount) / Double(resultCount)
    }

    /// The model's expected strike rate, 0 to 100.
    public var modelStrikePercent: Double? { modelStrikeProbability.map { 100 * $0 } }

    /// Consistency: the spread (standard deviation) of the boards a bowler aims at and hits. Smaller is more repeatable.
    public var arrowsBoardSpread: Double? { summary("arrows_board")?.standardDeviation }
    public var entryBoardSpread: Double? { summary("entry_board")?.standardDeviation }

    /// `{"shots":…, "sessions":…, "measurements":{key:{count,mean,sd,min,max}|null}, "strike_percent_entered":…, …}`.
    public var json: String {
        JSONText.object([
            ("shots", String(shotCount)),
            ("sessions", String(sessionCount)),
            ("measurements", JSONText.object(summaries.map { ($0.measure.key, Self.summaryJSON($0.summary)) })),
            ("results_entered", String(resultCount)),
            ("strikes_entered", String(strikeCount)),
            ("strike_percent_entered", JSONText.number(enteredStrikePercent, digits: 2)),
            ("strike_percent_model", JSONText.number(modelStrikePercent, digits: 2)),
            ("consistency", JSONText.object([
                ("arrows_board_sd", JSONText.number(arrowsBoardSpread, digits: 4)),
                ("entry_board_sd", JSONText.number(entryBoardSpread, digits: 4)),
            ])),
        ])
    }

    /// `{"count","mean","sd","min","max"}`, or null.
    public static func summaryJSON(_ summary: SampleSummary?) -> String {
        guard let summary else { return "null" }
        return JSONText.object([
            ("count", String(summary.count)),
            ("mean", JSONText.number(summary.mean, digits: 4)),
            ("sd", JSONText.number(summary.standardDeviation, digits: 4)),
            ("min", JSONText.number(summary.minimum, digits: 4)),
            ("max", JSONText.number(summary.maximum, digits: 4)),
        ])
    }
}
