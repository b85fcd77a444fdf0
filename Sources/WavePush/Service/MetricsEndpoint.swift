internal import Foundation
internal import WaveNotifications
internal import WavePushAPI

/// `GET /metrics` for Prometheus: the page the process serves (the sender's ``PushMetrics``, the API's
/// ``APIMetrics``, the store's gauges read at each scrape) in the text exposition format. Any other path is 404, any
/// other method 405. Answered on the HTTP server's own threads, where the store's read may block.
struct MetricsEndpoint: HTTPHandler {
    /// The page at an instant.
    let page: @Sendable (Date) -> String
    let clock: any WaveClock

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/metrics" else {
            return HTTPResponse(status: 404, contentType: "text/plain; charset=utf-8", body: Array("not found\n".utf8))
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return HTTPResponse(
                status: 405, headers: [("Allow", "GET, HEAD")], contentType: "text/plain; charset=utf-8",
                body: Array("only GET\n".utf8))
        }
        return HTTPResponse(
            status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8",
            body: Array(page(clock.now).utf8))
    }

    func refuseOversizedBody(limit: Int) -> HTTPResponse {
        HTTPResponse(status: 413, contentType: "text/plain; charset=utf-8", body: Array("too large\n".utf8))
    }

    func refuseConflictingHeader(_ name: String) -> HTTPResponse {
        HTTPResponse(
            status: 400, contentType: "text/plain; charset=utf-8", body: Array("\(name) given twice\n".utf8))
    }

    /// Reads `ADDRESS:PORT` (an IPv4 address; port 0 lets the kernel choose).
    ///
    /// - Parameter text: The argument of `--metrics`.
    /// - Returns: The server's options, or `nil` when the text is not of that form.
    static func options(_ text: String) -> HTTPServer.Options? {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
            return nil
        }
        var options = HTTPServer.Options()
        options.address = String(text[..<colon])
        options.port = port
        options.threads = 1
        options.connectionLimit = 16
        options.maximumBodyBytes = 0
        options.maximumDiscardedBodyBytes = 0
        return options
    }
}
