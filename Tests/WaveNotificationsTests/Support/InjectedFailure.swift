/// The error tests make managers throw.
struct InjectedFailure: Error, CustomStringConvertible {
    var description: String { "injected failure" }
}
