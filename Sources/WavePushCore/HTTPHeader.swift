/// One HTTP header field: a name (compared without case) and its value.
public struct HTTPHeader: Hashable, Sendable {
    /// The field's name, as written (HTTP/2 sends it lowercased).
    public var name: String
    /// The field's value.
    public var value: String

    /// Creates a header field.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - value: The value.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension [HTTPHeader] {
    /// The value of the first field named `name`, compared without case.
    ///
    /// - Parameter name: The field's name.
    /// - Returns: Its value, or `nil` when absent.
    public func value(named name: String) -> String? {
        first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
