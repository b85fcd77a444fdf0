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

          wavepush dispatch CONFIG [--db FILE]
                Sends what is due in a server database over HTTP/2 to APNs and FCM, then waits for the next due
                instant or a new send; one JSON line per decision. SIGTERM or SIGINT: the requests in flight
                finish and are recorded, then it exits 0.
          wavepush send-test CONFIG --platform apns|fcm --token TOKEN [--environment production|sandbox]
                  [--title TEXT] [--body TEXT]
                Pushes one notification to one token and prints the request (credential hidden), the provider's
                answer and the decision: exit 0 accepted, 1 refused, 69 no answer.

        Exit codes: 0 ok, 1 a check found problems, 64 usage, 65 bad data, 66 no input, 69 server unavailable,
        74 output not writable. See docs/growbro-server.md.

        """
}
