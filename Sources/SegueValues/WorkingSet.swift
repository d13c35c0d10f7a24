import CPrefetch

/// Where a session's turn reads memory, so the CPU can fetch it before the turn begins.
///
/// At capacity a server holds more worlds than its last-level cache, so each session's turn starts
/// cold and stalls on one miss after another as it follows pointers from object to object: about
/// 85 lines a slides turn, a dependent miss each (docs/performance.md, "Cache misses, counted").
/// The objects stay where they are from one frame to the next, so the session notes their addresses
/// while they are warm (`SceneSession` does, every few frames) and the server, ticking its sessions
/// one after another, has the next session's lines fetched while it serves the current one
/// (`forEach(_:workingSet:_:)`), a few lines at a time from inside the turn's loops
/// (`fetchSome()`): the misses then overlap the work instead of following it.
///
/// An entry is an address and a line count, never dereferenced: an object freed since it was noted
/// costs a useless fetch, nothing else, since a prefetch never faults. So the entries are not
/// references and keep nothing alive. The entries live in this object's own storage, so fetching
/// them costs one short run of lines rather than a chain.
public final class WorkingSet: ManagedBuffer<WorkingSet.Header, UInt64> {
    /// Entries one set holds. The built-in scenes note 39 (sheet) to 65 (fade) at most, transitions
    /// included, and the transport keeps 2 of its connection's (`keepNotedEntries()`); a scene with
    /// more views than fit loses the fetch of its last ones, which are noted last
    /// (`Window.noteWorkingSet(in:)` notes a turn's first reads first).
    public static let capacity = 80
    /// The line size of every x86-64 and Arm server core in use.
    @usableFromInline static let lineSize = 64
    /// An entry keeps its line count in its top byte: user-space addresses are below 2^56 on x86-64
    /// (even with five-level paging) and on Arm64.
    @usableFromInline static let addressBits: UInt64 = 56
    @usableFromInline static let addressMask: UInt64 = (1 << addressBits) - 1
    /// At most this many lines per entry, the top byte's range; a view, the largest object a turn
    /// reads whole, takes 6 and a display list's nodes about 170.
    public static let maximumLines = 255
    /// Lines fetched of an item's own object ahead of its working set (`forEach`): where its
    /// reference to the set sits.
    @usableFromInline static let itemLines = 2

    public struct Header {
        @usableFromInline var count = 0
        /// Entries noted past `capacity` since `removeAll()`.
        var dropped = 0
        /// Entries `removeAll()` leaves (`keepNotedEntries()`).
        var kept = 0
    }

    public static func make() -> WorkingSet {
        unsafeDowncast(create(minimumCapacity: capacity) { _ in Header() }, to: WorkingSet.self)
    }

    /// Entries noted: those kept (`keepNotedEntries()`) and those since `removeAll()`, at most `capacity`.
    public var count: Int { header.count }
    /// Entries not noted since `removeAll()`: past `capacity`, or at an address an entry cannot hold.
    var dropped: Int { header.dropped }

    /// Forgets every entry but those kept.
    public func removeAll() {
        header = Header(count: header.kept, kept: header.kept)
    }

    /// Keeps the entries noted so far through every `removeAll()`, ahead of what is noted after.
    /// For memory the set's owner does not know of and that stays where it is while the set lives:
    /// the transport notes its connection's state once, and the session's own noting, every few
    /// frames, leaves it (`Server.noteConnectionState`).
    public func keepNotedEntries() {
        header.kept = header.count
    }

