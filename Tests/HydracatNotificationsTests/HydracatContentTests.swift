import HydracatNotifications
import Testing
import WaveNotifications

/// A deep link's ids are percent-encoded as query values; the plain ids most apps use are written as they are.
struct HydracatContentTests {
    @Test(arguments: [
        ("p1", "s1", "hydracat://log?pet=p1&schedule=s1&slot=2026-03-08T08:00"),
        ("a.b-c_d~E9", "S-2", "hydracat://log?pet=a.b-c_d~E9&schedule=S-2&slot=2026-03-08T08:00"),
        ("my pet", "a&b=c", "hydracat://log?pet=my%20pet&schedule=a%26b%3Dc&slot=2026-03-08T08:00"),
        ("müsli", "x+y#z", "hydracat://log?pet=m%C3%BCsli&schedule=x%2By%23z&slot=2026-03-08T08:00"),
        ("a/b?c", "%", "hydracat://log?pet=a/b?c&schedule=%25&slot=2026-03-08T08:00"),
    ])
    func deepLinkEncodesOnlyWhatAQueryValueMayNotHold(pet: String, schedule: String, link: String) throws {
        let identifier = HydracatIdentifier(
            userID: "u1", petID: pet, scheduleID: schedule, slot: try LocalDateTime(parsing: "2026-03-08T08:00"),
            type: .reminder)
        #expect(HydracatContent.deepLink(for: identifier) == link)
    }
}
