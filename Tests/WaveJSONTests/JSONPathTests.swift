import Testing
import WaveJSON

struct JSONPathTests {
    @Test func namesMembersAndElementsAsMessagesWriteThem() {
        #expect(JSONPath.root.description == "")
        #expect(JSONPath.root.isRoot)
        #expect(JSONPath.root.appending(key: "events").description == "events")
        #expect(
            JSONPath.root.appending(key: "events").appending(index: 2).appending(key: "start").description
                == "events[2].start")
        #expect(JSONPath("actions").appending(index: 0).description == "actions[0]")
        #expect(!JSONPath("now").isRoot)
    }
}

struct JSONPathEqualityTests {
    @Test func pathsWrittenTheSameAreEqualHoweverTheyWereBuilt() {
        let built = JSONPath.root.appending(key: "events").appending(index: 3).appending(key: "id")
        #expect(built == JSONPath("events[3].id"))
        #expect(Set([built, JSONPath("events[3].id")]).count == 1)
        #expect(built != JSONPath("events[3].name"))
        #expect(built != JSONPath.root.appending(key: "events").appending(index: 4).appending(key: "id"))
    }

    @Test func anEmptyKeyAtTheRootIsStillTheRoot() {
        let empty = JSONPath.root.appending(key: "")
        #expect(empty.isRoot)
        #expect(empty.description == "")
        #expect(empty.appending(key: "now").description == "now")
        #expect(!JSONPath.root.appending(index: 0).isRoot)
        #expect(JSONPath.root.appending(index: 0).appending(key: "at").description == "[0].at")
        #expect(JSONPath("a").appending(key: "").description == "a.")
        #expect(!JSONPath("a").appending(key: "").isRoot)
    }

    @Test func aPrefixWritesTheSamePathsAsAppending() {
        let path = JSONPath("actions").appending(index: 2)
        let prefix = JSONPath.Prefix(path)
        #expect(prefix.path == path)
        #expect(prefix.appending(key: "at").description == "actions[2].at")
        #expect(prefix.appending(index: 7).description == "actions[2][7]")
        #expect(JSONPath.Prefix(.root).appending(key: "events").description == "events")
    }
}
