public import WaveStrings

/// The resolver renders each request's keys, from their own tables, at delivery time in its current language.
extension LocalizedStringResolver: NotificationTextRenderer {}
