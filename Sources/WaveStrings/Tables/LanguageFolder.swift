internal import Foundation

/// One `<code>.lproj` folder of a string-table directory and the tables (`<Table>.strings` files) in it.
struct LanguageFolder: Hashable, Sendable {
    /// The folder's name, for example `pt-BR.lproj`.
    var name: String
    /// The folder.
    var url: URL
    /// The table names, without `.strings`, sorted.
    var tables: [String]

    /// The folder name without `.lproj`, as written (`zh-Hans`, `tl`): not yet a normalized language tag.
    var language: String { String(name.dropLast(".lproj".count)) }

    /// The file of `table` in this folder, whether or not it exists.
    func url(ofTable table: String) -> URL {
        url.appendingPathComponent(table + ".strings", isDirectory: false)
    }

    /// The file of `table` as messages name it, relative to the directory: `fr.lproj/Notifications.strings`.
    func file(ofTable table: String) -> String {
        "\(name)/\(table).strings"
    }
}
