import Foundation
@testable import BowlerTraxKit

/// The throw-away PostgreSQL cluster scripts/test starts: BOWLERTRAX_TEST_POSTGRES holds the URI of its `postgres`
/// database, connected to as a superuser over a Unix socket. Each test makes its own database and drops it after.
enum TestPostgres {
    /// Nil when no cluster runs (a filtered `swift test` without scripts/test): the PostgreSQL half of a test is skipped.
    static var adminURI: String? {
        ProcessInfo.processInfo.environment["BOWLERTRAX_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `uri` with its database name replaced: `postgresql://u@/postgres?host=/tmp/x` → `postgresql://u@/NAME?host=/tmp/x`.
    static func uri(_ uri: String, database name: String) -> String {
        let parts = uri.split(separator: "?", maxSplits: 1).map(String.init)
        let head = parts[0]
        let authorityEnd = head.range(of: "://").map { head[$0.upperBound...].firstIndex(of: "/") ?? head.endIndex } ?? head.endIndex
        return String(head[..<authorityEnd]) + "/" + name + (parts.count > 1 ? "?" + parts[1] : "")
    }

    /// Creates an empty database and returns its URI.
    static func createDatabase(admin: String) throws -> String {
        let name = "bowlertrax_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try PostgresDatabase(uri: admin).execute("CREATE DATABASE \(name)")
        return uri(admin, database: name)
    }

    /// Drops the database `uri` names, closing whatever connections are still open on it.
    static func dropDatabase(_ uri: String, admin: String) throws {
        let name = String(uri.split(separator: "?")[0].split(separator: "/").last ?? "")
        try PostgresDatabase(uri: admin).execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }
}
