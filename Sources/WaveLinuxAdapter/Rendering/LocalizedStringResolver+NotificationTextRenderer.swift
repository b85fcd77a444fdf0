public import WaveStrings

/// The resolver renders each payload's `Notifications` keys at delivery time, in its current language.
extension LocalizedStringResolver: NotificationTextRenderer {}
