// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WaveNotifications",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "WaveNotifications", targets: ["WaveNotifications"]),
        .library(name: "WaveNotificationsTesting", targets: ["WaveNotificationsTesting"]),
        .library(name: "WaveNotificationsTestingSupport", targets: ["WaveNotificationsTestingSupport"]),
        .library(name: "WaveLinuxAdapter", targets: ["WaveLinuxAdapter"]),
        .library(name: "WaveStrings", targets: ["WaveStrings"]),
        .library(name: "WaveJSON", targets: ["WaveJSON"]),
        .library(name: "GoNowNotifications", targets: ["GoNowNotifications"]),
        .library(name: "HydracatNotifications", targets: ["HydracatNotifications"]),
        .library(name: "WavePushPayloads", targets: ["WavePushPayloads"]),
        .library(name: "GrowBroNotifications", targets: ["GrowBroNotifications"]),
        .library(name: "ShadowNotifications", targets: ["ShadowNotifications"]),
        .executable(name: "wavesim", targets: ["WaveSimCLI"]),
        .executable(name: "wavebench", targets: ["WaveBench"]),
        .library(name: "GrowBroServer", targets: ["GrowBroServer"]),
        .library(name: "GrowBroServerSQLite", targets: ["GrowBroServerSQLite"]),
        .library(name: "GrowBroServerPostgres", targets: ["GrowBroServerPostgres"]),
        .library(name: "GrowBroServerTesting", targets: ["GrowBroServerTesting"]),
        .library(name: "WavePushCredentials", targets: ["WavePushCredentials"]),
        .library(name: "WaveSQLite", targets: ["WaveSQLite"]),
        .library(name: "WavePostgres", targets: ["WavePostgres"]),
        .library(name: "WavePushHTTP", targets: ["WavePushHTTP"]),
        .library(name: "WavePushCore", targets: ["WavePushCore"]),
        .library(name: "WaveSystemClock", targets: ["WaveSystemClock"]),
        .executable(name: "wavepush", targets: ["WavePushCLI"]),
    ],
    targets: [
        // The platform-free core: triggers, content keys, the manager and scheduler protocols.
        .target(name: "WaveNotifications"),
        // For the tests of apps and platform conformers: the conformance check of NotificationRequestCenter, the
        // truthful iOS and Android centers on a manual clock, the recording doubles. Depends on the core only.
        .target(name: "WaveNotificationsTesting", dependencies: ["WaveNotifications"]),
        // The conformance check's report through a test framework: each broken rule an `Issue.record` (Swift Testing)
        // or an `XCTFail` (XCTest). Apart from WaveNotificationsTesting, which wavesim and wavebench link for the
        // simulated phones: a library that imports Testing or XCTest makes every executable linking it load them.
        .target(name: "WaveNotificationsTestingSupport", dependencies: ["WaveNotificationsTesting"]),
        // JSON for everyone: the strict reader (paths, line and column errors) and the one writer. No dependency.
        .target(name: "WaveJSON"),
        // GoNow's notification rules (activity windows) over the core: planner, texts, channels, analytics.
        .target(name: "GoNowNotifications", dependencies: ["WaveNotifications"]),
        // Hydracat's notification rules (treatment reminders) over the core, as a pure planner.
        .target(name: "HydracatNotifications", dependencies: ["WaveNotifications"]),
        // Shadow's check-in rules (anchors, intervals, times, grouped supplements) over the core: planner, texts.
        .target(name: "ShadowNotifications", dependencies: ["WaveNotifications"]),
        // `Resources/Localizations` (one `<code>.lproj` folder per language, one `.strings` file per table) shipped
        // as a SwiftPM resource bundle.
        .target(
            name: "WaveStringTables",
            path: "Resources",
            sources: ["BundledStringTables.swift"],
            resources: [.copy("Localizations")]
        ),
        // Platform-free localization: the .strings parser, language tags and scripts, the multi-table resolver
        // and the lint. Usable by a push server, an Android bridge or an app's CI without the Linux adapter.
        .target(name: "WaveStrings", dependencies: ["WaveNotifications", "WaveStringTables"]),
        // GrowBro's rules (channels, push display and decisions, task reminders and the overdue digest) over the core.
        .target(name: "GrowBroNotifications", dependencies: ["WaveNotifications"]),
        // The system SQLite 3 library, reached only through WaveSQLite.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The reference D-Bus library (libdbus-1), for the desktop sink's one connection to the session bus.
        .systemLibrary(
            name: "CDBus",
            path: "Sources/CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"]), .brew(["dbus"])]
        ),
        // SQLite for every store: the wrapper of the system library, the serialized connection, migrations, errors and
        // the inbox page reader that the adapter's store and the push server share. The core only for its lock and
        // inbox types.
        .target(name: "WaveSQLite", dependencies: ["WaveNotifications", "CSQLite"]),
        // PostgreSQL's client library (libpq), reached only through WavePostgres.
        .systemLibrary(
            name: "CPostgres",
            path: "Sources/CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        // PostgreSQL for the push server's second store: one libpq connection, prepared parameterized statements,
        // transactions and savepoints, SQLSTATE errors, migrations recorded in a version table.
        .target(name: "WavePostgres", dependencies: ["CPostgres", "WaveNotifications"]),
        // The wall clock as an AlarmClock (SystemAlarmClock: one waking loop on a queue of its own), for the Linux
        // adapter and the push server alike. Platform code (Dispatch, sleeping) over the core's clock protocols.
        .target(name: "WaveSystemClock", dependencies: ["WaveNotifications"]),
        // The Linux reference manager: timer queue, sinks, persistence, the SQLite store and inbox.
        .target(
            name: "WaveLinuxAdapter",
            dependencies: ["WaveNotifications", "WaveStrings", "WaveJSON", "WaveSQLite", "CDBus", "WaveSystemClock"]),
        // APNs and FCM payload encoders (size guard, grapheme-safe cut), platform-free, for a push server.
        .target(name: "WavePushPayloads", dependencies: ["WaveNotifications", "WaveJSON"]),
        // What a push provider client speaks, apart from any server and store: the request and the answer, the
        // transport and the credentials seams (PushTransport, ProviderCredentials, HTTPPoster) and the transport's
        // failure. An HTTP client or a credentials source depends on this, not on GrowBroServer.
        .target(name: "WavePushCore", dependencies: ["WavePushPayloads"]),
        // GrowBro's server side: device tokens, fan-out, provider requests and responses, engagement, well-known
        // files, and the store contract (PushServerStore) its state is kept behind. No database: a store is a target
        // of its own, and the backend links the one it uses. The sending is the backend's transport.
        .target(
            name: "GrowBroServer",
            dependencies: ["WaveNotifications", "GrowBroNotifications", "WavePushPayloads", "WavePushCore", "WaveJSON"]
        ),
        // The push server's state in one SQLite file through WaveSQLite: the embedded default store.
        .target(name: "GrowBroServerSQLite", dependencies: ["GrowBroServer", "WaveNotifications", "WaveSQLite"]),
        // The push server's state in PostgreSQL through WavePostgres (libpq), for several senders. Links no SQLite.
        .target(
            name: "GrowBroServerPostgres", dependencies: ["GrowBroServer", "WaveNotifications", "WavePostgres"]),
        // OpenSSL 3's libcrypto, for signing the providers' tokens (ES256, RS256).
        .systemLibrary(
            name: "CCrypto",
            path: "Sources/CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        // The server's credentials made for real: APNs provider tokens and FCM access tokens, signed with libcrypto.
        .target(
            name: "WavePushCredentials",
            dependencies: ["WavePushCore", "WaveNotifications", "WaveJSON", "WavePushPayloads", "CCrypto"]),
        // libcurl, for the push transport's HTTP/2 client (multi interface, multiplexed streams).
        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // The server's HTTP/2 client on libcurl: CurlPushTransport, a PushTransport and an HTTPPoster. The backend's
        // choice of client, so GrowBroServer does not depend on it, nor it on GrowBroServer.
        .target(name: "WavePushHTTP", dependencies: ["WavePushCore", "WaveNotifications", "CCurl"]),
        // GNU libmicrohttpd, the push server's HTTP server library, reached only through WavePushAPI.
        .systemLibrary(
            name: "CMicroHTTPD",
            path: "Sources/CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // The push server's HTTP API (`wavepush serve`): libmicrohttpd's threads answering JSON routes over PushServer,
        // bearer keys from a key file, per-key rate limits, size and depth limits; and the request fields it shares
        // with the replay's scenarios.
        .target(
            name: "WavePushAPI",
            dependencies: [
                "GrowBroServer", "WavePushCore", "WaveJSON", "CMicroHTTPD", "WaveNotifications", "WaveCommandLine",
                "WavePushPayloads", "GrowBroNotifications",
            ]
        ),
        // For the server's tests and replays: the scripted transport, the counting credentials, the seeded jitter.
        .target(
            name: "GrowBroServerTesting", dependencies: ["GrowBroServer", "WaveNotifications", "WavePushPayloads"]),
        // The command line behind `wavepush` (replay, report, well-known files and their check, send-test and
        // dispatch), as a library; the one place that knows both stores (PushStoreLocation).
        .target(
            name: "WavePush",
            dependencies: [
                "GrowBroServer", "GrowBroServerSQLite", "GrowBroServerPostgres", "GrowBroServerTesting",
                "GrowBroNotifications", "WaveNotifications", "WaveNotificationsTesting", "WaveJSON", "WavePushPayloads",
                "WaveCommandLine", "WavePushHTTP", "WavePushCredentials", "WaveSystemClock", "WavePushCore",
                "WavePushAPI", "WavePostgres",
            ]
        ),
        // The thin `@main` of the `wavepush` executable.
        .executableTarget(name: "WavePushCLI", dependencies: ["WavePush", "WaveCommandLine"]),
        // A child process for GrowBroServerTests' kill test: fans out and sends in a loop until killed.
        .executableTarget(
            name: "GrowBroSendProbe",
            dependencies: [
                "GrowBroServer", "GrowBroServerSQLite", "GrowBroServerTesting", "WaveNotifications", "WavePushPayloads",
                "WavePush",
            ]),
        // What both command-line tools share: arguments, usage errors and exit codes, the output channel, and the
        // scenario reader (JSON objects against their keys, every problem with its path).
        .target(name: "WaveCommandLine", dependencies: ["WaveNotifications", "WaveJSON"]),
        // The replay engine and command line behind `wavesim`, as a testable library.
        .target(
            name: "WaveSim",
            dependencies: [
                "WaveNotifications", "WaveNotificationsTesting", "WaveStrings", "WaveLinuxAdapter", "WaveJSON",
                "GoNowNotifications", "HydracatNotifications", "ShadowNotifications", "GrowBroNotifications",
                "WavePushPayloads", "WaveCommandLine",
            ]
        ),
        // The thin `@main` of the `wavesim` executable.
        .executableTarget(name: "WaveSimCLI", dependencies: ["WaveSim", "WaveCommandLine"]),
        // The `wavebench` benchmark program (see BENCHMARKS.md).
        .executableTarget(
            name: "WaveBench",
            dependencies: [
                "WaveNotifications", "WaveNotificationsTesting", "WaveStrings", "WaveStringTables", "WaveLinuxAdapter",
                "WaveSim", "WaveJSON", "ShadowNotifications", "GrowBroServer", "GrowBroServerSQLite",
                "GrowBroNotifications", "WavePush",
                "WavePushPayloads", "GrowBroServerTesting", "TestSupport", "WaveCommandLine", "WavePushHTTP",
                "WavePushAPI",
                "WaveSystemClock",
            ],
            path: "Benchmarks/WaveBench"
        ),
        // A child process for WaveLinuxAdapterTests' crash test: saves state in a loop until killed.
        .executableTarget(
            name: "WaveStateProbe", dependencies: ["WaveNotifications", "WaveNotificationsTesting", "WaveLinuxAdapter"]),
        // A child process for WaveLinuxAdapterTests' store crash test: commits requests in a loop until killed.
        .executableTarget(name: "WaveStoreProbe", dependencies: ["WaveNotifications", "WaveLinuxAdapter"]),
        // Uses the core through its public API only (plain `import`, no `@testable`), as an app would.
        // Each app's service as an app uses it: public API only, over an outside NotificationRequestCenter conformer.
        .testTarget(
            name: "PublicAPITests",
            dependencies: [
                "WaveNotifications", "WaveNotificationsTesting", "WaveNotificationsTestingSupport",
                "GoNowNotifications", "HydracatNotifications",
                "ShadowNotifications",
                "GrowBroNotifications",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "WaveNotificationsTestingTests",
            dependencies: ["WaveNotificationsTesting", "WaveNotificationsTestingSupport", "WaveNotifications"]),
        .testTarget(
            name: "WaveNotificationsTests",
            dependencies: ["WaveNotifications", "WaveNotificationsTesting", "TestSupport"]),
        .testTarget(
            name: "GrowBroNotificationsTests",
            dependencies: ["GrowBroNotifications", "WaveNotifications", "WaveNotificationsTesting", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "WaveJSONTests", dependencies: ["WaveJSON"]),
        .testTarget(
            name: "WaveCommandLineTests", dependencies: ["WaveCommandLine", "WaveJSON", "WaveNotifications"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "WavePushCredentialsTests",
            dependencies: [
                "WavePushCredentials", "GrowBroServer", "GrowBroServerTesting", "WaveNotifications",
                "WaveNotificationsTesting", "WaveJSON", "WavePushPayloads", "TestSupport",
            ]),
        .testTarget(
            name: "WavePushPayloadsTests",
            dependencies: ["WavePushPayloads", "WaveNotifications", "WaveNotificationsTesting"]),
        .testTarget(
            name: "WaveStringsTests",
            dependencies: ["WaveStrings", "WaveStringTables", "WaveNotifications", "WaveNotificationsTesting"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "GoNowNotificationsTests",
            dependencies: ["GoNowNotifications", "WaveNotifications", "WaveNotificationsTesting"]),
        .testTarget(
            name: "ShadowNotificationsTests",
            dependencies: ["ShadowNotifications", "WaveNotifications", "WaveNotificationsTesting"]),
        .testTarget(
            name: "HydracatNotificationsTests",
            dependencies: [
                "HydracatNotifications", "WaveNotifications", "WaveNotificationsTesting", "WaveStringTables",
            ]
        ),
        // Every Swift example of README.md and docs/, compiled as a reader would paste it, with only the products a
        // reader adds; DocumentationExamplesTests checks that each block in the docs is its file's text verbatim.
        .testTarget(
            name: "DocumentationExamplesTests",
            dependencies: [
                "WaveNotifications", "WaveNotificationsTesting", "WaveNotificationsTestingSupport", "WaveLinuxAdapter",
                "WaveStrings", "GoNowNotifications", "HydracatNotifications", "ShadowNotifications",
                "GrowBroNotifications", "WavePushPayloads", "IOSFrameworkStandIns", "GrowBroServer",
                "GrowBroServerSQLite", "GrowBroServerTesting", "TestSupport",
            ]
        ),
        // Stand-ins with the shape of UserNotifications' and BackgroundTasks' types, so the iOS examples of
        // docs/conformers.md compile and run here (each imports the real framework on iOS instead). The core only for
        // its lock, WaveLock.
        .target(name: "IOSFrameworkStandIns", dependencies: ["WaveNotifications"], path: "Tests/IOSFrameworkStandIns"),
        // Helpers for this package's own tests: child processes, temporary folders, a private desktop (dbus-daemon,
        // Xvfb, dunst) for the desktop tests. The core only for its lock, WaveLock.
        .target(
            name: "TestSupport", dependencies: ["WaveNotifications", "WavePostgres"], path: "Tests/TestSupport",
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "WaveLinuxAdapterTests",
            dependencies: [
                "WaveNotifications", "WaveNotificationsTesting", "WaveLinuxAdapter", "WaveStrings", "WaveStateProbe",
                "WaveStoreProbe", "WaveSQLite",
                "TestSupport",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "GrowBroServerTests",
            dependencies: [
                "GrowBroServer", "GrowBroServerSQLite", "GrowBroServerPostgres", "WaveNotifications",
                "WaveNotificationsTesting", "GrowBroNotifications", "WavePushPayloads", "WaveJSON", "WavePostgres",
                "WaveSQLite", "GrowBroServerTesting", "GrowBroSendProbe", "TestSupport", "WavePush",
            ]
        ),
        // The HTTP/2 transport against a loopback stand-in for APNs and FCM (TestSupport's push-standin.py, on h2).
        .testTarget(
            name: "WavePushHTTPTests",
            dependencies: [
                "WavePushHTTP", "GrowBroServer", "GrowBroServerSQLite", "GrowBroServerTesting", "WaveNotifications",
                "WaveNotificationsTesting",
                "WavePushPayloads",
                "WaveJSON", "TestSupport",
            ]
        ),
        // The HTTP API on a real loopback socket: every route, and the hostile requests an operator fears.
        .testTarget(
            name: "WavePushAPITests",
            dependencies: [
                "WavePushAPI", "GrowBroServer", "GrowBroServerSQLite", "WaveNotifications", "WaveNotificationsTesting",
                "WaveJSON",
                "TestSupport",
            ]
        ),
        .testTarget(
            name: "WavePushTests",
            dependencies: [
                "WavePush", "GrowBroServer", "GrowBroServerSQLite", "WaveNotifications", "WaveJSON", "WavePushPayloads",
                "WavePushCLI", "WaveCommandLine", "TestSupport", "WaveNotificationsTesting",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "WaveSimTests",
            dependencies: [
                "WaveSim", "WaveNotifications", "WaveNotificationsTesting", "WaveLinuxAdapter", "WaveJSON",
                "WaveSimCLI", "TestSupport", "WaveStringTables", "WaveCommandLine",
                "GoNowNotifications", "HydracatNotifications", "ShadowNotifications", "GrowBroNotifications",
            ],
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
