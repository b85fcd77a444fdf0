#if canImport(XCTest)
    internal import XCTest
    public import WaveNotificationsTesting

    /// Fails the running XCTest once per rule the report says is broken, each message naming the rule, what the
    /// check did and what differed; and once more when the rules skipped are not those expected.
    ///
    /// XCTest has no parameterized tests: one test method checks every rule, and each broken rule is its own failure.
    ///
    /// - Parameters:
    ///   - report: What ``NotificationCenterConformance/check(rules:makeSubject:)`` found.
    ///   - expected: The rules the subject is expected to skip; `nil` (the default) leaves skips unchecked.
    ///   - file: Where the failures are reported; the caller's file by default.
    ///   - line: The caller's line by default.
    public func assertConforming(
        _ report: ConformanceReport, expectingSkipped expected: Set<ConformanceRule>? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for message in report.failureMessages(expectingSkipped: expected) {
            XCTFail(message, file: file, line: line)
        }
    }
#endif
