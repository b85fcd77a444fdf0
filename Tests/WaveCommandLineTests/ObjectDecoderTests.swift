import Testing
import WaveJSON

@testable import WaveCommandLine

/// ``ObjectDecoder`` over objects with more allowed keys than it keeps inline, and the key rules it must keep.
struct ObjectDecoderTests {
    /// 20 allowed keys, `k0` to `k19`: more than the 16 kept inline.
    private static let keys = (0..<20).map { "k\($0)" }

    private static func field(_ number: Int) -> Field<Int> {
        .optional("k\(number)", .integer(in: 0...1000))
    }

    @Test func readsEveryKeyOfAWideObjectInAnyOrder() throws {
        let members = Self.keys.indices.reversed().map { (key: "k\($0)", value: JSONValue.number("\($0 * 10)")) }
        var diagnostics = DecodingDiagnostics()
        let object = try #require(
            ObjectDecoder(.object(members), at: "wide", keys: Self.keys, diagnostics: &diagnostics))
        for number in Self.keys.indices {
            #expect(object.decode(Self.field(number), &diagnostics) == number * 10)
            #expect(object.contains("k\(number)"))
        }
        #expect(!object.contains("k20"))
        #expect(diagnostics.problems.isEmpty)
        #expect(diagnostics.warnings.isEmpty)
    }

    @Test func reportsRepeatsAndUnknownKeysPastTheInlineKeysAndKeepsTheFirstValue() throws {
        let members: [(key: String, value: JSONValue)] = [
            ("k18", .number("1")), ("k3", .number("2")), ("k18", .number("3")), ("k3", .number("4")),
            ("k19x", .number("5")),
        ]
        var diagnostics = DecodingDiagnostics()
        let object = try #require(
            ObjectDecoder(.object(members), at: "wide", keys: Self.keys, diagnostics: &diagnostics))
        #expect(object.decode(Self.field(18), &diagnostics) == 1)
        #expect(object.decode(Self.field(3), &diagnostics) == 2)
        #expect(object.decode(Self.field(4), &diagnostics) == nil)
        #expect(
            diagnostics.problems.map { "\($0.path): \($0.message)" } == [
                "wide.k18: duplicate key; each key may appear once",
                "wide.k3: duplicate key; each key may appear once",
            ])
        #expect(diagnostics.warnings == ["wide.k19x: unknown key, ignored (did you mean 'k19'?)"])
    }

    @Test func aKeyWrittenWithADecomposedAccentIsTheSameKey() throws {
        // Swift compares strings by canonical equivalence: "é" and "e" + U+0301 are one key, as they were when
        // members were kept in a dictionary.
        let members: [(key: String, value: JSONValue)] = [("caf\u{E9}", .bool(true)), ("cafe\u{301}", .bool(false))]
        var diagnostics = DecodingDiagnostics()
        let object = try #require(
            ObjectDecoder(.object(members), at: .root, keys: ["cafe\u{301}"], diagnostics: &diagnostics))
        #expect(object.decode(.optional("caf\u{E9}", .bool), &diagnostics) == true)
        #expect(diagnostics.problems.map(\.message) == ["duplicate key; each key may appear once"])
    }

    @Test func anUnknownKeyIsNeverReadEvenWhenAFieldAsksForIt() throws {
        var diagnostics = DecodingDiagnostics()
        diagnostics.unknownKeysAreProblems = true
        let object = try #require(
            ObjectDecoder(
                .object([("extra", .bool(true))]), at: JSONPath("settings"), keys: ["enabled"],
                diagnostics: &diagnostics))
        #expect(object.decode(.optional("extra", .bool, default: false), &diagnostics) == false)
        #expect(!object.contains("extra"))
        #expect(diagnostics.problems.map { "\($0.path): \($0.message)" } == ["settings.extra: unknown key"])
    }
}
