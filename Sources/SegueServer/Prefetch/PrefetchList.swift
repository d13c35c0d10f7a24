import CLibWebSockets
import SegueValues

/// Where a session's next turn reads memory, so the CPU can fetch it while the session before is
/// served.
///
/// At capacity a server holds more worlds than its last-level cache, so each turn would start
/// cold and stall on one miss after another as it follows pointers from the session to its world,
/// window, engine, views and nodes. Those objects stay where they are from one frame to the next,
/// so the transport has the session walk them (`FrameMemoryVisitor`) while they are warm and keeps
/// their addresses here; `forEach(_:prefetchList:_:)` then fetches them ahead of the turn.
///
/// An entry is an address and a line count, never read through: an object freed since it was
/// visited costs a useless fetch, nothing else, since a prefetch never faults. So entries keep
/// nothing alive. They live in this object's own storage: fetching them is one short run of lines.
final class PrefetchList: ManagedBuffer<PrefetchList.Header, UInt64>, FrameMemoryVisitor {
    /// Entries one list holds; a world with more loses the fetch of what it reads last (a walk
    /// names a turn's first reads first).
    static let capacity = 80
    /// The line size of every x86-64 and Arm server core in use.
    static let lineSize = 64
    /// An entry keeps its line count in its top byte: user-space addresses are below 2^56 on
    /// x86-64 (even with five-level paging) and on Arm64.
    static let addressBits: UInt64 = 56
    static let addressMask: UInt64 = (1 << addressBits) - 1
    /// At most this many lines per entry, the top byte's range.
    static let maximumLines = 255
    /// An array's buffer before its elements: metadata pointer, reference count, count and
    /// capacity (Swift's `_ContiguousArrayStorage` on 64-bit platforms).
    static let arrayHeaderBytes = 4 * MemoryLayout<Int>.size

    struct Header {
        var count = 0
        /// Entries not kept since `removeAll()`: past `capacity`, or at an address an entry cannot hold.
        var dropped = 0
    }

    static func make() -> PrefetchList {
        unsafeDowncast(create(minimumCapacity: capacity) { _ in Header() }, to: PrefetchList.self)
    }

    var count: Int { header.count }
    var dropped: Int { header.dropped }

    func removeAll() {
        header = Header()
    }

    func visit(_ object: AnyObject) {
        let start = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        add(start: start, bytes: min(segue_allocation_size(start), Self.maximumLines * Self.lineSize))
    }

    func visit<Element>(_ array: [Element]) {
        guard !array.isEmpty else { return }
        array.withUnsafeBytes { elements in
            guard let base = elements.baseAddress else { return }
            add(start: base - Self.arrayHeaderBytes, bytes: elements.count + Self.arrayHeaderBytes)
        }
    }

    /// Keeps the lines that hold `bytes` bytes from `start`.
    private func add(start: UnsafeRawPointer, bytes: Int) {
        let address = UInt64(UInt(bitPattern: start))
        guard bytes > 0, header.count < Self.capacity, address + UInt64(bytes) <= Self.addressMask else {
            header.dropped += 1
            return
        }
        let firstLine = address / UInt64(Self.lineSize)
        let lastLine = (address + UInt64(bytes) - 1) / UInt64(Self.lineSize)
        let lines = min(lastLine - firstLine + 1, UInt64(Self.maximumLines))
        withUnsafeMutablePointerToElements { $0[header.count] = firstLine * UInt64(Self.lineSize) | lines << Self.addressBits }
        header.count += 1
    }

    /// The entries, as each run's first line and its number of lines.
    var entries: [(start: UnsafeRawPointer, lines: Int)] {
        withUnsafeMutablePointerToElements { elements in
            (0..<header.count).map { index in
                (UnsafeRawPointer(bitPattern: UInt(elements[index] & Self.addressMask))!,
                 Int(elements[index] >> Self.addressBits))
            }
        }
    }

    /// Fetches this list's own header and entries without reading them: the list is still cold
    /// here, and reading its count would wait for the very line this fetches. So it fetches the
    /// whole room, `capacity` entries.
    func prefetchEntries() {
        let start = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        let end = withUnsafeMutablePointerToElements { UnsafeRawPointer($0 + Self.capacity) }
        var line = start
        while line < end {
            segue_prefetch(line)
            line += Self.lineSize
        }
    }

    /// Fetches every line the entries name.
    func prefetchLines() {
        withUnsafeMutablePointerToElements { elements in
            for index in 0..<header.count {
                var line = UInt(elements[index] & Self.addressMask)
                for _ in 0..<Int(elements[index] >> Self.addressBits) {
                    segue_prefetch(UnsafeRawPointer(bitPattern: line))
                    line &+= UInt(Self.lineSize)
                }
            }
        }
    }

    /// Calls `body` with each item in order, having the CPU fetch the next items' memory meanwhile,
    /// each a step further down the chain the longer it has: three items ahead, the item's own
    /// object (whose field holds its list); two ahead, its list's entries; one ahead, the lines
    /// they name. So no turn starts with a chain of misses. Items without a list are served as
    /// they come.
    ///
    /// The first item has no turn before it to hide its fetch in, and most lists are short (input
    /// is answered a few sessions at a time), so its lines are asked for before its turn: the
    /// wait for them overlaps, where its turn would follow its pointers one miss at a time.
    static func forEach<Item: AnyObject>(_ items: [Item], prefetchList: (Item) -> PrefetchList?,
                                         _ body: (Item) -> Void) {
        let count = items.count
        if count > 0 { prefetchList(items[0])?.prefetchLines() }
        for index in 0..<count {
            if index + 3 < count {
                segue_prefetch(UnsafeRawPointer(Unmanaged.passUnretained(items[index + 3]).toOpaque()))
            }
            if index + 2 < count { prefetchList(items[index + 2])?.prefetchEntries() }
            if index + 1 < count { prefetchList(items[index + 1])?.prefetchLines() }
            body(items[index])
        }
    }
}

/// A connection handler that can name the memory its next turn reads (`PrefetchList`).
protocol FrameMemoryWalking: AnyObject {
    func visitFrameMemory(_ list: PrefetchList)
}
