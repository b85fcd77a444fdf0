/// One measured workload on one side of a comparison; each runs alone in a fresh child process.
enum BenchCase: String, CaseIterable, Sendable {
    /// A child that does nothing: the runtime's own footprint, subtracted to get net memory.
    case idle
    /// Builds the timer-queue plan only: the memory every queue side shares, subtracted to get net memory.
    case queuePlan = "queue-plan"
    /// Timer queue: LinuxNotificationManager without a budget (every notification armed, like the baselines).
    case queueOurs = "queue-ours"
    /// Timer queue: LinuxNotificationManager with the default iOS budget of 64 armed notifications.
    case queueOursBudget = "queue-ours-budget64"
    /// Timer queue: LinuxNotificationManager through its batch calls (one `scheduleNotifications` for all, one
    /// `cancelAllNotifications(eventIDs:)`).
    case queueOursBatch = "queue-ours-batch"
    /// Timer queue: LinuxNotificationManager through its request-level batch calls (one `add`, one removal).
    case queueOursRequests = "queue-ours-requests"
    /// Timer queue: one `Task` sleeping per notification.
    case queueTask = "queue-task"
    /// Timer queue: one `DispatchSourceTimer` per notification.
    case queueDispatch = "queue-dispatch"
    /// Delivery accuracy: LinuxNotificationManager on SystemAlarmClock.
    case deliveryOurs = "delivery-ours"
    /// Delivery accuracy: one `Task` sleeping per notification.
    case deliveryTask = "delivery-task"
    /// Delivery accuracy: one `DispatchSourceTimer` per notification.
    case deliveryDispatch = "delivery-dispatch"
    /// Delivery accuracy: LinuxNotificationManager on SystemAlarmClock while 50 callers add, list and remove.
    case deliveryContended = "delivery-contended"
    /// DefaultNotificationScheduler.syncNotifications into RecordingNotificationManager.
    case syncRecording = "sync-recording"
    /// DefaultNotificationScheduler.syncNotifications into LinuxNotificationManager (default budget).
    case syncLinux = "sync-linux"
    /// DefaultNotificationScheduler.syncNotifications into a manager that does nothing: the scheduler alone.
    case syncDiscarding = "sync-discarding"
    /// DefaultNotificationScheduler.reconcileNotifications into LinuxNotificationManager: the reconciling sync.
    case syncReconcileLinux = "sync-reconcile-linux"
    /// RecurrenceRule.nextOccurrence(after:in:) of an hourly rule in Europe/Berlin, walked through a year.
    case recurrenceNext = "recurrence-next"
    /// RecurrenceRule.occurrences(from:to:in:) of an hourly rule in Europe/Berlin over one year, repeated.
    case recurrenceYear = "recurrence-year"
    /// A virtual-clock replay of a generated scenario, JSON Lines to /dev/null, parsing included.
    case replay
    /// A year of a Shadow scenario, every category on, replayed end to end (`wavesim replay --format json`).
    case replayShadowYear = "replay-shadow-year"
    /// A year of GoNow forecasts (every 8 hours, four modes, Asia/Jerusalem), replayed end to end the same way.
    case replayGoNowYear = "replay-gonow-year"
    /// A year of Shadow with a daily background refresh on the always-running Linux adapter (no limit).
    case replayShadowRefreshLinux = "replay-shadow-refresh-linux"
    /// The same scenario on iOS (64 held, the app runs only at the refreshes).
    case replayShadowRefreshIOS = "replay-shadow-refresh-ios"
    /// Shadow with a daily background refresh, over one year and over four (the size in days), on the Linux adapter:
    /// peak memory, time and the bytes of the state the app saves (``YearsReplayWorkload``).
    case replayYearsShadowLinux = "replay-years-shadow-linux"
    /// The same on iOS.
    case replayYearsShadowIOS = "replay-years-shadow-ios"
    /// Hydracat logged twice a day, over one year and over four, on the Linux adapter.
    case replayYearsHydracatLinux = "replay-years-hydracat-linux"
    /// The same on iOS.
    case replayYearsHydracatIOS = "replay-years-hydracat-ios"
    /// GoNow's year scenario (4c: four modes, a forecast every 8 hours), over one year and over four, on the Linux
    /// adapter.
    case replayYearsGoNowLinux = "replay-years-gonow-linux"
    /// The same on iOS.
    case replayYearsGoNowIOS = "replay-years-gonow-ios"
    /// GrowBro's pushes, task reminders, digests and inbox actions, over one year and over four, on the Linux adapter
    /// (``GrowBroYearsScenario``); with `--input <path>` the child also keeps the scenario there.
    case replayYearsGrowBroLinux = "replay-years-growbro-linux"
    /// The same on iOS.
    case replayYearsGrowBroIOS = "replay-years-growbro-ios"
    /// WorldWideWaves: 20 favorite events a day, a background refresh every 6 hours (each a full sync), on the
    /// always-running Linux adapter.
    case replayWaveRefreshLinux = "replay-www-refresh-linux"
    /// The same scenario on iOS (64 held, the app hands over more only at the refreshes).
    case replayWaveRefreshIOS = "replay-www-refresh-ios"
    /// Android: the `replay` case's events in Europe/Paris with an idle window of 01:00 to 09:00 (Doze), sized in
    /// events (``DeviceConditionsWorkload/androidIdle(events:withConditions:)``).
    case replayAndroidIdle = "replay-android-idle"
    /// The same events on Android without device conditions.
    case replayAndroidPlain = "replay-android-plain"
    /// Shadow with a daily refresh on Android with a nightly idle window (and the Focus iOS ignores here).
    case replayShadowConditionsAndroid = "replay-shadow-conditions-android"
    /// The same scenario on Android without device conditions.
    case replayShadowPlainAndroid = "replay-shadow-plain-android"
    /// Shadow with a daily refresh on iOS with a nightly Focus (and the idle window iOS ignores).
    case replayShadowConditionsIOS = "replay-shadow-conditions-ios"
    /// The same scenario on iOS without device conditions.
    case replayShadowPlainIOS = "replay-shadow-plain-ios"
    /// `wavesim fleet`: N Hydracat users on Android, 30 days each, every core (``FleetWorkload``); operations are
    /// simulated user-days.
    case fleet
    /// LocalizedStringResolver: index, parse and compile all 34 tables (every key in every language).
    case localizationLoad = "loc-load"
    /// StringsFileParser alone over the 34 table files.
    case localizationParse = "loc-parse"
    /// Foundation's PropertyListSerialization over the 34 table files: the alternative to StringsFileParser.
    case localizationParseFoundation = "loc-parse-foundation"
    /// LocalizedStringResolver.render: title and body pairs.
    case localizationResolve = "loc-resolve"
    /// Dictionary lookup plus `String(format:)`: the alternative to LocalizedStringResolver.render.
    case localizationResolveFoundation = "loc-resolve-foundation"
    /// NotificationStore (SQLite): N requests upserted in one transaction.
    case storeBatch = "store-batch"
    /// NotificationStore (SQLite): N requests upserted one transaction (one durable commit) each.
    case storeSingle = "store-single"
    /// SQLiteInboxStore: every page of 50 of an N-entry inbox, each timed.
    case inboxPage = "inbox-page"
    /// SQLiteInboxStore: the unread count of an N-entry inbox, 1,000 times, each timed.
    case inboxUnread = "inbox-unread"
    /// PushServer: a system message fanned out to N users of one installation each, one commit per recipient.
    case pushFanOut = "push-fanout"
    /// The same fan-out in batches of 1,000 recipients per commit.
    case pushFanOutBatched = "push-fanout-batched"
    /// The batched fan-out on PostgreSQL.
    case pushFanOutPostgres = "push-fanout-postgres"
    /// PushServer: the N sends of that fan-out built, sent to an accepting transport, one commit per outcome.
    case pushDispatch = "push-dispatch"
    /// The same dispatch, outcomes committed in batches of 500.
    case pushDispatchBatched = "push-dispatch-batched"
    /// The batched dispatch on PostgreSQL by one, two and four dispatchers, each on its own connection.
    case pushDispatchPostgres1 = "push-dispatch-postgres-1"
    case pushDispatchPostgres2 = "push-dispatch-postgres-2"
    case pushDispatchPostgres4 = "push-dispatch-postgres-4"
    /// From a broadcast's event to its last send accepted, batched, SQLite and one dispatcher.
    case pushBroadcast = "push-broadcast"
    /// The same on PostgreSQL with two dispatchers.
    case pushBroadcastPostgres = "push-broadcast-postgres"
    /// The batched dispatch through the real transport (HTTP/2, TLS, libcurl) to the loopback stand-in, 100 in
    /// flight, the stand-in answering at once.
    case pushDispatchHTTP = "push-dispatch-http"
    /// The same with 20 ms added to each answer (a provider's round trip).
    case pushDispatchHTTP20 = "push-dispatch-http-20ms"
    /// The same, one request at a time (the dispatcher before requests overlapped).
    case pushDispatchHTTP20Serial = "push-dispatch-http-20ms-serial"
    /// The stand-in's own ceiling: h2load's requests, one connection, 100 streams at once.
    case pushStandInCeiling = "push-standin-ceiling"
    /// The HTTP API: `POST /v1/events` to one user, SQLite; requests per second, then p50/p99 at half that rate.
    case apiSend = "api-send"
    /// The same on PostgreSQL.
    case apiSendPostgres = "api-send-postgres"
    /// The HTTP API: `POST /v1/tokens`, a new installation each, SQLite.
    case apiRegister = "api-register"
    /// The same on PostgreSQL.
    case apiRegisterPostgres = "api-register-postgres"
    /// An event from the start of its `POST /v1/events` to its push at the loopback stand-in: the HTTP API and an
    /// idle sender, each on its own connection to a SQLite file (the sender finds it at its idle check).
    case apiEventToProvider = "api-event-to-provider"
    /// The same on PostgreSQL: the sender hears of the event by `NOTIFY`.
    case apiEventToProviderPostgres = "api-event-to-provider-postgres"
    /// A reply from its fan-out's commit to its request at the loopback stand-in, the sender idle: SQLite, the
    /// backend in the sender's process calling `sendNow()`.
    case pushLatencyIdle = "push-latency-idle"
    /// The same on PostgreSQL, the backend on a connection of its own: the sender hears of it by `NOTIFY`.
    case pushLatencyIdlePostgres = "push-latency-idle-postgres"
    /// Replies while a 100,000-installation broadcast is being sent: SQLite.
    case pushLatencyBroadcast = "push-latency-broadcast"
    /// The same on PostgreSQL.
    case pushLatencyBroadcastPostgres = "push-latency-broadcast-postgres"
    /// DesktopSink on its libdbus-1 connection: N notifications shown on dunst, each timed to the server's receipt.
    case desktopLibdbus = "desktop-libdbus"
    /// The same through one `gdbus call` process per notification, as the sink did before.
    case desktopGdbus = "desktop-gdbus"

