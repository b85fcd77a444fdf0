import Foundation
import Testing
import WaveCommandLine
import WaveNotifications

@testable import WaveSim

/// The readable timeline of app replays (`--format text`): one short run of each app, exactly as a person reads it,
/// and the formatter's rules for lines it has no form of its own for, fields it does not know, and colour.
struct AppTextTimelineTests {
    // MARK: - One short run of each app

    /// Tomorrow's heads-ups at the quiet end, then the next day's best windows already notified; analytics dimmed.
    @Test func goNowTimelineReadsAsTheUserLivesIt() async {
        let run = await ReplayRun.appText("gonow-text.json", ["--analytics"])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let expected = """
            2026-06-01 02:00:00Z  05:00 +03:00  analytics notif_scheduled  mode run_dog  window_start 2026-06-02T08:00+03:00  window_end 2026-06-02T10:00+03:00  avg_score 75.0  scoring_version v1  fire_time 2026-06-01T07:00+03:00
            2026-06-01 02:00:00Z  05:00 +03:00  analytics notif_scheduled  mode swim_solo  window_start 2026-06-02T08:00+03:00  window_end 2026-06-02T09:00+03:00  avg_score 90.0  scoring_version v1  fire_time 2026-06-01T07:00+03:00
            2026-06-01 02:00:00Z  05:00 +03:00  analytics notif_scheduled  mode run_dog  window_start 2026-06-02T08:00+03:00  window_end 2026-06-02T10:00+03:00  avg_score 75.0  scoring_version v1  fire_time 2026-06-02T07:00+03:00
            2026-06-01 02:00:00Z  05:00 +03:00  analytics notif_scheduled  mode swim_solo  window_start 2026-06-02T08:00+03:00  window_end 2026-06-02T09:00+03:00  avg_score 90.0  scoring_version v1  fire_time 2026-06-02T07:00+03:00
            2026-06-01 04:00:00Z  07:00 +03:00  gonow  run_dog  run_dog_2026-06-02_tomorrow
                Run with Luna
                Luna would approve of tomorrow morning. 08:00-10:00.
            2026-06-01 04:00:00Z  07:00 +03:00  analytics notif_fired  mode run_dog  window_start 2026-06-02T08:00+03:00  notification_id 1174695978
            2026-06-01 04:00:00Z  07:00 +03:00  gonow  swim_solo  swim_solo_2026-06-02_tomorrow
                Swim window
                Tomorrow morning looks good for a swim. 08:00-09:00.
            2026-06-01 04:00:00Z  07:00 +03:00  analytics notif_fired  mode swim_solo  window_start 2026-06-02T08:00+03:00  notification_id 231008736
            2026-06-01 17:00:00Z  20:00 +03:00  not shown: already notified (due 2026-06-02 07:00 +03:00)  run_dog_2026-06-02_best
            2026-06-01 17:00:00Z  20:00 +03:00  not shown: already notified (due 2026-06-02 07:00 +03:00)  swim_solo_2026-06-02_best
            2026-06-01 17:00:00Z  20:00 +03:00  cancelled: already notified  run_dog_2026-06-02_best
            2026-06-01 17:00:00Z  20:00 +03:00  cancelled: already notified  swim_solo_2026-06-02_best
            2026-06-01 17:00:00Z  20:00 +03:00  analytics notif_cancelled  mode run_dog  reason reschedule
            2026-06-01 17:00:00Z  20:00 +03:00  analytics notif_cancelled  mode swim_solo  reason reschedule

            gonow: 2 delivered, 2 not shown · 2 cancelled · peak 4 pending of 64
            not shown: already notified (2)
            """
        #expect(run.standardOutput == expected + "\n")
    }

