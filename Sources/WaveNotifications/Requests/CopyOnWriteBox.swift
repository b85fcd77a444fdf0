/// A value kept in one shared, copy-on-write box: copying the owner costs one reference count instead of one per
/// field, and arrays of owners stay small when they grow.
///
/// Equality, hashing and coding are the value's (equal boxes are equal at once); the value is copied into a new box
/// only when it is changed while another owner shares the box. ``NotificationRequest`` and ``NotificationChannel``
/// keep their fields in one.
struct CopyOnWriteBox<Value: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    /// The box: only ever mutated through ``value`` after a uniqueness check.
    private final class Box: @unchecked Sendable {
        var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private var box: Box

    /// Boxes a value.
    ///
    /// - Parameter value: The value.
    init(_ value: Value) {
        box = Box(value)
    }

    /// The value; changing it copies the box first when another owner shares it.
    var value: Value {
        get { box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) {
                box = Box(box.value)
            }
            yield &box.value
        }
    }

    static func == (lhs: CopyOnWriteBox, rhs: CopyOnWriteBox) -> Bool {
        lhs.box === rhs.box || lhs.box.value == rhs.box.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(box.value)
    }

    /// Decodes the value as if it stood in the box's place.
    init(from decoder: any Decoder) throws {
        box = Box(try Value(from: decoder))
    }

    /// Encodes the value as if it stood in the box's place.
    func encode(to encoder: any Encoder) throws {
        try box.value.encode(to: encoder)
    }
}
