#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port the kernel gave and took back, with nothing listening on it: a connection to it is refused.
package enum ClosedLoopbackPort {
    /// Binds a socket to 127.0.0.1 port 0, reads the port the kernel chose and closes the socket.
    ///
    /// - Returns: The port.
    /// - Throws: ``ClosedLoopbackPortError`` when no socket can be bound.
    package static func make() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ClosedLoopbackPortError() }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw ClosedLoopbackPortError() }
        return UInt16(bigEndian: address.sin_port)
    }
}

/// No loopback socket could be bound to find a free port.
package struct ClosedLoopbackPortError: Error, CustomStringConvertible {
    package var description: String { "cannot bind a loopback socket to find a free port" }
}
