internal import Foundation
internal import WaveCommandLine
internal import WaveNotifications

/// Turns the core's notification events into the output lines of `docs/scenario-format.md` (App scenarios; JSON Lines
/// fields in the spec's order), rendering titles and bodies in the replay's language.
struct AppEventPrinter: Sendable {
    /// The app's name, as delivered lines name it.
    let app: String
    /// Resolves a text in the replay's language.
    let render: @Sendable (LocalizedText) -> String
    /// The language the texts of a table are resolved in (a table without a translation falls back to English).
    let locale: @Sendable (String) -> String

    /// The line for an event.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - permission: The permission when it happened: while `provisional` the platform shows everything `passive`,
    ///     whatever level the request asked for (the device's behaviour, as iOS has it, not an app rule).
    /// - Returns: The line.
    func line(for event: NotificationEvent, permission: PermissionStatus) -> AppOutputLine {
        switch event {
        case .delivered(let request, let at, let late):
            let level =
                permission == .provisional ? NotificationChannel.InterruptionLevel.passive : request.interruptionLevel
            return AppOutputLine(
                type: "delivered",
                fields: [
                    ("at", .instant(at)), ("identifier", .string(request.identifier)),
                    ("numericId", .integer(Int(request.numericID))), ("app", .string(app)),
                    ("channel", .string(request.channel.id)), ("interruptionLevel", .string(level.rawValue)),
                    ("title", .string(render(request.title))), ("body", .string(render(request.body))),
                    ("deepLink", .string(request.deepLink)), ("locale", .string(locale(request.body.table))),
                    ("late", .bool(late)),
                ])
        case .suppressed(let suppression, let at):
            return AppOutputLine(
                type: "suppressed",
                fields: [
                    ("at", .instant(at)), ("fireAt", .instant(suppression.fireAt)),
                    ("identifier", .string(suppression.identifier)), ("reason", .string(suppression.reason.rawValue)),
                ])
        case .cancelled(let identifier, let reason, let at):
            return AppOutputLine(
                type: "cancelled",
                fields: [
                    ("at", .instant(at)), ("identifier", .string(identifier)), ("reason", .string(reason.rawValue)),
                ])
        case .withdrawn(let identifier, let reason, let at):
            return AppOutputLine(
                type: "withdrawn",
                fields: [
                    ("at", .instant(at)), ("identifier", .string(identifier)), ("reason", .string(reason.rawValue)),
                ])
        }
    }
}
