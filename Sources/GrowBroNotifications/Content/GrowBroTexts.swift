public import WaveNotifications

/// GrowBro's titles and bodies as keys of the `GrowBro` table: user-provided words travel only as arguments.
///
/// Keys: `growbro.reply.title` (author), `growbro.reply.body` (preview), `growbro.like.title`, `growbro.like.body`
/// (author), `growbro.system.title` (title), `growbro.system.body` (text), `growbro.task.title`,
/// `growbro.task.body` (task title), `growbro.digest.title`, `growbro.digest.body` (count), and
/// `growbro.channel.<channel id>.name` / `.description`. Every argument is the `%1$@` of its key.
public enum GrowBroTexts {
    /// The table's name (`GrowBro.strings`).
    public static let table = "GrowBro"

    /// The most grapheme clusters a reply preview keeps.
    public static let previewLimit = 100

    /// A reply's preview: the text cut to ``previewLimit`` characters (extended grapheme clusters).
    ///
    /// A text of at most 100 characters is kept whole; a longer one keeps its first 99 characters and adds "…", so
    /// the preview never exceeds 100 characters and never splits an emoji sequence, a flag or a combining mark.
    ///
    /// - Parameter text: The reply's text.
    /// - Returns: The preview.
    public static func preview(_ text: String) -> String {
        guard text.count > previewLimit else { return text }
        return String(text.prefix(previewLimit - 1)) + "…"
    }

    /// The title of a reply: "{author} replied to your post".
    ///
    /// - Parameter author: The replying user's name.
    /// - Returns: `growbro.reply.title` with the author.
    public static func replyTitle(author: String) -> LocalizedText { text("growbro.reply.title", [author]) }

    /// The body of a reply: its preview.
    ///
    /// - Parameter text: The reply's full text.
    /// - Returns: `growbro.reply.body` with ``preview(_:)`` of the text.
    public static func replyBody(text: String) -> LocalizedText { self.text("growbro.reply.body", [preview(text)]) }

    /// The title of a like: "New like".
    public static let likeTitle = text("growbro.like.title")

    /// The body of a like: "{author} liked your post.".
    ///
    /// - Parameter author: The liking user's name.
    /// - Returns: `growbro.like.body` with the author.
    public static func likeBody(author: String) -> LocalizedText { text("growbro.like.body", [author]) }

    /// The title of a system message: its own title.
    ///
    /// - Parameter title: The message's title.
    /// - Returns: `growbro.system.title` with the title.
    public static func systemTitle(_ title: String) -> LocalizedText { text("growbro.system.title", [title]) }

    /// The body of a system message: its own text.
    ///
    /// - Parameter text: The message's text.
    /// - Returns: `growbro.system.body` with the text.
    public static func systemBody(_ text: String) -> LocalizedText { self.text("growbro.system.body", [text]) }

    /// The title of a task reminder: "Task due".
    public static let taskTitle = text("growbro.task.title")

    /// The body of a task reminder: the task's title.
    ///
    /// - Parameter title: The task's title.
    /// - Returns: `growbro.task.body` with the title.
    public static func taskBody(title: String) -> LocalizedText { text("growbro.task.body", [title]) }

    /// The title of the daily digest: "Overdue tasks".
    public static let digestTitle = text("growbro.digest.title")

    /// The body of the daily digest: "Tasks waiting: {n}".
    ///
    /// - Parameter count: How many tasks are overdue.
    /// - Returns: `growbro.digest.body` with the count in decimal digits.
    public static func digestBody(count: Int) -> LocalizedText { text("growbro.digest.body", [String(count)]) }

    /// A text of the `GrowBro` table.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - arguments: The placeholder values.
    /// - Returns: The text.
    static func text(_ key: String, _ arguments: [String] = []) -> LocalizedText {
        LocalizedText(table: table, key: key, arguments: arguments)
    }
}
