/// Triggers encode as `{"kind": "eventStarting", "seconds": 3600, "attoseconds": 0}`, `{"kind": "eventFinished"}`
/// or `{"kind": "waveHit"}`: exact for any duration, unlike the minute-rounded ``NotificationTrigger/id``.
extension NotificationTrigger: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, seconds, attoseconds
    }

    private enum Kind: String, Codable {
        case eventStarting, eventFinished, waveHit
    }

    /// Decodes a trigger written by ``encode(to:)``.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the kind is unknown or a duration field is missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .eventStarting:
            let seconds = try container.decode(Int64.self, forKey: .seconds)
            let attoseconds = try container.decodeIfPresent(Int64.self, forKey: .attoseconds) ?? 0
            self = .eventStarting(Duration(secondsComponent: seconds, attosecondsComponent: attoseconds))
        case .eventFinished:
            self = .eventFinished
        case .waveHit:
            self = .waveHit
        }
    }

    /// Encodes the trigger's kind and, for reminders, its exact duration.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .eventStarting(let duration):
            try container.encode(Kind.eventStarting, forKey: .kind)
            try container.encode(duration.components.seconds, forKey: .seconds)
            try container.encode(duration.components.attoseconds, forKey: .attoseconds)
        case .eventFinished:
            try container.encode(Kind.eventFinished, forKey: .kind)
        case .waveHit:
            try container.encode(Kind.waveHit, forKey: .kind)
        }
    }
}
