internal import GrowBroNotifications
internal import WaveNotifications

/// What a community event becomes before anything is stored: its channel, texts (keys of the `GrowBro` table),
/// deep link, thread and collapse id. Pure: the ids are validated, nothing is read.
struct FanOutPlan {
    var channel: GrowBroChannel
    var title: LocalizedText
    var body: LocalizedText
    var deepLink: String
    var threadID: String?
    var collapseID: String?
    /// FCM's `collapse_key`: a like's collapse id, and for a reply its post (`post_<postId>`), so an Android device
    /// offline through several replies to one post gets the newest only (seed 1.4); iOS groups replies by
    /// `thread-id` instead, and keeps each.
    var fcmCollapseKey: String?

    /// The plan of an event: a reply threads by its post, a like collapses by its post, a system message opens the
    /// inbox.
    ///
    /// - Throws: ``GrowBroServerError`` for a malformed post or author id.
    init(_ event: CommunityEvent) throws(GrowBroServerError) {
        switch event.kind {
        case .reply(let postID, let author, let authorID, let text):
            let postID = try Validation.shortID(postID, field: "postId")
            if let authorID { _ = try Validation.shortID(authorID, field: "authorId") }
            self.init(
                channel: .interactions, title: GrowBroTexts.replyTitle(author: author),
                body: GrowBroTexts.replyBody(text: text), deepLink: GrowBroLinks.post(postID),
                threadID: GrowBroLinks.postThread(postID), collapseID: nil,
                fcmCollapseKey: GrowBroLinks.postThread(postID))
        case .like(let postID, let author):
            let postID = try Validation.shortID(postID, field: "postId")
            self.init(
                channel: .likes, title: GrowBroTexts.likeTitle, body: GrowBroTexts.likeBody(author: author),
                deepLink: GrowBroLinks.post(postID), threadID: nil, collapseID: GrowBroLinks.likeCollapseID(postID),
                fcmCollapseKey: GrowBroLinks.likeCollapseID(postID))
        case .system(let title, let text):
            self.init(
                channel: .updates, title: GrowBroTexts.systemTitle(title), body: GrowBroTexts.systemBody(text),
                deepLink: GrowBroLinks.inbox, threadID: nil, collapseID: nil, fcmCollapseKey: nil)
        }
    }

    private init(
        channel: GrowBroChannel, title: LocalizedText, body: LocalizedText, deepLink: String, threadID: String?,
        collapseID: String?, fcmCollapseKey: String?
    ) {
        self.channel = channel
        self.title = title
        self.body = body
        self.deepLink = deepLink
        self.threadID = threadID
        self.collapseID = collapseID
        self.fcmCollapseKey = fcmCollapseKey
    }
}
