// Shown in docs/conformers.md, "Writing a platform conformer": WorldWideWaves on the iOS conformer of
// UserNotificationCenterConformance.swift, over the UserNotifications stand-in here.
// example-begin
import WaveNotifications

/// WorldWideWaves, unchanged, on iOS: its launch (docs/apps.md) over the conformer `UserNotificationCenter`.
func launchWorldWideWavesOnIPhone(
    center: UNUserNotificationCenter = .current(), clock: any WaveClock = SystemWaveClock()
) async throws -> WorldWideWavesNotificationService {
    try await launchWorldWideWaves(center: UserNotificationCenter(center: center, clock: clock), clock: clock)
}
// example-end

// On iOS the real framework; elsewhere its stand-in, with the same shape (after the example, so the block reads
// as iOS code: DocumentationBlockTests expects the block to show this import).
#if os(iOS)
    import UserNotifications
#else
    import IOSFrameworkStandIns  // UserNotifications' types, with the same shape
#endif
