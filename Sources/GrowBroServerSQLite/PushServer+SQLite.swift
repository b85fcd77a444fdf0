public import GrowBroServer

extension PushServer {
    /// Opens (creating if needed) a SQLite database file and brings its schema up to date.
    ///
    /// - Parameters:
    ///   - path: The database file; its directory must exist.
    ///   - configuration: The rules.
    /// - Throws: ``PushStoreError`` when the file cannot be opened, is damaged or was written by a newer build.
    public convenience init(
        path: String, configuration: GrowBroServerConfiguration = GrowBroServerConfiguration()
    ) throws {
        self.init(store: try SQLitePushServerStore(path: path), configuration: configuration)
    }

    /// A server over a private in-memory SQLite database: the same SQL without a file (tests, replays).
    ///
    /// - Parameter configuration: The rules.
    /// - Returns: The server.
    /// - Throws: ``PushStoreError`` when SQLite cannot set it up.
    public static func inMemory(
        configuration: GrowBroServerConfiguration = GrowBroServerConfiguration()
    ) throws -> PushServer {
        PushServer(store: try SQLitePushServerStore(path: nil), configuration: configuration)
    }
}
