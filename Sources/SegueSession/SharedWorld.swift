import Motion
import Scenes
import UIKit
import SegueValues
import SegueWire

/// One world and who is in it: the connection in control (its input moves the world, its page
/// size sets the world's) and the connections watching, in the order they joined.
///
/// A session that never shares has one of these with no watchers and costs nothing more. Every
/// connection of a world keeps a strong reference to it; it holds its watchers until they close
/// (`SceneSession.close()` takes them out) and its controller unretained, so a session that closes
/// alone frees its world, and a world lives exactly as long as someone is in it.
final class SharedWorld {
    /// The transport's time, held still while the world runs: every animation in a frame sees the
    /// same instant.
    let clock: ManualClock
    var host: SceneHost
    var viewport: CGSize
    var inputSequence: UInt32 = 0
    /// Something may have changed since the controller's last frame was built.
    var needsFrame = true
    /// Whether the world was settled at the last tick, to notice it settling.
    var wasSettled = true
    /// The window's `releaseCount` when its last release reading was sent (0 for a new scene).
    var announcedReleases = 0
    /// This world's transition counts as last reported to an observer.
    var reportedTransitions = TransitionCounts()
    /// Whose input moves the world. Not retained: the controller holds the world, and a controller
    /// that closes with nobody watching must free both. Held as `weak` would hold it, but without
    /// the side table that slows every retain of a session (`SelfClearingReference`). Changes only
    /// through `giveControl(to:)`.
    var controller: SceneSession? { controllerReference.object }
    private var controllerReference: SelfClearingReference<SceneSession>
    /// Watching connections, longest-watching first: the next to get control.
    var watchers: [SceneSession] = []
    /// The secret in its share link, made on the first share request.
    var token: ShareToken?
    /// The controller's last sent frame, kept only while someone watches (valid once `generation`
    /// is above 0).
    private(set) var published = PublishedFrame()
    /// +1 per published frame: a watcher whose count is behind has a frame to send.
    private(set) var generation: UInt64 = 0
    /// The controller's pointers that are down, each with its last event, so that a change of
    /// controller can cancel them (a finger left down would hold the world's gestures). At most
    /// `maximumTrackedPointers`: a page that presses more without lifting any is broken or hostile.
    /// A list in the order they went down, not a dictionary: it holds a pointer or two, and every
    /// pointer message the session takes updates it.
    private(set) var pointersDown: [PointerEvent] = []
    /// As many as a frame's touches part carries: the watchers are shown every tracked pointer.
    static let maximumTrackedPointers = FrameHeader.maximumTouches
    /// The controller's next built frame is published even if its own encoder skips it: a watcher
    /// joined, or control changed hands, and needs a first frame of an idle world.
    var publishesNextFrame = false

    init(host: SceneHost, viewport: CGSize, clock: ManualClock, controller: SceneSession) {
        self.host = host
        self.viewport = viewport
        self.clock = clock
        self.controllerReference = controller.reference
        controller.isControlling = true
    }

    /// `session`, a watcher, now controls the world; the old controller, if still here, no longer does.
    func giveControl(to session: SceneSession) {
        controller?.isControlling = false
        controllerReference = session.reference
        session.isControlling = true
    }

    /// Follows the controller's pointer event (before it is applied).
    func notePointer(_ event: PointerEvent) {
        let index = pointersDown.firstIndex { $0.pointerID == event.pointerID }
        switch event.phase {
        case .down:
            if let index {
                pointersDown[index] = event
            } else if pointersDown.count < Self.maximumTrackedPointers {
                pointersDown.append(event)
            }
        case .move:
            if let index { pointersDown[index] = event }
        case .up, .cancel:
            if let index { pointersDown.remove(at: index) }
        }
    }

    /// Control changes hands: the pointers the old controller holds down are cancelled where they
    /// last were, as UIKit cancels touches the system takes away.
    func cancelPointers() {
        for last in pointersDown.sorted(by: { $0.pointerID < $1.pointerID }) {
            host.handle(PointerEvent(phase: .cancel, pointerID: last.pointerID, kind: last.kind, location: last.location,
                                     timestamp: last.timestamp))
        }
        pointersDown.removeAll()
    }

    /// The controller first, then the watchers.
    var participants: [SceneSession] { (controller.map { [$0] } ?? []) + watchers }

    /// Keeps this frame as the one every watcher is sent next; the older one, if a watcher never
    /// took it, is simply replaced ("latest frame wins", never a queue).
    ///
    /// The list is copied into storage kept from frame to frame: holding on to the window's own
    /// list would make the window copy its reused storage at its next frame (copy-on-write), an
    /// allocation per frame. The copy keeps the list's change stamps, so watchers' encoders compare
    /// only the nodes changed since the frame they last sent.
    func publish(_ list: DisplayList, transition: TransitionStatus?, inputSequence: UInt32, slowAnimations: Bool,
                 serverTime: Double) {
        published.list.copyContents(of: list)
        published.transition = transition
        published.inputSequence = inputSequence
        published.slowAnimations = slowAnimations
        published.serverTime = serverTime
        // The watchers' touch indicator: where the controller's pointers are as this frame shows.
        // Into the kept array, so a drag publishes without allocating.
        published.touches.removeAll(keepingCapacity: true)
        for pointer in pointersDown {
            published.touches.append(FrameHeader.Touch(pointerID: pointer.pointerID, location: pointer.location))
        }
        generation &+= 1
        publishesNextFrame = false
    }

    /// Nobody watches any more: the last frame and its storage are let go.
    func forgetPublished() {
        published = PublishedFrame()
    }
}

/// What a watcher needs to encode the frame its controller built, with its own encoder.
struct PublishedFrame {
    var list = DisplayList()
    var transition: TransitionStatus?
    var inputSequence: UInt32 = 0
    var slowAnimations = false
    /// The controller's pointers that were down when it was built.
    var touches: [FrameHeader.Touch] = []
    var serverTime = 0.0
}
