/// Splits a translation value into literal text, `%%`, directives and stray `%` signs.
///
/// The grammar is the printf one Apple's `String(format:)` accepts:
/// `%[position$][flags][width][.precision][length]conversion`. The lint uses the result to check
/// placeholders; ``MessageTemplate`` uses it to pre-parse a value into segments.
enum FormatScanner {
    private static let flags: Set<Unicode.Scalar> = ["-", "+", " ", "#", "0", "'"]
    private static let conversions: Set<Unicode.Scalar> = [
        "@", "d", "D", "i", "u", "U", "x", "X", "o", "O", "f", "F", "e", "E", "g", "G", "a", "A",
        "c", "C", "s", "S", "p", "n",
    ]
    private static let lengthModifiers: [String] = ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"]

    /// Scans `value` into tokens; adjacent literal text is merged into one token.
    ///
    /// - Parameter value: A translation value, escapes already decoded.
    /// - Returns: The tokens in order; concatenating their typed text gives back `value`.
    static func tokens(in value: String) -> [FormatToken] {
        let scalars = Array(value.unicodeScalars)
        var tokens: [FormatToken] = []
        var literal = String.UnicodeScalarView()
        var index = 0

        func flushLiteral() {
            if !literal.isEmpty {
                tokens.append(.literal(String(literal)))
                literal = String.UnicodeScalarView()
            }
        }

        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "%" else {
                literal.append(scalar)
                index += 1
                continue
            }
            if index + 1 < scalars.count, scalars[index + 1] == "%" {
                flushLiteral()
                tokens.append(.percentSign)
                index += 2
                continue
            }
            flushLiteral()
            if let (specifier, end) = specifier(in: scalars, at: index) {
                tokens.append(.specifier(specifier))
                index = end
            } else {
                tokens.append(.strayPercent("%"))
                index += 1
            }
        }
        flushLiteral()
        return tokens
    }

    /// Parses the directive whose `%` is at `start`, or returns `nil` when none starts there.
    private static func specifier(in scalars: [Unicode.Scalar], at start: Int) -> (FormatSpecifier, Int)? {
        var index = start + 1
        var position: Int?
        var hasModifiers = false

        // Digits followed by `$` are a position; digits without `$` are a width, parsed below.
        var digitsEnd = index
        while digitsEnd < scalars.count, isDigit(scalars[digitsEnd]) { digitsEnd += 1 }
        if digitsEnd > index, digitsEnd < scalars.count, scalars[digitsEnd] == "$" {
            position = Int(String(String.UnicodeScalarView(scalars[index..<digitsEnd]))) ?? Int.max
            index = digitsEnd + 1
        }
        while index < scalars.count, flags.contains(scalars[index]) {
            hasModifiers = true
            index += 1
        }
        index = skipCount(in: scalars, from: index, modified: &hasModifiers)
        if index < scalars.count, scalars[index] == "." {
            hasModifiers = true
            index = skipCount(in: scalars, from: index + 1, modified: &hasModifiers)
        }
        var conversion = ""
        for modifier in lengthModifiers where matches(modifier, in: scalars, at: index) {
            conversion = modifier
            index += modifier.unicodeScalars.count
            break
        }
        guard index < scalars.count, conversions.contains(scalars[index]) else { return nil }
        conversion.unicodeScalars.append(scalars[index])
        index += 1
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        return (
            FormatSpecifier(text: text, position: position, conversion: conversion, hasModifiers: hasModifiers),
            index
        )
    }

    /// Skips a width or precision: digits, or `*` optionally followed by `n$`.
    private static func skipCount(in scalars: [Unicode.Scalar], from start: Int, modified: inout Bool) -> Int {
        var index = start
        if index < scalars.count, scalars[index] == "*" {
            modified = true
            index += 1
            var digitsEnd = index
            while digitsEnd < scalars.count, isDigit(scalars[digitsEnd]) { digitsEnd += 1 }
            if digitsEnd > index, digitsEnd < scalars.count, scalars[digitsEnd] == "$" { index = digitsEnd + 1 }
            return index
        }
        while index < scalars.count, isDigit(scalars[index]) {
            modified = true
            index += 1
        }
        return index
    }

    private static func matches(_ text: String, in scalars: [Unicode.Scalar], at start: Int) -> Bool {
        var index = start
        for scalar in text.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar >= "0" && scalar <= "9"
    }
}
