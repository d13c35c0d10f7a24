import CPrefetch
import Motion
@testable import SegueKit
@testable import SegueValues
import Testing

/// What a working set notes (whole cache lines covering each object, in order, within its
/// capacity), how `forEach` serves its items, and what a window notes of its world.
@Suite struct WorkingSetTests {
    /// 25 words of stored properties after the 16-byte object header: 216 bytes, four lines or five.
    final class Block {
        var words = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    final class Item {
        let workingSet: WorkingSet?
        init(noted: Bool) { workingSet = noted ? WorkingSet.make() : nil }
        var unretainedWorkingSet: Unmanaged<WorkingSet>? { workingSet.map(Unmanaged.passUnretained) }
    }

    static func address(_ object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }

    /// Whether an entry's lines cover `bytes` bytes from `start`.
    static func covers(_ set: WorkingSet, _ start: UInt, bytes: Int) -> Bool {
        set.entries.contains { entry in
            let first = UInt(bitPattern: entry.start)
            return first <= start && start + UInt(bytes) <= first + UInt(entry.lines * 64)
        }
    }

    @Test func anObjectIsNotedWholeInLinesFromItsStart() throws {
        let block = Block()
        let set = WorkingSet.make()
        set.add(block)
        let entry = try #require(set.entries.first)
        let start = Self.address(block)
        #expect(set.count == 1)
        #expect(UInt(bitPattern: entry.start) == start / 64 * 64)
        #expect(Self.covers(set, start, bytes: 16 + 25 * 8))
        // No more than malloc's block for it, in lines: 216 bytes from a 16-byte boundary span 5 at most.
        let allocated = segue_allocation_size(UnsafeRawPointer(bitPattern: start))
        #expect(entry.lines == Int((start + UInt(allocated) - 1) / 64 - start / 64 + 1))
        #expect(entry.lines <= 5 + allocated / 64)
    }

    @Test func anObjectsLinesCanBeCapped() throws {
        let block = Block()
        let set = WorkingSet.make()
        set.add(block, maximumLines: 1)
        let entry = try #require(set.entries.first)
        // 64 bytes from a 16-byte boundary: one line, or two across a boundary.
        #expect(entry.lines == (Self.address(block) % 64 == 0 ? 1 : 2))
    }

    /// From the storage object's start: a write checks the reference count, 24 bytes before the
    /// elements, and that can be the line before the count's.
    @Test func anArrayIsNotedWithItsHeaderAndElements() throws {
        let array = [UInt64](repeating: 7, count: 100)
        let set = WorkingSet.make()
        set.add(array)
        let base = array.withUnsafeBytes { UInt(bitPattern: $0.baseAddress!) }
        let object = UInt(bitPattern: unsafeBitCast(array, to: UnsafeRawPointer.self))
        #expect(object == base - 32)
        let entry = try #require(set.entries.first)
        #expect(UInt(bitPattern: entry.start) == object / 64 * 64)
        #expect(entry.lines == Int((base + 799) / 64 - object / 64 + 1))
        set.add([UInt64]())
        #expect(set.count == 1)
    }

    @Test func notesPastCapacityAreDroppedAndCountedUntilCleared() {
        let arrays = (0..<(WorkingSet.capacity + 4)).map { [$0] }
        let set = WorkingSet.make()
        for array in arrays { set.add(array) }
        #expect(set.count == WorkingSet.capacity && set.dropped == 4)
        // An address an entry cannot hold is dropped too.
        set.removeAll()
        set.add(start: UnsafeRawPointer(bitPattern: UInt(1) << 57)!, bytes: 8)
        #expect(set.count == 0 && set.dropped == 1)
        set.removeAll()
        #expect(set.count == 0 && set.dropped == 0)
    }

