public import GrowBroServer

extension PushServer {
    /// Connects to a PostgreSQL database and brings the server's tables up to date (the version is in
    /// `schema_version`).
    ///
    /// - Parameters:
    ///   - connectionString: libpq's connection string or URI (`postgresql://user@host:5432/growbro`).
    ///   - configuration: The rules.
    /// - Throws: ``PushStoreError`` when the database cannot be reached, refuses the user, or was migrated by a newer
    ///   build.
    public convenience init(
        postgres connectionString: String, configuration: GrowBroServerConfiguration = GrowBroServerConfiguration()
    ) throws {
        self.init(store: try PostgresPushServerStore(connectionString: connectionString), configuration: configuration)
    }
}