    /// The sizes measured: notifications, background pending, events, days, tables or renders.
    func sizes(quick: Bool) -> [Int] {
        switch self {
        case .idle:
            return [0]
        case .queuePlan, .queueOurs, .queueOursBudget, .queueOursBatch, .queueOursRequests:
            return quick ? [1_000, 3_000, 10_000] : [10_000, 100_000, 1_000_000]
        case .queueTask, .queueDispatch:
            // Capped: see `BENCHMARKS.md` ("Baseline caps") for why.
            return quick ? [1_000, 3_000, 10_000] : [10_000, 100_000, 1_000_000]
        case .deliveryOurs, .deliveryTask, .deliveryDispatch:
            return quick ? [1_000] : [10_000, 100_000, 1_000_000]
        case .deliveryContended:
            return quick ? [1_000] : [7_000]
        case .syncRecording, .syncLinux, .syncDiscarding, .syncReconcileLinux:
            return quick ? [100, 300, 1_000] : [1_000, 3_000, 10_000]
        case .recurrenceNext:
            return quick ? [10_000] : [100_000, 1_000_000]
        case .recurrenceYear:
            return quick ? [10] : [100, 1_000]
        case .replay:
            return quick ? [300, 1_000, 3_000] : [10_000, 30_000, 100_000]
        case .replayShadowYear:
            return [AppReplayWorkload.days]
        case .replayGoNowYear, .replayShadowRefreshLinux, .replayShadowRefreshIOS:
            return quick ? [31] : [AppReplayWorkload.days]
        case .replayWaveRefreshLinux, .replayWaveRefreshIOS:
            return quick ? [10] : [AppReplayWorkload.waveRefreshDays]
        case .replayAndroidIdle, .replayAndroidPlain:
            return quick ? [1_000] : [1_000, 10_000, 100_000]
        case .replayShadowConditionsAndroid, .replayShadowPlainAndroid, .replayShadowConditionsIOS,
            .replayShadowPlainIOS:
            return quick ? [31] : [AppReplayWorkload.days]
        case .fleet:
            // The goal's 100,000 users take minutes a run: measured with `--case fleet --size 100000` (BENCHMARKS.md).
            return quick ? [20] : [1_000, 10_000]
        case .replayYearsShadowLinux, .replayYearsShadowIOS, .replayYearsHydracatLinux, .replayYearsHydracatIOS,
            .replayYearsGrowBroLinux, .replayYearsGrowBroIOS:
            // One span and four times it: a week and four in `--quick`, a year and four in the full run.
            return quick ? [7, 28] : [AppReplayWorkload.days, 4 * AppReplayWorkload.days]
        case .replayYearsGoNowLinux, .replayYearsGoNowIOS:
            return quick ? [7, 28] : [AppReplayWorkload.days, 4 * AppReplayWorkload.days]
        case .localizationLoad, .localizationParse, .localizationParseFoundation:
            return [LocalizationWorkload.expectedTableCount]
        case .localizationResolve, .localizationResolveFoundation:
            return quick ? [100_000] : [1_000_000]
        case .storeBatch, .storeSingle, .inboxPage, .inboxUnread:
            return quick ? [1_000] : [100_000]
        case .pushFanOut, .pushDispatch, .pushFanOutBatched, .pushFanOutPostgres, .pushDispatchBatched,
            .pushDispatchPostgres1, .pushDispatchPostgres2, .pushDispatchPostgres4, .pushBroadcast,
            .pushBroadcastPostgres:
            return quick ? [1_000] : [100_000]
        case .pushDispatchHTTP, .pushDispatchHTTP20, .pushStandInCeiling:
            // The Python stand-in answers 3,000–5,000 requests a second: 10,000 keep a run within seconds.
            return quick ? [300] : [10_000]
        case .pushDispatchHTTP20Serial:
            // About 45 a second.
            return quick ? [20] : [300]
        case .pushLatencyIdle, .pushLatencyIdlePostgres:
            // Replies measured; during the broadcast, at most this many (one every 200 ms while it lasts).
            return quick ? [20] : [200]
        case .apiEventToProvider, .apiEventToProviderPostgres:
            // Events measured, each about 0.55 s apart; on SQLite each waits for the sender's idle check (up to 1 s).
            return quick ? [20] : [200]
        case .pushLatencyBroadcast, .pushLatencyBroadcastPostgres:
            return quick ? [20] : [100]
        case .desktopLibdbus, .desktopGdbus:
            return quick ? [20] : [200]
        case .apiSend, .apiSendPostgres, .apiRegister, .apiRegisterPostgres:
            return quick ? [200] : [4_000]
        }
    }

