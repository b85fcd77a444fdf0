/// What ``NotificationCenterConformance/check(rules:makeSubject:)`` found: each rule checked passed, failed or was
/// skipped.
public struct ConformanceReport: Hashable, Sendable, CustomStringConvertible {
    /// The rules the center follows, in the order checked.
    public var passed: [ConformanceRule]
    /// The rules the center breaks, in the order checked, each with what differed.
    public var failures: [ConformanceFailure]
    /// The rules not checked, each with why (the subject lacks what the rule needs, or the center keeps no counts).
    public var skipped: [ConformanceSkip]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - passed: The rules followed.
    ///   - failures: The rules broken.
    ///   - skipped: The rules not checked.
    public init(passed: [ConformanceRule] = [], failures: [ConformanceFailure] = [], skipped: [ConformanceSkip] = []) {
        self.passed = passed
        self.failures = failures
        self.skipped = skipped
    }

    /// Whether no rule checked was broken (skipped rules do not count either way).
    public var isConforming: Bool { failures.isEmpty }

    /// The rules broken.
    public var failedRules: Set<ConformanceRule> { Set(failures.map(\.rule)) }

    /// The rules not checked.
    public var skippedRules: Set<ConformanceRule> { Set(skipped.map(\.rule)) }

    /// One line per rule: `FAIL <rule>: <detail>`, `skip <rule>: <reason>`, then `pass <rule>`.
    public var description: String {
        (failures.map { "FAIL \($0.rule): \($0.detail)" } + skipped.map { "skip \($0.rule): \($0.reason)" }
            + passed.map { "pass \($0)" }).joined(separator: "\n")
    }
}

/// A rule a center breaks: each time it differed from the rule, with what the check did.
public struct ConformanceFailure: Hashable, Sendable, CustomStringConvertible {
    /// The rule broken.
    public var rule: ConformanceRule
    /// Each way the center differed from the rule, in the order found (at least one).
    public var problems: [ConformanceProblem]

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - rule: The rule broken.
    ///   - problems: How the center differed, with what was done.
    public init(rule: ConformanceRule, problems: [ConformanceProblem]) {
        self.rule = rule
        self.problems = problems
    }

    /// The problems on one line, `after <what was done>: <what was found>; expected <what the rule expects>`, joined
    /// by ` | `.
    public var detail: String { problems.map(\.description).joined(separator: " | ") }

    /// `<rule>: <detail>`.
    public var description: String { "\(rule): \(detail)" }

    /// The failure for a person reading a test's output: the rule's name and summary, then each problem on three
    /// lines (what was done, what the center did, what the rule expects).
    public var message: String {
        (["\(rule) broken (\(rule.summary))"]
            + problems.map { "- did: \($0.done)\n  found: \($0.found)\n  expected: \($0.expected)" })
            .joined(separator: "\n")
    }
}

/// One way a center differed from a rule: what the check did, what the center answered or showed, and what the rule
/// expects.
public struct ConformanceProblem: Hashable, Sendable, CustomStringConvertible {
    /// What the check did, the calls in order (`add([a@100, b@200]), removePending(identifiers: [])`).
    public var done: String
    /// What the center answered, showed or threw.
    public var found: String
    /// What the rule expects instead.
    public var expected: String

    /// Creates a problem.
    ///
    /// - Parameters:
    ///   - done: What the check did.
    ///   - found: What the center did.
    ///   - expected: What the rule expects.
    public init(done: String, found: String, expected: String) {
        self.done = done
        self.found = found
        self.expected = expected
    }

    /// `after <done>: <found>; expected <expected>`.
    public var description: String { "after \(done): \(found); expected \(expected)" }
}

/// A rule not checked, and why.
public struct ConformanceSkip: Hashable, Sendable, CustomStringConvertible {
    /// The rule not checked.
    public var rule: ConformanceRule
    /// Why, for a person to read.
    public var reason: String

    /// Creates a skip.
    ///
    /// - Parameters:
    ///   - rule: The rule not checked.
    ///   - reason: Why.
    public init(rule: ConformanceRule, reason: String) {
        self.rule = rule
        self.reason = reason
    }

    /// `<rule>: <reason>`.
    public var description: String { "\(rule): \(reason)" }
}

extension ConformanceReport {
    /// One message per rule broken (``ConformanceFailure/message``: its name and summary, what the check did, what
    /// differed), then one when the rules skipped are not the ones expected: what a test framework records.
    ///
    /// - Parameter expected: The rules the subject is expected to skip (of those checked: a rule not run is not
    ///   compared); `nil` leaves skips unchecked.
    /// - Returns: The messages, empty when the center conforms (and skipped what was expected).
    public func failureMessages(expectingSkipped expected: Set<ConformanceRule>? = nil) -> [String] {
        var messages = failures.map(\.message)
        guard let expected else { return messages }
        let checked = Set(passed).union(failedRules).union(skippedRules)
        let unexpected = skipped.filter { !expected.contains($0.rule) }
        let ran = checked.intersection(expected).subtracting(skippedRules)
        guard !unexpected.isEmpty || !ran.isEmpty else { return messages }
        messages.append(
            (["skipped rules differ from those expected"]
                + unexpected.map { "- skipped, not expected: \($0.rule) (\($0.reason))" }
                + ran.sorted { $0.rawValue < $1.rawValue }.map { "- expected skipped, but checked: \($0)" })
                .joined(separator: "\n"))
        return messages
    }
}
