/// The WHERE clause of a listing, made of only the filters given, with their values bound in order: one query text
/// for both engines (PostgreSQL cannot type a parameter that only appears in `? IS NULL`).
struct QueryConditions {
    /// A value one condition compares with.
    enum Value {
        case text(String)
        case integer(Int64)
    }

    private var clauses: [String] = []
    private var values: [Value] = []

    /// Adds `clause`, whose `?` parameters take `values` in order.
    mutating func add(_ clause: String, _ values: Value...) {
        add(clause, values: values)
    }

    mutating func add(_ clause: String, values: [Value]) {
        clauses.append(clause)
        self.values += values
    }

    /// The conditions joined with AND; always true when there are none.
    var sql: String { clauses.isEmpty ? "1 = 1" : clauses.map { "(\($0))" }.joined(separator: " AND ") }

    /// Binds the values to `statement`'s parameters from 1 on.
    func bind(to statement: any PreparedStatement) throws {
        for (offset, value) in values.enumerated() {
            switch value {
            case let .text(text): try statement.bind(text, at: Int32(offset + 1))
            case let .integer(number): try statement.bind(number, at: Int32(offset + 1))
            }
        }
    }
}
