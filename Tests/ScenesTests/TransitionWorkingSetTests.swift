import Motion
@testable import SegueKit
@testable import SegueValues
import Testing

/// Mid-transition a window notes what a frame and a move reach through the transition besides its
/// animations (`Window.noteWorkingSet`): the root timeline the transition's own timeline follows,
/// and the reference an interaction controller finds its context through.
@Suite struct TransitionWorkingSetTests {
    static func covers(_ set: WorkingSet, _ object: AnyObject) -> Bool {
        let start = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        return set.entries.contains { entry in
            let first = UInt(bitPattern: entry.start)
            return first <= start && start + 16 <= first + UInt(entry.lines * 64)
        }
    }

    @Test func anInteractiveTransitionNotesItsRootTimelineAndItsContextsReference() throws {
        let world = World()
        _ = world.presentInteractively(to: 0.4)
        let context = try #require(world.window.transitions.active)
        // The transition's animations run on its own timeline, none on the root one.
        let timeline = try #require(context.timeline)

        let set = WorkingSet.make()
        world.window.noteWorkingSet(in: set)
        #expect(set.dropped == 0)
        #expect(Self.covers(set, timeline))
        #expect(Self.covers(set, world.window.engine.rootTimeline))
        #expect(Self.covers(set, context.reference))
    }
}
