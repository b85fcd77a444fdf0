public import WaveNotifications
public import WaveStrings

/// Turns a payload's localization keys into final text; called at delivery time, never when scheduling,
/// so a language change applies to notifications that are still pending.
///
/// Implementation requirements: never crash and never return an empty title or body; fall back to the
/// key itself when nothing else is found.
public protocol NotificationTextRenderer: Sendable {
    /// Resolves a payload's title and body in the renderer's current language.
    ///
    /// - Parameter content: The payload to render.
    /// - Returns: The title, body and the language they are in.
    func render(_ content: NotificationContent) -> RenderedText
}
