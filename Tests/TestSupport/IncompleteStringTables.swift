package import Foundation

/// A folder of `<code>.lproj/Reminders.strings` tables with known gaps, for the missing-key tests: German lacks
/// `reminder_body` (English has it) and no language has `reminder_title_new`.
package enum IncompleteStringTables {
    /// The folder, in the test support bundle's resources.
    package static var directory: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("IncompleteStrings")
    }

    /// The table's name.
    package static let table = "Reminders"
}
