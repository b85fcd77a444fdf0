public import GrowBroNotifications
internal import WaveJSON
public import WaveNotifications

/// Builds `apple-app-site-association` and `assetlinks.json` for one domain from the link router's allowlist.
///
/// The association lists, for the environment's app ids, first an excluding component for each redirect
/// parameter the router refuses (`{"/":"*","?":{"next":"*"},"exclude":true,"caseSensitive":false}`), then one
/// component per route (`post/<id>` → `/post/*`). Both files are served at `/.well-known/` with
/// `Content-Type: application/json`, status 200 and no redirect.
public struct WellKnownFiles: Hashable, Sendable {
    /// The `apple-app-site-association` JSON.
    public var appleAppSiteAssociation: String
    /// The `assetlinks.json` JSON.
    public var assetLinks: String

    /// The paths the files are served at.
    public static let appleAppSiteAssociationPath = "/.well-known/apple-app-site-association"
    /// The path of `assetlinks.json`.
    public static let assetLinksPath = "/.well-known/assetlinks.json"

    /// Builds both files.
    ///
    /// - Parameters:
    ///   - environment: The domain and its apps.
    ///   - router: The link allowlist whose routes the association names; GrowBro's by default.
    public init(for environment: WellKnownEnvironment, router: DeepLinkRouter = .growBro) {
        var aasa = JSONWriter(capacity: 1024)
        aasa.beginObject()
        aasa.key("applinks")
        aasa.beginObject()
        aasa.key("details")
        aasa.beginArray()
        aasa.beginObject()
        aasa.key("appIDs")
        aasa.strings(environment.appleAppIDs)
        aasa.key("components")
        aasa.beginArray()
        for name in router.redirectParameterNames.sorted() {
            aasa.beginObject()
            aasa.member("/", "*")
            aasa.key("?")
            aasa.beginObject()
            aasa.key(name)
            aasa.string("*")
            aasa.endObject()
            aasa.member("exclude", true)
            aasa.member("caseSensitive", false)
            aasa.member("comment", "links with a redirect parameter stay in the browser")
            aasa.endObject()
        }
        for route in router.routes {
            let path = route.segments.map { segment -> String in
                switch segment {
                case .literal(let text): return text
                case .placeholder: return "*"
                }
            }
            aasa.beginObject()
            aasa.member("/", "/" + path.joined(separator: "/"))
            aasa.member("comment", route.name)
            aasa.endObject()
        }
        aasa.endArray()
        aasa.endObject()
        aasa.endArray()
        aasa.endObject()
        aasa.endObject()
        appleAppSiteAssociation = aasa.text

        var links = JSONWriter(capacity: 512)
        links.beginArray()
        links.beginObject()
        links.key("relation")
        links.strings(["delegate_permission/common.handle_all_urls"])
        links.key("target")
        links.beginObject()
        links.member("namespace", "android_app")
        links.member("package_name", environment.androidPackage)
        links.key("sha256_cert_fingerprints")
        links.strings(environment.fingerprints)
        links.endObject()
        links.endObject()
        links.endArray()
        assetLinks = links.text
    }
}
