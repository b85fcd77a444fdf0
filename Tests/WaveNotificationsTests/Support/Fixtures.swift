import Foundation
import WaveNotifications

/// Fixed instants and event factories shared by the suites; tests never read the wall clock.
enum Fixtures {
    /// The instant every test's clock starts at.
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    /// An event starting `startsIn` after ``now`` and lasting `lasts`.
    static func event(
        id: String = "paris",
        name: String = "Paris Wave",
        location: String = "Paris",
        startsIn: Duration = .seconds(2 * 60 * 60),
        lasts: Duration = .seconds(60 * 60)
    ) -> WaveEventRecord {
        let start = now.addingTimeInterval(seconds(startsIn))
        return WaveEventRecord(
            id: id, name: name, location: location, startDate: start, endDate: start.addingTimeInterval(seconds(lasts))
        )
    }

    /// `duration` as a `TimeInterval`, computed independently of the core's own conversion.
    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
