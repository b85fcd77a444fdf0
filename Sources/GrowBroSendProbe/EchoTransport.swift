import Foundation
import GrowBroServer

/// Writes one line to standard output at once (unbuffered: a SIGKILL loses nothing already said).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The provider: accepts everything, saying so on standard output first.
struct EchoTransport: PushTransport {
    func send(_ request: ProviderRequest) async throws -> ProviderResponse {
        say("sent \(request.sendID)")
        return ProviderResponse(status: 200, headers: [HTTPHeader("apns-id", "x")], text: #"{"name":"x"}"#)
    }
}
