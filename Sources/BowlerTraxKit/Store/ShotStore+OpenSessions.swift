// MARK: - Sessions left open (a crash, kill -9, a power cut)

extension ShotStore {
    /// Sessions from `source` (a camera device) that were never closed, oldest first; a session is open
    /// while its `ended_at` is NULL, so no schema change is needed.
    public func openSessions(source: String) throws -> [SessionRecord] {
        try sessions().filter { $0.source == source && $0.endedAt == nil }
    }

    /// Closes a session its process never closed. Its end time is its last shot's time (else its start):
    /// when the process died is unknown, the last shot is the last sign of life.
    public func closeAbandonedSession(id: Int64) throws {
        try database.inTransaction {
            if let endedAt = try endedAt(sessionID: id) { throw StoreError.sessionAlreadyClosed(id: id, endedAt: endedAt) }
            let update = try database.prepare("""
                UPDATE session SET ended_at = coalesce((SELECT max(created_at) FROM shot WHERE session_id = session.id), started_at)
                WHERE id = ?
                """)
            try update.bind(id, at: 1)
            try update.run()
        }
    }
}
