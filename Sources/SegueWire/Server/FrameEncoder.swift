import Motion
import SegueValues

/// Turns one connection's display lists into frame messages that carry only what changed since
/// the previous frame: a record for each node whose own, parent-relative, quantised values
/// differ (none for a node that merely moved with its parent), the paint order only when the
/// tree changed, and of the header only what differs (docs/protocol.md, version 7).
///
/// It also decides, in the same pass and at the same wire precision, whether a frame would show
/// the client anything at all: `encode` returns `false` for a frame with no record, no structure
/// and no header value changed but times and sequence. Such a frame need not be sent (that is what
/// makes an idle scene free); the encoder's state is then exactly as if it had been, so sending or
/// skipping it are both correct.
///
/// The encoder assumes the client receives every frame it encodes, in order: encode a frame only
/// when it will be sent (e.g. in the transport's writable callback), and call `reset()` whenever
/// that chain breaks — a new connection, a new scene, a new viewport, a dropped frame.
public struct FrameEncoder: Sendable {
    /// What the client holds for each node id, exactly as it reconstructs it.
    private var sent = SentTable()
    /// Counts the frames whose every node was compared; a node is known to the client only when it
    /// was in the previous one (nodes absent from a frame are gone on both ends). A frame that
    /// compares only changed nodes keeps the previous one's number: its structure is the same, so
    /// the same nodes are known.
    private var frameNumber: UInt64 = 0
    /// The builder and build of the last list encoded (`NodeChanges`): a later build of the same
    /// builder, with the same structure, differs from it only in the nodes stamped after `lastBuild`.
    private var lastSource = NodeChanges.unknown
    private var lastBuild: UInt64 = 0
    /// Whether the current structure holds an id twice (a list made by hand may): each frame resends
    /// the second one from the defaults, which only comparing every node reproduces.
    private var structureRepeatsIDs = false
    private var needsKeyframe = true
    /// The previous frame's paint order: ids and depths.
    private var lastShapes: [NodeShape] = []
    /// The paint order the last structure change replaced: those of its nodes the new frame does
    /// not have are then forgotten (`forgetNodesThatLeft`).
    private var replacedShapes: [NodeShape] = []
    /// Header values the client holds.
    private var sentHeader = SentHeader()
    /// Where the last frame's bytes went: `segue bench` reports it per scene.
    public private(set) var lastComposition = FrameComposition()

    public init() {}

    /// Forgets everything the client holds: the next frame is a keyframe with every node in full.
    public mutating func reset() {
        sent.removeAll(keepingCapacity: true)
        lastShapes.removeAll(keepingCapacity: true)
        replacedShapes.removeAll(keepingCapacity: true)
        needsKeyframe = true
    }

    /// Replaces `buffer`'s contents with the frame message for `list`, and returns whether it shows
    /// the client anything the previous frame did not (always true for a keyframe). Reuse one
    /// buffer per connection: in steady state this allocates nothing.
    @discardableResult
    public mutating func encode(_ list: DisplayList, header: FrameHeader, into buffer: inout [UInt8]) -> Bool {
        let nodes = list.storedNodes
        let values = HeaderValues(header, list: list, timeBase: sentHeader.serverMicros)
        // A new viewport, or a pause too long for the time's varint, starts over with a keyframe.
        let isKeyframe = needsKeyframe || values.viewport != sentHeader.viewport || Int32(exactly: values.timeStep) == nil
        if isKeyframe { startKeyframe() }
        var flags = headerFlags(values, header: header, isKeyframe: isKeyframe)
        // Nodes stamped at or before the last build encoded hold the values the client has.
        let changes = list.changes
        let comparesChangedOnly = !isKeyframe && !structureRepeatsIDs
            && changes.tracksChanges(since: lastBuild, of: lastSource) && changes.ownValuesChangedAt.count == nodes.count
        if !comparesChangedOnly && !sameShapes(as: nodes) { flags.insert(.structure) }

        buffer.removeAll(keepingCapacity: true)
        if isKeyframe { buffer.reserveCapacity(Self.typicalHeaderSize + nodes.count * Self.typicalRecordSize) }
        writeHeader(values, header: header, flags: flags, into: &buffer)
        let headerBytes = buffer.count
        if flags.contains(.structure) { writeStructure(nodes, into: &buffer) }
        let structureBytes = buffer.count - headerBytes
        let records = comparesChangedOnly
            ? writeChangedRecords(nodes, stamps: changes.ownValuesChangedAt, into: &buffer)
            : writeEveryRecord(nodes, into: &buffer)
        if !comparesChangedOnly && flags.contains(.structure) { forgetNodesThatLeft() }
        lastSource = changes.source
        lastBuild = changes.build
        lastComposition = FrameComposition(headerBytes: headerBytes, structureBytes: structureBytes,
                                           recordCount: records.written,
                                           recordBytes: buffer.count - headerBytes - structureBytes,
                                           comparedNodeCount: records.compared)
        // The largest frame is the keyframe, and a connection keeps its buffer: keep it the
        // keyframe's size, not the reservation's (later frames are tens of bytes).
        if isKeyframe && buffer.capacity > buffer.count + Self.keptSlack { buffer = Array(buffer[...]) }
        let changed = isKeyframe || records.written > 0 || !flags.subtracting(.sequence).isEmpty
        // A frame not sent leaves the client's sequence and clock where they were.
        if changed {
            sentHeader.sequence = header.sequence
            sentHeader.serverMicros = values.micros
        }
        return changed
    }

