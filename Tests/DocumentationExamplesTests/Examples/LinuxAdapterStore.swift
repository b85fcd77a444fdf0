// Shown in docs/linux-adapter.md, "SQLite store and inbox" (the store).
// example-begin
import Foundation
import WaveLinuxAdapter
import WaveNotifications

/// Two requests saved, the soonest shown: what the store keeps, without a manager.
func saveAndShow(
    _ request1: NotificationRequest, _ request2: NotificationRequest, in stateDirectory: URL, now: Date
) throws -> [NotificationRequest] {
    let store = try NotificationStore(directory: stateDirectory)
    try store.upsert([request1, request2])  // one transaction
    let next = try store.pending(limit: 64)  // soonest first
    try store.recordShown(request1, at: now, isLate: false)  // removes it from pending, adds to history
    return next
}
// example-end
