// SegueKit's API speaks in the leaf module's value types (`Window.handle(_: PointerEvent)`, a
// window's `DisplayList`, `TransitionCoordinator.status`), so importing SegueKit brings them, as
// it did when they lived here. Layers below SegueKit (the wire) import SegueValues alone.
@_exported import SegueValues
