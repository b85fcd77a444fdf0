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
