internal import Foundation
internal import WaveNotificationsTesting

/// The look shared by the replay and fleet pages: one inline style sheet, the colours of the causes, and the frame
/// of a self-contained page (no script, no font, no file fetched; it opens offline and prints).
///
/// The colours are Okabe and Ito's palette, which people with the common colour-vision deficiencies tell apart; a
/// mark's shape says its kind too (a dot told, a cross lost, a square suppressed, a diamond skipped), so colour is
/// never the only cue. A dark system theme (`prefers-color-scheme: dark`) swaps the background and the neutral greys.
enum PageStyle {
    /// The causes a notification reaches its user by, in legend order: on time, then each device delay, then each
    /// reason iOS kept it quiet. A cause not listed (added to the device models later) is drawn in ``otherCause``'s
    /// grey.
    static let causes: [String] =
        ["on_time"] + DelayCause.allCases.map(\.rawValue) + QuietReason.allCases.map(\.rawValue)

    /// The class of a cause the style sheet has no colour for.
    static let otherCause = "other"

    /// A cause's words for the legend and the tables, as the timeline says them.
    ///
    /// - Parameter cause: The cause's machine name (`standby_bucket`, `focus`, `on_time`).
    /// - Returns: Its words.
    static func words(forCause cause: String) -> String {
        if cause == "on_time" { return "on time" }
        return FleetAnswer.causeWords(cause)
    }

    /// The CSS class of a cause's colour: `k-focus`, or `k-other` for a cause the sheet does not know.
    ///
    /// - Parameter cause: The cause's machine name.
    /// - Returns: The class.
    static func cssClass(forCause cause: String) -> String {
        "k-" + (causes.contains(cause) ? cause : otherCause)
    }

