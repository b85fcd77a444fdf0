/// The usage texts.
enum HelpText {
    static let main = """
        wavepush: GrowBro's push server, for operators

        Usage:
          wavepush replay SCENARIO [--requests] [--db FILE]
                Replays a server scenario: tokens, events, scripted provider answers, opens, time passing.
                Prints one JSON line per decision, then the report. --requests also prints each provider request.
          wavepush report --db FILE --from INSTANT --to INSTANT [--alert-minimum-sends N] [--alert-delivery-rate R]
                Prints the engagement report of a server database over [from, to), and its alerts (defaults:
                below 0.95 over at least 100 measurable sends).
          wavepush well-known CONFIG --out DIR
                Writes DIR/<domain>/.well-known/apple-app-site-association and assetlinks.json per environment.
          wavepush check-well-known CONFIG --environment NAME --url http://127.0.0.1:PORT [--host HOST]
                Checks that a loopback server serves an environment's two files right: 200, no redirect,
                application/json, the expected content.

        Exit codes: 0 ok, 1 a check found problems, 64 usage, 65 bad data, 66 no input, 69 server unavailable,
        74 output not writable. See docs/growbro-server.md.

        """
}
