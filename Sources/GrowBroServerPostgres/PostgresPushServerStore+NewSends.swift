internal import GrowBroServer
internal import WavePostgres

extension PostgresPushServerStore {
    /// The channel a fan-out notifies and senders listen on. Channels are per database, not per schema: stores of
    /// two schemas in one database wake each other's senders, which then find nothing of theirs due (a claim more).
    static let newSendsChannel = "wavepush_new_sends"

    /// A `LISTEN` on a connection and thread of its own (``PostgresNotificationListener``), which reconnects after a
    /// loss and calls `onNewSends` once it listens again (a notification sent meanwhile is lost).
    func watchNewSends(
        _ onNewSends: @escaping @Sendable () -> Void, onError: @escaping @Sendable (any Error) -> Void
    ) -> (any NewSendsWatch)? {
        PostgresNewSendsWatch(
            listener: PostgresNotificationListener(
                connectionString: connectionString, channel: Self.newSendsChannel, onNotification: onNewSends,
                onError: { onError(PushStoreError($0)) }))
    }

    /// Tells the listening senders, when the caller's transaction commits, that it recorded sends.
    static func notifyNewSends(in connection: PostgresConnection) throws {
        try connection.execute("NOTIFY \(newSendsChannel)")
    }
}

/// A ``NewSendsWatch`` over PostgreSQL's `LISTEN`.
private struct PostgresNewSendsWatch: NewSendsWatch {
    let listener: PostgresNotificationListener

    func stop() {
        listener.stop()
    }
}
