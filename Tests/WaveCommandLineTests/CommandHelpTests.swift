import Testing
import WaveCommandLine

/// ``CommandHelp``: the one help layout.
struct CommandHelpTests {
    @Test func termsAlignAndALongTermStandsOnItsOwnLine() {
        let help = CommandHelp(
            overview: "Do a thing.", usage: ["tool run <file>", "[--fast]"],
            sections: [
                .init(
                    "OPTIONS",
                    [
                        .init("--fast", "Go fast,", "or faster."),
                        .init("--a-very-long-option <n>", "Explained."),
                    ]),
                .init("OUTPUT", [.init(text: "One line each.")]),
            ],
            exitStatus: ["0 success."], footer: "See the docs.")
        #expect(
            help.text == """
                OVERVIEW: Do a thing.

                USAGE: tool run <file>
                       [--fast]

                OPTIONS:
                  --fast                  Go fast,
                                          or faster.
                  --a-very-long-option <n>
                                          Explained.

                OUTPUT:
                  One line each.

                EXIT STATUS:
                  0 success.

                See the docs.

                """)
    }
}
