internal import Foundation
internal import WaveNotifications

/// Days of GrowBro as a `wavesim` scenario (workload 4f): pushes, task reminders, overdue digests and inbox actions,
/// and the notifications its replay must deliver, worked out from the days without the service.
///
/// The user: Europe/Berlin from 2026-01-01 (both DST changes), every channel on, no quiet hours. Each day:
/// - pushes: a reply at 08:00 on the day's first post, likes on it at 12:00 and 18:00 (the later collapses the
///   earlier), a reply at 20:00 on a second post whose author has a profile, and a system message every third day
///   at 13:00; a message id is used once;
/// - tasks: seven weekly tasks `t0`…`t6` (added in the first week), each due at 10:00 on its weekday and moved a
///   week on at 11:00, except that Monday's is moved only on Tuesday at 10:30, so each Tuesday's 09:00 has an overdue
///   digest; every 30th day a one-off task is added at 14:00, due at 15:00 and completed at 16:00;
/// - the inbox: the morning reply read at 21:00, the first like deleted at 21:05, a page of 20 and the next page
///   every Sunday at 21:10, and every 30th day a read of the reply of 90 days before (archived long since).
///
/// Nothing is withdrawn but collapsed likes, so what is on screen grows by about four and a half a day: about 1,600 in a
/// year, past the service's bound of 1,000 (docs/core.md, "Bounded state") well before the year ends.
enum GrowBroYearsScenario {
    /// 2026-01-01T07:00:00+01:00.
    static let start = Date(timeIntervalSince1970: 1_767_247_200)
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    /// `days` days of GrowBro from ``start``.
    ///
    /// - Parameter days: How many days.
    /// - Returns: The scenario's JSON and the expected number of deliveries.
    static func make(days: Int) -> (json: String, expected: Int) {
        let today = zone.localDate(for: start)
        let until = zone.instant(for: LocalDateTime(date: today.adding(days: days), time: .midnight))
        let format = ISO8601DateFormatter()
        format.timeZone = zone
        format.formatOptions = [.withInternetDateTime]
        func at(_ date: LocalDate, _ time: String) -> String {
            format.string(from: zone.instant(for: LocalDateTime(date: date, time: try! LocalTime(parsing: time))))
        }
        var actions: [String] = []
        var expected = 0
        for day in 0..<days {
            let date = today.adding(days: day)
            let post = "p\(day)"
            let task = "t\(day % 7)"
            // A push's fields, the message id first.
            func push(_ time: String, _ id: String, _ fields: String) {
                actions.append(
                    "{\"at\": \"\(at(date, time))\", \"type\": \"push\", \"messageId\": \"\(id)\", \(fields)}")
                expected += 1
            }
            push(
                "08:00", "m\(day)a",
                "\"kind\": \"reply\", \"postId\": \"\(post)\", \"author\": \"Mia\", \"text\": \"Nice!\"")
            if day < 7 {
                actions.append(
                    "{\"at\": \"\(at(date, "07:30"))\", \"type\": \"addTask\", \"id\": \"\(task)\", "
                        + "\"title\": \"Water the plants\", \"due\": \"\(date)T10:00\"}")
            }
            if date.weekday == .tuesday, day > 0 {
                // Monday's task, due yesterday, is still open at 09:00: the digest.
                expected += 1
                actions.append(
                    "{\"at\": \"\(at(date, "10:30"))\", \"type\": \"reschedule\", \"task\": \"t\((day - 1) % 7)\", "
                        + "\"due\": \"\(date.adding(days: 6))T10:00\"}")
            }
            expected += 1  // The task's reminder at 10:00.
            if date.weekday != .monday {
                actions.append(
                    "{\"at\": \"\(at(date, "11:00"))\", \"type\": \"reschedule\", \"task\": \"\(task)\", "
                        + "\"due\": \"\(date.adding(days: 7))T10:00\"}")
            }
            push("12:00", "m\(day)b", "\"kind\": \"like\", \"postId\": \"\(post)\", \"author\": \"Ben\"")
            if day % 3 == 0 {
                push("13:00", "m\(day)s", "\"kind\": \"system\", \"title\": \"Tip\", \"text\": \"Check the pH.\"")
            }
            if day % 30 == 29 {
                let once = "o\(day)"
                actions.append(
                    "{\"at\": \"\(at(date, "14:00"))\", \"type\": \"addTask\", \"id\": \"\(once)\", "
                        + "\"title\": \"Harvest\", \"due\": \"\(date)T15:00\"}")
                expected += 1
                actions.append("{\"at\": \"\(at(date, "16:00"))\", \"type\": \"complete\", \"task\": \"\(once)\"}")
                if day >= 90 {
                    actions.append(
                        "{\"at\": \"\(at(date, "16:30"))\", \"type\": \"read\", \"identifier\": \"msg_m\(day - 90)a\"}")
                }
            }
            push("18:00", "m\(day)c", "\"kind\": \"like\", \"postId\": \"\(post)\", \"author\": \"Ada\"")
            push(
                "20:00", "m\(day)d",
                "\"kind\": \"reply\", \"postId\": \"q\(day)\", \"author\": \"Kai\", \"authorId\": \"u\(day % 50)\", "
                    + "\"text\": \"Which strain?\"")
            actions.append("{\"at\": \"\(at(date, "21:00"))\", \"type\": \"read\", \"identifier\": \"msg_m\(day)a\"}")
            actions.append(
                "{\"at\": \"\(at(date, "21:05"))\", \"type\": \"delete\", \"identifier\": \"msg_m\(day)b\"}")
            if date.weekday == .sunday {
                actions.append("{\"at\": \"\(at(date, "21:10"))\", \"type\": \"inbox\", \"pageSize\": 20}")
                actions.append(
                    "{\"at\": \"\(at(date, "21:10"))\", \"type\": \"inbox\", \"pageSize\": 20, \"next\": true}")
            }
        }
        let json = """
            {"app": "growbro", "timeZone": "Europe/Berlin", "now": "\(format.string(from: start))",
             "until": "\(format.string(from: until))",
             "actions": [\(actions.joined(separator: ",\n"))]}
            """
        return (json, expected)
    }
}
