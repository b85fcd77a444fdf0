// Shown in docs/linux-adapter.md, "SQLite store and inbox" (the inbox).
// example-begin
import Foundation
import WaveLinuxAdapter
import WaveNotifications

/// A reply received, read and deleted, then the inbox paged, counted and erased.
func useInbox(
    of store: NotificationStore, title: LocalizedText, body: LocalizedText, now: Date
) async throws
    -> (page: InboxPage, unread: Int)
{
    let inbox: any InboxStore = store.inbox  // or InMemoryInboxStore()
    try await inbox.add(
        InboxEntry(
            identifier: "msg_42", receivedAt: now, channelID: "community.interactions",
            title: title, body: body, deepLink: "growbro://post/7"))
    try await inbox.markRead(identifier: "msg_42", at: now)
    try await inbox.delete(identifier: "msg_42", at: now)  // soft delete: never listed or counted again
    let page = try await inbox.page(size: 50, after: nil, now: now)  // newest first
    _ = try await inbox.page(size: 50, after: page.nextCursor, now: now)  // the next page
    let unread = try await inbox.unreadCount(now: now)  // not read, not deleted, not archived
    try await inbox.eraseAll()  // GDPR: gone for good
    return (page, unread)
}
// example-end