    /// A frame header's values at the wire's steps.
    private struct HeaderValues {
        var viewport: SIMD2<Int32>
        /// Server time in whole microseconds.
        var micros: Int64
        /// Microseconds since the server time the client holds.
        var timeStep: Int64
        var state: UInt8
        var progress: UInt16
        /// The list's hint.
        var hint: String

        init(_ header: FrameHeader, list: DisplayList, timeBase: Int64) {
            viewport = SIMD2(WireStep.quantise(list.viewport.width, WireStep.lengthsPerPoint),
                             WireStep.quantise(list.viewport.height, WireStep.lengthsPerPoint))
            micros = FrameEncoder.microseconds(header.serverTime)
            timeStep = micros &- timeBase
            state = FrameState.encode(header.transition, slowAnimations: header.slowAnimations)
            progress = UInt16(WireStep.quantise(min(max(header.transition?.progress ?? 0, 0), 1), WireStep.progressSteps))
            hint = list.hint
        }
    }

    /// Forgets what the client holds, as a keyframe resets both ends to the defaults.
    private mutating func startKeyframe() {
        needsKeyframe = false
        sent.removeAll(keepingCapacity: true)
        lastShapes.removeAll(keepingCapacity: true)
        sentHeader = SentHeader()
    }

    /// The header parts that differ from what the client holds; a keyframe carries the structure.
    private func headerFlags(_ values: HeaderValues, header: FrameHeader, isKeyframe: Bool) -> FrameFlags {
        var flags: FrameFlags = isKeyframe ? [.keyframe, .structure] : []
        if values.state != sentHeader.state { flags.insert(.state) }
        if values.progress != sentHeader.progress { flags.insert(.progress) }
        if header.inputSequence != sentHeader.inputSequence { flags.insert(.inputSequence) }
        if values.hint != sentHeader.hint { flags.insert(.hint) }
        if !isKeyframe && header.sequence != sentHeader.sequence &+ 1 { flags.insert(.sequence) }
        if !sentHeader.holds(header.touches) { flags.insert(.touches) }
        return flags
    }

    /// Writes the header's fixed part and the parts `flags` names, and notes them as the client's.
    /// The sequence and server time are noted only once the frame is known to show something.
    private mutating func writeHeader(_ values: HeaderValues, header: FrameHeader, flags: FrameFlags,
                                      into buffer: inout [UInt8]) {
        buffer.append(WireProtocol.version)
        buffer.append(MessageType.frame.rawValue)
        buffer.append(flags.rawValue)
        buffer.appendLittleEndian(UInt16(0))
        if flags.contains(.keyframe) {
            buffer.appendVarint(header.sequence)
            buffer.appendFloat64(header.serverTime)
            buffer.appendVarint(UInt32(clamping: max(values.viewport.x, 0)))
            buffer.appendVarint(UInt32(clamping: max(values.viewport.y, 0)))
            sentHeader.viewport = values.viewport
        } else {
            buffer.appendSignedVarint(Int32(truncatingIfNeeded: values.timeStep))
            if flags.contains(.sequence) { buffer.appendVarint(header.sequence) }
        }
        if flags.contains(.state) { buffer.append(values.state) }
        if flags.contains(.progress) { buffer.appendLittleEndian(values.progress) }
        if flags.contains(.inputSequence) {
            buffer.appendSignedVarint(Int32(bitPattern: header.inputSequence &- sentHeader.inputSequence))
        }
        if flags.contains(.hint) { buffer.appendString(values.hint) }
        if flags.contains(.touches) { writeTouches(header.touches, into: &buffer) }
        sentHeader.state = values.state
        sentHeader.progress = values.progress
        sentHeader.inputSequence = header.inputSequence
        sentHeader.hint = values.hint
    }

