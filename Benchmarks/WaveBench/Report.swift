internal import Foundation

/// Turns the summaries into the table (or JSON), with the ratios, the growth and the goals.
struct Report {
    let machine: MachineFacts
    let quick: Bool
    let summaries: [CaseSummary]
    let wallSeconds: Double
    let repetitionsOverride: Int?

    /// The summary of a case at a size, when it ran.
    func summary(_ benchCase: BenchCase, _ size: Int) -> CaseSummary? {
        summaries.first { $0.caseName == benchCase.rawValue && $0.size == size }
    }

    /// How the figures were taken, as both reports state it.
    var method: String {
        let repetitions = repetitionsOverride.map(String.init) ?? (quick ? "2" : "5")
        let deliveryRepetitions = repetitionsOverride.map(String.init) ?? (quick ? "1" : "3")
        return "Each run is a fresh child process (this binary re-run with a hidden --case flag), so no case's heap "
            + "affects another's. Per case and size: 1 warm-up run, discarded, then \(repetitions) measured runs "
            + "(\(deliveryRepetitions) for delivery accuracy and the desktop; 1 when the warm-up took over a minute), "
            + "interleaved "
            + "across the implementations compared; "
            + "figures are medians over the measured runs. Inside a run, the queue and sync workloads first run a "
            + "small copy of themselves to warm up. Peak memory is the child's VmHWM at its end; 'net' subtracts "
            + "what every side shares (the idle process, and for the queue the generated plan)."
    }

    /// The peak memory per notification of a queue run, less what the generated plan alone takes.
    func netPerNotification(_ summary: CaseSummary) -> Double? {
        guard let peak = summary.peakResidentBytes,
            let plan = self.summary(.queuePlan, summary.size)?.peakResidentBytes,
            summary.size > 0
        else { return nil }
        return (peak - plan) / Double(summary.size)
    }

    /// The runs of one scenario on linux and on ios, by size (by default the refreshed Shadow).
    func platformPairs(
        _ linuxCase: BenchCase = .replayShadowRefreshLinux, _ iosCase: BenchCase = .replayShadowRefreshIOS
    ) -> [(linux: CaseSummary, ios: CaseSummary)] {
        summaries.filter { $0.caseName == linuxCase.rawValue }.compactMap { linux in
            summary(iosCase, linux.size).map { (linux, $0) }
        }
    }

    /// The median wall time on ios over the median on linux, when both ran.
    func platformRatio(linux: CaseSummary, ios: CaseSummary) -> Double? {
        guard linux.failure == nil, ios.failure == nil, let linuxSeconds = linux.median("seconds"),
            let iosSeconds = ios.median("seconds"), linuxSeconds > 0
        else { return nil }
        return iosSeconds / linuxSeconds
    }

    /// How many times ours does of theirs; `nil` when either is missing or theirs is not positive.
    func ratio(_ ours: Double?, _ theirs: Double?) -> Double? {
        guard let ours, let theirs, theirs > 0 else { return nil }
        return ours / theirs
    }
}
