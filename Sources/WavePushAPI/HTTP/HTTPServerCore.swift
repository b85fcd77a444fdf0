internal import CMicroHTTPD
internal import Foundation
internal import WaveNotifications

/// The part of ``HTTPServer`` libmicrohttpd calls back into: its context pointer. Every stored property is a
/// constant or behind a lock, so it is `@unchecked Sendable`; the library calls it on several threads at once.
final class HTTPServerCore: @unchecked Sendable {
    /// One request's state between the library's calls: its body so far; owned by the library's request context
    /// (retained there, released when the library reports the request completed).
    final class PendingRequest {
        var body: [UInt8] = []
        var oversized = false
    }

    private struct State {
        var inProgress = 0
        var closing = false
        var connections = 0
        var refusedConnections: UInt64 = 0
    }

    let handler: any HTTPHandler
    let maximumBodyBytes: Int
    let maximumDiscardedBodyBytes: Int
    let connectionLimit: Int
    private let state = WaveLock(State())

    init(handler: any HTTPHandler, maximumBodyBytes: Int, maximumDiscardedBodyBytes: Int, connectionLimit: Int) {
        self.handler = handler
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumDiscardedBodyBytes = maximumDiscardedBodyBytes
        self.connectionLimit = connectionLimit
    }

    /// The connections open now.
    var openConnections: Int { state.withLock { $0.connections } }

    /// The connections closed unanswered since the start, the limit being reached.
    var refusedConnections: UInt64 { state.withLock { $0.refusedConnections } }

    /// The library's question about each connection it accepts: closed at once (no) when the limit is reached, so
    /// a flood of connections is refused rather than left waiting in the kernel's queue.
    static let acceptPolicy: MHD_AcceptPolicyCallback = { context, _, _ in
        guard let context else { return wave_mhd_no }
        let core = Unmanaged<HTTPServerCore>.fromOpaque(context).takeUnretainedValue()
        return core.state.withLock { state in
            guard state.connections < core.connectionLimit else {
                state.refusedConnections += 1
                return false
            }
            return true
        } ? wave_mhd_yes : wave_mhd_no
    }

    /// The library's notice of a connection started or closed: the count the accept policy reads.
    static let connectionNotice: MHD_NotifyConnectionCallback = { context, _, _, code in
        guard let context else { return }
        let core = Unmanaged<HTTPServerCore>.fromOpaque(context).takeUnretainedValue()
        let change = code == wave_mhd_connection_started ? 1 : -1
        core.state.withLock { $0.connections += change }
    }

    var requestsInProgress: Int { state.withLock { $0.inProgress } }

    func beginClosing() {
        state.withLock { $0.closing = true }
    }

    /// The library's access handler: called first with the headers, then with each piece of the body, then once
    /// more with none left, when the answer is queued.
    static let accessHandler: MHD_AccessHandlerCallback = {
        context, connection, url, method, _, uploadData, uploadSize, requestContext in
        guard let context, let connection, let uploadSize, let requestContext else { return wave_mhd_no }
        let core = Unmanaged<HTTPServerCore>.fromOpaque(context).takeUnretainedValue()
        return core.handle(
            connection: connection, url: url, method: method, uploadData: uploadData, uploadSize: uploadSize,
            requestContext: requestContext)
    }

    /// The library's completion notice: the request's state is released and it no longer counts as in progress.
    static let completedHandler: MHD_RequestCompletedCallback = { context, _, requestContext, _ in
        guard let context, let requestContext, let pending = requestContext.pointee else { return }
        requestContext.pointee = nil
        Unmanaged<PendingRequest>.fromOpaque(pending).release()
        let core = Unmanaged<HTTPServerCore>.fromOpaque(context).takeUnretainedValue()
        core.state.withLock { $0.inProgress -= 1 }
    }

