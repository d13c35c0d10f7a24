import Motion
@testable import UIKit
import Testing

/// Mid-transition a window's walk of what its next frame reads (`UIWindow.visitFrameMemory`) names
/// what a frame and a move reach through the transition besides its animations: the transition's
/// timeline, the root timeline it follows, and the reference an interaction controller finds its
/// context through; and every shown view, none that a hidden view hides.
@Suite struct FrameMemoryWalkTests {
    /// Records what a walk names, by address.
    struct RecordingVisitor: FrameMemoryVisitor {
        var objects: [ObjectIdentifier] = []
        var arrays = 0
        mutating func visit(_ object: AnyObject) { objects.append(ObjectIdentifier(object)) }
        mutating func visit<Element>(_ array: [Element]) { if !array.isEmpty { arrays += 1 } }
        func named(_ object: AnyObject) -> Bool { objects.contains(ObjectIdentifier(object)) }
    }

    @Test func anInteractiveTransitionNamesItsTimelinesAndItsContextsReference() throws {
        let world = World()
        _ = world.presentInteractively(to: 0.4)
        let context = try #require(world.window.transitions.active)
        let timeline = try #require(context.timeline)
        var visitor = RecordingVisitor()
        world.window.visitFrameMemory(&visitor)
        #expect(visitor.objects.first == ObjectIdentifier(world.window))
        #expect(visitor.named(timeline))
        #expect(visitor.named(world.window.engine.rootTimeline))
        #expect(visitor.named(context.reference))
        #expect(visitor.named(world.root.view) && visitor.named(world.other.view))
        #expect(visitor.arrays > 0)
    }

    @Test func aHiddenViewIsNamedButNotWhatItHides() {
        let world = World()
        let hidden = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let inside = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        hidden.addSubview(inside)
        world.root.view.addSubview(hidden)
        var visitor = RecordingVisitor()
        world.window.visitFrameMemory(&visitor)
        #expect(visitor.named(hidden) && visitor.named(inside))
        hidden.isHidden = true
        visitor = RecordingVisitor()
        world.window.visitFrameMemory(&visitor)
        #expect(visitor.named(hidden) && !visitor.named(inside))
    }
}
