internal import CCurl
internal import Foundation
internal import WaveNotifications
internal import WavePushCore

/// One request on the loop thread: its easy handle, the header list curl reads while sending, and the answer as it
/// arrives. Made, filled and finished by the loop thread only.
final class CurlTransfer {
    let easy: UnsafeMutableRawPointer
    let job: CurlJob
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var headers: [HTTPHeader] = []
    private var body: [UInt8] = []

    /// Makes the easy handle for `job`; `nil` when curl cannot (out of memory), after failing the job.
    init?(_ job: CurlJob, options: CurlPushTransport.Options) {
        guard let easy = curl_easy_init() else {
            job.resume(.failure(CurlTransportError(code: 27, message: "curl_easy_init failed")))
            return nil
        }
        self.easy = easy
        self.job = job
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        configure(options)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    private func configure(_ options: CurlPushTransport.Options) {
        _ = wave_curl_easy_setopt_string(easy, CURLOPT_URL, job.url)
        var names = Set<String>()
        for header in job.headers {
            names.insert(header.name.lowercased())
            headerList = curl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        // curl adds these unless told not to (an empty value removes one); a provider request carries only its own.
        for (name, written) in [("accept", "Accept:"), ("content-type", "Content-Type:"), ("expect", "Expect:")]
        where !names.contains(name) {
            headerList = curl_slist_append(headerList, written)
        }
        _ = wave_curl_easy_setopt_list(easy, CURLOPT_HTTPHEADER, headerList)
        if job.method == "POST" {
            _ = wave_curl_easy_setopt_long(easy, CURLOPT_POST, 1)
        } else {
            _ = wave_curl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, job.method)
        }
        if job.method == "POST" || !job.body.isEmpty {
            _ = wave_curl_easy_setopt_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(job.body.count))
            // COPYPOSTFIELDS: curl keeps its own copy, so the body need not outlive this call.
            // An empty body still needs a valid pointer: curl reads zero bytes from it.
            let bytes = job.body.isEmpty ? [0] : job.body
            bytes.withUnsafeBytes { raw in
                _ = wave_curl_easy_setopt_pointer(
                    easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: raw.baseAddress))
            }
        }
        _ = wave_curl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
        // Wait for the one connection to multiplex on rather than opening another while it is being set up.
        _ = wave_curl_easy_setopt_long(easy, CURLOPT_PIPEWAIT, 1)
        _ = wave_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = wave_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, options.timeout.curlMilliseconds)
        _ = wave_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeout.curlMilliseconds)
        _ = wave_curl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
        _ = wave_curl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile = options.caFile {
            _ = wave_curl_easy_setopt_string(easy, CURLOPT_CAINFO, caFile)
        }
        _ = wave_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
        let this = Unmanaged.passUnretained(self).toOpaque()
        _ = wave_curl_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION, curlTransferBodyChunk)
        _ = wave_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, this)
        _ = wave_curl_easy_setopt_write_function(easy, CURLOPT_HEADERFUNCTION, curlTransferHeaderLine)
        _ = wave_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, this)
    }

    fileprivate func append(body bytes: UnsafeBufferPointer<UInt8>) {
        body.append(contentsOf: bytes)
    }

    fileprivate func append(headerLine bytes: UnsafeBufferPointer<UInt8>) {
        let line = String(decoding: bytes, as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            // A new status line (after a 100 Continue, or a redirect followed): the headers start over.
            headers = []
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        headers.append(HTTPHeader(name, value))
    }

    /// Resumes the caller with the answer, or with curl's error when there is none.
    func finish(_ result: CURLcode) {
        guard result == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            let message = detail.isEmpty ? String(cString: curl_easy_strerror(result)) : detail
            job.resume(
                .failure(
                    CurlTransportError(
                        code: Int(result.rawValue), message: message,
                        endpoint: CurlTransportError.endpoint(of: job.url))))
            return
        }
        var status = 0
        _ = wave_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var version = 0
        _ = wave_curl_easy_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version)
        if job.requiresHTTP2, version != CURL_HTTP_VERSION_2_0 {
            let spoken = version == CURL_HTTP_VERSION_1_0 ? "HTTP/1.0" : "HTTP/1.1"
            job.resume(.failure(.withoutHTTP2(spoken: spoken, endpoint: CurlTransportError.endpoint(of: job.url))))
            return
        }
        job.resume(.success(ProviderResponse(status: status, headers: headers, body: body)))
    }
}

/// curl's write callback: a chunk of the body for the transfer in `user`.
private func curlTransferBodyChunk(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
) -> Int {
    curlTransferBytes(data, size * count, user) { $0.append(body: $1) }
}

/// curl's header callback: one whole header line (status line included) for the transfer in `user`.
private func curlTransferHeaderLine(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
) -> Int {
    curlTransferBytes(data, size * count, user) { $0.append(headerLine: $1) }
}

/// Hands the `length` bytes curl passed to a callback to the transfer in `user`; returns `length` (all taken).
private func curlTransferBytes(
    _ data: UnsafeMutablePointer<CChar>?, _ length: Int, _ user: UnsafeMutableRawPointer?,
    _ take: (CurlTransfer, UnsafeBufferPointer<UInt8>) -> Void
) -> Int {
    guard let data, let user else { return length }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
    UnsafeRawPointer(data).withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        take(transfer, UnsafeBufferPointer(start: bytes, count: length))
    }
    return length
}

extension Duration {
    /// The whole milliseconds, for curl's `_MS` options (at least 1: 0 means "no timeout" to curl).
    fileprivate var curlMilliseconds: Int { max(1, Int(wholeMilliseconds)) }
}
