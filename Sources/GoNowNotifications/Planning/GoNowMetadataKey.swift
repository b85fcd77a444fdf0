/// The metadata keys of GoNow requests: values for routing a tap and for analytics, never shown.
public enum GoNowMetadataKey {
    /// The mode's raw value.
    public static let mode = "mode"
    /// The candidate kind: `best`, `backup`, `tomorrow` or `heat`.
    public static let kind = "kind"
    /// The window's start, local with offset (`2026-06-01T07:00+03:00`); for heat, local midnight of its date.
    public static let windowStart = "window_start"
    /// The window's end, local with offset; for heat, the next local midnight.
    public static let windowEnd = "window_end"
    /// The window's average score (`82.5`); absent for heat.
    public static let averageScore = "avg_score"
    /// The forecast's scoring version.
    public static let scoringVersion = "scoring_version"
    /// The fire instant, local with offset.
    public static let fireTime = "fire_time"
    /// The no-re-notify dedupe key (mode and window start).
    public static let dedupeKey = "dedupe_key"
    /// The no-re-notify cap key (the mode).
    public static let capKey = "cap_key"
}
