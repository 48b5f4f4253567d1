import BowlerTraxKit
import Foundation

/// Issue 20's load benchmark: `lanes` live sessions writing to one PostgreSQL server at once, each saving a shot of
/// `points` trajectory points every `intervalS` (10 s of a real lane, compressed), through the same `SpooledSession`
/// as `live`, each lane with its own spool. At the end each spool is synced and the server's shots are counted:
/// none may be missing. scripts/bench-store runs it, once on a steady server and once restarting it mid-run.
enum StoreLoadBench {
    static let usage = "Usage: bowlertrax-bench store --db <postgresql-uri> --spool-dir <dir> [--lanes <n>] [--shots <n>] [--interval-s <s>] [--points <n>]"

    struct Settings: Sendable {
        var uri = ""
        var spoolDirectory = ""
        var lanes = 40
        var shotsPerLane = 60
        var intervalS = 1.0
        var points = 150
    }

    /// What every lane saw, gathered under a lock.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var storedLatencyNs: [UInt64] = []
        private(set) var spooledLatencyNs: [UInt64] = []
        private(set) var failures: [String] = []

        func record(_ saved: SavedShot, ns: UInt64) {
            lock.withLock {
                if case .stored = saved { storedLatencyNs.append(ns) } else { spooledLatencyNs.append(ns) }
            }
        }

        func fail(_ message: String) {
            lock.withLock { failures.append(message) }
        }
    }

    static func run(_ arguments: [String]) throws {
        let settings = try parse(arguments)
        let results = Results()
        let start = DispatchTime.now().uptimeNanoseconds + 500_000_000
        // A thread per lane, as each lane is its own laptop: a blocked connect on one never holds up another.
        let done = DispatchGroup()
        for lane in 0..<settings.lanes {
            done.enter()
            Thread.detachNewThread {
                runLane(lane, settings: settings, start: start, results: results)
                done.leave()
            }
        }
        done.wait()
        let (synced, onServer) = try syncSpools(settings)
        let expected = settings.lanes * settings.shotsPerLane
        var stored = TimingSamples()
        results.storedLatencyNs.forEach { stored.record((wall: $0, cpu: 0)) }
        print("lanes=\(settings.lanes) shots_per_lane=\(settings.shotsPerLane) interval_s=\(settings.intervalS) points=\(settings.points)")
        print("expected=\(expected) stored=\(results.storedLatencyNs.count) spooled=\(results.spooledLatencyNs.count) synced_after=\(synced) "
              + "on_server=\(onServer) lost=\(expected - onServer) failed=\(results.failures.count)")
        print(String(format: "commit_ms p50=%.1f p99=%.1f max=%.1f", stored.quantileMs(0.5, .wall), stored.quantileMs(0.99, .wall), stored.quantileMs(1, .wall)))
        results.failures.prefix(5).forEach { note("lane failure: \($0)") }
    }

    private static func runLane(_ lane: Int, settings: Settings, start: UInt64, results: Results) {
        let location = StoreLocation.postgres(uri: settings.uri)
        let opening = SessionOpening(name: "lane \(lane + 1)", source: "/dev/video\(lane)", hand: .right, details: SessionDetails(bowler: "Bowler \(lane + 1)"))
        let spoolPath = "\(settings.spoolDirectory)/lane-\(lane + 1).sqlite"
        let store = try? ShotStore(location: location)
        let session = SpooledSession(store: store, location: location, sessionID: nil, key: ShotStore.newKey(), opening: opening, spoolPath: spoolPath)
        // Lanes start spread over one interval, as real lanes' shots are.
        let offsetNs = UInt64(Double(lane) / Double(settings.lanes) * settings.intervalS * 1e9)
        for number in 1...settings.shotsPerLane {
            let due = start + offsetNs + UInt64(Double(number - 1) * settings.intervalS * 1e9)
            let now = DispatchTime.now().uptimeNanoseconds
            if due > now { usleep(UInt32((due - now) / 1000)) }
            let began = DispatchTime.now().uptimeNanoseconds
            do {
                let saved = try session.save(shot(number: number, points: settings.points))
                results.record(saved, ns: DispatchTime.now().uptimeNanoseconds - began)
            } catch {
                results.fail("lane \(lane + 1) shot \(number): \(error)")
            }
        }
        do { try session.close() } catch { results.fail("lane \(lane + 1) close: \(error)") }
    }

    /// Sends what the spools hold (waiting up to 60 s for the server) and counts the shots the server holds.
    private static func syncSpools(_ settings: Settings) throws -> (synced: Int, onServer: Int) {
        var server: ShotStore?
        for _ in 0..<120 where server == nil {
            server = try? ShotStore(path: settings.uri)
            if server == nil { usleep(500_000) }
        }
        guard let server else { throw StoreError.cannotConnect(server: settings.uri, reason: "still away 60 s after the run") }
        var synced = 0
        for lane in 1...settings.lanes {
            let path = "\(settings.spoolDirectory)/lane-\(lane).sqlite"
            guard FileManager.default.fileExists(atPath: path) else { continue }
            synced += try SpooledSession.sync(spool: try ShotStore(path: path), to: server).shots
        }
        return (synced, try server.storedShots(ShotFilter(includeRejected: true)).count)
    }

    /// A shot like a real one: every measurement, and a path of `points` points down the lane.
    private static func shot(number: Int, points: Int) -> Shot {
        var measurements = ShotMeasurements()
        measurements.entryBoard = 17.5
        measurements.entryAngleDeg = 5.3
        measurements.averageSpeedMph = 16.7
        measurements.revRateRpm = 391
        let trajectory = (0..<points).map { index -> TrajectoryPoint in
            let step = Double(index)
            return TrajectoryPoint(frame: index, timeS: step / 60, xPx: 640 + step, yPx: 700 - step * 3, radiusPx: 20,
                                   board: 12 + step / 30, distanceFt: step * 0.4)
        }
        return Shot(shotNumber: number, releaseTimeS: Double(number) * 10, hand: .right, measurements: measurements, trajectory: trajectory)
    }

    private static func parse(_ arguments: [String]) throws -> Settings {
        var settings = Settings()
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            guard index + 1 < arguments.count else { throw BenchError.usage("\(name) needs a value\n\(usage)") }
            let value = arguments[index + 1]
            switch name {
            case "--db": settings.uri = value
            case "--spool-dir": settings.spoolDirectory = value
            case "--lanes": settings.lanes = try number(value, name)
            case "--shots": settings.shotsPerLane = try number(value, name)
            case "--points": settings.points = try number(value, name)
            case "--interval-s":
                guard let seconds = Double(value), seconds > 0 else { throw BenchError.usage("give --interval-s a number above 0\n\(usage)") }
                settings.intervalS = seconds
            default: throw BenchError.usage("unknown option \(name)\n\(usage)")
            }
            index += 2
        }
        guard !settings.uri.isEmpty, !settings.spoolDirectory.isEmpty else { throw BenchError.usage("give --db and --spool-dir\n\(usage)") }
        return settings
    }

    private static func number(_ text: String, _ name: String) throws -> Int {
        guard let value = Int(text), value > 0 else { throw BenchError.usage("give \(name) a whole number above 0\n\(usage)") }
        return value
    }
}
