internal import Foundation

/// Lists a directory of `<code>.lproj` folders, the layout an iOS app bundles, for the resolver and the lint.
enum StringTableDirectory {
    /// The `.lproj` folders of `directory`, sorted by name, `Base.lproj` excluded; none when it cannot be read.
    ///
    /// - Parameter directory: The folder holding the `.lproj` folders.
    /// - Returns: Each folder with its tables.
    static func languageFolders(in directory: URL) -> [LanguageFolder] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return folders(named: names, in: directory)
    }

    /// The `.lproj` folders of `directory` as ``languageFolders(in:)`` lists them, for a lint that must say why
    /// it cannot run.
    ///
    /// - Parameter directory: The folder holding the `.lproj` folders.
    /// - Returns: Each folder with its tables.
    /// - Throws: ``LintUsageError`` when the directory is missing, not a directory, unreadable or has no
    ///   `en.lproj`.
    static func lintableFolders(in directory: URL) throws(LintUsageError) -> [LanguageFolder] {
        let path = directory.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .directoryNotFound(path: path)
        }
        guard isDirectory.boolValue else { throw .notADirectory(path: path) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        let folders = folders(named: names, in: directory)
        guard folders.contains(where: { $0.name == "en.lproj" }) else { throw .missingEnglish(path: path) }
        return folders
    }

    private static func folders(named names: [String], in directory: URL) -> [LanguageFolder] {
        names.filter { $0.hasSuffix(".lproj") && $0 != "Base.lproj" }.sorted().map { name in
            let url = directory.appendingPathComponent(name, isDirectory: true)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            let tables = files.filter { $0.hasSuffix(".strings") && $0 != ".strings" }
                .map { String($0.dropLast(".strings".count)) }.sorted()
            return LanguageFolder(name: name, url: url, tables: tables)
        }
    }
}