    /// Denied then provisional: a late passive reminder, one logged (answered), one snoozed and shown again.
    @Test func hydracatTimelineReadsAsTheUserLivesIt() async {
        let run = await ReplayRun.appText("hydracat-text.json")
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let expected = """
            2026-03-28 06:45:00Z  07:45 +01:00  not shown: permission denied (due 08:00 +01:00)  u1|p1|s1|2026-03-28T08:00|reminder
            2026-03-28 06:45:00Z  07:45 +01:00  not shown: permission denied (due 10:00 +01:00)  u1|p1|s1|2026-03-28T08:00|followup
            2026-03-28 06:45:00Z  07:45 +01:00  not shown: permission denied (due 11:00 +01:00)  u1|p1|s2|2026-03-28T11:00|reminder
            2026-03-28 06:45:00Z  07:45 +01:00  not shown: permission denied (due 13:00 +01:00)  u1|p1|s2|2026-03-28T11:00|followup
            2026-03-28 06:45:00Z  07:45 +01:00  not shown: permission denied (due 2026-03-29 08:00 +02:00)  u1|p1|s1|2026-03-29T08:00|reminder
            2026-03-28 06:45:00Z  07:45 +01:00  not shown: permission denied (due 2026-03-29 10:00 +02:00)  u1|p1|s1|2026-03-29T08:00|followup
            2026-03-28 06:45:00Z  07:45 +01:00  not shown: permission denied (due 2026-03-29 11:00 +02:00)  u1|p1|s2|2026-03-29T11:00|reminder
            2026-03-28 06:45:00Z  07:45 +01:00  not shown: permission denied (due 2026-03-29 13:00 +02:00)  u1|p1|s2|2026-03-29T11:00|followup
            2026-03-28 06:45:00Z  07:45 +01:00  cancelled: permission denied  u1|p1|s1|2026-03-28T08:00|reminder
            2026-03-28 06:45:00Z  07:45 +01:00  cancelled: permission denied  u1|p1|s1|2026-03-28T08:00|followup
            2026-03-28 06:45:00Z  07:45 +01:00  cancelled: permission denied  u1|p1|s2|2026-03-28T11:00|reminder
            2026-03-28 06:45:00Z  07:45 +01:00  cancelled: permission denied  u1|p1|s2|2026-03-28T11:00|followup
            2026-03-28 06:45:00Z  07:45 +01:00  cancelled: permission denied  u1|p1|s1|2026-03-29T08:00|reminder
            2026-03-28 06:45:00Z  07:45 +01:00  cancelled: permission denied  u1|p1|s1|2026-03-29T08:00|followup
            2026-03-28 06:45:00Z  07:45 +01:00  cancelled: permission denied  u1|p1|s2|2026-03-29T11:00|reminder
            2026-03-28 06:45:00Z  07:45 +01:00  cancelled: permission denied  u1|p1|s2|2026-03-29T11:00|followup
            2026-03-28 07:20:00Z  08:20 +01:00  hydracat  treatment_reminders  late  passive (silent)  u1|p1|s1|2026-03-28T08:00|reminder
                Time for Luna's morning medication
                Log it when you're done.
            2026-03-28 07:25:00Z  08:25 +01:00  withdrawn: answered  u1|p1|s1|2026-03-28T08:00|reminder
            2026-03-28 07:25:00Z  08:25 +01:00  cancelled: not needed any more  u1|p1|s1|2026-03-28T08:00|followup
            2026-03-28 10:00:00Z  11:00 +01:00  hydracat  treatment_reminders  time-sensitive  u1|p1|s2|2026-03-28T11:00|reminder
                Time for Luna's morning fluid therapy
                Log it when you're done.
            2026-03-28 10:05:00Z  11:05 +01:00  withdrawn: snoozed  u1|p1|s2|2026-03-28T11:00|reminder
            2026-03-28 10:20:00Z  11:20 +01:00  hydracat  treatment_reminders  time-sensitive  u1|p1|s2|2026-03-28T11:00|snooze
                Time for Luna's morning fluid therapy
                Log it when you're done.

            hydracat: 3 delivered, 8 not shown · 9 cancelled · peak 8 pending of 64
            not shown: permission denied (8)
            """
        #expect(run.standardOutput == expected + "\n")
        // The fixture names a medication and a dose: neither is ever printed.
        #expect(!run.standardOutput.contains("Zorbaxil") && !run.standardOutput.contains("2 ml"))
    }

