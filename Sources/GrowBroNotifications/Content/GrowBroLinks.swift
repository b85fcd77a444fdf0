public import WaveNotifications

/// GrowBro's identifiers and deep links, built in one place so every notification and test agrees on them.
///
/// Identifiers: `msg_<messageId>` for a push, `task_<id>` for a task reminder, `overdue_<YYYY-MM-DD>` for the
/// digest of a local date. Links: `growbro://post/<postId>`, `growbro://profile/<authorId>`, `growbro://task/<id>`,
/// `growbro://calendar`, `growbro://inbox`. Ids are inserted as given; the app's settings and the server keep them to `[A-Za-z0-9_-]`.
public enum GrowBroLinks {
    /// The identifier of a push.
    ///
    /// - Parameter messageID: The push's message id.
    /// - Returns: `msg_<messageId>`.
    public static func messageIdentifier(_ messageID: String) -> String { "msg_\(messageID)" }

    /// The identifier of a task's reminder.
    ///
    /// - Parameter taskID: The task's id.
    /// - Returns: `task_<id>`.
    public static func taskIdentifier(_ taskID: String) -> String { "task_\(taskID)" }

    /// The identifier of the overdue digest of a local date.
    ///
    /// - Parameter date: The local date of its 09:00.
    /// - Returns: `overdue_<YYYY-MM-DD>`.
    public static func digestIdentifier(_ date: LocalDate) -> String { "overdue_\(date)" }

    /// The local date of an overdue digest's identifier.
    ///
    /// - Parameter identifier: A request identifier.
    /// - Returns: The date of `overdue_<YYYY-MM-DD>`, or `nil` when the identifier is not a digest's.
    public static func digestDate(ofIdentifier identifier: String) -> LocalDate? {
        guard identifier.hasPrefix("overdue_") else { return nil }
        return try? LocalDate(parsing: String(identifier.dropFirst("overdue_".count)))
    }

    /// The thread a post's replies are grouped in.
    ///
    /// - Parameter postID: The post's id.
    /// - Returns: `post_<postId>`.
    public static func postThread(_ postID: String) -> String { "post_\(postID)" }

    /// The collapse id of a post's likes: a newer like replaces the shown older one.
    ///
    /// - Parameter postID: The post's id.
    /// - Returns: `like_<postId>`.
    public static func likeCollapseID(_ postID: String) -> String { "like_\(postID)" }

    /// The deep link to a post.
    ///
    /// - Parameter postID: The post's id.
    /// - Returns: `growbro://post/<postId>`.
    public static func post(_ postID: String) -> String { "growbro://post/\(postID)" }

    /// The deep link to a user's profile.
    ///
    /// - Parameter authorID: The user's id.
    /// - Returns: `growbro://profile/<authorId>`.
    public static func profile(_ authorID: String) -> String { "growbro://profile/\(authorID)" }

    /// The deep link to a task.
    ///
    /// - Parameter taskID: The task's id.
    /// - Returns: `growbro://task/<id>`.
    public static func task(_ taskID: String) -> String { "growbro://task/\(taskID)" }

    /// The deep link to the calendar, where overdue tasks are listed.
    public static let calendar = "growbro://calendar"

    /// The deep link to the in-app inbox.
    public static let inbox = "growbro://inbox"
}
