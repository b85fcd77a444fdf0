extension PushServer {
    /// A user's server inbox, with the user's archive age.
    ///
    /// - Parameter userID: The user.
    /// - Returns: The inbox.
    /// - Throws: ``GrowBroServerError/unknownUser(_:)``, or ``PushStoreError``.
    public func inbox(of userID: String) throws -> ServerInbox {
        guard let days = try store.archiveDays(of: userID) else {
            throw GrowBroServerError.unknownUser(userID)
        }
        return ServerInbox(userID: userID, archiveAfterDays: days, store: store)
    }
}
