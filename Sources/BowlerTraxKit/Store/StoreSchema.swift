/// The store's migrations, oldest first. Append only: a shipped step is never edited or reordered.
enum StoreSchema {
    static let migrations: [Migration] = [v1, v2, v3, v4]

    /// Tables are STRICT (SQLite 3.37+) so a REAL column only ever holds a REAL and values round-trip exactly.
    /// Timestamps are ISO-8601 UTC text, readable by any tool. Measurement columns are nullable: a shot
    /// without calibration or marker has no board, angle or rev rate (DOMAIN.md).
    /// Indexes: UNIQUE (session_id, shot_number) serves "a session's shots in order" and the cascade from
    /// session; trajectory_point is clustered on (shot_id, frame), the order a shot's path is read in.
    static let v1 = Migration(name: "v1: sessions, shots, trajectories, ball profiles", sqlite: """
        CREATE TABLE session (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            source TEXT NOT NULL,
            hand TEXT NOT NULL CHECK (hand IN ('right', 'left')),
            started_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            ended_at TEXT,
            notes TEXT
        ) STRICT;
        CREATE INDEX session_started_at ON session (started_at);

        CREATE TABLE shot (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES session (id) ON DELETE CASCADE,
            shot_number INTEGER NOT NULL,
            release_time_s REAL NOT NULL,
            hand TEXT NOT NULL CHECK (hand IN ('right', 'left')),
            foul_line_board REAL,
            arrows_board REAL,
            launch_angle_deg REAL,
            breakpoint_board REAL,
            breakpoint_distance_ft REAL,
            entry_board REAL,
            entry_angle_deg REAL,
            launch_speed_mph REAL,
            entry_speed_mph REAL,
            average_speed_mph REAL,
            rev_rate_rpm REAL,
            rev_rate_confidence REAL,
            strike_probability REAL,
            predicted_leave TEXT,
            leave_probability REAL,
            created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            UNIQUE (session_id, shot_number)
        ) STRICT;

        CREATE TABLE trajectory_point (
            shot_id INTEGER NOT NULL REFERENCES shot (id) ON DELETE CASCADE,
            frame INTEGER NOT NULL,
            time_s REAL NOT NULL,
            x_px REAL NOT NULL,
            y_px REAL NOT NULL,
            radius_px REAL NOT NULL,
            board REAL,
            distance_ft REAL,
            PRIMARY KEY (shot_id, frame)
        ) STRICT, WITHOUT ROWID;

        CREATE TABLE ball_profile (
            name TEXT PRIMARY KEY NOT NULL,
            profile_json TEXT NOT NULL
        ) STRICT;
        """, postgres: """
        CREATE TABLE session (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            name TEXT COLLATE "C" NOT NULL,
            source TEXT NOT NULL,
            hand TEXT NOT NULL CHECK (hand IN ('right', 'left')),
            started_at TEXT COLLATE "C" NOT NULL DEFAULT (\(SQLDialect.postgres.nowUTC)),
            ended_at TEXT COLLATE "C",
            notes TEXT
        );
        CREATE INDEX session_started_at ON session (started_at);

        CREATE TABLE shot (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            session_id BIGINT NOT NULL REFERENCES session (id) ON DELETE CASCADE,
            shot_number INTEGER NOT NULL,
            release_time_s DOUBLE PRECISION NOT NULL,
            hand TEXT NOT NULL CHECK (hand IN ('right', 'left')),
            foul_line_board DOUBLE PRECISION,
            arrows_board DOUBLE PRECISION,
            launch_angle_deg DOUBLE PRECISION,
            breakpoint_board DOUBLE PRECISION,
            breakpoint_distance_ft DOUBLE PRECISION,
            entry_board DOUBLE PRECISION,
            entry_angle_deg DOUBLE PRECISION,
            launch_speed_mph DOUBLE PRECISION,
            entry_speed_mph DOUBLE PRECISION,
            average_speed_mph DOUBLE PRECISION,
            rev_rate_rpm DOUBLE PRECISION,
            rev_rate_confidence DOUBLE PRECISION,
            strike_probability DOUBLE PRECISION,
            predicted_leave TEXT,
            leave_probability DOUBLE PRECISION,
            created_at TEXT COLLATE "C" NOT NULL DEFAULT (\(SQLDialect.postgres.nowUTC)),
            UNIQUE (session_id, shot_number)
        );

        CREATE TABLE trajectory_point (
            shot_id BIGINT NOT NULL REFERENCES shot (id) ON DELETE CASCADE,
            frame INTEGER NOT NULL,
            time_s DOUBLE PRECISION NOT NULL,
            x_px DOUBLE PRECISION NOT NULL,
            y_px DOUBLE PRECISION NOT NULL,
            radius_px DOUBLE PRECISION NOT NULL,
            board DOUBLE PRECISION,
            distance_ft DOUBLE PRECISION,
            PRIMARY KEY (shot_id, frame)
        );

        CREATE TABLE ball_profile (
            name TEXT COLLATE "C" PRIMARY KEY NOT NULL,
            profile_json TEXT NOT NULL
        );
        """)