    /// A check-in expiring, one answered, a category switched off, then the permission denied.
    @Test func shadowTimelineReadsAsTheUserLivesIt() async {
        let run = await ReplayRun.appText("shadow-text.json")
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let expected = """
            2026-06-01 11:00:00Z  07:00 -04:00  shadow  vitals  shadow_vitals_2026-06-01_07:00
                BBT & vitals
                Good morning. Time to log your BBT and vitals.
            2026-06-01 11:30:00Z  07:30 -04:00  withdrawn: expired  shadow_vitals_2026-06-01_07:00
            2026-06-01 12:00:00Z  08:00 -04:00  shadow  food  shadow_food_2026-06-01_08:00
                Food
                What did you have for breakfast?
            2026-06-01 12:10:00Z  08:10 -04:00  withdrawn: answered  shadow_food_2026-06-01_08:00
            2026-06-01 13:00:00Z  09:00 -04:00  cancelled: turned off by the user  shadow_food_2026-06-02_08:00
            2026-06-01 13:30:00Z  09:30 -04:00  not shown: permission denied (due 2026-06-02 07:00 -04:00)  shadow_vitals_2026-06-02_07:00
            2026-06-01 13:30:00Z  09:30 -04:00  not shown: permission denied (due 2026-06-03 07:00 -04:00)  shadow_vitals_2026-06-03_07:00
            2026-06-01 13:30:00Z  09:30 -04:00  cancelled: permission denied  shadow_vitals_2026-06-02_07:00
            2026-06-01 13:30:00Z  09:30 -04:00  cancelled: permission denied  shadow_vitals_2026-06-03_07:00

            shadow: 2 delivered, 2 not shown · 3 cancelled · peak 4 pending of 64
            not shown: permission denied (2)
            """
        #expect(run.standardOutput == expected + "\n")
    }

