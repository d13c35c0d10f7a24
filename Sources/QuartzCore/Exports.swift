// `import QuartzCore` brings Core Animation's names, as on iOS: the display link, a view's layer
// and its corner mask (which live in UIKit here, beside the views they draw), the 3-D transform
// and its functions (CoreAnimationMath, which UIKit brings too), `Selector` and the
// run loop their target-action and scheduling take, and Core Graphics' values. Only those: the
// whole of Foundation would bring its `Timer` beside UIKit's, which runs on the scene's clock.
@_exported import CoreGraphics
@_exported import class Foundation.RunLoop
@_exported import class UIKit.CADisplayLink
@_exported import struct UIKit.CALayer
@_exported import struct UIKit.CACornerMask
@_exported import struct UIKit.Selector
@_exported import CoreAnimationMath
