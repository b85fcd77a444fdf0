public import WaveNotifications

/// Shadow's texts as keys of the `Shadow` table: a title per category, a body per category (food per anchor,
/// supplements for one name or many).
///
/// Supplement names are the only user data in a text; the name list is an argument, its conjunction is in the
/// table: `shadow.supplements.body.many` takes the leading names (`%1$@`, joined by ``nameSeparator``) and the last
/// one (`%2$@`), so each language words "A and B" / "A, B and C" and "them" itself.
public enum ShadowTexts {
    /// The table every Shadow key is in (`Shadow.strings`).
    public static let table = "Shadow"
    /// What joins the leading names of three or more supplements (before the table's own conjunction).
    public static let nameSeparator = ", "

    /// The title of a category: Supplements, Food, Fluids, Photos, Journal, Activities, Check-in, BBT & vitals.
    ///
    /// - Parameter category: The category.
    /// - Returns: `shadow.<category>.title`.
    public static func title(for category: ShadowCategory) -> LocalizedText {
        LocalizedText(table: table, key: "shadow.\(category.rawValue).title")
    }

    /// The body of a check-in.
    ///
    /// - Parameter checkIn: The check-in.
    /// - Returns: `shadow.supplements.body.one` (one name) or `.many` (leading names, last name) for supplements;
    ///   `shadow.food.body.<anchor>` for food at an anchor (`shadow.food.body` when not at one); else
    ///   `shadow.<category>.body`.
    public static func body(for checkIn: ShadowCheckIn) -> LocalizedText {
        switch checkIn.category {
        case .supplements:
            return supplementsBody(names: checkIn.supplementNames)
        case .food:
            let key = checkIn.anchor.map { "shadow.food.body.\($0.rawValue)" } ?? "shadow.food.body"
            return LocalizedText(table: table, key: key)
        default:
            return LocalizedText(table: table, key: "shadow.\(checkIn.category.rawValue).body")
        }
    }

    /// The supplements body for names in the user's order.
    ///
    /// - Parameter names: One name or more.
    /// - Returns: `.one` with the name, or `.many` with the leading names joined by ``nameSeparator`` and the last.
    public static func supplementsBody(names: [String]) -> LocalizedText {
        guard names.count > 1 else {
            return LocalizedText(table: table, key: "shadow.supplements.body.one", arguments: [names.first ?? ""])
        }
        return LocalizedText(
            table: table, key: "shadow.supplements.body.many",
            arguments: [names.dropLast().joined(separator: nameSeparator), names[names.count - 1]])
    }
}
