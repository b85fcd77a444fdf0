extension Duration {
    /// This duration in whole milliseconds, the rest dropped toward zero: the one conversion for a timeout or delay
    /// that a C library (`poll`, SQLite's busy timeout, curl, libdbus) or a store's millisecond instants take.
    package var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
