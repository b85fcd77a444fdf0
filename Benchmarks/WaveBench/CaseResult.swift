/// What one child process reports for one run of one case, as a JSON line.
struct CaseResult: Codable, Sendable {
    /// The case's name.
    var caseName: String
    /// The size it ran at.
    var size: Int
    /// Named figures: `seconds` (the timed region), `operations`, and case-specific ones.
    var metrics: [String: Double]
    /// `VmHWM` at the end of the run: the child's peak resident memory.
    var peakResidentBytes: Int
    /// `VmRSS` at the end of the run.
    var residentBytes: Int
    /// Why the workload failed, if it did.
    var failure: String?
}
