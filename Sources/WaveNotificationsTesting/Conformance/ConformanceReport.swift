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

/// A rule a center breaks, and what differed.
public struct ConformanceFailure: Hashable, Sendable, CustomStringConvertible {
    /// The rule broken.
    public var rule: ConformanceRule
    /// What the center did and what the rule expected (or the call that threw), for a person to read.
    public var detail: String

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - rule: The rule broken.
    ///   - detail: What differed.
    public init(rule: ConformanceRule, detail: String) {
        self.rule = rule
        self.detail = detail
    }

    /// `<rule>: <detail>`.
    public var description: String { "\(rule): \(detail)" }
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
