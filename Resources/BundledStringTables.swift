public import Foundation

/// Where the package's bundled string tables live after `swift build`, whatever the working directory.
///
/// This target, `WaveStringTables`, exists only to ship `Resources/Localizations` (the same
/// `<code>.lproj/<Table>.strings` layout an iOS app bundles: `Notifications.strings` for WorldWideWaves, then
/// one table per app) as a SwiftPM resource.
public enum BundledStringTables {
    /// The folder that holds one `<code>.lproj` folder per language, each with one `.strings` file per table.
    public static var directory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Localizations", isDirectory: true)
    }
}
