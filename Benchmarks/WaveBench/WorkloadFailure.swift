/// A measured workload did not do what it was asked (a delivery lost, a count off): the run fails.
struct WorkloadFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }

    /// Throws unless `condition` holds.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(WorkloadFailure) {
        if !condition {
            throw WorkloadFailure(message())
        }
    }
}
