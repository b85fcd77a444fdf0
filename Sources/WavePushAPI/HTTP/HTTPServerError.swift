/// Why an ``HTTPServer`` could not start.
package enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The listen address is not an IPv4 or IPv6 address (`127.0.0.1`, `0.0.0.0`, `::1`, `::`).
    case invalidAddress(String)
    /// libmicrohttpd refused to start: the port is taken, the address is not this machine's, or resources ran out.
    case cannotListen(address: String, port: UInt16)

    package var description: String {
        switch self {
        case .invalidAddress(let address):
            "listen: '\(address)' is not an IP address (like 127.0.0.1 or ::1)"
        case .cannotListen(let address, let port):
            "listen: cannot listen on \(address):\(port) (the port is taken or the address is not this machine's)"
        }
    }
}
