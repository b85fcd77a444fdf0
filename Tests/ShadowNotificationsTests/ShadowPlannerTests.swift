import Foundation
import ShadowNotifications
import Testing
import WaveNotifications

private typealias F = ShadowFixtures

struct ShadowPlannerTests {
    private let zone = F.zone

    // MARK: Schedules

    @Test func disabledAnchorIsSkippedByEveryAnchorModeCategory() {
        let settings = F.settings(
            [
                .food: F.on, .checkins: try! ShadowCategorySettings(enabled: true, mode: .anchor, anchors: [.lunch]),
                .supplements: F.on,
            ],
            supplements: [ShadowSupplement(id: "s1", name: "Iron", anchors: [.lunch, .dinner])],
            anchors: [.lunch: ShadowAnchorSetting(time: F.time("12:30"), enabled: false)])
        let checkIns = F.checkIns(settings, from: "2026-06-01T00:00")
        #expect(
            checkIns.map(\.identifier) == [
                "shadow_food_2026-06-01_08:00", "shadow_food_2026-06-01_18:00", "shadow_supplements_2026-06-01_18:00",
            ])
    }

    @Test func anchorTimesAreTheUsersAndSharedTimesFireOnce() {
        let settings = F.settings(
            [
                .food: try! ShadowCategorySettings(
                    enabled: true, mode: .anchor, anchors: [.dinner, .wake, .breakfast, .dinner])
            ],
            anchors: [
                .wake: ShadowAnchorSetting(time: F.time("08:00")), .dinner: ShadowAnchorSetting(time: F.time("19:15")),
            ])
        let checkIns = F.checkIns(settings, from: "2026-06-01T00:00")
        #expect(F.slots(checkIns) == ["2026-06-01T08:00", "2026-06-01T19:15"])
        #expect(checkIns.map(\.anchor) == [.wake, .dinner])
    }

    @Test func intervalWindowWrappingMidnight() {
        let fluids = try! ShadowCategorySettings(
            enabled: true, mode: .interval, everyHours: 2, from: F.time("20:00"), to: F.time("02:00"))
        let checkIns = F.checkIns(F.settings([.fluids: fluids]), from: "2026-06-01T00:00", hours: 48)
        #expect(
            F.slots(checkIns) == [
                "2026-06-01T00:00", "2026-06-01T02:00", "2026-06-01T20:00", "2026-06-01T22:00",
                "2026-06-02T00:00", "2026-06-02T02:00", "2026-06-02T20:00", "2026-06-02T22:00",
            ])
        #expect(checkIns[4].fireAt == F.instant("2026-06-01T22:00:00Z"))
    }

    @Test func timesModeRemovesDuplicateTimes() {
        let photos = try! ShadowCategorySettings(
            enabled: true, mode: .times, times: [F.time("21:00"), F.time("09:00"), F.time("21:00")])
        let checkIns = F.checkIns(F.settings([.photos: photos]), from: "2026-06-01T00:00", hours: 48)
        #expect(F.slots(checkIns) == ["2026-06-01T09:00", "2026-06-01T21:00", "2026-06-02T09:00", "2026-06-02T21:00"])
        #expect(Set(checkIns.map(\.identifier)).count == 4)
    }

    // MARK: Supplements

    private let supplements = [
        ShadowSupplement(id: "a", name: "Vitamin D", anchors: [.breakfast, .dinner]),
        ShadowSupplement(id: "b", name: "Omega-3", anchors: [.breakfast]),
        ShadowSupplement(id: "c", name: "Iron", anchors: [.breakfast, .wake], notify: false),
        ShadowSupplement(id: "d", name: "Magnesium", anchors: [.dinner]),
    ]

    @Test func supplementsFireAtTheAnchorsOfNotifyingSupplementsGroupedInFileOrder() {
        let category = try! ShadowCategorySettings(enabled: true, mode: .anchor, anchors: [.lunch])
        let checkIns = F.checkIns(
            F.settings([.supplements: category], supplements: supplements), from: "2026-06-01T00:00")
        #expect(F.slots(checkIns) == ["2026-06-01T08:00", "2026-06-01T18:00"])  // not wake (Iron is off), not lunch
        #expect(checkIns.map(\.supplementNames) == [["Vitamin D", "Omega-3"], ["Vitamin D", "Magnesium"]])
    }

    @Test func supplementsInTimesModeListEveryNotifyingSupplement() {
        let category = try! ShadowCategorySettings(enabled: true, mode: .times, times: [F.time("10:00")])
        let checkIns = F.checkIns(
            F.settings([.supplements: category], supplements: supplements), from: "2026-06-01T00:00")
        #expect(checkIns.map(\.supplementNames) == [["Vitamin D", "Omega-3", "Magnesium"]])
    }

    @Test func supplementsWithNoNotifyingSupplementSendNothing() {
        let muted = supplements.map { supplement in
            var copy = supplement
            copy.notify = false
            return copy
        }
        let times = try! ShadowCategorySettings(enabled: true, mode: .times, times: [F.time("10:00")])
        #expect(F.checkIns(F.settings([.supplements: times], supplements: muted), from: "2026-06-01T00:00").isEmpty)
        #expect(F.checkIns(F.settings([.supplements: F.on], supplements: muted), from: "2026-06-01T00:00").isEmpty)
    }

    // MARK: Expiry and horizon

    @Test(arguments: [(nil, 3600), (90, 5400), (15, 900)] as [(Int?, Int)])
    func expiryValueOnEachRequest(minutes: Int?, seconds: Int) {
        let journal = try! ShadowCategorySettings(
            enabled: true, expiresAfterMinutes: minutes ?? ShadowCategorySettings.defaultExpiresAfterMinutes)
        let plan = ShadowPlanner.plan(
            settings: F.settings([.journal: journal]), now: F.local("2026-06-01T12:00"), timeZone: zone,
            permission: .authorized)
        let request = try! #require(plan.desired.first)
        #expect(request.expiresAfter == .seconds(seconds))
        #expect(
            Expiry.withdrawalInstant(of: request) == F.local("2026-06-01T21:00").addingTimeInterval(Double(seconds)))
        #expect(Expiry.withdrawalInstant(of: request, respondedAt: F.local("2026-06-01T21:05")) == nil)
    }

    @Test func horizonIncludesNowAndExcludesNowPlusFortyEightHours() {
        let settings = F.settings([.journal: F.on])
        let atSlot = ShadowPlanner.plan(
            settings: settings, now: F.local("2026-06-01T21:00"), timeZone: zone, permission: .authorized)
        #expect(
            atSlot.desired.map(\.identifier) == ["shadow_journal_2026-06-01_21:00", "shadow_journal_2026-06-02_21:00"])
        let justAfter = ShadowPlanner.plan(
            settings: settings, now: F.local("2026-06-01T21:00").addingTimeInterval(1), timeZone: zone,
            permission: .authorized)
        #expect(
            justAfter.desired.map(\.identifier) == [
                "shadow_journal_2026-06-02_21:00", "shadow_journal_2026-06-03_21:00",
            ])
    }

    // MARK: DST (Europe/Berlin)

    @Test func springForwardGapShiftsAndDropsCollisionsKeepingSlots() {
        let photos = try! ShadowCategorySettings(enabled: true, mode: .times, times: [F.time("02:30")])
        let gap = F.checkIns(F.settings([.photos: photos]), from: "2026-03-29T00:00")
        #expect(gap.map(\.identifier) == ["shadow_photos_2026-03-29_02:30"])
        #expect(gap.first?.fireAt == F.instant("2026-03-29T01:30:00Z"))  // 03:30 local

        let fluids = try! ShadowCategorySettings(
            enabled: true, mode: .interval, everyHours: 1, from: F.time("00:00"), to: F.time("04:00"))
        let hourly = F.checkIns(F.settings([.fluids: fluids]), from: "2026-03-29T00:00", hours: 23)  // a 23-hour day
        #expect(F.slots(hourly) == ["2026-03-29T00:00", "2026-03-29T01:00", "2026-03-29T03:00", "2026-03-29T04:00"])
        #expect(
            hourly.map(\.fireAt)
                == [
                    "2026-03-28T23:00:00Z", "2026-03-29T00:00:00Z", "2026-03-29T01:00:00Z",
                    "2026-03-29T02:00:00Z",
                ].map(F.instant))

        let vitals = F.checkIns(F.settings([.vitals: F.on]), from: "2026-03-28T00:00", hours: 48)
        #expect(vitals.map(\.fireAt) == [F.instant("2026-03-28T06:00:00Z"), F.instant("2026-03-29T05:00:00Z")])
    }

    @Test func fallBackOverlapFiresOnceAtTheEarlierInstant() {
        let photos = try! ShadowCategorySettings(enabled: true, mode: .times, times: [F.time("02:30")])
        let overlap = F.checkIns(F.settings([.photos: photos]), from: "2026-10-25T00:00")
        #expect(overlap.map(\.identifier) == ["shadow_photos_2026-10-25_02:30"])
        #expect(overlap.first?.fireAt == F.instant("2026-10-25T00:30:00Z"))  // 02:30 CEST

        let vitals = F.checkIns(F.settings([.vitals: F.on]), from: "2026-10-24T00:00", hours: 49)
        #expect(vitals.map(\.fireAt) == [F.instant("2026-10-24T05:00:00Z"), F.instant("2026-10-25T06:00:00Z")])
        #expect(F.slots(vitals) == ["2026-10-24T07:00", "2026-10-25T07:00"])
    }

    // MARK: Gates and history

    private var everyDay: ShadowSettings {
        F.settings([.journal: F.on, .vitals: F.on])
    }

    @Test(arguments: [PermissionStatus.denied, .notDetermined])
    func closedPermissionDropsEveryCandidateAndRemovesEveryPendingFirst(permission: PermissionStatus) {
        let now = F.local("2026-06-01T06:00")
        let pending = ShadowPlanner.plan(settings: everyDay, now: now, timeZone: zone, permission: .authorized).desired
        var settings = everyDay
        settings.categories[.vitals] = .disabled
        let plan = ShadowPlanner.plan(
            settings: settings, now: now, timeZone: zone, permission: permission, pending: pending)
        #expect(plan.desired.isEmpty)
        #expect(
            plan.suppressed.map(\.identifier) == ["shadow_journal_2026-06-01_21:00", "shadow_journal_2026-06-02_21:00"])
        #expect(plan.suppressed.allSatisfy { $0.reason == .permissionDenied })
        #expect(pending.count == 4)
        #expect(
            plan.removalReasons == Dictionary(uniqueKeysWithValues: pending.map { ($0.identifier, .permissionDenied) }))
    }

    @Test func categorySwitchedOffRemovesItsPendingAsUserDisabled() {
        let now = F.local("2026-06-01T06:00")
        let pending = ShadowPlanner.plan(settings: everyDay, now: now, timeZone: zone, permission: .authorized).desired
        var settings = everyDay
        settings.categories[.vitals] = try! ShadowCategorySettings(enabled: false, mode: .anchor, anchors: [.wake])
        settings.categories[.journal] = try! ShadowCategorySettings(
            enabled: true, mode: .times, times: [F.time("20:00")])
        let plan = ShadowPlanner.plan(
            settings: settings, now: now, timeZone: zone, permission: .authorized, pending: pending)
        #expect(plan.suppressed.isEmpty)
        #expect(
            plan.desired.map(\.identifier) == ["shadow_journal_2026-06-01_20:00", "shadow_journal_2026-06-02_20:00"])
        #expect(
            plan.removalReasons == [
                "shadow_vitals_2026-06-01_07:00": .userDisabled, "shadow_vitals_2026-06-02_07:00": .userDisabled,
            ])  // the old journal slots are removed with the default, `reschedule`
        let calls = ReconcilePlan(
            desired: plan.desired, pending: pending, removalReasons: plan.removalReasons, showNow: plan.showNow
        ).calls
        #expect(calls.count == 3)
    }

    @Test func provisionalLowersToPassive() {
        let plan = ShadowPlanner.plan(
            settings: everyDay, now: F.local("2026-06-01T06:00"), timeZone: zone, permission: .provisional)
        #expect(plan.desired.count == 4)
        #expect(plan.desired.allSatisfy { $0.interruptionLevel == .passive && $0.channel.interruptionLevel == .active })
    }

    @Test func shownIdentifiersAreNotScheduledAgain() {
        let history = NotificationHistory([
            ShownNotification(identifier: "shadow_vitals_2026-06-01_07:00", shownAt: F.local("2026-06-01T07:00")),
            ShownNotification(
                identifier: "shadow_journal_2026-06-01_21:00", shownAt: F.local("2026-06-01T07:00"),
                respondedAt: F.local("2026-06-01T07:10")),
        ])
        let plan = ShadowPlanner.plan(
            settings: everyDay, now: F.local("2026-06-01T07:00"), timeZone: zone, permission: .authorized,
            history: history)
        #expect(
            plan.desired.map(\.identifier) == ["shadow_vitals_2026-06-02_07:00", "shadow_journal_2026-06-02_21:00"])
    }

    @Test func reconcilingTheSamePlanTwiceMakesNoCalls() {
        let now = F.local("2026-06-01T06:00")
        let first = ShadowPlanner.plan(settings: everyDay, now: now, timeZone: zone, permission: .authorized)
        let second = ShadowPlanner.plan(
            settings: everyDay, now: now, timeZone: zone, permission: .authorized, pending: first.desired)
        #expect(
            ReconcilePlan(desired: second.desired, pending: first.desired, removalReasons: second.removalReasons).calls
                .isEmpty)
    }

    // MARK: Budget scenario

    @Test func everyCategoryOnGivesMoreThanSixtyFourUniqueRequestsInFortyEightHours() {
        let hours = [9, 13, 17, 21].map { try! LocalTime(hour: $0, minute: 0) }
        let settings = F.settings(
            [
                .supplements: F.on, .food: F.on,
                .fluids: try! ShadowCategorySettings(enabled: true, mode: .interval, everyHours: 1),  // 08–22: 15
                .photos: try! ShadowCategorySettings(enabled: true, times: hours),  // 4
                .journal: F.on,  // 1
                .activities: try! ShadowCategorySettings(enabled: true, times: [hours[0], hours[2], hours[3]]),  // 3
                .checkins: F.on, .vitals: F.on,  // 1 + 1
            ],
            supplements: [
                ShadowSupplement(id: "a", name: "Vitamin D", anchors: [.wake, .breakfast, .lunch]),
                ShadowSupplement(id: "b", name: "Melatonin", anchors: [.dinner, .bedtime]),
            ])  // supplements 5, food 3: 33 a day
        let plan = ShadowPlanner.plan(
            settings: settings, now: F.local("2026-06-01T00:00"), timeZone: zone, permission: .authorized)
        #expect(plan.desired.count == 66)
        #expect(plan.desired.count > 64)
        #expect(Set(plan.desired.map(\.identifier)).count == plan.desired.count)
        #expect(Set(plan.desired.map(\.numericID)).count == plan.desired.count)
        #expect(plan.desired.map(\.fireAt) == plan.desired.map(\.fireAt).sorted())
        #expect(Set(plan.desired.map(\.channel.id)) == Set(ShadowCategory.allCases.map(\.rawValue)))
    }
}
