internal import Foundation
internal import GrowBroServer
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications
internal import WavePushPayloads

extension PushAPI {
    /// The most events one broadcast request may carry.
    static let maximumBroadcastEvents = 1_000

    /// `POST /v1/broadcast`: `{"events": [event, …]}`, each event with the fields of `POST /v1/events`, recorded
    /// with ``PushServer/fanOut(_:batchSize:)`` in one transaction. The key must be allowed for every recipient
    /// (else 403 naming `events[i].recipient`, nothing stored); an event the rules refuse (an unknown recipient, a
    /// reused id) is answered in its place and leaves nothing, the others are recorded.
    func broadcast(_ body: JSONValue, key: APIKey) throws(APIError) -> HTTPResponse {
        let now = clock.now
        let event = ValueDecoder<CommunityEvent>.object(keys: PushRequestDecoders.eventKeys, named: "an event object") {
            object, diagnostics in
            PushRequestDecoders.event(object, at: now, &diagnostics)
        }
        let limit = Self.maximumBroadcastEvents
        let events = try Self.decode(body, keys: ["events"]) { object, diagnostics -> [CommunityEvent]? in
            let events = object.decode(
                .required(
                    "events",
                    .array(
                        of: event, named: "an array of events", emptyMessage: "expected 1 to \(limit) events",
                        uniqueKey: ("messageId", { $0.messageID }))),
                &diagnostics)
            if let events, events.count > limit {
                diagnostics.problem(
                    object.path.appending(key: "events"), "\(events.count) events; expected 1 to \(limit)")
            }
            return events
        }
        for (index, event) in events.enumerated() {
            try Self.check(key, allows: event.recipientID, field: "events[\(index)].recipient")
        }
        let results = try refusing(userField: "recipient") { try server.fanOut(events) }
        return Self.ok { json in
            json.key("results")
            json.beginArray()
            for (index, result) in results.enumerated() {
                json.beginObject()
                switch result {
                case .success(let fanOut):
                    json.member("status", 200)
                    fanOut.writeMembers(to: &json)
                case .failure(let error):
                    let refusal = Self.refusal(for: error, userField: "recipient", at: now, log: log)
                    json.member("status", refusal.status)
                    json.member("error", refusal.code)
                    json.key("field")
                    if let field = refusal.field { json.string("events[\(index)].\(field)") } else { json.null() }
                    json.member("message", refusal.message)
                    if !refusal.problems.isEmpty {
                        // Each `path: what` from the event's own fields, so its path is the event's.
                        json.key("problems")
                        json.beginArray()
                        for problem in refusal.problems { json.string("events[\(index)].\(problem)") }
                        json.endArray()
                    }
                }
                json.endObject()
            }
            json.endArray()
        }
    }
}
