/// One of GoNow's four activity modes: each has its own scores, toggle, channel and texts.
///
/// The raw value is the mode's id in settings, forecasts, identifiers, channels and deep links.
public enum GoNowMode: String, Hashable, Sendable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// Swimming alone.
    case swimSolo = "swim_solo"
    /// Swimming with the dog.
    case swimDog = "swim_dog"
    /// Running alone.
    case runSolo = "run_solo"
    /// Running with the dog.
    case runDog = "run_dog"

    /// Whether the mode's texts name the dog.
    public var involvesDog: Bool { self == .swimDog || self == .runDog }

    public var description: String { rawValue }

    /// The mode an identifier such as `swim_solo_2026-06-01_best` starts with, if any.
    static func prefixing(_ identifier: String) -> GoNowMode? {
        allCases.first { identifier.hasPrefix($0.rawValue + "_") }
    }

    /// Hashes the case, not its raw value: forecasts key every hour's scores by mode, and hashing the name's bytes
    /// was most of building and reading those tables.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        let ordinal: UInt8
        switch self {
        case .swimSolo: ordinal = 0
        case .swimDog: ordinal = 1
        case .runSolo: ordinal = 2
        case .runDog: ordinal = 3
        }
        hasher.combine(ordinal)
    }

    public static func < (lhs: GoNowMode, rhs: GoNowMode) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