    @Test func aCBlockIsNotedWholeFromWhereMallocReturnedIt() throws {
        let block = try #require(malloc(950))
        defer { free(block) }
        let set = WorkingSet.make()
        set.add(allocation: UnsafeRawPointer(block))
        let start = UInt(bitPattern: block)
        let allocated = segue_allocation_size(UnsafeRawPointer(block))
        #expect(allocated >= 950)
        #expect(set.count == 1 && Self.covers(set, start, bytes: allocated))
        #expect(set.entries[0].lines == Int((start + UInt(allocated) - 1) / 64 - start / 64 + 1))
    }

    @Test func keptEntriesStayFirstThroughEveryRemoval() throws {
        let kept = Block(), noted = Block(), later = Block()
        let set = WorkingSet.make()
        set.add(kept)
        set.keepNotedEntries()
        set.add(noted)
        #expect(set.count == 2)
        set.removeAll()
        #expect(set.count == 1 && Self.covers(set, Self.address(kept), bytes: 216))
        #expect(!Self.covers(set, Self.address(noted), bytes: 216))
        set.add(later)
        set.removeAll()
        set.add(later)
        #expect(set.entries.map { UInt(bitPattern: $0.start) } == [Self.address(kept) / 64 * 64, Self.address(later) / 64 * 64])
        // A set that kept nothing forgets everything.
        let fresh = WorkingSet.make()
        fresh.add(kept)
        fresh.removeAll()
        #expect(fresh.count == 0)
    }

    @Test func aLargeAllocationIsCappedAtTheEntrysRange() throws {
        let array = [UInt8](repeating: 0, count: 64 * 1_000)
        let set = WorkingSet.make()
        set.add(array)
        #expect(try #require(set.entries.first).lines == WorkingSet.maximumLines)
    }

    /// Entries outlive what they name: fetching a freed object's lines, or lines never mapped, is
    /// a hint the CPU drops.
    @Test func fetchingStaleEntriesIsHarmless() {
        let set = WorkingSet.make()
        do {
            let block = Block()
            set.add(block)
        }
        set.add(start: UnsafeRawPointer(bitPattern: 0x1000)!, bytes: 4 * 64)
        set.queueForFetching()
        WorkingSet.fetchRest()
        set.prefetchEntries()
        #expect(set.count == 2)
    }

    /// This thread's fetch queue: the entries not begun, and the next line and lines left of the
    /// one begun.
    static var queue: segue_fetch_queue { segue_thread_fetch_queue()!.pointee }

    /// A queued set goes out a dose at a time, entry after entry, and `fetchRest` empties the queue.
    @Test func aQueuedSetIsFetchedInDosesInOrder() throws {
        let set = WorkingSet.make()
        set.add(start: UnsafeRawPointer(bitPattern: 0x10000)!, bytes: 10 * 64)
        set.add(start: UnsafeRawPointer(bitPattern: 0x20000)!, bytes: 2 * 64)
        set.add(start: UnsafeRawPointer(bitPattern: 0x30000)!, bytes: 64)
        set.queueForFetching()
        let entries = try #require(Self.queue.next)
        #expect(Self.queue.end == entries + 3 && Self.queue.lines == 0)

        WorkingSet.fetchSome()
        #expect(UInt(bitPattern: Self.queue.line) == 0x10000 + UInt(WorkingSet.doseLines) * 64)
        #expect(Self.queue.lines == UInt(10 - WorkingSet.doseLines) && Self.queue.next == entries + 1)

        // The first entry's last two lines, the second's two and the third's one: the queue runs
        // out inside the dose (eight lines) and stops past the third entry's line.
        WorkingSet.fetchSome()
        #expect(UInt(bitPattern: Self.queue.line) == 0x30000 + 64)
        #expect(Self.queue.next == entries + 3 && Self.queue.lines == 0)

        WorkingSet.fetchRest()
        #expect(Self.queue.next == nil && Self.queue.end == nil && Self.queue.lines == 0)
        // Nothing queued: a dose asks for nothing and leaves the queue as it is.
        WorkingSet.fetchSome()
        #expect(Self.queue.next == nil && Self.queue.lines == 0)
    }

