import FoundationEssentials

extension ShotStore {
    /// Saves the profile under its name, replacing any profile of that name.
    public func saveBallProfile(_ profile: BallProfile) throws {
        guard let name = profile.name, !name.trimmingWhitespace().isEmpty else {
            throw StoreError.ballProfileNameMissing
        }
        let json: String
        do {
            let encoder = JSONEncoder()
            // Stable text, so an unchanged profile is stored byte for byte the same.
            encoder.outputFormatting = [.sortedKeys]
            json = String(decoding: try encoder.encode(profile), as: UTF8.self)
        } catch {
            throw StoreError.ballProfileNotEncodable(name: name, reason: "\(error)")
        }
        let upsert = try database.prepare("""
            INSERT INTO ball_profile (name, profile_json) VALUES (?, ?)
            ON CONFLICT (name) DO UPDATE SET profile_json = excluded.profile_json
            """)
        try upsert.bind(name, at: 1)
        try upsert.bind(json, at: 2)
        try upsert.run()
    }

    /// The profile of that name, or nil.
    public func ballProfile(named name: String) throws -> BallProfile? {
        let query = try database.prepare("SELECT name, profile_json FROM ball_profile WHERE name = ?")
        try query.bind(name, at: 1)
        return try query.step() ? try Self.ballProfile(in: query) : nil
    }

    /// All profiles, by name.
    public func ballProfiles() throws -> [BallProfile] {
        let query = try database.prepare("SELECT name, profile_json FROM ball_profile ORDER BY name")
        var profiles: [BallProfile] = []
        while try query.step() {
            profiles.append(try Self.ballProfile(in: query))
        }
        return profiles
    }

    /// Deletes the profile of that name; false when there was none.
    public func deleteBallProfile(named name: String) throws -> Bool {
        let delete = try database.prepare("DELETE FROM ball_profile WHERE name = ?")
        try delete.bind(name, at: 1)
        return try delete.run() > 0
    }

    /// Decodes the current row (name, profile_json); the name column wins over any name inside the JSON.
    private static func ballProfile(in query: any PreparedStatement) throws -> BallProfile {
        let name = try query.required(query.text(at: 0), at: 0)
        let json = try query.required(query.text(at: 1), at: 1)
        do {
            var profile = try JSONDecoder().decode(BallProfile.self, from: Data(json.utf8))
            profile.name = name
            return profile
        } catch {
            throw StoreError.ballProfileUnreadable(name: name, reason: "\(error)")
        }
    }
}
