/// The parsed contents of one `.strings` file.
///
/// When a key is defined more than once, the FIRST definition wins (as Xcode does when it compiles a
/// table: "Value … kept. Value … ignored."); ``duplicates`` lists the later ones so the lint can report them.
public struct StringsTable: Hashable, Sendable {
    /// The name the file was parsed under, used in messages.
    public var file: String
    /// Every pair in file order, duplicates included.
    public var entries: [StringsEntry]

    private var firstIndexByKey: [String: Int]

    /// Creates a table from pairs in file order.
    ///
    /// - Parameters:
    ///   - file: The name used in messages.
    ///   - entries: The pairs in file order.
    public init(file: String, entries: [StringsEntry]) {
        self.file = file
        self.entries = entries
        var firstIndexByKey: [String: Int] = [:]
        for (index, entry) in entries.enumerated() where firstIndexByKey[entry.key] == nil {
            firstIndexByKey[entry.key] = index
        }
        self.firstIndexByKey = firstIndexByKey
    }

    /// The keys in the order of their first definition.
    public var keys: [String] {
        entries.indices.filter { firstIndexByKey[entries[$0].key] == $0 }.map { entries[$0].key }
    }

    /// The value of every key, the first definition winning.
    public var values: [String: String] {
        firstIndexByKey.mapValues { entries[$0].value }
    }

    /// The definitions that repeat an earlier key, which the table ignores.
    public var duplicates: [StringsEntry] {
        entries.indices.filter { firstIndexByKey[entries[$0].key] != $0 }.map { entries[$0] }
    }

    /// The definition that counts for `key`.
    ///
    /// - Parameter key: The key to look up.
    /// - Returns: The first definition of `key`, or `nil` when the file does not define it.
    public func entry(forKey key: String) -> StringsEntry? {
        firstIndexByKey[key].map { entries[$0] }
    }
}
