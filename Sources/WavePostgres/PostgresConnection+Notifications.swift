internal import CPostgres

extension PostgresConnection {
    /// The connection's socket, to wait on for what the server sends (`poll`), or `nil` while it is not connected.
    var socketDescriptor: Int32? {
        guard let connection, PQstatus(connection) == CONNECTION_OK else { return nil }
        let socket = PQsocket(connection)
        return socket >= 0 ? socket : nil
    }

    /// Reads what the server sent without waiting and takes the notifications it holds (`LISTEN`'s).
    ///
    /// - Returns: How many notifications arrived (any channel this connection listens on).
    /// - Throws: ``PostgresError`` when the connection is closed or lost (read its ``PostgresError/message``).
    func takeNotifications() throws(PostgresError) -> Int {
        guard let connection else { throw PostgresError.closed(database: name) }
        guard PQconsumeInput(connection) != 0, PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            throw PostgresError(
                sqlState: "",
                message: String(message.split(separator: "\n").first ?? "the connection was lost"),
                database: name)
        }
        var count = 0
        while let notification = PQnotifies(connection) {
            count += 1
            PQfreemem(notification)
        }
        return count
    }
}
