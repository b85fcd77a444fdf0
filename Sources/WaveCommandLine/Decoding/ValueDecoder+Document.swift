internal import WaveJSON

extension ValueDecoder {
    /// Reads a whole file with this decoder: its JSON parsed, then decoded from the root, every problem collected.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - file: The file, as named on the command line.
    ///   - document: What the file is, as the error's first line says (`scenario`, `configuration`).
    ///   - unknownKeysAreProblems: Whether an unknown key rejects the file (the default) or is only warned about.
    /// - Returns: The value.
    /// - Throws: ``ScenarioError`` with the syntax error, or listing every problem found.
    package func decodeDocument(
        _ bytes: [UInt8], file: String, document: String = "scenario", unknownKeysAreProblems: Bool = true
    ) throws(ScenarioError) -> Value {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioError(
                file: file, problems: [.init(path: "", message: "not valid JSON: \(error)")], document: document)
        }
        var diagnostics = DecodingDiagnostics()
        diagnostics.unknownKeysAreProblems = unknownKeysAreProblems
        let value = decode(root, JSONPath.root, &diagnostics)
        guard diagnostics.isClean, let value else {
            throw ScenarioError(file: file, problems: diagnostics.problems, document: document)
        }
        return value
    }
}