    /// The touches part: the count, then per touch its pointer id and its x and y in 1/64 pt, in
    /// full (not as steps: a finger comes and goes, and two or three of them are a few bytes).
    /// Noted as the client's.
    private mutating func writeTouches(_ touches: [FrameHeader.Touch], into buffer: inout [UInt8]) {
        let count = min(touches.count, FrameHeader.maximumTouches)
        buffer.appendVarint(UInt32(count))
        sentHeader.touches.removeAll(keepingCapacity: true)
        for touch in touches.prefix(count) {
            let stepped = SteppedTouch(touch)
            buffer.appendVarint(stepped.id)
            buffer.appendSignedVarint(stepped.x)
            buffer.appendSignedVarint(stepped.y)
            sentHeader.touches.append(stepped)
        }
    }

    /// How many records a frame wrote, and how many nodes it compared to write them.
    private struct RecordsWritten {
        var written = 0
        var compared = 0
    }

    /// Records for the nodes stamped after the last build encoded: the others hold what the client has.
    ///
    /// Each node is read in place, not copied out of the array: a copy retains and releases its
    /// strings and its shadow and border. The writers take a pointer: a node passed by value
    /// beside the table's inout access was copied, lest that access change it.
    private mutating func writeChangedRecords(_ nodes: [DisplayNode], stamps: [UInt64],
                                              into buffer: inout [UInt8]) -> RecordsWritten {
        var records = RecordsWritten()
        var lastIndex = -1
        nodes.withUnsafeBufferPointer { stored in
            for index in stamps.indices where stamps[index] > lastBuild {
                records.compared += 1
                let node = stored.baseAddress! + index
                let slot = sent.slot(for: node.pointee.id, at: index)
                if Self.write(node, at: index, after: &lastIndex, over: &sent[slot].value, into: &buffer) {
                    records.written += 1
                }
            }
        }
        return records
    }

    /// Records for every node that differs from what the client holds, in a frame that counts as
    /// the one the client knows the nodes from (`frameNumber`). Nodes are read in place, as in
    /// `writeChangedRecords`.
    private mutating func writeEveryRecord(_ nodes: [DisplayNode], into buffer: inout [UInt8]) -> RecordsWritten {
        var records = RecordsWritten(compared: nodes.count)
        var lastIndex = -1
        frameNumber &+= 1
        let previousFrame = frameNumber &- 1
        structureRepeatsIDs = false
        nodes.withUnsafeBufferPointer { stored in
            for index in stored.indices {
                let node = stored.baseAddress! + index
                let slot = sent.slot(for: node.pointee.id, at: index)
                if Self.record(node, at: index, after: &lastIndex, in: &sent[slot],
                               frame: frameNumber, previousFrame: previousFrame, repeated: &structureRepeatsIDs,
                               into: &buffer) {
                    records.written += 1
                }
            }
        }
        return records
    }

    /// Overwrites the build-duration field of a frame `encode` wrote, so the time can be measured
    /// after the encoder has decided the frame goes out. Whole microseconds, at most 65 535.
    public static func setBuildDuration(_ seconds: Double, in buffer: inout [UInt8]) {
        let micros = UInt16(WireStep.quantise(min(max(seconds, 0), Self.longestBuildDuration), 1e6))
        buffer[FrameHeader.buildDurationOffset] = UInt8(truncatingIfNeeded: micros)
        buffer[FrameHeader.buildDurationOffset + 1] = UInt8(truncatingIfNeeded: micros >> 8)
    }