    /// While an item is served, the next item's set is the queue, its first dose already asked
    /// for; an item without a set leaves the queue empty; nothing stays queued after the last.
    @Test func forEachQueuesTheNextItemsSetDuringEachTurn() {
        let items = (0..<4).map { Item(noted: $0 != 2) }
        for item in items {
            for line in 0..<40 { item.workingSet?.add(start: UnsafeRawPointer(bitPattern: 0x40000 + line * 128)!, bytes: 64) }
        }
        var queued: [Int?] = []
        WorkingSet.forEach(items, workingSet: \.unretainedWorkingSet) { item in
            queued.append(Self.queue.end.map { end in
                items.firstIndex { other in
                    other.workingSet.map { set in set.withUnsafeMutablePointerToElements { UnsafePointer($0 + set.count) } } == end
                } ?? -1
            })
            // One entry a line: the first dose took that many entries.
            if let next = Self.queue.next, let end = Self.queue.end {
                #expect(end - next == 40 - WorkingSet.firstDoseLines)
            }
        }
        #expect(queued == [1, nil, 3, nil])
        #expect(Self.queue.next == nil && Self.queue.end == nil)
    }

    /// The first item has no turn before it to be fetched in: its whole set is asked for before
    /// its turn. Each later item's set is asked for while the item before it is served: a first
    /// dose before that turn, the rest in doses or after it.
    @Test func forEachFetchesTheFirstItemsWholeSetBeforeItsTurn() {
        let items = (0..<3).map { _ in Item(noted: true) }
        for (index, item) in items.enumerated() {
            item.workingSet?.add(start: UnsafeRawPointer(bitPattern: 0x40000 + index * 0x10000)!, bytes: 40 * 64)
        }
        let before = WorkingSet.linesRequestedOnThisThread
        var requestedByTurn: [Int] = []
        WorkingSet.forEach(items, workingSet: \.unretainedWorkingSet) { _ in
            requestedByTurn.append(WorkingSet.linesRequestedOnThisThread - before)
        }
        let dose = WorkingSet.firstDoseLines
        #expect(requestedByTurn == [40 + dose, 80 + dose, 120])
        #expect(WorkingSet.linesRequestedOnThisThread - before == 120)
    }

    /// The look-ahead must not skip, repeat or reorder an item, whatever the count and whichever
    /// items have no set.
    @Test(arguments: 0...7) func forEachServesEveryItemOnceInOrder(count: Int) {
        let items = (0..<count).map { Item(noted: $0 % 3 != 1) }
        for item in items { item.workingSet?.add(item) }
        var served: [ObjectIdentifier] = []
        WorkingSet.forEach(items, workingSet: \.unretainedWorkingSet) { served.append(ObjectIdentifier($0)) }
        #expect(served == items.map(ObjectIdentifier.init))
    }

