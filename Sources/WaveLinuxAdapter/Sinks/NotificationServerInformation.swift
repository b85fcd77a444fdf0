/// What the desktop's notification server says about itself.
public struct NotificationServerInformation: Hashable, Sendable {
    /// The server's name, for example `dunst`.
    public var name: String
    /// Its vendor.
    public var vendor: String
    /// Its version.
    public var version: String
    /// The version of the Desktop Notifications Specification it implements.
    public var specificationVersion: String
    /// Its capabilities, for example `actions`, `body` and `body-markup`.
    public var capabilities: Set<String>

    /// Creates server information.
    ///
    /// - Parameters:
    ///   - name: The server's name.
    ///   - vendor: Its vendor.
    ///   - version: Its version.
    ///   - specificationVersion: The specification version it implements.
    ///   - capabilities: Its capabilities.
    public init(name: String, vendor: String, version: String, specificationVersion: String, capabilities: Set<String>)
    {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specificationVersion = specificationVersion
        self.capabilities = capabilities
    }
}
