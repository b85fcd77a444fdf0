import Foundation
import WaveJSON

#if canImport(Glibc)
    import Glibc
#endif

/// A raw HTTP/1.1 client over one loopback TCP connection per request: it sends exactly the bytes a test asks for
/// (bad UTF-8, a lying length, a chunked body), so the server's own parsing is what is tested.
struct TestHTTPClient {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]

        var json: JSONValue? { try? JSONParser.parse(body) }
        var errorCode: String? {
            if case .string(let code)? = json?.member("error") { code } else { nil }
        }
        var errorField: String? {
            if case .string(let field)? = json?.member("field") { field } else { nil }
        }
        /// The refusal's `problems`, or `nil` when it has none.
        var problems: [String]? {
            guard case .array(let items)? = json?.member("problems") else { return nil }
            return items.compactMap { if case .string(let problem) = $0 { problem } else { nil } }
        }
        var errorMessage: String? {
            if case .string(let message)? = json?.member("message") { message } else { nil }
        }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: UInt16
    /// The server's address: IPv4 or IPv6 loopback.
    var host = "127.0.0.1"

    init(port: UInt16, host: String = "127.0.0.1") {
        self.port = port
        self.host = host
    }

    /// Sends a request and reads the whole answer (the request asks the server to close the connection).
    func send(
        _ method: String, _ target: String, key: String? = nil, contentType: String? = "application/json",
        headers: [String] = [], body: [UInt8] = [], declaredLength: Int? = nil, chunked: Bool = false
    ) throws -> Response {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let key { head += "Authorization: Bearer \(key)\r\n" }
        if let contentType, !body.isEmpty || chunked { head += "Content-Type: \(contentType)\r\n" }
        for header in headers { head += header + "\r\n" }
        var payload: [UInt8]
        if chunked {
            head += "Transfer-Encoding: chunked\r\n\r\n"
            payload = Array(head.utf8)
            var index = 0
            while index < body.count {
                let piece = body[index..<min(index + 1024, body.count)]
                payload += Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8)
                index += piece.count
            }
            payload += Array("0\r\n\r\n".utf8)
        } else {
            if !body.isEmpty || declaredLength != nil {
                head += "Content-Length: \(declaredLength ?? body.count)\r\n"
            }
            head += "\r\n"
            payload = Array(head.utf8) + body
        }
        return try exchange(payload)
    }

    /// Sends a JSON object written by `members`.
    func post(_ path: String, key: String?, _ members: (inout JSONWriter) -> Void) throws -> Response {
        var json = JSONWriter()
        json.beginObject()
        members(&json)
        json.endObject()
        return try send("POST", path, key: key, body: json.takeBytes())
    }

    private func exchange(_ payload: [UInt8]) throws -> Response {
        let descriptor = try connect()
        defer { close(descriptor) }
        Self.write(payload, to: descriptor)
        return try Self.parse(Self.receiveAll(descriptor))
    }

    /// Opens a loopback connection to the server (reads time out after `receiveTimeoutSeconds`).
    func connect(receiveTimeoutSeconds: Int = 10) throws -> Int32 {
        let family = host.contains(":") ? AF_INET6 : AF_INET
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "no socket") }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        if family == AF_INET6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "cannot connect: \(String(cString: strerror(errno)))")
        }
        return descriptor
    }

    /// Sends bytes until done or the peer stops reading (a server may answer and close before reading all of a
    /// body it refuses: its answer is read then).
    @discardableResult
    static func write(_ payload: [UInt8], to descriptor: Int32) -> Int {
        var sent = 0
        while sent < payload.count {
            let count = payload[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { break }
            sent += count
        }
        return sent
    }

    /// Reads until the peer closes, a read fails or the receive timeout passes.
    static func receiveAll(_ descriptor: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[..<count]
        }
        return received
    }

    /// Whether the server closes the connection (or resets it) before the receive timeout without answering.
    static func closedByServer(_ descriptor: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    /// The answer in `bytes`, or a failure when they hold none.
    static func answer(in bytes: [UInt8]) throws -> Response { try parse(bytes) }

    private static func parse(_ bytes: [UInt8]) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw Failure(description: "no answer (\(bytes.count) bytes)")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure(description: "bad status line") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        if let length = headers["content-length"].flatMap({ Int($0) }), length <= body.count {
            body = Array(body[..<length])
        }
        return Response(status: status, headers: headers, body: body)
    }
}
