internal import GrowBroNotifications
internal import WaveNotifications

/// What a community event becomes before anything is stored: its channel, texts (keys of the `GrowBro` table),
/// deep link, thread and collapse id. Pure: the ids are validated, nothing is read.
struct FanOutPlan {
    var channel: GrowBroChannel
    /// The title and body shown, or `nil` for a background push, which shows nothing (no inbox entry, no badge).
    var shown: (title: LocalizedText, body: LocalizedText)?
    var deepLink: String
    var threadID: String?
    var collapseID: String?
    /// FCM's `collapse_key`: a like's collapse id, and for a reply its post (`post_<postId>`), so an Android device
    /// offline through several replies to one post gets the newest only (seed 1.4); iOS groups replies by
    /// `thread-id` instead, and keeps each.
    var fcmCollapseKey: String?

    /// Whether the push shows nothing and only wakes the app to refresh its data.
    var isBackground: Bool { shown == nil }

    /// The plan of an event: a reply threads by its post, a like collapses by its post, a system message opens the
    /// inbox, a refresh shows nothing and names the post (or the inbox) the app should bring up to date.
    ///
    /// - Throws: ``GrowBroServerError`` for a malformed post or author id.
    init(_ event: CommunityEvent) throws(GrowBroServerError) {
        switch event.kind {
        case .reply(let postID, let author, let authorID, let text):
            let postID = try Validation.shortID(postID, field: "postId")
            if let authorID { _ = try Validation.shortID(authorID, field: "authorId") }
            self.init(
                channel: .interactions,
                shown: (GrowBroTexts.replyTitle(author: author), GrowBroTexts.replyBody(text: text)),
                deepLink: GrowBroLinks.post(postID), threadID: GrowBroLinks.postThread(postID), collapseID: nil,
                fcmCollapseKey: GrowBroLinks.postThread(postID))
        case .like(let postID, let author):
            let postID = try Validation.shortID(postID, field: "postId")
            self.init(
                channel: .likes, shown: (GrowBroTexts.likeTitle, GrowBroTexts.likeBody(author: author)),
                deepLink: GrowBroLinks.post(postID), threadID: nil, collapseID: GrowBroLinks.likeCollapseID(postID),
                fcmCollapseKey: GrowBroLinks.likeCollapseID(postID))
        case .system(let title, let text):
            self.init(
                channel: .updates, shown: (GrowBroTexts.systemTitle(title), GrowBroTexts.systemBody(text)),
                deepLink: GrowBroLinks.inbox, threadID: nil, collapseID: nil, fcmCollapseKey: nil)
        case .refresh(let postID):
            // The channel only fills the payload's required field; a background push shows nothing in it.
            var link = GrowBroLinks.inbox
            if let postID { link = GrowBroLinks.post(try Validation.shortID(postID, field: "postId")) }
            self.init(
                channel: .updates, shown: nil, deepLink: link, threadID: nil, collapseID: nil,
                fcmCollapseKey: nil)
        }
    }

    private init(
        channel: GrowBroChannel, shown: (title: LocalizedText, body: LocalizedText)?, deepLink: String,
        threadID: String?, collapseID: String?, fcmCollapseKey: String?
    ) {
        self.channel = channel
        self.shown = shown
        self.deepLink = deepLink
        self.threadID = threadID
        self.collapseID = collapseID
        self.fcmCollapseKey = fcmCollapseKey
    }
}