    /// The longest build duration the u16 of microseconds holds; a slower build reads as this.
    static let longestBuildDuration = 0.065_535

    /// How many node ids the encoder remembers: tests check that forgetting bounds it.
    var rememberedNodeCount: Int { sent.count }

    /// Sizes a keyframe's reservation so it rarely grows the buffer twice.
    private static let typicalHeaderSize = 32
    private static let typicalRecordSize = 48
    /// Spare room a keyframe's buffer may keep rather than be copied to its size: under the
    /// allocator's own rounding (16 bytes), so any reservation left unused is given back.
    private static let keptSlack = 16

    /// Server time in whole microseconds (docs/protocol.md: the page adds up the steps).
    static func microseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return 0 }
        return roundedHalfAwayFromZero(min(max(seconds * 1e6, -9e15), 9e15))
    }

    /// Whether `nodes` has the previous frame's ids and depths in the same order; records the new
    /// order when not.
    private mutating func sameShapes(as nodes: [DisplayNode]) -> Bool {
        if nodes.count == lastShapes.count {
            var same = true
            for index in nodes.indices where lastShapes[index] != NodeShape(nodes[index]) {
                same = false
                break
            }
            if same { return true }
        }
        swap(&lastShapes, &replacedShapes)
        lastShapes.removeAll(keepingCapacity: true)
        for node in nodes { lastShapes.append(NodeShape(node)) }
        return false
    }

    /// The node count, then per node its id as a zigzag step from the previous id and its depth.
    private func writeStructure(_ nodes: [DisplayNode], into buffer: inout [UInt8]) {
        buffer.appendVarint(UInt32(clamping: nodes.count))
        var previousID: UInt32 = 0
        for node in nodes {
            buffer.appendSignedVarint(Int32(bitPattern: node.id &- previousID))
            buffer.appendVarint(UInt32(node.depth))
            previousID = node.id
        }
    }

    /// Brings `entry` to `node`'s values and writes a record of what changed, if anything; a node
    /// the client did not have in the previous frame starts from the defaults. Sets `repeated` when
    /// the node's id already came earlier in this frame.
    private static func record(_ node: UnsafePointer<DisplayNode>, at index: Int, after lastIndex: inout Int, in entry: inout SentNode,
                               frame: UInt64, previousFrame: UInt64, repeated: inout Bool,
                               into buffer: inout [UInt8]) -> Bool {
        if entry.frame == frame { repeated = true }
        if entry.frame != previousFrame { entry.value = WireNode() }
        entry.frame = frame
        return write(node, at: index, after: &lastIndex, over: &entry.value, into: &buffer)
    }

    /// Brings `sent`, what the client holds, to `node`'s values and writes a record of what changed,
    /// if anything. In place: an unchanged node copies nothing.
    private static func write(_ node: UnsafePointer<DisplayNode>, at index: Int, after lastIndex: inout Int, over sent: inout WireNode,
                              into buffer: inout [UInt8]) -> Bool {
        let old = (position: sent.position, size: sent.size, linear: sent.linear)
        let fields = sent.update(to: node)
        guard !fields.isEmpty else { return false }
        buffer.appendVarint(UInt32(index - lastIndex - 1))
        lastIndex = index
        let value = sent
        buffer.appendVarint(fields.rawValue)
        if fields.contains(.position) {
            buffer.appendSignedVarint(value.position.x &- old.position.x)
            buffer.appendSignedVarint(value.position.y &- old.position.y)
        }
        if fields.contains(.size) {
            buffer.appendSignedVarint(value.size.x &- old.size.x)
            buffer.appendSignedVarint(value.size.y &- old.size.y)
        }
        if fields.contains(.linear) {
            for index in 0..<4 { buffer.appendSignedVarint(value.linear[index] &- old.linear[index]) }
        }
        if fields.contains(.alpha) { buffer.append(value.alpha) }
        if fields.contains(.backgroundColor) { buffer.appendColor(value.background) }
        if fields.contains(.textColor) { buffer.appendColor(value.textColor) }
        if fields.contains(.shape) {
            buffer.appendVarint(UInt32(value.cornerRadius))
            buffer.append(value.clipsToBounds ? 1 : 0)
        }
        if fields.contains(.name) { buffer.appendString(value.name) }
        if fields.contains(.text) {
            if let text = value.text {
                buffer.appendVarint(UInt32(clamping: text.utf8.count) &+ 1)
                buffer.append(contentsOf: text.utf8)
            } else {
                buffer.appendVarint(0)
            }
        }
        if fields.contains(.fontSize) { buffer.appendLittleEndian(value.fontSize.bitPattern) }
        if fields.contains(.shadow) {
            buffer.appendColor(value.shadowColor)
            for index in 0..<4 { buffer.appendLittleEndian(value.shadow[index].bitPattern) }
        }
        if fields.contains(.border) {
            buffer.appendLittleEndian(value.borderWidth.bitPattern)
            buffer.appendColor(value.borderColor)
        }
        if fields.contains(.glyph) { buffer.appendString(value.glyph?.rawValue ?? "") }
        if fields.contains(.fontWeight) { buffer.append(value.fontWeight.rawValue) }
        if fields.contains(.textLayout) {
            buffer.append(value.textAlignment.rawValue)
            buffer.append(value.numberOfLines)
        }
        if fields.contains(.corners) { buffer.append(value.corners.rawValue) }
        return true
    }

    /// Drops what the client held for the nodes of the replaced paint order that this frame does not
    /// have: the client forgets them too (one that comes back starts from the defaults, as a new
    /// one does). Scenes that create views as they go (snapshots, new controllers) bring new ids for
    /// the life of the session, and without this the table kept every one of them; now it holds at
    /// most two frames' nodes, and removing keeps its storage, so this allocates nothing.
    private mutating func forgetNodesThatLeft() {
        for shape in replacedShapes where sent.frame(of: shape.id) != frameNumber {
            sent.remove(shape.id)
        }
        replacedShapes.removeAll(keepingCapacity: true)
    }
}

