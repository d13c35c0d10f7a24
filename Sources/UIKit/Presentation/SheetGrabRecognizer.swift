import Motion

/// The sheet's pan, with what Apple's WWDC 2016 sample adds through a zero-duration long press:
/// a finger landing on the sheet grabs it at once, wherever it is moving, and lifting it without
/// panning lets go. Only touches that `canGrab` accepts are followed.
final class SheetGrabRecognizer: UIPanGestureRecognizer {
    private let canGrab: (CGPoint) -> Bool
    private let grab: () -> Void
    private let letGoWithoutPanning: () -> Void

    init(canGrab: @escaping (CGPoint) -> Bool, grab: @escaping () -> Void,
         letGoWithoutPanning: @escaping () -> Void, pan: @escaping (UIPanGestureRecognizer) -> Void) {
        self.canGrab = canGrab
        self.grab = grab
        self.letGoWithoutPanning = letGoWithoutPanning
        super.init()
        addTarget { pan($0 as! UIPanGestureRecognizer) }
    }

    override func shouldTrack(down location: CGPoint) -> Bool { canGrab(location) }

    override func pointerDown(_ event: PointerEvent) {
        super.pointerDown(event)
        if state != .failed { grab() }
    }

    override func pointerUp(_ event: PointerEvent) {
        let panning = isActive
        super.pointerUp(event)
        if !panning { letGoWithoutPanning() }
    }

    override func pointerCancelled(_ event: PointerEvent) {
        let panning = isActive
        super.pointerCancelled(event)
        if !panning { letGoWithoutPanning() }
    }
}
