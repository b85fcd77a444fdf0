package import Foundation

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
package struct TemporaryDirectory {
    package let url: URL

    package init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("wave-adapter-\(safe)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    package func appending(_ component: String) -> URL {
        url.appendingPathComponent(component)
    }

    /// The names of the files in the directory, sorted.
    package func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
