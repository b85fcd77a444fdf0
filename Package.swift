// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WaveNotifications",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "WaveNotifications", targets: ["WaveNotifications"]),
        .library(name: "WaveLinuxAdapter", targets: ["WaveLinuxAdapter"]),
        .executable(name: "wavesim", targets: ["WaveSimCLI"]),
        .executable(name: "wavebench", targets: ["WaveBench"]),
    ],
    targets: [
        // The platform-free core: triggers, content keys, the manager and scheduler protocols.
        .target(name: "WaveNotifications"),
        // `Resources/Localizations` shipped as a SwiftPM resource bundle.
        .target(
            name: "WaveLocalizations",
            path: "Resources",
            sources: ["BundledLocalizations.swift"],
            resources: [.copy("Localizations")]
        ),
        // The system SQLite 3 library, for the adapter's notification store and inbox.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The Linux reference manager: timer queue, sinks, persistence, the SQLite store, string resolution, the lint.
        .target(name: "WaveLinuxAdapter", dependencies: ["WaveNotifications", "WaveLocalizations", "CSQLite"]),
        // The replay engine and command line behind `wavesim`, as a testable library.
        .target(name: "WaveSim", dependencies: ["WaveNotifications", "WaveLinuxAdapter"]),
        // The thin `@main` of the `wavesim` executable.
        .executableTarget(name: "WaveSimCLI", dependencies: ["WaveSim"]),
        // The `wavebench` benchmark program (see BENCHMARKS.md).
        .executableTarget(
            name: "WaveBench",
            dependencies: ["WaveNotifications", "WaveLinuxAdapter", "WaveLocalizations", "WaveSim"],
            path: "Benchmarks/WaveBench"
        ),
        // A child process for WaveLinuxAdapterTests' crash test: saves state in a loop until killed.
        .executableTarget(name: "WaveStateProbe", dependencies: ["WaveNotifications", "WaveLinuxAdapter"]),
        // A child process for WaveLinuxAdapterTests' store crash test: commits requests in a loop until killed.
        .executableTarget(name: "WaveStoreProbe", dependencies: ["WaveNotifications", "WaveLinuxAdapter"]),
        .testTarget(name: "WaveNotificationsTests", dependencies: ["WaveNotifications"]),
        .testTarget(
            name: "WaveLinuxAdapterTests",
            dependencies: [
                "WaveNotifications", "WaveLinuxAdapter", "WaveLocalizations", "WaveStateProbe",
                "WaveStoreProbe",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "WaveSimTests",
            dependencies: ["WaveSim", "WaveNotifications", "WaveLinuxAdapter", "WaveSimCLI"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Strict settings for every target, in one place (as swift-log does).
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ])
    target.swiftSettings = settings
}