    /// Writes a whole page around a body.
    ///
    /// - Parameters:
    ///   - title: The page's title.
    ///   - language: The page's language (`en`, `fr`), for `<html lang>`.
    ///   - body: Writes the body's content.
    /// - Returns: The page.
    static func page(title: String, language: String, body: (inout HTMLBuilder) -> Void) -> String {
        var html = HTMLBuilder()
        html.raw("<!DOCTYPE html>\n")
        html.start("html", ["lang": language])
        html.start("head")
        html.empty("meta", ["charset": "utf-8"])
        html.empty("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
        html.empty("meta", ["name": "color-scheme", "content": "light dark"])
        html.element("title", text: title)
        html.start("style")
        html.raw(madeOfConstants: sheet)
        html.end()
        html.end()
        html.start("body")
        body(&html)
        html.end()
        html.end()
        return html.document + "\n"
    }

    /// Writes a legend of causes, each with its swatch and, when given, its count.
    ///
    /// - Parameters:
    ///   - html: The page.
    ///   - entries: The causes' machine names and counts, in order.
    static func legend(_ html: inout HTMLBuilder, _ entries: [(cause: String, count: Int?)]) {
        html.start("p", ["class": "legend"])
        for (cause, count) in entries {
            html.start("span", ["class": "entry"])
            html.element("span", ["class": "sw \(cssClass(forCause: cause))"], text: "")
            html.text(words(forCause: cause) + (count.map { " \($0)" } ?? ""))
            html.end()
        }
        html.end()
    }

    /// Writes a table of figures inside a closed `<details>`, the numbers of the chart above it.
    ///
    /// - Parameters:
    ///   - html: The page.
    ///   - summary: What the table holds.
    ///   - header: The column names.
    ///   - rows: The cells; a cell that is a number is aligned right.
    static func table(_ html: inout HTMLBuilder, summary: String, header: [String], rows: [[String]]) {
        html.start("details")
        html.element("summary", text: summary)
        html.start("table")
        html.start("thead")
        html.start("tr")
        for name in header { html.element("th", ["scope": "col"], text: name) }
        html.end()
        html.end()
        html.start("tbody")
        for row in rows {
            html.start("tr")
            for cell in row {
                if cell.first.map({ $0.isNumber }) == true, cell.allSatisfy({ $0.isNumber || ",.%".contains($0) }) {
                    html.element("td", ["class": "n"], text: cell)
                } else {
                    html.element("td", text: cell)
                }
            }
            html.end()
        }
        html.end()
        html.end()
        html.end()
    }

    /// The style sheet: neutral colours as variables a dark theme swaps, one class per cause (``causeRules``, made
    /// of the cause enums' cases).
    private static let sheet: String =
        sheetStart.description + causeRules.marks + sheetMiddle.description + causeRules.swatches + sheetEnd.description

    /// Each cause's colour after on time, in the order of ``causes`` (each device delay, then each quiet reason): the
    /// style sheet's rules for the causes are made of the enums' cases, so a case added to the device models gets
    /// its rules, in ``otherColour`` until it is given a colour here.
    private static let causeColours: [(fill: String, stroke: String)] = [
        ("#D55E00", "#D55E00"), ("#E69F00", "#E69F00"), ("#56B4E9", "#56B4E9"), ("#0072B2", "#0072B2"),
        ("#CC79A7", "#CC79A7"), ("#009E73", "#009E73"), ("#F0E442", "#8a7f00"),
    ]

    /// The colour of ``otherCause``.
    private static let otherColour = (fill: "#999", stroke: "#999")

    /// The rules of the causes' classes: a mark's fill and stroke (two rules a line), and a legend swatch's
    /// background (one line, after on time's).
    private static let causeRules: (marks: String, swatches: String) = {
        let coloured =
            causes.dropFirst().enumerated().map { index, cause in
                (name: cause, colour: index < causeColours.count ? causeColours[index] : otherColour)
            } + [(name: otherCause, colour: otherColour)]
        var marks = ""
        for (index, cause) in coloured.enumerated() {
            marks += ".k-\(cause.name){fill:\(cause.colour.fill);stroke:\(cause.colour.stroke)}"
            if index % 2 == 1 || index == coloured.count - 1 { marks += "\n" }
        }
        let swatches =
            "span.sw.k-on_time{background:var(--on_time)}"
            + coloured.map { "span.sw.k-\($0.name){background:\($0.colour.fill)}" }.joined() + "\n"
        return (marks, swatches)
    }()

    /// The style sheet up to the causes' marks.
    private static let sheetStart: StaticString = """
        :root{color-scheme:light dark;--bg:#fff;--fg:#1b1b1b;--muted:#5f5f5f;--grid:#d4d4d4;--lane:#f3f3f3;\
        --on_time:#4d4d4d;--lost:#000}
        @media (prefers-color-scheme:dark){:root{--bg:#141414;--fg:#ececec;--muted:#a8a8a8;--grid:#444;\
        --lane:#202020;--on_time:#c8c8c8;--lost:#fff}}
        body{font:14px/1.45 system-ui,sans-serif;background:var(--bg);color:var(--fg);margin:1.5em auto;\
        max-width:1180px;padding:0 1em}
        h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.2em;margin:1.6em 0 .4em}h3{font-size:1em;margin:1.2em 0 .3em}
        p.sub{color:var(--muted);margin:.2em 0 1em}
        svg{display:block;max-width:100%;height:auto;overflow:visible}
        svg text{fill:var(--fg);font-size:11px;font-family:system-ui,sans-serif}
        svg text.muted{fill:var(--muted)}
        .grid{stroke:var(--grid);stroke-width:1}.lane{fill:var(--lane)}.axis{stroke:var(--muted)}
        .limit{stroke:var(--fg);stroke-dasharray:4 3;fill:none}.held{stroke:#0072B2;stroke-width:2;fill:none}
        .runway{fill:#0072B2;opacity:.35}.run{fill:var(--fg)}
        .curve{fill:none;stroke-width:2}.p-all{stroke:var(--fg)}.p-ios{stroke:#0072B2}.p-android{stroke:#D55E00}\
        .p-linux{stroke:#009E73}
        .k-on_time{fill:var(--on_time);stroke:var(--on_time)}.marks circle:not([class]){fill:var(--on_time)}\
        .marks circle{r:3.6px}\
        .marks.compact circle{r:2.1px}.legend svg{display:inline-block;vertical-align:-1px}
        svg text.p-all{fill:var(--fg);stroke:none}svg text.p-ios{fill:#0072B2;stroke:none}\
        svg text.p-android{fill:#D55E00;stroke:none}svg text.p-linux{fill:#009E73;stroke:none}

        """

    /// The style sheet from the causes' marks to their swatches.
    private static let sheetMiddle: StaticString = """
        .k-lost{fill:none;stroke:var(--lost);stroke-width:2}.k-suppressed{fill:none;stroke:#D55E00;stroke-width:1.5}
        .k-skipped{fill:none;stroke:#CC79A7;stroke-width:1.5}
        .bar{stroke:none;opacity:.55}
        .o-lost{fill:var(--lost)}.o-suppressed{fill:#808080}.o-skipped{fill:#b8b8b8}
        span.sw.o-lost{background:var(--lost)}span.sw.o-suppressed{background:#808080}\
        span.sw.o-skipped{background:#b8b8b8}
        p.legend{margin:.3em 0}.legend .entry{margin-right:1.1em;white-space:nowrap}
        .sw{display:inline-block;width:.85em;height:.85em;margin-right:.3em;vertical-align:-1px;border-radius:2px;\
        border:1px solid var(--grid)}
        span.sw.k-lost,span.sw.k-suppressed,span.sw.k-skipped{background:none}

        """

    /// The style sheet after the causes' swatches.
    private static let sheetEnd: StaticString = """
        table{border-collapse:collapse;margin:.4em 0;font-size:13px}
        th,td{padding:2px 9px;border-bottom:1px solid var(--grid);text-align:left;vertical-align:top}
        td.n{text-align:right;font-variant-numeric:tabular-nums}
        details{margin:.3em 0 1.2em}summary{cursor:pointer;color:var(--muted)}
        @media print{body{margin:0;max-width:none}details::details-content{display:block;content-visibility:visible}\
        summary{color:var(--fg)}.day{break-inside:avoid}}

        """
}
