internal import CCurl
internal import Foundation
internal import WaveNotifications

/// The one thread that drives curl's multi handle: it takes the jobs handed over through the lock, adds their easy
/// handles, runs `curl_multi_perform` and `curl_multi_poll`, and resumes each caller when its transfer is done.
///
/// curl's handles are not thread-safe, so only this thread touches them; callers only append to the queue and call
/// `curl_multi_wakeup` (the one multi function documented as callable from any thread).
final class CurlMultiLoop: Sendable {
    private struct State {
        var queue: [CurlJob] = []
        var stopping = false
    }

    private let state = WaveLock(State())
    private let options: CurlPushTransport.Options
    // Used by the loop thread only, except for curl_multi_wakeup, which curl allows from any thread.
    nonisolated(unsafe) private let multi: UnsafeMutableRawPointer

    init(options: CurlPushTransport.Options) throws(CurlTransportError) {
        _ = CurlMultiLoop.globalInitialization
        guard let multi = curl_multi_init() else {
            throw CurlTransportError(code: 27, message: "curl_multi_init failed")
        }
        self.multi = multi
        self.options = options
        // One connection per host, its streams multiplexed: what APNs asks of a provider.
        _ = wave_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX)
        _ = wave_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 1)
        _ = wave_curl_multi_setopt_long(multi, CURLMOPT_MAX_CONCURRENT_STREAMS, options.maximumStreams)
        let thread = Thread { [self] in run() }
        thread.name = "wave-curl"
        thread.start()
    }

    /// curl_global_init once per process, before any handle (curl asks for it before threads use curl).
    private static let globalInitialization: Void = {
        _ = curl_global_init(Int(CURL_GLOBAL_SSL))
    }()

    /// Hands a job to the loop thread.
    func submit(_ job: CurlJob) {
        let accepted = state.withLock { state in
            guard !state.stopping else { return false }
            state.queue.append(job)
            return true
        }
        guard accepted else {
            job.resume(.failure(CurlTransportError(code: 0, message: "the transport was shut down")))
            return
        }
        _ = curl_multi_wakeup(multi)
    }

    /// Asks the thread to end once every transfer it holds is done.
    func stop() {
        state.withLock { $0.stopping = true }
        _ = curl_multi_wakeup(multi)
    }

    private func run() {
        var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        while true {
            let (jobs, stopping) = state.withLock { state in
                defer { state.queue.removeAll() }
                return (state.queue, state.stopping)
            }
            for job in jobs {
                guard let transfer = CurlTransfer(job, options: options) else { continue }
                transfers[transfer.easy] = transfer
                _ = curl_multi_add_handle(multi, transfer.easy)
            }
            if stopping && transfers.isEmpty { break }
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            var remaining: Int32 = 0
            while let message = curl_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let result = message.pointee.data.result
                guard let transfer = transfers.removeValue(forKey: easy) else { continue }
                _ = curl_multi_remove_handle(multi, easy)
                transfer.finish(result)
            }
            var ready: Int32 = 0
            // Wakes on socket activity, on a submit's curl_multi_wakeup, or after curl's own timeout at most.
            _ = curl_multi_poll(multi, nil, 0, 1000, &ready)
        }
        curl_multi_cleanup(multi)
    }
}
