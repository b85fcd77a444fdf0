internal import Foundation
internal import GrowBroServer
internal import WaveNotifications
internal import WaveSQLite

extension SQLitePushServerStore {
    func dueSendCount(now: Date) throws -> Int {
        try database.withDatabase { database in
            let count = try database.cached("SELECT count(*) FROM push_send WHERE state = 'pending' AND due_ms <= ?")
            defer { count.reset() }
            try count.bind([.integer(now.millisecondsSince1970)])
            return try count.step() ? Int(count.int64(at: 0)) : 0
        }
    }
}
