/// A recurrence rule that cannot be built, with the reason in words.
public enum RecurrenceRuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A daily rule was given no time.
    case noTimes
    /// A daily rule was given more than 12 distinct times; the count given.
    case tooManyTimes(Int)
    /// An interval rule was given a step other than 1, 2, 3, 4, 6, 8 or 12 hours; the step given.
    case unsupportedInterval(hours: Int)

    /// The hour steps an interval rule accepts: the divisors of 24 up to 12.
    public static let supportedIntervalHours: [Int] = [1, 2, 3, 4, 6, 8, 12]

    /// The most local times a daily rule takes.
    public static let maximumDailyTimes = 12

    public var description: String {
        switch self {
        case .noTimes:
            return "daily: no time given; a daily rule takes 1–12 local times"
        case .tooManyTimes(let count):
            return "daily: \(count) distinct times given; a daily rule takes 1–12 local times"
        case .unsupportedInterval(let hours):
            return "interval: every \(hours) hours is not supported; the step must be 1, 2, 3, 4, 6, 8 or 12 hours"
        }
    }
}
