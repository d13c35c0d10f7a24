import Logging
import Scenes
@testable import SegueServer
import Testing

/// The transport fetches a session's memory ahead of its turn from a `PrefetchList`: the runs of
/// lines a walk of the session named, walked anew every `framesPerMemoryWalk` frames it sends.
@Suite struct PrefetchListTests {
    static func address(_ object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }

    static func covers(_ list: PrefetchList, _ object: AnyObject, bytes: UInt = 16) -> Bool {
        let start = address(object)
        return list.entries.contains { entry in
            let first = UInt(bitPattern: entry.start)
            return first <= start && start + bytes <= first + UInt(entry.lines * PrefetchList.lineSize)
        }
    }

    static func connectionInfo() -> ConnectionInfo {
        ConnectionInfo(id: ConnectionID(rawValue: 1), peerAddress: "127.0.0.1", subprotocol: nil,
                       metrics: ServerMetrics(), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    final class Box {
        var values = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    @Test func anObjectIsKeptFromItsLineToTheEndOfItsAllocation() throws {
        let list = PrefetchList.make()
        let box = Box()
        list.visit(box)
        let entry = try #require(list.entries.first)
        #expect(list.count == 1 && list.dropped == 0)
        #expect(UInt(bitPattern: entry.start) == Self.address(box) / 64 * 64)
        // 16 header bytes and 128 of stored properties reach at least three lines.
        #expect(entry.lines >= 3)
        #expect(Self.covers(list, box, bytes: 144))
    }

    @Test func anArrayIsKeptWithTheHeaderBeforeItsElements() throws {
        let list = PrefetchList.make()
        let array = [UInt64](repeating: 7, count: 20)
        list.visit(array)
        list.visit([Int]())
        let entry = try #require(list.entries.first)
        #expect(list.count == 1, "an empty array has no buffer of its own")
        let elements = array.withUnsafeBytes { UInt(bitPattern: $0.baseAddress!) }
        let headerStart = elements - UInt(PrefetchList.arrayHeaderBytes)
        #expect(UInt(bitPattern: entry.start) == headerStart / 64 * 64)
        let end = UInt(bitPattern: entry.start) + UInt(entry.lines * 64)
        #expect(end >= elements + 160 && end < elements + 160 + 64)
    }

    @Test func entriesPastCapacityAreDroppedAndCounted() {
        let list = PrefetchList.make()
        let boxes = (0..<(PrefetchList.capacity + 5)).map { _ in Box() }
        for box in boxes { list.visit(box) }
        #expect(list.count == PrefetchList.capacity && list.dropped == 5)
        list.removeAll()
        #expect(list.count == 0 && list.dropped == 0 && list.entries.isEmpty)
    }

    @Test(arguments: [0, 1, 2, 3, 4, 9])
    func forEachServesEveryItemOnceInOrder(count: Int) {
        final class Item {
            let index: Int
            let list: PrefetchList?
            init(_ index: Int) {
                self.index = index
                list = index.isMultiple(of: 2) ? PrefetchList.make() : nil
                list?.visit(self)
            }
        }
        let items = (0..<count).map(Item.init)
        var served: [Int] = []
        PrefetchList.forEach(items, prefetchList: \.list) { served.append($0.index) }
        #expect(served == Array(0..<count))
    }

    /// A scene's walk starts at its session's own object and fits in the list, for every built-in
    /// scene, mid-transition included.
    @Test(arguments: Scene.all.map(\.name))
    func aSceneSessionsWalkFitsAndStartsAtItsSession(scene: String) throws {
        let factory = SceneSessionFactory(defaultScene: scene, fps: 60)
        let handler = try #require(factory.makeHandler(connection: Self.connectionInfo()) as? SceneSessionHandler)
        let list = PrefetchList.make()
        handler.tick()
        handler.visitFrameMemory(list)
        #expect(list.count > 20 && list.dropped == 0)
        let first = try #require(list.entries.first)
        #expect(UInt(bitPattern: first.start) == Self.address(handler.session) / 64 * 64)
    }

    final class WalkCountingHandler: ConnectionHandler, FrameMemoryWalking {
        let object = Box()
        var walks = 0
        func receive(_ message: UnsafeRawBufferPointer, isBinary: Bool) {}
        func tick() {}
        var hasOutgoing: Bool { false }
        func takeOutgoing() -> OutgoingMessage? { nil }
        func closed() {}
        func visitFrameMemory(_ list: PrefetchList) {
            walks += 1
            list.visit(object)
        }
    }

    @Test func aConnectionWalksItsHandlerAtItsFirstFrameThenEveryThirtyFrames() throws {
        let handler = WalkCountingHandler()
        let connection = Connection(wsi: OpaquePointer(bitPattern: 1)!, handler: handler, info: Self.connectionInfo(),
                              messagesPerSecond: 1_000)
        let list = try #require(connection.prefetchList)
        #expect(list.count == 0)
        connection.frameSent()
        #expect(handler.walks == 1 && list.count == 1 && Self.covers(list, handler.object))
        for _ in 1..<Connection.framesPerMemoryWalk { connection.frameSent() }
        #expect(handler.walks == 1)
        connection.frameSent()
        // Walked anew, not added to: one entry still.
        #expect(handler.walks == 2 && list.count == 1)
    }

    @Test func aHandlerThatCannotWalkGetsNoList() {
        final class PlainHandler: ConnectionHandler {
            func receive(_ message: UnsafeRawBufferPointer, isBinary: Bool) {}
            func tick() {}
            var hasOutgoing: Bool { false }
            func takeOutgoing() -> OutgoingMessage? { nil }
            func closed() {}
        }
        let connection = Connection(wsi: OpaquePointer(bitPattern: 1)!, handler: PlainHandler(), info: Self.connectionInfo(),
                              messagesPerSecond: 1_000)
        #expect(connection.prefetchList == nil)
        connection.frameSent()
    }
}