    private func handle(
        connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let opaque = requestContext.pointee else {
            // The first call: the header is in. Two lengths are refused here; a declared body above the limit is
            // refused now when beyond the discard bound, else once it is read and dropped.
            let pending = PendingRequest()
            requestContext.pointee = Unmanaged.passRetained(pending).toOpaque()
            state.withLock { $0.inProgress += 1 }
            // Two lengths: the library reads the first, a proxy may have framed the body by the other. Two keys:
            // which one the request acts under would be a guess.
            let fields = Self.values(connection, wave_mhd_header_kind, lowercased: true).all
            for (field, name) in [("content-length", "Content-Length"), ("authorization", "Authorization")]
            where Set(fields[field] ?? []).count > 1 {
                return queue(handler.refuseConflictingHeader(name), on: connection)
            }
            if let length = Self.value(connection, wave_mhd_header_kind, "Content-Length").flatMap({ Int($0) }),
                length > maximumBodyBytes
            {
                // Read and dropped up to a bound, so a sender still sending reads the 413 rather than a reset; a
                // larger one, or one waiting for `100 Continue`, is answered now and the connection closed.
                let expect = Self.value(connection, wave_mhd_header_kind, "Expect")?.lowercased()
                guard length <= maximumDiscardedBodyBytes, expect != "100-continue" else {
                    return queue(handler.refuseOversizedBody(limit: maximumBodyBytes), on: connection)
                }
                pending.oversized = true
            }
            return wave_mhd_yes
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(opaque).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            // A piece of the body; past the limit the rest is read and dropped. A chunked body declares no length,
            // and libmicrohttpd (0.9.75) takes no answer in the middle of a body: it is dropped to its end.
            if !pending.oversized, let uploadData {
                if pending.body.count + uploadSize.pointee > maximumBodyBytes {
                    pending.oversized = true
                    pending.body = []
                } else {
                    uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) { bytes in
                        pending.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: uploadSize.pointee))
                    }
                }
            }
            uploadSize.pointee = 0
            return wave_mhd_yes
        }
        if pending.oversized { return queue(handler.refuseOversizedBody(limit: maximumBodyBytes), on: connection) }
        let query = Self.values(connection, wave_mhd_query_kind, lowercased: false)
        let request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "",
            query: query.first, repeatedQueryArguments: query.all.filter { $0.value.count > 1 }.keys.sorted(),
            headers: Self.values(connection, wave_mhd_header_kind, lowercased: true).first, body: pending.body)
        return queue(handler.respond(to: request), on: connection)
    }

    private func queue(_ answer: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let response = answer.body.withUnsafeBytes { bytes in
            wave_mhd_response_copying(bytes.baseAddress, bytes.count)
        }
        guard let response else { return wave_mhd_no }
        defer { MHD_destroy_response(response) }
        MHD_add_response_header(response, "Content-Type", answer.contentType)
        for header in answer.headers { MHD_add_response_header(response, header.name, header.value) }
        if state.withLock({ $0.closing }) { MHD_add_response_header(response, "Connection", "close") }
        return MHD_queue_response(connection, UInt32(answer.status), response)
    }

    private static func value(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, kind, name).map { String(cString: $0) }
    }

    /// Every value of a kind (header fields or query arguments), by name in the order given (`all`), and the first
    /// of each name (`first`).
    private static func values(
        _ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercased: Bool
    ) -> (first: [String: String], all: [String: [String]]) {
        final class Collected {
            var values: [String: [String]] = [:]
            var lowercased = false
        }
        let collected = Collected()
        collected.lowercased = lowercased
        withExtendedLifetime(collected) {
            _ = MHD_get_connection_values(
                connection, kind,
                { context, _, key, value in
                    guard let context, let key else { return wave_mhd_yes }
                    let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                    var name = String(cString: key)
                    if collected.lowercased { name = name.lowercased() }
                    collected.values[name, default: []].append(value.map { String(cString: $0) } ?? "")
                    return wave_mhd_yes
                }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return (collected.values.compactMapValues(\.first), collected.values)
    }
}
