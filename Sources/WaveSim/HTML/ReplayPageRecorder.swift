internal import Foundation
internal import WaveNotifications

/// Keeps, from the replay's output lines as they are written, what the replay's page draws (``ReplayPage``): each
/// notification's instant, when its user was told and why then, what was never told and why, the app's runs with
/// what the platform held and the runway, and the summary's limit.
///
/// It reads the same lines the text timeline and JSON Lines print, and nothing else: every fact on the page is one
/// the replay already printed.
final class ReplayPageRecorder: Sendable {
    private let page: WaveLock<ReplayPage>

    /// Creates a recorder.
    ///
    /// - Parameters:
    ///   - app: The scenario's app (`shadow`), the page's name for it and the lane of a delivery without a channel.
    ///   - platform: The platform replayed (`ios`), until the summary says.
    ///   - timeZone: The scenario's zone, in which the days of the page are laid out.
    init(app: String, platform: String, timeZone: TimeZone) {
        page = WaveLock(ReplayPage(app: app, platform: platform, timeZone: timeZone))
    }

    /// The page so far.
    var recorded: ReplayPage { page.withLock { $0 } }

    /// Keeps what the page needs of one output line.
    ///
    /// - Parameter line: The line, as the JSON Lines format has it.
    func record(_ line: AppOutputLine) {
        var fields = AppTextFieldReader(line.fields)
        page.withLock { page in
            switch line.type {
            case "delivered":
                guard let at = fields.instant("at") else { return }
                var delay: String?
                if case .object(let members) = fields.value("delay") {
                    var delayFields = AppTextFieldReader(members)
                    delay = delayFields.string("cause")
                }
                let cause = delay ?? fields.string("quiet") ?? "on_time"
                let lane = fields.string("channel") ?? line.request?.channel.id ?? page.app
                if page.language == nil { page.language = fields.string("locale") }
                page.marks.append(
                    .init(
                        kind: .delivered, lane: lane, asked: fields.instant("dueAt") ?? at,
                        told: fields.instant("toldAt") ?? at, cause: cause,
                        identifier: fields.string("identifier") ?? "", title: fields.string("title")))
            case "lost", "suppressed", "skipped":
                guard let at = fields.instant("at"), let kind = ReplayPage.Mark.Kind(rawValue: line.type) else {
                    return
                }
                let reason = fields.string("reason") ?? fields.string("cause") ?? ""
                page.marks.append(
                    .init(
                        kind: kind, lane: nil, asked: at, told: at, cause: reason,
                        identifier: fields.string("identifier") ?? "", title: nil))
            case "run":
                guard let at = fields.instant("at") else { return }
                page.runs.append(
                    .init(
                        at: at, cause: fields.string("cause") ?? "", wanted: fields.integer("wanted"),
                        held: fields.integer("held"), runwayMinutes: fields.integer("runwayMinutes")))
            case "summary":
                page.platform = fields.string("platform") ?? page.platform
                page.pendingLimit = fields.integer("pendingLimit")
                page.peakPending = fields.integer("peakPending")
            default:
                return
            }
        }
    }
}
