/// One HTTP answer: the status, extra header fields and the body with its content type.
package struct HTTPResponse: Sendable, Equatable {
    /// The status code.
    package var status: Int
    /// Header fields besides `Content-Type` and `Content-Length`, in order.
    package var headers: [(name: String, value: String)]
    /// The body's media type.
    package var contentType: String
    /// The body.
    package var body: [UInt8]

    /// Creates an answer.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: Extra header fields.
    ///   - contentType: The body's media type; JSON by default.
    ///   - body: The body.
    package init(
        status: Int, headers: [(name: String, value: String)] = [], contentType: String = "application/json",
        body: [UInt8]
    ) {
        self.status = status
        self.headers = headers
        self.contentType = contentType
        self.body = body
    }

    package static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.contentType == rhs.contentType && lhs.body == rhs.body
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }
}
