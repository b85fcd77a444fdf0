#if canImport(Testing)
    public import Testing
    public import WaveNotificationsTesting

    extension ConformanceReport {
        /// Records each rule broken as an issue of the running Swift Testing test, its message naming the rule,
        /// what the check did and what differed; and one more when the rules skipped are not those expected.
        ///
        /// - Parameters:
        ///   - expected: The rules the subject is expected to skip; `nil` (the default) leaves skips unchecked.
        ///   - sourceLocation: Where the issues are recorded; the caller's line by default.
        public func recordIssues(
            expectingSkipped expected: Set<ConformanceRule>? = nil, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            for message in failureMessages(expectingSkipped: expected) {
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
        }
    }

    extension NotificationCenterConformance {
        /// Runs rules of the contract and records each rule broken as an issue of the running Swift Testing test:
        /// the body of a test parameterized over ``ConformanceRule/allCases``, one rule per test case.
        ///
        /// - Parameters:
        ///   - rules: The rules to run; every rule by default.
        ///   - expected: The rules the subject is expected to skip (those of `rules`); `nil` leaves skips unchecked.
        ///   - sourceLocation: Where the issues are recorded; the caller's line by default.
        ///   - makeSubject: Makes a fresh center, as for ``NotificationCenterConformance/check(rules:makeSubject:)``.
        /// - Returns: The report, for further expectations.
        @discardableResult
        public static func expectConformance(
            rules: [ConformanceRule] = ConformanceRule.allCases, expectingSkipped expected: Set<ConformanceRule>? = nil,
            sourceLocation: SourceLocation = #_sourceLocation,
            makeSubject: (ManualWaveClock) async throws -> ConformanceSubject
        ) async -> ConformanceReport {
            let report = await check(rules: rules, makeSubject: makeSubject)
            report.recordIssues(expectingSkipped: expected, sourceLocation: sourceLocation)
            return report
        }
    }
#endif
