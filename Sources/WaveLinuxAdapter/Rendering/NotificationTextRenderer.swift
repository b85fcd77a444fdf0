public import WaveNotifications
public import WaveStrings

/// Turns a payload's localization keys into final text; called at delivery time, never when scheduling,
/// so a language change applies to notifications that are still pending.
///
/// Implementation requirements: never crash and never return an empty title or body; fall back to the
/// key itself when nothing else is found. A renderer that knows several tables implements
/// ``render(title:body:)`` to look each text up in its own ``LocalizedText/table``; the default passes the keys
/// and arguments to ``render(_:)``, which knows the WorldWideWaves `Notifications` table.
public protocol NotificationTextRenderer: Sendable {
    /// Resolves a payload's title and body in the renderer's current language.
    ///
    /// - Parameter content: The payload to render.
    /// - Returns: The title, body and the language they are in.
    func render(_ content: NotificationContent) -> RenderedText

    /// Resolves a request's title and body, each in its own table, in the renderer's current language.
    ///
    /// - Parameters:
    ///   - title: The title's table, key and arguments.
    ///   - body: The body's table, key and arguments.
    /// - Returns: The title, body and the language they are in.
    func render(title: LocalizedText, body: LocalizedText) -> RenderedText

    /// Resolves one text, such as an action's title, in its table and the renderer's current language.
    ///
    /// - Parameter text: The table, key and arguments.
    /// - Returns: The text, never empty.
    func render(_ text: LocalizedText) -> String
}

extension NotificationTextRenderer {
    /// Passes the keys and the body's arguments to ``render(_:)``; the tables and the title's arguments are not
    /// seen (the WorldWideWaves table has one table and titles without arguments).
    ///
    /// - Parameters:
    ///   - title: The title's table, key and arguments.
    ///   - body: The body's table, key and arguments.
    /// - Returns: What ``render(_:)`` returns for those keys.
    public func render(title: LocalizedText, body: LocalizedText) -> RenderedText {
        render(NotificationContent(titleKey: title.key, bodyKey: body.key, bodyArgs: body.arguments, deepLink: ""))
    }

    /// Renders `text` as a body through ``render(title:body:)`` and returns the body.
    ///
    /// - Parameter text: The table, key and arguments.
    /// - Returns: The rendered body.
    public func render(_ text: LocalizedText) -> String {
        render(title: text, body: text).body
    }

    /// Renders a request's title, body and action titles.
    ///
    /// - Parameter request: The request.
    /// - Returns: The rendered text, action titles included.
    package func render(_ request: NotificationRequest) -> RenderedText {
        var text = render(title: request.title, body: request.body)
        if !request.actions.isEmpty {
            text.actionTitles = request.actions.map { render($0.title) }
        }
        return text
    }
}
