internal import WaveJSON

/// A refusal of the API: its status, a stable code, the field at fault (a JSON path, a query argument or a header)
/// and one line for a person. No message quotes a key, a token or a message's text.
package struct APIError: Error, Sendable, Equatable {
    /// The HTTP status.
    package var status: Int
    /// A stable code (`invalid_field`, `unauthorized`, …), documented in docs/growbro-server.md.
    package var code: String
    /// The field at fault, or `nil` when the request as a whole is.
    package var field: String?
    /// What is wrong.
    package var message: String
    /// Every problem when several were found, each `path: message`.
    package var problems: [String] = []
    /// Extra header fields (`Allow`, `Retry-After`, `WWW-Authenticate`).
    package var headers: [(name: String, value: String)] = []

    /// Creates a refusal.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - code: The stable code.
    ///   - field: The field at fault.
    ///   - message: What is wrong.
    package init(_ status: Int, _ code: String, field: String? = nil, _ message: String) {
        self.status = status
        self.code = code
        self.field = field
        self.message = message
    }

    /// A 400 `invalid_field` refusal of one field of a JSON body (a value of the wrong form): its message is also
    /// its one problem, as every refusal of a body's fields lists them.
    ///
    /// - Parameters:
    ///   - field: The field's JSON path.
    ///   - message: What is wrong, `path: what`.
    /// - Returns: The refusal.
    package static func invalidBodyField(_ field: String, _ message: String) -> APIError {
        var error = APIError(400, "invalid_field", field: field, message)
        error.problems = [message]
        return error
    }

    package static func == (lhs: APIError, rhs: APIError) -> Bool {
        lhs.status == rhs.status && lhs.code == rhs.code && lhs.field == rhs.field && lhs.message == rhs.message
            && lhs.problems == rhs.problems
    }

    /// The answer: `{"error": code, "field": …, "message": …, "problems": […]}`.
    package var response: HTTPResponse {
        var json = JSONWriter()
        json.beginObject()
        json.member("error", code)
        json.key("field")
        if let field { json.string(field) } else { json.null() }
        json.member("message", message)
        if !problems.isEmpty {
            json.key("problems")
            json.strings(problems)
        }
        json.endObject()
        return HTTPResponse(status: status, headers: headers, body: json.takeBytes())
    }
}