/// Where one frame's bytes went.
public struct FrameComposition: Equatable, Sendable {
    /// Version through hint: everything before the structure and the records.
    public var headerBytes = 0
    /// The paint order, when the tree changed (always in a keyframe); 0 otherwise.
    public var structureBytes = 0
    /// Records sent: the nodes whose own values changed at the wire's steps.
    public var recordCount = 0
    public var recordBytes = 0
    /// Nodes compared with what the client holds: every node, unless the list's change stamps
    /// (`NodeChanges`) prove the rest unchanged since the last frame encoded.
    public var comparedNodeCount = 0

    public init(headerBytes: Int = 0, structureBytes: Int = 0, recordCount: Int = 0, recordBytes: Int = 0,
                comparedNodeCount: Int = 0) {
        self.headerBytes = headerBytes
        self.structureBytes = structureBytes
        self.recordCount = recordCount
        self.recordBytes = recordBytes
        self.comparedNodeCount = comparedNodeCount
    }
}

/// The header values the client holds; a keyframe resets both ends to these defaults.
private struct SentHeader {
    var sequence: UInt32 = 0
    var serverMicros: Int64 = 0
    var viewport = SIMD2<Int32>(-1, -1)
    var state: UInt8 = 0
    var progress: UInt16 = 0
    var inputSequence: UInt32 = 0
    var hint = ""
    var touches: [SteppedTouch] = []

    /// Whether the client holds exactly `touches` at the wire's steps (the first
    /// `FrameHeader.maximumTouches` of them). Compares in place: the controller's frames, which
    /// carry none, cost a count check.
    func holds(_ touches: [FrameHeader.Touch]) -> Bool {
        let count = min(touches.count, FrameHeader.maximumTouches)
        guard count == self.touches.count else { return false }
        for index in 0..<count where SteppedTouch(touches[index]) != self.touches[index] { return false }
        return true
    }
}

/// A touch at the wire's steps: the pointer id (0…2³¹−1) and the location in 1/64 pt.
private struct SteppedTouch: Equatable {
    var id: UInt32
    var x: Int32
    var y: Int32

    init(_ touch: FrameHeader.Touch) {
        id = UInt32(clamping: min(max(touch.pointerID, 0), FrameHeader.maximumPointerID))
        x = WireStep.quantise(touch.location.x, WireStep.lengthsPerPoint)
        y = WireStep.quantise(touch.location.y, WireStep.lengthsPerPoint)
    }
}

/// A record's place in the tree: the structure section carries these.
private struct NodeShape: Equatable {
    var id: UInt32
    var depth: UInt16