    /// Notes an object's allocation, from its start: its header, then its stored properties.
    public func add(_ object: AnyObject, maximumLines: Int = WorkingSet.maximumLines) {
        add(allocation: UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()), maximumLines: maximumLines)
    }

    /// Notes a C library's block, `start` as `malloc` returned it.
    public func add(allocation start: UnsafeRawPointer, maximumLines: Int = WorkingSet.maximumLines) {
        add(start: start, bytes: min(segue_allocation_size(start), maximumLines * Self.lineSize))
    }

    /// Notes an array's elements and its header before them: the count and capacity, which every
    /// access checks, and the reference count, which every write checks for uniqueness and every
    /// copy retains. An empty array has no storage of its own. Inlinable, so that a caller's array
    /// is noted without looking up its element type's metadata at run time.
    @inlinable public func add<Element>(_ array: [Element]) {
        guard !array.isEmpty else { return }
        array.withUnsafeBytes { elements in
            guard let base = elements.baseAddress else { return }
            add(start: base - Self.arrayHeaderBytes, bytes: elements.count + Self.arrayHeaderBytes)
        }
    }

    /// An array's storage object before its elements: its metadata pointer, reference count, count
    /// and capacity (Swift's `_ContiguousArrayStorage` on 64-bit platforms).
    @usableFromInline static let arrayHeaderBytes = 4 * MemoryLayout<Int>.size

    /// Notes the lines that hold `bytes` bytes from `start`.
    public func add(start: UnsafeRawPointer, bytes: Int) {
        guard bytes > 0 else { return }
        let address = UInt64(UInt(bitPattern: start))
        guard header.count < Self.capacity, address + UInt64(bytes) <= Self.addressMask else {
            header.dropped += 1
            return
        }
        let firstLine = address / UInt64(Self.lineSize)
        let lastLine = (address + UInt64(bytes) - 1) / UInt64(Self.lineSize)
        let lines = min(lastLine - firstLine + 1, UInt64(Self.maximumLines))
        withUnsafeMutablePointerToElements { $0[header.count] = firstLine * UInt64(Self.lineSize) | lines << Self.addressBits }
        header.count += 1
    }

    /// The noted entries, as the first line's address and the number of lines.
    var entries: [(start: UnsafeRawPointer, lines: Int)] {
        withUnsafeMutablePointerToElements { elements in
            (0..<header.count).map { index in
                (UnsafeRawPointer(bitPattern: UInt(elements[index] & Self.addressMask))!,
                 Int(elements[index] >> Self.addressBits))
            }
        }
    }

    /// Asks the CPU for this set's own header and entries, so that queueing it (`forEach`) reads them warm.
    /// It reads none of them: the set is still cold here, and reading its count would wait for
    /// the very line this fetches. So it fetches the whole room, `capacity` entries.
    @inlinable public func prefetchEntries() {
        let start = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        let end = withUnsafeMutablePointerToElements { UnsafeRawPointer($0 + Self.capacity) }
        var line = start
        while line < end {
            segue_prefetch(line)
            line += Self.lineSize
        }
    }

    /// Lines of the next item's set fetched as it is queued, before the current item's turn.
    @usableFromInline static let firstDoseLines = 16
    /// Lines fetched at each point of a turn that asks (`fetchSome()`): few enough that a dose
    /// finds room among the misses the core keeps in flight, and the fetches overlap the turn's own
    /// work. Doses of 16 lines measured no faster (docs/performance.md, stop 28).
    @usableFromInline static let doseLines = 8

    /// Calls `body` with each item in order, having the CPU fetch the next items' memory meanwhile,
    /// each a step further down the chain the longer it has: three items ahead, the item's own
    /// object (whose field holds its set); two ahead, its set's entries; one ahead, the lines they
    /// name. So no item's turn starts with a chain of misses. Items without a set are served as
    /// they come.
    ///
    /// The lines of the next item's set (a few hundred) are not asked for at once: a burst that
    /// long fills the CPU's miss queue and the thread waits for room before the turn can begin.
    /// They are queued, and the turn's own loops (`fetchSome()`: the builder, the engine, the
    /// transport) ask for a dose at a time. What the turn did not ask for is fetched after it.
    ///
    /// The first item has no turn before it to hide its fetch in, so its lines are asked for at
    /// once before its turn: the wait for room in the miss queue is shorter than its turn
    /// following pointers through them one miss at a time. That matters because most lists are
    /// short: input is answered after each wakeup of the service loop, about nine sessions at a
    /// time under load, and a tick group starts a list of its own (docs/performance.md, stop 31).
    ///
    /// `workingSet` gives each item's set unretained: retaining the set two items ahead would read
    /// its header, cold until the fetch meant to bring it, and wait for it there.
    @inlinable public static func forEach<Item: AnyObject>(
        _ items: [Item], workingSet: (Item) -> Unmanaged<WorkingSet>?, _ body: (Item) -> Void
    ) {
        let count = items.count
        if count > 0, let first = workingSet(items[0]) {
            first._withUnsafeGuaranteedRef { $0.queueForFetching() }
            // The whole set: the queue is empty again when the loop begins.
            fetchRest()
        }
        for index in 0..<count {
            if index + 3 < count {
                let object = UnsafeRawPointer(Unmanaged.passUnretained(items[index + 3]).toOpaque())
                for line in 0..<itemLines { segue_prefetch(object + line * lineSize) }
            }
            if index + 2 < count { workingSet(items[index + 2])?._withUnsafeGuaranteedRef { $0.prefetchEntries() } }
            if index + 1 < count, let next = workingSet(items[index + 1]) {
                next._withUnsafeGuaranteedRef { $0.queueForFetching() }
                fetch(lines: firstDoseLines)
            }
            body(items[index])
            fetchRest()
        }
    }

    /// Asks the CPU for the next few lines of the set queued on this thread, if any: called from
    /// the loops of a turn, so that the next item's memory arrives while this one is served.
    @inlinable public static func fetchSome() {
        fetch(lines: doseLines)
    }

    /// Makes this set the thread's fetch queue. The set must outlive the queue: `forEach` empties
    /// the queue before the items it holds can go.
    @inlinable func queueForFetching() {
        let queue = segue_thread_fetch_queue()!
        withUnsafeMutablePointerToElements { elements in
            queue.pointee.next = UnsafePointer(elements)
            queue.pointee.end = UnsafePointer(elements + header.count)
        }
        queue.pointee.lines = 0
    }

    /// Asks for up to `dose` lines from the thread's queue. The queue is read once and written back
    /// once: a run of lines costs a prefetch and a few register operations each.
    @inlinable static func fetch(lines dose: Int) {
        let queue = segue_thread_fetch_queue()!
        guard var next = queue.pointee.next else { return }
        let end = queue.pointee.end
        var line = UInt(bitPattern: queue.pointee.line)
        var lines = queue.pointee.lines
        var left = dose
        while left > 0 {
            if lines == 0 {
                guard next != end else { break }
                line = UInt(next.pointee & addressMask)
                lines = UInt(next.pointee >> addressBits)
                next += 1
                continue
            }
            segue_prefetch(UnsafeRawPointer(bitPattern: line))
            line &+= UInt(lineSize)
            lines -= 1
            left -= 1
        }
        queue.pointee.next = next
        queue.pointee.line = UnsafePointer(bitPattern: line)
        queue.pointee.lines = lines
        queue.pointee.requested &+= UInt(dose - left)
    }

    /// Lines of working sets this thread has asked for since it began (`forEach`, `fetchSome()`).
    public static var linesRequestedOnThisThread: Int {
        Int(truncatingIfNeeded: segue_thread_fetch_queue()!.pointee.requested)
    }

    /// Fetches what is left of the queue and empties it.
    @inlinable static func fetchRest() {
        fetch(lines: .max)
        let queue = segue_thread_fetch_queue()!
        queue.pointee.next = nil
        queue.pointee.end = nil
    }
}
