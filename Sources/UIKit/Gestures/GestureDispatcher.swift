import Motion

/// Routes pointer events to recognizers the way UIKit routes touches: on down, the hit view's and
/// its ancestors' recognizers take the pointer (those whose delegate agrees to receive it); they
/// share it as peers, and settle among themselves who recognizes (`UIGestureRecognizer.transition`).
struct GestureDispatcher {
    /// Recognizers following each pointer that is down, in the order the pointers went down. A
    /// list, not a dictionary: it holds a pointer or two, and a move finds its own without hashing.
    private var tracking: [(pointer: Int, recognizers: [UIGestureRecognizer])] = []
    /// Pointer events that were ignored: a pointer already down going down again, one past
    /// `maximumPointers`, or a move/up for a pointer never down.
    private(set) var ignoredEvents = 0
    /// Pointers followed at once. A display has ten fingers' worth; a page that presses more
    /// without lifting any is broken or hostile, and must not grow the list.
    static let maximumPointers = 10

    mutating func dispatch(_ event: PointerEvent, in window: UIWindow) {
        switch event.phase {
        case .down:
            guard index(of: event.pointerID) == nil, tracking.count < Self.maximumPointers else {
                ignoredEvents += 1
                return
            }
            var recognizers: [UIGestureRecognizer] = []
            let hitView = window.hitTest(event.location)
            var touch: UITouch?
            var view = hitView
            while let v = view {
                for recognizer in v.gestureRecognizers
                where recognizer.isEnabled && recognizer.trackedPointer == nil && recognizer.state == .possible {
                    if let delegate = recognizer.delegate {
                        let asked = touch ?? UITouch(event, view: hitView, window: window)
                        touch = asked
                        guard delegate.gestureRecognizer(recognizer, shouldReceive: asked) else { continue }
                    }
                    recognizers.append(recognizer)
                }
                view = v.superview
            }
            for recognizer in recognizers {
                recognizer.trackedPointer = event.pointerID
                recognizer.peers = recognizers
            }
            for recognizer in recognizers { recognizer.pointerDown(event) }
            tracking.append((event.pointerID, recognizers))
            settle(event.pointerID, pointerEnded: false)
        case .move, .up, .cancel:
            guard let index = index(of: event.pointerID) else {
                ignoredEvents += 1
                return
            }
            let recognizers = tracking[index].recognizers
            for recognizer in recognizers where recognizer.trackedPointer == event.pointerID {
                // UIKit resets a view's recognizers when the view leaves its window. A pointer held
                // on a dismissed controller's view must not reach the recognizer's targets: they
                // are often that controller's objects, gone with it (`[unowned self]`, as UIKit's
                // unretained targets). It fails silently: a `.cancelled` would call them too.
                guard recognizer.view?.rootView === window else {
                    recognizer.state = .failed
                    continue
                }
                switch event.phase {
                case .move: recognizer.pointerMoved(event)
                case .up: recognizer.pointerUp(event)
                default: recognizer.pointerCancelled(event)
                }
            }
            settle(event.pointerID, pointerEnded: event.phase != .move)
        }
    }

    /// Releases recognizers whose gesture is over, and the pointer once it is up.
    private mutating func settle(_ pointer: Int, pointerEnded: Bool) {
        guard let index = index(of: pointer) else { return }
        let recognizers = tracking[index].recognizers
        // Most moves release nothing: then the list stands, and no new one is made.
        if !pointerEnded && recognizers.allSatisfy({ $0.trackedPointer == pointer && !$0.isOver }) { return }
        var remaining: [UIGestureRecognizer] = []
        for recognizer in recognizers where recognizer.trackedPointer == pointer {
            if recognizer.isOver || pointerEnded {
                if pointerEnded && recognizer.isActive { recognizer.transition(to: .cancelled) }
                recognizer.reset()
            } else {
                remaining.append(recognizer)
            }
        }
        if pointerEnded {
            tracking.remove(at: index)
        } else {
            tracking[index].recognizers = remaining
        }
    }

    /// Breaks the peer lists of the recognizers following pointers still down (their window goes
    /// away): each list holds its recognizer and the others.
    func releasePeers() {
        for entry in tracking {
            for recognizer in entry.recognizers { recognizer.peers = [] }
        }
    }

    /// The pan recognizer following `pointer`, if one does.
    func pan(following pointer: Int) -> UIPanGestureRecognizer? {
        guard let index = index(of: pointer) else { return nil }
        for case let pan as UIPanGestureRecognizer in tracking[index].recognizers where pan.trackedPointer == pointer {
            return pan
        }
        return nil
    }

    private func index(of pointer: Int) -> Int? {
        tracking.firstIndex { $0.pointer == pointer }
    }

    /// What a pointer's next event reads: the list, and the recognizers following each pointer
    /// with their lists of actions.
    func visitFrameMemory<Visitor: FrameMemoryVisitor>(_ visitor: inout Visitor) {
        visitor.visit(tracking)
        for entry in tracking {
            visitor.visit(entry.recognizers)
            for recognizer in entry.recognizers { recognizer.visitFrameMemory(&visitor) }
        }
    }
}
