import CPostgreSQL

/// One statement on a PostgreSQL connection: parameters are kept as text until the first `step()` or `run()` sends
/// statement and values in one round trip (PQexecParams); the whole result is then read from the `PGresult`.
///
/// Values travel in PostgreSQL's text format: doubles are written and read back as their shortest round-trip digits
/// (the server's default since PostgreSQL 12), so a stored double comes back bit for bit.
final class PostgresStatement: PreparedStatement {
    let sql: String
    /// `sql` with SQLite's `?` and `?N` parameters written as PostgreSQL's `$N`.
    let serverSQL: String
    /// Held strongly so the connection outlives every statement prepared on it.
    let database: PostgresDatabase
    private var parameters: [String?]
    private var result: OpaquePointer?
    private var row: Int32 = -1

    init(database: PostgresDatabase, sql: String) {
        self.sql = sql
        self.database = database
        let (translated, count) = Self.numberedParameters(sql)
        serverSQL = translated
        parameters = Array(repeating: nil, count: count)
    }

    deinit {
        PQclear(result)
    }

    /// `?` becomes `$N` with N one past the highest number so far and `?N` becomes `$N`, as SQLite numbers them;
    /// quoted text and names are left alone. Returns the SQL and its number of parameters.
    static func numberedParameters(_ sql: String) -> (String, Int) {
        var output = "", highest = 0, quote: Character?
        var characters = sql.makeIterator(), pending: Character? = nil
        while let character = pending ?? characters.next() {
            pending = nil
            if let open = quote {
                output.append(character)
                if character == open { quote = nil }
                continue
            }
            guard character == "?" else {
                if character == "'" || character == "\"" { quote = character }
                output.append(character)
                continue
            }
            var digits = ""
            while let next = characters.next() {
                guard next.isASCII, next.isNumber else { pending = next; break }
                digits.append(next)
            }
            let number = Int(digits) ?? highest + 1
            highest = max(highest, number)
            output += "$\(number)"
        }
        return (output, highest)
    }

    // MARK: - Binding

    private func set(_ text: String?, at index: Int32) {
        precondition(index >= 1 && Int(index) <= parameters.count, "parameter \(index) out of range in \(sql)")
        precondition(result == nil, "binding parameter \(index) of a running statement: \(sql)")
        parameters[Int(index) - 1] = text
    }

    func bind(_ value: Double?, at index: Int32) throws {
        guard let value else { return set(nil, at: index) }
        guard !value.isNaN else { throw StoreError.notANumber(parameter: index, sql: sql) }
        // Swift's description is the shortest text that reads back as the same double; infinities are spelt the server's way.
        set(value.isInfinite ? (value < 0 ? "-Infinity" : "Infinity") : "\(value)", at: index)
    }

    func bind(_ value: Int64?, at index: Int32) throws {
        set(value.map(String.init), at: index)
    }

    func bind(_ value: String?, at index: Int32) throws {
        set(value, at: index)
    }

    // MARK: - Running

    /// Sends the statement with its parameters; the result stays until `reset()`.
    private func send() throws {
        try database.ensureConnected()
        let sent = PostgresDatabase.withCStrings(parameters) { values in
            PQexecParams(database.handle, serverSQL, Int32(values.count), nil, values, nil, nil, 0)
        }
        switch sent.map(PQresultStatus) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            result = sent
            row = -1
        default:
            defer { PQclear(sent) }
            throw database.error(result: sent, sql: sql)
        }
    }

    func step() throws -> Bool {
        if result == nil { try send() }
        guard let result else { return false }
        row += 1
        return row < PQntuples(result)
    }

    @discardableResult
    func run() throws -> Int {
        try send()
        defer { reset() }
        guard let result, PQresultStatus(result) == PGRES_COMMAND_OK else { preconditionFailure("run() on a statement that returns rows: \(sql)") }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    func reset() {
        PQclear(result)
        result = nil
        row = -1
        parameters = Array(repeating: nil, count: parameters.count)
    }

    // MARK: - Columns

    func text(at column: Int32) -> String? {
        guard let result, row >= 0, row < PQntuples(result), PQgetisnull(result, row, column) == 0,
              let value = PQgetvalue(result, row, column) else { return nil }
        return String(cString: value)
    }

    func double(at column: Int32) -> Double? {
        text(at: column).flatMap { Double($0) }
    }

    func int64(at column: Int32) -> Int64? {
        text(at: column).flatMap { Int64($0) }
    }

    func columnName(at column: Int32) -> String {
        result.flatMap { PQfname($0, column) }.map { String(cString: $0) } ?? "column \(column)"
    }
}
