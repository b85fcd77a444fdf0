internal import Foundation
internal import WaveCommandLine
internal import WaveLinuxAdapter
internal import WaveNotifications

/// One output fact of an app replay, as ordered fields: written as a JSON object in that key order, or as text.
struct AppOutputLine: Sendable, Equatable {
    /// A field's value.
    enum Value: Sendable, Equatable {
        case string(String)
        case integer(Int)
        case decimal(Double)
        case bool(Bool)
        case null
        case instant(Date)
        case object([(String, Value)])
        case array([Value])

        static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.string(let a), .string(let b)): return a == b
            case (.integer(let a), .integer(let b)): return a == b
            case (.decimal(let a), .decimal(let b)): return a == b
            case (.bool(let a), .bool(let b)): return a == b
            case (.null, .null): return true
            case (.instant(let a), .instant(let b)): return a == b
            case (.object(let a), .object(let b)):
                return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
            case (.array(let a), .array(let b)): return a == b
            default: return false
            }
        }
    }

    /// The line's `type` (`delivered`, `suppressed`, …).
    var type: String
    /// The fields after `type`, in output order.
    var fields: [(String, Value)]
    /// The request the line is about, for the text timeline's forms that show more of it than the JSON line has
    /// (WorldWideWaves' event and trigger); never written as JSON.
    var request: NotificationRequest?
    /// Whether the line is for people only (WorldWideWaves' action lines): `--format json` leaves it out.
    var isTextOnly = false
    /// The delivery whose line the Linux adapter's ``JSONLinesSink`` writes, when another writer writes the line's
    /// JSON (WorldWideWaves' deliveries are that sink's JSON Lines); `nil` writes the fields.
    var delivery: NotificationDelivery?
    /// The fields added by ``append(_:)`` to a line the sink writes, written after the sink's members.
    private(set) var appendedToDelivery: [(String, Value)] = []
    /// Fields only the text timeline shows (WorldWideWaves' failed deliveries), never written as JSON.
    var textOnlyFields: [(String, Value)] = []

    /// Creates a line.
    ///
    /// - Parameters:
    ///   - type: The line's type.
    ///   - fields: The fields after `type`, in order.
    ///   - request: The request it is about, for the text timeline.
    ///   - isTextOnly: Whether JSON leaves it out.
    ///   - delivery: The delivery whose line ``JSONLinesSink`` writes, when that writer writes the line's JSON.
    init(
        type: String, fields: [(String, Value)], request: NotificationRequest? = nil, isTextOnly: Bool = false,
        delivery: NotificationDelivery? = nil
    ) {
        self.type = type
        self.fields = fields
        self.request = request
        self.isTextOnly = isTextOnly
        self.delivery = delivery
    }

    static func == (lhs: AppOutputLine, rhs: AppOutputLine) -> Bool {
        lhs.type == rhs.type && Value.object(lhs.fields) == Value.object(rhs.fields)
    }

    /// Adds fields at the end of the line, in its JSON too when another writer writes it (a device's `dueAt`,
    /// `delay`, `toldAt` and `quiet` on a delivery).
    ///
    /// - Parameter extra: The fields, in order.
    mutating func append(_ extra: [(String, Value)]) {
        guard !extra.isEmpty else { return }
        fields += extra
        if delivery != nil {
            appendedToDelivery += extra
        }
    }

    /// The value of a field, for tests and the text format.
    subscript(key: String) -> Value? {
        fields.first { $0.0 == key }?.1
    }
}