    /// Discarded warm-up runs, then measured repetitions, each in its own child process.
    func runs(quick: Bool) -> (warmUps: Int, repetitions: Int) {
        switch self {
        case .idle, .queuePlan:
            return (0, quick ? 1 : 3)
        case .fleet:
            // A run of 10,000 users is minutes of CPU: one warm-up, three runs.
            return (1, quick ? 1 : 3)
        case .pushFanOut, .pushDispatch, .pushFanOutBatched, .pushFanOutPostgres, .pushDispatchBatched,
            .pushDispatchPostgres1, .pushDispatchPostgres2, .pushDispatchPostgres4, .pushBroadcast,
            .pushBroadcastPostgres:
            // Each full run commits 200,000 to 300,000 transactions with real fsyncs.
            return (0, quick ? 1 : 3)
        case .pushDispatchHTTP, .pushDispatchHTTP20, .pushDispatchHTTP20Serial, .pushStandInCeiling:
            return (1, quick ? 1 : 3)
        case .apiSend, .apiSendPostgres, .apiRegister, .apiRegisterPostgres:
            // Each run commits 6,000 transactions with real fsyncs.
            return (0, quick ? 1 : 3)
        case .pushLatencyIdle, .pushLatencyIdlePostgres, .pushLatencyBroadcast, .pushLatencyBroadcastPostgres,
            .apiEventToProvider, .apiEventToProviderPostgres:
            // Each run has its own unmeasured warm-up replies; a broadcast run is about a minute.
            return (0, quick ? 1 : 3)
        case .deliveryOurs, .deliveryTask, .deliveryDispatch, .deliveryContended:
            // Each run waits out its real-time window; 3 × 2,000 samples per size keep the p99 stable.
            return (1, quick ? 1 : 3)
        case .desktopLibdbus, .desktopGdbus:
            // Three rounds, old and new alternating; each run starts its own desktop.
            return (1, quick ? 1 : 3)
        default:
            return (1, quick ? 2 : 5)
        }
    }

