/// A help text in the one layout both tools print: `OVERVIEW:`, `USAGE:`, titled sections of terms and their
/// descriptions (descriptions start at column 27, continuation lines under them; a longer term on a line of its own),
/// and `EXIT STATUS:`.
///
/// Descriptions are given already wrapped, one string per line, so that a help reads as it was written.
package struct CommandHelp: Sendable {
    /// One entry of a section: a term (`--speed <n>`, `replay <file>`) and its description's lines; a row without a
    /// term is plain text, indented like the terms.
    package struct Row: Sendable {
        /// The term; `nil` for plain text.
        package var term: String?
        /// The description, one string per line.
        package var lines: [String]

        /// A term and its description.
        ///
        /// - Parameters:
        ///   - term: The term.
        ///   - lines: Its description, one string per line.
        package init(_ term: String, _ lines: String...) {
            self.term = term
            self.lines = lines
        }

        /// Plain text lines.
        ///
        /// - Parameter lines: The lines.
        package init(text lines: String...) {
            self.term = nil
            self.lines = lines
        }
    }

    /// A titled part of the help (`SUBCOMMANDS`, `ARGUMENTS`, `OPTIONS`, `OUTPUT`).
    package struct Section: Sendable {
        /// The title, without its colon.
        package var title: String
        /// The entries.
        package var rows: [Row]

        /// Creates a section.
        ///
        /// - Parameters:
        ///   - title: The title.
        ///   - rows: The entries.
        package init(_ title: String, _ rows: [Row]) {
            self.title = title
            self.rows = rows
        }
    }

    /// The column descriptions start at, after two spaces of indent.
    static let termWidth = 24

    /// One sentence on what the command does.
    package var overview: String
    /// The usage lines, each after `USAGE:` or under it.
    package var usage: [String]
    /// The sections, in order.
    package var sections: [Section]
    /// The exit statuses, already wrapped.
    package var exitStatus: [String]
    /// A last line (`See 'wavesim replay --help' …`), if any.
    package var footer: String?

    /// Creates a help text.
    ///
    /// - Parameters:
    ///   - overview: What the command does.
    ///   - usage: The usage lines.
    ///   - sections: The sections.
    ///   - exitStatus: The exit statuses' lines.
    ///   - footer: A last line.
    package init(
        overview: String, usage: [String], sections: [Section], exitStatus: [String] = [], footer: String? = nil
    ) {
        self.overview = overview
        self.usage = usage
        self.sections = sections
        self.exitStatus = exitStatus
        self.footer = footer
    }

    /// The text: each section followed by a blank line, the last line ending with a newline.
    package var text: String {
        var lines = ["OVERVIEW: \(overview)", ""]
        lines.append("USAGE: " + (usage.first ?? ""))
        lines += usage.dropFirst().map { "       " + $0 }
        lines.append("")
        for section in sections {
            lines.append("\(section.title):")
            for row in section.rows {
                guard let term = row.term else {
                    lines += row.lines.map { "  " + $0 }
                    continue
                }
                let indent = String(repeating: " ", count: 2 + Self.termWidth)
                // A term too long for its column stands on its own line, its description under it.
                guard term.count <= Self.termWidth - 2 else {
                    lines.append("  " + term)
                    lines += row.lines.map { indent + $0 }
                    continue
                }
                let padding = String(repeating: " ", count: Self.termWidth - term.count)
                lines.append("  " + term + padding + (row.lines.first ?? ""))
                lines += row.lines.dropFirst().map { indent + $0 }
            }
            lines.append("")
        }
        if !exitStatus.isEmpty {
            lines.append("EXIT STATUS:")
            lines += exitStatus.map { "  " + $0 }
            lines.append("")
        }
        if let footer {
            lines.append(footer)
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
