package import Foundation
package import GrowBroServer
package import WaveJSON

extension EngagementReport {
    /// Writes the report's members (`from`, `to`, `categories`) into an open object: the API's answer to
    /// `GET /v1/report` and the replay's `report` line alike. Rates are rounded to 4 decimals, `null` when their
    /// denominator is 0, with a `deliveryNote` saying why a delivery rate is `null`.
    ///
    /// - Parameters:
    ///   - json: The writer, inside an object.
    ///   - instant: How an instant is written (the replay's and the API's formats differ in milliseconds).
    package func writeMembers(to json: inout JSONWriter, instant: (Date) -> String) {
        json.member("from", instant(from))
        json.member("to", instant(to))
        json.key("categories")
        json.beginArray()
        for category in categories {
            json.beginObject()
            json.member("category", category.channelID)
            json.member("usersWithInstallation", category.usersWithInstallation)
            json.member("usersOptedIn", category.usersOptedIn)
            Self.rate("optInRate", category.optInRate, &json)
            json.member("sends", category.sends)
            json.member("accepted", category.accepted)
            Self.rate("acceptanceRate", category.acceptanceRate, &json)
            json.member("delivered", category.delivered)
            Self.rate("deliveryRate", category.deliveryRate, &json)
            if category.deliveryRate == nil {
                json.member(
                    "deliveryNote",
                    category.accepted > 0
                        ? "APNs does not report delivery; no FCM delivery measured" : "no accepted sends")
            }
            json.member("opened", category.opened)
            Self.rate("openRate", category.openRate, &json)
            json.member("dismissed", category.dismissed)
            json.endObject()
        }
        json.endArray()
    }

    private static func rate(_ key: StaticString, _ value: Double?, _ json: inout JSONWriter) {
        json.key(key)
        if let value { json.number(Alert.rounded(value)) } else { json.null() }
    }
}

extension EngagementReport.Alert {
    /// Writes the alert's members (`category`, `deliveryRate` rounded to 4 decimals, `sends`, `threshold`) into an
    /// open object: an element of the API's `alerts` and the replay's `alert` line alike.
    ///
    /// - Parameter json: The writer, inside an object.
    package func writeMembers(to json: inout JSONWriter) {
        json.member("category", channelID)
        json.key("deliveryRate")
        json.number(Self.rounded(deliveryRate))
        json.member("sends", sends)
        json.key("threshold")
        json.number(threshold)
    }

    /// A rate rounded to 4 decimals.
    static func rounded(_ value: Double) -> Double {
        (value * 10_000).rounded() / 10_000
    }
}
