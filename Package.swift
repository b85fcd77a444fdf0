// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WaveNotifications",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "WaveNotifications", targets: ["WaveNotifications"]),
        .library(name: "WaveLinuxAdapter", targets: ["WaveLinuxAdapter"]),
    ],
    targets: [
        .target(name: "WaveNotifications"),
        .target(
            name: "WaveLocalizations",
            path: "Resources",
            sources: ["BundledLocalizations.swift"],
            resources: [.copy("Localizations")]
        ),
        .target(name: "WaveLinuxAdapter", dependencies: ["WaveNotifications", "WaveLocalizations"]),
        .testTarget(name: "WaveNotificationsTests", dependencies: ["WaveNotifications"]),
    ],
    swiftLanguageModes: [.v6]
)