    @Test func aWindowNotesItsEngineNodesAndEveryShownView() throws {
        let window = Window(size: Size(width: 390, height: 844), clock: ManualClock())
        let card = View(frame: Rect(x: 20, y: 100, width: 350, height: 200), name: "card")
        let label = View(frame: Rect(x: 10, y: 10, width: 100, height: 20), name: "label")
        let hidden = View(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "hidden")
        let underHidden = View(frame: Rect(x: 0, y: 0, width: 5, height: 5), name: "underHidden")
        window.addSubview(card)
        card.addSubview(label)
        card.addSubview(hidden)
        hidden.addSubview(underHidden)
        hidden.isHidden = true
        window.perform { View.animate(withDuration: 1) { card.alpha = 0.5 } }
        let nodes = window.displayList().nodes

        let set = WorkingSet.make()
        window.noteWorkingSet(in: set)
        #expect(set.dropped == 0)
        #expect(UInt(bitPattern: set.entries[0].start) == Self.address(window) / 64 * 64)
        // Once: the window is a view too, but the walk over the views begins below it.
        #expect(set.entries.filter { UInt(bitPattern: $0.start) == Self.address(window) / 64 * 64 }.count == 1)
        for object in [window.engine, window.transitions, card, label, window.statusBar, window.homeIndicator] as [AnyObject] {
            #expect(Self.covers(set, Self.address(object), bytes: 16))
        }
        // The hidden view is noted (its flag is read), what it hides is not.
        #expect(Self.covers(set, Self.address(hidden), bytes: 16))
        // (Its first line may share one with the hidden view's last, not the rest of it.)
        let hiddenAway = segue_allocation_size(UnsafeRawPointer(bitPattern: Self.address(underHidden))!)
        #expect(hiddenAway > 128 && !Self.covers(set, Self.address(underHidden), bytes: hiddenAway))
        let nodeBytes = nodes.withUnsafeBytes { (UInt(bitPattern: $0.baseAddress!), $0.count) }
        #expect(Self.covers(set, nodeBytes.0, bytes: nodeBytes.1))
        #expect(Self.covers(set, Self.address(window.engine.rootTimeline), bytes: 16))
    }

    @Test func animationsSharingATimelineNoteItOnce() {
        func entries(movingTheCardToo: Bool) -> Int {
            let window = Window(size: Size(width: 390, height: 844), clock: ManualClock())
            let card = View(frame: Rect(x: 20, y: 100, width: 350, height: 200), name: "card")
            let label = View(frame: Rect(x: 10, y: 10, width: 100, height: 20), name: "label")
            window.addSubview(card)
            card.addSubview(label)
            window.perform {
                View.animate(withDuration: 1) {
                    card.alpha = 0.5
                    if movingTheCardToo { card.center = Point(x: 200, y: 300) }
                }
            }
            _ = window.displayList()
            let set = WorkingSet.make()
            window.noteWorkingSet(in: set)
            #expect(Self.covers(set, Self.address(window.engine.rootTimeline), bytes: 16))
            return set.count
        }
        // The second animation runs on the first one's timeline, on the same view: nothing more to note.
        #expect(entries(movingTheCardToo: true) == entries(movingTheCardToo: false))
    }

    @Test func aWindowNotesTheRecognizersFollowingAPointer() throws {
        let window = Window(size: Size(width: 390, height: 844), clock: ManualClock())
        let card = View(frame: Rect(x: 20, y: 100, width: 350, height: 200), name: "card")
        window.addSubview(card)
        let pan = PanGestureRecognizer { _ in }
        card.addGestureRecognizer(pan)
        let set = WorkingSet.make()
        window.noteWorkingSet(in: set)
        #expect(!Self.covers(set, Self.address(pan), bytes: 16), "no pointer is down")

        window.handle(PointerEvent(phase: .down, pointerID: 1, kind: .touch, location: Point(x: 100, y: 200), timestamp: 0))
        set.removeAll()
        window.noteWorkingSet(in: set)
        #expect(Self.covers(set, Self.address(pan), bytes: 16))
    }

    /// A write checks the array's reference count, 24 bytes before the elements: when the storage
    /// starts in a line's last 16 bytes, that is the line before the count's, and it must be noted.
    @Test func anArrayStartingAtALinesEndIsNotedFromItsReferenceCount() throws {
        var kept: [[UInt64]] = []
        var found: [UInt64]?
        for count in 1...400 where found == nil {
            let array = [UInt64](repeating: 7, count: count)
            kept.append(array)
            if UInt(bitPattern: unsafeBitCast(array, to: UnsafeRawPointer.self)) % 64 == 48 { found = array }
        }
        let array = try #require(found)
        let object = UInt(bitPattern: unsafeBitCast(array, to: UnsafeRawPointer.self))
        let set = WorkingSet.make()
        set.add(array)
        #expect(Self.covers(set, object + 8, bytes: 8))
        #expect(set.count == 1)
        withExtendedLifetime(kept) {}
    }
}
