/// One printf-style directive found in a translation value, such as `%1$@` or `%d`.
struct FormatSpecifier: Hashable, Sendable {
    /// The directive exactly as typed, for example `%1$@` or `%-5ld`.
    var text: String
    /// The 1-based argument position of a `%n$…` directive; `nil` when the directive is unnumbered.
    var position: Int?
    /// The length modifier and conversion, for example `@`, `d` or `ld`.
    var conversion: String
    /// Whether the directive carries flags, a width or a precision (`%1$-5@`).
    var hasModifiers: Bool

    /// Whether this is a plain `%n$@` (n ≥ 1): the only kind the resolver substitutes.
    var isPositionalObject: Bool {
        guard let position else { return false }
        return position >= 1 && conversion == "@" && !hasModifiers
    }

    /// Whether the conversion prints a C string (`%s`, `%1$S`, `%ls`), which the tables must never use.
    var isCString: Bool {
        conversion.last == "s" || conversion.last == "S"
    }
}