    /// Runs the workload once in this process.
    func run(size: Int, context: CaseContext) async throws -> [String: Double] {
        switch self {
        case .idle:
            return [:]
        case .queuePlan:
            return try TimerQueueWorkload.planOnly(count: size)
        case .queueOurs:
            return try await TimerQueueWorkload.run(count: size, side: .ours(pendingLimit: Int.max))
        case .queueOursBudget:
            return try await TimerQueueWorkload.run(count: size, side: .ours(pendingLimit: 64))
        case .queueOursBatch:
            return try await TimerQueueWorkload.run(count: size, side: .oursBatch)
        case .queueOursRequests:
            return try await TimerQueueWorkload.run(count: size, side: .oursRequests)
        case .queueTask:
            return try await TimerQueueWorkload.run(count: size, side: .task)
        case .queueDispatch:
            return try await TimerQueueWorkload.run(count: size, side: .dispatch)
        case .deliveryOurs:
            return try await DeliveryAccuracyWorkload.run(background: size, side: .ours, quick: context.quick)
        case .deliveryTask:
            return try await DeliveryAccuracyWorkload.run(background: size, side: .task, quick: context.quick)
        case .deliveryDispatch:
            return try await DeliveryAccuracyWorkload.run(background: size, side: .dispatch, quick: context.quick)
        case .deliveryContended:
            return try await ContendedDeliveryWorkload.run(background: size, quick: context.quick)
        case .syncRecording:
            return try await SchedulerSyncWorkload.run(events: size, target: .recording)
        case .syncLinux:
            return try await SchedulerSyncWorkload.run(events: size, target: .linux)
        case .syncDiscarding:
            return try await SchedulerSyncWorkload.run(events: size, target: .discarding)
        case .syncReconcileLinux:
            return try await SchedulerSyncWorkload.run(events: size, target: .reconcileLinux)
        case .recurrenceNext:
            return try RecurrenceWorkload.next(count: size)
        case .recurrenceYear:
            return try RecurrenceWorkload.year(repetitions: size)
        case .replay:
            guard let input = context.input else { throw WorkloadFailure("replay needs --input <scenario.json>") }
            return try await ReplayWorkload.run(events: size, scenarioPath: input)
        case .replayShadowYear:
            return try await AppReplayWorkload.shadowYear()
        case .replayGoNowYear:
            return try await AppReplayWorkload.goNowYear(days: size)
        case .replayShadowRefreshLinux:
            return try await AppReplayWorkload.shadowRefresh(days: size, platform: "linux")
        case .replayShadowRefreshIOS:
            return try await AppReplayWorkload.shadowRefresh(days: size, platform: "ios")
        case .replayWaveRefreshLinux:
            return try await AppReplayWorkload.waveRefresh(days: size, platform: "linux")
        case .replayWaveRefreshIOS:
            return try await AppReplayWorkload.waveRefresh(days: size, platform: "ios")
        case .replayAndroidIdle, .replayAndroidPlain:
            return try await DeviceConditionsWorkload.androidIdle(
                events: size, withConditions: self == .replayAndroidIdle)
        case .replayShadowConditionsAndroid, .replayShadowPlainAndroid:
            return try await DeviceConditionsWorkload.shadow(
                days: size, platform: "android", withConditions: self == .replayShadowConditionsAndroid)
        case .replayShadowConditionsIOS, .replayShadowPlainIOS:
            return try await DeviceConditionsWorkload.shadow(
                days: size, platform: "ios", withConditions: self == .replayShadowConditionsIOS)
        case .fleet:
            return try await FleetWorkload.run(users: size)
        case .replayYearsShadowLinux:
            return try await YearsReplayWorkload.run(app: .shadow, days: size, platform: "linux")
        case .replayYearsShadowIOS:
            return try await YearsReplayWorkload.run(app: .shadow, days: size, platform: "ios")
        case .replayYearsHydracatLinux:
            return try await YearsReplayWorkload.run(app: .hydracat, days: size, platform: "linux")
        case .replayYearsHydracatIOS:
            return try await YearsReplayWorkload.run(app: .hydracat, days: size, platform: "ios")
        case .replayYearsGoNowLinux, .replayYearsGoNowIOS:
            guard let input = context.input else { throw WorkloadFailure("\(rawValue) needs --input <scenario.json>") }
            let platform = self == .replayYearsGoNowLinux ? "linux" : "ios"
            return try await YearsReplayWorkload.runGoNow(days: size, platform: platform, scenarioPath: input)
        case .replayYearsGrowBroLinux:
            return try await YearsReplayWorkload.run(
                app: .growBro, days: size, platform: "linux", keptScenario: context.input)
        case .replayYearsGrowBroIOS:
            return try await YearsReplayWorkload.run(
                app: .growBro, days: size, platform: "ios", keptScenario: context.input)
        case .localizationLoad:
            return try LocalizationWorkload.load()
        case .localizationParse:
            return try LocalizationWorkload.parse()
        case .localizationParseFoundation:
            return try LocalizationWorkload.parseWithFoundation()
        case .localizationResolve:
            return try LocalizationWorkload.resolve(count: size)
        case .localizationResolveFoundation:
            return try LocalizationWorkload.resolveWithFoundation(count: size)
        case .storeBatch:
            return try StoreWorkload.upsert(count: size, commit: .oneTransaction)
        case .storeSingle:
            return try StoreWorkload.upsert(count: size, commit: .transactionEach)
        case .inboxPage:
            return try StoreWorkload.inbox(count: size, query: .pages)
        case .inboxUnread:
            return try StoreWorkload.inbox(count: size, query: .unreadCount)
        case .pushFanOut:
            return try await PushFanOutWorkload.run(count: size, phase: .fanOut)
        case .pushFanOutBatched:
            return try await PushFanOutWorkload.run(count: size, phase: .fanOut, setup: .init(fanOutBatch: 1_000))
        case .pushFanOutPostgres:
            return try await PushFanOutWorkload.run(
                count: size, phase: .fanOut, setup: .init(postgres: true, fanOutBatch: 1_000))
        case .pushDispatch:
            return try await PushFanOutWorkload.run(count: size, phase: .dispatch, setup: .init(fanOutBatch: 1_000))
        case .pushDispatchBatched:
            return try await PushFanOutWorkload.run(
                count: size, phase: .dispatch, setup: .init(fanOutBatch: 1_000, commitBatch: 500))
        case .pushDispatchPostgres1, .pushDispatchPostgres2, .pushDispatchPostgres4:
            let senders = self == .pushDispatchPostgres1 ? 1 : self == .pushDispatchPostgres2 ? 2 : 4
            return try await PushFanOutWorkload.run(
                count: size, phase: .dispatch,
                setup: .init(postgres: true, fanOutBatch: 1_000, commitBatch: 500, senders: senders))
        case .pushBroadcast:
            return try await PushFanOutWorkload.run(
                count: size, phase: .broadcast, setup: .init(fanOutBatch: 1_000, commitBatch: 500))
        case .pushBroadcastPostgres:
            return try await PushFanOutWorkload.run(
                count: size, phase: .broadcast,
                setup: .init(postgres: true, fanOutBatch: 1_000, commitBatch: 500, senders: 2))
        case .pushDispatchHTTP:
            return try await PushTransportWorkload.dispatch(count: size, delay: 0)
        case .pushDispatchHTTP20:
            return try await PushTransportWorkload.dispatch(count: size, delay: 20)
        case .pushDispatchHTTP20Serial:
            return try await PushTransportWorkload.dispatch(count: size, delay: 20, inFlight: 1)
        case .pushStandInCeiling:
            return try await PushTransportWorkload.ceiling(count: size)
        case .pushLatencyIdle, .pushLatencyIdlePostgres, .pushLatencyBroadcast, .pushLatencyBroadcastPostgres:
            return try await PushLatencyWorkload.run(
                samples: size, postgres: self == .pushLatencyIdlePostgres || self == .pushLatencyBroadcastPostgres,
                load: self == .pushLatencyIdle || self == .pushLatencyIdlePostgres ? .idle : .broadcast,
                quick: context.quick)
        case .desktopLibdbus:
            return try await DesktopNotifyWorkload.run(count: size, side: .libdbus)
        case .desktopGdbus:
            return try await DesktopNotifyWorkload.run(count: size, side: .gdbus)
        case .apiEventToProvider:
            return try await APIEventLatencyWorkload.run(samples: size, postgres: false)
        case .apiEventToProviderPostgres:
            return try await APIEventLatencyWorkload.run(samples: size, postgres: true)
        case .apiSend:
            return try await APIRequestWorkload.run(count: size, request: .send, postgres: false)
        case .apiSendPostgres:
            return try await APIRequestWorkload.run(count: size, request: .send, postgres: true)
        case .apiRegister:
            return try await APIRequestWorkload.run(count: size, request: .register, postgres: false)
        case .apiRegisterPostgres:
            return try await APIRequestWorkload.run(count: size, request: .register, postgres: true)
        }
    }
}

/// What a child needs besides its case and size.
struct CaseContext: Sendable {
    /// Quick mode: smaller real-time windows.
    var quick: Bool
    /// An input file prepared by the parent (the replay's scenario), kept out of the child's peak memory.
    var input: String?
}
