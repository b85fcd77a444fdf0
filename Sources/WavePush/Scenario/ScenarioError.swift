/// A scenario or configuration that cannot be used: where (a JSON path such as `actions[3].token`) and what.
struct ScenarioError: Error, CustomStringConvertible {
    var path: String
    var message: String

    init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
