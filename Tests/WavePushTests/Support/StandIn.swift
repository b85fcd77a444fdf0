import Foundation
import TestSupport
import Testing

/// Starts the loopback stand-in for one test, or says why it cannot: a skip with a message, or a failure when
/// `WAVE_REQUIRE_PUSHSERVER=1` (CI installs python3-h2 and sets it, so these tests never pass by skipping there).
enum StandIn {
    static func start(
        script: String = "{}", _ name: String = #function
    ) async throws -> (PushStandIn, TemporaryDirectory)? {
        if let reason = PushStandIn.unavailableReason {
            if PushStandIn.isRequired {
                Issue.record("the push stand-in is required (WAVE_REQUIRE_PUSHSERVER=1) but cannot run: \(reason)")
            } else {
                print("\(name): skipped: the push stand-in cannot run: \(reason)")
            }
            return nil
        }
        let directory = try TemporaryDirectory(name)
        return (try await PushStandIn(script: script, in: directory.url), directory)
    }
}
