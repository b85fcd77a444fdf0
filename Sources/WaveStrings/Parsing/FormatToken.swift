/// A piece of a translation value as printf would see it.
enum FormatToken: Hashable, Sendable {
    /// Text printed as is.
    case literal(String)
    /// `%%`, which prints one `%`.
    case percentSign
    /// A directive that consumes an argument.
    case specifier(FormatSpecifier)
    /// A `%` that starts no valid directive, kept as typed (`50% off`, a trailing `%`).
    case strayPercent(String)
}
