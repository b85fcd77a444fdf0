package import Foundation

extension TimeZone {
    /// An offset from UTC as `+03:00`, `-09:30`, `+00:00` (seconds past the minute dropped): the one conversion of
    /// a zone's offset to the text an app's stamps and analytics and wavesim's local times print.
    ///
    /// - Parameter seconds: The offset, as `secondsFromGMT(for:)` gives it.
    /// - Returns: The text.
    package static func offsetText(seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        let hours = minutes / 60
        let rest = minutes % 60
        return (seconds < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + String(hours) + ":" + (rest < 10 ? "0" : "")
            + String(rest)
    }
}
