package import Foundation
internal import WaveJSON
package import WaveNotifications

/// How far every instant a scenario names is moved when it is read (`--start now`: the scenario starts now).
package enum InstantShift {
    /// The shift in seconds; 0 reads instants as written.
    @TaskLocal package static var seconds: TimeInterval = 0
}

extension ValueDecoder where Value == Date {
    /// An ISO 8601 instant that carries its zone (`2026-06-21T18:00:00+02:00`, `…Z`); never a guess.
    package static var instant: ValueDecoder<Date> {
        ValueDecoder<String>.string.map { text throws(DecodingMessage) in
            do {
                return try InstantParser.parse(text).addingTimeInterval(InstantShift.seconds)
            } catch {
                throw DecodingMessage("'\(text)': \(error); expected ISO 8601 like 2026-06-21T18:00:00+02:00")
            }
        }
    }
}

extension ValueDecoder where Value == TimeZone {
    /// An IANA zone name such as `Europe/Paris`.
    package static var timeZone: ValueDecoder<TimeZone> {
        ValueDecoder<String>.string.map { name throws(DecodingMessage) in
            guard let zone = TimeZone(identifier: name) else {
                throw DecodingMessage("unknown time zone '\(name)'; expected an IANA name like 'Europe/Paris'")
            }
            return zone
        }
    }
}

extension ValueDecoder where Value == LocalTime {
    /// A local wall-clock time `HH:MM`, 00:00 to 23:59.
    package static var localTime: ValueDecoder<LocalTime> {
        ValueDecoder<String>.string.map { text throws(DecodingMessage) in
            do throws(LocalTimeError) {
                return try LocalTime(parsing: text)
            } catch {
                throw DecodingMessage("'\(text)' is not valid; expected \(error.expected)")
            }
        }
    }
}

extension ValueDecoder where Value == LocalDate {
    /// A local date `YYYY-MM-DD` (a fleet's first day).
    package static var localDate: ValueDecoder<LocalDate> {
        ValueDecoder<String>.string.map { text throws(DecodingMessage) in
            do throws(LocalTimeError) {
                return try LocalDate(parsing: text)
            } catch {
                throw DecodingMessage("'\(text)' is not valid; expected \(error.expected)")
            }
        }
    }
}

extension ValueDecoder where Value == LocalDateTime {
    /// A local date and time without offset, `YYYY-MM-DDTHH:MM`, read in the scenario's zone later.
    package static var localDateTime: ValueDecoder<LocalDateTime> {
        ValueDecoder<String>.string.map { text throws(DecodingMessage) in
            do throws(LocalTimeError) {
                return try LocalDateTime(parsing: text)
            } catch {
                throw DecodingMessage("'\(text)' is not valid; expected \(error.expected)")
            }
        }
    }
}
