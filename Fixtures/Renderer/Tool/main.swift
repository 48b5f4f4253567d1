import BowlerTraxFixtures
import Foundation

// bowlertrax-render: thin CLI over FixtureRenderer.

let usage = "USAGE: bowlertrax-render (--preset <name> | --spec <file.json>) --out <dir>\n       bowlertrax-render --list-presets"
let help = """
OVERVIEW: Renders synthetic bowling clips with exact ground truth.

\(usage)

OPTIONS:
  --preset <name>    Render a built-in preset (see --list-presets).
  --spec <file>      Render a clip described by a JSON ClipSpec (snake_case keys; missing keys take defaults).
  --out <dir>        Directory for NAME.<ext>, NAME.truth.json and NAME.calibration.json.
  --list-presets     Print the preset names, one per line.
  -h, --help         Show help information.
"""

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
    if code == 64 { FileHandle.standardError.write(Data("\(usage)\nSee 'bowlertrax-render --help' for more information.\n".utf8)) }
    exit(code)
}

var preset: String?, specPath: String?, outDir: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print(help)
        exit(0)
    case "--list-presets":
        ClipSpec.presetNames.forEach { print($0) }
        exit(0)
    case "--preset", "--spec", "--out":
        guard let value = arguments.popFirst() else { fail("\(argument) needs a value", code: 64) }
        if argument == "--preset" { preset = value } else if argument == "--spec" { specPath = value } else { outDir = value }
    default:
        fail("unknown argument \(argument)", code: 64)
    }
}
guard let outDir else { fail("give --out <dir>", code: 64) }
guard (preset == nil) != (specPath == nil) else { fail("give exactly one of --preset or --spec", code: 64) }

do {
    let spec: ClipSpec
    if let preset {
        do { spec = try ClipSpec.preset(named: preset) } catch { fail("\(error)", code: 64) }
    } else {
        let path = specPath ?? ""
        do {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            spec = try decoder.decode(ClipSpec.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            fail("\(FixtureError.badSpec(path: path, reason: "\(error)"))", code: 64)
        }
    }
    let truth = try FixtureRenderer.render(spec: spec, to: URL(fileURLWithPath: outDir))
    print("\(truth.video): \(truth.width)x\(truth.height), \(truth.frames) frames, \(truth.codec)")
    for (i, s) in (truth.shots + truth.neighbourLaneShots).enumerated() {
        print(String(format: "  shot %d lane %d: release %.3f s, foul %.2f, arrows %.2f, launch %.2f deg, breakpoint %.2f at %.1f ft, entry %.2f at %.2f deg, speed %.2f/%.2f/%.2f mph, revs %.0f rpm, first seen %@ ft",
                     i + 1, s.laneIndex, s.releaseTimeS, s.foulLineBoard, s.arrowsBoard, s.launchAngleDeg, s.breakpointBoard, s.breakpointDistanceFt,
                     s.entryBoard, s.entryAngleDeg, s.launchSpeedMph, s.entrySpeedMph, s.averageSpeedMph, s.revRateRpm,
                     s.firstVisibleDistanceFt.map { String(format: "%.2f", $0) } ?? "never"))
    }
} catch {
    fail("\(error)", code: 1)
}
