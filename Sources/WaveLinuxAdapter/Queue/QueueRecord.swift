/// One pending request as the queue keeps it: 20 bytes of plain values, no reference.
///
/// What a request is made of lives in tables the record points into: a WorldWideWaves call's trigger and keys in
/// the queue's ``CallShapeTable`` (shared by every call with the same ones), its arguments and link in its thread's
/// entry of the ``QueueThreadTable`` (shared by the event's calls), its event id in that entry too; any other request
/// in the queue's request table. Its fire date and order are its key in the heap that holds it (the armed set or the
/// backlog), kept there only. So a slot holds no payload box, moving or copying the slots moves no reference
/// count (a copy is a `memcpy`), and a pending WorldWideWaves call costs one record where it cost a record and a
/// 112-byte box.
struct QueueRecord: Sendable {
    /// A free slot's record.
    static let free = QueueRecord(thread: -1, previousInThread: -1, nextInThread: -1, shape: -1, payload: -1)

    /// Its thread's number in the ``QueueThreadTable``; -1 for a free slot.
    var thread: Int32
    /// The slots before and after it in its thread's member list, or -1: a thread's members are a doubly linked
    /// list through the records, so a thread costs two integers, not an array of its own.
    var previousInThread: Int32
    var nextInThread: Int32
    /// A WorldWideWaves call's shape in the ``CallShapeTable``; -1 for a request kept whole.
    var shape: Int32
    /// A call's arguments entry in its thread; a request's number in the request table.
    var payload: Int32

    /// Whether the slot holds a request.
    var isOccupied: Bool { thread >= 0 }

    /// Whether it is a WorldWideWaves call kept in parts rather than a request kept whole.
    var isCall: Bool { shape >= 0 }
}
