// A libFuzzer target for DeepLinkRouter (not a SwiftPM target; built by Fuzz/run.sh with `-sanitize=fuzzer`
// together with Sources/WaveNotifications/Links, the apps' route tables from Sources/<App>Notifications/Links and
// the tests' independent GrowBroAllowlist predicate).
//
// Every input is routed by GrowBro's router. The process traps when the router accepts a link that the
// independent predicate says is outside the allowlist; libFuzzer reports any other crash on its own.

@_cdecl("LLVMFuzzerTestOneInput")
public func deepLinkRouterFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    if let match = try? DeepLinkRouter.growBro.route(utf8: bytes) {
        guard GrowBroAllowlist.contains(bytes) else {
            fatalError("accepted outside the allowlist: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        guard DeepLinkRouter.growBro.routes.contains(where: { $0.name == match.route }) else {
            fatalError("unknown route \(match.route)")
        }
    }
    // The other apps' tables must not trap either.
    _ = try? DeepLinkRouter.goNow.route(utf8: bytes)
    _ = try? DeepLinkRouter.hydracat.route(utf8: bytes)
    _ = try? DeepLinkRouter.shadow.route(utf8: bytes)
    _ = try? DeepLinkRouter.worldWideWaves.route(utf8: bytes)
    return 0
}
