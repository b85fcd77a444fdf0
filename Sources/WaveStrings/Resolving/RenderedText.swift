/// A notification's final words in one language, ready to show.
public struct RenderedText: Hashable, Sendable {
    /// The resolved title.
    public var title: String
    /// The resolved body, arguments inserted.
    public var body: String
    /// The language code the text is in, for example `en` or `pt-BR`.
    public var locale: String
    /// The resolved titles of the request's actions, in the request's order.
    public var actionTitles: [String]

    /// Creates rendered text.
    ///
    /// - Parameters:
    ///   - title: The resolved title.
    ///   - body: The resolved body.
    ///   - locale: The language code the text is in.
    ///   - actionTitles: The resolved action titles, in order.
    public init(title: String, body: String, locale: String, actionTitles: [String] = []) {
        self.title = title
        self.body = body
        self.locale = locale
        self.actionTitles = actionTitles
    }
}
