/// One HTTP request as the server received it: method, path, query arguments, header fields and the whole body.
package struct HTTPRequest: Sendable {
    /// The method, as sent (`GET`, `POST`, …).
    package var method: String
    /// The path without the query (`/v1/inbox`).
    package var path: String
    /// The query's arguments, percent-decoded; the first of a repeated name (``repeatedQueryArguments`` names
    /// those).
    package var query: [String: String]
    /// The names of the query's arguments given more than once, sorted.
    package var repeatedQueryArguments: [String]
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
    ///   - repeatedQueryArguments: The names of the arguments given more than once.
    ///   - headers: The header fields, names lowercased.
    ///   - body: The body.
    package init(
        method: String, path: String, query: [String: String] = [:], repeatedQueryArguments: [String] = [],
        headers: [String: String] = [:], body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.repeatedQueryArguments = repeatedQueryArguments
        self.headers = headers
        self.body = body
    }
}
