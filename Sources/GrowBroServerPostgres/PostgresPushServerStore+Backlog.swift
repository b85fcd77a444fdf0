internal import Foundation
internal import GrowBroServer
internal import WaveNotifications
internal import WavePostgres

extension PostgresPushServerStore {
    func dueSendCount(now: Date) throws -> Int {
        try database.withConnection { connection in
            Int(
                try connection.query(
                    "SELECT count(*) FROM push_send WHERE state = 'pending' AND due_ms <= $1",
                    [.integer(now.millisecondsSince1970)]
                ).int64(0, 0))
        }
    }
}
