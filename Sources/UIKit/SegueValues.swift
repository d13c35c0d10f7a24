// UIKit's API speaks in the leaf module's value types (`UIWindow.handle(_: PointerEvent)`, a
// window's `DisplayList`, `TransitionRunner.status`), so importing UIKit brings them, as
// it did when they lived here. Layers below UIKit (the wire) import SegueValues alone.
@_exported import SegueValues
