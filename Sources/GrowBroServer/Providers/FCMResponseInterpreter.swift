internal import WaveJSON

/// Reads an FCM HTTP v1 answer into a ``ProviderVerdict``, by Google's documented statuses and error codes.
///
/// - 200 → accepted (the body's `name`).
/// - 404 (`UNREGISTERED`, `NOT_FOUND`) → purge.
/// - 400 `INVALID_ARGUMENT` naming the token (a field violation on `message.token`, or a message about the
///   registration token) → purge; any other 400 → fail.
/// - 403 `SENDER_ID_MISMATCH` → purge; any other 403 → fail.
/// - 401 → a new access token and one retry.
/// - 429 (`QUOTA_EXCEEDED`), 500 (`INTERNAL`), 503 (`UNAVAILABLE`) → retry, not before `Retry-After`.
/// - any other status → fail.
///
/// A body that is not JSON where the error code is needed fails the send with a reason saying so (the token is
/// kept).
public enum FCMResponseInterpreter {
    /// Interprets an answer.
    ///
    /// - Parameter response: The answer (a request that got none is ``ProviderVerdict/noAnswer(_:)``'s).
    /// - Returns: The verdict.
    public static func verdict(for response: ProviderResponse) -> ProviderVerdict {
        switch response.status {
        case 200:
            var name: String?
            if let value = try? JSONParser.parse(response.body), case .string(let text) = value.member("name") {
                name = text
            }
            return .accepted(providerID: name)
        case 404:
            let error = try? self.error(of: response)
            return .purgeToken(reason: .provider(error?.code ?? "UNREGISTERED"))
        case 401:
            let error = try? self.error(of: response)
            return .renewCredential(reason: .provider(error?.code ?? "UNAUTHENTICATED"))
        case 429, 500, 503:
            let error = try? self.error(of: response)
            return .retry(
                reason: .provider(error?.code ?? "status \(response.status)"),
                after: RetryAfter.parse(response.headers.value(named: "retry-after")))
        case 400, 403:
            let error: FCMError
            do {
                error = try self.error(of: response)
            } catch {
                return .fail(reason: .unreadableAnswer("FCM \(response.status) response is not JSON: \(error)"))
            }
            switch (response.status, error.code) {
            case (400, "INVALID_ARGUMENT") where error.namesToken:
                return .purgeToken(reason: .provider("INVALID_ARGUMENT (token)"))
            case (403, "SENDER_ID_MISMATCH"):
                return .purgeToken(reason: .provider("SENDER_ID_MISMATCH"))
            default:
                return .fail(reason: .provider(error.code))
            }
        default:
            let error = try? self.error(of: response)
            return .fail(reason: .provider(error?.code ?? "FCM status \(response.status)"))
        }
    }

    struct FCMError {
        /// The FcmError `errorCode` when present, else the error's `status`.
        var code: String
        /// Whether the error is about `message.token`.
        var namesToken: Bool
    }

    static func error(of response: ProviderResponse) throws -> FCMError {
        let value = try JSONParser.parse(response.body)
        guard let error = value.member("error"), case .object = error else {
            throw ResponseBodyError("the body has no \"error\" object")
        }
        var code: String?
        var namesToken = false
        if case .string(let message) = error.member("message"), message.lowercased().contains("registration token") {
            namesToken = true
        }
        if case .array(let details) = error.member("details") {
            for detail in details {
                if case .string(let errorCode) = detail.member("errorCode") { code = code ?? errorCode }
                if case .array(let violations) = detail.member("fieldViolations") {
                    for violation in violations {
                        if case .string(let field) = violation.member("field"), field == "message.token" {
                            namesToken = true
                        }
                    }
                }
            }
        }
        if code == nil, case .string(let status) = error.member("status") { code = status }
        return FCMError(code: code ?? "status \(response.status)", namesToken: namesToken)
    }
}