    /// The device flies from Berlin to New York at 09:00 Berlin time: what happened before shows Berlin's local time,
    /// what happens after shows New York's (the expiry at the move's instant comes before the move).
    @Test func localTimesFollowTheDeviceAcrossATimeZoneMove() async {
        let run = await ReplayRun.appText("shadow-text-travel.json")
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "2026-06-01 07:00:00Z  09:00 +02:00  withdrawn: expired  shadow_food_2026-06-01_08:00"))
        #expect(
            lines.contains(
                "2026-06-01 12:30:00Z  08:30 -04:00  not shown: permission denied (due 2026-06-02 07:00 -04:00)  "
                    + "shadow_vitals_2026-06-02_07:00"))
        #expect(
            lines.contains(
                "2026-06-01 12:30:00Z  08:30 -04:00  cancelled: permission denied  shadow_food_2026-06-02_08:00"))
    }

    /// Pushes with their payloads, a like replacing the older one, a completed task, links, an inbox page, quiet hours.
    @Test func growBroTimelineReadsAsTheUserLivesIt() async {
        let run = await ReplayRun.appText("growbro-text.json", ["--payloads", "apns"])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let expected = """
            2026-05-04 07:00:00Z  09:00 +02:00  growbro  community.interactions  msg_m1
                Mia replied to your post
                Lovely leaves! What light schedule are you running?
            2026-05-04 07:00:00Z  09:00 +02:00  APNs payload: 253 bytes  msg_m1
            2026-05-04 07:05:00Z  09:05 +02:00  growbro  community.likes  msg_m2
                New like
                Ben liked your post.
            2026-05-04 07:05:00Z  09:05 +02:00  APNs payload: 176 bytes, collapse id like_p42  msg_m2
            2026-05-04 07:10:00Z  09:10 +02:00  growbro  community.likes  msg_m3
                New like
                Ola liked your post.
            2026-05-04 07:10:00Z  09:10 +02:00  withdrawn: replaced by a newer one  msg_m2
            2026-05-04 07:10:00Z  09:10 +02:00  APNs payload: 176 bytes, collapse id like_p42  msg_m3
            2026-05-04 08:00:00Z  10:00 +02:00  growbro  cultivation.reminders  time-sensitive  task_t1
                Task due
                Water the seedlings
            2026-05-04 09:00:00Z  11:00 +02:00  cancelled: not needed any more  task_t2
            2026-05-04 10:05:00Z  12:05 +02:00  link growbro://post/p42: opens post (id p42)
            2026-05-04 10:05:00Z  12:05 +02:00  link https://growbro.app/task/t1?next=https://evil.example: rejected, redirect parameter
            2026-05-04 10:10:00Z  12:10 +02:00  inbox: 2 items, 3 unread, more follow
                2026-05-04 10:00 +02:00  cultivation.reminders  Task due / Water the seedlings  unread  task_t1
                2026-05-04 09:10 +02:00  community.likes  New like / Ola liked your post.  read 12:00 +02:00  msg_m3
            2026-05-04 20:30:00Z  22:30 +02:00  not shown: quiet hours  msg_m4
            2026-05-04 20:30:00Z  22:30 +02:00  APNs payload: 194 bytes  msg_m4

            growbro: 4 delivered, 1 not shown · 1 cancelled · peak 3 pending of 64
            not shown: quiet hours (1)
            inbox: 5 entries, 4 unread
            """
        #expect(run.standardOutput == expected + "\n")
    }

    // MARK: - The formatter's rules

    private static let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// 08:00 in Berlin, the day before the clocks go forward.
    private static let eight = instant("2026-03-28T07:00:00Z")

    private static func text(_ lines: [AppOutputLine], usesColor: Bool = false) -> String {
        let output = OutputChannel.capture()
        let timeline = AppTextTimeline(output: output, timeZone: berlin, usesColor: usesColor, platformName: "iOS")
        for line in lines {
            timeline.write(line, in: berlin)
        }
        return output.captured
    }

    private static func delivered(_ extra: [(String, AppOutputLine.Value)] = []) -> AppOutputLine {
        AppOutputLine(
            type: "delivered",
            fields: [
                ("at", .instant(eight)), ("identifier", .string("u1|p1|s1|2026-03-28T08:00|reminder")),
                ("numericId", .integer(1_103_799_841)), ("app", .string("hydracat")),
                ("channel", .string("treatment_reminders")), ("interruptionLevel", .string("timeSensitive")),
                ("title", .string("Time for Luna's morning medication")), ("body", .string("Log it when you're done.")),
                ("deepLink", .string("hydracat://log?pet=p1")), ("locale", .string("en")), ("late", .bool(true)),
            ] + extra)
    }

    /// An app run reads as what it wanted and what the platform held; a `lost` line as a removal with its reason in
    /// words; a type without a form of its own prints as
    /// `key value` pairs, every kind of value readable: words bare, text with spaces quoted, instants in local time, structures as JSON.
    @Test func aLineTypeWithoutAFormOfItsOwnIsWrittenAsKeyValuePairs() {
        let text = Self.text([
            AppOutputLine(
                type: "run",
                fields: [
                    ("at", .instant(Self.eight)), ("cause", .string("start")), ("wanted", .integer(70)),
                    ("held", .integer(64)), ("runwayMinutes", .integer(120)),
                ]),
            AppOutputLine(
                type: "lost",
                fields: [
                    ("at", .instant(Self.eight)), ("identifier", .string("shadow_fluids_2026-03-28_09:00")),
                    ("reason", .string("pending_limit")),
                ]),
            AppOutputLine(
                type: "someday",
                fields: [
                    ("at", .instant(Self.eight)), ("note", .string("two words")), ("empty", .string("")),
                    ("gone", .null), ("ok", .bool(true)), ("ratio", .decimal(0.5)),
                    ("until", .instant(instant("2026-03-29T08:00:00Z"))),
                    ("nested", .object([("a", .integer(1))])), ("list", .array([.integer(1), .string("b")])),
                ]),
        ])
        let expected = """
            2026-03-28 07:00:00Z  08:00 +01:00  app starts: 70 wanted, 64 held by iOS, runway 2 h
            2026-03-28 07:00:00Z  08:00 +01:00  lost: over the platform's pending limit  shadow_fluids_2026-03-28_09:00
            2026-03-28 07:00:00Z  08:00 +01:00  someday  note "two words"  empty ""  gone none  ok true  ratio 0.5  until 2026-03-29 10:00 +02:00  nested {"a":1}  list [1,"b"]
            """
        #expect(text == expected + "\n")
    }

    /// A known type missing a field its form needs is not guessed at: it prints as pairs, nothing lost.
    @Test func aKnownLineWithoutAFieldItNeedsFallsBackToPairs() {
        let text = Self.text([
            AppOutputLine(
                type: "delivered",
                fields: [("at", .instant(Self.eight)), ("identifier", .string("x")), ("body", .string("No title"))]),
            AppOutputLine(type: "withdrawn", fields: [("at", .instant(Self.eight)), ("identifier", .string("x"))]),
            AppOutputLine(type: "link", fields: [("at", .instant(Self.eight)), ("url", .string("growbro://inbox"))]),
        ])
        let expected = """
            2026-03-28 07:00:00Z  08:00 +01:00  delivered  identifier x  body "No title"
            2026-03-28 07:00:00Z  08:00 +01:00  withdrawn  identifier x
            2026-03-28 07:00:00Z  08:00 +01:00  link  url growbro://inbox
            """
        #expect(text == expected + "\n")
    }

    /// A field a known form does not know (one the format gains later) is kept, as a pair before the identifier.
    @Test func fieldsTheTimelineDoesNotKnowAreKeptAsPairs() {
        let text = Self.text([
            Self.delivered([("platform", .string("ios"))]),
            AppOutputLine(
                type: "suppressed",
                fields: [
                    ("at", .instant(Self.eight)), ("fireAt", .instant(Self.eight.addingTimeInterval(3600))),
                    ("identifier", .string("msg_m5")), ("reason", .string("quiet_hours")), ("platform", .string("ios")),
                ]),
        ])
        let expected = """
            2026-03-28 07:00:00Z  08:00 +01:00  hydracat  treatment_reminders  late  time-sensitive  platform ios  u1|p1|s1|2026-03-28T08:00|reminder
                Time for Luna's morning medication
                Log it when you're done.
            2026-03-28 07:00:00Z  08:00 +01:00  not shown: quiet hours (due 09:00 +01:00)  platform ios  msg_m5
            """
        #expect(text == expected + "\n")
    }

    /// The summary's later fields (the spec's `platform`, `lost`, `minRunwayMinutes`) close the block as pairs; a
    /// platform without a limit says so.
    @Test func theSummaryKeepsFieldsItDoesNotKnow() {
        let text = Self.text([
            AppOutputLine(
                type: "summary",
                fields: [
                    ("app", .string("shadow")), ("delivered", .integer(3)),
                    ("suppressed", .object([("missed", .integer(1)), ("quiet_hours", .integer(2))])),
                    ("cancelled", .integer(0)), ("peakPending", .integer(7)), ("pendingLimit", .null),
                    ("platform", .string("linux")), ("lost", .integer(0)), ("minRunwayMinutes", .null),
                ])
        ])
        let expected = """

            shadow: 3 delivered, 3 not shown · 0 cancelled · peak 7 pending, no limit · 0 lost on Linux
            not shown: missed its time (1), quiet hours (2)
            shortest runway: none (nothing was wanted)
            """
        #expect(text == expected + "\n")
    }

    /// A payload line has no instant of its own: it is the push of the line before, and prints that line's instant.
    @Test func aPayloadTakesTheInstantOfTheLineBefore() {
        let payload = AppOutputLine(
            type: "payload",
            fields: [
                ("identifier", .string("msg_m1")), ("platform", .string("fcm")), ("bytes", .integer(285)),
                ("json", .string("{}")),
            ])
        let rejected = AppOutputLine(
            type: "payload",
            fields: [
                ("identifier", .string("msg_big")), ("platform", .string("apns")), ("bytes", .null), ("json", .null),
                ("rejected", .string("too_large")), ("minimumBytes", .integer(4345)), ("limit", .integer(4096)),
            ])
        // Before any line with an instant there is nothing to borrow.
        #expect(Self.text([payload]) == "FCM payload: 285 bytes  msg_m1\n")
        let expected = """
            2026-03-28 07:00:00Z  08:00 +01:00  not shown: quiet hours  msg_m1
            2026-03-28 07:00:00Z  08:00 +01:00  FCM payload: 285 bytes  msg_m1
            2026-03-28 07:00:00Z  08:00 +01:00  APNs payload: rejected, too large (at least 4345 bytes, limit 4096)  msg_big
            """
        let suppressed = AppOutputLine(
            type: "suppressed",
            fields: [
                ("at", .instant(Self.eight)), ("fireAt", .instant(Self.eight)), ("identifier", .string("msg_m1")),
                ("reason", .string("quiet_hours")),
            ])
        #expect(Self.text([suppressed, payload, rejected]) == expected + "\n")
    }

    /// A title or a body with a line break stays under its header, every line indented.
    @Test func aTextWithLineBreaksKeepsItsIndent() {
        var line = Self.delivered()
        line.fields = line.fields.map { key, value -> (String, AppOutputLine.Value) in
            (key, key == "body" ? .string("First line.\nSecond line.") : value)
        }
        let lines = Self.text([line]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.dropFirst() == ["    Time for Luna's morning medication", "    First line.", "    Second line.", ""])
    }

    /// Every reason the core can give has words of its own, not its raw name.
    @Test(arguments: NotificationReason.allCases)
    func everyReasonHasWords(reason: NotificationReason) {
        #expect(AppTextWords.reasons[reason.rawValue] != nil)
    }

    /// A reason the table does not know yet still reads: its name with the underscores as spaces.
    @Test func aReasonWithoutWordsReadsAsItsName() {
        #expect(AppTextWords.words(for: "battery_saver", in: AppTextWords.reasons) == "battery saver")
    }

    // MARK: - Colour

    /// The colours are WorldWideWaves': the instant and the identifier dim, the app and the title bold, the
    /// channel cyan, `late` yellow.
    @Test func coloursAreWorldWideWavesOnes() {
        let lines = Self.text([Self.delivered()], usesColor: true).split(separator: "\n").map(String.init)
        let escape = "\u{1B}["
        #expect(
            lines == [
                "\(escape)2m2026-03-28 07:00:00Z\(escape)0m  08:00 +01:00  \(escape)1mhydracat\(escape)0m  "
                    + "\(escape)36mtreatment_reminders\(escape)0m  \(escape)33mlate\(escape)0m  time-sensitive  "
                    + "\(escape)2mu1|p1|s1|2026-03-28T08:00|reminder\(escape)0m",
                "    \(escape)1mTime for Luna's morning medication\(escape)0m",
                "    Log it when you're done.",
            ])
    }

    /// Colour when WorldWideWaves' timeline has it: on a terminal, unless `NO_COLOR` is set; never in a pipe.
    @Test(
        arguments: [(true, [:], true), (true, ["NO_COLOR": "1"], false), (false, [:], false)]
            as [(Bool, [String: String], Bool)])
    func colourOnlyOnATerminalWithoutNoColor(terminal: Bool, environment: [String: String], coloured: Bool) async {
        let output = OutputChannel.capture(isTerminal: terminal)
        let errors = OutputChannel.capture()
        let status = await WaveSimCommand.run(
            arguments: ["replay", Fixture.url("Apps/shadow-text.json").path], environment: environment,
            standardOutput: output, standardError: errors)
        #expect(status == 0)
        #expect(output.captured.contains("\u{1B}[") == coloured)
    }
}
