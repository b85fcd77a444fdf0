internal import WaveNotifications

/// The distinct shapes of the WorldWideWaves calls pending in a queue: a trigger and the title and body keys, each
/// kept once and numbered, however many events' calls share it (a replay of 100k events has six).
///
/// A shape is counted by the calls that use it and its number reused once none does, so the table holds only what
/// is pending. Finding a shape compares the few there usually are one by one (a trigger and two strings that are
/// usually the same literal, compared by identity first); past ``scanLimit`` a dictionary finds it.
struct CallShapeTable: Sendable {
    /// One shape and how many pending calls use it.
    struct Shape: Hashable, Sendable {
        var trigger: NotificationTrigger
        var titleKey: String
        var bodyKey: String
    }

    /// Up to this many shapes, a search compares them in turn rather than hashing.
    static let scanLimit = 16

    private(set) var shapes: [Shape] = []
    private var uses: [Int32] = []
    private var freeNumbers: [Int32] = []
    /// Every shape in use, by value, for a search past ``scanLimit``.
    private var numbers: [Shape: Int32] = [:]

    /// The shape with this number.
    subscript(number: Int32) -> Shape { shapes[Int(number)] }

    /// The number of this shape, counted as used once more; numbered now when no pending call has it.
    ///
    /// - Parameters:
    ///   - trigger: The call's trigger, kept exactly (a request built from it shows its duration).
    ///   - titleKey: The content's title key.
    ///   - bodyKey: The content's body key.
    /// - Returns: The shape's number.
    mutating func use(trigger: NotificationTrigger, titleKey: String, bodyKey: String) -> Int32 {
        if let found = find(trigger: trigger, titleKey: titleKey, bodyKey: bodyKey) {
            uses[Int(found)] += 1
            return found
        }
        let shape = Shape(trigger: trigger, titleKey: titleKey, bodyKey: bodyKey)
        let number: Int32
        if let reused = freeNumbers.popLast() {
            number = reused
            shapes[Int(number)] = shape
            uses[Int(number)] = 1
        } else {
            number = Int32(shapes.count)
            shapes.append(shape)
            uses.append(1)
        }
        numbers[shape] = number
        return number
    }

    /// Notes that one call using the shape left the queue; the number is freed with its last.
    ///
    /// - Parameter number: A shape number in use.
    mutating func release(_ number: Int32) {
        uses[Int(number)] -= 1
        guard uses[Int(number)] == 0 else { return }
        numbers[shapes[Int(number)]] = nil
        freeNumbers.append(number)
    }

    private func find(trigger: NotificationTrigger, titleKey: String, bodyKey: String) -> Int32? {
        guard shapes.count <= Self.scanLimit else {
            return numbers[Shape(trigger: trigger, titleKey: titleKey, bodyKey: bodyKey)]
        }
        for number in shapes.indices where uses[number] > 0 {
            let shape = shapes[number]
            if shape.trigger == trigger && shape.titleKey == titleKey && shape.bodyKey == bodyKey {
                return Int32(number)
            }
        }
        return nil
    }
}
