import TestSupport
import Testing
import WavePostgres

/// A batch parameter's array literal (`PostgresValue.array`): quotes and backslashes escaped, `NULL` kept, texts in
/// any script and JSON payloads unchanged when PostgreSQL reads them back.
struct PostgresValueTests {
    /// Texts a batch carries: JSON with quotes and escapes, several scripts, an emoji, the literal's own punctuation.
    static let texts = [
        "", "plain", #"{"aps":{"alert":{"title-loc-key":"reply_title","title-loc-args":["Ana \"B\""]}}}"#,
        #"back\slash and \\ two"#, "\"", "\\", "{a,b}", "NULL", "Grüße aus Köln", "水やりの時間です", "مرحبا", "🌱 new",
        "line\nbreak\ttab", String(repeating: "\"\\é", count: 300),
    ]

    @Test
    func theLiteralEscapesQuotesAndBackslashesAndKeepsNull() {
        #expect(
            PostgresValue.array([.text(#"a "b" \c"#), .null, .integer(-3), .text(""), .integer(12)])
                == .text(#"{"a \"b\" \\c",NULL,-3,"",12}"#))
        #expect(PostgresValue.array([]) == .text("{}"))
        #expect(PostgresValue.array([.text("水\"")]) == .text(#"{"水\""}"#))
    }

    @Test
    func postgresReadsEveryTextBackAsItWas() throws {
        guard let cluster = PostgresTestCluster.shared else {
            if PostgresTestCluster.isRequired {
                Issue.record("PostgreSQL is required but unavailable: \(PostgresTestCluster.unavailableReason)")
            }
            return
        }
        let connection = try PostgresConnection(cluster.connectionString())
        defer { connection.close() }
        let values = Self.texts.map { PostgresValue.text($0) } + [.null]
        let rows = try connection.query(
            "SELECT v, v IS NULL FROM unnest($1::text[]) WITH ORDINALITY AS a(v, n) ORDER BY n", [.array(values)])
        #expect(rows.count == values.count)
        for (row, text) in Self.texts.enumerated() {
            #expect(rows.text(row, 0) == text)
        }
        #expect(rows.text(Self.texts.count, 1) == "t")
    }
}
