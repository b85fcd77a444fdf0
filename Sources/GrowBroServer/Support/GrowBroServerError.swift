/// Input the server refuses, naming what is wrong; nothing stored changes when one is thrown.
///
/// Message texts (a reply's words) never appear in a description: only ids, tokens and field names.
public enum GrowBroServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A field's value does not have the expected form (`field` names it, `expected` says what is allowed).
    case invalidValue(field: String, value: String, expected: String)
    /// A platform other than `apns` or `fcm`.
    case unknownPlatform(String)
    /// A token that cannot be one of the platform's tokens.
    case malformedToken(platform: String, reason: String)
    /// An event, setting or query for a user the server has never seen.
    case unknownUser(String)
    /// A report about an installation the server does not know.
    case unknownInstallation(String)
    /// A report about a message id of which no push was recorded (an id never used, or a message whose every
    /// installation was skipped).
    case unknownMessage(String)
    /// A report about a message from an installation no push of that message was recorded for.
    case notSentTo(messageID: String, installationID: String)
    /// A message id used a second time.
    case duplicateMessage(String)
    /// A registration that would take an installation (`field` `installation`) or a token (`field` `token`) from a
    /// user the caller may not act for (``PushServer/register(_:takingOnlyFrom:)``). Neither the other user nor the
    /// token is named.
    case heldByAnotherUser(field: String)
    /// A channel id that is not one of GrowBro's.
    case unknownChannel(String)
    /// The push does not fit the provider's size limit even with its body cut: `field` names the event's field that
    /// cannot be cut (a system message's `title`, a reply's `author`; a like's author is in its body, cut to fit).
    case payloadTooLarge(messageID: String, field: String, detail: String)

    /// One line naming the problem and the value at fault.
    public var description: String {
        switch self {
        case .invalidValue(let field, let value, let expected):
            return "\(field): '\(Self.clipped(value))' is not valid; expected \(expected)"
        case .unknownPlatform(let platform):
            return "platform: unknown platform '\(Self.clipped(platform))'; expected apns or fcm"
        case .malformedToken(let platform, let reason):
            return "token: malformed \(platform) token: \(reason)"
        case .unknownUser(let user):
            return "user: unknown user '\(Self.clipped(user))' (no installation or settings registered)"
        case .unknownInstallation(let installation):
            return "installation: unknown installation '\(Self.clipped(installation))'"
        case .unknownMessage(let message):
            return "messageId: no push of message '\(Self.clipped(message))' was recorded"
        case .notSentTo(let message, let installation):
            return
                "installation: no push of message '\(Self.clipped(message))' was recorded for installation '\(Self.clipped(installation))'"
        case .duplicateMessage(let message):
            return "messageId: message id '\(Self.clipped(message))' was already used; each is used once"
        case .heldByAnotherUser(let field):
            return field == "token"
                ? "token: held by an installation of another user" : "\(field): held by another user"
        case .unknownChannel(let channel):
            return
                "channel: unknown channel '\(Self.clipped(channel))'; expected community.interactions, community.likes, cultivation.reminders or system.updates"
        case .payloadTooLarge(let message, let field, let detail):
            return "\(field): message '\(message)': \(detail)"
        }
    }

    /// A value cut to 80 characters for a message.
    private static func clipped(_ value: String) -> String {
        value.count > 80 ? String(value.prefix(80)) + "…" : value
    }
}
