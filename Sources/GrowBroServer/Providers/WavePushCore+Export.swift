// The push vocabulary (requests, answers, the transport and credentials seams) lives in WavePushCore, which an
// HTTP client or a credentials source depends on without the server; a backend that imports the server gets it with
// it, as swift-nio's NIO brings NIOCore.
@_exported public import WavePushCore