    /// Bowlers, centres, their lanes and each lane's calibrations; what a session was (who, where, which
    /// ball, league or practice); what a shot really did (the result entered later) and whether it was
    /// rejected as a misdetection. Only ADD COLUMN on v1's tables, so v1 rows keep every value.
    /// A session names its ball as text, not a key: deleting a ball profile must not rewrite history.
    /// `pins_left` is the pins standing after the shot, as sorted pin numbers ("7,10"), never a count.
    static let v2 = Migration(name: "v2: bowlers, centres, lanes, calibrations, session details, shot results", sqlite: """
        CREATE TABLE bowler (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        ) STRICT;

        CREATE TABLE center (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        ) STRICT;

        CREATE TABLE lane (
            id INTEGER PRIMARY KEY,
            center_id INTEGER NOT NULL REFERENCES center (id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            UNIQUE (center_id, number)
        ) STRICT;

        CREATE TABLE calibration (
            id INTEGER PRIMARY KEY,
            lane_id INTEGER NOT NULL REFERENCES lane (id) ON DELETE CASCADE,
            created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            calibration_json TEXT NOT NULL
        ) STRICT;
        CREATE INDEX calibration_lane_created ON calibration (lane_id, created_at);

        ALTER TABLE session ADD COLUMN bowler_id INTEGER REFERENCES bowler (id) ON DELETE SET NULL;
        ALTER TABLE session ADD COLUMN center_id INTEGER REFERENCES center (id) ON DELETE SET NULL;
        ALTER TABLE session ADD COLUMN lane_number INTEGER CHECK (lane_number >= 1);
        ALTER TABLE session ADD COLUMN oil_pattern TEXT;
        ALTER TABLE session ADD COLUMN ball TEXT;
        ALTER TABLE session ADD COLUMN kind TEXT NOT NULL DEFAULT 'practice' CHECK (kind IN ('league', 'practice'));
        CREATE INDEX session_name ON session (name);

        ALTER TABLE shot ADD COLUMN result TEXT CHECK (result IN ('strike', 'spare', 'open'));
        ALTER TABLE shot ADD COLUMN pins_left TEXT;
        ALTER TABLE shot ADD COLUMN rejected INTEGER NOT NULL DEFAULT 0 CHECK (rejected IN (0, 1));
        """, postgres: """
        CREATE TABLE bowler (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            name TEXT COLLATE "C" NOT NULL UNIQUE,
            created_at TEXT COLLATE "C" NOT NULL DEFAULT (\(SQLDialect.postgres.nowUTC))
        );

        CREATE TABLE center (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            name TEXT COLLATE "C" NOT NULL UNIQUE,
            created_at TEXT COLLATE "C" NOT NULL DEFAULT (\(SQLDialect.postgres.nowUTC))
        );

        CREATE TABLE lane (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            center_id BIGINT NOT NULL REFERENCES center (id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            UNIQUE (center_id, number)
        );

        CREATE TABLE calibration (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            lane_id BIGINT NOT NULL REFERENCES lane (id) ON DELETE CASCADE,
            created_at TEXT COLLATE "C" NOT NULL DEFAULT (\(SQLDialect.postgres.nowUTC)),
            calibration_json TEXT NOT NULL
        );
        CREATE INDEX calibration_lane_created ON calibration (lane_id, created_at);

        ALTER TABLE session ADD COLUMN bowler_id BIGINT REFERENCES bowler (id) ON DELETE SET NULL;
        ALTER TABLE session ADD COLUMN center_id BIGINT REFERENCES center (id) ON DELETE SET NULL;
        ALTER TABLE session ADD COLUMN lane_number INTEGER CHECK (lane_number >= 1);
        ALTER TABLE session ADD COLUMN oil_pattern TEXT;
        ALTER TABLE session ADD COLUMN ball TEXT COLLATE "C";
        ALTER TABLE session ADD COLUMN kind TEXT NOT NULL DEFAULT 'practice' CHECK (kind IN ('league', 'practice'));
        CREATE INDEX session_name ON session (name);

        ALTER TABLE shot ADD COLUMN result TEXT CHECK (result IN ('strike', 'spare', 'open'));
        ALTER TABLE shot ADD COLUMN pins_left TEXT;
        ALTER TABLE shot ADD COLUMN rejected INTEGER NOT NULL DEFAULT 0 CHECK (rejected IN (0, 1));
        """)

