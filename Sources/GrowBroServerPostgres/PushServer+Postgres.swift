public import GrowBroServer
public import WaveNotifications
public import WavePostgres

extension PushServer {
    /// The backoff between failed attempts to reconnect to PostgreSQL: 0.5 s, then doubling up to 30 s, each with
    /// equal jitter (half the nominal delay plus a random part of the other half), so the senders of a fleet do not
    /// knock on a restarted server in step.
    public static let postgresReconnectBackoff = RetryPolicy(base: .milliseconds(500), cap: .seconds(30))

    /// Connects to a PostgreSQL database and brings the server's tables up to date (the version is in
    /// `schema_version`). A lost connection is tried again by each later call, with no wait and no report: a long-
    /// running sender gives a clock with ``init(postgres:configuration:clock:random:onConnectionEvent:)``.
    ///
    /// - Parameters:
    ///   - connectionString: libpq's connection string or URI (`postgresql://user@host:5432/growbro`).
    ///   - configuration: The rules.
    /// - Throws: ``PushStoreError`` when the database cannot be reached, refuses the user, or was migrated by a newer
    ///   build.
    public convenience init(
        postgres connectionString: String, configuration: GrowBroServerConfiguration = GrowBroServerConfiguration()
    ) throws {
        self.init(
            store: try PostgresPushServerStore(connectionString: connectionString, reconnection: .eachCall),
            configuration: configuration)
    }

    /// Connects to a PostgreSQL database as ``init(postgres:configuration:)`` does, and reconnects a lost connection
    /// with backoff (``postgresReconnectBackoff``), reporting each loss, failed attempt and reconnection.
    ///
    /// A call in flight when the connection drops fails with ``PushStoreError/Kind-swift.enum/unavailable``, as do the
    /// calls before the next attempt is due (at once, without waiting); the first call at or after that instant
    /// makes the attempt. Claims and leases make this safe: a sender's failed round leaves its sends pending, due
    /// again when its lease ends.
    ///
    /// - Parameters:
    ///   - connectionString: libpq's connection string or URI.
    ///   - configuration: The rules.
    ///   - clock: The clock the backoff is timed by.
    ///   - random: The jitter's source.
    ///   - backoff: The wait after n failed attempts (``postgresReconnectBackoff`` by default).
    ///   - onConnectionEvent: Called with each event (one log line each), with the store's lock held: it must not
    ///     call the server.
    /// - Throws: ``PushStoreError`` when the database cannot be reached at the start, refuses the user, or was
    ///   migrated by a newer build.
    public convenience init(
        postgres connectionString: String, configuration: GrowBroServerConfiguration = GrowBroServerConfiguration(),
        clock: any WaveClock, random: some RandomNumberGenerator & Sendable,
        backoff: RetryPolicy = PushServer.postgresReconnectBackoff,
        onConnectionEvent: @escaping @Sendable (PostgresConnectionEvent) -> Void
    ) throws {
        let random = WaveLock<any RandomNumberGenerator & Sendable>(random)
        let reconnection = PostgresReconnection(
            now: { clock.now },
            delay: { failed in
                random.withLock { generator in backoff.delay(afterAttempt: failed, retryAfter: nil, using: &generator) }
            },
            onEvent: onConnectionEvent)
        self.init(
            store: try PostgresPushServerStore(connectionString: connectionString, reconnection: reconnection),
            configuration: configuration)
    }
}
