import Testing
import WaveCommandLine
import WaveJSON

/// ``OutputChannel``: lines written as text and as JSON straight into the buffer come out in the order written.
struct OutputChannelTests {
    @Test func jsonLinesAreWrittenInPlaceBetweenTextLines() {
        let output = OutputChannel.capture()
        output.writeLine("first")
        output.writeJSONLine { json in
            json.beginObject()
            json.member("type", "delivered")
            json.member("count", 2)
            json.endObject()
        }
        output.writeJSONLine { json in
            json.beginArray()
            json.endArray()
        }
        output.write("last")
        #expect(output.captured == "first\n{\"type\":\"delivered\",\"count\":2}\n[]\nlast")
    }

    @Test func aLongRunOfJSONLinesLosesNone() {
        let output = OutputChannel.capture()
        // Past the 64 KiB at which the buffer goes out.
        for number in 0..<10_000 {
            output.writeJSONLine { json in
                json.beginObject()
                json.member("n", number)
                json.endObject()
            }
        }
        let lines = output.captured.split(separator: "\n")
        #expect(lines.count == 10_000)
        #expect(lines.first == "{\"n\":0}" && lines.last == "{\"n\":9999}")
    }
}
