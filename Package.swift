// swift-tools-version:6.0
import PackageDescription

// No SwiftPM package dependencies: only system C libraries found with pkg-config
// (installed by scripts/setup) and the toolchain's own Foundation, Dispatch and XCTest.
let package = Package(
    name: "BowlerTrax",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "bowlertrax", targets: ["bowlertrax"]),
        .library(name: "BowlerTraxKit", targets: ["BowlerTraxKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CPostgreSQL",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .target(name: "CV4L2"),
        .target(
            name: "BowlerTraxKit",
            dependencies: ["CFFmpeg", "CSQLite", "CPostgreSQL", "CV4L2"]
        ),
        .executableTarget(name: "bowlertrax", dependencies: ["BowlerTraxKit"]),
        .executableTarget(name: "bowlertrax-bench", dependencies: ["BowlerTraxKit"]),
        .target(
            name: "BowlerTraxFixtures",
            dependencies: ["BowlerTraxKit", "CFFmpeg"],
            path: "Fixtures/Renderer/Library",
            swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]
        ),
        .executableTarget(
            name: "bowlertrax-render",
            dependencies: ["BowlerTraxFixtures", "BowlerTraxKit"],
            path: "Fixtures/Renderer/Tool"
        ),
        .testTarget(name: "BowlerTraxKitTests", dependencies: ["BowlerTraxKit", "BowlerTraxFixtures", "bowlertrax"]),
    ]
)
