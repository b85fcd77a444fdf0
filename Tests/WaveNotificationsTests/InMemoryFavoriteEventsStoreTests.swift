import Testing
import WaveNotifications

struct InMemoryFavoriteEventsStoreTests {
    @Test func startsWithTheGivenFavorites() async {
        let store = InMemoryFavoriteEventsStore(favoriteIDs: ["paris", "tokyo"])
        #expect(await store.favoriteIDs() == ["paris", "tokyo"])
        #expect(await store.isFavorite(eventID: "paris"))
        #expect(await !store.isFavorite(eventID: "lima"))
    }

    @Test func startsEmptyByDefault() async {
        #expect(await InMemoryFavoriteEventsStore().favoriteIDs().isEmpty)
    }

    @Test func setFavoriteMarksAndUnmarks() async {
        let store = InMemoryFavoriteEventsStore()
        await store.setFavorite(true, eventID: "paris")
        await store.setFavorite(true, eventID: "paris")
        await store.setFavorite(true, eventID: "lima")
        #expect(await store.favoriteIDs() == ["paris", "lima"])
        await store.setFavorite(false, eventID: "paris")
        await store.setFavorite(false, eventID: "never-marked")
        #expect(await !store.isFavorite(eventID: "paris"))
        #expect(await store.favoriteIDs() == ["lima"])
    }

    @Test func concurrentChangesAreAllKept() async {
        let store = InMemoryFavoriteEventsStore()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { await store.setFavorite(true, eventID: "event-\(index)") }
            }
        }
        #expect(await store.favoriteIDs().count == 100)
    }
}
