public import Foundation

/// Where the package's bundled translation tables live after `swift build`, whatever the working directory.
///
/// This target, `WaveLocalizations`, exists only to ship `Resources/Localizations` (the same
/// `<code>.lproj/Notifications.strings` layout an iOS app bundles) as a SwiftPM resource.
public enum BundledLocalizations {
    /// The folder that holds one `<code>.lproj` folder per language.
    public static var directory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Localizations", isDirectory: true)
    }
}