    init(_ node: DisplayNode) {
        id = node.id
        depth = node.depth
    }
}

/// One node as the client holds it, and the last frame it was in.
private struct SentNode {
    var value = WireNode()
    var frame: UInt64 = 0
}

/// The encoder's table of what the client holds, by node id: the hash table maps an id to a slot
/// (a small bucket) and the slots hold the nodes, where a dictionary of the nodes themselves would
/// keep a node's worth of bytes in every bucket, empty ones too.
/// Slots that ids leave are reused, so there are only ever as many as ids held at once (at most
/// two frames' nodes, `forgetNodesThatLeft`); in steady state nothing here allocates.
///
/// A frame's nodes mostly sit where they sat in the last one, so the table also remembers, by
/// paint index, the id and slot it found there (`hints`): a lookup that matches takes one read of
/// a short array instead of hashing the id and probing the table, whose buckets are cold at a
/// session's turn. A hint is trusted only until an id leaves, since its slot then goes to another.
private struct SentTable {
    private var slots: [UInt32: Int32] = [:]
    private var nodes: [SentNode] = []
    private var freeSlots: [Int32] = []
    /// By paint index: the id last looked up there in the high half, its slot in the low half.
    private var hints: [UInt64] = []
    /// The slots grow by a quarter plus this many when full, not twofold, as a display list does.
    private static let growthMinimum = 4
    /// No hint: its low half is no slot (slots are `Int32`s, never negative).
    private static let noHint = UInt64.max

    var count: Int { slots.count }

    /// The slot of `id`'s node, looked up for the node at paint index `index`: a new one, holding
    /// the defaults, when the table does not have it.
    mutating func slot(for id: UInt32, at index: Int) -> Int {
        if index < hints.count {
            let hint = hints[index]
            if hint >> 32 == UInt64(id) && hint != Self.noHint { return Int(truncatingIfNeeded: hint & 0xFFFF_FFFF) }
        }
        let slot = slot(for: id)
        if index >= hints.count {
            hints.append(contentsOf: repeatElement(Self.noHint, count: index - hints.count + 1))
        }
        hints[index] = UInt64(id) << 32 | UInt64(slot)
        return slot
    }

    /// The slot of `id`'s node: a new one, holding the defaults, when the table does not have it.
    private mutating func slot(for id: UInt32) -> Int {
        if let slot = slots[id] { return Int(slot) }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = Int(free)
        } else {
            if nodes.count == nodes.capacity {
                nodes.reserveCapacity(nodes.count + nodes.count / 4 + Self.growthMinimum)
            }
            slot = nodes.count
            nodes.append(SentNode())
        }
        slots[id] = Int32(slot)
        return slot
    }

    subscript(slot: Int) -> SentNode {
        get { nodes[slot] }
        _modify { yield &nodes[slot] }
    }

    /// The last frame `id`'s node was in, or nil when the table does not have it.
    func frame(of id: UInt32) -> UInt64? {
        slots[id].map { nodes[Int($0)].frame }
    }

    /// Forgets `id`; its slot goes back to the defaults (releasing its strings) for the next id,
    /// and no hint is trusted any more.
    mutating func remove(_ id: UInt32) {
        guard let slot = slots.removeValue(forKey: id) else { return }
        nodes[Int(slot)] = SentNode()
        freeSlots.append(slot)
        hints.removeAll(keepingCapacity: true)
    }

    mutating func removeAll(keepingCapacity: Bool) {
        slots.removeAll(keepingCapacity: keepingCapacity)
        nodes.removeAll(keepingCapacity: keepingCapacity)
        freeSlots.removeAll(keepingCapacity: keepingCapacity)
        hints.removeAll(keepingCapacity: keepingCapacity)
    }
}

extension FrameEncoder {
    /// What encoding a frame reads besides the list: the sent table and the paint order.
    func visitFrameMemory<Visitor: FrameMemoryVisitor>(_ visitor: inout Visitor) {
        visitor.visit(lastShapes)
        sent.visitFrameMemory(&visitor)
    }
}

extension SentTable {
    func visitFrameMemory<Visitor: FrameMemoryVisitor>(_ visitor: inout Visitor) {
        visitor.visit(hints)
        visitor.visit(nodes)
    }
}
