/// One HTTP request as the server received it: method, path, query arguments, header fields and the whole body.
package struct HTTPRequest: Sendable {
    /// The method, as sent (`GET`, `POST`, …).
    package var method: String
    /// The path without the query (`/v1/inbox`).
    package var path: String
    /// The query's arguments, percent-decoded; the first of a repeated name.
    package var query: [String: String]
    /// The header fields, names lowercased; the first of a repeated name.
    package var headers: [String: String]
    /// The body's bytes (empty when it had none).
    package var body: [UInt8]

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: The method.
    ///   - path: The path without the query.
    ///   - query: The query's arguments.
    ///   - headers: The header fields, names lowercased.
    ///   - body: The body.
    package init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}
