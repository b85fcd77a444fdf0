internal import Foundation

// The JSON report: every result with its medians and samples, and the goals.
extension Report {
    private struct Document: Codable {
        struct Result: Codable {
            var caseName: String
            var size: Int
            var warmUps: Int
            var repetitions: Int
            var failure: String?
            var medians: [String: Double]
            var samples: [CaseResult]
        }

        var tool: String
        var quick: Bool
        var machine: MachineFacts
        var method: String
        var wallSeconds: Double
        var results: [Result]
        var goals: [Goal]
    }

    func json() -> String {
        let results = summaries.map { summary in
            var medians: [String: Double] = [:]
            for key in Set(summary.samples.flatMap(\.metrics.keys)) {
                medians[key] = summary.median(key)
            }
            medians["operationsPerSecond"] = summary.operationsPerSecond
            medians["peakResidentBytes"] = summary.peakResidentBytes
            medians["finalResidentBytes"] = summary.finalResidentBytes
            return Document.Result(
                caseName: summary.caseName, size: summary.size, warmUps: summary.warmUps,
                repetitions: summary.samples.count, failure: summary.failure, medians: medians, samples: summary.samples
            )
        }
        let document = Document(
            tool: "wavebench", quick: quick, machine: machine, method: method, wallSeconds: wallSeconds,
            results: results,
            goals: goals())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // NaN and infinity are not JSON; they only appear for a metric a run could not compute.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
