public import Foundation

/// The engagement report over a window: each category's figures, and an alert for each category whose delivery
/// rate is below the threshold over enough measurable sends.
public struct EngagementReport: Hashable, Sendable {
    /// An alert for administrators.
    public struct Alert: Hashable, Sendable {
        /// The channel id.
        public var channelID: String
        /// The delivery rate measured.
        public var deliveryRate: Double
        /// The measurable sends it was measured over.
        public var sends: Int
        /// The threshold it fell below.
        public var threshold: Double
    }

    /// The window's start (inclusive).
    public var from: Date
    /// The window's end (exclusive).
    public var to: Date
    /// One report per GrowBro channel, in the channel matrix's order.
    public var categories: [CategoryReport]
    /// The alerts, in the same order.
    public var alerts: [Alert]
}
