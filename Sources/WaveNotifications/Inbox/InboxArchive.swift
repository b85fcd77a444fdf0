package import Foundation

/// The archive rule every inbox store shares: an entry received more than `archiveAfterDays` days before `now` is
/// archived (see ``InboxStore``'s visibility).
package enum InboxArchive {
    /// The earliest received instant, in milliseconds since 1970, that is still visible at `now`.
    ///
    /// - Parameters:
    ///   - now: The instant of the read.
    ///   - archiveAfterDays: The archive age in days.
    /// - Returns: The first visible millisecond.
    package static func oldestVisible(now: Date, archiveAfterDays: Int) -> Int64 {
        now.millisecondsSince1970 - Int64(archiveAfterDays) * 86_400_000
    }
}
