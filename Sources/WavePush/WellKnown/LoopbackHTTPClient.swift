internal import Foundation
internal import GrowBroServer
internal import WaveCommandLine

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A minimal HTTP/1.1 client for the well-known check: one `GET` over a plain TCP socket to a loopback address,
/// no redirect followed, the status, header fields and body returned as they came.
///
/// Loopback only (`127.0.0.0/8`, `localhost`) and plain HTTP only: the check runs beside the server (or against
/// the origin behind a TLS terminator), never across the network.
struct LoopbackHTTPClient {
    struct Response {
        var status: Int
        var headers: [HTTPHeader]
        var body: [UInt8]
    }

    struct Endpoint {
        var address: String
        var port: UInt16
    }

    /// The loopback address and port of an `http://` URL, or a usage error naming what is wrong.
    static func endpoint(of url: String) throws(UsageError) -> Endpoint {
        guard url.hasPrefix("http://") else {
            throw UsageError(
                "--url '\(url)' must start with http:// (the check speaks plain HTTP to a loopback server)")
        }
        var authority = String(url.dropFirst("http://".count))
        if let slash = authority.firstIndex(of: "/") { authority = String(authority[..<slash]) }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let port = UInt16(parts[1]), port > 0 else {
            throw UsageError("--url '\(url)' needs a host and a port, like http://127.0.0.1:8080")
        }
        let host = parts[0] == "localhost" ? "127.0.0.1" : String(parts[0])
        let octets = host.split(separator: ".").compactMap { UInt8($0) }
        guard octets.count == 4, octets[0] == 127 else {
            throw UsageError("--url '\(url)': only loopback addresses (127.0.0.0/8, localhost) are checked")
        }
        return Endpoint(address: host, port: port)
    }

    /// Sends `GET path` with a `Host` header and reads the whole answer (the server closes the connection).
    static func get(_ path: String, host: String, from endpoint: Endpoint) throws(CommandFailure) -> Response {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw CommandFailure(ExitCode.unavailable, "cannot open a socket") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = endpoint.port.bigEndian
        inet_pton(AF_INET, endpoint.address, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            throw CommandFailure(
                ExitCode.unavailable,
                "cannot connect to \(endpoint.address):\(endpoint.port): \(String(cString: strerror(errno)))")
        }
        let request =
            "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUser-Agent: wavepush\r\nAccept: */*\r\nConnection: close\r\n\r\n"
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw CommandFailure(ExitCode.unavailable, "the server closed the connection") }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                throw CommandFailure(
                    ExitCode.unavailable, "reading the answer failed: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            received += buffer[..<count]
            if received.count > 1 << 20 {
                throw CommandFailure(ExitCode.unavailable, "the answer is larger than 1 MiB")
            }
        }
        return try parse(received)
    }

    /// Parses a whole HTTP/1.1 answer: status line, header fields, body (by `Content-Length`, chunked, or to the end).
    static func parse(_ bytes: [UInt8]) throws(CommandFailure) -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw CommandFailure(ExitCode.unavailable, "the answer is not HTTP: no end of header")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw CommandFailure(ExitCode.unavailable, "the answer is not HTTP: '\(head[0])'")
        }
        var headers: [HTTPHeader] = []
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append(
                HTTPHeader(
                    String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var body = Array(bytes[(end + 4)...])
        if headers.value(named: "transfer-encoding")?.lowercased() == "chunked" {
            body = dechunk(body)
        } else if let length = headers.value(named: "content-length").flatMap({ Int($0) }), length <= body.count {
            body = Array(body[..<length])
        }
        return Response(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var body: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].firstIndex(of: 10) else { break }
            let sizeText =
                String(decoding: bytes[index..<lineEnd], as: UTF8.self)
                .split(separator: ";").first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard let size = Int(sizeText, radix: 16), size > 0 else { break }
            let start = lineEnd + 1
            guard start + size <= bytes.count else { break }
            body += bytes[start..<(start + size)]
            index = start + size + 2
        }
        return body
    }
}
