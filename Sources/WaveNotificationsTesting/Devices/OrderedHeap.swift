/// A binary min-heap: the device models' one priority queue (the Android alarms and their Doze holds, the requests
/// Android's reboot removed, the requests an iOS center discarded). Its users leave an item whose request went in
/// place and skip it when it reaches the top (lazy deletion), rebuilding the heap from the live items
/// (``init(_:)``) once stale ones outnumber them.
struct OrderedHeap<Element: Comparable & Sendable>: Sendable {
    private var storage: [Element] = []

    init() {}

    init(_ elements: [Element]) {
        storage = elements
        var index = storage.count / 2
        while index > 0 {
            index -= 1
            siftDown(from: index)
        }
    }

    var count: Int { storage.count }

    /// Every item, in no particular order.
    var unordered: [Element] { storage }

    var peek: Element? { storage.first }

    mutating func push(_ element: Element) {
        storage.append(element)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard storage[child] < storage[parent] else { break }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func pop() -> Element? {
        guard !storage.isEmpty else { return nil }
        storage.swapAt(0, storage.count - 1)
        let top = storage.removeLast()
        siftDown(from: 0)
        return top
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < storage.count else { return }
            let right = left + 1
            let smaller = right < storage.count && storage[right] < storage[left] ? right : left
            guard storage[smaller] < storage[parent] else { return }
            storage.swapAt(smaller, parent)
            parent = smaller
        }
    }
}