    /// Where each trajectory point lies in the reference view of footage whose camera pans and zooms
    /// (`ReferenceView`): that view's frame and the ball's centre there. Null on points stored before, and where
    /// the camera's motion was not followed (a ball colour given and no box).
    static let v3 = Migration(name: "v3: trajectory points in the reference view", sqlite: """
        ALTER TABLE trajectory_point ADD COLUMN reference_frame INTEGER;
        ALTER TABLE trajectory_point ADD COLUMN reference_x_px REAL;
        ALTER TABLE trajectory_point ADD COLUMN reference_y_px REAL;
        """, postgres: """
        ALTER TABLE trajectory_point ADD COLUMN reference_frame INTEGER;
        ALTER TABLE trajectory_point ADD COLUMN reference_x_px DOUBLE PRECISION;
        ALTER TABLE trajectory_point ADD COLUMN reference_y_px DOUBLE PRECISION;
        """)

    /// A key every copy of a session, shot and calibration keeps, whichever store it is in, made where the row is
    /// first made (random UUID text): sending a shot again (from the spool, after a lost reply) or copying a session
    /// twice finds it already there instead of storing it twice. Rows stored before get one here.
    static let v4 = Migration(name: "v4: keys that follow sessions, shots and calibrations between stores", sqlite: """
        ALTER TABLE session ADD COLUMN uuid TEXT;
        UPDATE session SET uuid = lower(hex(randomblob(16)));
        CREATE UNIQUE INDEX session_uuid ON session (uuid);
        ALTER TABLE shot ADD COLUMN uuid TEXT;
        UPDATE shot SET uuid = lower(hex(randomblob(16)));
        CREATE UNIQUE INDEX shot_uuid ON shot (uuid);
        ALTER TABLE calibration ADD COLUMN uuid TEXT;
        UPDATE calibration SET uuid = lower(hex(randomblob(16)));
        CREATE UNIQUE INDEX calibration_uuid ON calibration (uuid);
        """, postgres: """
        ALTER TABLE session ADD COLUMN uuid TEXT COLLATE "C";
        UPDATE session SET uuid = gen_random_uuid()::text;
        ALTER TABLE session ALTER COLUMN uuid SET NOT NULL;
        CREATE UNIQUE INDEX session_uuid ON session (uuid);
        ALTER TABLE shot ADD COLUMN uuid TEXT COLLATE "C";
        UPDATE shot SET uuid = gen_random_uuid()::text;
        ALTER TABLE shot ALTER COLUMN uuid SET NOT NULL;
        CREATE UNIQUE INDEX shot_uuid ON shot (uuid);
        ALTER TABLE calibration ADD COLUMN uuid TEXT COLLATE "C";
        UPDATE calibration SET uuid = gen_random_uuid()::text;
        ALTER TABLE calibration ALTER COLUMN uuid SET NOT NULL;
        CREATE UNIQUE INDEX calibration_uuid ON calibration (uuid);
        """)
}
