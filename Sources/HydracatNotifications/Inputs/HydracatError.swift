/// Why Hydracat's rules refused an input; the message names ids and JSON paths, never a medication name or dose.
public enum HydracatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A settings field cannot be used; `path` is its JSON path, for example `pets[0].schedules[1].id`.
    case invalidSettings(path: String, problem: String)
    /// The text is not a Hydracat identifier `<userId>|<petId>|<scheduleId>|<slot>|<type>`.
    case malformedIdentifier
    /// The identifier belongs to another user.
    case unknownUser
    /// The identifier names no pet of the settings.
    case unknownPet
    /// The identifier names no schedule of the pet `petID`.
    case unknownSchedule(petID: String)

    public var description: String {
        switch self {
        case .invalidSettings(let path, let problem): "\(path): \(problem)"
        case .malformedIdentifier:
            "not a Hydracat identifier <userId>|<petId>|<scheduleId>|<YYYY-MM-DDTHH:MM>|<type>"
        case .unknownUser: "the identifier belongs to another user"
        case .unknownPet: "the identifier names an unknown pet"
        case .unknownSchedule(let petID): "the identifier names an unknown schedule of pet \(petID)"
        }
    }
}
