// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WaveNotifications",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "WaveNotifications", targets: ["WaveNotifications"]),
        .library(name: "WaveLinuxAdapter", targets: ["WaveLinuxAdapter"]),
        .library(name: "HydracatNotifications", targets: ["HydracatNotifications"]),
        .executable(name: "wavesim", targets: ["WaveSimCLI"]),
        .executable(name: "wavebench", targets: ["WaveBench"]),
    ],
    targets: [
        // The platform-free core: triggers, content keys, the manager and scheduler protocols.
        .target(name: "WaveNotifications"),
        // Hydracat's notification rules (treatment reminders) over the core, as a pure planner.
        .target(name: "HydracatNotifications", dependencies: ["WaveNotifications"]),
        // `Resources/Localizations` shipped as a SwiftPM resource bundle.
        .target(
            name: "WaveLocalizations",
            path: "Resources",
            sources: ["BundledLocalizations.swift"],
            resources: [.copy("Localizations")]
        ),
        // The Linux reference manager: timer queue, sinks, persistence, string resolution, the lint.
        .target(name: "WaveLinuxAdapter", dependencies: ["WaveNotifications", "WaveLocalizations"]),
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
        .testTarget(name: "WaveNotificationsTests", dependencies: ["WaveNotifications"]),
        .testTarget(
            name: "HydracatNotificationsTests",
            dependencies: ["HydracatNotifications", "WaveNotifications", "WaveLocalizations"]
        ),
        .testTarget(
            name: "WaveLinuxAdapterTests",
            dependencies: ["WaveNotifications", "WaveLinuxAdapter", "WaveLocalizations", "WaveStateProbe"],
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
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ])
    target.swiftSettings = settings
}
